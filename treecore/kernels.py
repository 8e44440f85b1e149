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


@njit(cache=True)
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


@njit(cache=True)
def cut_scratch(n):
    """Work arrays of :func:`best_cut_of_sorted` for up to ``n`` values (allocated once)."""
    return (np.empty(n, np.int64), np.empty(n, np.bool_), np.empty(n, np.int64), np.empty(n),
            np.empty(n, np.bool_), np.empty(n, np.bool_))


@njit(cache=True)
def best_cut_of_sorted(values, rows, y, w, total, impurity_code, min_leaf, tolerance, scratch,
                       left, right):
    """The best bi-partition of one feature whose known ``values`` are sorted ascending
    (stable: equal values in row order); ``rows[p]`` indexes the label ``y`` and weight ``w`` of
    ``values[p]``, and ``total`` holds their weighted class counts.

    A cut lies between neighbouring distinct values; among the cuts that leave at least
    ``min_leaf`` weight on each side, only boundary points (neighbouring values not both pure in
    the same class) and the first and last allowed cut are searched, which finds the optimum of
    entropy, Gini and misclassification error alike. Ties within ``tolerance`` go to the lowest
    threshold. Returns (status, value below the cut, value above it) and fills ``left`` and
    ``right`` with the class counts on each side; the status is :data:`NO_CUT`,
    :data:`BEST_CUT` or :data:`ONLY_SMALL_LEAVES` (then the best cut ignoring leaf size).
    """
    block_end, block_pure, block_class, decrease, allowed, boundary = scratch
    m, n_classes = len(values), len(total)
    weight = total.sum()
    parent = _impurity(total, weight, impurity_code)
    # blocks of equal values: where each ends, whether it is pure, and in which class
    n_blocks = 0
    start = 0
    for i in range(m):
        if i == m - 1 or values[i + 1] != values[i]:
            first = y[rows[start]]
            pure = True
            for r in range(start + 1, i + 1):
                if y[rows[r]] != first:
                    pure = False
                    break
            block_end[n_blocks], block_pure[n_blocks], block_class[n_blocks] = i, pure, first
            n_blocks += 1
            start = i + 1
    n_cuts = n_blocks - 1
    if n_cuts < 1:
        return NO_CUT, 0.0, 0.0
    left[:] = 0.0
    position = 0
    for c in range(n_cuts):
        while position <= block_end[c]:
            left[y[rows[position]]] += w[rows[position]]
            position += 1
        for k in range(n_classes):
            right[k] = total[k] - left[k]
        w_left = left.sum()
        w_right = weight - w_left
        child = (w_left * _impurity(left, w_left, impurity_code)
                 + w_right * _impurity(right, w_right, impurity_code)) / weight
        decrease[c] = max(parent - child, 0.0)
        allowed[c] = w_left >= min_leaf - tolerance and w_right >= min_leaf - tolerance
        boundary[c] = not (block_pure[c] and block_pure[c + 1]
                           and block_class[c] == block_class[c + 1])
    first_allowed, last_allowed = -1, -1
    for c in range(n_cuts):
        if allowed[c]:
            if first_allowed < 0:
                first_allowed = c
            last_allowed = c
    status = ONLY_SMALL_LEAVES
    if first_allowed >= 0:
        status = BEST_CUT
        boundary[first_allowed] = True
        boundary[last_allowed] = True
    top, best = -1.0, 0
    for c in range(n_cuts):                 # searchable: allowed boundary points, or any cut
        if (status == ONLY_SMALL_LEAVES or (allowed[c] and boundary[c])) and decrease[c] > top:
            top = decrease[c]
    for c in range(n_cuts):
        if (status == ONLY_SMALL_LEAVES or (allowed[c] and boundary[c])) \
                and decrease[c] >= top - tolerance:
            best = c
            break
    left[:] = 0.0
    for r in range(block_end[best] + 1):
        left[y[rows[r]]] += w[rows[r]]
    for k in range(n_classes):
        right[k] = total[k] - left[k]
    return status, values[block_end[best]], values[block_end[best] + 1]


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
    scratch = cut_scratch(n)
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
            values[:m][order], order, labels, weights, total, impurity_code, min_leaf, tolerance,
            scratch, left_out[f], right_out[f])
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
