"""Validation-set pre-pruning (Zhou §4.3.1) in the compiled nodewise engine.

Before it splits a node, the readable builder (:class:`treecore.grow.builder.Growth`) asks
whether the split improves the held-out rows: a classification tree compares the validation
weight classified correctly with the node as a leaf (its majority class) and with its children
as leaves (each child's; a child no training row reaches votes its parent's), and a regression
tree compares the validation squared error Σ w (y − c)² the same way. Rule ``strict`` splits
only on an improvement, ``no_worse`` also on a tie (:data:`TIE_TOLERANCE`).

A node's chosen split depends only on the training rows that reach it, never on its siblings,
so the pre-pruned tree is the grown tree cut at each node, from the root down, whose split
fails the test. The engine grows in compiled chunks; after each, :class:`ValidationRouter`
sends the validation rows on from the nodes just split to their children (a row whose tested
value is missing goes down every branch with weight × r̃ᵥ, as the builder sends it), tests
those nodes and stops the children of a failing one, so the subtrees cut are never grown. When
growth ends, :func:`finished` puts the nodes in the builder's breadth-first order (forced splits
grow their way there first: :mod:`treecore.grow.nodewise_guided`), :func:`cut` takes them in
that order as the builder does, applying ``max_leaves`` (whose count of leaves depends on that
order, so the engine grows without it) and the validation tests, and :func:`renumbered` keeps
the nodes left, numbered as the builder numbers them.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..measures import squared_error
from ..split.candidates import TIE_TOLERANCE
from ..tree.predict import descend
from .growing import majority
from .kernel_rules import MAX_LEAVES, VALIDATION, WAITING
from .nodewise_arrays import NOT_SPLIT, Nodes
from .nodewise_tree import children_of, split_routing


class ValidationRouter:
    """The validation rows followed down a growing tree, one (row, node, weight) particle per
    row and node it reaches at the edge of what was tested, and the validation figures
    (before, after) of each node tested, by id (:attr:`figures`; NaN for the others) and
    whether its split passed (:attr:`passed`)."""

    def __init__(self, validation, regression: bool, rule: str, levels: np.ndarray):
        self.data, self.regression, self.strict = validation, regression, rule == "strict"
        self.levels = levels                       # each feature's levels (0: continuous)
        self.rows = np.arange(validation.n_rows)
        self.at = np.zeros(validation.n_rows, np.int64)
        self.weights = validation.weights.astype(float)
        self.frontier = np.zeros(1, np.int64)      # nodes reached whose split is not tested
        self.figures = np.full((1, 2), np.nan)
        self.passed = np.zeros(1, np.bool_)
        self.score = np.zeros(1)                   # each node's figure as a leaf
        self.predicts = np.zeros(1)                # its class, or its value c
        self.known = 0                             # nodes whose prediction is set
        self.X = np.ascontiguousarray(validation.X)
        self.y = validation.y.astype(float)

    def update(self, nodes: Nodes, n_nodes: int, subset_codes: np.ndarray) -> None:
        """Test every node split since the last call whose rows are known: the validation rows
        are sent on to its children, and a node that fails has its waiting children stopped
        (:data:`VALIDATION`), and any it already split, their children too."""
        self._grow_to(n_nodes)
        first = self.known == 0
        self._predictions(nodes, n_nodes)
        if first:
            self.score[0] = self._figures(self.weights, self.y, self.at).sum()
        while True:
            expanded = nodes.expanded_at[self.frontier] >= 0
            ready = self.frontier[expanded]
            if not len(ready):
                break
            waiting = self.frontier[~expanded]
            self.frontier = waiting[nodes.stop[waiting] == WAITING]
            moving = np.isin(self.at, ready)
            rows, at, weights = self._descend(nodes, ready, subset_codes, moving)
            self.score += np.bincount(at, self._figures(weights, self.y[rows], at),
                                      minlength=len(self.score))
            passed = self._test(ready, nodes)
            children = children_of(nodes, passed)
            self.frontier = np.concatenate([self.frontier, children])
            alive = np.isin(at, children)
            keep = ~moving & np.isin(self.at, self.frontier)
            self.rows = np.concatenate([self.rows[keep], rows[alive]])
            self.at = np.concatenate([self.at[keep], at[alive]])
            self.weights = np.concatenate([self.weights[keep], weights[alive]])

    def _descend(self, nodes: Nodes, ready: np.ndarray, subset_codes: np.ndarray,
                 moving: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ``moving`` particles (each at a node of ``ready``, just split) sent one level
        down by :func:`treecore.tree.predict.descend` over the routing arrays of those nodes."""
        split = split_routing(nodes, ready, subset_codes, self.levels, self.regression)
        order = np.argsort(ready)
        position = order[np.searchsorted(ready[order], self.at[moving])]
        return descend(split, self.X, self.rows[moving], position, self.weights[moving])

    def _test(self, ready: np.ndarray, nodes: Nodes) -> np.ndarray:
        """Record (before, after) of the ``ready`` nodes, stop the subtrees of those that
        fail, and return those that pass."""
        counts = nodes.n_children[ready]
        after = np.add.reduceat(self.score[children_of(nodes, ready)], np.cumsum(counts) - counts)
        before = self.score[ready]
        self.figures[ready, 0], self.figures[ready, 1] = before, after
        gain = after - before if not self.regression else before - after
        passed = gain > TIE_TOLERANCE if self.strict else gain >= -TIE_TOLERANCE
        self.passed[ready] = passed
        for i in ready[~passed].tolist():
            _stop_below(nodes, i)
        return ready[passed]

    def _figures(self, weights, y, at) -> np.ndarray:
        """Each particle's part of its node's figure: its weight if its class is the node's,
        or its weighted squared error about the node's value."""
        if self.regression:
            return weights * (y - self.predicts[at]) ** 2
        return weights * (y == self.predicts[at])

    def _grow_to(self, n_nodes: int) -> None:
        """Room for the figures of ``n_nodes`` nodes."""
        if n_nodes > len(self.score):
            more = n_nodes - len(self.score)
            self.figures = np.concatenate([self.figures, np.full((more, 2), np.nan)])
            self.passed = np.concatenate([self.passed, np.zeros(more, np.bool_)])
            self.score = np.concatenate([self.score, np.zeros(more)])
            self.predicts = np.concatenate([self.predicts, np.zeros(more)])

    def _predictions(self, nodes: Nodes, n_nodes: int) -> None:
        """What each node made since the last call predicts: its majority class (ties to the
        first) or its mean c = S / W; a node no training weight reaches, its parent's."""
        new = np.arange(self.known, n_nodes)
        counts = nodes.counts[new]
        if self.regression:
            weight = counts[:, squared_error.WEIGHT]
            filled = weight > 0
            self.predicts[new[filled]] = counts[filled, squared_error.SUM] / weight[filled]
        else:
            filled = counts.sum(axis=1) > 0
            self.predicts[new[filled]] = majority(counts[filled])
        for i in new[~filled].tolist():
            self.predicts[i] = self.predicts[nodes.parent[i]]
        self.known = n_nodes


def _stop_below(nodes: Nodes, node: int) -> None:
    """Stop growth below ``node``: its waiting descendants stopped (:data:`VALIDATION`), the
    ones already split looked through."""
    below = [node]
    while below:
        i = below.pop()
        for child in range(nodes.first_child[i], nodes.first_child[i] + nodes.n_children[i]):
            if nodes.expanded_at[child] >= 0:
                below.append(child)
            elif nodes.stop[child] == WAITING:
                nodes.stop[child] = VALIDATION


@njit(cache=True)
def cut(expanded_at, first_child, n_children, passed, max_leaves):
    """Which nodes the builder keeps and which of them it splits: the expanded nodes taken in
    id order (the builder's queue order), each one reached tested as the builder tests it
    after choosing its split: first ``max_leaves`` (−1: none) against the leaves there would
    be, then whether it ``passed`` the validation test. Returns (kept, split, reason):
    ``reason`` is the stop code of a node the tests made a leaf (−1 elsewhere)."""
    n = len(expanded_at)
    kept = np.zeros(n, np.bool_)
    split = np.zeros(n, np.bool_)
    reason = np.full(n, -1, np.int64)
    kept[0] = True
    n_nodes, n_steps = 1, 0
    for i in range(n):
        if not kept[i] or expanded_at[i] < 0:
            continue
        k = n_children[i]
        if max_leaves >= 0 and n_nodes - n_steps + k - 1 > max_leaves:
            reason[i] = MAX_LEAVES
            continue
        if not passed[i]:
            reason[i] = VALIDATION
            continue
        split[i] = True
        n_nodes += k
        n_steps += 1
        kept[first_child[i]:first_child[i] + k] = True
    return kept, split, reason


def breadth_first(nodes: Nodes) -> np.ndarray:
    """The ids in the builder's order: the root, then level by level each split node's children
    in branch order, the split nodes taken in that same order."""
    order, level = [np.zeros(1, np.int64)], np.zeros(1, np.int64)
    while len(level):
        level = children_of(nodes, level[nodes.expanded_at[level] >= 0])
        order.append(level)
    return np.concatenate(order)


def renumbered(nodes: Nodes, order: np.ndarray, split: np.ndarray, reason: np.ndarray) -> Nodes:
    """The node arrays of the nodes listed in ``order`` (old ids, the root first, each split
    node's children together), numbered 0, 1, … in that order; a node not in ``split`` that was
    split becomes a leaf stopped for ``reason`` (both by old id); growth steps numbered again in
    the new id order (the order the builder expands them), each node created at its parent's
    step."""
    new_id = np.full(len(split), -1, np.int64)
    new_id[order] = np.arange(len(order))
    out = Nodes(*(np.ascontiguousarray(array[:len(split)][order]) for array in nodes))
    out.parent[1:] = new_id[out.parent[1:]]
    leaf = ~split[order] & (out.expanded_at >= 0)
    out.stop[leaf] = reason[order][leaf]
    for name in ("expanded_at", "feature", "first_child", "n_children", "subset_at",
                 "subset_len"):
        getattr(out, name)[leaf] = -1
    out.split_kind[leaf] = NOT_SPLIT
    for name in ("lower", "upper", "threshold", "rho", "missing", "known_loss"):
        getattr(out, name)[leaf] = 0.0
    expanded = out.expanded_at >= 0
    out.first_child[expanded] = new_id[out.first_child[expanded]]
    out.expanded_at[expanded] = np.arange(1, expanded.sum() + 1)
    out.created_at[1:] = out.expanded_at[out.parent[1:]]
    out.created_at[0] = 0
    return out


def finished(nodes: Nodes, passed: np.ndarray, max_leaves: int | None, reorder: bool
             ) -> tuple[Nodes, np.ndarray]:
    """The grown tree's node arrays (all of them grown) as the builder would have grown them:
    put in its breadth-first order when they were grown in another (``reorder``), then cut by
    ``max_leaves`` and the validation tests (``passed``, by id) in that order. Returns the
    arrays and each old id's new id (−1: cut away)."""
    n = len(nodes.start)
    order = breadth_first(nodes) if reorder else np.arange(n)
    split = nodes.expanded_at >= 0
    arrays = renumbered(nodes, order, split, np.full(n, -1)) if reorder else nodes
    kept, split, reason = cut(arrays.expanded_at, arrays.first_child, arrays.n_children,
                              passed[order], -1 if max_leaves is None else int(max_leaves))
    new_id = np.full(n, -1, np.int64)
    new_id[order[kept]] = np.arange(kept.sum())
    return renumbered(arrays, np.flatnonzero(kept), split, reason), new_id
