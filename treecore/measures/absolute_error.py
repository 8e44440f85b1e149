"""The absolute error of a regression tree (least absolute deviation), in one place.

A node predicts the weighted median m of its rows, and its impurity is their mean absolute
deviation about it,

    MAE(D) = (1/W) Σ wᵢ |yᵢ − m|,   W = Σ wᵢ,

the other loss seed 001 names beside the squared error (scikit-learn's ``absolute_error``).
The cut (j, s) chosen is the one that minimises AE(D_left) + AE(D_right), where
AE(D) = W · MAE(D) = Σ wᵢ |yᵢ − m_D|; its impurity decrease is MAE(D) − (AE_left + AE_right)/W.

The median is scikit-learn's: with the rows in order of y, the first value where the
cumulative weight reaches half the total, W/2; when it reaches W/2 exactly, the mean of that
value and the next one. "Exactly" is to rounding (within :data:`~.sorting.EQUAL_RATIOS` · W):
the fractional weights of rows whose value is missing are summed in different orders by
different engines, and the median must not jump between two values for a last bit. Any m
between those two gives the same AE, which is, with W_<, S_< the weight and Σ w y of the rows
below m and W_≥, S_≥ those of the others (the pinball identity),

    AE(D) = (S_≥ − m · W_≥) + (m · W_< − S_<).

A cut search needs AE of every prefix and every suffix of the rows in order of x. With the
node's targets sorted once, the rows of a feature are linked in order of y; taking them away one
at a time from the far end moves the median's place by a step or so each time, so a feature
costs O(n) (scikit-learn 1.8 adds rows to a Fenwick tree instead, O(n log n)). Compiled with
numba, and callable from Python, so growth and the charts compute these figures by the same
lines.

>>> float(weighted_median(np.array([3.0, 1.0, 2.0, 10.0]), np.ones(4)))
2.5
>>> float(absolute_deviation(np.array([3.0, 1.0, 2.0, 10.0]), np.ones(4)))
10.0
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from ..jit import njit

from . import cut_scan, kernels
from .sorting import EQUAL_RATIOS, order_with_ties
from .squared_error import DECREASE, IMPURITY, SCORE, WEIGHT

#: Columns of an absolute-error node's statistics: the squared error's sums (W, S, Q), of which
#: it reads the weight W, then its weighted median and AE.
MEDIAN, DEVIATION = 3, 4
N_STATS = 5


@njit(cache=True)
def _figures_taking_away(targets, weights, ranks, sorted_y, prefixes, medians, errors):
    """For each prefix ``rows[:p + 1]`` (``prefixes``) or each suffix ``rows[p:]``, its weighted
    median into ``medians[p]`` and its AE into ``errors[p]``; the rows' ``targets``,
    ``weights`` (empty: all 1) and ``ranks`` in ``sorted_y`` (which may hold other rows'
    targets too).

    Every row of positive weight starts in a doubly linked list of ranks, in ascending order,
    with the median's rank k and the weight W_< and sum S_< of the ranks below it. The rows are
    then taken away one at a time from the far end (the last row for prefixes, the first for
    suffixes): unlinking a rank costs O(1), and k moves up or down the list until
    W_< < W/2 ≤ W_< + w_k again (to rounding, as the module says), one step for unit weights.
    So a feature costs O(n) after the node's one sort of its targets, where a Fenwick tree
    (scikit-learn 1.8) costs O(n log n).
    A set of no weight has median and AE 0."""
    n, size = len(targets), len(sorted_y)
    unit = len(weights) == 0
    w_at = np.zeros(size)
    for p in range(n):
        w_at[ranks[p]] = 1.0 if unit else weights[p]
    after = np.full(size, -1, np.int64)
    before = np.full(size, -1, np.int64)
    k, last, total_w, total_wy = -1, -1, 0.0, 0.0   # k starts at the lowest rank linked
    for r in range(size):
        if w_at[r] > 0.0:
            before[r] = last
            if last >= 0:
                after[last] = r
            else:
                k = r
            last = r
            total_w += w_at[r]
            total_wy += w_at[r] * sorted_y[r]
    below_w, below_wy = 0.0, 0.0
    for step in range(n):
        p = n - 1 - step if prefixes else step
        half, slack = 0.5 * total_w, EQUAL_RATIOS * total_w
        while k >= 0 and after[k] >= 0 and below_w + w_at[k] < half - slack:
            below_w += w_at[k]
            below_wy += w_at[k] * sorted_y[k]
            k = after[k]
        while k >= 0 and before[k] >= 0 and below_w >= half - slack:
            k = before[k]
            below_w -= w_at[k]
            below_wy -= w_at[k] * sorted_y[k]
        if k < 0:
            medians[p], errors[p] = 0.0, 0.0
        else:
            median, cut_w, cut_wy = sorted_y[k], below_w, below_wy
            if abs(below_w + w_at[k] - half) <= slack and after[k] >= 0:   # half: the mean
                median = 0.5 * (sorted_y[k] + sorted_y[after[k]])
                cut_w, cut_wy = below_w + w_at[k], below_wy + w_at[k] * sorted_y[k]
            medians[p] = median
            errors[p] = (total_wy - cut_wy - median * (total_w - cut_w)) \
                + (median * cut_w - cut_wy)
        r = ranks[p]                              # row p taken away
        w = w_at[r]
        if w <= 0.0:
            continue
        total_w -= w
        total_wy -= w * sorted_y[r]
        if r < k:
            below_w -= w
            below_wy -= w * sorted_y[r]
        elif r == k:                              # the median's rank goes: its neighbour
            if after[k] >= 0:
                k = after[k]
            elif before[k] >= 0:
                k = before[k]
                below_w -= w_at[k]
                below_wy -= w_at[k] * sorted_y[k]
            else:
                k = -1
        if before[r] >= 0:
            after[before[r]] = after[r]
        if after[r] >= 0:
            before[after[r]] = before[r]
        w_at[r] = 0.0


@njit(cache=True)
def target_ranks(targets):
    """(each row's place among ``targets`` in ascending order, equal targets in row order; the
    targets sorted): the rank space every figure of one node is read in."""
    order = np.argsort(targets, kind="mergesort")
    ranks = np.empty(len(targets), np.int64)
    for p in range(len(order)):
        ranks[order[p]] = p
    return ranks, targets[order]


@njit(cache=True)
def node_figures(targets, weights):
    """(weighted median, AE) of a node's rows: the last prefix's
    (:func:`_figures_taking_away`); (0, 0) for no rows."""
    n = len(targets)
    if n == 0:
        return 0.0, 0.0
    ranks, sorted_y = target_ranks(targets)
    medians, errors = np.empty(n), np.empty(n)
    _figures_taking_away(targets, weights, ranks, sorted_y, True, medians, errors)
    return medians[n - 1], max(errors[n - 1], 0.0)


def weighted_median(y: np.ndarray, weights: np.ndarray) -> float:
    """scikit-learn's weighted median of ``y`` (see the module's docstring)."""
    return float(node_figures(np.asarray(y, float), np.asarray(weights, float))[0])


def absolute_deviation(y: np.ndarray, weights: np.ndarray) -> float:
    """AE(D) = Σ wᵢ |yᵢ − m| about the weighted median m."""
    return float(node_figures(np.asarray(y, float), np.asarray(weights, float))[1])


class CutSides(NamedTuple):
    """Both sides of every cut of one feature: ``ends[c]`` is the position of the last row left
    of cut c; per cut the weight, weighted median and AE of each side (AE as summed, to
    rounding; :func:`best_cut` compares their sums). ``total_error`` is AE(D)."""

    ends: np.ndarray
    left_weight: np.ndarray
    right_weight: np.ndarray
    left_median: np.ndarray
    left_error: np.ndarray
    right_median: np.ndarray
    right_error: np.ndarray
    total_error: float


def every_cut(keys: np.ndarray, y: np.ndarray, weights: np.ndarray) -> CutSides:
    """The :class:`CutSides` of every cut between distinct ``keys`` (sorted ascending; ``y``
    and ``weights``, empty for all 1, of the same rows in the same order): each prefix's and
    each suffix's median and AE by :func:`_figures_taking_away`."""
    n, y = len(keys), np.asarray(y, float)
    w = np.ones(n) if len(weights) == 0 else np.asarray(weights, float)
    ranks, sorted_y = target_ranks(y)
    left_median, left_error, right_median, right_error = (np.zeros(n) for _ in range(4))
    _figures_taking_away(y, w, ranks, sorted_y, True, left_median, left_error)
    _figures_taking_away(y, w, ranks, sorted_y, False, right_median, right_error)
    ends = np.flatnonzero(keys[1:] != keys[:-1])
    left_weight = np.cumsum(w)[ends]
    return CutSides(ends, left_weight, w.sum() - left_weight, left_median[ends],
                    left_error[ends], right_median[ends + 1], right_error[ends + 1],
                    max(float(left_error[-1]), 0.0) if n else 0.0)


@njit(cache=True)
def best_cut(keys, targets, weights, ranks, sorted_y, min_leaf, tolerance, sides):
    """The cut of one feature that least leaves AE(D_left) + AE(D_right), over its rows in
    order of ``keys`` (ascending; the ``targets``, ``weights`` (empty: all 1) and target
    ``ranks`` in ``sorted_y`` of the same rows in the same order). Every prefix's and suffix's
    median and AE come from :func:`_figures_taking_away`: O(n) after the node's sort.

    Cuts lie between distinct keys; those leaving ``min_leaf`` weight on each side are
    allowed, or, when none is, the best of all (status
    :data:`treecore.measures.cut_scan.ONLY_SMALL_LEAVES`). Scanning up, a cut replaces the best so
    far only when it leaves less AE by more than ``tolerance`` × AE(D) (with no tolerance,
    scikit-learn's rule). Fills the W, median and AE columns of ``sides`` (two rows of node
    statistics, :data:`N_STATS` wide) and returns (status, position
    of the last row left of the cut, AE(D) of these rows); (NO_CUT, −1, AE(D)) when the keys
    are all equal."""
    m = len(keys)
    unit = len(weights) == 0
    left_median, left_error = np.empty(m), np.empty(m)
    right_median, right_error = np.empty(m), np.empty(m)
    _figures_taking_away(targets, weights, ranks, sorted_y, True, left_median, left_error)
    _figures_taking_away(targets, weights, ranks, sorted_y, False, right_median, right_error)
    total_error = max(left_error[m - 1], 0.0) if m else 0.0
    total_w = 0.0
    for p in range(m):
        total_w += 1.0 if unit else weights[p]
    slack = tolerance * total_error
    floor = min_leaf - tolerance
    best_any, best_allowed = -1, -1
    w_left, w_any, w_allowed = 0.0, 0.0, 0.0         # the left weight at each best cut
    for p in range(m - 1):
        w_left += 1.0 if unit else weights[p]
        if keys[p + 1] == keys[p]:
            continue
        loss = left_error[p] + right_error[p + 1]
        if best_any < 0 or loss < left_error[best_any] + right_error[best_any + 1] - slack:
            best_any, w_any = p, w_left
        if w_left >= floor and total_w - w_left >= floor and (
                best_allowed < 0
                or loss < left_error[best_allowed] + right_error[best_allowed + 1] - slack):
            best_allowed, w_allowed = p, w_left
    if best_any < 0:
        return cut_scan.NO_CUT, -1, total_error
    best, w_left = (best_allowed, w_allowed) if best_allowed >= 0 else (best_any, w_any)
    sides[0, WEIGHT], sides[1, WEIGHT] = w_left, total_w - w_left
    sides[0, MEDIAN], sides[1, MEDIAN] = left_median[best], right_median[best + 1]
    sides[0, DEVIATION] = max(left_error[best], 0.0)
    sides[1, DEVIATION] = max(right_error[best + 1], 0.0)
    status = cut_scan.BEST_CUT if best_allowed >= 0 else cut_scan.ONLY_SMALL_LEAVES
    return status, best, total_error


def best_cut_of_sorted(keys: np.ndarray, y: np.ndarray, weights: np.ndarray, min_leaf: float,
                       tolerance: float) -> tuple[int, int, np.ndarray]:
    """:func:`best_cut` of rows already in order of ``keys``, ranked among themselves: (status,
    position of the last row left of the cut, the two sides' statistics (:data:`N_STATS`
    columns, of which W, median and AE are filled))."""
    y = np.asarray(y, float)
    ranks, sorted_y = target_ranks(y)
    sides = np.zeros((2, N_STATS))
    status, end, _ = best_cut(np.asarray(keys, float), y, np.asarray(weights, float), ranks,
                              sorted_y, float(min_leaf), float(tolerance), sides)
    return status, end, sides


@njit(cache=True)
def median_order(codes, targets, weights, n_levels):
    """(the values holding weight, in order of the weighted median of their rows' targets
    (:func:`node_figures` of each value's rows; medians equal to rounding keep code order),
    every value's median (NaN where it holds no weight), every value's weight): the order a
    nominal feature's two groups are cut from."""
    level_weight = np.zeros(n_levels)
    starts = np.zeros(n_levels + 1, np.int64)
    for p in range(len(codes)):
        level_weight[codes[p]] += weights[p]
        starts[codes[p] + 1] += 1
    for v in range(n_levels):
        starts[v + 1] += starts[v]
    at, fill = np.empty(len(codes), np.int64), starts[:-1].copy()
    for p in range(len(codes)):                  # each value's rows together, in row order
        at[fill[codes[p]]] = p
        fill[codes[p]] += 1
    medians = np.full(n_levels, np.nan)
    for v in range(n_levels):
        if level_weight[v] > 0.0:
            rows = at[starts[v]:starts[v + 1]]
            medians[v] = node_figures(targets[rows], weights[rows])[0]
    present = np.flatnonzero(level_weight > 0.0)
    values = medians[present]
    tie = EQUAL_RATIOS * np.abs(values).max() if len(values) else 0.0
    return present[order_with_ties(values, tie)], medians, level_weight


@njit(cache=True)
def best_grouping(codes, targets, weights, ranks, sorted_y, n_levels, min_leaf, tolerance,
                  sides, member):
    """The best split of a nominal feature into two groups of values by absolute error, over
    its known rows (``codes``, any order, with their ``targets``, ``weights`` and target
    ``ranks`` in ``sorted_y``): the values holding weight ordered by their weighted median
    (:func:`median_order`), and the best of the
    k − 1 cuts of that order by :func:`best_cut`, each value's rows taking its place in the
    order as their key. For the squared error the best cut of the order of means is the best
    of all 2^(k−1) − 1 groupings (Breiman et al. 1984, Theorem 4.5); for the absolute error no
    such theorem holds, so this is the ordered search LightGBM and others use, not an
    exhaustive one. Marks the left group's codes in ``member``; returns (status, AE(D) of the
    known rows) as :func:`best_cut` does."""
    order, _, _ = median_order(codes, targets, weights, n_levels)
    member[:] = False
    if len(order) < 2:
        return cut_scan.NO_CUT, 0.0
    position = np.full(n_levels, -1, np.int64)
    for p in range(len(order)):
        position[order[p]] = p
    starts = np.zeros(len(order) + 1, np.int64)
    for p in range(len(codes)):
        if position[codes[p]] >= 0:
            starts[position[codes[p]] + 1] += 1
    for p in range(len(order)):
        starts[p + 1] += starts[p]
    m = starts[len(order)]
    keys, at = np.empty(m, np.int64), np.empty(m, np.int64)
    for p in range(len(codes)):                  # the rows grouped by place, in row order
        k = position[codes[p]]
        if k >= 0:
            keys[starts[k]], at[starts[k]] = k, p
            starts[k] += 1
    status, end, total_error = best_cut(keys, targets[at], weights[at], ranks[at], sorted_y,
                                        min_leaf, tolerance, sides)
    if status != cut_scan.NO_CUT:
        for p in range(keys[end] + 1):
            member[order[p]] = True
    return status, total_error


@njit(cache=True, inline="always")
def partition_figures(sides, known_error, out):
    """The figures of a two-way partition of a node's known rows (``sides``: their statistics,
    of which W and AE are read; ``known_error``: AE of those rows together) into ``out``, in
    :data:`treecore.measures.kernels.FIGURE_COLUMNS` order: impurity = (AE₁ + AE₂)/W, decrease
    = AE(D)/W − impurity (never below 0) and score = decrease; the classification figures stay
    0."""
    weight = sides[0, WEIGHT] + sides[1, WEIGHT]
    out[:] = 0.0
    if weight <= 0.0:
        return
    after = (sides[0, DEVIATION] + sides[1, DEVIATION]) / weight
    decrease = max(known_error / weight - after, 0.0)
    out[IMPURITY], out[DECREASE], out[SCORE] = after, decrease, decrease


@njit(cache=True)
def figures(branch_stats, known_errors):
    """:func:`partition_figures` of each two-way partition ``branch_stats[i]`` (its first two
    rows read) with the AE of its known rows ``known_errors[i]``."""
    out = np.zeros((branch_stats.shape[0], len(kernels.FIGURE_COLUMNS)))
    for i in range(branch_stats.shape[0]):
        partition_figures(branch_stats[i], known_errors[i], out[i])
    return out
