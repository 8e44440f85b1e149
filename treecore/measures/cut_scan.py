"""The compiled threshold search of a continuous feature for a classification tree.

:func:`best_cut_of_sorted` searches one feature whose values are already sorted; every engine
uses it: :func:`treecore.measures.node_cuts.best_cuts` sorts each feature at a node for the
general builder, and the compiled engines hand it a node's segment of an order sorted once at
the root.
The impurity is :func:`treecore.measures.kernels.impurity` (a cut's entropy decrease in the
equal form without divisions, :func:`~treecore.measures.entropy_terms.entropy_decrease`); the
caller places the cut between the two neighbouring values it returns
(:func:`~treecore.measures.kernels.midpoint`, Zhou 式 4.7). The tests hold it to the readable
reference (:func:`treecore.split.proposals.sweep` plus a search over its boundary points). A
regression tree's cuts are searched by :func:`treecore.measures.squared_error.best_cuts_of_entries`.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from .entropy_terms import entropy_decrease
from .kept_cuts import KEPT_CUTS, keep_cut, may_win
from .kernels import impurity, side_squares, split_impurity

#: The status of a feature's search (:func:`best_cut_of_sorted`).
NO_CUT, BEST_CUT, ONLY_SMALL_LEAVES = 0, 1, 2


@njit(cache=True)
def cut_scratch(n_classes, counts_table):
    """Work arrays of :func:`best_cut_of_sorted` (allocated once, whatever the rows): the kept
    cuts' positions and decreases, one class-count vector, the entropy's kept terms
    (:func:`~.entropy_terms.entropy_decrease`) and ``counts_table``
    (:func:`~.entropy_terms.xlog2x_table`, or empty)."""
    return (np.empty(KEPT_CUTS, np.int32), np.empty(KEPT_CUTS), np.empty(n_classes),
            np.empty((3, n_classes)), counts_table)


@njit(cache=True, inline="always")
def _next_block_differs(keys, labels, start, label):
    """Whether the block of equal keys starting at ``start`` has a row not of class ``label``."""
    end = start
    while labels[end] == label:
        if end + 1 < len(keys) and keys[end + 1] == keys[start]:
            end += 1
        else:
            return False
    return True


@njit(cache=True, inline="always")
def _decrease(parent, left, total, w_left, weight, impurity_code, terms, counts_table):
    """max(I(D) − Σᵥ Wᵥ/W · I(Dᵛ), 0) of the cut with class counts ``left`` on its left (the
    entropy's by :func:`~.entropy_terms.entropy_decrease`, keeping its terms in ``terms``)."""
    if impurity_code == 0:
        return entropy_decrease(parent, left, total, w_left, weight, terms, counts_table)
    return max(parent - split_impurity(left, total, w_left, weight - w_left, impurity_code)
               / weight, 0.0)


@njit(cache=True, inline="always")
def _scan_cuts(keys, labels, weights, total, impurity_code, floor, every_cut, tolerance,
               scratch, left, top):
    """One pass over the sorted values, keeping in ``scratch`` the searched cuts that may win
    (:mod:`~treecore.measures.kept_cuts`; ``top`` is −1, or the best decrease in a second
    pass): with ``every_cut`` all cuts, else the allowed boundary points and the first and
    last allowed cut (allowed cuts form one run, since the left weight only grows). Whether a
    cut is a boundary point is asked only when the cut is reached, of the keys and labels
    around it (:func:`_is_boundary`); the last allowed cut, when it is none of the others, is
    scored at the end from counts summed afresh (:func:`_keep_aside`). Returns (cuts kept, the
    best decrease, whether there is any cut, whether any cut is allowed)."""
    block_end, decrease, _, terms, table = scratch
    unit = len(weights) == 0
    weight = total.sum()
    counts_table = table if unit and len(table) > weight else table[:0]   # counts: whole
    parent = impurity(total, weight, impurity_code)
    for k in range(len(total)):
        left[k] = 0.0
        terms[0, k] = -1.0
    w_left, n_kept, any_cut, any_allowed = 0.0, 0, False, False
    last_end, last_scored = -1, False
    for p in range(len(keys) - 1):
        weight_p = 1.0 if unit else weights[p]
        left[labels[p]] += weight_p
        w_left += weight_p
        if keys[p + 1] == keys[p]:
            continue
        any_cut = True
        allowed = w_left >= floor and weight - w_left >= floor
        if not (allowed or every_cut):
            continue
        scored = every_cut or (allowed and not any_allowed) or _is_boundary(keys, labels, p)
        if scored:
            d = _decrease(parent, left, total, w_left, weight, impurity_code, terms,
                          counts_table)
            if may_win(d, top, tolerance, n_kept):
                n_kept = keep_cut(block_end, decrease, n_kept, p, d, tolerance)
                top = max(top, d)
        if allowed:
            any_allowed = True
            last_end, last_scored = p, scored
    if not every_cut and last_end >= 0 and not last_scored:     # the last allowed cut
        n_kept, top = _keep_aside(last_end, labels, weights, total, parent, weight,
                                  impurity_code, tolerance, top, n_kept, scratch, counts_table)
    return n_kept, top, any_cut, any_allowed


@njit(cache=True, inline="always")
def _scan_gini_counts(keys, labels, total, floor, every_cut, tolerance, scratch, left, top):
    """:func:`_scan_cuts` for Gini with unit weights, keeping the same cuts. Counts are then
    integers and Σₖ lₖ², Σₖ rₖ² are kept exactly row by row ((l + 1)² = l² + 2l + 1). With
    P = Σl²/W_l + Σr²/W_r a cut's decrease is I(D) − (W − P)/W, so a cut can only be kept
    when P clears a bound set by the best decrease so far; the test
    Σl²·W_r + Σr²·W_l ≥ bound·W_l·W_r, with a margin far above rounding, needs no division and
    discards almost every cut. The rest get their exact decrease and, if they may still win,
    are checked to be a boundary point (or the first allowed cut; the last allowed one is added
    at the end) before they are kept."""
    block_end, decrease = scratch[0], scratch[1]
    m, n_classes = len(keys), len(total)
    weight = total.sum()
    parent = impurity(total, weight, 1)
    squares_left, squares_right = 0.0, 0.0
    for k in range(n_classes):
        left[k] = 0.0
        squares_right += total[k] * total[k]
    w_left, n_kept, any_cut, any_allowed = 0.0, 0, False, False
    bound = _gini_bound(parent, weight, top, tolerance)   # P below cannot reach the best
    last_end, last_squares_left, last_squares_right, last_w_left = -1, 0.0, 0.0, 0.0
    last_kept = False
    for p in range(m - 1):
        label = labels[p]
        squares_left += 2.0 * left[label] + 1.0
        squares_right -= 2.0 * (total[label] - left[label]) - 1.0
        left[label] += 1.0
        w_left += 1.0
        if keys[p + 1] == keys[p]:
            continue
        any_cut = True
        w_right = weight - w_left
        allowed = w_left >= floor and w_right >= floor
        if not (allowed or every_cut):
            continue
        kept = False
        if squares_left * w_right + squares_right * w_left >= bound * w_left * w_right:
            d = _gini_decrease(parent, weight, squares_left, squares_right, w_left)
            if may_win(d, top, tolerance, n_kept) and (
                    every_cut or (allowed and not any_allowed) or _is_boundary(keys, labels, p)):
                n_kept = keep_cut(block_end, decrease, n_kept, p, d, tolerance)
                kept = True
                if d > top:
                    top = d
                    bound = _gini_bound(parent, weight, top, tolerance)
        if allowed:
            any_allowed = True
            last_end, last_kept = p, kept
            last_squares_left, last_squares_right, last_w_left = squares_left, squares_right, w_left
    if not every_cut and last_end >= 0 and not last_kept:
        d = _gini_decrease(parent, weight, last_squares_left, last_squares_right, last_w_left)
        if may_win(d, top, tolerance, n_kept):
            n_kept = keep_cut(block_end, decrease, n_kept, last_end, d, tolerance)
            top = max(top, d)
    return n_kept, top, any_cut, any_allowed


@njit(cache=True, inline="always")
def _scan_gini_weighted(keys, labels, weights, total, floor, every_cut, tolerance, scratch, left,
                        top):
    """:func:`_scan_gini_counts` for rows with weights (C4.5's fractions for missing values, a
    forest's draws, AdaBoost's): the same bound skips the cuts that cannot win, but Σₖ lₖ² and
    Σₖ rₖ² are taken afresh from the class weights at each cut (a running sum would carry its
    rounding into the small side's term), and a cut that passes gets :func:`_scan_cuts`'s own
    decrease, so the same cuts are kept with the same decreases."""
    block_end, decrease, _, terms, _ = scratch
    weight = total.sum()
    parent = impurity(total, weight, 1)
    left[:] = 0.0
    w_left, n_kept, any_cut, any_allowed = 0.0, 0, False, False
    bound = _gini_bound(parent, weight, top, tolerance)   # P below cannot reach the best
    last_end, last_kept = -1, False
    for p in range(len(keys) - 1):
        left[labels[p]] += weights[p]
        w_left += weights[p]
        if keys[p + 1] == keys[p]:
            continue
        any_cut = True
        w_right = weight - w_left
        allowed = w_left >= floor and w_right >= floor
        if not (allowed or every_cut):
            continue
        kept = False
        squares_left, squares_right = side_squares(left, total)
        if squares_left * w_right + squares_right * w_left >= bound * w_left * w_right:
            d = _decrease(parent, left, total, w_left, weight, 1, terms, weights[:0])
            if may_win(d, top, tolerance, n_kept) and (
                    every_cut or (allowed and not any_allowed) or _is_boundary(keys, labels, p)):
                n_kept = keep_cut(block_end, decrease, n_kept, p, d, tolerance)
                kept = True
                top = max(top, d)
                bound = _gini_bound(parent, weight, top, tolerance)
        if allowed:
            any_allowed = True
            last_end, last_kept = p, kept
    if not every_cut and last_end >= 0 and not last_kept:     # the last allowed cut
        n_kept, top = _keep_aside(last_end, labels, weights, total, parent, weight, 1,
                                  tolerance, top, n_kept, scratch, weights[:0])
    return n_kept, top, any_cut, any_allowed


@njit(cache=True, inline="always")
def _gini_decrease(parent, weight, squares_left, squares_right, w_left):
    """max(Gini(D) − (W − Σl²/W_l − Σr²/W_r) / W, 0): the decrease of a cut from its sums."""
    return max(parent - (weight - squares_left / w_left
                         - squares_right / (weight - w_left)) / weight, 0.0)


@njit(cache=True, inline="always")
def _gini_bound(parent, weight, top, tolerance):
    """The least P = Σl²/W_l + Σr²/W_r a cut needs for a decrease ≥ top − tolerance, lowered by
    a margin of 10⁻⁹·W (rounding is below 10⁻¹³·W); −∞ while any cut qualifies (the decrease
    is clipped at 0, so a cut below the formula's bound may still tie a best of about 0, and
    no cut is scored yet while ``top`` is −1)."""
    if top - tolerance <= 0.0:
        return -np.inf
    return weight * (1.0 - parent + top - tolerance) - 1e-9 * weight


@njit(cache=True, inline="always")
def _is_boundary(keys, labels, end):
    """Whether the cut after position ``end`` is a boundary point: the block of equal keys
    ending there, or the next one, holds a class other than ``labels[end]``."""
    q = end
    while q > 0 and keys[q - 1] == keys[end]:
        q -= 1
        if labels[q] != labels[end]:
            return True
    return _next_block_differs(keys, labels, end + 1, labels[end])


@njit(cache=True, inline="always")
def _keep_aside(end, labels, weights, total, parent, weight, impurity_code, tolerance, top,
                n_kept, scratch, counts_table):
    """Score the cut after position ``end`` (the last allowed one, which the pass did not
    score), summing its left counts again, and keep it if it may win; returns (cuts kept,
    best decrease so far)."""
    block_end, decrease, aside, terms, _ = scratch
    w_aside = _left_counts(labels, weights, end, aside)
    d = _decrease(parent, aside, total, w_aside, weight, impurity_code, terms, counts_table)
    if may_win(d, top, tolerance, n_kept):
        return keep_cut(block_end, decrease, n_kept, end, d, tolerance), max(top, d)
    return n_kept, top


@njit(cache=True, inline="always")
def _left_counts(labels, weights, end, out):
    """Class counts of positions ``0 … end`` into ``out``; returns their total weight."""
    out[:] = 0.0
    total = 0.0
    for p in range(end + 1):
        weight_p = 1.0 if len(weights) == 0 else weights[p]
        out[labels[p]] += weight_p
        total += weight_p
    return total


@njit(cache=True, inline="always")
def best_cut_of_sorted(keys, labels, weights, total, impurity_code, min_leaf, tolerance, scratch,
                       left, right):
    """The best bi-partition of one feature whose known values are sorted ascending, given by
    ``keys`` equal exactly where the values are (the values or their ranks), with the class
    ``labels`` and ``weights`` of the same rows in the same order (no weights: all 1); ``total``
    holds their weighted class counts.

    A cut lies between neighbouring distinct values; among the cuts that leave at least
    ``min_leaf`` weight on each side, only boundary points (neighbouring values not both pure in
    the same class; Fayyad & Irani 1992) and the first and last allowed cut are searched, which
    finds the optimum of entropy, Gini and misclassification error alike. The highest decrease
    wins; ties within ``tolerance`` go to the lowest threshold. Returns (status, position of the
    last value left of the cut) and fills ``left`` and ``right`` with the class counts on each
    side; the status is :data:`NO_CUT`, :data:`BEST_CUT` or :data:`ONLY_SMALL_LEAVES` (no cut
    leaves both leaves large enough: then the best of all cuts).
    """
    block_end, decrease = scratch[0], scratch[1]
    floor = min_leaf - tolerance
    status, every_cut, top = BEST_CUT, False, -1.0
    while True:                        # one call site: the scan is inlined once
        n_kept, top, any_cut, any_allowed = _scan(keys, labels, weights, total, impurity_code,
                                                  floor, every_cut, tolerance, scratch, left, top)
        if not any_cut:
            return NO_CUT, -1
        if not (any_allowed or every_cut):        # again over every cut when none is allowed
            status, every_cut, top = ONLY_SMALL_LEAVES, True, -1.0
        elif n_kept <= len(block_end):
            break
        # else more cuts tied with the best than the record holds: again from the best (top)
    best = 0
    while decrease[best] < top - tolerance:
        best += 1
    end = np.int64(block_end[best])
    _left_counts(labels, weights, end, left)
    for k in range(len(total)):
        right[k] = total[k] - left[k]
    return status, end


@njit(cache=True, inline="always")
def _scan(keys, labels, weights, total, impurity_code, floor, every_cut, tolerance, scratch,
          left, top):
    """:func:`_scan_gini_counts` for Gini with unit weights, :func:`_scan_gini_weighted` for
    Gini with weights (two loops: a test of the weights in the counting loop cost the unit
    weights' scan a tenth), else (the entropy, the misclassification error) :func:`_scan_cuts`,
    the general scan the Gini scans are held to: for the entropy with its code written out, so
    the compiler drops the other impurities' branches from the loop (with the code given at
    run time, the entropy's scan took 66 ns a row of mixed classes instead of 25)."""
    if impurity_code == 0:
        return _scan_cuts(keys, labels, weights, total, 0, floor, every_cut, tolerance, scratch,
                          left, top)
    if impurity_code == 1 and len(weights) == 0:
        return _scan_gini_counts(keys, labels, total, floor, every_cut, tolerance, scratch,
                                 left, top)
    if impurity_code == 1:
        return _scan_gini_weighted(keys, labels, weights, total, floor, every_cut, tolerance,
                                   scratch, left, top)
    return _scan_cuts(keys, labels, weights, total, impurity_code, floor, every_cut,
                      tolerance, scratch, left, top)
