"""CART's best "subset vs rest" split of a nominal feature in the nodewise engine
(:mod:`treecore.grow.nodewise_scoring`), from the class weights counted per value at a node:
every subset of up to :data:`treecore.split.proposals.EXHAUSTIVE_LEVELS` values visited in
Gray-code order (one value changes side each time), or the values ordered by each class's
share: the subsets of :func:`treecore.split.memberships.subset_memberships`, in its order.
Visiting every subset by Gini, each one's decrease is first estimated from its sums of squares
(:func:`_gini_estimate`), and only a subset that may come within the tie tolerance of the best
so far is scored in full, so the choice is the one scoring every subset in full makes.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..measures import kernels
from ..split.memberships import subset_memberships
from .kernel_rules import DECREASE
from .nodewise_arrays import ELIGIBLE, NONE, SMALL_LEAF


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


@njit(cache=True, inline="always")
def _gini_estimate(left, total, parent, rho, floor):
    """A subset's Gini decrease ρ·max(Gini(D) − (W − P)/W, 0), P = Σᵥ Σₖ cᵥₖ² / Wᵥ over its
    two branches (``left`` its left branch's class weights; two divisions where
    :func:`~treecore.measures.kernels.partition_figures` takes one a class), equal to that
    figure up to rounding; and whether both branches hold ``floor`` weight."""
    w_left, w_right, squares_left, squares_right = 0.0, 0.0, 0.0, 0.0
    for k in range(len(total)):
        c_left, c_right = left[k], total[k] - left[k]
        w_left += c_left
        w_right += c_right
        squares_left += c_left * c_left
        squares_right += c_right * c_right
    weight = w_left + w_right
    inside = 0.0
    if w_left > 0.0:
        inside += w_left - squares_left / w_left
    if w_right > 0.0:
        inside += w_right - squares_right / w_right
    return rho * max(parent - inside / weight, 0.0), w_left >= floor and w_right >= floor


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
    memberships = subset_memberships(level_counts, exhaustive)
    total = level_counts.sum(axis=0)
    floor = rules.min_samples_leaf - rules.tolerance
    best_valid, best_any = -1, -1
    n_subsets = len(memberships)
    decreases = np.empty(n_subsets)
    valid = np.zeros(n_subsets, np.bool_)
    if exhaustive:            # every mask, in Gray-code order: one level changes side each time
        pair[0] = level_counts[0]
        previous = 0
        gini = rules.impurity_code == 1
        parent = kernels.impurity(total, total.sum(), 1) if gini else 0.0
        near_any, near_valid = -np.inf, -np.inf
        for step in range(n_subsets + 1):
            mask = step ^ (step >> 1)
            if step > 0:
                level = _lowest_bit(mask ^ previous) + 1
                if mask & (mask ^ previous):
                    pair[0] += level_counts[level]
                else:
                    pair[0] -= level_counts[level]
                previous = mask
            if mask >= n_subsets:                   # the last mask puts every level left
                continue
            if not gini:
                _score_subset(mask, pair, total, rho, missing, rules, floor, decreases, valid,
                              figure_scratch, out)
                continue
            d, is_valid = _gini_estimate(pair[0], total, parent, rho, floor)
            if d >= near_any - 2.0 * rules.tolerance or \
                    (is_valid and d >= near_valid - 2.0 * rules.tolerance):
                _score_subset(mask, pair, total, rho, missing, rules, floor, decreases, valid,
                              figure_scratch, out)
            else:                                   # cannot come within tolerance of the best
                decreases[mask], valid[mask] = d, is_valid
            near_any = max(near_any, d)
            if is_valid:
                near_valid = max(near_valid, d)
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
