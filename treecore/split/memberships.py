"""The candidate "subset vs rest" splits of a nominal feature (CART): which subsets of its
values are searched, for the readable proposals (:func:`treecore.split.proposals.subset_table`)
and the nodewise engine (:mod:`treecore.grow.nodewise_subsets`) alike, so both search the same
subsets in the same order and break ties alike.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..measures.sorting import EQUAL_RATIOS, order_with_ties


@njit(cache=True)
def subset_memberships(level_counts, exhaustive):
    """Candidate left-branch memberships (rows) over the levels present (columns), each level's
    class weights a row of ``level_counts``.

    Exhaustive: all 2^(L−1) − 1 subsets holding the first level. Otherwise the prefixes of the
    levels ordered by the proportion of each class (for two classes one ordering suffices and is
    exact, Breiman et al. Theorem 4.5). Every membership holds the first level, so a subset and
    its complement are never both listed. The rows come distinct and in descending
    lexicographic order (``np.unique(rows, axis=0)[::-1]``), the order in which ties between
    subsets are broken.
    """
    n_levels, n_classes = level_counts.shape
    if exhaustive:
        n = 2 ** (n_levels - 1) - 1
        out = np.zeros((n, n_levels), np.bool_)
        for mask in range(n):
            out[mask, 0] = True
            for b in range(n_levels - 1):
                out[mask, b + 1] = (mask >> b) & 1
        return out
    orderings = 1 if n_classes == 2 else n_classes
    rows = np.zeros((orderings * (n_levels - 1), n_levels), np.bool_)
    proportions = np.empty(n_levels)
    r = 0
    for c in range(orderings):
        for v in range(n_levels):
            proportions[v] = level_counts[v, c] / level_counts[v].sum()
        order = order_with_ties(proportions, EQUAL_RATIOS)      # shares: at most 1
        for size in range(1, n_levels):
            for p in range(size):
                rows[r, order[p]] = True
            if not rows[r, 0]:
                rows[r] = ~rows[r]
            r += 1
    return _unique_descending(rows)


@njit(cache=True)
def _descends(a, b):
    """Whether bool row ``a`` comes after ``b`` lexicographically (False < True)."""
    for p in range(len(a)):
        if a[p] != b[p]:
            return a[p]
    return False


@njit(cache=True)
def _unique_descending(rows):
    """The distinct rows, lexicographically descending: ``np.unique(rows, axis=0)[::-1]``."""
    n = rows.shape[0]
    order = np.arange(n)
    for p in range(1, n):                       # insertion sort: a few dozen rows at most
        q = p
        while q > 0 and _descends(rows[order[q]], rows[order[q - 1]]):
            order[q], order[q - 1] = order[q - 1], order[q]
            q -= 1
    keep = np.zeros(n, np.bool_)
    kept = 0
    for p in range(n):
        if p == 0 or _descends(rows[order[p - 1]], rows[order[p]]):
            keep[p] = True
            kept += 1
    out = np.empty((kept, rows.shape[1]), np.bool_)
    r = 0
    for p in range(n):
        if keep[p]:
            out[r] = rows[order[p]]
            r += 1
    return out
