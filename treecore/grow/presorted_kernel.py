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
# The helpers take the arrays they read, never the Rows or Nodes tuples: handing a tuple of
# arrays to a function counts a reference to each of its arrays up and down again (an atomic
# operation each), which cost a third of a deep tree's growth.

@njit(cache=True, inline="always")
def _identical(entries, first, last):
    """Whether every feature is constant on the segment ``[first, last]`` (a sorted segment is
    constant iff its ends are)."""
    for j in range(entries.shape[0]):
        if entry_rank(entries[j, first]) != entry_rank(entries[j, last]):
            return False
    return True


@njit(cache=True, inline="always")
def _partition(entries, spare, goes_left, j, start, end):
    """Stable partition of ``entries[j][start:end]``: the rows going left first, each side
    keeping its order, so a sorted segment stays sorted. Every entry is written to both sides
    and only the cursor of its side advances: no branch to mispredict."""
    kept, moved = start, 0
    for q in range(start, end):
        entry = entries[j, q]
        flag = goes_left[entry_row(entry)]
        entries[j, kept] = entry
        spare[moved] = entry
        kept += flag
        moved += 1 - flag
    for q in range(moved):
        entries[j, kept + q] = spare[q]


@njit(cache=True, inline="always")
def _unpack(entries, w, y, j, start, end, keys, labels, weights, targets):
    """Feature j's segment as (value ranks, labels, weights, targets) views of the work arrays
    (no weights when every weight is 1; targets only for a regression tree)."""
    m = end - start
    weighted, regression = len(w) > 0, len(y) > 0
    for q in range(m):
        entry = entries[j, start + q]
        keys[q], labels[q] = entry_rank(entry), entry_class(entry)
        if weighted:
            weights[q] = w[entry_row(entry)]
        if regression:
            targets[q] = y[entry_row(entry)]
    return (keys[:m], labels[:m], weights[:m] if weighted else weights[:0],
            targets[:m] if regression else targets[:0])


@njit(cache=True, inline="always")
def _segment_sums(first_order, w, y, start, end, counts):
    """The class counts (regression: sums W, S, Q) of the segment ``[start, end)`` into
    ``counts``, summed in the first feature's order (exact for unit and integer weights, and to
    rounding for others); returns (its weight, whether its rows share one target)."""
    weighted, regression = len(w) > 0, len(y) > 0
    weight = 0.0
    one_target = True
    first_y = y[entry_row(first_order[start])] if regression and end > start else 0.0
    for q in range(start, end):
        entry = first_order[q]
        weight_q = w[entry_row(entry)] if weighted else 1.0
        if regression:
            y_q = y[entry_row(entry)]
            counts[squared_error.SUM] += weight_q * y_q
            counts[squared_error.SQUARES] += weight_q * y_q * y_q
            one_target &= y_q == first_y
        else:
            counts[entry_class(entry)] += weight_q
        weight += weight_q
    if regression:
        counts[squared_error.WEIGHT] = weight
    return weight, one_target


@njit(cache=True, nogil=True)
def expand(rows, nodes, scores, counters, rules, work_budget):
    """Process waiting nodes in id (breadth-first) order until none is left, ``work_budget``
    row × feature visits are spent or the node arrays are full; the counters say where it is.
    With ``rules.max_features`` k ≥ 1 a node scores features in the order of
    :mod:`treecore.split.feature_draw` until k of them could cut (scikit-learn's rule).

    Each feature's best cut at a node comes from its sorted segment
    (:func:`treecore.measures.cut_scan.best_cut_of_sorted`, or the squared error's twin), with
    the position of the last entry left of the cut; the values either side of a cut are read
    (two row lookups) only for the chosen feature, and for every feature of a step whose scores
    are kept. The chosen feature's rows go left by sorted position (x ≤ t goes left,
    ``Candidate.branch_index``, and lower ≤ t < upper), then every segment is partitioned."""
    columns, w, y, entries = rows.columns, rows.w, rows.y, rows.entries
    goes_left, spare = rows.goes_left, rows.spare
    keys_work, labels_work, weights_work, targets_work = rows.keys, rows.labels, rows.weights, \
        rows.targets
    node_start, node_end, parent, depth = nodes.start, nodes.end, nodes.parent, nodes.depth
    created_at, expanded_at, stop_of = nodes.created_at, nodes.expanded_at, nodes.stop
    feature_of, first_child, n_drawn = nodes.feature, nodes.first_child, nodes.n_drawn
    one_target, node_lower, node_upper = nodes.one_target, nodes.lower, nodes.upper
    node_threshold, node_weight = nodes.threshold, nodes.weight
    counts, branch_counts = nodes.counts, nodes.branch_counts
    n_features, n_classes = entries.shape[0], counts.shape[1]
    status = np.zeros(n_features, np.int8)
    lower, upper = np.zeros(n_features), np.zeros(n_features)
    cut_at = np.zeros(n_features, np.int64)
    left, right = np.zeros((n_features, n_classes)), np.zeros((n_features, n_classes))
    figures = np.zeros((n_features, len(kernels.FIGURE_COLUMNS)))
    pair = np.zeros((2, n_classes))
    cut_scratch = cut_scan.cut_scratch(len(keys_work), n_classes)
    figure_scratch = kernels.figure_scratch(2, n_classes)
    order = np.arange(n_features)
    capacity, work = len(node_start), 0
    while counters[NEXT_NODE] < counters[N_NODES] and work < work_budget \
            and counters[N_NODES] + 2 <= capacity:
        i = counters[NEXT_NODE]
        counters[NEXT_NODE] += 1
        if stop_of[i] != WAITING:
            continue
        start, end = node_start[i], node_end[i]
        if pure(counts[i], one_target[i], rules):           # Hunt's first two cases, then the
            stop_of[i] = PURE                               # limits, in the builder's order
            continue
        if n_features == 0:
            stop_of[i] = NO_FEATURES
            continue
        if _identical(entries, start, end - 1):
            stop_of[i] = IDENTICAL
            continue
        stop = limit_before_split(depth[i], node_weight[i], rules)
        if stop != WAITING:
            stop_of[i] = stop
            continue
        work += (end - start) * n_features
        drawing = rules.max_features > 0
        key = feature_draw.node_key(rules.seed, i) if drawing else np.uint64(0)
        if drawing:
            status[:] = cut_scan.NO_CUT
            order[:] = np.arange(n_features)
        any_small, can_cut = False, 0
        for step in range(n_features):
            j = feature_draw.draw_next(order, step, key) if drawing else step
            keys, labels, weights, targets = _unpack(entries, w, y, j, start, end, keys_work,
                                                     labels_work, weights_work, targets_work)
            if rules.regression:
                status[j], at = squared_error.best_cut_of_sorted(
                    keys, targets, weights, counts[i], rules.min_samples_leaf,
                    rules.tolerance, left[j], right[j])
            else:
                status[j], at = cut_scan.best_cut_of_sorted(
                    keys, labels, weights, counts[i], rules.impurity_code,
                    rules.min_samples_leaf, rules.tolerance, cut_scratch, left[j], right[j])
            if status[j] != cut_scan.NO_CUT:
                cut_at[j] = start + at
                pair[0], pair[1] = left[j], right[j]
                if rules.regression:
                    squared_error.partition_figures(pair, figures[j])
                else:
                    kernels.partition_figures(pair, 1.0, 0.0, rules.impurity_code,
                                              rules.ratio_score, figures[j], figure_scratch,
                                              False)
            any_small |= status[j] == cut_scan.ONLY_SMALL_LEAVES
            can_cut += status[j] != cut_scan.NO_CUT
            if drawing and (can_cut == rules.max_features or step == n_features - 1):
                n_drawn[i] = step + 1
                break
        tie = rules.tolerance
        if rules.regression:                   # a squared error has the target's unit squared
            tie *= squared_error.mse(counts[i, 0], counts[i, 1], counts[i, 2])
        chosen = choose(status, cut_scan.BEST_CUT, figures, rules, tie)
        if chosen < 0:
            stop_of[i] = MIN_SAMPLES_LEAF if any_small else IDENTICAL
            continue
        stop = limit_after_choice(node_weight[i], figures[chosen],
                                  counters[N_NODES] - counters[STEPS] + 1, rules)
        if stop != WAITING:
            stop_of[i] = stop
            continue
        step = counters[STEPS] + 1
        counters[STEPS] = step
        kept = step <= scores.status.shape[0]
        for j in range(n_features):
            if j == chosen or (kept and status[j] != cut_scan.NO_CUT):
                lower[j] = columns[j, entry_row(entries[j, cut_at[j]])]
                upper[j] = columns[j, entry_row(entries[j, cut_at[j] + 1])]
        if kept:
            scores.status[step - 1], scores.lower[step - 1] = status, lower
            scores.upper[step - 1], scores.left[step - 1], scores.right[step - 1] = upper, left, right
        expanded_at[i], feature_of[i] = step, chosen
        node_lower[i], node_upper[i] = lower[chosen], upper[chosen]
        node_threshold[i] = kernels.midpoint(lower[chosen], upper[chosen]) if rules.midpoint \
            else lower[chosen]
        branch_counts[i, 0], branch_counts[i, 1] = left[chosen], right[chosen]
        middle = cut_at[chosen] + 1
        for q in range(start, end):
            goes_left[entry_row(entries[chosen, q])] = q < middle
        for j in range(n_features):
            _partition(entries, spare, goes_left, j, start, end)
        first_child[i] = counters[N_NODES]
        for child_start, child_end in ((start, middle), (middle, end)):   # the two children
            child = counters[N_NODES]
            counters[N_NODES] += 1
            node_start[child], node_end[child] = child_start, child_end
            parent[child], depth[child], created_at[child] = i, depth[i] + 1, step
            weight, same_target = _segment_sums(entries[0], w, y, child_start, child_end,
                                                counts[child])
            node_weight[child] = weight
            if rules.regression:
                one_target[child] = same_target
            if weight <= 0.0:                                      # Hunt's empty branch
                stop_of[child] = EMPTY_BRANCH
