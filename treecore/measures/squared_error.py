"""The squared error of a regression tree (CART's least-squares regression tree), in one place.

A regression node keeps three sums of its rows: W = Σ wᵢ, S = Σ wᵢ yᵢ and Q = Σ wᵢ yᵢ². Its
prediction is the weighted mean c = S / W, and its impurity the mean squared error about it,

    MSE(D) = (1/W) Σ wᵢ (yᵢ − c)² = Q/W − (S/W)²,

so a node's squared error is SSE(D) = W · MSE(D) = Q − S²/W (Li Hang 式 5.21, Zhou §4.1 for the
tree; scikit-learn's ``squared_error``). The least-squares regression tree chooses the cut
(j, s) that minimises SSE(D_left) + SSE(D_right) (Li Hang 式 5.21, 算法 5.5); since
Q_left + Q_right = Q, that is the cut maximising S_left²/W_left + S_right²/W_right. The
impurity decrease of a cut is MSE(D) − (SSE(D_left) + SSE(D_right)) / W.

Every function is compiled with numba and callable from plain Python too, so the growth engine
and the explorer's charts compute these figures by the same lines.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from . import cut_scan, kernels
from .sorting import EQUAL_RATIOS, row_of, sort_with_ties, ties_previous

#: Columns of a node's sums.
WEIGHT, SUM, SQUARES = range(3)
#: Columns of :data:`treecore.measures.kernels.FIGURE_COLUMNS` a regression split fills.
IMPURITY, DECREASE, SCORE = (kernels.FIGURE_COLUMNS.index(name)
                             for name in ("impurity", "decrease", "score"))


@njit(cache=True, inline="always")
def mse(weight, total, squares):
    """MSE(D) = Q/W − (S/W)² of a node's sums (0 for an empty node; never below 0)."""
    if weight <= 0.0:
        return 0.0
    mean = total / weight
    return max(squares / weight - mean * mean, 0.0)


@njit(cache=True)
def node_mse(sums):
    """MSE of every row of ``sums`` (nodes × (W, S, Q))."""
    out = np.zeros(sums.shape[0])
    for i in range(sums.shape[0]):
        out[i] = mse(sums[i, WEIGHT], sums[i, SUM], sums[i, SQUARES])
    return out


@njit(cache=True, inline="always")
def best_cuts_of_entries(entries, first_j, end_j, first, m, y, weights, total, min_leaf,
                         tolerance, status, at, left, proxy):
    """The cut that most decreases the squared error of each feature j = ``first_j`` …
    ``end_j`` − 1, over its ``m`` sorted entries ``entries[j, first:first + m]``
    (:mod:`treecore.measures.sorting`: each a row and whether its value equals the previous
    one's), reading each row's target from ``y`` and its weight from ``weights`` (none: all 1);
    ``total`` are the sums (W, S, Q) of these rows. The entries are read in place, in one pass
    a feature: an engine hands the sorted order it keeps, with no copy made per node. One call
    scans a node's features: each array handed to a function counts a reference up and down
    (atomic operations that took a third of a small node's scan when each feature was a call).

    A cut lies between neighbouring distinct values. Cuts leaving at least ``min_leaf`` weight
    on each side are allowed; when none is, the best of all cuts is taken with the status
    :data:`treecore.measures.cut_scan.ONLY_SMALL_LEAVES`. Scanning up from the lowest threshold, a
    cut replaces the best so far only when its decrease is higher by more than ``tolerance`` ×
    MSE(D) (the squared error has the target's unit squared, so a tie is relative; with no
    tolerance this is scikit-learn's rule); ``tolerance`` is also the slack of the weight test.

    The decrease MSE(D) − (Q − P)/W grows with P = S_l²/W_l + S_r²/W_r, so the scan compares
    P·W_l·W_r = S_l²·W_r + S_r²·W_l with the best so far by multiplications alone and divides
    only when a cut wins. Writes per feature j: ``status[j]``, ``at[j]`` the place in
    ``0 … m − 1`` of the last entry left of the cut, ``left[j]`` the left side's sums
    (W_l, S_l, Q_l), kept from the scan (the right side's are ``total`` minus these), and
    ``proxy[j]`` the cut's P; (NO_CUT, −1, 0, 0) when the values are all equal. An engine
    compares features by P (:func:`decrease_slack` is the tie in P's unit), so only the chosen
    cut's figures need the divisions of :func:`partition_figures`. Places and rows are counted
    unsigned (:func:`~treecore.measures.sorting.row_of`).
    """
    unit = len(weights) == 0
    weight, total_sum = total[WEIGHT], total[SUM]
    slack = decrease_slack(total, tolerance)
    floor = min_leaf - tolerance
    for j in range(first_j, end_j):
        top_any, top_allowed = -np.inf, -np.inf                           # best P + slack
        proxy_any, proxy_allowed = 0.0, 0.0                               # best P
        end_allowed, end_any = -1, -1
        w_left, s_left, q_left = 0.0, 0.0, 0.0
        sums_any, sums_allowed = (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)       # left sums at each
        row_j, start = np.uint64(j), np.uint64(first)
        following = entries[row_j, start] if m > 0 else 0
        for p in range(np.uint64(max(m - 1, 0))):
            row = row_of(following)
            following = entries[row_j, start + p + np.uint64(1)]
            w_p = 1.0 if unit else weights[row]
            y_p = y[row]
            w_left += w_p
            s_left += w_p * y_p
            q_left += w_p * y_p * y_p
            if ties_previous(following):
                continue
            w_right, s_right = weight - w_left, total_sum - s_left
            scaled = s_left * s_left * w_right + s_right * s_right * w_left   # P · W_l · W_r
            product = w_left * w_right
            if scaled > top_any * product:
                proxy_any, end_any = scaled / product, np.int64(p)
                top_any, sums_any = proxy_any + slack, (w_left, s_left, q_left)
            if scaled > top_allowed * product and w_left >= floor and w_right >= floor:
                proxy_allowed, end_allowed = scaled / product, np.int64(p)
                top_allowed, sums_allowed = proxy_allowed + slack, (w_left, s_left, q_left)
        if end_any < 0:
            status[j], at[j], sums, proxy[j] = cut_scan.NO_CUT, -1, (0.0, 0.0, 0.0), 0.0
        elif end_allowed < 0:
            status[j], at[j], sums, proxy[j] = cut_scan.ONLY_SMALL_LEAVES, end_any, sums_any, \
                proxy_any
        else:
            status[j], at[j], sums, proxy[j] = cut_scan.BEST_CUT, end_allowed, sums_allowed, \
                proxy_allowed
        left[j, WEIGHT], left[j, SUM], left[j, SQUARES] = sums


@njit(cache=True, inline="always")
def decrease_slack(total, tolerance):
    """The tie between two cuts of a node with sums ``total`` in the unit of their P =
    S_l²/W_l + S_r²/W_r (:func:`best_cuts_of_entries`): two decreases within ``tolerance`` ×
    MSE(D) tie, and the decrease (P − S²/W)/W moves by 1/W of P."""
    weight = total[WEIGHT]
    return tolerance * mse(weight, total[SUM], total[SQUARES]) * weight


@njit(cache=True)
def ordered_levels(level_sums, order, means):
    """The levels (rows of ``level_sums``, levels × (W, S, Q)) that hold weight, in order of
    their mean target S/W, into ``order[:k]``; returns k. Means equal to rounding keep level
    order (:func:`~treecore.measures.sorting.sort_with_ties`); ``means`` is work space, one
    place per level. No array is made: a regression tree orders each nominal feature's values
    at every node."""
    k, largest = 0, 0.0
    for v in range(level_sums.shape[0]):
        if level_sums[v, WEIGHT] > 0.0:
            means[v] = level_sums[v, SUM] / level_sums[v, WEIGHT]
            largest = max(largest, abs(means[v]))
            order[k] = v
            k += 1
    sort_with_ties(means, EQUAL_RATIOS * largest, order, k)
    return k


@njit(cache=True)
def best_ordered_cut(level_sums, order, k, min_leaf, tolerance, pair, figures):
    """The best split of a nominal feature into two groups of values by squared error, given
    the sums (W, S, Q) of its values (``level_sums``) and the k values present in order of
    their mean target (``order[:k]``, from :func:`ordered_levels`): the cut after the first
    ``at + 1`` values of that order.

    For the squared error the best of all 2^(k−1) − 1 groupings of k values is one of the k − 1
    cuts of that order (Breiman et al. 1984, Theorem 4.5, after Fisher 1958), so only those are
    scored. A cut leaving less than ``min_leaf`` weight on a side is taken only when every cut
    does (status :data:`treecore.measures.cut_scan.ONLY_SMALL_LEAVES`); decreases within
    ``tolerance`` × MSE(D) of the best tie, and ties go to the first cut. Returns (status, at) and
    fills ``pair`` (2 × 3) with the two groups' sums; (NO_CUT, −1) for fewer than two values.
    ``figures`` is work space for :func:`partition_figures`. The cuts are scored twice, the
    best found in the first pass and the first cut tying it in the second, by the same
    operations, so no array is made.
    """
    if k < 2:
        return cut_scan.NO_CUT, -1
    weight, sums, squares = 0.0, 0.0, 0.0
    for v in range(k):
        weight += level_sums[order[v], WEIGHT]
        sums += level_sums[order[v], SUM]
        squares += level_sums[order[v], SQUARES]
    tie = tolerance * mse(weight, sums, squares)
    floor = min_leaf - tolerance
    top_any, top_allowed = -np.inf, -np.inf
    pair[0] = 0.0
    for at in range(k - 1):
        allowed = _cut_after(level_sums, order[at], weight, sums, squares, floor, pair, figures)
        top_any = max(top_any, figures[DECREASE])
        if allowed:
            top_allowed = max(top_allowed, figures[DECREASE])
    any_allowed = top_allowed > -np.inf
    top = top_allowed if any_allowed else top_any
    pair[0] = 0.0
    for at in range(k - 1):
        allowed = _cut_after(level_sums, order[at], weight, sums, squares, floor, pair, figures)
        if (allowed or not any_allowed) and figures[DECREASE] >= top - tie:
            return (cut_scan.BEST_CUT if any_allowed else cut_scan.ONLY_SMALL_LEAVES), at
    pair[0] = 0.0                      # no cut ties the best (never, short of a NaN): the first
    _cut_after(level_sums, order[0], weight, sums, squares, floor, pair, figures)
    return (cut_scan.BEST_CUT if any_allowed else cut_scan.ONLY_SMALL_LEAVES), 0


@njit(cache=True, inline="always")
def _cut_after(level_sums, level, weight, sums, squares, floor, pair, figures):
    """The next cut of :func:`best_ordered_cut`: ``level`` moved to the first group
    (``pair[0]``), the rest of the sums (W, S, Q) in ``pair[1]``, its figures into
    ``figures``; returns whether both groups hold ``floor`` weight."""
    for c in range(3):
        pair[0, c] += level_sums[level, c]
    pair[1, WEIGHT] = weight - pair[0, WEIGHT]
    pair[1, SUM] = sums - pair[0, SUM]
    pair[1, SQUARES] = squares - pair[0, SQUARES]
    partition_figures(pair, figures)
    return pair[0, WEIGHT] >= floor and pair[1, WEIGHT] >= floor


@njit(cache=True, inline="always")
def partition_figures(branch_sums, out):
    """The figures of one partition (branches × (W, S, Q)) into ``out``, in
    :data:`treecore.measures.kernels.FIGURE_COLUMNS` order: impurity = Σᵥ Wᵥ/W · MSE(Dᵛ), decrease =
    MSE(D) − impurity (never below 0) and score = decrease; the classification figures (gain,
    IV, gain ratio, Gini, error) stay 0."""
    weight, total, squares, after = 0.0, 0.0, 0.0, 0.0
    for b in range(branch_sums.shape[0]):
        weight += branch_sums[b, WEIGHT]
        total += branch_sums[b, SUM]
        squares += branch_sums[b, SQUARES]
    out[:] = 0.0
    if weight <= 0.0:
        return
    for b in range(branch_sums.shape[0]):
        w_b = branch_sums[b, WEIGHT]
        if w_b > 0.0:
            after += w_b / weight * mse(w_b, branch_sums[b, SUM], branch_sums[b, SQUARES])
    decrease = max(mse(weight, total, squares) - after, 0.0)
    out[IMPURITY], out[DECREASE], out[SCORE] = after, decrease, decrease


@njit(cache=True)
def figures(branch_sums):
    """:func:`partition_figures` of each partition ``branch_sums[i]`` (branches × (W, S, Q))."""
    out = np.zeros((branch_sums.shape[0], len(kernels.FIGURE_COLUMNS)))
    for i in range(branch_sums.shape[0]):
        partition_figures(branch_sums[i], out[i])
    return out


def sums(y: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """(W, S, Q) of rows with targets ``y`` and ``weights``, by numpy's pairwise sums (not a BLAS
    dot product, whose threads would keep spinning on a core the growth then wants)."""
    y, weights = np.asarray(y, float), np.asarray(weights, float)
    weighted = weights * y
    return np.array([weights.sum(), weighted.sum(), (weighted * y).sum()])
