"""Scoring one node in the nodewise engine: each feature's best proposal, found without sorting.

A continuous feature's known values are read in order from the node's sorted segment and
searched by :func:`treecore.measures.cut_scan.best_cut_of_sorted` (a regression node: the
squared error's twin); a nominal feature's class weights are counted per code: one branch per
value (ID3, C4.5), or CART's best "subset vs rest"
(:func:`treecore.split.proposals.subset_memberships`' enumeration, visited in Gray-code order; for
regression the values ordered by mean target,
:func:`treecore.measures.squared_error.best_ordered_cut`). Every proposal is scored by
:func:`treecore.measures.kernels.partition_figures` with ρ and the missing weight (Zhou 式 4.12) and
the choice follows :func:`treecore.split.candidates.choose_index`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..measures import cut_scan, kernels, squared_error
from ..split import feature_draw
from .kernel_rules import DECREASE, SCORE, entry_class, entry_rank, entry_row
from .nodewise_arrays import ELIGIBLE, MISSING_RANK, NONE, ONE_VALUE, SMALL_LEAF


@njit(cache=True)
def _gather(i, j, nodes, arena, columns, y, targets, work):
    """Nominal feature j's known codes at node i, with their classes (regression: targets)
    and weights, in the node's row order; returns (how many, their weight)."""
    regression = len(work.targets) > 0
    m, known = 0, 0.0
    for q in range(nodes.start[i], nodes.end[i]):
        row = arena.rows[q]
        v = columns[j, row]
        if not np.isnan(v):
            work.values[m], work.labels[m], work.weights[m] = v, y[row], arena.weights[q]
            if regression:
                work.targets[m] = targets[row]
            known += arena.weights[q]
            m += 1
    return m, known


@njit(cache=True)
def _continuous(i, j, c, nodes, arena, columns, targets, unit, work, rules, cut_scratch):
    """The best bi-partition of continuous feature j (the c-th continuous one) at node i, from
    its sorted segment: no sort at the node; by class weights, or (regression) by squared
    error (:func:`treecore.measures.squared_error.best_cut_of_sorted`). Returns (status, how many
    values
    are known, their weight)."""
    entries = arena.sorted_entries[c]
    m, known = 0, 0.0
    for q in range(nodes.start[i], nodes.end[i]):
        entry = entries[q]
        if entry_rank(entry) == MISSING_RANK:
            break
        work.keys[m], work.key_labels[m] = entry_rank(entry), entry_class(entry)
        work.key_weights[m] = work.row_weight[entry_row(entry)]
        if rules.regression:
            work.key_targets[m] = targets[entry_row(entry)]
        known += work.key_weights[m]
        m += 1
    if m < 2:
        return NONE, m, known
    total = np.zeros(work.branch_counts.shape[2])
    for p in range(m):
        if rules.regression:
            w_p, t_p = work.key_weights[p], work.key_targets[p]
            total[squared_error.WEIGHT] += w_p
            total[squared_error.SUM] += w_p * t_p
            total[squared_error.SQUARES] += w_p * t_p * t_p
        else:
            total[work.key_labels[p]] += work.key_weights[p]
    weights = work.key_weights[:0] if unit else work.key_weights[:m]
    if rules.regression:
        status, end = squared_error.best_cut_of_sorted(
            work.keys[:m], work.key_targets[:m], weights, total, rules.min_samples_leaf,
            rules.tolerance, work.branch_counts[j, 0], work.branch_counts[j, 1])
    else:
        status, end = cut_scan.best_cut_of_sorted(
            work.keys[:m], work.key_labels[:m], weights, total, rules.impurity_code,
            rules.min_samples_leaf, rules.tolerance, cut_scratch, work.branch_counts[j, 0],
            work.branch_counts[j, 1])
    if status == cut_scan.NO_CUT:
        return NONE, m, known
    work.cut_at[j] = nodes.start[i] + end      # its values are read if it is chosen (_split)
    work.n_branches[j] = 2
    return (ELIGIBLE if status == cut_scan.BEST_CUT else SMALL_LEAF), m, known


@njit(cache=True)
def _count_levels(j, m, n_levels, work):
    """(levels, classes) weighted class counts of nominal feature j's gathered values."""
    counts = work.level_counts[:n_levels]
    counts[:] = 0.0
    for p in range(m):
        counts[int(work.values[p]), work.labels[p]] += work.weights[p]
    return counts


@njit(cache=True)
def _multiway(j, m, n_levels, work, rules):
    """One branch per value of the domain (ID3, C4.5): at least two branches must hold a
    value, and two must hold ``min_samples_leaf`` weight (Quinlan 1993)."""
    if m == 0:
        return NONE
    counts = _count_levels(j, m, n_levels, work)
    work.branch_counts[j, :n_levels] = counts
    work.n_branches[j] = n_levels
    floor = max(rules.min_samples_leaf, rules.tolerance) - rules.tolerance
    filled, large = 0, 0
    for v in range(n_levels):
        weight = counts[v].sum()
        filled += weight > 0.0
        large += weight >= floor
    if filled < 2:
        return ONE_VALUE
    return ELIGIBLE if large >= 2 else SMALL_LEAF


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
        order = np.argsort(proportions, kind="mergesort")
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
def _subset(j, m, n_levels, work, rules, rho, missing, pair, figure_scratch, out):
    """CART's best "subset vs rest" split of nominal feature j (see
    :func:`treecore.split.proposals.binary_proposal`): the highest decrease among the subsets
    leaving
    both leaves large enough, else the highest of all, marked as too small."""
    if m == 0:
        return NONE
    counts = _count_levels(j, m, n_levels, work)
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
    work.member[j, :] = False
    work.branch_counts[j, 0] = 0.0
    for v in range(len(present)):
        if memberships[best, v]:
            work.member[j, present[v]] = True
            work.branch_counts[j, 0] += level_counts[v]
    work.branch_counts[j, 1] = total - work.branch_counts[j, 0]
    work.n_branches[j] = 2
    return ELIGIBLE if best_valid >= 0 else SMALL_LEAF


@njit(cache=True)
def _ordered_groups(j, m, n_levels, work, rules):
    """A regression tree's best split of nominal feature j into two groups of values: its
    values ordered by mean target, the best cut of that order
    (:func:`treecore.measures.squared_error.best_ordered_cut`)."""
    if m == 0:
        return NONE
    level_sums = work.level_counts[:n_levels]
    level_sums[:] = 0.0
    for p in range(m):
        v, w_p, t_p = int(work.values[p]), work.weights[p], work.targets[p]
        level_sums[v, squared_error.WEIGHT] += w_p
        level_sums[v, squared_error.SUM] += w_p * t_p
        level_sums[v, squared_error.SQUARES] += w_p * t_p * t_p
    ordered = squared_error.ordered_levels(level_sums)
    status, at = squared_error.best_ordered_cut(level_sums[ordered], rules.min_samples_leaf,
                                                rules.tolerance, work.branch_counts[j, 0],
                                                work.branch_counts[j, 1])
    if status == cut_scan.NO_CUT:
        return NONE
    work.member[j, :] = False
    for p in range(at + 1):
        work.member[j, ordered[p]] = True
    work.n_branches[j] = 2
    return ELIGIBLE if status == cut_scan.BEST_CUT else SMALL_LEAF


@njit(cache=True)
def score(i, nodes, arena, columns, y, targets, continuous_at, levels, work, rules, cut_scratch,
           pair, figure_scratch, order):
    """Every usable feature's best split at node i, with its figures, into ``work``; with
    ``rules.max_features`` k ≥ 1 the features in the order of :mod:`treecore.split.feature_draw`
    until k of them could split (a feature used up on the path is passed over)."""
    start, end = nodes.start[i], nodes.end[i]
    unit = True                       # all weights 1: the threshold scan may count
    for q in range(start, end):
        unit = unit and arena.weights[q] == 1.0
        work.row_weight[arena.rows[q]] = arena.weights[q]
    n_features = columns.shape[0]
    work.status[:] = NONE
    drawing = rules.max_features > 0
    key = feature_draw.node_key(rules.seed, i)
    order[:] = np.arange(n_features)
    can_split, drawn = 0, n_features
    for step in range(n_features):
        j = feature_draw.draw_next(order, step, key) if drawing else step
        if work.excluded[j]:
            continue
        _score_feature(i, j, nodes, arena, columns, y, targets, continuous_at, levels, work,
                       rules, unit, cut_scratch, pair, figure_scratch)
        can_split += work.status[j] != NONE and work.status[j] != ONE_VALUE
        if drawing and can_split == rules.max_features:
            drawn = step + 1
            break
    if drawing:
        nodes.n_drawn[i] = drawn


@njit(cache=True)
def _score_feature(i, j, nodes, arena, columns, y, targets, continuous_at, levels, work, rules,
                   unit, cut_scratch, pair, figure_scratch):
    """Feature j's best split at node i, with its figures, into ``work``: a regression split's
    decrease and score are those of its known rows scaled by ρ, as
    :func:`treecore.split.least_squares.node_candidates` scores them."""
    start, end = nodes.start[i], nodes.end[i]
    total = nodes.weight[i]
    if continuous_at[j] >= 0:
        work.status[j], m, known = _continuous(i, j, continuous_at[j], nodes, arena,
                                               columns, targets, unit, work, rules,
                                               cut_scratch)
    else:
        m, known = _gather(i, j, nodes, arena, columns, y, targets, work)
    complete = m == end - start
    work.rho[j] = 1.0 if complete else (known / total if total > 0.0 else 0.0)
    work.missing[j] = 0.0 if complete else total - known
    if continuous_at[j] < 0 and rules.regression:
        work.status[j] = _ordered_groups(j, m, levels[j], work, rules)
    elif continuous_at[j] < 0 and rules.multiway:
        work.status[j] = _multiway(j, m, levels[j], work, rules)
    elif continuous_at[j] < 0:
        work.status[j] = _subset(j, m, levels[j], work, rules, work.rho[j], work.missing[j],
                                 pair, figure_scratch, work.figures[j])
    if work.status[j] != NONE and rules.regression:
        squared_error.partition_figures(work.branch_counts[j, :2], work.figures[j])
        work.figures[j, DECREASE] *= work.rho[j]
        work.figures[j, SCORE] *= work.rho[j]
    elif work.status[j] != NONE:
        kernels.partition_figures(work.branch_counts[j, :work.n_branches[j]], work.rho[j],
                                  work.missing[j], rules.impurity_code, rules.ratio_score,
                                  work.figures[j], figure_scratch, False)
