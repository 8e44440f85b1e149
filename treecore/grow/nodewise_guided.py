"""Forced splits in the nodewise engine (:mod:`treecore.grow.nodewise`).

``force`` maps node paths to the split wanted there. The nodes on the way to a forced split, the
*guided* nodes (the root, and every node whose path begins a key of ``force``), are decided here,
one at a time, by the readable builder's own rule (:meth:`treecore.grow.builder.Growth.decide`:
the stopping cases and limits, and the forced split where one is asked for, or else the best) on
the rows the engine holds for them, and split in the engine's arrays by its compiled partition;
every other node grows in the compiled chunks. A node's split depends only on its rows, so the
order of growth changes no node; the ids, steps and leaf-count limit of the builder's
breadth-first order are restored when growth ends (:mod:`treecore.grow.validation_cut`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

import numpy as np

from ..data import Dataset, Kind
from ..errors import ConfigError
from ..measures import squared_error
from ..split.candidates import Candidate
from .builder import Draft, Growth
from .growing import GrowthConfig, majority
from .kernel_rules import REASONS, WAITING
from .nodewise_arrays import (ARENA_NEED, ARENA_TOP, MULTIWAY, N_NODES, NOT_SPLIT, STEPS,
                              SUBSET, SUBSET_TOP, THRESHOLD, Table)
from .nodewise_partition import partition

#: The stop code of a node split here: the compiled chunks pass it by (it is not waiting).
GUIDED = -3
#: Stop reasons by name, as the kernel codes them.
CODES = {reason: code for code, reason in enumerate(REASONS)}


def on_the_way(force: Mapping, path: tuple, branch_path: tuple) -> bool:
    """Whether some key of ``force`` begins with the node's path (each step the branch's label
    or index), so the node or one below it is forced."""
    depth = len(path)
    return any(len(key) >= depth and all(
        p == label or p == index for p, label, index in zip(key, path, branch_path))
        for key in force)


class Guide:
    """The guided nodes of one nodewise growth: decided by the builder's rule, split in the
    engine's arrays. Their chosen candidates and scored candidates are kept by node id
    (:attr:`splits`, :attr:`scores`), since the engine's arrays do not hold a forced split's
    figures."""

    def __init__(self, dataset: Dataset, config: GrowthConfig, force: Mapping):
        self.force = force
        self.data = dataset
        #: The builder's rule, without the leaf-count limit (applied when growth ends).
        self.rule = Growth(dataset, replace(config, max_leaves=None), force=force)
        self.splits: dict[int, Candidate] = {}
        self.scores: dict[int, object] = {}
        #: The forced splits that cannot be made, by node id: the builder raises the error
        #: when it comes to the node, which it does unless the leaf-count limit or the
        #: validation test stopped growth above it.
        self.errors: dict[int, ConfigError] = {}
        self._paths: dict[int, tuple[tuple, tuple]] = {0: ((), ())}
        self._row_branch = np.empty(dataset.n_rows, np.int32)

    def grow(self, growth, table: Table, rules) -> None:
        """Split the guided nodes, breadth first from the root, until none is left or the time
        is up (``growth``: the :class:`~treecore.grow.nodewise.NodewiseGrowth`)."""
        waiting = [0]
        while waiting and not growth._late():
            waiting.extend(self._expand(growth, waiting.pop(0), table, rules))

    def _draft(self, growth, i: int) -> Draft:
        """Node ``i`` as the builder holds it: its rows and weights in the arena's order."""
        nodes, arena = growth.nodes, growth.arena
        rows = arena.rows[nodes.start[i]:nodes.end[i]].copy()
        weights = arena.weights[nodes.start[i]:nodes.end[i]].copy()
        excluded, up = set(), int(nodes.parent[i])
        while up >= 0:
            if nodes.split_kind[up] == MULTIWAY:
                excluded.add(int(nodes.feature[up]))
            up = int(nodes.parent[up])
        path, branch_path = self._paths[i]
        counts = nodes.counts[i].copy()
        draft = Draft(i, None, int(nodes.depth[i]), path, branch_path, rows, weights,
                       np.empty(0, np.int64), np.empty(0), frozenset(excluded), 0, counts)
        if not self.data.is_regression:
            draft.prediction = int(majority(counts))
        return draft

    def _expand(self, growth, i: int, table: Table, rules) -> list[int]:
        """Decide node ``i`` by the builder's rule and, if it splits, split it; returns its
        children that are guided and waiting."""
        nodes = growth.nodes
        draft = self._draft(growth, i)
        try:
            stop, scored, chosen = self.rule.decide(draft)
        except ConfigError as error:       # raised if the node is still there when growth ends
            self.errors[i] = error
            nodes.stop[i] = GUIDED
            return []
        if stop is not None:
            nodes.stop[i] = CODES[stop]
            return []
        self._split(growth, i, chosen, table, rules, draft)
        self.splits[i], self.scores[i] = chosen, scored
        first = int(nodes.first_child[i])
        guided = []
        for b, label in enumerate(chosen.branches):
            path = (draft.path + (label,), draft.branch_path + (b,))
            if on_the_way(self.force, *path) and nodes.stop[first + b] == WAITING:
                self._paths[first + b] = path
                guided.append(first + b)
        return guided

    def _split(self, growth, i: int, chosen: Candidate, table: Table, rules, draft) -> None:
        """Record node ``i``'s split on ``chosen`` and fill its children, as the kernel's
        ``decide`` and ``split_slots`` do: each branch's known rows, then the rows whose value is
        missing where r̃ᵥ > 0 (the kernel's partition)."""
        nodes, counters, j = growth.nodes, growth.counters, chosen.feature_index
        column = table.columns[j]
        member = np.zeros(max(1, int(table.levels[j])), np.bool_)
        if chosen.kind is Kind.CONTINUOUS:
            kind = THRESHOLD
        elif chosen.subset is None:
            kind = MULTIWAY
        else:
            kind, member[list(chosen.subset)] = SUBSET, True
        branch = chosen.branch_index(column[draft.rows])
        known = branch >= 0
        k = len(chosen.branches)
        if self.data.is_regression:
            in_counts = self._regression_sums(branch[known], draft.rows[known],
                                              draft.weights[known], k, nodes.counts.shape[1])
        else:
            in_counts = np.asarray(chosen.branch_counts, dtype=float)
        shares = in_counts[:, 0] if self.data.is_regression else in_counts.sum(axis=1)
        sent = shares > 0 if shares.sum() > 0 else np.ones(k, np.bool_)    # r̃ᵥ > 0
        sizes = np.bincount(branch[known], minlength=k) + sent * int((~known).sum())
        counters[ARENA_NEED] = int(sizes.sum())
        growth._make_room(1)
        step = int(counters[STEPS]) + 1
        nodes.expanded_at[i], nodes.feature[i], nodes.split_kind[i] = step, j, kind
        nodes.threshold[i] = chosen.threshold if kind == THRESHOLD else 0.0
        if kind == SUBSET:
            codes = np.flatnonzero(member)
            top = int(counters[SUBSET_TOP])
            growth.subset_codes[top:top + len(codes)] = codes
            nodes.subset_at[i], nodes.subset_len[i] = top, len(codes)
            counters[SUBSET_TOP] += len(codes)
        first, top = int(counters[N_NODES]), int(counters[ARENA_TOP])
        nodes.first_child[i], nodes.n_children[i] = first, k
        for b in range(k):
            child = first + b
            nodes.start[child], nodes.end[child] = top, top + sizes[b]
            top += int(sizes[b])
            nodes.parent[child], nodes.depth[child] = i, nodes.depth[i] + 1
            nodes.created_at[child], nodes.n_rows[child] = step, sizes[b]
            nodes.split_kind[child] = NOT_SPLIT
            nodes.in_counts[child] = in_counts[b]
        counters[ARENA_TOP], counters[N_NODES] = top, first + k
        counters[STEPS], counters[ARENA_NEED] = step, 0
        partition(i, nodes, growth.arena, column, table.y, table.targets, member,
                   self._row_branch, rules)
        nodes.stop[i] = GUIDED

    def _regression_sums(self, branch, rows, weights, k: int, width: int) -> np.ndarray:
        """Each branch's sums (W, S, Q) over its known rows: the ``in_counts`` the kernel gives
        a regression tree's children (a classification tree's are the candidate's
        ``branch_counts``)."""
        targets = self.data.y[rows].astype(float)
        out = np.zeros((k, width))
        out[:, squared_error.WEIGHT] = np.bincount(branch, weights, minlength=k)
        out[:, squared_error.SUM] = np.bincount(branch, weights * targets, minlength=k)
        out[:, squared_error.SQUARES] = np.bincount(branch, weights * targets ** 2, minlength=k)
        return out
