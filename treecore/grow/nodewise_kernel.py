"""The nodewise engine's compiled loop: take the next node, stop it by Hunt's cases and the
pre-pruning limits in the builder's order, score it (:mod:`treecore.grow.nodewise_scoring`),
and split it: each child's (row, weight) list and its part of every sorted segment appended to
the arena, rows with a missing value down every branch with weight × r̃ᵥ (Zhou §4.4.2).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..measures import cut_scan, kernels, squared_error
from .kernel_rules import (EMPTY_BRANCH, IDENTICAL, MIN_SAMPLES_LEAF, NO_FEATURES, PURE, WAITING,
                           choose, entry_row, limit_after_choice, limit_before_split, pure)
from .nodewise_arrays import (ARENA_TOP, DONE, ELIGIBLE, MULTIWAY, NEED_SPACE, NEXT_NODE, N_NODES,
                              NOT_SPLIT, SMALL_LEAF, STEPS, SUBSET, SUBSET_TOP, THRESHOLD,
                              work_arrays)
from .nodewise_scoring import score


@njit(cache=True)
def _excluded(i, parent, split_kind, feature, excluded):
    """The nominal features split multiway on the path to node ``i``: used up below it."""
    excluded[:] = False
    a = parent[i]
    while a >= 0:
        if split_kind[a] == MULTIWAY:
            excluded[feature[a]] = True
        a = parent[a]


@njit(cache=True)
def _stop_before_split(counts, one_target, weight, depth, start, end, rows, columns, excluded,
                       rules):
    """Hunt's first two cases and the limits checked before a node is scored, in the builder's
    order, for the node of ``counts``, ``one_target``, ``weight`` and ``depth`` holding the arena
    rows ``rows[start:end]``; :data:`WAITING` when none applies. (It takes arrays, not the
    Nodes, Arena and Work tuples: handing over a tuple counts a reference to each of its arrays
    up and down, atomically, at every node.)"""
    if pure(counts, one_target, rules):
        return PURE
    usable = 0
    identical = True
    for j in range(columns.shape[0]):
        if excluded[j]:
            continue
        usable += 1
        if identical:
            seen, first = False, 0.0
            for q in range(start, end):
                v = columns[j, rows[q]]
                if np.isnan(v):
                    continue
                if not seen:
                    seen, first = True, v
                elif v != first:
                    identical = False
                    break
    if usable == 0:
        return NO_FEATURES
    if identical:
        return IDENTICAL
    return limit_before_split(depth, weight, rules)


@njit(cache=True)
def _split(i, j, step, nodes, arena, columns, y, targets, continuous_at, work, rules, counters,
           subset_codes):
    """Record node i's split on feature j and append its children: each branch's rows in the
    node's order, then the rows whose value is missing with weight × r̃ᵥ (where r̃ᵥ > 0); every
    sorted segment is partitioned the same way, keeping its order (so it stays sorted)."""
    n_branches = work.n_branches[j]
    branch_counts = work.branch_counts[j, :n_branches]
    start, end = nodes.start[i], nodes.end[i]
    nodes.expanded_at[i], nodes.feature[i] = step, j
    nodes.rho[i], nodes.missing[i] = work.rho[j], work.missing[j]
    if continuous_at[j] >= 0:
        nodes.split_kind[i] = THRESHOLD
        entries = arena.sorted_entries[continuous_at[j]]
        lower = columns[j, entry_row(entries[work.cut_at[j]])]
        upper = columns[j, entry_row(entries[work.cut_at[j] + 1])]
        nodes.lower[i], nodes.upper[i] = lower, upper
        nodes.threshold[i] = kernels.midpoint(lower, upper) if rules.midpoint else lower
    elif rules.multiway:
        nodes.split_kind[i] = MULTIWAY
    else:
        nodes.split_kind[i] = SUBSET
        nodes.subset_at[i] = counters[SUBSET_TOP]
        for code in np.flatnonzero(work.member[j]):
            subset_codes[counters[SUBSET_TOP]] = code
            counters[SUBSET_TOP] += 1
        nodes.subset_len[i] = counters[SUBSET_TOP] - nodes.subset_at[i]
    fractions = np.empty(n_branches)
    known_total = 0.0
    for b in range(n_branches):
        fractions[b] = branch_counts[b, squared_error.WEIGHT] if rules.regression \
            else branch_counts[b].sum()
        known_total += fractions[b]
    for b in range(n_branches):
        fractions[b] = fractions[b] / known_total if known_total > 0.0 else 1.0 / n_branches
    sizes = np.zeros(n_branches, np.int64)
    n_unknown = 0
    for q in range(start, end):       # the branch of each row (−1: value missing)
        row = arena.rows[q]
        v = columns[j, row]
        if np.isnan(v):
            branch = -1
            n_unknown += 1
        elif nodes.split_kind[i] == THRESHOLD:
            branch = 1 if v > nodes.threshold[i] else 0
        elif nodes.split_kind[i] == SUBSET:
            branch = 0 if work.member[j, int(v)] else 1
        else:
            branch = int(v)
        work.row_branch[row] = branch
        if branch >= 0:
            sizes[branch] += 1
    first = counters[N_NODES]
    nodes.first_child[i], nodes.n_children[i] = first, n_branches
    top = counters[ARENA_TOP]
    for b in range(n_branches):
        if fractions[b] > 0.0:
            sizes[b] += n_unknown
        nodes.start[first + b], nodes.end[first + b] = top, top + sizes[b]
        top += sizes[b]
    counters[ARENA_TOP] = top
    cursor = nodes.start[first:first + n_branches].copy()
    for q in range(start, end):       # the rows sent to one branch, in the node's order
        b = work.row_branch[arena.rows[q]]
        if b >= 0:
            arena.rows[cursor[b]], arena.weights[cursor[b]] = arena.rows[q], arena.weights[q]
            cursor[b] += 1
    for q in range(start, end):       # then the rows whose value is missing
        if work.row_branch[arena.rows[q]] < 0:
            for b in range(n_branches):
                if fractions[b] > 0.0:
                    arena.rows[cursor[b]] = arena.rows[q]
                    arena.weights[cursor[b]] = arena.weights[q] * fractions[b]
                    cursor[b] += 1
    for c in range(arena.sorted_entries.shape[0]):
        entries = arena.sorted_entries[c]
        cursor[:] = nodes.start[first:first + n_branches]
        for q in range(start, end):
            b = work.row_branch[entry_row(entries[q])]
            if b >= 0:
                entries[cursor[b]] = entries[q]
                cursor[b] += 1
            else:
                for d in range(n_branches):
                    if fractions[d] > 0.0:
                        entries[cursor[d]] = entries[q]
                        cursor[d] += 1
    for b in range(n_branches):
        child = first + b
        nodes.parent[child], nodes.depth[child] = i, nodes.depth[i] + 1
        nodes.created_at[child] = step
        nodes.n_rows[child] = sizes[b]
        nodes.split_kind[child] = NOT_SPLIT
        nodes.in_counts[child] = branch_counts[b]
        weight, one_target = 0.0, True
        first_target = targets[arena.rows[nodes.start[child]]] \
            if rules.regression and sizes[b] > 0 else 0.0
        for q in range(nodes.start[child], nodes.end[child]):
            row, w_q = arena.rows[q], arena.weights[q]
            if rules.regression:
                nodes.counts[child, squared_error.SUM] += w_q * targets[row]
                nodes.counts[child, squared_error.SQUARES] += w_q * targets[row] * targets[row]
                one_target &= targets[row] == first_target
            else:
                nodes.counts[child, y[row]] += w_q
            weight += w_q
        nodes.weight[child] = weight
        if rules.regression:
            nodes.counts[child, squared_error.WEIGHT] = weight
            nodes.one_target[child] = one_target
        empty = weight <= 0.0 if rules.regression else nodes.counts[child].sum() <= 0.0
        nodes.stop[child] = EMPTY_BRANCH if empty else WAITING
    counters[N_NODES] += n_branches


@njit(cache=True, nogil=True)
def expand(columns, y, targets, continuous_at, levels, arena, nodes, counters, subset_codes,
            rules, widest, work_budget):
    """Process waiting nodes in id (breadth-first) order until none is left or
    ``work_budget`` row × feature visits are spent (:data:`DONE`), or until the next node's
    children might not fit the arrays (:data:`NEED_SPACE`); the counters say where it is."""
    n_features, n_classes = columns.shape[0], nodes.counts.shape[1]
    most_levels = max(1, levels.max())
    work = work_arrays(columns.shape[1], n_features, widest, most_levels, n_classes, len(targets))
    cut_scratch = cut_scan.cut_scratch(columns.shape[1], n_classes)
    figure_scratch = kernels.figure_scratch(widest, n_classes)
    pair = np.zeros((2, n_classes))
    order = np.arange(n_features)
    spent = 0
    while counters[NEXT_NODE] < counters[N_NODES] and spent < work_budget:
        i = counters[NEXT_NODE]
        if nodes.stop[i] != WAITING:
            counters[NEXT_NODE] += 1
            continue
        size = nodes.end[i] - nodes.start[i]
        if counters[N_NODES] + widest > len(nodes.start) \
                or counters[ARENA_TOP] + widest * size > len(arena.rows) \
                or counters[SUBSET_TOP] + most_levels > len(subset_codes):
            return NEED_SPACE
        counters[NEXT_NODE] += 1
        _excluded(i, nodes.parent, nodes.split_kind, nodes.feature, work.excluded)
        stop = _stop_before_split(nodes.counts[i], nodes.one_target[i], nodes.weight[i],
                                  nodes.depth[i], nodes.start[i], nodes.end[i], arena.rows,
                                  columns, work.excluded, rules)
        if stop != WAITING:
            nodes.stop[i] = stop
            continue
        spent += size * n_features
        score(i, nodes, arena, columns, y, targets, continuous_at, levels, work, rules,
               cut_scratch, pair, figure_scratch, order)
        tie = rules.tolerance
        if rules.regression:                   # a squared error has the target's unit squared
            tie *= squared_error.mse(nodes.counts[i, 0], nodes.counts[i, 1], nodes.counts[i, 2])
        chosen = choose(work.status, ELIGIBLE, work.figures, rules, tie)
        if chosen < 0:
            small = False
            for j in range(n_features):
                small |= work.status[j] == SMALL_LEAF
            nodes.stop[i] = MIN_SAMPLES_LEAF if small else IDENTICAL
            continue
        leaves_after = counters[N_NODES] - counters[STEPS] + work.n_branches[chosen] - 1
        stop = limit_after_choice(nodes.weight[i], work.figures[chosen], leaves_after, rules)
        if stop != WAITING:
            nodes.stop[i] = stop
            continue
        counters[STEPS] += 1
        _split(i, chosen, counters[STEPS], nodes, arena, columns, y, targets, continuous_at, work,
               rules, counters, subset_codes)
    return DONE
