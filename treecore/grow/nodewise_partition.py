"""The nodewise engine's phase 4 (:func:`treecore.grow.nodewise_kernel.split_slots`): a split
node's rows, and each of its sorted segments, partitioned into its children's, rows whose value
is missing down every branch with weight × r̃ᵥ (Zhou §4.4.2); then the children's sums.

Each segment keeps its order, so a child's segments are sorted as its parent's were: the
children are scored without sorting.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..measures import absolute_error, squared_error
from .kernel_rules import EMPTY_BRANCH, WAITING, entry_row
from .nodewise_arrays import SUBSET, THRESHOLD
from .prefetch import ENTRIES_AHEAD, prefetch


@njit(cache=True)
def branch_fractions(branch_counts, regression):
    """r̃ᵥ of each branch: its share of the known rows' weight (an equal share when none)."""
    n_branches = len(branch_counts)
    fractions = np.empty(n_branches)
    known_total = 0.0
    for b in range(n_branches):
        fractions[b] = branch_counts[b, squared_error.WEIGHT] if regression \
            else branch_counts[b].sum()
        known_total += fractions[b]
    for b in range(n_branches):
        fractions[b] = fractions[b] / known_total if known_total > 0.0 else 1.0 / n_branches
    return fractions


@njit(cache=True)
def _route(start, end, rows, column, kind, threshold, member, row_branch):
    """The branch of each arena row ``start…end − 1`` of a node split on ``column`` into
    ``row_branch`` (−1: value missing)."""
    for q in range(start, end):
        row = rows[q]
        v = column[row]
        if np.isnan(v):
            branch = -1
        elif kind == THRESHOLD:
            branch = 1 if v > threshold else 0
        elif kind == SUBSET:
            branch = 0 if member[int(v)] else 1
        else:
            branch = int(v)
        row_branch[row] = branch


@njit(cache=True, inline="always")
def _partition_in_two(entries, start, end, row_branch, left, right, fractions):
    """A sorted segment ``entries[start:end]`` of a node split in two, partitioned into its
    children's segments from ``left`` and ``right``, in its order (so each stays sorted): a
    row whose value is missing down each branch with r̃ᵥ > 0. The same as the many-branch
    loop of :func:`partition`, with both places held in registers and the branch taken by
    a select: a row's branch cannot be foreseen, and a place kept in memory made each row
    wait for the last one's store."""
    down_left, down_right = fractions[0] > 0.0, fractions[1] > 0.0
    for q in range(start, end):
        prefetch(entries, q + ENTRIES_AHEAD)
        entry = entries[q]
        b = row_branch[entry_row(entry)]
        if b >= 0:
            entries[right if b == 1 else left] = entry
            right += b
            left += 1 - b
        else:
            if down_left:
                entries[left] = entry
                left += 1
            if down_right:
                entries[right] = entry
                right += 1


@njit(cache=True)
def partition(i, nodes, arena, column, y, targets, member, row_branch, rules):
    """Fill the children :func:`_open_children` opened for node i: each branch's rows in the
    node's order, then the rows whose value is missing with weight × r̃ᵥ (where r̃ᵥ > 0);
    every sorted segment is partitioned the same way, keeping its order (so it stays sorted);
    then each child's class weights (regression: sums) and whether it is empty."""
    start, end = nodes.start[i], nodes.end[i]
    first, n_branches = nodes.first_child[i], nodes.n_children[i]
    fractions = branch_fractions(nodes.in_counts[first:first + n_branches], rules.regression)
    _route(start, end, arena.rows, column, nodes.split_kind[i], nodes.threshold[i], member,
           row_branch)
    cursor = nodes.start[first:first + n_branches].copy()
    for q in range(start, end):       # the rows sent to one branch, in the node's order
        b = row_branch[arena.rows[q]]
        if b >= 0:
            arena.rows[cursor[b]], arena.weights[cursor[b]] = arena.rows[q], arena.weights[q]
            cursor[b] += 1
    for q in range(start, end):       # then the rows whose value is missing
        if row_branch[arena.rows[q]] < 0:
            for b in range(n_branches):
                if fractions[b] > 0.0:
                    arena.rows[cursor[b]] = arena.rows[q]
                    arena.weights[cursor[b]] = arena.weights[q] * fractions[b]
                    cursor[b] += 1
    n_sorted, width = arena.sorted_entries.shape
    for c in range(n_sorted):
        if c + 1 < n_sorted:          # the next segment's head, while this one is partitioned
            prefetch(arena.sorted_entries, (c + 1) * width + start)
        entries = arena.sorted_entries[c]
        if n_branches == 2:
            _partition_in_two(entries, start, end, row_branch, nodes.start[first],
                              nodes.start[first + 1], fractions)
            continue
        cursor[:] = nodes.start[first:first + n_branches]
        for q in range(start, end):
            b = row_branch[entry_row(entries[q])]
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
        weight, one_target = 0.0, True
        first_target = targets[arena.rows[nodes.start[child]]] \
            if rules.regression and nodes.end[child] > nodes.start[child] else 0.0
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


@njit(cache=True)
def medians(i, nodes, arena, targets, work_targets, work_weights):
    """A tree by the absolute error: each child of node i its weighted median and AE
    (:func:`treecore.measures.absolute_error.node_figures`) of its rows, in their order."""
    first = nodes.first_child[i]
    for child in range(first, first + nodes.n_children[i]):
        n = 0
        for q in range(nodes.start[child], nodes.end[child]):
            work_targets[n], work_weights[n] = targets[arena.rows[q]], arena.weights[q]
            n += 1
        median, deviation = absolute_error.node_figures(work_targets[:n], work_weights[:n])
        nodes.counts[child, absolute_error.MEDIAN] = median
        nodes.counts[child, absolute_error.DEVIATION] = deviation
