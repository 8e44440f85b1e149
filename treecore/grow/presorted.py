"""TreeGenerate compiled, for data whose features are all continuous and every value known:
classification trees and CART's least-squares regression trees.

The general builder (:mod:`treecore.grow.builder`) sorts each feature again at every node. Here each
feature is sorted once, at the root: a node owns one contiguous segment of every sorted order, and
expanding it partitions each segment stably into its two children, so the children's segments are
sorted too (the attribute lists of SLIQ, Mehta, Agrawal & Rissanen 1996, and scikit-learn's former
``presort`` option; sorting at every node is what makes deep trees on many rows slow). At each
node the threshold of every feature is found by
:func:`treecore.measures.cut_scan.best_cut_of_sorted` on its segment, the candidates are scored by
:func:`treecore.measures.kernels.partition_figures` and chosen by the rule of
:func:`treecore.split.candidates.choose_index`; the stopping cases are the builder's, in its order.
So the tree is the one :class:`treecore.grow.builder.Growth` grows, node for node (a property test
holds the two to it), but no Python object is made per node until the finished tree is built from
the kernel's arrays. A regression tree grows by the same loop: a node keeps the sums (W, S, Q) of
:mod:`treecore.measures.squared_error` instead of class weights, and its cuts are searched by that
module's :func:`~treecore.measures.squared_error.best_cuts_of_entries`. Growth runs in chunks of
bounded work, so a deadline is checked often even on large data.

Used by :func:`treecore.grow.engines.start_growth` whenever it applies (:func:`applies`): no nominal
feature, no missing value, no forced split, no validation-set pre-pruning.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from typing import NamedTuple

import numpy as np

from ..data import Dataset, Kind
from ..data.memory import kernel_form
from ..measures import entropy_terms, kernels, squared_error
from ..split import least_squares
from ..split.candidates import CandidateTable
from ..split.proposals import (FIGURES, NodeData, Proposal, SplitRules, cut_proposals,
                               partition_figures)
from ..split.splitting import NodeScores, build_candidate, score_node
from ..tree.lazy import LazyNodes
from ..tree.nodes import Node, Tree
from ..tree.predict import CONTINUOUS_SPLIT, CompiledTree
from .array_nodes import ArrayNodeFactory, leaf_values, leaf_votes
from .growing import CompiledGrowth, GrowthConfig, tree_settings
from .kernel_rules import (GROWTH_THREADS, MAX_CLASSES, MAX_ROWS, NEXT_NODE, N_NODES, STEPS,
                           WORK_PER_CALL, rules_of)
from .presorted_arrays import (Nodes, Rows, Scores, Scratch, Slots, flat_table, present_entries,
                               scratch_rows)
from .presorted_kernel import decide, expand, score_slots, screen, split_slots
from .threads import growth_threads, share_among, sort_features


#: Memory for the kept per-feature results of the first growth steps (their candidate tables);
#: later steps score their node again from its rows when a view asks.
KEPT_SCORES_BYTES = 16 * 2**20

def applies(dataset: Dataset, force, validation) -> bool:
    """Whether the presorted engine can grow this tree: at least one feature, every feature
    continuous and every value known, no forced split, no validation-set pre-pruning, and no
    more rows and classes than the engines hold (16.7 million and 255)."""
    return (not force and validation is None and dataset.n_features > 0
            and all(f.kind is Kind.CONTINUOUS for f in dataset.features)
            and dataset.n_rows <= MAX_ROWS and dataset.n_classes <= MAX_CLASSES
            and not dataset.has_missing_values)


# ----------------------------------------------------------------------------------- driver
class Presorted(NamedTuple):
    """Every feature's rows in value order: ``values`` and ``steps`` are the data set's table as
    the kernels read it (:func:`~.presorted_arrays.flat_table`), ``entries[j]`` feature j's
    rows as entries (row, tie bit), sorted by value."""

    values: np.ndarray
    steps: tuple
    entries: np.ndarray


def presort(data: Dataset, late=lambda: False, threads: int = GROWTH_THREADS
            ) -> Presorted | None:
    """The features of ``data`` sorted once (None when ``late()`` turned true first), on
    ``threads`` threads (:func:`~treecore.grow.threads.sort_features`). Equal values may come
    in any order: unit and integer weights sum exactly whatever the order, and other weights
    to rounding. The table is read in place, in its own memory order (a column of a row-major
    table is a strided view, read once, in order), and the tie bits come from the sorted
    keys."""
    n, n_features = data.n_rows, data.n_features
    X, values, steps = flat_table(data.X)
    entries = np.empty((n_features, n), np.uint32)
    if not sort_features(lambda j: X[:, j], list(range(n_features)), n, entries.__getitem__,
                         late, threads):
        return None
    return Presorted(values, steps, entries)


class PresortedGrowth(CompiledGrowth):
    """One run of the presorted engine: :meth:`run` grows (within ``max_seconds``), then
    :meth:`tree` gives the tree and :meth:`steps` its growth steps. ``keep_scores`` keeps the
    per-feature threshold search of that many first steps of a classification tree, so their
    candidate tables need no second pass over the rows; later steps score their node again
    when asked. Members of an ensemble share one sort of the rows (``shared``): each grows on
    the rows its weights keep. ``threads`` is how many threads the growth shares its chunks
    among (None: as many as the table's size pays for, :func:`~.threads.growth_threads`; 1 for
    the members of a forest, which grow side by side)."""

    def __init__(self, dataset: Dataset, config: GrowthConfig, *,
                 max_seconds: float | None = None, keep_scores: int = 0,
                 shared: "Presorted | None" = None, threads: int | None = None,
                 on_tick=None):
        super().__init__(dataset, config, max_seconds, on_tick)
        #: The sort of the features this growth reads (:func:`presort`): made by the first
        #: :meth:`run`, or ``shared`` by every member of an ensemble grown on these rows;
        #: dropped once the tree is grown.
        self.shared = shared
        n = self.n_present = dataset.n_rows if shared is None else \
            int(np.count_nonzero(dataset.weights > 0))
        #: Threads one growth's chunks are shared among.
        self.threads = growth_threads(n, dataset.n_features) if threads is None else threads
        if dataset.is_regression:
            root = squared_error.sums(dataset.y, dataset.weights)
        else:
            root = np.bincount(dataset.y, None if dataset.unit_weighted else dataset.weights,
                               minlength=dataset.n_classes).astype(float)
        #: The most nodes a tree of these rows has room for: every leaf holds a row, so a
        #: binary tree has at most 2n − 1 nodes, and the kernel screens a node only while two
        #: children fit.
        self.most_nodes = 2 * n + 1
        #: Room for :attr:`most_nodes` nodes, given memory as they are opened
        #: (:meth:`Nodes.reserved`), and the room past the grown tree's nodes given back.
        self.nodes = Nodes.reserved(self.most_nodes, len(root))
        self.counters = np.array([1, 0, 0], np.int64)
        self.nodes.start[0], self.nodes.end[0], self.nodes.depth[0] = 0, n, 0
        self.nodes.created_at[0] = 0
        self.nodes.counts[0] = root
        self.nodes.weight[0] = float(dataset.weights.sum())
        if dataset.is_regression:
            targets = dataset.y if shared is None else dataset.y[dataset.weights > 0]
            self.nodes.one_target[0] = int(len(targets) > 0 and (targets == targets[0]).all())
        #: The kept threshold searches: none for a regression tree, whose candidate tables are
        #: made again from a node's rows, with the squared error's own columns (:meth:`_scores`).
        self.scores = Scores.empty(0 if dataset.is_regression else min(keep_scores, n),
                                   dataset.n_features, len(root))
        #: Every sorted position's row in the first feature's order, once grown (None before).
        self.segment_rows = None

    def _presort(self) -> Rows | None:
        """The rows as the kernel reads them, or None when time ran out first: the features
        sorted here, or the shared sort's entries of the rows of positive weight (a row of
        weight 0 is absent: it moves no threshold)."""
        data = self.data
        if self.shared is None:
            self.shared = presort(data, self._late, self.threads)
            if self.shared is None:
                return None
            entries = self.shared.entries
        else:
            entries = np.empty((data.n_features, self.n_present), np.uint32)
            present_entries(self.shared.entries, data.weights, entries)
        n = data.n_rows
        w = np.zeros(0) if data.unit_weighted else kernel_form(data.weights)
        y = kernel_form(data.y) if data.is_regression else np.zeros(0)
        labels = np.zeros(0, np.uint8) if data.is_regression else data.y.astype(np.uint8)
        return Rows(self.shared.values, self.shared.steps, w, y, labels, entries,
                    np.zeros(n, np.uint8))

    def _grow(self) -> None:
        rows = self._presort()
        if rows is None:
            return
        self._expand_waiting(rows)
        self.segment_rows = rows.entries[0] >> 1          # the chunks' work arrays freed first
        self.shared = None               # the sorted orders go before the tree is built

    def _expand_waiting(self, rows: Rows) -> None:
        """Chunks of waiting nodes expanded until none waits or the time is up."""
        rules = rules_of(self.data, self.config, self.preset, self.criterion)
        width = self.nodes.counts.shape[1]
        n_rows, n_features = rows.entries.shape[1], rows.entries.shape[0]
        slots = Slots.empty(n_features, width, n_rows)
        counts_table = entropy_terms.counts_table(n_rows, rules.impurity_code,
                                                  len(rows.y) > 0, len(rows.w) > 0)

        def scratch_of(size: int) -> list[Scratch]:
            return [Scratch.of(size, len(rows.w) > 0, len(rows.y) > 0, width, counts_table)
                    for _ in range(self.threads)]

        scratch, small = scratch_of(n_rows), scratch_rows(n_rows)
        with ThreadPoolExecutor(self.threads - 1) if self.threads > 1 else nullcontext() as pool:
            while self.counters[NEXT_NODE] < self.counters[N_NODES] and not self._late():
                if len(scratch[0].spare) > small and self._longest_waiting() <= small:
                    scratch = scratch_of(small)
                if pool is None:
                    expand(rows, self.nodes, self.scores, self.counters, slots, scratch[0],
                           rules, WORK_PER_CALL)
                else:
                    self._chunk_on_threads(rows, slots, scratch, rules, pool)

    def _chunk_on_threads(self, rows, slots, scratch, rules, pool) -> None:
        """One chunk of waiting nodes, its two parallel phases shared among the threads by
        equal work (each thread its own range of items and its own scratch)."""
        n_features = rows.entries.shape[0]
        filled, _ = screen(rows.values, rows.steps, rows.entries, self.nodes, self.counters,
                           slots, rules, WORK_PER_CALL)
        lengths = self._segment_lengths(slots.nodes[:filled])
        work = lengths * n_features if rules.max_features > 0 else np.repeat(lengths, n_features)
        nodes = self.nodes
        partition_now = bool(self.counters[STEPS] >= len(self.scores.status))
        share_among(pool, work, len(scratch), lambda t, first, end: score_slots(
            rows, nodes, slots, scratch[t], rules, first, end, partition_now))
        n_split = decide(rows, nodes, slots, filled, self.scores, self.counters, rules)
        lengths = self._segment_lengths(slots.split[:n_split])
        lengths[slots.split_partitioned[:n_split]] = 1        # only their children summed
        share_among(pool, np.repeat(lengths, n_features), len(scratch),
                   lambda t, first, end: split_slots(rows, nodes, slots, scratch[t], rules,
                                                     first, end))

    def _longest_waiting(self) -> int:
        """The most rows a waiting node holds: never more as the tree grows, as a node's
        children share its rows."""
        waiting = np.arange(self.counters[NEXT_NODE], self.counters[N_NODES])
        return int(self._segment_lengths(waiting).max(initial=0))

    def _segment_lengths(self, node_ids: np.ndarray) -> np.ndarray:
        """How many sorted positions each of the nodes ``node_ids`` owns (64-bit: a phase's
        work multiplies them by the features)."""
        return self.nodes.end[node_ids].astype(np.int64) - self.nodes.start[node_ids]

    # ------------------------------------------------------------------------------- results
    def node_rows(self, node_id: int) -> np.ndarray:
        """The rows reaching a node, in row order: its segment of the first feature's order,
        sorted (expanding a node only permutes the rows within its segment)."""
        start, end = self.nodes.start[node_id], self.nodes.end[node_id]
        if self.segment_rows is None:                # not grown: the root holds every row
            return np.arange(start, end)
        return np.sort(self.segment_rows[start:end])

    def _scores(self, tree: Tree, node: Node) -> NodeScores:
        """The node's scored candidates: from the kept threshold search, or recomputed."""
        features = self.data.features
        if self.data.is_regression:
            rows = self.node_rows(node.node_id)
            table = least_squares.node_candidates(
                self.data.X[rows], self.data.y[rows], self.data.weights[rows], features,
                min_samples_leaf=float(self.config.min_samples_leaf),
                threshold_style=self.config.threshold_style, chosen=node.split.feature)
            return table if node.feature_subset is None else _drawn_only(table, node)
        undrawn = frozenset() if node.feature_subset is None else \
            frozenset(range(len(features))) - set(node.feature_subset)
        rules = SplitRules(self.preset, self.criterion, self.config.threshold_style,
                           float(self.config.min_samples_leaf), undrawn)
        if node.expanded_at > len(self.scores.status):
            rows = self.node_rows(node.node_id)
            data = NodeData(self.data.X[rows], self.data.y[rows], self.data.weights[rows],
                            self.data.n_classes)
            return score_node(data, features, rules)
        at = node.expanded_at - 1
        n_features = self.data.n_features
        proposals = cut_proposals(np.arange(n_features), self.scores.status[at],
                                  self.scores.lower[at], self.scores.upper[at],
                                  self.scores.left[at], self.scores.right[at],
                                  np.ones(n_features), np.zeros(n_features),
                                  self.config.threshold_style)
        return NodeScores.of([p for p in proposals if p is not None], features, self.criterion)

    def _build_tree(self) -> Tree:
        """The tree from the kernel's arrays: its routing arrays at once, its Node and
        Candidate objects when first asked for (:class:`~treecore.tree.nodes.LazyNodes`)."""
        n = int(self.counters[N_NODES])
        if self.data.is_regression:
            distribution = leaf_values(self.nodes.counts[:n], self.nodes.parent[:n])[:, None]
            prediction = np.zeros(n, np.int64)
        else:
            distribution, prediction = leaf_votes(self.nodes.counts[:n], self.nodes.parent[:n])
        self.nodes = self.nodes.first(n)
        factory = _NodeFactory(self.nodes, self.nodes.end - self.nodes.start,
                               self.data.features, self.config, self.criterion, distribution,
                               prediction)
        nodes = LazyNodes(factory.nodes, self.nodes.created_at, self.nodes.expanded_at,
                          factory.columns())
        return Tree(self.data.schema, nodes, tree_settings(self.config, {}),
                    int(self.counters[STEPS]), prebuilt=self._routing(n, distribution))

    def _routing(self, n: int, distribution: np.ndarray) -> CompiledTree:
        """The arrays :func:`treecore.tree.predict.compile_tree` would make of the finished nodes
        (ids are positions here, every split is a threshold with two branches)."""
        a = self.nodes
        expanded = np.flatnonzero(a.expanded_at[:n] >= 0)
        kind = np.zeros(n, np.int8)
        kind[expanded] = CONTINUOUS_SPLIT
        feature = np.full(n, -1, np.int64)
        feature[expanded] = a.feature[expanded]
        threshold = np.zeros(n)
        threshold[expanded] = a.threshold[expanded]
        child_offset, n_children = np.zeros(n, np.int64), np.zeros(n, np.int64)
        child_offset[expanded] = 2 * np.arange(len(expanded))
        n_children[expanded] = 2
        first = a.first_child[expanded].astype(np.int64)
        children = np.column_stack([first, first + 1]).reshape(-1)
        weights = _branch_weights(a.branch_counts[expanded], self.data.is_regression)
        fractions = (weights / weights.sum(axis=1, keepdims=True)).reshape(-1)
        nothing = np.zeros(n, np.int64)
        return CompiledTree(kind, feature, threshold, nothing, nothing.copy(),
                            np.zeros(0, np.int64), child_offset, n_children, children, fractions,
                            distribution, np.arange(n))


def _drawn_only(table: CandidateTable, node: Node) -> CandidateTable:
    """A node's candidate table cut to the features it drew (``node.feature_subset``)."""
    kept = tuple(c for c in table if c.feature_index in node.feature_subset)
    chosen = [c.feature for c in kept].index(node.split.feature)
    return CandidateTable(kept, table.criterion, table.average_gain, chosen)


def _branch_weights(branch_counts: np.ndarray, regression: bool) -> np.ndarray:
    """The weight of each branch from its class counts, or from its sums (W, S, Q)."""
    return branch_counts[..., squared_error.WEIGHT] if regression else branch_counts.sum(axis=-1)


class _NodeFactory(ArrayNodeFactory):
    """The presorted tree's nodes: every split a threshold with two branches."""

    def _splits(self, start: int, stop: int) -> dict:
        """The chosen candidate of every expanded node of ids ``start`` … ``stop`` − 1, its
        figures computed in one call."""
        a = self.arrays
        expanded = start + np.flatnonzero(a.expanded_at[start:stop] >= 0)
        if not len(expanded):
            return {}
        branch_counts = a.branch_counts[expanded]
        if self.criterion.task == "regression":
            table = squared_error.figures(branch_counts)
            figures = {name: table[:, k] for k, name in enumerate(FIGURES)}
            means = (branch_counts[..., squared_error.SUM]
                     / np.maximum(branch_counts[..., squared_error.WEIGHT], 1e-300)).tolist()
            branch_counts = branch_counts[..., :1]
        else:
            figures = partition_figures(branch_counts, 1.0, 0.0, self.criterion)
            means = [None] * len(expanded)
        values = [dict(zip(FIGURES, row)) for row in zip(*(figures[name].tolist()
                                                           for name in FIGURES))]
        midpoints = kernels.midpoints(a.lower[expanded], a.upper[expanded]).tolist()
        counts = branch_counts.tolist()
        chosen, thresholds = a.feature[expanded].tolist(), a.threshold[expanded].tolist()
        splits = {}
        for at, i in enumerate(expanded.tolist()):
            proposal = Proposal(chosen[at], counts[at], 1.0, 0.0, None,
                                threshold=thresholds[at], midpoint=midpoints[at])
            splits[i] = build_candidate(proposal, self.features[chosen[at]], values[at],
                                        None if means[at] is None else tuple(means[at]))
        return splits
