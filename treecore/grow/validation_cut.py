"""Validation-set pre-pruning (Zhou §4.3.1) in the compiled nodewise engine.

Before it splits a node, the readable builder (:class:`treecore.grow.builder.Growth`) asks
whether the split improves the held-out rows: a classification tree compares the validation
weight classified correctly with the node as a leaf (its majority class) and with its children
as leaves (each child's; a child no training row reaches votes its parent's), and a regression
tree compares the validation squared error Σ w (y − c)² the same way. Rule ``strict`` splits
only on an improvement, ``no_worse`` also on a tie (:data:`TIE_TOLERANCE`).

A node's chosen split depends only on the training rows that reach it, never on its siblings,
so the pre-pruned tree is the fully grown tree cut at each node, from the root down, whose split
fails the test. The engine grows the whole tree, routes the validation rows through it once (a
row whose tested value is missing goes down every branch with weight × r̃ᵥ, as the builder sends
it: :func:`treecore.tree.predict.walk`), and cuts it here: :func:`node_scores` gives each node's
validation figure, :func:`cut` tests the nodes in the builder's order, and :func:`compacted`
keeps the nodes left, numbered as the builder numbers them. ``max_leaves`` counts leaves in
that breadth-first order, so :func:`cut` applies it too (the engine grows without it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..split.candidates import TIE_TOLERANCE
from ..tree.predict import CompiledTree, walk
from .kernel_rules import MAX_LEAVES, VALIDATION
from .nodewise_arrays import NOT_SPLIT, Nodes


def node_scores(compiled: CompiledTree, validation, prediction: np.ndarray,
                value: np.ndarray | None) -> np.ndarray:
    """Each node's validation figure with the node as a leaf, in one routing pass: the weight
    of the validation rows reaching it whose class is its ``prediction`` (classification), or
    their squared error Σ w (y − c)² about its ``value`` c (regression, ``value`` given)."""
    n = len(compiled.kind)
    score = np.zeros(n)
    for rows, pos, w in walk(compiled, validation.X, validation.weights):
        if value is None:
            figure = w * (validation.y[rows] == prediction[pos])
        else:
            figure = w * (validation.y[rows] - value[pos]) ** 2
        score += np.bincount(pos, weights=figure, minlength=n)
    return score


def split_figures(score: np.ndarray, nodes: Nodes) -> np.ndarray:
    """(before, after) of every node: its own validation figure and its children's sum (NaN
    for a node not split)."""
    n = len(score)
    figures = np.full((n, 2), np.nan)
    expanded = np.flatnonzero(nodes.expanded_at[:n] >= 0)
    counts = nodes.n_children[expanded]
    children = np.repeat(nodes.first_child[expanded], counts) \
        + np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    figures[expanded, 0] = score[expanded]
    figures[expanded, 1] = np.add.reduceat(score[children], np.cumsum(counts) - counts) \
        if len(expanded) else 0.0
    return figures


@njit(cache=True)
def cut(expanded_at, first_child, n_children, figures, higher_is_better, strict, max_leaves,
        tolerance):
    """Which nodes the builder keeps and which of them it splits: the expanded nodes taken in
    id order (the builder's queue order), each reached one tested as the builder tests it after
    choosing its split: first ``max_leaves`` (−1: none) against the leaves there would be, then
    the validation figures (before, after). Returns (kept, split, reason): ``reason`` is the
    stop code of a node the test made a leaf (−1 elsewhere)."""
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
        before, after = figures[i, 0], figures[i, 1]
        gain = after - before if higher_is_better else before - after
        if not (gain > tolerance if strict else gain >= -tolerance):
            reason[i] = VALIDATION
            continue
        split[i] = True
        n_nodes += k
        n_steps += 1
        kept[first_child[i]:first_child[i] + k] = True
    return kept, split, reason


def compacted(nodes: Nodes, kept: np.ndarray, split: np.ndarray, reason: np.ndarray) -> Nodes:
    """The node arrays of the ``kept`` nodes only, ids renumbered without gaps in the same
    order; a node kept but not ``split`` that was split becomes a leaf stopped for ``reason``;
    growth steps numbered again in id order (the order the builder expands them), each node
    created at its parent's step."""
    n = len(kept)
    take = np.flatnonzero(kept)
    new_id = np.cumsum(kept) - 1
    out = Nodes(*(np.ascontiguousarray(array[:n][take]) for array in nodes))
    out.parent[1:] = new_id[out.parent[1:]]
    leaf = ~split[take] & (out.expanded_at >= 0)
    out.stop[leaf] = reason[take][leaf]
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


def pre_pruned(nodes: Nodes, compiled: CompiledTree, validation, prediction: np.ndarray,
               value: np.ndarray | None, rule: str, max_leaves: int | None
               ) -> tuple[Nodes, np.ndarray]:
    """The grown tree's node arrays (``compiled``: its routing arrays; ``prediction`` and
    ``value`` what each node predicts) pre-pruned on the ``validation`` rows by ``rule``
    (``"strict"`` or ``"no_worse"``) and ``max_leaves``: the arrays kept and, by new id, the
    validation figures (before, after) of each node split (NaN elsewhere)."""
    figures = split_figures(node_scores(compiled, validation, prediction, value), nodes)
    n = len(figures)
    kept, split, reason = cut(nodes.expanded_at[:n], nodes.first_child[:n],
                              nodes.n_children[:n], figures, value is None, rule == "strict",
                              -1 if max_leaves is None else int(max_leaves), TIE_TOLERANCE)
    figures[~split] = np.nan
    return compacted(nodes, kept, split, reason), figures[kept]
