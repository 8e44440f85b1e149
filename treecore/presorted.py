"""TreeGenerate compiled, for data whose features are all continuous and every value known:
classification trees and CART's least-squares regression trees.

The general builder (:mod:`treecore.builder`) sorts each feature again at every node. Here each
feature is sorted once, at the root: a node owns one contiguous segment of every sorted order, and
expanding it partitions each segment stably into its two children, so the children's segments are
sorted too (the attribute lists of SLIQ, Mehta, Agrawal & Rissanen 1996, and scikit-learn's former
``presort`` option; sorting at every node is what makes deep trees on many rows slow). At each
node the threshold of every feature is found by :func:`treecore.kernels.best_cut_of_sorted` on
its segment, the candidates are scored by :func:`treecore.kernels.partition_figures` and chosen
by the rule of :func:`treecore.candidates.choose_index`; the stopping cases are the builder's, in
its order. So the tree is the one :class:`treecore.builder.Growth` grows, node for node (a
property test holds the two to it), but no Python object is made per node until the finished
tree is built from the kernel's arrays. A regression tree grows by the same loop: a node keeps
the sums (W, S, Q) of :mod:`treecore.squared_error` instead of class weights, and its cuts are
searched by that module's :func:`~treecore.squared_error.best_cut_of_sorted`. Growth runs in chunks of bounded work, so a deadline is
checked often even on large data.

Used by :func:`treecore.builder.start_growth` whenever it applies (:func:`applies`): no nominal
feature, no missing value, no forced split, no validation-set pre-pruning.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import numpy as np
from numba import njit

from . import feature_draw, kernels, least_squares, squared_error
from .candidates import TIE_TOLERANCE, CandidateTable
from .criteria import IMPURITIES
from .dataset import Dataset, Kind
from .growing import (CompiledGrowth, GrowthConfig, collector_paused, drawn_subsets, enlarged,
                      leaf_means, leaf_votes, nodes_from_arrays, tree_settings)
from .splitting import (FIGURES, NodeData, NodeScores, Proposal, SplitRules, build_candidate,
                        cut_proposals, partition_figures, score_node)
from .predict import CONTINUOUS_SPLIT, CompiledTree
from .tree import LazyNodes, Node, StopReason, Tree

#: Stop reasons by the codes the kernel writes (−1: not stopped, still waiting).
REASONS = (StopReason.PURE, StopReason.NO_FEATURES, StopReason.IDENTICAL,
           StopReason.EMPTY_BRANCH, StopReason.MAX_DEPTH, StopReason.MIN_SAMPLES_SPLIT,
           StopReason.MIN_SAMPLES_LEAF, StopReason.MIN_GAIN, StopReason.MIN_IMPURITY_DECREASE,
           StopReason.MAX_LEAVES)
(WAITING, PURE, NO_FEATURES, IDENTICAL, EMPTY_BRANCH, MAX_DEPTH, MIN_SAMPLES_SPLIT,
 MIN_SAMPLES_LEAF, MIN_GAIN, MIN_IMPURITY_DECREASE, MAX_LEAVES) = range(-1, len(REASONS))

#: Threads sorting the features at the root.
SORTING_THREADS = 2
#: Row × feature visits per compiled call: about 10 ms, so a deadline is never missed by more.
WORK_PER_CALL = 2_000_000
#: Memory for the kept per-feature results of the first growth steps (their candidate tables);
#: later steps score their node again from its rows when a view asks.
KEPT_SCORES_BYTES = 16 * 2**20

#: Columns of the kernel's figures (:data:`treecore.kernels.FIGURE_COLUMNS`) the choice reads.
GAIN, DECREASE, SCORE = (kernels.FIGURE_COLUMNS.index(name)
                         for name in ("gain", "decrease", "score"))

# counters: positions in the kernel's counter array
N_NODES, NEXT_NODE, STEPS = range(3)

#: A sorted position holds one 64-bit entry: row << 32 | rank of the value << 8 | class. One
#: array per feature is all a partition moves (8 bytes a row, no branch), and a node's scan
#: unpacks its segment once.
RANK_BITS, CLASS_BITS = 24, 8
MAX_ROWS, MAX_CLASSES = 2**RANK_BITS - 1, 2**CLASS_BITS - 1


def applies(dataset: Dataset, force, validation) -> bool:
    """Whether the presorted engine can grow this tree: at least one feature, every feature
    continuous and every value known, no forced split, no validation-set pre-pruning, and no
    more rows and classes than a packed entry holds (16.7 million and 255)."""
    return (not force and validation is None and dataset.n_features > 0
            and all(f.kind is Kind.CONTINUOUS for f in dataset.features)
            and dataset.n_rows <= MAX_ROWS and dataset.n_classes <= MAX_CLASSES
            and not dataset.has_missing_values)


class _Rows(NamedTuple):
    """The rows as the kernel reads them: ``columns[j]`` holds feature j's values by row,
    ``w`` the weights by row (empty when every weight is 1) and ``y`` a regression target by
    row (empty for classification, whose classes are packed in the entries). ``entries[j]``
    lists the rows in feature j's value order as packed entries. The rest is work space:
    ``goes_left`` by row, ``spare`` for partitions, and one node segment unpacked into ``keys``
    (value ranks), ``labels``, ``weights`` and ``targets``."""

    columns: np.ndarray
    w: np.ndarray
    y: np.ndarray
    entries: np.ndarray
    goes_left: np.ndarray
    spare: np.ndarray
    keys: np.ndarray
    labels: np.ndarray
    weights: np.ndarray
    targets: np.ndarray


@njit(cache=True, inline="always")
def _row(entry):
    """The row of a packed entry."""
    return entry >> 32


@njit(cache=True, inline="always")
def _rank(entry):
    """The rank of a packed entry's value among its feature's distinct values."""
    return (entry >> CLASS_BITS) & MAX_ROWS


@njit(cache=True, inline="always")
def _label(entry):
    """The class of a packed entry's row."""
    return entry & MAX_CLASSES


class _Nodes(NamedTuple):
    """Per node (by id): its segment ``[start, end)``, tree links, statistics and split.
    ``counts`` holds a node's class weights, or for a regression tree its sums (W, S, Q);
    ``branch_counts`` the same of the two branches of its split; ``n_drawn`` how many features
    it drew at random (−1: not scored, or every feature scored); ``one_target`` is 1 when every
    row of a regression node has the same target (found as its sums are summed)."""

    start: np.ndarray
    end: np.ndarray
    parent: np.ndarray
    depth: np.ndarray
    created_at: np.ndarray
    expanded_at: np.ndarray
    stop: np.ndarray
    feature: np.ndarray
    first_child: np.ndarray
    n_drawn: np.ndarray
    one_target: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    threshold: np.ndarray
    weight: np.ndarray
    counts: np.ndarray
    branch_counts: np.ndarray

    @classmethod
    def empty(cls, capacity: int, width: int) -> "_Nodes":
        ints = [np.full(capacity, -1, np.int64) for _ in range(11)]
        floats = [np.zeros(capacity) for _ in range(4)]
        return cls(*ints, *floats, np.zeros((capacity, width)), np.zeros((capacity, 2, width)))


class _Scores(NamedTuple):
    """Per growth step (kept for the first steps only) and feature: the threshold search."""

    status: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    left: np.ndarray
    right: np.ndarray

    @classmethod
    def empty(cls, steps: int, n_features: int, width: int) -> "_Scores":
        return cls(np.zeros((steps, n_features), np.int8), np.zeros((steps, n_features)),
                   np.zeros((steps, n_features)), np.zeros((steps, n_features, width)),
                   np.zeros((steps, n_features, width)))


class _Rules(NamedTuple):
    """The growth parameters as the kernel reads them (−1: no limit)."""

    regression: bool
    impurity_code: int
    ratio_score: bool
    average_gain_filter: bool
    midpoint: bool
    max_depth: int
    max_leaves: int
    min_samples_split: float
    min_samples_leaf: float
    min_gain: float
    min_impurity_decrease: float
    root_weight: float
    tolerance: float
    max_features: int
    seed: int


def kernel_rules(dataset: Dataset, config: GrowthConfig, criterion) -> _Rules:
    """The growth parameters of ``config`` as the kernel reads them."""
    return _Rules(dataset.is_regression, kernels.IMPURITY_CODES.get(criterion.impurity, -1),
                  criterion.score == "gain_ratio", criterion.average_gain_filter,
                  config.threshold_style == "midpoint",
                  -1 if config.max_depth is None else int(config.max_depth),
                  -1 if config.max_leaves is None else int(config.max_leaves),
                  float(config.min_samples_split), float(config.min_samples_leaf),
                  float(config.min_gain), float(config.min_impurity_decrease),
                  float(dataset.weights.sum()), TIE_TOLERANCE,
                  -1 if config.max_features is None else int(config.max_features),
                  int(config.random_state))


# ----------------------------------------------------------------------------------- kernel
@njit(cache=True, inline="always")
def _pure(i, nodes, rows, rules):
    """Hunt's first case: every row of the node in one class, or (regression) with one target
    value."""
    if rules.regression:
        return nodes.one_target[i] == 1
    classes_present = 0
    for c in nodes.counts[i]:
        if c > rules.tolerance:
            classes_present += 1
    return classes_present <= 1


@njit(cache=True, inline="always")
def _stop_before_split(i, nodes, rows, rules):
    """Hunt's first two cases and the limits checked before a node is scored, in the builder's
    order; :data:`WAITING` when none applies."""
    if _pure(i, nodes, rows, rules):
        return PURE
    entries = rows.entries
    n_features = entries.shape[0]
    if n_features == 0:
        return NO_FEATURES
    first, last = nodes.start[i], nodes.end[i] - 1
    identical = True
    for j in range(n_features):                   # a sorted segment is constant iff its ends are
        if _rank(entries[j, first]) != _rank(entries[j, last]):
            identical = False
            break
    if identical:
        return IDENTICAL
    if rules.max_depth >= 0 and nodes.depth[i] >= rules.max_depth:
        return MAX_DEPTH
    if nodes.weight[i] < rules.min_samples_split - rules.tolerance:
        return MIN_SAMPLES_SPLIT
    return WAITING


@njit(cache=True, inline="always")
def _choose(status, figures, rules, tie):
    """The chosen feature (or −1) by :func:`treecore.candidates.choose_index`'s rule: among
    the eligible candidates (a cut leaving both leaves large enough), and with Quinlan's filter
    those whose gain is at least the average gain, the highest score; scores within ``tie``
    of it tie, and ties go to the first."""
    gain_sum, n_eligible = 0.0, 0
    for j in range(len(status)):
        if status[j] == kernels.BEST_CUT:
            gain_sum += figures[j, GAIN]
            n_eligible += 1
    if n_eligible == 0:
        return -1
    average = gain_sum / n_eligible
    competing = np.zeros(len(status), np.bool_)
    top = -np.inf
    for j in range(len(status)):
        competing[j] = status[j] == kernels.BEST_CUT and not (
            rules.average_gain_filter and figures[j, GAIN] < average - rules.tolerance)
        if competing[j] and figures[j, SCORE] > top:
            top = figures[j, SCORE]
    for j in range(len(status)):
        if competing[j] and figures[j, SCORE] >= top - tie:
            return j
    return -1


@njit(cache=True, inline="always")
def _partition(rows, j, start, end):
    """Stable partition of ``entries[j][start:end]``: the rows going left first, each side
    keeping its order, so a sorted segment stays sorted. Every entry is written to both sides
    and only the cursor of its side advances: no branch to mispredict."""
    entries, spare, goes_left = rows.entries[j], rows.spare, rows.goes_left
    kept, moved = start, 0
    for q in range(start, end):
        entry = entries[q]
        flag = goes_left[_row(entry)]
        entries[kept] = entry
        spare[moved] = entry
        kept += flag
        moved += 1 - flag
    entries[kept:end] = spare[:moved]


@njit(cache=True, inline="always")
def _unpack(rows, j, start, end):
    """Feature j's segment as (value ranks, labels, weights, targets) views of the work arrays
    (no weights when every weight is 1; targets only for a regression tree)."""
    m = end - start
    weighted, regression = len(rows.w) > 0, len(rows.y) > 0
    for q in range(m):
        entry = rows.entries[j, start + q]
        rows.keys[q], rows.labels[q] = _rank(entry), _label(entry)
        if weighted:
            rows.weights[q] = rows.w[_row(entry)]
        if regression:
            rows.targets[q] = rows.y[_row(entry)]
    return (rows.keys[:m], rows.labels[:m], rows.weights[:m] if weighted else rows.weights[:0],
            rows.targets[:m] if regression else rows.targets[:0])


@njit(cache=True, inline="always")
def _add_child(nodes, counters, parent, start, end, step, rows):
    """A new node for the rows of the segment ``[start, end)``: its class counts (regression:
    sums W, S, Q, and whether its rows share one target) and weight, summed in the first
    feature's order (exact for unit and integer weights, and to rounding for others); no weight
    at all is Hunt's empty branch."""
    child = counters[N_NODES]
    counters[N_NODES] += 1
    nodes.start[child], nodes.end[child] = start, end
    nodes.parent[child], nodes.depth[child] = parent, nodes.depth[parent] + 1
    nodes.created_at[child] = step
    first_order = rows.entries[0]
    weighted, regression = len(rows.w) > 0, len(rows.y) > 0
    weight = 0.0
    one_target = True
    first_y = rows.y[_row(first_order[start])] if regression and end > start else 0.0
    for q in range(start, end):
        entry = first_order[q]
        weight_q = rows.w[_row(entry)] if weighted else 1.0
        if regression:
            y = rows.y[_row(entry)]
            nodes.counts[child, squared_error.SUM] += weight_q * y
            nodes.counts[child, squared_error.SQUARES] += weight_q * y * y
            one_target &= y == first_y
        else:
            nodes.counts[child, _label(entry)] += weight_q
        weight += weight_q
    nodes.weight[child] = weight
    if regression:
        nodes.counts[child, squared_error.WEIGHT] = weight
        nodes.one_target[child] = one_target
    if weight <= 0.0:
        nodes.stop[child] = EMPTY_BRANCH
    return child


@njit(cache=True, nogil=True, inline="always")
def _best_cut(j, i, rows, nodes, rules, status, cut_at, left, right, figures, pair,
              cut_scratch, figure_scratch):
    """Feature j's best cut at node i, from its sorted segment, with its figures; ``cut_at[j]``
    is the position of the last entry left of the cut (its values are read only for the
    features that need them, :func:`_cut_values`)."""
    start, end = nodes.start[i], nodes.end[i]
    keys, labels, weights, targets = _unpack(rows, j, start, end)
    if rules.regression:
        status[j], at = squared_error.best_cut_of_sorted(
            keys, targets, weights, nodes.counts[i], rules.min_samples_leaf,
            rules.tolerance, left[j], right[j])
    else:
        status[j], at = kernels.best_cut_of_sorted(
            keys, labels, weights, nodes.counts[i], rules.impurity_code,
            rules.min_samples_leaf, rules.tolerance, cut_scratch, left[j], right[j])
    if status[j] != kernels.NO_CUT:
        cut_at[j] = start + at
        pair[0], pair[1] = left[j], right[j]
        if rules.regression:
            squared_error.partition_figures(pair, figures[j])
        else:
            kernels.partition_figures(pair, 1.0, 0.0, rules.impurity_code,
                                      rules.ratio_score, figures[j], figure_scratch, False)


@njit(cache=True, inline="always")
def _cut_values(rows, j, position, lower, upper):
    """The values either side of feature j's cut after sorted ``position``: two row lookups,
    made only for the chosen feature (and for every feature of a step whose scores are kept)."""
    lower[j] = rows.columns[j, _row(rows.entries[j, position])]
    upper[j] = rows.columns[j, _row(rows.entries[j, position + 1])]


@njit(cache=True, nogil=True)
def _expand(rows, nodes, scores, counters, rules, work_budget):
    """Process waiting nodes in id (breadth-first) order until none is left, ``work_budget``
    row × feature visits are spent or the node arrays are full; the counters say where it is.
    With ``rules.max_features`` k ≥ 1 a node scores features in the order of
    :mod:`treecore.feature_draw` until k of them could cut (scikit-learn's rule)."""
    entries = rows.entries
    n_features, n_classes = entries.shape[0], nodes.counts.shape[1]
    status = np.zeros(n_features, np.int8)
    lower, upper = np.zeros(n_features), np.zeros(n_features)
    cut_at = np.zeros(n_features, np.int64)
    left, right = np.zeros((n_features, n_classes)), np.zeros((n_features, n_classes))
    figures = np.zeros((n_features, len(kernels.FIGURE_COLUMNS)))
    pair = np.zeros((2, n_classes))
    cut_scratch = kernels.cut_scratch(len(rows.keys), n_classes)
    figure_scratch = kernels.figure_scratch(2, n_classes)
    order = np.arange(n_features)
    capacity, work = len(nodes.start), 0
    while counters[NEXT_NODE] < counters[N_NODES] and work < work_budget \
            and counters[N_NODES] + 2 <= capacity:
        i = counters[NEXT_NODE]
        counters[NEXT_NODE] += 1
        if nodes.stop[i] != WAITING:
            continue
        stop = _stop_before_split(i, nodes, rows, rules)
        if stop != WAITING:
            nodes.stop[i] = stop
            continue
        start, end = nodes.start[i], nodes.end[i]
        work += (end - start) * n_features
        drawing = rules.max_features > 0
        key = feature_draw.node_key(rules.seed, i)
        if drawing:
            status[:] = kernels.NO_CUT
            order[:] = np.arange(n_features)
        any_small, can_cut = False, 0
        for step in range(n_features):
            j = feature_draw.draw_next(order, step, key) if drawing else step
            _best_cut(j, i, rows, nodes, rules, status, cut_at, left, right, figures,
                      pair, cut_scratch, figure_scratch)
            any_small |= status[j] == kernels.ONLY_SMALL_LEAVES
            can_cut += status[j] != kernels.NO_CUT
            if drawing and (can_cut == rules.max_features or step == n_features - 1):
                nodes.n_drawn[i] = step + 1
                break
        tie = rules.tolerance
        if rules.regression:                   # a squared error has the target's unit squared
            tie *= squared_error.mse(nodes.counts[i, 0], nodes.counts[i, 1], nodes.counts[i, 2])
        chosen = _choose(status, figures, rules, tie)
        if chosen < 0:
            nodes.stop[i] = MIN_SAMPLES_LEAF if any_small else IDENTICAL
            continue
        if figures[chosen, SCORE] < rules.min_gain - rules.tolerance:
            nodes.stop[i] = MIN_GAIN
            continue
        if nodes.weight[i] / rules.root_weight * figures[chosen, DECREASE] \
                < rules.min_impurity_decrease - rules.tolerance:
            nodes.stop[i] = MIN_IMPURITY_DECREASE
            continue
        if rules.max_leaves >= 0 and counters[N_NODES] - counters[STEPS] + 1 > rules.max_leaves:
            nodes.stop[i] = MAX_LEAVES
            continue
        step = counters[STEPS] + 1
        counters[STEPS] = step
        kept = step <= scores.status.shape[0]
        for j in range(n_features):
            if j == chosen or (kept and status[j] != kernels.NO_CUT):
                _cut_values(rows, j, cut_at[j], lower, upper)
        if kept:
            scores.status[step - 1], scores.lower[step - 1] = status, lower
            scores.upper[step - 1], scores.left[step - 1], scores.right[step - 1] = upper, left, right
        threshold = kernels.midpoint(lower[chosen], upper[chosen]) if rules.midpoint \
            else lower[chosen]
        nodes.expanded_at[i], nodes.feature[i] = step, chosen
        nodes.lower[i], nodes.upper[i], nodes.threshold[i] = lower[chosen], upper[chosen], threshold
        nodes.branch_counts[i, 0], nodes.branch_counts[i, 1] = left[chosen], right[chosen]
        middle = cut_at[chosen] + 1            # x ≤ t goes left (Candidate.branch_index), and
        for q in range(start, end):            # lower ≤ t < upper: the sorted entries up to
            rows.goes_left[_row(entries[chosen, q])] = q < middle      # the cut's position
        for j in range(n_features):
            _partition(rows, j, start, end)
        nodes.first_child[i] = _add_child(nodes, counters, i, start, middle, step, rows)
        _add_child(nodes, counters, i, middle, end, step, rows)


# ----------------------------------------------------------------------------------- driver
class Presorted(NamedTuple):
    """Every feature's rows in value order: ``columns[j]`` holds feature j's values by row,
    ``entries[j]`` the rows as packed entries (row, value rank, class), sorted by value."""

    columns: np.ndarray
    entries: np.ndarray


def presort(data: Dataset, late=lambda: False) -> Presorted | None:
    """The features of ``data`` sorted once (None when ``late()`` turned true first). Features
    are sorted on two threads (numpy releases the GIL while sorting). Equal values may come in
    any order: unit and integer weights sum exactly whatever the order, and other weights to
    rounding."""
    n, n_features = data.n_rows, data.n_features
    columns = np.ascontiguousarray(data.X.T)
    rows_high = np.arange(n, dtype=np.int64) << 32
    labels = np.zeros(n, np.int64) if data.is_regression else data.y.astype(np.int64)
    entries = np.empty((n_features, n), np.int64)

    def sort_feature(j: int) -> bool:
        if late():
            return False
        order = np.argsort(columns[j])
        ordered = columns[j, order]
        ranks = np.zeros(n, np.int64)
        np.cumsum(ordered[1:] != ordered[:-1], out=ranks[1:])
        entries[j] = rows_high[order] | (ranks << CLASS_BITS) | labels[order]
        return True

    with ThreadPoolExecutor(SORTING_THREADS) as pool:
        if not all(pool.map(sort_feature, range(n_features))):
            return None
    return Presorted(columns, entries)


@njit(cache=True, nogil=True)
def _present_entries(entries, weights, out):
    """The entries of the rows of positive weight into ``out``, each feature's in its order
    (value ranks keep their gaps: only their order and equality are read)."""
    for j in range(entries.shape[0]):
        kept = 0
        for q in range(entries.shape[1]):
            if weights[_row(entries[j, q])] > 0.0:
                out[j, kept] = entries[j, q]
                kept += 1


class PresortedGrowth(CompiledGrowth):
    """One run of the presorted engine: :meth:`run` grows (within ``max_seconds``), then
    :meth:`tree` gives the tree and :meth:`steps` its growth steps. ``keep_scores`` keeps the
    per-feature threshold search of that many first steps, so their candidate tables need no
    second pass over the rows; later steps score their node again when asked. Members of an
    ensemble share one sort of the rows (``shared``): each grows on the rows its weights keep."""

    def __init__(self, dataset: Dataset, config: GrowthConfig, *,
                 max_seconds: float | None = None, keep_scores: int = 0,
                 shared: "Presorted | None" = None, on_tick=None):
        super().__init__(dataset, config, max_seconds, on_tick)
        #: The sort of the features this growth reads (:func:`presort`): made by the first
        #: :meth:`run`, or ``shared`` by every member of an ensemble grown on these rows.
        self.shared = shared
        n = self.n_present = dataset.n_rows if shared is None else \
            int(np.count_nonzero(dataset.weights > 0))
        if dataset.is_regression:
            root = squared_error.sums(dataset.y, dataset.weights)
        else:
            root = np.bincount(dataset.y, weights=dataset.weights, minlength=dataset.n_classes)
        self.nodes = _Nodes.empty(min(1024, 2 * n), len(root))
        self.counters = np.array([1, 0, 0], np.int64)
        self.nodes.start[0], self.nodes.end[0], self.nodes.depth[0] = 0, n, 0
        self.nodes.created_at[0] = 0
        self.nodes.counts[0] = root
        self.nodes.weight[0] = float(dataset.weights.sum())
        if dataset.is_regression:
            targets = dataset.y if shared is None else dataset.y[dataset.weights > 0]
            self.nodes.one_target[0] = int(len(targets) > 0 and (targets == targets[0]).all())
        self.scores = _Scores.empty(min(keep_scores, n), dataset.n_features, len(root))
        self.segment_rows = np.arange(n)

    def _presort(self) -> _Rows | None:
        """The rows as the kernel reads them, or None when time ran out first: the features
        sorted here, or the shared sort's entries of the rows of positive weight (a row of
        weight 0 is absent: it moves no threshold)."""
        data = self.data
        if self.shared is None:
            self.shared = presort(data, self._late)
            if self.shared is None:
                return None
            entries = self.shared.entries
        else:
            entries = np.empty((data.n_features, self.n_present), np.int64)
            _present_entries(self.shared.entries, data.weights, entries)
        n = data.n_rows
        weights = data.weights.astype(float)
        w = weights if (weights != 1.0).any() else weights[:0]
        y = data.y.astype(float) if data.is_regression else np.zeros(0)
        return _Rows(self.shared.columns, w, y, entries, np.zeros(n, np.uint8),
                     np.empty(n, np.int64), np.empty(n, np.int32), np.empty(n, np.uint8),
                     np.empty(len(w)), np.empty(len(y)))

    def _grow(self) -> None:
        rows = self._presort()
        if rows is None:
            return
        rules = kernel_rules(self.data, self.config, self.criterion)
        while self.counters[NEXT_NODE] < self.counters[N_NODES] and not self._late():
            if self.counters[N_NODES] + 2 > len(self.nodes.start):
                self.nodes = enlarged(self.nodes, 2 * len(self.nodes.start))
            _expand(rows, self.nodes, self.scores, self.counters, rules, WORK_PER_CALL)
        self.segment_rows = rows.entries[0] >> 32

    # ------------------------------------------------------------------------------- results
    def node_rows(self, node_id: int) -> np.ndarray:
        """The rows reaching a node, in row order: its segment of the first feature's order,
        sorted (expanding a node only permutes the rows within its segment)."""
        return np.sort(self.segment_rows[self.nodes.start[node_id]:self.nodes.end[node_id]])

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
        Candidate objects when first asked for (:class:`~treecore.tree.LazyNodes`)."""
        n = int(self.counters[N_NODES])
        if self.data.is_regression:
            distribution = leaf_means(self.nodes.counts[:n], self.nodes.parent[:n])[:, None]
            prediction = np.zeros(n, np.int64)
        else:
            distribution, prediction = leaf_votes(self.nodes.counts[:n], self.nodes.parent[:n])
        factory = _NodeFactory(_Nodes(*(array[:n].copy() for array in self.nodes)),
                               self.data.features, self.config, self.criterion, distribution,
                               prediction)
        return Tree(self.data.schema, LazyNodes(n, factory.nodes), tree_settings(self.config, {}),
                    int(self.counters[STEPS]), prebuilt=self._routing(n, distribution))

    def _routing(self, n: int, distribution: np.ndarray) -> CompiledTree:
        """The arrays :func:`treecore.predict.compile_tree` would make of the finished nodes
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
        first = a.first_child[expanded]
        children = np.column_stack([first, first + 1]).reshape(-1)
        weights = _branch_weights(a.branch_counts[expanded], self.data.is_regression)
        fractions = (weights / weights.sum(axis=1, keepdims=True)).reshape(-1)
        nothing = np.zeros(n, np.int64)
        return CompiledTree(kind, feature, threshold, nothing, nothing.copy(),
                            np.zeros(0, np.int64), child_offset, n_children, children, fractions,
                            distribution)


def _drawn_only(table: CandidateTable, node: Node) -> CandidateTable:
    """A node's candidate table cut to the features it drew (``node.feature_subset``)."""
    kept = tuple(c for c in table if c.feature_index in node.feature_subset)
    chosen = [c.feature for c in kept].index(node.split.feature)
    return CandidateTable(kept, table.criterion, table.average_gain, chosen)


def _branch_weights(branch_counts: np.ndarray, regression: bool) -> np.ndarray:
    """The weight of each branch from its class counts, or from its sums (W, S, Q)."""
    return branch_counts[..., squared_error.WEIGHT] if regression else branch_counts.sum(axis=-1)


class _NodeFactory:
    """What the tree's :class:`Node` and :class:`Candidate` objects are made of, kept by the
    tree until a view first asks for its nodes: the kernel's node arrays (trimmed), the features,
    the growth settings and the criterion; not the rows."""

    def __init__(self, arrays: _Nodes, features, config, criterion, distribution, prediction):
        self.arrays, self.features, self.criterion = arrays, features, criterion
        self.config, self.distribution, self.prediction = config, distribution, prediction

    def nodes(self) -> tuple[Node, ...]:
        """Every node, in id order (with the garbage collector paused)."""
        a = self.arrays
        regression = self.criterion.task == "regression"
        with collector_paused():
            return nodes_from_arrays(
                self._splits(), parent=a.parent, depth=a.depth, n_samples=a.end - a.start,
                weight=a.weight, created_at=a.created_at, expanded_at=a.expanded_at,
                first_child=a.first_child, counts=a.counts[:, :0] if regression else a.counts,
                distribution=self.distribution, prediction=self.prediction,
                impurity=squared_error.node_mse(a.counts) if regression
                else IMPURITIES[self.criterion.impurity](a.counts),
                stop_reasons=[REASONS[s] if s != WAITING else None for s in a.stop.tolist()],
                values=self.distribution[:, 0] if regression else None,
                feature_subsets=drawn_subsets(self.config, len(self.features), a.n_drawn))

    def _splits(self) -> dict:
        """The chosen candidate of every expanded node, its figures computed in one call."""
        a = self.arrays
        expanded = np.flatnonzero(a.expanded_at >= 0)
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
