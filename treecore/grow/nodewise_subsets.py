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
from ..jit import njit

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
    w_left, w_right = 0.0, 0.0
    for k in range(len(total)):
        pair[1, k] = total[k] - pair[0, k]
        w_left += pair[0, k]
        w_right += pair[1, k]
    kernels.partition_figures(pair, rho, missing, rules.impurity_code, rules.ratio_score, out,
                              figure_scratch, False)
    decreases[s] = out[DECREASE]
    valid[s] = w_left >= floor and w_right >= floor


@njit(cache=True, inline="always")
def _gini_estimate(left, total, parent, rho, floor):
    """A subset's Gini decrease ρ·max(Gini(D) − Σᵥ Wᵥ/W · Gini(Dᵛ), 0) by
    :func:`~treecore.measures.kernels.split_impurity` (``left`` its left branch's class
    weights; two divisions where :func:`~treecore.measures.kernels.partition_figures` takes
    one a class), equal to that figure up to rounding; and whether both branches hold
    ``floor`` weight."""
    w_left, w_right = 0.0, 0.0
    for k in range(len(total)):
        w_left += left[k]
        w_right += total[k] - left[k]
    inside = kernels.split_impurity(left, total, w_left, w_right, 1)
    return rho * max(parent - inside / (w_left + w_right), 0.0), \
        w_left >= floor and w_right >= floor


@njit(cache=True)
def best_subset(counts, branch_counts, member, rules, rho, missing, pair, figure_scratch, out,
                work):
    """CART's best "subset vs rest" split of a nominal feature of class ``counts`` per value
    (see :func:`treecore.split.proposals.binary_proposal`): the highest decrease among the
    subsets leaving both leaves large enough, else the highest of all, marked as too small; its
    codes into ``member`` and the two branches' class counts into ``branch_counts``. Subset
    ``mask`` of the exhaustive search holds the first value present and value b + 1 when bit b
    of ``mask`` is set (the order of :func:`subset_memberships`); ``work`` is
    :func:`~treecore.grow.nodewise_arrays.subset_work`'s."""
    present, level_counts, total, decreases, valid, in_left = work
    n_levels, n_classes = counts.shape
    n_present = 0
    for v in range(n_levels):
        weight = 0.0
        for k in range(n_classes):
            weight += counts[v, k]
        if weight > 0.0:
            present[n_present] = v
            n_present += 1
    if n_present < 2:
        return NONE
    total[:] = 0.0
    for p in range(n_present):
        for k in range(n_classes):
            level_counts[p, k] = counts[present[p], k]
            total[k] += counts[present[p], k]
    floor = rules.min_samples_leaf - rules.tolerance
    if n_classes > 2 and n_present <= rules.exhaustive_levels:
        n_subsets = 2 ** (n_present - 1) - 1
        _exhaustive(level_counts[:n_present], total, n_subsets, rho, missing, rules, floor, pair,
                    decreases, valid, figure_scratch, out)
        best, allowed = _first_best(decreases[:n_subsets], valid[:n_subsets], rules.tolerance)
        for v in range(n_present):
            in_left[v] = v == 0 or ((best >> (v - 1)) & 1) == 1
    else:
        memberships = subset_memberships(level_counts[:n_present], False)
        for s in range(len(memberships)):
            pair[0] = 0.0
            for v in range(n_present):
                if memberships[s, v]:
                    for k in range(n_classes):
                        pair[0, k] += level_counts[v, k]
            _score_subset(s, pair, total, rho, missing, rules, floor, decreases, valid,
                          figure_scratch, out)
        best, allowed = _first_best(decreases[:len(memberships)], valid[:len(memberships)],
                                    rules.tolerance)
        in_left[:n_present] = memberships[best]
    member[:] = False
    branch_counts[0] = 0.0
    for v in range(n_present):
        if in_left[v]:
            member[present[v]] = True
            for k in range(n_classes):
                branch_counts[0, k] += level_counts[v, k]
    for k in range(n_classes):
        branch_counts[1, k] = total[k] - branch_counts[0, k]
    return ELIGIBLE if allowed else SMALL_LEAF


@njit(cache=True, inline="always")
def _first_best(decreases, valid, tolerance):
    """(the first subset whose decrease is within ``tolerance`` of the highest among the allowed
    ones, or of all when none is allowed; whether one is allowed)."""
    top_valid, top_any = -np.inf, -np.inf
    for s in range(len(decreases)):
        top_any = max(top_any, decreases[s])
        if valid[s]:
            top_valid = max(top_valid, decreases[s])
    allowed = top_valid > -np.inf
    for s in range(len(decreases)):
        if decreases[s] >= (top_valid if allowed else top_any) - tolerance and \
                (valid[s] or not allowed):
            return s, allowed
    return 0, allowed


@njit(cache=True)
def _exhaustive(level_counts, total, n_subsets, rho, missing, rules, floor, pair, decreases,
                valid, figure_scratch, out):
    """Every subset's decrease and whether it is allowed (:func:`best_subset`), the masks in
    Gray-code order so that one value changes side from one to the next; by Gini a subset is
    scored in full only when its estimate (:func:`_gini_estimate`) may come within the tie
    tolerance of the best so far."""
    n_classes = len(total)
    gini = rules.impurity_code == 1
    parent = kernels.impurity(total, total.sum(), 1) if gini else 0.0
    near_any, near_valid = -np.inf, -np.inf
    for k in range(n_classes):
        pair[0, k] = level_counts[0, k]
    previous = 0
    for step in range(n_subsets + 1):
        mask = step ^ (step >> 1)
        if step > 0:
            changed = mask ^ previous
            level = _lowest_bit(changed) + 1
            sign = 1.0 if mask & changed else -1.0
            for k in range(n_classes):
                pair[0, k] += sign * level_counts[level, k]
            previous = mask
        if mask >= n_subsets:                       # the last mask puts every value left
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
        else:                                       # cannot come within tolerance of the best
            decreases[mask], valid[mask] = d, is_valid
        near_any = max(near_any, d)
        if is_valid:
            near_valid = max(near_valid, d)
