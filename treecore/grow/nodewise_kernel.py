"""The nodewise engine's compiled phases, run on a chunk of waiting nodes at a time:

1. :func:`take_waiting`: the next waiting nodes, in id order, into the slots (as many as the
   arrays have room for the children of; in the arena, room for twice their rows, which is
   all a binary split takes unless a node's values are mostly missing);
2. :func:`score_slots`: each node stopped by Hunt's cases and the limits checked before
   scoring, in the builder's order, or scored (:mod:`treecore.grow.nodewise_scoring`);
3. :func:`decide`: in id order, each node's split chosen, the limits after the choice
   checked, and the split recorded with its children opened: their ids and their segments of
   the arena. In id order, so the ids, ``max_leaf_nodes`` and the steps are those of a
   node-by-node growth. A node whose children's rows do not fit the arena waits, with the
   rest of the chunk, for the caller to make room (``ARENA_NEED`` says how much);
4. :func:`split_slots`: each split node's rows and sorted segments partitioned into its
   children's, rows with a missing value down every branch with weight × r̃ᵥ (Zhou §4.4.2)
   (:mod:`treecore.grow.nodewise_partition`).

The nodes of a chunk are scored, and split, apart from one another, so phases 2 and 4 may run
on several threads, each on its own range of slots with its own
:class:`~treecore.grow.nodewise_arrays.Scratch`. :func:`expand` runs all four on one thread.
Phases 2–4 borrow their arrays on entry (:mod:`treecore.grow.borrowed`), so the helpers they
call per node and per feature, and the views they take, count no references: counted, the
references were a third of the engine's time.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..measures import absolute_error, kernels, squared_error
from .borrowed import borrowed
from .kernel_rules import (IDENTICAL, MIN_SAMPLES_LEAF, NO_FEATURES, PURE, WAITING, choose,
                           entry_row, limit_after_choice, limit_before_split, pure)
from .nodewise_arrays import (ARENA_NEED, ARENA_TOP, DONE, ELIGIBLE, MULTIWAY, NEED_SPACE,
                              NEXT_NODE, N_NODES, NOT_SPLIT, ROOM_PER_ROW, SMALL_LEAF, STEPS,
                              SUBSET, SUBSET_TOP, THRESHOLD)
from .nodewise_partition import branch_fractions, medians, partition
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
    rows ``rows[start:end]``; :data:`WAITING` when none applies."""
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


@njit(cache=True, nogil=True)
def take_waiting(nodes, counters, slots, arena_capacity, subset_capacity, widest, most_levels,
                 work_budget):
    """Phase 1: the next waiting nodes, in id order, into ``slots.nodes``, until the slots are
    full, ``work_budget`` rows are taken, or the arrays might not hold one more node's
    children (``widest`` of them, ``most_levels`` subset codes, and :data:`ROOM_PER_ROW` ×
    its rows in the arena: a split that sends more, because many rows go down every branch,
    is caught by :func:`decide`). Returns how many slots are filled (0: nothing waits), or −1
    when not even the next waiting node's children fit (the caller makes room)."""
    filled, taken = 0, 0
    while counters[NEXT_NODE] < counters[N_NODES] and filled < len(slots.nodes) \
            and taken < work_budget:
        i = counters[NEXT_NODE]
        if nodes.stop[i] != WAITING:
            counters[NEXT_NODE] += 1
            continue
        size = nodes.end[i] - nodes.start[i]
        if counters[N_NODES] + widest * (filled + 1) > len(nodes.start) \
                or counters[ARENA_TOP] + ROOM_PER_ROW * (taken + size) > arena_capacity \
                or counters[SUBSET_TOP] + most_levels * (filled + 1) > subset_capacity:
            return filled if filled > 0 else -1
        slots.nodes[filled] = i
        filled += 1
        taken += size
        counters[NEXT_NODE] += 1
    return filled


@njit(cache=True, nogil=True)
def score_slots(table, arena, nodes, slots, scratch, rules, first, end):
    """Phase 2, slots ``first…end − 1``: each node's stop before scoring (Hunt's first two
    cases, then the limits), in the builder's order, into ``slots.stop``; a node that does not
    stop is scored into its slot."""
    table, arena, nodes, slots, scratch = borrowed((table, arena, nodes, slots, scratch))
    for s in range(first, end):
        i = slots.nodes[s]
        _excluded(i, nodes.parent, nodes.split_kind, nodes.feature, scratch.excluded)
        slots.stop[s] = _stop_before_split(nodes.counts[i], nodes.one_target[i],
                                           nodes.weight[i], nodes.depth[i], nodes.start[i],
                                           nodes.end[i], arena.rows, table.columns,
                                           scratch.excluded, rules)
        if slots.stop[s] == WAITING:
            score(s, i, nodes, arena, table, slots, scratch, rules)


@njit(cache=True, nogil=True)
def decide(table, arena, nodes, slots, filled, counters, subset_codes, rules):
    """Phase 3, in id order: each scored node's split chosen (the rule of
    :func:`treecore.split.candidates.choose_index`), the limits after the choice checked, and
    the split recorded with its children opened (:func:`_open_children`), or the stop reason
    recorded. Returns how many nodes split; their slots are listed in ``slots.split``. Where a
    node's children do not fit the arena, it and the rest of the chunk are left waiting (taken
    again after the caller made ``counters[ARENA_NEED]`` entries of room)."""
    table, arena, nodes, slots, counters, subset_codes = borrowed(
        (table, arena, nodes, slots, counters, subset_codes))
    n_split = 0
    for s in range(filled):
        i = slots.nodes[s]
        if slots.stop[s] != WAITING:
            nodes.stop[i] = slots.stop[s]
            continue
        status, figures = slots.status[s], slots.figures[s]
        tie = rules.tolerance * _loss_scale(nodes.counts[i], rules)
        chosen = choose(status, ELIGIBLE, figures, rules, tie)
        if chosen < 0:
            small = False
            for j in range(len(status)):
                small |= status[j] == SMALL_LEAF
            nodes.stop[i] = MIN_SAMPLES_LEAF if small else IDENTICAL
            continue
        leaves_after = counters[N_NODES] - counters[STEPS] + slots.n_branches[s, chosen] - 1
        stop = limit_after_choice(nodes.weight[i], figures[chosen], leaves_after, rules)
        if stop != WAITING:
            nodes.stop[i] = stop
            continue
        if not _open_children(i, s, chosen, counters[STEPS] + 1, nodes, arena,
                              table.columns[chosen], table.continuous_at[chosen], slots, rules,
                              counters, subset_codes):
            counters[NEXT_NODE] = i
            break
        counters[STEPS] += 1
        slots.split[n_split] = s
        n_split += 1
    return n_split


@njit(cache=True, nogil=True)
def split_slots(table, arena, nodes, slots, scratch, rules, first, end):
    """Phase 4, the split nodes ``slots.split[first:end]``: each one's rows and sorted segments
    partitioned into its children's (:func:`partition`), and the children's sums. The nodes of
    a chunk write apart from one another (each child's segment was placed by :func:`decide`), so
    a range of them may be split on each thread, each with its own ``row_branch``."""
    table, arena, nodes, slots, scratch = borrowed((table, arena, nodes, slots, scratch))
    for p in range(first, end):
        s = slots.split[p]
        i = slots.nodes[s]
        partition(i, nodes, arena, table.columns[nodes.feature[i]], table.y, table.targets,
                  slots.member[s, nodes.feature[i]], scratch.row_branch, rules)
        if rules.absolute:
            medians(i, nodes, arena, table.targets, scratch.key_targets, scratch.key_weights)


@njit(cache=True, nogil=True)
def expand(table, arena, nodes, counters, subset_codes, slots, scratch, rules, widest, most_levels,
           work_budget):
    """The phases on this thread, chunk after chunk, until no node waits or about
    ``work_budget`` row × feature visits are spent (:data:`DONE`), or until the next node's
    children might not fit the arrays (:data:`NEED_SPACE`); the counters say where it is."""
    n_features = table.columns.shape[0]
    spent = 0
    while spent < work_budget:
        filled = take_waiting(nodes, counters, slots, len(arena.rows), len(subset_codes), widest,
                              most_levels, work_budget // n_features)
        if filled < 0:
            return NEED_SPACE
        if filled == 0:
            return DONE
        score_slots(table, arena, nodes, slots, scratch, rules, 0, filled)
        n_split = decide(table, arena, nodes, slots, filled, counters, subset_codes, rules)
        split_slots(table, arena, nodes, slots, scratch, rules, 0, n_split)
        if counters[ARENA_NEED] > 0:
            return NEED_SPACE
        for s in range(filled):
            spent += (nodes.end[slots.nodes[s]] - nodes.start[slots.nodes[s]]) * n_features
    return DONE


@njit(cache=True)
def _open_children(i, s, j, step, nodes, arena, column, c, slots, rules, counters,
                   subset_codes):
    """Record node i's split on feature j (scored in slot s; ``column`` its values, ``c`` its
    place among the continuous features, −1 for a nominal one) and open its children: their
    ids follow the last node's, their segments the arena's top (each branch's rows, counted
    when it was scored, then the rows whose value is missing where r̃ᵥ > 0). Returns False,
    recording nothing but the entries needed in ``counters[ARENA_NEED]``, when those segments
    do not fit the arena."""
    n_branches = slots.n_branches[s, j]
    branch_counts = slots.branch_counts[s, j, :n_branches]
    member = slots.member[s, j]
    start, end = nodes.start[i], nodes.end[i]
    lower = upper = threshold = 0.0
    if c >= 0:
        kind = THRESHOLD
        entries = arena.sorted_entries[c]
        lower = column[entry_row(entries[slots.cut_at[s, j]])]
        upper = column[entry_row(entries[slots.cut_at[s, j] + 1])]
        threshold = kernels.midpoint(lower, upper) if rules.midpoint else lower
    else:
        kind = MULTIWAY if rules.multiway else SUBSET
    fractions = branch_fractions(branch_counts, rules.regression)
    sizes = slots.branch_rows[s, j, :n_branches].copy()
    n_unknown = end - start - sizes.sum()
    for b in range(n_branches):
        if fractions[b] > 0.0:
            sizes[b] += n_unknown
    top = counters[ARENA_TOP]
    if top + sizes.sum() > len(arena.rows):
        counters[ARENA_NEED] = sizes.sum()
        return False
    nodes.expanded_at[i], nodes.feature[i], nodes.split_kind[i] = step, j, kind
    nodes.rho[i], nodes.missing[i] = slots.rho[s, j], slots.missing[s, j]
    nodes.known_loss[i] = slots.known_loss[s, j]
    nodes.lower[i], nodes.upper[i], nodes.threshold[i] = lower, upper, threshold
    if kind == SUBSET:
        nodes.subset_at[i] = counters[SUBSET_TOP]
        for code in np.flatnonzero(member):
            subset_codes[counters[SUBSET_TOP]] = code
            counters[SUBSET_TOP] += 1
        nodes.subset_len[i] = counters[SUBSET_TOP] - nodes.subset_at[i]
    first = counters[N_NODES]
    nodes.first_child[i], nodes.n_children[i] = first, n_branches
    for b in range(n_branches):
        child = first + b
        nodes.start[child], nodes.end[child] = top, top + sizes[b]
        top += sizes[b]
        nodes.parent[child], nodes.depth[child] = i, nodes.depth[i] + 1
        nodes.created_at[child] = step
        nodes.n_rows[child] = sizes[b]
        nodes.split_kind[child] = NOT_SPLIT
        nodes.in_counts[child] = branch_counts[b]
    counters[ARENA_TOP] = top
    counters[N_NODES] += n_branches
    return True


@njit(cache=True, inline="always")
def _loss_scale(stats, rules):
    """The scale a tie between two regression splits is relative to: the node's MSE (the
    squared error has the target's unit squared) or its MAE; 1 for a classification node."""
    if not rules.regression:
        return 1.0
    if rules.absolute:
        weight = stats[squared_error.WEIGHT]
        return stats[absolute_error.DEVIATION] / weight if weight > 0.0 else 0.0
    return squared_error.mse(stats[0], stats[1], stats[2])
