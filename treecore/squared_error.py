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
from numba import njit

from . import kernels

#: Columns of a node's sums.
WEIGHT, SUM, SQUARES = range(3)
#: Columns of :data:`treecore.kernels.FIGURE_COLUMNS` a regression split fills.
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
def _decrease(parent, total, w_left, s_left):
    """MSE(D) − (SSE_left + SSE_right)/W of the cut with sums (w_left, s_left) on its left;
    SSE_left + SSE_right = Q − S_left²/W_left − S_right²/W_right."""
    weight = total[WEIGHT]
    w_right, s_right = weight - w_left, total[SUM] - s_left
    proxy = s_left * s_left / w_left + s_right * s_right / w_right
    return max(parent - (total[SQUARES] - proxy) / weight, 0.0)


@njit(cache=True, inline="always")
def best_cut_of_sorted(keys, targets, weights, total, min_leaf, tolerance, left, right):
    """The cut of one feature (values sorted ascending, equal exactly where ``keys`` are) that
    most decreases the squared error, with the ``targets`` and ``weights`` (none: all 1) of
    the same rows in the same order and ``total`` their sums (W, S, Q).

    A cut lies between neighbouring distinct values. Cuts leaving at least ``min_leaf`` weight
    on each side are allowed; when none is, the best of all cuts is returned with the status
    :data:`treecore.kernels.ONLY_SMALL_LEAVES`. Scanning up from the lowest threshold, a cut
    replaces the best so far only when its decrease is higher by more than ``tolerance`` ×
    MSE(D) (the squared error has the target's unit squared, so a tie is relative; with no
    tolerance this is scikit-learn's rule); ``tolerance`` is also the slack of the weight test. Returns (status, position of the last value
    left of the cut) and fills ``left`` and ``right`` with the sums of each side.
    """
    m = len(keys)
    unit = len(weights) == 0
    parent = mse(total[WEIGHT], total[SUM], total[SQUARES])
    tie = tolerance * parent
    floor = min_leaf - tolerance
    best_allowed, best_any = -1.0, -1.0
    end_allowed, end_any = -1, -1
    w_left, s_left = 0.0, 0.0
    for p in range(m - 1):
        w_p = 1.0 if unit else weights[p]
        w_left += w_p
        s_left += w_p * targets[p]
        if keys[p + 1] == keys[p]:
            continue
        d = _decrease(parent, total, w_left, s_left)
        if d > best_any + tie:
            best_any, end_any = d, p
        if w_left >= floor and total[WEIGHT] - w_left >= floor and d > best_allowed + tie:
            best_allowed, end_allowed = d, p
    if end_any < 0:
        return kernels.NO_CUT, -1
    status, end = kernels.BEST_CUT, end_allowed
    if end_allowed < 0:
        status, end = kernels.ONLY_SMALL_LEAVES, end_any
    left[:] = 0.0
    for p in range(end + 1):
        w_p = 1.0 if unit else weights[p]
        left[WEIGHT] += w_p
        left[SUM] += w_p * targets[p]
        left[SQUARES] += w_p * targets[p] * targets[p]
    for k in range(3):
        right[k] = total[k] - left[k]
    return status, end


@njit(cache=True, inline="always")
def partition_figures(branch_sums, out):
    """The figures of one partition (branches × (W, S, Q)) into ``out``, in
    :data:`treecore.kernels.FIGURE_COLUMNS` order: impurity = Σᵥ Wᵥ/W · MSE(Dᵛ), decrease =
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
    """(W, S, Q) of rows with targets ``y`` and ``weights``."""
    y, weights = np.asarray(y, float), np.asarray(weights, float)
    return np.array([weights.sum(), weights @ y, weights @ (y * y)])
