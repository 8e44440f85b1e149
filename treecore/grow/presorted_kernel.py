"""The presorted engine's compiled loop: a node owns one contiguous segment of every feature's
sorted order; expanding it scans each segment for its best cut
(:func:`treecore.measures.cut_scan.best_cut_of_sorted`, or the squared error's twin), chooses by
the rule of :func:`treecore.split.candidates.choose_index` and partitions every segment stably
into the two children's. The stopping cases are the builder's, in its order
(:class:`treecore.grow.builder.Growth`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..measures import cut_scan, kernels, squared_error
from ..split import feature_draw
from .kernel_rules import (EMPTY_BRANCH, IDENTICAL, MIN_SAMPLES_LEAF, N_NODES, NEXT_NODE,
                           NO_FEATURES, PURE, STEPS, WAITING, choose, entry_class, entry_rank,
                           entry_row, limit_after_choice, limit_before_split, pure)


class Rows(NamedTuple):
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


class Nodes(NamedTuple):
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
    def empty(cls, capacity: int, width: int) -> "Nodes":
        ints = [np.full(capacity, -1, np.int64) for _ in range(11)]
        floats = [np.zeros(capacity) for _ in range(4)]
        return cls(*ints, *floats, np.zeros((capacity, width)), np.zeros((capacity, 2, width)))


class Scores(NamedTuple):
    """Per growth step (kept for the first steps only) and feature: the threshold search."""

    status: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    left: np.ndarray
    right: np.ndarray

    @classmethod
    def empty(cls, steps: int, n_features: int, width: int) -> "Scores":
        return cls(np.zeros((steps, n_features), np.int8), np.zeros((steps, n_features)),
                   np.zeros((steps, n_features)), np.zeros((steps, n_features, width)),
                   np.zeros((steps, n_features, width)))


# ----------------------------------------------------------------------------------- kernel
@njit(cache=True, inline="always")
def _stop_before_split(i, nodes, rows, rules):
    """Hunt's first two cases and the limits checked before a node is scored, in the builder's
    order; :data:`WAITING` when none applies."""
    if pure(nodes.counts[i], nodes.one_target[i], rules):
        return PURE
    entries = rows.entries
    n_features = entries.shape[0]
    if n_features == 0:
        return NO_FEATURES
    first, last = nodes.start[i], nodes.end[i] - 1
    identical = True
    for j in range(n_features):                   # a sorted segment is constant iff its ends are
        if entry_rank(entries[j, first]) != entry_rank(entries[j, last]):
            identical = False
            break
    if identical:
        return IDENTICAL
    return limit_before_split(nodes.depth[i], nodes.weight[i], rules)


@njit(cache=True, inline="always")
def _partition(rows, j, start, end):
    """Stable partition of ``entries[j][start:end]``: the rows going left first, each side
    keeping its order, so a sorted segment stays sorted. Every entry is written to both sides
    and only the cursor of its side advances: no branch to mispredict."""
    entries, spare, goes_left = rows.entries[j], rows.spare, rows.goes_left
    kept, moved = start, 0
    for q in range(start, end):
        entry = entries[q]
        flag = goes_left[entry_row(entry)]
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
        rows.keys[q], rows.labels[q] = entry_rank(entry), entry_class(entry)
        if weighted:
            rows.weights[q] = rows.w[entry_row(entry)]
        if regression:
            rows.targets[q] = rows.y[entry_row(entry)]
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
    first_y = rows.y[entry_row(first_order[start])] if regression and end > start else 0.0
    for q in range(start, end):
        entry = first_order[q]
        weight_q = rows.w[entry_row(entry)] if weighted else 1.0
        if regression:
            y = rows.y[entry_row(entry)]
            nodes.counts[child, squared_error.SUM] += weight_q * y
            nodes.counts[child, squared_error.SQUARES] += weight_q * y * y
            one_target &= y == first_y
        else:
            nodes.counts[child, entry_class(entry)] += weight_q
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
        status[j], at = cut_scan.best_cut_of_sorted(
            keys, labels, weights, nodes.counts[i], rules.impurity_code,
            rules.min_samples_leaf, rules.tolerance, cut_scratch, left[j], right[j])
    if status[j] != cut_scan.NO_CUT:
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
    lower[j] = rows.columns[j, entry_row(rows.entries[j, position])]
    upper[j] = rows.columns[j, entry_row(rows.entries[j, position + 1])]


@njit(cache=True, nogil=True)
def expand(rows, nodes, scores, counters, rules, work_budget):
    """Process waiting nodes in id (breadth-first) order until none is left, ``work_budget``
    row × feature visits are spent or the node arrays are full; the counters say where it is.
    With ``rules.max_features`` k ≥ 1 a node scores features in the order of
    :mod:`treecore.split.feature_draw` until k of them could cut (scikit-learn's rule)."""
    entries = rows.entries
    n_features, n_classes = entries.shape[0], nodes.counts.shape[1]
    status = np.zeros(n_features, np.int8)
    lower, upper = np.zeros(n_features), np.zeros(n_features)
    cut_at = np.zeros(n_features, np.int64)
    left, right = np.zeros((n_features, n_classes)), np.zeros((n_features, n_classes))
    figures = np.zeros((n_features, len(kernels.FIGURE_COLUMNS)))
    pair = np.zeros((2, n_classes))
    cut_scratch = cut_scan.cut_scratch(len(rows.keys), n_classes)
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
            status[:] = cut_scan.NO_CUT
            order[:] = np.arange(n_features)
        any_small, can_cut = False, 0
        for step in range(n_features):
            j = feature_draw.draw_next(order, step, key) if drawing else step
            _best_cut(j, i, rows, nodes, rules, status, cut_at, left, right, figures,
                      pair, cut_scratch, figure_scratch)
            any_small |= status[j] == cut_scan.ONLY_SMALL_LEAVES
            can_cut += status[j] != cut_scan.NO_CUT
            if drawing and (can_cut == rules.max_features or step == n_features - 1):
                nodes.n_drawn[i] = step + 1
                break
        tie = rules.tolerance
        if rules.regression:                   # a squared error has the target's unit squared
            tie *= squared_error.mse(nodes.counts[i, 0], nodes.counts[i, 1], nodes.counts[i, 2])
        chosen = choose(status, cut_scan.BEST_CUT, figures, rules, tie)
        if chosen < 0:
            nodes.stop[i] = MIN_SAMPLES_LEAF if any_small else IDENTICAL
            continue
        stop = limit_after_choice(nodes.weight[i], figures[chosen],
                                  counters[N_NODES] - counters[STEPS] + 1, rules)
        if stop != WAITING:
            nodes.stop[i] = stop
            continue
        step = counters[STEPS] + 1
        counters[STEPS] = step
        kept = step <= scores.status.shape[0]
        for j in range(n_features):
            if j == chosen or (kept and status[j] != cut_scan.NO_CUT):
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
            rows.goes_left[entry_row(entries[chosen, q])] = q < middle      # the cut's position
        for j in range(n_features):
            _partition(rows, j, start, end)
        nodes.first_child[i] = _add_child(nodes, counters, i, start, middle, step, rows)
        _add_child(nodes, counters, i, middle, end, step, rows)
