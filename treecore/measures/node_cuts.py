"""The readable builder's threshold search at one node: each continuous feature's known values
sorted there (:func:`treecore.measures.sorting.value_order`), then searched by
:func:`treecore.measures.cut_scan.best_cut_of_sorted`; and Hunt's second stopping case. The
compiled engines sort each feature once at the root instead.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from .cut_scan import NO_CUT, best_cut_of_sorted, cut_scratch
from .sorting import value_order


@njit(cache=True, nogil=True)
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
    scratch = cut_scratch(n_classes, np.zeros(0))
    unit = True                        # all weights 1: the scan may then count instead of sum
    for i in range(n):
        unit = unit and w[i] == 1.0
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
        order = value_order(values[:m])          # equal values in row order
        total = np.zeros(n_classes)
        for i in range(m):
            total[labels[i]] += weights[i]
        sorted_values = values[:m][order]
        status[f], end = best_cut_of_sorted(
            sorted_values, labels[:m][order], weights[:0] if unit else weights[:m][order], total,
            impurity_code, min_leaf, tolerance, scratch, left_out[f], right_out[f])
        if status[f] != NO_CUT:
            lower[f], upper[f] = sorted_values[end], sorted_values[end + 1]
    return status, lower, upper, left_out, right_out, known_weight, complete


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
