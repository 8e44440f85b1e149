"""Scoring one node in the nodewise engine: each feature's best proposal, found without sorting.

A continuous feature's known values are read in order from the node's sorted segment and
searched by :func:`treecore.measures.cut_scan.best_cut_of_sorted` (a regression node: the
squared error's :func:`~treecore.measures.squared_error.best_cuts_of_entries`, or the absolute
error's :func:`treecore.measures.absolute_error.best_cut`);
a nominal feature's class weights are counted per code: one branch per value (ID3, C4.5), or
CART's best "subset vs rest" (:mod:`treecore.grow.nodewise_subsets`; for regression the values
ordered by mean target, :func:`treecore.measures.squared_error.best_ordered_cut`, or by the
absolute error by median, :func:`treecore.measures.absolute_error.best_grouping`). Every
proposal is scored by
:func:`treecore.measures.kernels.partition_figures` with ρ and the missing weight (Zhou 式 4.12) and
the choice follows :func:`treecore.split.candidates.choose_index`.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..measures import absolute_error, cut_scan, kernels, squared_error
from ..measures.sorting import entries_of_ranks
from ..split import feature_draw
from .kernel_rules import DECREASE, MISSING_RANK, SCORE, entry_class, entry_rank, entry_row
from .nodewise_arrays import ELIGIBLE, NONE, ONE_VALUE, SMALL_LEAF
from .nodewise_subsets import best_subset
from .prefetch import ENTRIES_AHEAD, ROWS_AHEAD, prefetch


@njit(cache=True)
def _continuous(entries, start, end, row_weight, targets, unit, keys, key_labels, key_weights,
                key_targets, key_ranks, row_rank, sorted_y, total, sides, cut, rules):
    """The best bi-partition of a continuous feature at the node owning ``entries[start:end]``
    (its sorted segment, missing values last): no sort at the node; by class weights, or
    (regression) by squared error (:func:`treecore.measures.squared_error.best_cuts_of_entries`)
    or absolute error (:func:`treecore.measures.absolute_error.best_cut`, the targets ranked
    among the node's by ``row_rank`` in ``sorted_y``), each side's counts into ``sides``
    (``total``: work space for their sum). Returns (status, the sorted position of the last
    entry left of the cut, how many values are known, their weight, and by the absolute error
    their AE)."""
    m, known = 0, 0.0
    total[:] = 0.0
    for q in range(start, end):        # the known values, their sums taken on the way
        prefetch(entries, q + ENTRIES_AHEAD)
        entry = entries[q]
        if entry_rank(entry) == MISSING_RANK:
            break
        row = entry_row(entry)
        keys[m], key_labels[m] = entry_rank(entry), entry_class(entry)
        w_m = key_weights[m] = row_weight[row]
        if rules.regression:
            t_m = key_targets[m] = targets[row]
            total[squared_error.WEIGHT] += w_m
            total[squared_error.SUM] += w_m * t_m
            total[squared_error.SQUARES] += w_m * t_m * t_m
        else:
            total[key_labels[m]] += w_m
        if rules.absolute:
            key_ranks[m] = row_rank[row]
        known += w_m
        m += 1
    if m < 2:
        return NONE, -1, m, known, 0.0
    weights = key_weights[:0] if unit else key_weights[:m]
    if rules.absolute:
        sides[:] = 0.0
        status, last, known_error = absolute_error.best_cut(
            keys[:m], key_targets[:m], weights, key_ranks[:m], sorted_y,
            rules.min_samples_leaf, rules.tolerance, sides)
        if status == cut_scan.NO_CUT:
            return NONE, -1, m, known, known_error
        return (ELIGIBLE if status == cut_scan.BEST_CUT else SMALL_LEAF), start + last, m, \
            known, known_error
    left, right = sides[0], sides[1]
    if rules.regression:
        entries_of_ranks(keys, m)                # the scan reads the places as sorted entries
        found = cut[0][:2]             # the status and place, in the class scan's work arrays
        squared_error.best_cuts_of_entries(
            keys.reshape((1, len(keys))), 0, 1, 0, m, key_targets, weights, total,
            rules.min_samples_leaf, rules.tolerance, found[:1], found[1:], sides[:1], cut[1][:1])
        status, last = found[0], found[1]
        for k in range(len(total)):
            right[k] = total[k] - left[k]
    else:
        status, last = cut_scan.best_cut_of_sorted(
            keys[:m], key_labels[:m], weights, total, rules.impurity_code,
            rules.min_samples_leaf, rules.tolerance, cut, left, right)
    if status == cut_scan.NO_CUT:
        return NONE, -1, m, known, 0.0
    return (ELIGIBLE if status == cut_scan.BEST_CUT else SMALL_LEAF), start + last, m, known, 0.0


@njit(cache=True)
def _count_levels(start, end, rows, arena_weights, codes, y, targets, regression, level_counts,
                  level_rows, n_known, known_weight):
    """Every nominal feature's weighted class counts per value at the node holding the arena
    rows ``start…end − 1`` (regression: each value's sums (W, S, Q) of the targets) into
    ``level_counts`` (nominal features × levels × classes) and its rows per value into
    ``level_rows``, then how many of its values are known and their weight: one pass over the
    node's rows, in their order, reading each row's codes (``codes[row]``, −1 where missing)
    at once."""
    n_nominal = codes.shape[1]
    level_counts[:] = 0.0
    level_rows[:] = 0
    for q in range(start, end):
        if q + ROWS_AHEAD < end:
            prefetch(codes, rows[q + ROWS_AHEAD] * n_nominal)
        row, w = rows[q], arena_weights[q]
        label = 0 if regression else y[row]
        t = targets[row] if regression else 0.0
        for k in range(n_nominal):
            code = codes[row, k]
            if code < 0:
                continue
            if regression:
                level_counts[k, code, squared_error.WEIGHT] += w
                level_counts[k, code, squared_error.SUM] += w * t
                level_counts[k, code, squared_error.SQUARES] += w * t * t
            else:
                level_counts[k, code, label] += w
            level_rows[k, code] += 1
    for k in range(n_nominal):
        n_known[k] = level_rows[k].sum()
        known_weight[k] = level_counts[k, :, squared_error.WEIGHT].sum() if regression \
            else level_counts[k].sum()


@njit(cache=True)
def _multiway(counts, branch_counts, rules):
    """One branch per value of the domain (ID3, C4.5), the class ``counts`` of each value
    copied into ``branch_counts``: at least two branches must hold a value, and two must hold
    ``min_samples_leaf`` weight (Quinlan 1993)."""
    n_levels = len(counts)
    branch_counts[:n_levels] = counts
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
def _ordered_groups(level_sums, branch_counts, member, order, means, figures, rules):
    """A regression tree's best split of a nominal feature into two groups of values, from each
    value's sums (W, S, Q): its values ordered by mean target (into ``order``, ``means`` work
    space), the best cut of that order (:func:`treecore.measures.squared_error.best_ordered_cut`,
    the groups' sums into ``branch_counts``, ``figures`` work space)."""
    k = squared_error.ordered_levels(level_sums, order, means)
    status, at = squared_error.best_ordered_cut(level_sums, order, k, rules.min_samples_leaf,
                                                rules.tolerance, branch_counts[:2], figures)
    if status == cut_scan.NO_CUT:
        return NONE
    member[:] = False
    for p in range(at + 1):
        member[order[p]] = True
    return ELIGIBLE if status == cut_scan.BEST_CUT else SMALL_LEAF


@njit(cache=True)
def _absolute_groups(k, start, end, rows, arena_weights, codes, targets, row_rank, sorted_y,
                     levels, sides, member, key_codes, key_targets, key_weights, key_ranks,
                     rules):
    """A tree by the absolute error: the best split of nominal feature k into two groups of
    values (:func:`treecore.measures.absolute_error.best_grouping`) over the node's rows whose
    value is known (arena rows ``start…end − 1``, in their order), its groups' statistics into
    ``sides`` and the first group's codes into ``member``. Returns (status, AE of the known
    rows)."""
    m = 0
    for q in range(start, end):
        row = rows[q]
        code = codes[row, k]
        if code < 0:
            continue
        key_codes[m], key_targets[m], key_weights[m] = code, targets[row], arena_weights[q]
        key_ranks[m] = row_rank[row]
        m += 1
    sides[:] = 0.0
    status, known_error = absolute_error.best_grouping(
        key_codes[:m], key_targets[:m], key_weights[:m], key_ranks[:m], sorted_y, levels,
        rules.min_samples_leaf, rules.tolerance, sides, member)
    if status == cut_scan.NO_CUT:
        return NONE, known_error
    return (ELIGIBLE if status == cut_scan.BEST_CUT else SMALL_LEAF), known_error


@njit(cache=True, inline="always")
def _branch_rows(c, k, m, left_of_cut, level_rows, levels, multiway, member, out):
    """The rows whose value is known that a proposal sends down each branch, into ``out``:
    a cut's ``left_of_cut`` rows and the other m − that (continuous feature, ``c`` ≥ 0); one
    value's rows per branch (multiway); the ``member`` values' rows and the rest (a subset),
    from nominal feature k's rows per value (``level_rows``). :func:`decide` places the
    children's segments by these, so it need not route the node's rows."""
    if c >= 0:
        out[0], out[1] = left_of_cut, m - left_of_cut
        return
    if multiway:
        for code in range(levels):
            out[code] = level_rows[k, code]
        return
    inside = 0
    for code in range(levels):
        if member[code]:
            inside += level_rows[k, code]
    out[0], out[1] = inside, m - inside


@njit(cache=True)
def _rank_targets(start, end, rows, targets, row_rank):
    """A tree by the absolute error: each of the node's rows (arena rows ``start…end − 1``)
    ranked among the node's targets into ``row_rank[row]`` (equal targets in the node's row
    order, as :func:`treecore.measures.absolute_error.target_ranks` ranks them); returns the
    node's targets sorted, the rank space of every figure at the node."""
    here = np.empty(end - start)
    for q in range(start, end):
        here[q - start] = targets[rows[q]]
    ranks, sorted_y = absolute_error.target_ranks(here)
    for q in range(start, end):
        row_rank[rows[q]] = ranks[q - start]
    return sorted_y


@njit(cache=True)
def score(s, i, nodes, arena, table, slots, scratch, rules):
    """Every usable feature's best split at node i, with its figures, into slot s of
    ``slots``; with ``rules.max_features`` k ≥ 1 the features in the order of
    :mod:`treecore.split.feature_draw` until k of them could split (a feature used up on the
    path is passed over). A regression split's decrease and score are those of its known rows
    scaled by ρ, as :func:`treecore.split.least_squares.node_candidates` scores them. The
    arrays are borrowed (:mod:`treecore.grow.borrowed`) by the caller."""
    start, end, total = nodes.start[i], nodes.end[i], nodes.weight[i]
    rows, arena_weights, row_weight = arena.rows, arena.weights, scratch.row_weight
    targets, continuous_at, nominal_at = table.targets, table.continuous_at, table.nominal_at
    level_counts, n_known, known_weight = \
        scratch.level_counts, scratch.n_known, scratch.known_weight
    n_sorted, width = arena.sorted_entries.shape
    for c in range(n_sorted):         # each sorted segment's head, before its scan reads it
        prefetch(arena.sorted_entries, c * width + start)
    unit = True                       # all weights 1: the threshold scan may count
    for q in range(start, end):
        unit = unit and arena_weights[q] == 1.0
        row_weight[rows[q]] = arena_weights[q]
    sorted_y = _rank_targets(start, end, rows, targets, scratch.row_rank) if rules.absolute \
        else targets[:0]
    if table.codes.shape[1] > 0:
        _count_levels(start, end, rows, arena_weights, table.codes, table.y, targets,
                      rules.regression, level_counts, scratch.level_rows, n_known, known_weight)
    n_features = len(continuous_at)
    status = slots.status[s]
    status[:] = NONE
    drawing = rules.max_features > 0
    key = feature_draw.node_key(rules.seed, i)
    order = scratch.order
    for j in range(n_features):
        order[j] = j
    can_split, drawn = 0, n_features
    for step in range(n_features):
        j = feature_draw.draw_next(order, step, key) if drawing else step
        if scratch.excluded[j]:
            continue
        branch_counts, figures = slots.branch_counts[s, j], slots.figures[s, j]
        c, k = continuous_at[j], nominal_at[j]
        if c >= 0:
            status[j], slots.cut_at[s, j], m, known, slots.known_loss[s, j] = _continuous(
                arena.sorted_entries[c], start, end, row_weight, targets, unit, scratch.keys,
                scratch.key_labels, scratch.key_weights, scratch.key_targets, scratch.key_ranks,
                scratch.row_rank, sorted_y, scratch.total, branch_counts, scratch.cut, rules)
            n_branches = 2
        else:
            m, known = n_known[k], known_weight[k]
            n_branches = table.levels[j] if rules.multiway and not rules.regression else 2
        complete = m == end - start
        rho = 1.0 if complete else (known / total if total > 0.0 else 0.0)
        missing = 0.0 if complete else total - known
        if c < 0 and m == 0:
            status[j] = NONE
        elif c < 0:
            counts = level_counts[k, :table.levels[j]]
            if rules.absolute:
                status[j], slots.known_loss[s, j] = _absolute_groups(
                    k, start, end, rows, arena_weights, table.codes, targets, scratch.row_rank,
                    sorted_y, table.levels[j], branch_counts, slots.member[s, j], scratch.keys,
                    scratch.key_targets, scratch.key_weights, scratch.key_ranks, rules)
            elif rules.regression:
                # work space: CART subsets' list of values present (ints) and their
                # decreases (floats), both at least one place per level (subset_work)
                status[j] = _ordered_groups(counts, branch_counts, slots.member[s, j],
                                            scratch.subsets[0], scratch.subsets[3], figures,
                                            rules)
            elif rules.multiway:
                status[j] = _multiway(counts, branch_counts, rules)
            else:
                status[j] = best_subset(counts, branch_counts, slots.member[s, j], rules, rho,
                                        missing, scratch.pair, scratch.figure, figures,
                                        scratch.subsets)
        slots.n_branches[s, j], slots.rho[s, j], slots.missing[s, j] = n_branches, rho, missing
        if status[j] != NONE:
            _branch_rows(c, k, m, slots.cut_at[s, j] - start + 1, scratch.level_rows,
                         table.levels[j], rules.multiway and not rules.regression,
                         slots.member[s, j], slots.branch_rows[s, j])
        if status[j] != NONE and rules.regression:
            if rules.absolute:
                absolute_error.partition_figures(branch_counts, slots.known_loss[s, j], figures)
            else:
                squared_error.partition_figures(branch_counts[:2], figures)
            figures[DECREASE] *= rho
            figures[SCORE] *= rho
        elif status[j] != NONE:
            kernels.partition_figures(branch_counts[:n_branches], rho, missing,
                                      rules.impurity_code, rules.ratio_score, figures,
                                      scratch.figure, False)
        can_split += status[j] != NONE and status[j] != ONE_VALUE
        if drawing and can_split == rules.max_features:
            drawn = step + 1
            break
    if drawing:
        nodes.n_drawn[i] = drawn
