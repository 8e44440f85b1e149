"""TreeGenerate compiled for every table: nominal attributes, missing values and sample weights.

:mod:`treecore.presorted` is fastest where every feature is continuous and every value known: it
sorts once at the root and partitions in place. Real tables have text categories and empty
cells, and there a row whose tested value is missing goes down *every* branch with weight
w·r̃ᵥ (Zhou §4.4.2, Quinlan 1993 ch. 2), so a node's rows are no longer a part of its parent's
and a partition in place cannot hold them. This engine keeps, per node, a list of (row, weight)
entries in an arena, and for each continuous feature the same rows in value order (sorted once
at the root, missing values last); expanding a node appends each child's list (the rows sent to
its branch, then the parent's rows with a missing value, weight × r̃ᵥ, exactly as
:meth:`treecore.candidates.Candidate.split_rows` orders them) and each child's part of every
sorted segment, in order, so no node sorts. At each node:

* a continuous feature's known values are read in order from its segment and searched by
  :func:`treecore.kernels.best_cut_of_sorted` (equal values may come in another order than the
  builder's; only the rounding of fractional sums can differ);
* a nominal feature's class weights are counted per code, one pass, no sort: one branch per
  value (ID3, C4.5), or CART's best "subset vs rest" by the enumeration of
  :func:`treecore.splitting.subset_memberships` (same order, so the same tie-breaks);
* every candidate is scored by :func:`treecore.kernels.partition_figures` with ρ and the
  missing weight (Zhou 式 4.12, Quinlan's IV) and chosen by the rule of
  :func:`treecore.candidates.choose_index`.

A regression tree (CART's least squares) grows by the same loop: a node keeps the sums (W, S, Q)
of :mod:`treecore.squared_error` in place of class weights, a continuous feature's cut is
searched by that module's :func:`~treecore.squared_error.best_cut_of_sorted`, a nominal
feature's two groups by :func:`~treecore.squared_error.best_ordered_cut` (its values ordered by
mean target), and a cut's decrease is that of its known rows scaled by ρ, as
:mod:`treecore.least_squares` scores it.

The stopping cases and their order are the general builder's (:class:`treecore.builder.Growth`),
so the tree is the one it grows, node for node (a property test holds the three engines
together). No Python object is made per node while growing; growth runs in compiled chunks of
bounded work, so a deadline is checked often. Forced splits, validation-set pre-pruning and the
absolute error stay with the general builder.
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
from .predict import CONTINUOUS_SPLIT, NOMINAL_SPLIT, CompiledTree
from .presorted import (CLASS_BITS, DECREASE, EMPTY_BRANCH, GAIN, IDENTICAL, MAX_CLASSES,
                        MAX_DEPTH, MAX_LEAVES, MAX_ROWS, MIN_GAIN, MIN_IMPURITY_DECREASE,
                        MIN_SAMPLES_LEAF, MIN_SAMPLES_SPLIT, NO_FEATURES, PURE, REASONS, SCORE,
                        SORTING_THREADS, WAITING, WORK_PER_CALL, _label, _rank, _row)
from .splitting import (EXHAUSTIVE_LEVELS, FIGURES, NodeData, NodeScores, Proposal, SplitRules,
                        subset_labels, build_candidate, partition_figures, score_node)
from .tree import LazyNodes, Node, Tree

#: How a node was split (``_Nodes.split_kind``).
NOT_SPLIT, THRESHOLD, MULTIWAY, SUBSET = range(4)
#: A feature's proposal at a node: none, one that may be chosen, or one with a note.
NONE, ELIGIBLE, SMALL_LEAF, ONE_VALUE = range(4)
NOTES = {SMALL_LEAF: "leaf too small", ONE_VALUE: "one value only"}

# counters: positions in the kernel's counter array
N_NODES, NEXT_NODE, STEPS, ARENA_TOP, SUBSET_TOP = range(5)
#: What :func:`_expand` returns: work done (or nothing waits), or it needs larger arrays first.
DONE, NEED_SPACE = 0, 1


#: The value rank of a missing value in a sorted segment: after every known value.
MISSING_RANK = MAX_ROWS


def applies(dataset: Dataset, force, validation) -> bool:
    """Whether this engine can grow the tree: at least one feature, no forced split and no
    validation-set pre-pruning (those stay with the general builder), and fewer rows and
    classes than a packed entry holds (16.7 million and 255)."""
    return (not force and validation is None and dataset.n_features > 0
            and dataset.n_rows < MAX_ROWS and dataset.n_classes <= MAX_CLASSES)


class _Arena(NamedTuple):
    """The entries of the nodes still to expand, each node one segment ``[start, end)`` of
    every array: its (row, weight) pairs in the builder's order, and for each continuous
    feature the same rows as packed entries (:mod:`treecore.presorted`'s row, value rank,
    class) in value order, the rows whose value is missing last (rank :data:`MISSING_RANK`)."""

    rows: np.ndarray
    weights: np.ndarray
    sorted_entries: np.ndarray

    @classmethod
    def empty(cls, capacity: int, n_continuous: int) -> "_Arena":
        return cls(np.empty(capacity, np.int64), np.empty(capacity),
                   np.empty((n_continuous, capacity), np.int64))


class _Nodes(NamedTuple):
    """Per node (by id): its arena segment, tree links, statistics and split. ``in_counts``
    holds the known rows' class counts of the branch that made the node (its parent's
    ``branch_counts`` row); ``subset_at``/``subset_len`` locate a CART subset's codes;
    ``n_drawn`` is how many features it drew at random (−1: not scored, or all scored);
    ``one_target`` is 1 when every row of a regression node has the same target (found as its
    sums are summed)."""

    start: np.ndarray
    end: np.ndarray
    parent: np.ndarray
    depth: np.ndarray
    created_at: np.ndarray
    expanded_at: np.ndarray
    stop: np.ndarray
    feature: np.ndarray
    split_kind: np.ndarray
    first_child: np.ndarray
    n_children: np.ndarray
    n_drawn: np.ndarray
    n_rows: np.ndarray
    one_target: np.ndarray
    subset_at: np.ndarray
    subset_len: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    threshold: np.ndarray
    rho: np.ndarray
    missing: np.ndarray
    weight: np.ndarray
    counts: np.ndarray
    in_counts: np.ndarray

    @classmethod
    def empty(cls, capacity: int, n_classes: int) -> "_Nodes":
        ints = [np.full(capacity, -1, np.int64) for _ in range(16)]
        floats = [np.zeros(capacity) for _ in range(6)]
        return cls(*ints, *floats, np.zeros((capacity, n_classes)),
                   np.zeros((capacity, n_classes)))


class _Rules(NamedTuple):
    """The growth parameters as the kernel reads them (−1: no limit)."""

    regression: bool
    impurity_code: int
    ratio_score: bool
    average_gain_filter: bool
    midpoint: bool
    multiway: bool
    exhaustive_levels: int
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


class _Work(NamedTuple):
    """Scratch arrays for one node, allocated once per compiled call."""

    values: np.ndarray          # a nominal feature's known codes at the node, classes, weights
    labels: np.ndarray          # (regression: and targets)
    weights: np.ndarray
    targets: np.ndarray
    status: np.ndarray          # per feature: NONE, ELIGIBLE, SMALL_LEAF or ONE_VALUE
    n_branches: np.ndarray
    rho: np.ndarray
    missing: np.ndarray
    cut_at: np.ndarray          # per continuous feature: its cut's last sorted position left
    branch_counts: np.ndarray   # (features, widest, classes)
    member: np.ndarray          # (features, levels): a CART subset's codes
    figures: np.ndarray
    excluded: np.ndarray
    level_counts: np.ndarray    # (levels, classes)
    keys: np.ndarray            # a sorted segment unpacked: value ranks, classes, weights
    key_labels: np.ndarray      # (regression: and targets)
    key_weights: np.ndarray
    key_targets: np.ndarray
    row_weight: np.ndarray      # per row: its weight at the node being expanded
    row_branch: np.ndarray      # per row: its branch there (−1: value missing)


# ----------------------------------------------------------------------------------- kernel
@njit(cache=True)
def _work(n, n_features, widest, most_levels, n_classes, n_targets):
    """The scratch arrays for ``n`` rows (a node holds each row once at most); ``n_targets``
    is ``n`` for a regression tree, else 0."""
    return _Work(np.empty(n), np.empty(n, np.int64), np.empty(n), np.empty(n_targets),
                 np.zeros(n_features, np.int8), np.zeros(n_features, np.int64),
                 np.zeros(n_features), np.zeros(n_features), np.zeros(n_features, np.int64),
                 np.zeros((n_features, widest, n_classes)),
                 np.zeros((n_features, most_levels), np.bool_),
                 np.zeros((n_features, len(kernels.FIGURE_COLUMNS))),
                 np.zeros(n_features, np.bool_), np.zeros((most_levels, n_classes)),
                 np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n),
                 np.empty(n_targets), np.zeros(n), np.zeros(n, np.int64))


@njit(cache=True)
def _excluded(i, nodes, excluded):
    """The nominal features split multiway on the path to node ``i``: used up below it."""
    excluded[:] = False
    a = nodes.parent[i]
    while a >= 0:
        if nodes.split_kind[a] == MULTIWAY:
            excluded[nodes.feature[a]] = True
        a = nodes.parent[a]


@njit(cache=True)
def _pure(i, nodes, rules):
    """Hunt's first case: every row of the node in one class, or (regression) with one target
    value."""
    if rules.regression:
        return nodes.one_target[i] == 1
    classes_present = 0
    for c in nodes.counts[i]:
        if c > rules.tolerance:
            classes_present += 1
    return classes_present <= 1


@njit(cache=True)
def _stop_before_split(i, nodes, arena, columns, work, rules):
    """Hunt's first two cases and the limits checked before a node is scored, in the builder's
    order; :data:`WAITING` when none applies."""
    if _pure(i, nodes, rules):
        return PURE
    usable = 0
    identical = True
    for j in range(columns.shape[0]):
        if work.excluded[j]:
            continue
        usable += 1
        if identical:
            seen, first = False, 0.0
            for q in range(nodes.start[i], nodes.end[i]):
                v = columns[j, arena.rows[q]]
                if np.isnan(v):
                    continue
                if not seen:
                    seen, first = True, v
                elif v != first:
                    identical = False
                    break
    if usable == 0:
        return NO_FEATURES
    if identical:
        return IDENTICAL
    if rules.max_depth >= 0 and nodes.depth[i] >= rules.max_depth:
        return MAX_DEPTH
    if nodes.weight[i] < rules.min_samples_split - rules.tolerance:
        return MIN_SAMPLES_SPLIT
    return WAITING


@njit(cache=True)
def _gather(i, j, nodes, arena, columns, y, targets, work):
    """Nominal feature j's known codes at node i, with their classes (regression: targets)
    and weights, in the node's row order; returns (how many, their weight)."""
    regression = len(work.targets) > 0
    m, known = 0, 0.0
    for q in range(nodes.start[i], nodes.end[i]):
        row = arena.rows[q]
        v = columns[j, row]
        if not np.isnan(v):
            work.values[m], work.labels[m], work.weights[m] = v, y[row], arena.weights[q]
            if regression:
                work.targets[m] = targets[row]
            known += arena.weights[q]
            m += 1
    return m, known


@njit(cache=True)
def _continuous(i, j, c, nodes, arena, columns, targets, unit, work, rules, cut_scratch):
    """The best bi-partition of continuous feature j (the c-th continuous one) at node i, from
    its sorted segment: no sort at the node; by class weights, or (regression) by squared
    error (:func:`treecore.squared_error.best_cut_of_sorted`). Returns (status, how many values
    are known, their weight)."""
    entries = arena.sorted_entries[c]
    m, known = 0, 0.0
    for q in range(nodes.start[i], nodes.end[i]):
        entry = entries[q]
        if _rank(entry) == MISSING_RANK:
            break
        work.keys[m], work.key_labels[m] = _rank(entry), _label(entry)
        work.key_weights[m] = work.row_weight[_row(entry)]
        if rules.regression:
            work.key_targets[m] = targets[_row(entry)]
        known += work.key_weights[m]
        m += 1
    if m < 2:
        return NONE, m, known
    total = np.zeros(work.branch_counts.shape[2])
    for p in range(m):
        if rules.regression:
            w_p, t_p = work.key_weights[p], work.key_targets[p]
            total[squared_error.WEIGHT] += w_p
            total[squared_error.SUM] += w_p * t_p
            total[squared_error.SQUARES] += w_p * t_p * t_p
        else:
            total[work.key_labels[p]] += work.key_weights[p]
    weights = work.key_weights[:0] if unit else work.key_weights[:m]
    if rules.regression:
        status, end = squared_error.best_cut_of_sorted(
            work.keys[:m], work.key_targets[:m], weights, total, rules.min_samples_leaf,
            rules.tolerance, work.branch_counts[j, 0], work.branch_counts[j, 1])
    else:
        status, end = kernels.best_cut_of_sorted(
            work.keys[:m], work.key_labels[:m], weights, total, rules.impurity_code,
            rules.min_samples_leaf, rules.tolerance, cut_scratch, work.branch_counts[j, 0],
            work.branch_counts[j, 1])
    if status == kernels.NO_CUT:
        return NONE, m, known
    work.cut_at[j] = nodes.start[i] + end      # its values are read if it is chosen (_split)
    work.n_branches[j] = 2
    return (ELIGIBLE if status == kernels.BEST_CUT else SMALL_LEAF), m, known


@njit(cache=True)
def _count_levels(j, m, n_levels, work):
    """(levels, classes) weighted class counts of nominal feature j's gathered values."""
    counts = work.level_counts[:n_levels]
    counts[:] = 0.0
    for p in range(m):
        counts[int(work.values[p]), work.labels[p]] += work.weights[p]
    return counts


@njit(cache=True)
def _multiway(j, m, n_levels, work, rules):
    """One branch per value of the domain (ID3, C4.5): at least two branches must hold a
    value, and two must hold ``min_samples_leaf`` weight (Quinlan 1993)."""
    if m == 0:
        return NONE
    counts = _count_levels(j, m, n_levels, work)
    work.branch_counts[j, :n_levels] = counts
    work.n_branches[j] = n_levels
    floor = max(rules.min_samples_leaf, rules.tolerance) - rules.tolerance
    filled, large = 0, 0
    for v in range(n_levels):
        weight = counts[v].sum()
        filled += weight > 0.0
        large += weight >= floor
    if filled < 2:
        return ONE_VALUE
    return ELIGIBLE if large >= 2 else SMALL_LEAF


@njit(cache=True)
def _memberships(level_counts, exhaustive):
    """Candidate left-branch memberships over the levels present, in the order of
    :func:`treecore.splitting.subset_memberships` (whose docstring says why they suffice)."""
    n_levels, n_classes = level_counts.shape
    if exhaustive:
        n = 2 ** (n_levels - 1) - 1
        out = np.zeros((n, n_levels), np.bool_)
        for mask in range(n):
            out[mask, 0] = True
            for b in range(n_levels - 1):
                out[mask, b + 1] = (mask >> b) & 1
        return out
    orderings = 1 if n_classes == 2 else n_classes
    rows = np.zeros((orderings * (n_levels - 1), n_levels), np.bool_)
    proportions = np.empty(n_levels)
    r = 0
    for c in range(orderings):
        for v in range(n_levels):
            proportions[v] = level_counts[v, c] / level_counts[v].sum()
        order = np.argsort(proportions, kind="mergesort")
        for size in range(1, n_levels):
            for p in range(size):
                rows[r, order[p]] = True
            if not rows[r, 0]:
                rows[r] = ~rows[r]
            r += 1
    return _unique_descending(rows)


@njit(cache=True)
def _descends(a, b):
    """Whether bool row ``a`` comes after ``b`` lexicographically (False < True)."""
    for p in range(len(a)):
        if a[p] != b[p]:
            return a[p]
    return False


@njit(cache=True)
def _unique_descending(rows):
    """The distinct rows, lexicographically descending: ``np.unique(rows, axis=0)[::-1]``."""
    n = rows.shape[0]
    order = np.arange(n)
    for p in range(1, n):                       # insertion sort: a few dozen rows at most
        q = p
        while q > 0 and _descends(rows[order[q]], rows[order[q - 1]]):
            order[q], order[q - 1] = order[q - 1], order[q]
            q -= 1
    keep = np.zeros(n, np.bool_)
    kept = 0
    for p in range(n):
        if p == 0 or _descends(rows[order[p - 1]], rows[order[p]]):
            keep[p] = True
            kept += 1
    out = np.empty((kept, rows.shape[1]), np.bool_)
    r = 0
    for p in range(n):
        if keep[p]:
            out[r] = rows[order[p]]
            r += 1
    return out


@njit(cache=True, inline="always")
def _lowest_bit(x):
    """The position of the lowest set bit of ``x`` (> 0)."""
    bit = 0
    while not (x >> bit) & 1:
        bit += 1
    return bit


@njit(cache=True, inline="always")
def _score_subset(s, pair, total, rho, missing, rules, floor, decreases, valid, figure_scratch,
                  out):
    """Subset ``s`` with ``pair[0]`` its left branch's class weights: its decrease and whether
    both branches hold ``floor`` weight."""
    pair[1] = total - pair[0]
    kernels.partition_figures(pair, rho, missing, rules.impurity_code, rules.ratio_score, out,
                              figure_scratch, False)
    decreases[s] = out[DECREASE]
    valid[s] = pair[0].sum() >= floor and pair[1].sum() >= floor


@njit(cache=True)
def _subset(j, m, n_levels, work, rules, rho, missing, pair, figure_scratch, out):
    """CART's best "subset vs rest" split of nominal feature j (see
    :func:`treecore.splitting.binary_proposal`): the highest decrease among the subsets leaving
    both leaves large enough, else the highest of all, marked as too small."""
    if m == 0:
        return NONE
    counts = _count_levels(j, m, n_levels, work)
    present = np.flatnonzero(counts.sum(axis=1) > 0.0)
    if len(present) < 2:
        return NONE
    level_counts = counts[present]
    n_classes = counts.shape[1]
    exhaustive = n_classes > 2 and len(present) <= rules.exhaustive_levels
    memberships = _memberships(level_counts, exhaustive)
    total = level_counts.sum(axis=0)
    floor = rules.min_samples_leaf - rules.tolerance
    best_valid, best_any = -1, -1
    n_subsets = len(memberships)
    decreases = np.empty(n_subsets)
    valid = np.zeros(n_subsets, np.bool_)
    if exhaustive:            # every mask, in Gray-code order: one level changes side each time
        pair[0] = level_counts[0]
        previous = 0
        for step in range(n_subsets + 1):
            mask = step ^ (step >> 1)
            if step > 0:
                level = _lowest_bit(mask ^ previous) + 1
                if mask & (mask ^ previous):
                    pair[0] += level_counts[level]
                else:
                    pair[0] -= level_counts[level]
                previous = mask
            if mask < n_subsets:                    # the last mask puts every level left
                _score_subset(mask, pair, total, rho, missing, rules, floor, decreases, valid,
                              figure_scratch, out)
    else:
        for s in range(n_subsets):
            pair[0] = 0.0
            for v in range(len(present)):
                if memberships[s, v]:
                    pair[0] += level_counts[v]
            _score_subset(s, pair, total, rho, missing, rules, floor, decreases, valid,
                          figure_scratch, out)
    top_valid, top_any = -np.inf, -np.inf
    for s in range(n_subsets):
        top_any = max(top_any, decreases[s])
        if valid[s]:
            top_valid = max(top_valid, decreases[s])
    for s in range(len(memberships)):           # ties within tolerance: the first in order
        if best_valid < 0 and valid[s] and decreases[s] >= top_valid - rules.tolerance:
            best_valid = s
        if best_any < 0 and decreases[s] >= top_any - rules.tolerance:
            best_any = s
    best = best_valid if best_valid >= 0 else best_any
    work.member[j, :] = False
    work.branch_counts[j, 0] = 0.0
    for v in range(len(present)):
        if memberships[best, v]:
            work.member[j, present[v]] = True
            work.branch_counts[j, 0] += level_counts[v]
    work.branch_counts[j, 1] = total - work.branch_counts[j, 0]
    work.n_branches[j] = 2
    return ELIGIBLE if best_valid >= 0 else SMALL_LEAF


@njit(cache=True)
def _ordered_groups(j, m, n_levels, work, rules):
    """A regression tree's best split of nominal feature j into two groups of values: its
    values ordered by mean target, the best cut of that order
    (:func:`treecore.squared_error.best_ordered_cut`)."""
    if m == 0:
        return NONE
    level_sums = work.level_counts[:n_levels]
    level_sums[:] = 0.0
    for p in range(m):
        v, w_p, t_p = int(work.values[p]), work.weights[p], work.targets[p]
        level_sums[v, squared_error.WEIGHT] += w_p
        level_sums[v, squared_error.SUM] += w_p * t_p
        level_sums[v, squared_error.SQUARES] += w_p * t_p * t_p
    ordered = squared_error.ordered_levels(level_sums)
    status, at = squared_error.best_ordered_cut(level_sums[ordered], rules.min_samples_leaf,
                                                rules.tolerance, work.branch_counts[j, 0],
                                                work.branch_counts[j, 1])
    if status == kernels.NO_CUT:
        return NONE
    work.member[j, :] = False
    for p in range(at + 1):
        work.member[j, ordered[p]] = True
    work.n_branches[j] = 2
    return ELIGIBLE if status == kernels.BEST_CUT else SMALL_LEAF


@njit(cache=True)
def _choose(work, rules, tie):
    """The chosen feature (or −1) by :func:`treecore.candidates.choose_index`'s rule: among
    the eligible candidates, and with Quinlan's filter those whose gain is at least the average
    gain, the highest score; scores within ``tie`` of it tie, and ties go to the first."""
    status, figures = work.status, work.figures
    gain_sum, n_eligible = 0.0, 0
    for j in range(len(status)):
        if status[j] == ELIGIBLE:
            gain_sum += figures[j, GAIN]
            n_eligible += 1
    if n_eligible == 0:
        return -1
    average = gain_sum / n_eligible
    top, chosen = -np.inf, -1
    for j in range(len(status)):
        competing = status[j] == ELIGIBLE and not (
            rules.average_gain_filter and figures[j, GAIN] < average - rules.tolerance)
        if competing and figures[j, SCORE] > top:
            top = figures[j, SCORE]
    for j in range(len(status)):
        competing = status[j] == ELIGIBLE and not (
            rules.average_gain_filter and figures[j, GAIN] < average - rules.tolerance)
        if competing and figures[j, SCORE] >= top - tie:
            return j
    return chosen


@njit(cache=True)
def _score(i, nodes, arena, columns, y, targets, continuous_at, levels, work, rules, cut_scratch,
           pair, figure_scratch, order):
    """Every usable feature's best split at node i, with its figures, into ``work``; with
    ``rules.max_features`` k ≥ 1 the features in the order of :mod:`treecore.feature_draw`
    until k of them could split (a feature used up on the path is passed over)."""
    start, end = nodes.start[i], nodes.end[i]
    unit = True                       # all weights 1: the threshold scan may count
    for q in range(start, end):
        unit = unit and arena.weights[q] == 1.0
        work.row_weight[arena.rows[q]] = arena.weights[q]
    n_features = columns.shape[0]
    work.status[:] = NONE
    drawing = rules.max_features > 0
    key = feature_draw.node_key(rules.seed, i)
    order[:] = np.arange(n_features)
    can_split, drawn = 0, n_features
    for step in range(n_features):
        j = feature_draw.draw_next(order, step, key) if drawing else step
        if work.excluded[j]:
            continue
        _score_feature(i, j, nodes, arena, columns, y, targets, continuous_at, levels, work,
                       rules, unit, cut_scratch, pair, figure_scratch)
        can_split += work.status[j] != NONE and work.status[j] != ONE_VALUE
        if drawing and can_split == rules.max_features:
            drawn = step + 1
            break
    if drawing:
        nodes.n_drawn[i] = drawn


@njit(cache=True)
def _score_feature(i, j, nodes, arena, columns, y, targets, continuous_at, levels, work, rules,
                   unit, cut_scratch, pair, figure_scratch):
    """Feature j's best split at node i, with its figures, into ``work``: a regression split's
    decrease and score are those of its known rows scaled by ρ, as
    :func:`treecore.least_squares.node_candidates` scores them."""
    start, end = nodes.start[i], nodes.end[i]
    total = nodes.weight[i]
    if continuous_at[j] >= 0:
        work.status[j], m, known = _continuous(i, j, continuous_at[j], nodes, arena,
                                               columns, targets, unit, work, rules,
                                               cut_scratch)
    else:
        m, known = _gather(i, j, nodes, arena, columns, y, targets, work)
    complete = m == end - start
    work.rho[j] = 1.0 if complete else (known / total if total > 0.0 else 0.0)
    work.missing[j] = 0.0 if complete else total - known
    if continuous_at[j] < 0 and rules.regression:
        work.status[j] = _ordered_groups(j, m, levels[j], work, rules)
    elif continuous_at[j] < 0 and rules.multiway:
        work.status[j] = _multiway(j, m, levels[j], work, rules)
    elif continuous_at[j] < 0:
        work.status[j] = _subset(j, m, levels[j], work, rules, work.rho[j], work.missing[j],
                                 pair, figure_scratch, work.figures[j])
    if work.status[j] != NONE and rules.regression:
        squared_error.partition_figures(work.branch_counts[j, :2], work.figures[j])
        work.figures[j, DECREASE] *= work.rho[j]
        work.figures[j, SCORE] *= work.rho[j]
    elif work.status[j] != NONE:
        kernels.partition_figures(work.branch_counts[j, :work.n_branches[j]], work.rho[j],
                                  work.missing[j], rules.impurity_code, rules.ratio_score,
                                  work.figures[j], figure_scratch, False)


@njit(cache=True)
def _stop_after_choice(i, chosen, nodes, counters, work, rules):
    """The limits checked once the split is known, in the builder's order."""
    figures = work.figures[chosen]
    if figures[SCORE] < rules.min_gain - rules.tolerance:
        return MIN_GAIN
    if nodes.weight[i] / rules.root_weight * figures[DECREASE] \
            < rules.min_impurity_decrease - rules.tolerance:
        return MIN_IMPURITY_DECREASE
    if rules.max_leaves >= 0 and \
            counters[N_NODES] - counters[STEPS] + work.n_branches[chosen] - 1 > rules.max_leaves:
        return MAX_LEAVES
    return WAITING


@njit(cache=True)
def _split(i, j, step, nodes, arena, columns, y, targets, continuous_at, work, rules, counters,
           subset_codes):
    """Record node i's split on feature j and append its children: each branch's rows in the
    node's order, then the rows whose value is missing with weight × r̃ᵥ (where r̃ᵥ > 0); every
    sorted segment is partitioned the same way, keeping its order (so it stays sorted)."""
    n_branches = work.n_branches[j]
    branch_counts = work.branch_counts[j, :n_branches]
    start, end = nodes.start[i], nodes.end[i]
    nodes.expanded_at[i], nodes.feature[i] = step, j
    nodes.rho[i], nodes.missing[i] = work.rho[j], work.missing[j]
    if continuous_at[j] >= 0:
        nodes.split_kind[i] = THRESHOLD
        entries = arena.sorted_entries[continuous_at[j]]
        lower = columns[j, _row(entries[work.cut_at[j]])]
        upper = columns[j, _row(entries[work.cut_at[j] + 1])]
        nodes.lower[i], nodes.upper[i] = lower, upper
        nodes.threshold[i] = kernels.midpoint(lower, upper) if rules.midpoint else lower
    elif rules.multiway:
        nodes.split_kind[i] = MULTIWAY
    else:
        nodes.split_kind[i] = SUBSET
        nodes.subset_at[i] = counters[SUBSET_TOP]
        for code in np.flatnonzero(work.member[j]):
            subset_codes[counters[SUBSET_TOP]] = code
            counters[SUBSET_TOP] += 1
        nodes.subset_len[i] = counters[SUBSET_TOP] - nodes.subset_at[i]
    fractions = np.empty(n_branches)
    known_total = 0.0
    for b in range(n_branches):
        fractions[b] = branch_counts[b, squared_error.WEIGHT] if rules.regression \
            else branch_counts[b].sum()
        known_total += fractions[b]
    for b in range(n_branches):
        fractions[b] = fractions[b] / known_total if known_total > 0.0 else 1.0 / n_branches
    sizes = np.zeros(n_branches, np.int64)
    n_unknown = 0
    for q in range(start, end):       # the branch of each row (−1: value missing)
        row = arena.rows[q]
        v = columns[j, row]
        if np.isnan(v):
            branch = -1
            n_unknown += 1
        elif nodes.split_kind[i] == THRESHOLD:
            branch = 1 if v > nodes.threshold[i] else 0
        elif nodes.split_kind[i] == SUBSET:
            branch = 0 if work.member[j, int(v)] else 1
        else:
            branch = int(v)
        work.row_branch[row] = branch
        if branch >= 0:
            sizes[branch] += 1
    first = counters[N_NODES]
    nodes.first_child[i], nodes.n_children[i] = first, n_branches
    top = counters[ARENA_TOP]
    for b in range(n_branches):
        if fractions[b] > 0.0:
            sizes[b] += n_unknown
        nodes.start[first + b], nodes.end[first + b] = top, top + sizes[b]
        top += sizes[b]
    counters[ARENA_TOP] = top
    cursor = nodes.start[first:first + n_branches].copy()
    for q in range(start, end):       # the rows sent to one branch, in the node's order
        b = work.row_branch[arena.rows[q]]
        if b >= 0:
            arena.rows[cursor[b]], arena.weights[cursor[b]] = arena.rows[q], arena.weights[q]
            cursor[b] += 1
    for q in range(start, end):       # then the rows whose value is missing
        if work.row_branch[arena.rows[q]] < 0:
            for b in range(n_branches):
                if fractions[b] > 0.0:
                    arena.rows[cursor[b]] = arena.rows[q]
                    arena.weights[cursor[b]] = arena.weights[q] * fractions[b]
                    cursor[b] += 1
    for c in range(arena.sorted_entries.shape[0]):
        entries = arena.sorted_entries[c]
        cursor[:] = nodes.start[first:first + n_branches]
        for q in range(start, end):
            b = work.row_branch[_row(entries[q])]
            if b >= 0:
                entries[cursor[b]] = entries[q]
                cursor[b] += 1
            else:
                for d in range(n_branches):
                    if fractions[d] > 0.0:
                        entries[cursor[d]] = entries[q]
                        cursor[d] += 1
    for b in range(n_branches):
        child = first + b
        nodes.parent[child], nodes.depth[child] = i, nodes.depth[i] + 1
        nodes.created_at[child] = step
        nodes.n_rows[child] = sizes[b]
        nodes.split_kind[child] = NOT_SPLIT
        nodes.in_counts[child] = branch_counts[b]
        weight, one_target = 0.0, True
        first_target = targets[arena.rows[nodes.start[child]]] \
            if rules.regression and sizes[b] > 0 else 0.0
        for q in range(nodes.start[child], nodes.end[child]):
            row, w_q = arena.rows[q], arena.weights[q]
            if rules.regression:
                nodes.counts[child, squared_error.SUM] += w_q * targets[row]
                nodes.counts[child, squared_error.SQUARES] += w_q * targets[row] * targets[row]
                one_target &= targets[row] == first_target
            else:
                nodes.counts[child, y[row]] += w_q
            weight += w_q
        nodes.weight[child] = weight
        if rules.regression:
            nodes.counts[child, squared_error.WEIGHT] = weight
            nodes.one_target[child] = one_target
        empty = weight <= 0.0 if rules.regression else nodes.counts[child].sum() <= 0.0
        nodes.stop[child] = EMPTY_BRANCH if empty else WAITING
    counters[N_NODES] += n_branches


@njit(cache=True, nogil=True)
def _expand(columns, y, targets, continuous_at, levels, arena, nodes, counters, subset_codes,
            rules, widest, work_budget):
    """Process waiting nodes in id (breadth-first) order until none is left or
    ``work_budget`` row × feature visits are spent (:data:`DONE`), or until the next node's
    children might not fit the arrays (:data:`NEED_SPACE`); the counters say where it is."""
    n_features, n_classes = columns.shape[0], nodes.counts.shape[1]
    most_levels = max(1, levels.max())
    work = _work(columns.shape[1], n_features, widest, most_levels, n_classes, len(targets))
    cut_scratch = kernels.cut_scratch(columns.shape[1], n_classes)
    figure_scratch = kernels.figure_scratch(widest, n_classes)
    pair = np.zeros((2, n_classes))
    order = np.arange(n_features)
    spent = 0
    while counters[NEXT_NODE] < counters[N_NODES] and spent < work_budget:
        i = counters[NEXT_NODE]
        if nodes.stop[i] != WAITING:
            counters[NEXT_NODE] += 1
            continue
        size = nodes.end[i] - nodes.start[i]
        if counters[N_NODES] + widest > len(nodes.start) \
                or counters[ARENA_TOP] + widest * size > len(arena.rows) \
                or counters[SUBSET_TOP] + most_levels > len(subset_codes):
            return NEED_SPACE
        counters[NEXT_NODE] += 1
        _excluded(i, nodes, work.excluded)
        stop = _stop_before_split(i, nodes, arena, columns, work, rules)
        if stop != WAITING:
            nodes.stop[i] = stop
            continue
        spent += size * n_features
        _score(i, nodes, arena, columns, y, targets, continuous_at, levels, work, rules,
               cut_scratch, pair, figure_scratch, order)
        tie = rules.tolerance
        if rules.regression:                   # a squared error has the target's unit squared
            tie *= squared_error.mse(nodes.counts[i, 0], nodes.counts[i, 1], nodes.counts[i, 2])
        chosen = _choose(work, rules, tie)
        if chosen < 0:
            small = False
            for j in range(n_features):
                small |= work.status[j] == SMALL_LEAF
            nodes.stop[i] = MIN_SAMPLES_LEAF if small else IDENTICAL
            continue
        stop = _stop_after_choice(i, chosen, nodes, counters, work, rules)
        if stop != WAITING:
            nodes.stop[i] = stop
            continue
        counters[STEPS] += 1
        _split(i, chosen, counters[STEPS], nodes, arena, columns, y, targets, continuous_at, work,
               rules, counters, subset_codes)
    return DONE


# ----------------------------------------------------------------------------------- driver
class NodewiseGrowth(CompiledGrowth):
    """One run of this engine: :meth:`run` grows (within ``max_seconds``), then :meth:`tree`
    gives the tree and :meth:`steps` its growth steps (their candidate tables are scored again
    from the node's rows when a view asks)."""

    def __init__(self, dataset: Dataset, config: GrowthConfig, *,
                 max_seconds: float | None = None, on_tick=None):
        super().__init__(dataset, config, max_seconds, on_tick)
        n, regression = dataset.n_rows, dataset.is_regression
        root = squared_error.sums(dataset.y, dataset.weights) if regression else \
            np.bincount(dataset.y, weights=dataset.weights, minlength=dataset.n_classes)
        self.levels = np.array([len(f.labels) if f.kind is Kind.NOMINAL else 0
                                for f in dataset.features], np.int64)
        continuous = [j for j, f in enumerate(dataset.features) if f.kind is Kind.CONTINUOUS]
        #: Per feature: its place among the continuous features (−1: nominal).
        self.continuous_at = np.full(dataset.n_features, -1, np.int64)
        self.continuous_at[continuous] = np.arange(len(continuous))
        nominal_widest = int(self.levels.max()) if self.preset.multiway else 2
        self.widest = max(2, nominal_widest)
        self.nodes = _Nodes.empty(min(1024, 2 * n + self.widest), len(root))
        self.arena = _Arena.empty(max(2 * n, 16), len(continuous))
        self.arena.rows[:n] = np.arange(n)
        self.arena.weights[:n] = dataset.weights
        self.subset_codes = np.zeros(max(64, 4 * int(self.levels.max(initial=0))), np.int64)
        self.counters = np.array([1, 0, 0, n, 0], np.int64)
        nodes = self.nodes
        nodes.start[0], nodes.end[0], nodes.depth[0], nodes.created_at[0] = 0, n, 0, 0
        nodes.stop[0], nodes.split_kind[0], nodes.n_rows[0] = WAITING, NOT_SPLIT, n
        nodes.counts[0] = root
        nodes.weight[0] = float(dataset.weights.sum())
        if regression:
            nodes.one_target[0] = int(n > 0 and (dataset.y == dataset.y[0]).all())

    def _rules(self) -> _Rules:
        config, criterion = self.config, self.criterion
        return _Rules(self.data.is_regression, kernels.IMPURITY_CODES.get(criterion.impurity, -1),
                      criterion.score == "gain_ratio", criterion.average_gain_filter,
                      config.threshold_style == "midpoint", self.preset.multiway,
                      EXHAUSTIVE_LEVELS,
                      -1 if config.max_depth is None else int(config.max_depth),
                      -1 if config.max_leaves is None else int(config.max_leaves),
                      float(config.min_samples_split), float(config.min_samples_leaf),
                      float(config.min_gain), float(config.min_impurity_decrease),
                      float(self.data.weights.sum()), TIE_TOLERANCE,
                      -1 if config.max_features is None else int(config.max_features),
                      int(config.random_state))

    def _presort(self, columns: np.ndarray) -> bool:
        """Each continuous feature's rows in value order, missing values last, as packed
        entries at the start of the arena; False when time ran out first. Features are sorted
        on two threads (numpy releases the GIL while sorting)."""
        n = self.data.n_rows
        rows_high = np.arange(n, dtype=np.int64) << 32
        labels = self._labels()

        def sort_feature(j: int) -> bool:
            if self._late():
                return False
            order = np.argsort(columns[j])                 # NaN sorts last
            ordered = columns[j, order]
            ranks = np.zeros(n, np.int64)
            np.cumsum(ordered[1:] != ordered[:-1], out=ranks[1:])
            ranks[np.isnan(ordered)] = MISSING_RANK
            self.arena.sorted_entries[self.continuous_at[j], :n] = \
                rows_high[order] | (ranks << CLASS_BITS) | labels[order]
            return True

        with ThreadPoolExecutor(SORTING_THREADS) as pool:
            return all(pool.map(sort_feature, np.flatnonzero(self.continuous_at >= 0)))

    def _labels(self) -> np.ndarray:
        """The class of each row (all 0 for a regression tree, whose targets are apart)."""
        data = self.data
        return np.zeros(data.n_rows, np.int64) if data.is_regression else data.y.astype(np.int64)

    def _grow(self) -> None:
        columns = np.ascontiguousarray(self.data.X.T)
        if not self._presort(columns):
            return
        y = self._labels()
        targets = self.data.y.astype(float) if self.data.is_regression else np.zeros(0)
        rules = self._rules()
        while self.counters[NEXT_NODE] < self.counters[N_NODES] and not self._late():
            if _expand(columns, y, targets, self.continuous_at, self.levels, self.arena,
                       self.nodes, self.counters, self.subset_codes, rules, self.widest,
                       WORK_PER_CALL) == NEED_SPACE:
                self._make_room()

    def _make_room(self) -> None:
        """Room for the next node's children: the arena keeps only the segments of nodes not
        yet expanded (they lie at its end, in id order) and grows when that is not enough; the
        node and subset arrays double."""
        nodes, counters, widest = self.nodes, self.counters, self.widest
        waiting = int(counters[NEXT_NODE])
        live_from, top = int(nodes.start[waiting]), int(counters[ARENA_TOP])
        live = top - live_from
        for array in self.arena:
            array[..., :live] = array[..., live_from:top]
        count = int(counters[N_NODES])
        nodes.start[waiting:count] -= live_from
        nodes.end[waiting:count] -= live_from
        counters[ARENA_TOP] = live
        need = live + widest * int(nodes.end[waiting] - nodes.start[waiting])
        if need > len(self.arena.rows):
            bigger = _Arena.empty(max(2 * len(self.arena.rows), need),
                                  self.arena.sorted_entries.shape[0])
            for old, new in zip(self.arena, bigger):
                new[..., :live] = old[..., :live]
            self.arena = bigger
        if count + widest > len(nodes.start):
            self.nodes = enlarged(nodes, 2 * len(nodes.start) + widest)
        if counters[SUBSET_TOP] + self.levels.max(initial=0) > len(self.subset_codes):
            self.subset_codes = np.concatenate([self.subset_codes,
                                                np.zeros_like(self.subset_codes)])

    # ------------------------------------------------------------------------------- results
    def _scores(self, tree: Tree, node: Node) -> NodeScores | CandidateTable:
        """The node's scored candidates, from the rows the tree sends there."""
        rows, weights = tree.routed_rows(self.data, node.node_id)
        if self.data.is_regression:
            return least_squares.node_candidates(
                self.data.X[rows], self.data.y[rows], weights, self.data.features,
                min_samples_leaf=float(self.config.min_samples_leaf),
                threshold_style=self.config.threshold_style, chosen=node.split.feature)
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
        Candidate objects when first asked for (:class:`~treecore.tree.LazyNodes`)."""
        n = int(self.counters[N_NODES])
        arrays = _Nodes(*(array[:n].copy() for array in self.nodes))
        if self.data.is_regression:
            distribution = leaf_means(arrays.counts, arrays.parent)[:, None]
            prediction = np.zeros(n, np.int64)
        else:
            distribution, prediction = leaf_votes(arrays.counts, arrays.parent)
        subsets = self.subset_codes[:int(self.counters[SUBSET_TOP])].copy()
        factory = _NodeFactory(arrays, subsets, self.data.features, self.config, self.criterion,
                               distribution, prediction)
        return Tree(self.data.schema, LazyNodes(n, factory.nodes), tree_settings(self.config, {}),
                    int(self.counters[STEPS]),
                    prebuilt=_routing(arrays, subsets, self.levels, distribution,
                                      self.data.is_regression))


def _children_of(arrays: _Nodes, expanded: np.ndarray) -> np.ndarray:
    """The children of the ``expanded`` nodes, one node's after another (each node's children
    are consecutive ids from ``first_child``)."""
    counts = arrays.n_children[expanded]
    within = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    return np.repeat(arrays.first_child[expanded], counts) + within


def _branch_counts(in_counts: np.ndarray, regression: bool) -> np.ndarray:
    """The branch counts a candidate carries: class weights, or a regression branch's
    weight W alone (one column, as :mod:`treecore.least_squares` makes them)."""
    return in_counts[..., :1] if regression else in_counts


def _branch_fractions(arrays: _Nodes, expanded: np.ndarray, children: np.ndarray,
                      regression: bool) -> np.ndarray:
    """r̃ᵥ of each child of the ``expanded`` nodes (listed as :func:`_children_of` lists them),
    by the very operations of :attr:`treecore.candidates.Candidate.branch_fractions`, so the
    routing arrays equal those compiled from the nodes to the last bit."""
    weights = _branch_counts(arrays.in_counts[children], regression).sum(axis=1)
    fractions = np.empty_like(weights)
    at = 0
    for count in arrays.n_children[expanded].tolist():
        branch_weights = weights[at:at + count]
        total = branch_weights.sum()
        fractions[at:at + count] = branch_weights / total if total > 0 else 1.0 / count
        at += count
    return fractions


def _routing(arrays: _Nodes, subsets: np.ndarray, levels: np.ndarray,
             distribution: np.ndarray, regression: bool) -> CompiledTree:
    """The arrays :func:`treecore.predict.compile_tree` would make of the finished nodes (ids
    are positions here; a node's children are consecutive ids)."""
    n = len(arrays.start)
    expanded = np.flatnonzero(arrays.expanded_at >= 0)
    split_kind = arrays.split_kind[expanded]
    kind = np.zeros(n, np.int8)
    kind[expanded] = np.where(split_kind == THRESHOLD, CONTINUOUS_SPLIT, NOMINAL_SPLIT)
    feature = np.full(n, -1, np.int64)
    feature[expanded] = arrays.feature[expanded]
    threshold = np.zeros(n)
    threshold[expanded] = np.where(split_kind == THRESHOLD, arrays.threshold[expanded], 0.0)
    counts = arrays.n_children[expanded]
    child_offset, n_children = np.zeros(n, np.int64), np.zeros(n, np.int64)
    child_offset[expanded], n_children[expanded] = np.cumsum(counts) - counts, counts
    children = _children_of(arrays, expanded)
    code_offset, n_codes = np.zeros(n, np.int64), np.zeros(n, np.int64)
    code_map, offset = [], 0
    for i, how in zip(expanded.tolist(), split_kind.tolist()):
        if how == THRESHOLD:
            continue
        n_levels = int(levels[arrays.feature[i]])
        code_offset[i], n_codes[i] = offset, n_levels
        if how == MULTIWAY:
            code_map.append(np.arange(n_levels))
        else:
            branch = np.ones(n_levels, np.int64)
            branch[subsets[arrays.subset_at[i]:arrays.subset_at[i] + arrays.subset_len[i]]] = 0
            code_map.append(branch)
        offset += n_levels
    return CompiledTree(kind, feature, threshold, code_offset, n_codes,
                        np.concatenate(code_map or [np.zeros(0)]).astype(np.int64),
                        child_offset, n_children, children,
                        _branch_fractions(arrays, expanded, children, regression),
                        distribution)


class _NodeFactory:
    """What the tree's :class:`Node` and :class:`Candidate` objects are made of, kept by the
    tree until a view first asks for its nodes: the kernel's node arrays (trimmed), the subset
    codes, the features, the growth settings and the criterion; not the rows."""

    def __init__(self, arrays: _Nodes, subsets, features, config, criterion, distribution,
                 prediction):
        self.arrays, self.subsets, self.features = arrays, subsets, features
        self.config, self.criterion = config, criterion
        self.distribution, self.prediction = distribution, prediction

    def nodes(self) -> tuple[Node, ...]:
        """Every node, in id order (with the garbage collector paused)."""
        a = self.arrays
        regression = self.criterion.task == "regression"
        with collector_paused():
            return nodes_from_arrays(
                self._splits(), parent=a.parent, depth=a.depth, n_samples=a.n_rows,
                weight=a.weight, created_at=a.created_at, expanded_at=a.expanded_at,
                first_child=a.first_child, counts=a.counts[:, :0] if regression else a.counts,
                distribution=self.distribution, prediction=self.prediction,
                impurity=squared_error.node_mse(a.counts) if regression
                else IMPURITIES[self.criterion.impurity](a.counts),
                stop_reasons=[REASONS[s] if s != WAITING else None for s in a.stop.tolist()],
                values=self.distribution[:, 0] if regression else None,
                feature_subsets=drawn_subsets(self.config, len(self.features), a.n_drawn))

    def _splits(self) -> dict:
        """The chosen candidate of every expanded node, its figures computed in one call over
        the branch counts padded with empty branches (which change no figure)."""
        a = self.arrays
        expanded = np.flatnonzero(a.expanded_at >= 0)
        if not len(expanded):
            return {}
        widest = int(a.n_children[expanded].max())
        padded = np.zeros((len(expanded), widest, a.counts.shape[1]))
        for at, i in enumerate(expanded.tolist()):
            first, count = int(a.first_child[i]), int(a.n_children[i])
            padded[at, :count] = a.in_counts[first:first + count]
        regression = self.criterion.task == "regression"
        figures, means = self._figures(padded, a.rho[expanded], a.missing[expanded])
        values = [dict(zip(FIGURES, row)) for row in zip(*(figures[name].tolist()
                                                           for name in FIGURES))]
        padded = _branch_counts(padded, regression)
        midpoints = kernels.midpoints(a.lower[expanded], a.upper[expanded]).tolist()
        splits = {}
        for at, i in enumerate(expanded.tolist()):
            j, count = int(a.feature[i]), int(a.n_children[i])
            feature, how = self.features[j], int(a.split_kind[i])
            branch_counts = padded[at, :count].tolist()
            rho, missing = float(a.rho[i]), float(a.missing[i])
            if how == THRESHOLD:
                proposal = Proposal(j, branch_counts, rho, missing, None,
                                    threshold=float(a.threshold[i]),
                                    midpoint=midpoints[at])
            elif how == MULTIWAY:
                proposal = Proposal(j, branch_counts, rho, missing, feature.labels,
                                    branch_codes=tuple(range(len(feature.labels))))
            else:
                subset = tuple(int(c) for c in
                               self.subsets[a.subset_at[i]:a.subset_at[i] + a.subset_len[i]])
                proposal = Proposal(j, branch_counts, rho, missing,
                                    subset_labels(feature, subset), subset=subset)
            splits[i] = build_candidate(proposal, feature, values[at],
                                        None if means is None else tuple(means[at]))
        return splits

    def _figures(self, branch_counts: np.ndarray, rho: np.ndarray, missing: np.ndarray
                 ) -> tuple[dict, list | None]:
        """The figures of the chosen splits (by name, one value per split) and, for a
        regression tree, each branch's mean: the squared error's figures of the known rows,
        the decrease and score scaled by ρ."""
        if self.criterion.task != "regression":
            return partition_figures(branch_counts, rho, missing, self.criterion), None
        table = squared_error.figures(branch_counts)
        figures = {name: table[:, k] for k, name in enumerate(FIGURES)}
        figures["decrease"], figures["score"] = figures["decrease"] * rho, figures["score"] * rho
        means = branch_counts[..., squared_error.SUM] \
            / np.maximum(branch_counts[..., squared_error.WEIGHT], 1e-300)
        return figures, means.tolist()

