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
def best_cuts(X, y, w, n_classes, columns, impurity_code, min_leaf, tolerance):
    """The best bi-partition of each continuous feature in ``columns`` at one node.

    Rows with a missing value (NaN) are left out. A cut lies between neighbouring distinct values;
    among the cuts that leave at least ``min_leaf`` weight on each side, only boundary points
    (neighbouring values not both pure in the same class) and the first and last allowed cut are
    searched, which finds the optimum of entropy, Gini and misclassification error alike. Ties
    within ``tolerance`` go to the lowest threshold. Returns per feature: status
    (:data:`NO_CUT`, :data:`BEST_CUT` or :data:`ONLY_SMALL_LEAVES` — then the best cut ignoring
    leaf size), the two values around the cut, the class counts left and right of it, and the
    weight of the rows whose value is known.
    """
    n, n_features = X.shape[0], len(columns)
    status = np.zeros(n_features, np.int8)
    lower = np.zeros(n_features)
    upper = np.zeros(n_features)
    left_out = np.zeros((n_features, n_classes))
    right_out = np.zeros((n_features, n_classes))
    known_weight = np.zeros(n_features)
    values = np.empty(n)
    labels = np.empty(n, np.int64)
    weights = np.empty(n)
    for f in range(n_features):
        j = columns[f]
        m = 0
        for i in range(n):
            if not np.isnan(X[i, j]):
                values[m], labels[m], weights[m] = X[i, j], y[i], w[i]
                known_weight[f] += w[i]
                m += 1
        if m < 2:
            continue
        order = np.argsort(values[:m])                  # ties form blocks: stability not needed
        total = np.zeros(n_classes)
        for i in range(m):
            total[labels[i]] += weights[i]
        weight = total.sum()
        parent = _impurity(total, weight, impurity_code)
        # blocks of equal values: where each ends, whether it is pure, and in which class
        block_end = np.empty(m, np.int64)
        block_pure = np.empty(m, np.bool_)
        block_class = np.empty(m, np.int64)
        n_blocks = 0
        start = 0
        for i in range(m):
            if i == m - 1 or values[order[i + 1]] != values[order[i]]:
                first = labels[order[start]]
                pure = True
                for r in range(start + 1, i + 1):
                    if labels[order[r]] != first:
                        pure = False
                        break
                block_end[n_blocks], block_pure[n_blocks], block_class[n_blocks] = i, pure, first
                n_blocks += 1
                start = i + 1
        n_cuts = n_blocks - 1
        if n_cuts < 1:
            continue
        decrease = np.empty(n_cuts)
        allowed = np.empty(n_cuts, np.bool_)
        boundary = np.empty(n_cuts, np.bool_)
        left = np.zeros(n_classes)
        right = np.empty(n_classes)
        position = 0
        for c in range(n_cuts):
            while position <= block_end[c]:
                left[labels[order[position]]] += weights[order[position]]
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
        searchable = allowed & boundary
        first_allowed, last_allowed = -1, -1
        for c in range(n_cuts):
            if allowed[c]:
                if first_allowed < 0:
                    first_allowed = c
                last_allowed = c
        if first_allowed >= 0:
            searchable[first_allowed] = True
            searchable[last_allowed] = True
            status[f] = BEST_CUT
        else:
            searchable[:] = True
            status[f] = ONLY_SMALL_LEAVES
        top = -1.0
        for c in range(n_cuts):
            if searchable[c] and decrease[c] > top:
                top = decrease[c]
        best = 0
        for c in range(n_cuts):
            if searchable[c] and decrease[c] >= top - tolerance:
                best = c
                break
        left[:] = 0.0
        for r in range(block_end[best] + 1):
            left[labels[order[r]]] += weights[order[r]]
        left_out[f] = left
        right_out[f] = total - left
        lower[f] = values[order[block_end[best]]]
        upper[f] = values[order[block_end[best] + 1]]
    return status, lower, upper, left_out, right_out, known_weight


#: The figures of :func:`figures`, in its column order (``treecore.splitting.FIGURES``).
FIGURE_COLUMNS = ("gain", "split_info", "gain_ratio", "gini", "error", "impurity", "decrease",
                  "score")


@njit(cache=True)
def figures(counts, rho, missing, impurity_code, ratio_score):
    """Every figure of each partition ``counts[i]`` (branches × classes), as columns in
    :data:`FIGURE_COLUMNS` order. With W = Σ counts, rᵥ = Wᵥ / W and the parent's counts the
    sum over branches: Gain = ρ·max(Ent(D̃) − Σᵥ rᵥ Ent(D̃ᵛ), 0) (Zhou 式 4.2, 4.12);
    IV = the entropy of the branch weights and the missing weight (Quinlan 1993);
    Gain_ratio = Gain / IV (0 where IV = 0); gini, error and impurity = Σᵥ rᵥ I(D̃ᵛ) for Gini,
    misclassification error and the criterion's impurity; decrease = ρ·max(I(D̃) − Σᵥ rᵥ I(D̃ᵛ), 0);
    score = gain ratio or decrease.
    """
    n, n_branches, n_classes = counts.shape
    out = np.zeros((n, 8))
    parent = np.empty(n_classes)
    weights = np.empty(n_branches + 1)
    child = np.empty(3)
    for i in range(n):
        total = 0.0
        for k in range(n_classes):
            parent[k] = 0.0
            for b in range(n_branches):
                parent[k] += counts[i, b, k]
            total += parent[k]
        if total <= 0.0:
            continue
        for code in range(3):
            child[code] = 0.0
            for b in range(n_branches):
                branch_total = counts[i, b].sum()
                if branch_total > 0.0:
                    child[code] += branch_total / total * _impurity(counts[i, b], branch_total,
                                                                    code)
        gain = rho[i] * max(_impurity(parent, total, 0) - child[0], 0.0)
        for b in range(n_branches):
            weights[b] = counts[i, b].sum()
        weights[n_branches] = missing[i]
        iv = _impurity(weights, total + missing[i], 0)
        ratio = gain / iv if iv > 1e-12 else 0.0
        decrease = gain if impurity_code == 0 else rho[i] * max(
            _impurity(parent, total, impurity_code) - child[impurity_code], 0.0)
        out[i, 0], out[i, 1], out[i, 2] = gain, iv, ratio
        out[i, 3], out[i, 4], out[i, 5] = child[1], child[2], child[impurity_code]
        out[i, 6], out[i, 7] = decrease, ratio if ratio_score else decrease
    return out


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
