"""TreeGenerate compiled for every table: nominal attributes, missing values and sample weights.

:mod:`treecore.grow.presorted` is fastest where every feature is continuous and every value known:
it sorts once at the root and partitions in place. Real tables have text categories and empty
cells, and there a row whose tested value is missing goes down *every* branch with weight
w·r̃ᵥ (Zhou §4.4.2, Quinlan 1993 ch. 2), so a node's rows are no longer a part of its parent's
and a partition in place cannot hold them. This engine keeps, per node, a list of (row, weight)
entries in an arena, and for each continuous feature the same rows in value order (sorted once
at the root, missing values last); expanding a node appends each child's list (the rows sent to
its branch, then the parent's rows with a missing value, weight × r̃ᵥ, exactly as
:meth:`treecore.split.candidates.Candidate.split_rows` orders them) and each child's part of every
sorted segment, in order, so no node sorts. At each node:

* a continuous feature's known values are read in order from its segment and searched by
  :func:`treecore.measures.cut_scan.best_cut_of_sorted` (equal values may come in another order than
  the builder's; only the rounding of fractional sums can differ);
* a nominal feature's class weights are counted per code, one pass, no sort: one branch per
  value (ID3, C4.5), or CART's best "subset vs rest" by the enumeration of
  :func:`treecore.split.memberships.subset_memberships` (same order, so the same tie-breaks);
* every candidate is scored by :func:`treecore.measures.kernels.partition_figures` with ρ and the
  missing weight (Zhou 式 4.12, Quinlan's IV) and chosen by the rule of
  :func:`treecore.split.candidates.choose_index`.

A regression tree (CART's least squares) grows by the same loop: a node keeps the sums (W, S, Q)
of :mod:`treecore.measures.squared_error` in place of class weights, a continuous feature's cut is
searched by that module's :func:`~treecore.measures.squared_error.best_cuts_of_entries`, a nominal
feature's two groups by :func:`~treecore.measures.squared_error.best_ordered_cut` (its values
ordered by mean target), and a cut's decrease is that of its known rows scaled by ρ, as
:mod:`treecore.split.least_squares` scores it. By the absolute error a node also keeps its
weighted median and AE (:mod:`treecore.measures.absolute_error`), its rows are ranked by target
once when it is scored, and every feature's cut (a nominal feature's values ordered by median)
is searched in that rank space by that module's linked-list scan.

The stopping cases and their order are the general builder's
(:class:`treecore.grow.builder.Growth`), so the tree is the one it grows, node for node (a property
test holds the three engines together). No Python object is made per node while growing; growth runs
in compiled chunks of waiting nodes of bounded work, so a deadline is checked often, and a large
table's chunks are scored and partitioned on two threads (:mod:`treecore.grow.nodewise_kernel`
says how). The nodes on the way to a forced split are decided by the builder's rule and split
in the same arrays (:mod:`treecore.grow.nodewise_guided`); validation-set pre-pruning tests each
split as growth goes and cuts the tree (:mod:`treecore.grow.validation_cut`).
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import replace

import numpy as np

from ..data import Dataset, Kind
from ..measures import absolute_error, entropy_terms, squared_error
from ..split import least_squares
from ..split.candidates import CandidateTable
from ..split.proposals import NodeData, SplitRules
from ..split.splitting import NodeScores, score_node
from ..tree.lazy import LazyNodes
from ..tree.nodes import Node, Tree
from . import validation_cut
from .array_nodes import leaf_values, leaf_votes, resize_nodes
from .growing import CompiledGrowth, GrowthConfig, tree_settings
from .kernel_rules import MAX_CLASSES, MAX_ROWS, WAITING, WORK_PER_CALL, rules_of
from .nodewise_arrays import (ARENA_NEED, ARENA_TOP, DONE, NEED_SPACE, NEXT_NODE, NOT_SPLIT,
                              N_NODES, ROOM_PER_ROW, STEPS, SUBSET_TOP, UNSET, Arena, Nodes,
                              Scratch, Slots, Table)
from .nodewise_guided import GUIDED, Guide
from .nodewise_kernel import decide, expand, score_slots, split_slots, take_waiting
from .nodewise_sort import (PresortedTable, columns_of, continuous_places, feature_levels,
                            keep_present, labels_of, nominal_codes, sort_into)
from .nodewise_tree import NodeFactory, routing, scored_proposals
from .threads import growth_threads, share_among

#: The arena's first size, in entries per row of the table. Only the entries written are given
#: memory by the system, and growth keeps writing at the front (:meth:`NodewiseGrowth._make_room`
#: moves the waiting nodes' segments there), so room to spare costs little; growing the arena
#: costs a copy into fresh memory, so it should be rare: a 100k-row table with 10 % of its values
#: missing writes at most about 6.5 entries per row.
ARENA_ROWS_PER_ROW = 8


def applies(dataset: Dataset) -> bool:
    """Whether this engine can grow the tree: at least one feature, and fewer rows and classes
    than a packed entry holds (16.7 million and 255)."""
    return (dataset.n_features > 0
            and dataset.n_rows < MAX_ROWS and dataset.n_classes <= MAX_CLASSES)


class NodewiseGrowth(CompiledGrowth):
    """One run of this engine: :meth:`run` grows (within ``max_seconds``), then :meth:`tree`
    gives the tree and :meth:`steps` its growth steps (the root's candidate table made from
    the scores growth computed, the other nodes' scored again from their rows when a view
    asks). With ``validation`` rows the tree is pre-pruned on
    them (:mod:`treecore.grow.validation_cut`). ``threads`` is how many threads the growth
    shares its chunks among (None: as many as the table's size pays for,
    :func:`~.threads.growth_threads`; 1 for the members of a forest, which grow side by side).
    A member of an ensemble reads the table its ensemble sorted once (``shared``,
    :func:`.nodewise_sort.presort`) and grows on its rows of positive weight: a row of weight 0
    is absent, as in scikit-learn."""

    def __init__(self, dataset: Dataset, config: GrowthConfig, *, force: Mapping | None = None,
                 validation: Dataset | None = None, max_seconds: float | None = None,
                 threads: int | None = None, shared: PresortedTable | None = None,
                 on_tick=None):
        super().__init__(dataset, config, max_seconds, on_tick)
        self.force = {tuple(path): spec for path, spec in (force or {}).items()}
        #: Splits the nodes on the way to a forced split (None: nothing is forced).
        self.guide = Guide(dataset, config, self.force) if self.force else None
        #: The table sorted for every member of an ensemble (None: this tree sorts its own).
        self.shared = shared
        regression = dataset.is_regression
        rows = np.arange(dataset.n_rows) if shared is None else \
            np.flatnonzero(dataset.weights > 0)
        n = len(rows)
        root = squared_error.sums(dataset.y, dataset.weights) if regression else \
            np.bincount(dataset.y, None if dataset.unit_weighted else dataset.weights,
                        minlength=dataset.n_classes).astype(float)
        if self.absolute:               # (W, S, Q) then the weighted median and its AE
            root = np.concatenate([root, absolute_error.node_figures(
                dataset.y.astype(float), dataset.weights.astype(float))])
        self.levels = feature_levels(dataset)
        #: Per feature: its place among the continuous features (−1: nominal).
        self.continuous_at = continuous_places(dataset)
        nominal_widest = int(self.levels.max()) if self.preset.multiway else 2
        self.widest = max(2, nominal_widest)
        self.most_levels = max(1, int(self.levels.max(initial=0)))
        #: Follows the validation rows down the tree as it grows (None: not pre-pruned).
        self.router = None if validation is None else validation_cut.ValidationRouter(
            validation, dataset.is_regression, config.validation_rule, self.levels)
        #: Threads a chunk of waiting nodes is scored on (:mod:`treecore.grow.threads`).
        self.threads = growth_threads(n, dataset.n_features) if threads is None else threads
        self.nodes = Nodes.empty(min(1024, 2 * n + self.widest), len(root))
        self.arena = Arena.empty(max(ARENA_ROWS_PER_ROW * n, 16),
                                 int((self.continuous_at >= 0).sum()))
        self.arena.rows[:n] = rows
        self.arena.weights[:n] = dataset.weights[rows]
        self.subset_codes = np.zeros(max(64, 4 * int(self.levels.max(initial=0))), np.int64)
        #: The root's proposals as the engine scored them (None: scored again when asked).
        self.root_proposals = None
        self.counters = np.array([1, 0, 0, n, 0, 0], np.int64)
        nodes = self.nodes
        nodes.start[0], nodes.end[0], nodes.depth[0], nodes.created_at[0] = 0, n, 0, 0
        nodes.stop[0], nodes.split_kind[0], nodes.n_rows[0] = WAITING, NOT_SPLIT, n
        nodes.counts[0] = root
        nodes.weight[0] = float(dataset.weights.sum())
        if regression:
            targets = dataset.y[rows]
            nodes.one_target[0] = int(n > 0 and (targets == targets[0]).all())

    @property
    def absolute(self) -> bool:
        """A regression tree by the absolute error: nodes keep their median and AE too."""
        return self.criterion.name == "absolute_error"

    def _table(self) -> Table | None:
        """The training table as the kernels read it (:class:`~.nodewise_arrays.Table`), its
        continuous features sorted into the arena (None when time ran out first): this tree's
        own sort, or the entries of its rows in the ensemble's (:attr:`shared`)."""
        data, shared = self.data, self.shared
        if shared is None:
            columns = columns_of(data)
            if not sort_into(data, columns, self.continuous_at, self.arena.sorted_entries,
                             self._late, self.threads):
                return None
            codes = nominal_codes(data, self.levels)
        else:
            columns, codes = shared.columns, shared.codes
            keep_present(shared.sorted_entries, data.weights, self.arena.sorted_entries)
        nominal = np.flatnonzero(self.levels > 0)
        nominal_at = np.full(data.n_features, -1, np.int64)
        nominal_at[nominal] = np.arange(len(nominal))
        targets = data.y.astype(float) if data.is_regression else np.zeros(0)
        return Table(columns, labels_of(data), targets, self.continuous_at, nominal_at, codes,
                     self.levels)

    def _grow(self) -> None:
        table = self._table()
        if table is not None:
            limits = self.config if self.guide is None and self.router is None \
                else replace(self.config, max_leaves=None)    # applied when growth ends
            rules = rules_of(self.data, limits, self.preset, self.criterion)
            if self.guide is not None:
                self.guide.grow(self, table, rules)
            self._expand_all(table, rules)
        if self.guide is not None or self.router is not None:
            self._finish()

    def _expand_all(self, table: Table, rules) -> None:
        """Expand waiting nodes, chunk after chunk, until none waits or the time is up; the
        validation rows (if any) follow after each chunk."""
        data = self.data
        n_classes = self.nodes.counts.shape[1]
        slots = Slots.empty(data.n_features, self.widest, self.most_levels, n_classes,
                            data.n_rows)
        counts_table = entropy_terms.counts_table(data.n_rows, rules.impurity_code,
                                                  data.is_regression, False)  # weights per node
        scratch = [Scratch.of(data.n_rows, data.n_features, table.codes.shape[1], self.widest,
                              self.most_levels, n_classes, data.is_regression, self.absolute,
                              counts_table)
                   for _ in range(self.threads)]
        self._follow_validation()
        with ThreadPoolExecutor(self.threads - 1) if self.threads > 1 else nullcontext() as pool:
            while self.counters[NEXT_NODE] < self.counters[N_NODES] and not self._late():
                if pool is None and self.counters[NEXT_NODE] > 0:
                    status = expand(table, self.arena, self.nodes, self.counters,
                                    self.subset_codes, slots, scratch[0], rules, self.widest,
                                    self.most_levels, WORK_PER_CALL)
                else:                      # on threads, or the root's chunk (its scores kept)
                    status = self._chunk_in_phases(table, slots, scratch, rules, pool)
                self._follow_validation()
                if status == NEED_SPACE:
                    self._make_room(len(slots.nodes), pool)

    def _follow_validation(self) -> None:
        """Send the validation rows (if any) on through the nodes split since the last call,
        stopping growth below those that fail the test."""
        if self.router is not None:
            self.router.update(self.nodes, int(self.counters[N_NODES]), self.subset_codes)

    def _chunk_in_phases(self, table, slots, scratch, rules, pool) -> int:
        """One chunk of waiting nodes, phase by phase: scored on the threads (``pool``'s and
        this one; None: this one), the splits decided here, the split nodes partitioned on the
        threads (each thread its own range of slots, of about equal work, and its own
        scratch); :data:`NEED_SPACE` when the arrays need room first. The root's scores are
        kept between the phases (:attr:`root_proposals`)."""
        nodes, arena = self.nodes, self.arena
        n_features = self.data.n_features
        filled = take_waiting(nodes, self.counters, slots, len(arena.rows),
                              len(self.subset_codes), self.widest, self.most_levels,
                              WORK_PER_CALL // n_features)
        if filled < 0:
            return NEED_SPACE
        taken = slots.nodes[:filled]
        work = (nodes.end[taken] - nodes.start[taken]) * n_features
        share_among(pool, work, len(scratch), lambda t, first, end: score_slots(
            table, arena, nodes, slots, scratch[t], rules, first, end))
        if filled and taken[0] == 0 and slots.stop[0] == WAITING and self._keeps_root_scores():
            self.root_proposals = scored_proposals(
                slots, 0, table, arena.sorted_entries, self.data.features, self.preset.multiway,
                self.config.threshold_style)
        n_split = decide(table, arena, nodes, slots, filled, self.counters, self.subset_codes,
                         rules)
        split = slots.nodes[slots.split[:n_split]]
        work = (nodes.end[split] - nodes.start[split]) * (2 + arena.sorted_entries.shape[0])
        share_among(pool, work, len(scratch), lambda t, first, end: split_slots(
            table, arena, nodes, slots, scratch[t], rules, first, end))
        return NEED_SPACE if self.counters[ARENA_NEED] > 0 else DONE

    def _keeps_root_scores(self) -> bool:
        """Whether the root's scores make its candidate table (:attr:`root_proposals`): a
        classification tree whose root scores every feature of its own table (a regression
        table's candidates carry other figures; a forest's member draws its features)."""
        return not self.data.is_regression and self.shared is None and \
            self.config.max_features is None

    def _make_room(self, n_slots: int, pool=None) -> None:
        """Room for the children of the next chunk of waiting nodes (``n_slots`` nodes, about
        :data:`WORK_PER_CALL` visits): the arena keeps only the segments of nodes not yet
        expanded (they lie at its end, in id order) and grows when that leaves less than twice
        the chunk's rows, or than the next node's children were found to need; the node and
        subset arrays double until a whole chunk's children fit."""
        nodes, counters, widest = self.nodes, self.counters, self.widest
        waiting = int(counters[NEXT_NODE])
        live_from, top = int(nodes.start[waiting]), int(counters[ARENA_TOP])
        live = top - live_from
        self.arena.move_to_front(live_from, top, pool)
        count = int(counters[N_NODES])
        nodes.start[waiting:count] -= live_from
        nodes.end[waiting:count] -= live_from
        counters[ARENA_TOP] = live
        chunk_rows = min(WORK_PER_CALL // self.data.n_features, self.data.n_rows)
        need = live + max(ROOM_PER_ROW * max(int(nodes.end[waiting] - nodes.start[waiting]),
                                             chunk_rows), int(counters[ARENA_NEED]))
        counters[ARENA_NEED] = 0
        if need > len(self.arena.rows):
            bigger = Arena.empty(max(2 * len(self.arena.rows), need),
                                  self.arena.sorted_entries.shape[0])
            for old, new in zip(self.arena, bigger):
                new[..., :live] = old[..., :live]
            self.arena = bigger
        if count + widest * n_slots > len(nodes.start):
            resize_nodes(nodes, max(2 * len(nodes.start), count + widest * n_slots), UNSET)
        subsets_needed = int(counters[SUBSET_TOP]) + self.most_levels * n_slots
        if subsets_needed > len(self.subset_codes):
            self.subset_codes = np.concatenate([
                self.subset_codes,
                np.zeros(max(len(self.subset_codes), subsets_needed), np.int64)])

    def _finish(self) -> None:
        """The grown arrays as the builder would have grown them
        (:func:`~treecore.grow.validation_cut.finished`): in its breadth-first order (the
        guided nodes were split first), cut by ``max_leaves`` and the validation tests; the
        guided nodes' candidates and the validation figures follow the nodes to their ids."""
        n = int(self.counters[N_NODES])
        resize_nodes(self.nodes, n)
        self.nodes.stop[self.nodes.stop == GUIDED] = WAITING
        passed = self.router.passed[:n] if self.router is not None else np.ones(n, np.bool_)
        self.nodes, new_id = validation_cut.finished(self.nodes, passed, self.config.max_leaves,
                                                     reorder=self.guide is not None)
        self.counters[N_NODES] = len(self.nodes.start)
        self.counters[STEPS] = int((self.nodes.expanded_at >= 0).sum())
        split = self.nodes.expanded_at >= 0
        if self.guide is not None:
            reached = [(new_id[i], error) for i, error in self.guide.errors.items()
                       if new_id[i] >= 0]
            if reached:                             # the first the builder would come to
                raise min(reached, key=lambda pair: pair[0])[1]
            for kept in (self.guide.splits, self.guide.scores):
                moved = {int(new_id[i]): value for i, value in kept.items()}
                kept.clear()
                kept.update((i, value) for i, value in moved.items() if i >= 0 and split[i])
        if self.router is not None:
            figures = np.full((len(split), 2), np.nan)
            reached = new_id >= 0
            figures[new_id[reached]] = self.router.figures[:n][reached]
            figures[~split] = np.nan
            self.validation_figures = figures

    # ------------------------------------------------------------------------------- results
    def _scores(self, tree: Tree, node: Node) -> NodeScores | CandidateTable:
        """The node's scored candidates, from the rows the tree sends there (a guided node's as
        the builder's rule scored them)."""
        if self.guide is not None and node.node_id in self.guide.scores:
            return self.guide.scores[node.node_id]
        if node.node_id == 0 and self.root_proposals is not None:
            return NodeScores.of(self.root_proposals, self.data.features, self.criterion)
        rows, weights = tree.routed_rows(self.data, node.node_id)
        if self.shared is not None:                        # the member's absent rows
            present = self.data.weights[rows] > 0
            rows, weights = rows[present], weights[present]
        if self.data.is_regression:
            return least_squares.node_candidates(
                self.data.X[rows], self.data.y[rows], weights, self.data.features,
                min_samples_leaf=float(self.config.min_samples_leaf),
                threshold_style=self.config.threshold_style, chosen=node.split.feature,
                criterion=self.criterion.name)
        excluded = frozenset(a.split.feature_index for a in tree.ancestors(node.node_id)[:-1]
                             if a.split.kind is Kind.NOMINAL and a.split.subset is None)
        if node.feature_subset is not None:
            excluded |= frozenset(range(self.data.n_features)) - set(node.feature_subset)
        rules = SplitRules(self.preset, self.criterion, self.config.threshold_style,
                           float(self.config.min_samples_leaf), excluded)
        data = NodeData(self.data.X[rows], self.data.y[rows], weights, self.data.n_classes)
        return score_node(data, self.data.features, rules)

    def _build_tree(self) -> Tree:
        """The tree from the kernel's arrays: its routing arrays at once, its Node and
        Candidate objects when first asked for (:class:`~treecore.tree.nodes.LazyNodes`)."""
        n = int(self.counters[N_NODES])
        resize_nodes(self.nodes, n)
        arrays = self.nodes
        if self.data.is_regression:
            distribution = leaf_values(arrays.counts, arrays.parent, self.absolute)[:, None]
            prediction = np.zeros(n, np.int64)
        else:
            distribution, prediction = leaf_votes(arrays.counts, arrays.parent)
        subsets = self.subset_codes[:int(self.counters[SUBSET_TOP])].copy()
        factory = NodeFactory(arrays, subsets, self.data.features, self.config, self.criterion,
                               distribution, prediction,
                               given={} if self.guide is None else self.guide.splits)
        nodes = LazyNodes(factory.nodes, arrays.created_at, arrays.expanded_at, factory.columns())
        return Tree(self.data.schema, nodes, tree_settings(self.config, self.force),
                    int(self.counters[STEPS]),
                    prebuilt=routing(arrays, subsets, self.levels, distribution,
                                      self.data.is_regression))
