"""The absolute error of a regression tree (least absolute deviation), in one place.

A node predicts the weighted median m of its rows, and its impurity is their mean absolute
deviation about it,

    MAE(D) = (1/W) Σ wᵢ |yᵢ − m|,   W = Σ wᵢ,

the other loss seed 001 names beside the squared error (scikit-learn's ``absolute_error``).
The cut (j, s) chosen is the one that minimises AE(D_left) + AE(D_right), where
AE(D) = W · MAE(D) = Σ wᵢ |yᵢ − m_D|; its impurity decrease is MAE(D) − (AE_left + AE_right)/W.

The median is scikit-learn's: with the rows in order of y, the first value where the
cumulative weight reaches half the total, W/2; when it reaches W/2 exactly, the mean of that
value and the next one. Any m between those two gives the same AE, which is, with W_<, S_< the
weight and Σ w y of the rows below m and W_≥, S_≥ those of the others (the pinball identity),

    AE(D) = (S_≥ − m · W_≥) + (m · W_< − S_<).

A cut search needs AE of every prefix and every suffix of the rows in order of x: a Fenwick
tree over the ranks of y holds W and S below each rank, so each row added costs O(log n) and a
feature O(n log n) (the method of scikit-learn 1.8's ``MAE`` criterion). Compiled with numba,
and callable from Python, so growth and the charts compute these figures by the same lines.

>>> float(weighted_median(np.array([3.0, 1.0, 2.0, 10.0]), np.ones(4)))
2.5
>>> float(absolute_deviation(np.array([3.0, 1.0, 2.0, 10.0]), np.ones(4)))
10.0
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from . import cut_scan


@njit(cache=True)
def _prefix_figures(targets, weights, ranks, sorted_y, medians, errors):
    """For each prefix ``targets[:p + 1]`` (rows in the order given; ``ranks[p]`` the place of
    row p's target in ``sorted_y``; ``weights`` empty: all 1), its weighted median into
    ``medians[p]`` and its AE into ``errors[p]``."""
    n = len(targets)
    unit = len(weights) == 0
    tree_w = np.zeros(n + 1)
    tree_wy = np.zeros(n + 1)
    weight_at = np.zeros(n)
    top_bit = 1
    while top_bit * 2 <= n:
        top_bit *= 2
    total_w, total_wy = 0.0, 0.0
    for p in range(n):
        w = 1.0 if unit else weights[p]
        y = targets[p]
        rank = ranks[p]
        weight_at[rank] += w
        i = rank + 1
        while i <= n:
            tree_w[i] += w
            tree_wy[i] += w * y
            i += i & -i
        total_w += w
        total_wy += w * y
        half = 0.5 * total_w
        # the largest position whose prefix weight is below half: the median's rank k follows
        pos, below_w, below_wy, bit = 0, 0.0, 0.0, top_bit
        while bit > 0:
            nxt = pos + bit
            if nxt <= n and below_w + tree_w[nxt] < half:
                pos = nxt
                below_w += tree_w[nxt]
                below_wy += tree_wy[nxt]
            bit //= 2
        k = pos                                  # rank of the first value reaching half
        median = sorted_y[k]
        if below_w + weight_at[k] == half:       # exactly half below the next value: the mean
            pos2, cut_w, cut_wy, bit = 0, 0.0, 0.0, top_bit
            while bit > 0:
                nxt = pos2 + bit
                if nxt <= n and cut_w + tree_w[nxt] <= half:
                    pos2 = nxt
                    cut_w += tree_w[nxt]
                    cut_wy += tree_wy[nxt]
                bit //= 2
            if pos2 < n:
                median = 0.5 * (sorted_y[k] + sorted_y[pos2])
                below_w, below_wy = cut_w, cut_wy
        medians[p] = median
        errors[p] = (total_wy - below_wy - median * (total_w - below_w)) \
            + (median * below_w - below_wy)


def _ranks(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(each row's place in the sorted targets, the sorted targets)."""
    order = np.argsort(y, kind="mergesort")
    ranks = np.empty(len(y), np.int64)
    ranks[order] = np.arange(len(y))
    return ranks, y[order]


def prefix_figures(y: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(weighted median, AE) of every prefix of the rows, in the order given."""
    y = np.asarray(y, float)
    ranks, sorted_y = _ranks(y)
    medians, errors = np.zeros(len(y)), np.zeros(len(y))
    _prefix_figures(y, np.asarray(weights, float), ranks, sorted_y, medians, errors)
    return medians, errors


def weighted_median(y: np.ndarray, weights: np.ndarray) -> float:
    """scikit-learn's weighted median of ``y`` (see the module's docstring)."""
    return float(prefix_figures(y, weights)[0][-1]) if len(y) else 0.0


def absolute_deviation(y: np.ndarray, weights: np.ndarray) -> float:
    """AE(D) = Σ wᵢ |yᵢ − m| about the weighted median m."""
    return max(float(prefix_figures(y, weights)[1][-1]), 0.0) if len(y) else 0.0


class CutSides(NamedTuple):
    """Both sides of every cut of one feature: ``ends[c]`` is the position of the last row left
    of cut c; per cut the weight, weighted median and AE of each side (AE as summed, to
    rounding; :func:`best_cut_of_sorted` compares their sums). ``total_error`` is AE(D)."""

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
    each suffix's median and AE by :func:`prefix_figures`, forwards and backwards."""
    n = len(keys)
    w = np.ones(n) if len(weights) == 0 else np.asarray(weights, float)
    left_median, left_error = prefix_figures(y, w)
    right_median, right_error = (a[::-1] for a in prefix_figures(y[::-1], w[::-1]))
    ends = np.flatnonzero(keys[1:] != keys[:-1])
    left_weight = np.cumsum(w)[ends]
    return CutSides(ends, left_weight, w.sum() - left_weight, left_median[ends],
                    left_error[ends], right_median[ends + 1], right_error[ends + 1],
                    max(float(left_error[-1]), 0.0) if n else 0.0)


def best_cut_of_sorted(keys: np.ndarray, y: np.ndarray, weights: np.ndarray, min_leaf: float,
                       tolerance: float) -> tuple[int, int, np.ndarray]:
    """The cut of one feature (``keys`` sorted ascending, ``y`` and ``weights`` of the same rows
    in the same order) that least leaves AE(D_left) + AE(D_right): (status as
    :func:`treecore.measures.squared_error.best_cut_of_sorted` gives it, position of the last row
    left of the cut, the figures of both sides as rows (W, median, AE)).

    Cuts lie between distinct values; those leaving ``min_leaf`` weight on each side are
    allowed, or, when none is, the best of all (status ``ONLY_SMALL_LEAVES``). Scanning up, a
    cut replaces the best so far only when it leaves less AE by more than ``tolerance`` × AE(D)
    (with no tolerance, scikit-learn's rule)."""
    sides = every_cut(keys, y, weights)
    if not len(sides.ends):
        return cut_scan.NO_CUT, -1, np.zeros((2, 3))
    loss = sides.left_error + sides.right_error
    floor = min_leaf - tolerance
    allowed = (sides.left_weight >= floor) & (sides.right_weight >= floor)
    status = cut_scan.BEST_CUT if allowed.any() else cut_scan.ONLY_SMALL_LEAVES
    slack = tolerance * sides.total_error
    candidates = np.flatnonzero(allowed) if allowed.any() else np.arange(len(sides.ends))
    best = candidates[0]
    for c in candidates[1:]:
        if loss[c] < loss[best] - slack:
            best = c
    figures = np.array([[sides.left_weight[best], sides.left_median[best],
                         max(sides.left_error[best], 0.0)],
                        [sides.right_weight[best], sides.right_median[best],
                         max(sides.right_error[best], 0.0)]])
    return status, int(sides.ends[best]), figures
