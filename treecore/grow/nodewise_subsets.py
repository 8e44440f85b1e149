"""CART's best "subset vs rest" split of a nominal feature in the nodewise engine
(:mod:`treecore.grow.nodewise_scoring`), from the class weights counted per value at a node:
every subset of up to :data:`treecore.split.proposals.EXHAUSTIVE_LEVELS` values visited in
Gray-code order (one value changes side each time), or the values ordered by each class's
share, in the order and with the tie-breaks of
:func:`treecore.split.proposals.subset_memberships`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..measures import kernels
from ..measures.sorting import EQUAL_RATIOS, order_with_ties
from .kernel_rules import DECREASE
from .nodewise_arrays import ELIGIBLE, NONE, SMALL_LEAF


@njit(cache=True)
def _memberships(level_counts, exhaustive):
    """Candidate left-branch memberships over the levels present, in the order of
    :func:`treecore.split.proposals.subset_memberships` (whose docstring says why they suffice)."""
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


@njit(cache=True, inline="always")
def _lowest_bit(x):
    """The position of the lowest set bit of ``x`` (> 0)."""
    bit = 0
    while not (x >> bit) & 1:
        bit += 1
    return bit


@njit(cache=True, inline="always")
def _score_subset(s, pair, total, rho, missing, rules, floor, decreases, valid, figure_scratch,
                  out):
    """Subset ``s`` with ``pair[0]`` its left branch's class weights: its decrease and whether
    both branches hold ``floor`` weight."""
    pair[1] = total - pair[0]
    kernels.partition_figures(pair, rho, missing, rules.impurity_code, rules.ratio_score, out,
                              figure_scratch, False)
    decreases[s] = out[DECREASE]
    valid[s] = pair[0].sum() >= floor and pair[1].sum() >= floor


@njit(cache=True)
def best_subset(counts, branch_counts, member, rules, rho, missing, pair, figure_scratch, out):
    """CART's best "subset vs rest" split of a nominal feature of class ``counts`` per value
    (see :func:`treecore.split.proposals.binary_proposal`): the highest decrease among the
    subsets leaving both leaves large enough, else the highest of all, marked as too small; its
    codes into ``member`` and the two branches' class counts into ``branch_counts``."""
    present = np.flatnonzero(counts.sum(axis=1) > 0.0)
    if len(present) < 2:
        return NONE
    level_counts = counts[present]
    n_classes = counts.shape[1]
    exhaustive = n_classes > 2 and len(present) <= rules.exhaustive_levels
    memberships = _memberships(level_counts, exhaustive)
    total = level_counts.sum(axis=0)
    floor = rules.min_samples_leaf - rules.tolerance
    best_valid, best_any = -1, -1
    n_subsets = len(memberships)
    decreases = np.empty(n_subsets)
    valid = np.zeros(n_subsets, np.bool_)
    if exhaustive:            # every mask, in Gray-code order: one level changes side each time
        pair[0] = level_counts[0]
        previous = 0
        for step in range(n_subsets + 1):
            mask = step ^ (step >> 1)
            if step > 0:
                level = _lowest_bit(mask ^ previous) + 1
                if mask & (mask ^ previous):
                    pair[0] += level_counts[level]
                else:
                    pair[0] -= level_counts[level]
                previous = mask
            if mask < n_subsets:                    # the last mask puts every level left
                _score_subset(mask, pair, total, rho, missing, rules, floor, decreases, valid,
                              figure_scratch, out)
    else:
        for s in range(n_subsets):
            pair[0] = 0.0
            for v in range(len(present)):
                if memberships[s, v]:
                    pair[0] += level_counts[v]
            _score_subset(s, pair, total, rho, missing, rules, floor, decreases, valid,
                          figure_scratch, out)
    top_valid, top_any = -np.inf, -np.inf
    for s in range(n_subsets):
        top_any = max(top_any, decreases[s])
        if valid[s]:
            top_valid = max(top_valid, decreases[s])
    for s in range(len(memberships)):           # ties within tolerance: the first in order
        if best_valid < 0 and valid[s] and decreases[s] >= top_valid - rules.tolerance:
            best_valid = s
        if best_any < 0 and decreases[s] >= top_any - rules.tolerance:
            best_any = s
    best = best_valid if best_valid >= 0 else best_any
    member[:] = False
    branch_counts[0] = 0.0
    for v in range(len(present)):
        if memberships[best, v]:
            member[present[v]] = True
            branch_counts[0] += level_counts[v]
    branch_counts[1] = total - branch_counts[0]
    return ELIGIBLE if best_valid >= 0 else SMALL_LEAF
