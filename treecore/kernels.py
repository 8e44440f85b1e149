"""Compiled inner loops (numba): the threshold search of continuous features at one node.

The formulas are those of :mod:`treecore.criteria`, written as scalar loops so numba can compile
them; :func:`best_cuts` finds, for every continuous feature, the cut the readable reference
(:func:`treecore.splitting.sweep` plus a search over its boundary points) would choose, and the
tests hold the two to the same answer. ``cache=True`` keeps the compiled code on disk, so only the
first process on a machine pays the compile time.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: Impurity functions by code, in the order the kernels test them.
IMPURITY_CODES = {"entropy": 0, "gini": 1, "misclassification": 2}

#: ``best_cuts`` status per feature.
NO_CUT, BEST_CUT, ONLY_SMALL_LEAVES = 0, 1, 2


@njit(cache=True, inline="always")
def _impurity(counts, total, code):
    """Ent (code 0), Gini (1) or misclassification error (2) of one count vector."""
    if total <= 0.0:
        return 0.0
    if code == 0:
        h = 0.0
        for c in counts:
            p = c / total
            if p > 0.0:                  # 0·log 0 = 0 (also for a p that underflows to 0)
                h -= p * np.log2(p)
        return max(h, 0.0)
    if code == 1:
        s = 0.0
        for c in counts:
            p = c / total
            s += p * p
        return 1.0 - s
    return 1.0 - counts.max() / total


@njit(cache=True, inline="always")
def _split_impurity(left, total, w_left, w_right, code):
    """W_left · I(left) + W_right · I(total − left), without forming the right counts; for Gini
    W − Σₖ cₖ² / W on each side, one division instead of one per class."""
    if code == 1:
        s_left, s_right = 0.0, 0.0
        for k in range(len(total)):
            s_left += left[k] * left[k]
            s_right += (total[k] - left[k]) * (total[k] - left[k])
        out = 0.0
        if w_left > 0.0:
            out += w_left - s_left / w_left
        if w_right > 0.0:
            out += w_right - s_right / w_right
        return out
    h_left, h_right, top_left, top_right = 0.0, 0.0, 0.0, 0.0
    for k in range(len(total)):
        c_left, c_right = left[k], total[k] - left[k]
        top_left, top_right = max(top_left, c_left), max(top_right, c_right)
        if code == 0:
            if w_left > 0.0 and c_left / w_left > 0.0:
                h_left -= c_left / w_left * np.log2(c_left / w_left)
            if w_right > 0.0 and c_right / w_right > 0.0:
                h_right -= c_right / w_right * np.log2(c_right / w_right)
    if code == 0:
        return w_left * max(h_left, 0.0) + w_right * max(h_right, 0.0)
    return (w_left - top_left if w_left > 0.0 else 0.0) + \
        (w_right - top_right if w_right > 0.0 else 0.0)


@njit(cache=True)
def cut_scratch(n, n_classes):
    """Work arrays of :func:`best_cut_of_sorted` for up to ``n`` values (allocated once)."""
    return np.empty(n, np.int64), np.empty(n), np.empty(n_classes)


@njit(cache=True, inline="always")
def _block(values, labels, start):
    """The block of equal values starting at ``start``: (its last position, whether all its
    rows have one class, the class of its first row)."""
    end, first, pure = start, labels[start], True
    while end + 1 < len(values) and values[end + 1] == values[start]:
        end += 1
        pure = pure and labels[end] == first
    return end, pure, first


@njit(cache=True, inline="always")
def _decrease(parent, left, total, w_left, weight, impurity_code):
    """max(I(D) − Σᵥ Wᵥ/W · I(Dᵛ), 0) of the cut with class counts ``left`` on its left."""
    return max(parent - _split_impurity(left, total, w_left, weight - w_left, impurity_code)
               / weight, 0.0)


@njit(cache=True)
def _scan_cuts(values, labels, weights, total, impurity_code, floor, every_cut, scratch, left):
    """One pass over the sorted values, block of equal values by block, recording the searched
    cuts in ``scratch``: with ``every_cut`` all of them, else the allowed boundary points and the
    first and last allowed cut (allowed cuts form one run, since the left weight only grows).
    A cut is recorded as the position of the last value on its left and its impurity decrease.
    Returns (cuts recorded, blocks of equal values, whether any cut is allowed)."""
    block_end, decrease, aside = scratch
    m, n_classes = len(values), len(total)
    weight = total.sum()
    parent = _impurity(total, weight, impurity_code)
    for k in range(n_classes):
        left[k] = 0.0                  # class counts up to the last block passed
    w_left, n_recorded, n_blocks, any_allowed = 0.0, 0, 0, False
    pending = False                    # an allowed cut set aside in case it is the last one
    previous_pure, previous_class, previous_end = True, -1, -1
    while previous_end + 1 < m:
        start = previous_end + 1
        end, pure, first = _block(values, labels, start)
        if n_blocks > 0:               # the cut between the previous block and this one
            allowed = w_left >= floor and weight - w_left >= floor
            if allowed or every_cut:
                keep = every_cut or not any_allowed or not (
                    previous_pure and pure and previous_class == first)     # a boundary point
                any_allowed |= allowed
                block_end[n_recorded] = previous_end
                if keep:
                    decrease[n_recorded] = _decrease(parent, left, total, w_left, weight,
                                                     impurity_code)
                    n_recorded += 1
                else:
                    aside[:] = left
                pending = not keep
            elif pending:              # the cut set aside was the last allowed one
                decrease[n_recorded] = _decrease(parent, aside, total, aside.sum(), weight,
                                                 impurity_code)
                n_recorded += 1
                pending = False
        for p in range(start, end + 1):
            left[labels[p]] += weights[p]
            w_left += weights[p]
        previous_pure, previous_class, previous_end = pure, first, end
        n_blocks += 1
    if pending:
        decrease[n_recorded] = _decrease(parent, aside, total, aside.sum(), weight, impurity_code)
        n_recorded += 1
    return n_recorded, n_blocks, any_allowed


@njit(cache=True)
def best_cut_of_sorted(values, labels, weights, total, impurity_code, min_leaf, tolerance,
                       scratch, left, right):
    """The best bi-partition of one feature whose known ``values`` are sorted ascending, with
    the class ``labels`` and ``weights`` of the same rows in the same order; ``total`` holds
    their weighted class counts.

    A cut lies between neighbouring distinct values; among the cuts that leave at least
    ``min_leaf`` weight on each side, only boundary points (neighbouring values not both pure in
    the same class; Fayyad & Irani 1992) and the first and last allowed cut are searched, which
    finds the optimum of entropy, Gini and misclassification error alike. The highest decrease
    wins; ties within ``tolerance`` go to the lowest threshold. Returns (status, value below the
    cut, value above it) and fills ``left`` and ``right`` with the class counts on each side; the
    status is :data:`NO_CUT`, :data:`BEST_CUT` or :data:`ONLY_SMALL_LEAVES` (no cut leaves both
    leaves large enough: then the best of all cuts).
    """
    block_end, decrease = scratch[0], scratch[1]
    floor = min_leaf - tolerance
    n_recorded, n_blocks, any_allowed = _scan_cuts(values, labels, weights, total, impurity_code,
                                                   floor, False, scratch, left)
    if n_blocks < 2:
        return NO_CUT, 0.0, 0.0
    status = BEST_CUT
    if not any_allowed:
        status = ONLY_SMALL_LEAVES
        n_recorded, n_blocks, any_allowed = _scan_cuts(values, labels, weights, total,
                                                       impurity_code, floor, True, scratch, left)
    top = -1.0
    for c in range(n_recorded):
        top = max(top, decrease[c])
    best = 0
    while decrease[best] < top - tolerance:
        best += 1
    end = block_end[best]
    for k in range(len(total)):
        left[k] = 0.0
    for p in range(end + 1):
        left[labels[p]] += weights[p]
    for k in range(len(total)):
        right[k] = total[k] - left[k]
    return status, values[end], values[end + 1]


@njit(cache=True)
def best_cuts(X, y, w, n_classes, columns, impurity_code, min_leaf, tolerance):
    """The best bi-partition (:func:`best_cut_of_sorted`) of each continuous feature in
    ``columns`` at one node, sorting its known values (rows with NaN are left out).

    Returns per feature: status, the two values around the cut, the class counts left and right
    of it, the weight of the rows whose value is known and whether every value is known.
    """
    n, n_features = X.shape[0], len(columns)
    status = np.zeros(n_features, np.int8)
    lower = np.zeros(n_features)
    upper = np.zeros(n_features)
    left_out = np.zeros((n_features, n_classes))
    right_out = np.zeros((n_features, n_classes))
    known_weight = np.zeros(n_features)
    complete = np.zeros(n_features, np.bool_)
    values = np.empty(n)
    labels = np.empty(n, np.int64)
    weights = np.empty(n)
    scratch = cut_scratch(n, n_classes)
    for f in range(n_features):
        j = columns[f]
        m = 0
        for i in range(n):
            if not np.isnan(X[i, j]):
                values[m], labels[m], weights[m] = X[i, j], y[i], w[i]
                known_weight[f] += w[i]
                m += 1
        complete[f] = m == n
        if m < 2:
            continue
        order = np.argsort(values[:m], kind="mergesort")    # stable: equal values in row order
        total = np.zeros(n_classes)
        for i in range(m):
            total[labels[i]] += weights[i]
        status[f], lower[f], upper[f] = best_cut_of_sorted(
            values[:m][order], labels[:m][order], weights[:m][order], total, impurity_code,
            min_leaf, tolerance, scratch, left_out[f], right_out[f])
    return status, lower, upper, left_out, right_out, known_weight, complete


#: The figures of :func:`figures`, in its column order (``treecore.splitting.FIGURES``).
FIGURE_COLUMNS = ("gain", "split_info", "gain_ratio", "gini", "error", "impurity", "decrease",
                  "score")


@njit(cache=True)
def figures(counts, rho, missing, impurity_code, ratio_score):
    """Every figure of each partition ``counts[i]`` (branches × classes), as columns in
    :data:`FIGURE_COLUMNS` order (see :func:`partition_figures`)."""
    n, n_branches, n_classes = counts.shape
    out = np.zeros((n, len(FIGURE_COLUMNS)))
    scratch = figure_scratch(n_branches, n_classes)
    for i in range(n):
        partition_figures(counts[i], rho[i], missing[i], impurity_code, ratio_score, out[i],
                          scratch)
    return out


@njit(cache=True)
def figure_scratch(n_branches, n_classes):
    """Work arrays of :func:`partition_figures` (allocated once per caller)."""
    return np.empty(n_classes), np.empty(n_branches + 1), np.empty(3)


@njit(cache=True)
def partition_figures(counts, rho, missing, impurity_code, ratio_score, out, scratch):
    """Every figure of one partition ``counts`` (branches × classes) into ``out``, in
    :data:`FIGURE_COLUMNS` order. With W = Σ counts, rᵥ = Wᵥ / W and the parent's counts the
    sum over branches: Gain = ρ·max(Ent(D̃) − Σᵥ rᵥ Ent(D̃ᵛ), 0) (Zhou 式 4.2, 4.12);
    IV = the entropy of the branch weights and the missing weight (Quinlan 1993);
    Gain_ratio = Gain / IV (0 where IV = 0); gini, error and impurity = Σᵥ rᵥ I(D̃ᵛ) for Gini,
    misclassification error and the criterion's impurity; decrease = ρ·max(I(D̃) − Σᵥ rᵥ I(D̃ᵛ), 0);
    score = gain ratio or decrease. An empty partition leaves ``out`` as it is.
    """
    parent, weights, child = scratch
    n_branches, n_classes = counts.shape
    total = 0.0
    for k in range(n_classes):
        parent[k] = 0.0
        for b in range(n_branches):
            parent[k] += counts[b, k]
        total += parent[k]
    if total <= 0.0:
        return
    for code in range(3):
        child[code] = 0.0
        for b in range(n_branches):
            branch_total = counts[b].sum()
            if branch_total > 0.0:
                child[code] += branch_total / total * _impurity(counts[b], branch_total, code)
    gain = rho * max(_impurity(parent, total, 0) - child[0], 0.0)
    for b in range(n_branches):
        weights[b] = counts[b].sum()
    weights[n_branches] = missing
    iv = _impurity(weights, total + missing, 0)
    ratio = gain / iv if iv > 1e-12 else 0.0
    decrease = gain if impurity_code == 0 else rho * max(
        _impurity(parent, total, impurity_code) - child[impurity_code], 0.0)
    out[0], out[1], out[2] = gain, iv, ratio
    out[3], out[4], out[5] = child[1], child[2], child[impurity_code]
    out[6], out[7] = decrease, ratio if ratio_score else decrease


@njit(cache=True)
def all_constant(X, rows, columns):
    """True when every row in ``rows`` has the same known value on each of ``columns``
    (missing values are no distinct value): Hunt's second stopping case."""
    for j in columns:
        seen = False
        first = 0.0
        for i in rows:
            v = X[i, j]
            if np.isnan(v):
                continue
            if not seen:
                seen, first = True, v
            elif v != first:
                return False
    return True
