"""The presorted engine's compiled loop: a node owns one contiguous segment of every feature's
sorted order; expanding it scans each segment for its best cut
(:func:`treecore.measures.cut_scan.best_cut_of_sorted`, or the squared error's
:func:`~treecore.measures.squared_error.best_cuts_of_entries`), chooses by
the rule of :func:`treecore.split.candidates.choose_index` and partitions every segment stably
into the two children's. The stopping cases are the builder's, in its order
(:class:`treecore.grow.builder.Growth`).

Nodes are expanded in id (breadth-first) order, a chunk of waiting nodes at a time, in four
phases: :func:`screen` stops the nodes a rule stops before scoring and fills the chunk's slots;
:func:`score_slots` finds every slot's best cut of every feature; :func:`decide` chooses each
node's split in id order (the limits that count the tree's leaves see the nodes before it) and
opens the children; :func:`split_slots` partitions the split nodes' segments and sums the
children (the splitting itself is :mod:`treecore.grow.presorted_split`'s). A chunk's nodes own
disjoint segments, so the two parallel phases can run on several threads, each on its own
pieces of (slot, feature) items and its own :class:`Scratch`, and give the same tree as one
thread (:func:`expand`).

Each sorted position holds one entry (:mod:`treecore.grow.presorted_arrays`): a row and its
tie bit.

The phases borrow their arrays on entry (:mod:`treecore.grow.borrowed`): the helpers they call
and the views they take count no references, an atomic operation each that cost a third of a
deep tree's growth when counted.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..measures import cut_scan, kernels, squared_error
from ..measures.sorting import row_of, ties_previous
from ..split import feature_draw
from .borrowed import borrowed
from .kernel_rules import (IDENTICAL, MIN_SAMPLES_LEAF, N_NODES, NEXT_NODE,
                           NO_FEATURES, PURE, SCORE, STEPS, WAITING, choose, limit_after_choice,
                           limit_before_split, pure)
from .presorted_arrays import UNDECIDED, value_at
from .presorted_split import (fill_child, mark_sides, open_children, partition_others,
                              place_threshold, record_split)


@njit(cache=True, inline="always")
def _identical(values, steps, entries, first, last):
    """Whether every feature is constant on the segment ``[first, last]`` (a sorted segment is
    constant iff its ends are): two lookups in the table per feature."""
    for j in range(entries.shape[0]):
        if value_at(values, steps, row_of(entries[j, first]), j) != \
                value_at(values, steps, row_of(entries[j, last]), j):
            return False
    return True


@njit(cache=True, inline="always")
def stop_before_scoring(i, values, steps, entries, node_start, node_end, depth, node_weight, counts,
                        one_target, rules):
    """Hunt's first two cases and the limits checked before node i is scored, in the builder's
    order; :data:`WAITING` when none applies. Hunt's third case (every feature constant) comes
    before the limits, but it is found here only when a limit would stop the node: otherwise
    the node is scored, and a node no feature can cut stops as identical then
    (:func:`choice`), without the lookups in the table (apart in memory) for every node."""
    if pure(counts[i], one_target[i], rules):
        return PURE
    if entries.shape[0] == 0:
        return NO_FEATURES
    limit = limit_before_split(depth[i], node_weight[i], rules)
    if limit != WAITING and _identical(values, steps, entries, node_start[i], node_end[i] - 1):
        return IDENTICAL
    return limit


@njit(cache=True, inline="always")
def _unpack(entries, classes, w, j, start, end, keys, labels, weights):
    """Feature j's segment into the first ``end − start`` places of the work arrays for a
    classification tree's scan: value ranks within the segment (from the tie bits), classes and
    weights (none when every weight is 1). A regression tree's scan reads the entries in place
    (:func:`treecore.measures.squared_error.best_cuts_of_entries`)."""
    weighted = len(w) > 0
    j, start = np.uint64(j), np.uint64(start)
    rank = 0
    for q in range(np.uint64(end) - start):
        entry = entries[j, start + q]
        row = row_of(entry)
        rank += (q > 0) and not ties_previous(entry)
        keys[q] = rank
        labels[q] = classes[row]
        if weighted:
            weights[q] = w[row]


@njit(cache=True, inline="always")
def choice(status, figures, left, right, total, rules, pair):
    """(the feature the node splits on, by the rule of
    :func:`treecore.split.candidates.choose_index`, :data:`WAITING`), or (−1, the reason the
    node stops: no cut leaves its leaves large enough). The limits checked once the split is
    known are :func:`decide`'s, which knows how many leaves the tree has.

    A regression tree's features are compared by their cuts' P (the decrease grows with it,
    :func:`treecore.measures.squared_error.best_cuts_of_entries`), with the tie in P's unit;
    the chosen cut's figures are computed then, from its two sides' sums (``pair``: work
    space), so no other cut pays for the divisions."""
    if rules.regression:
        tie = squared_error.decrease_slack(total, rules.tolerance)
    else:
        tie = rules.tolerance
    chosen = choose(status, cut_scan.BEST_CUT, figures, rules, tie)
    if chosen >= 0:
        if rules.regression:
            for k in range(len(total)):
                pair[0, k], pair[1, k] = left[chosen, k], right[chosen, k]
            squared_error.partition_figures(pair, figures[chosen])
        return chosen, WAITING
    any_small = False
    for j in range(len(status)):
        any_small |= status[j] == cut_scan.ONLY_SMALL_LEAVES
    return -1, (MIN_SAMPLES_LEAF if any_small else IDENTICAL)


@njit(cache=True, inline="always")
def cut_values(values, steps, entries, j, position):
    """The values either side of feature j's cut after sorted ``position``: two row lookups in
    the table, made only for the chosen feature (and for every feature of a step whose scores
    are kept)."""
    return (value_at(values, steps, row_of(entries[j, position]), j),
            value_at(values, steps, row_of(entries[j, position + 1]), j))


@njit(cache=True)
def keep_scores(step, status, cut_at, left, right, values, steps, entries, scores):
    """The threshold search of every feature at growth ``step`` into ``scores`` (kept for the
    first steps only, so their candidate tables need no second pass over the rows)."""
    for j in range(len(status)):                  # a feature with no cut keeps zeros
        if status[j] != cut_scan.NO_CUT:
            scores.lower[step - 1, j], scores.upper[step - 1, j] = cut_values(
                values, steps, entries, j, cut_at[j])
            scores.left[step - 1, j], scores.right[step - 1, j] = left[j], right[j]
    scores.status[step - 1] = status


@njit(cache=True, nogil=True)
def screen(values, steps, entries, nodes, counters, slots, rules, work_budget):
    """The next chunk of waiting nodes, in id order, into ``slots``: a node a rule stops before
    scoring is stopped here; the others take a slot, until ``work_budget`` row × feature visits
    are taken, the slots are full or their children would not fit in the node arrays. Returns
    (the number of slots filled, their row × feature visits)."""
    values, steps, entries, nodes, counters, slots = borrowed(
        (values, steps, entries, nodes, counters, slots))
    node_start, node_end, stop_of = nodes.start, nodes.end, nodes.stop
    n_features = entries.shape[0]
    room = min(len(slots.nodes), (len(node_start) - counters[N_NODES]) // 2)
    filled, work = 0, 0
    while counters[NEXT_NODE] < counters[N_NODES] and work < work_budget and filled < room:
        i = counters[NEXT_NODE]
        counters[NEXT_NODE] += 1
        if stop_of[i] != WAITING:
            continue
        stop = stop_before_scoring(i, values, steps, entries, node_start, node_end, nodes.depth,
                                   nodes.weight, nodes.counts, nodes.one_target, rules)
        if stop != WAITING:
            stop_of[i] = stop
            continue
        slots.nodes[filled] = i
        filled += 1
        work += (node_end[i] - node_start[i]) * n_features
    return filled, work


@njit(cache=True, nogil=True)
def score_slots(rows, nodes, slots, scratch, rules, first_item, end_item, partition_now):
    """Every feature's best cut at the chunk's nodes, for the items ``[first_item, end_item)``:
    an item is (slot, feature), or with ``rules.max_features`` k ≥ 1 a whole slot, whose node
    scores features in the order of :mod:`treecore.split.feature_draw` until k of them could
    cut (scikit-learn's rule). A slot whose every item is in the range has its feature chosen
    here too (:func:`choice`) and its rows marked left or right, on this thread rather than in
    :func:`decide`; with ``partition_now`` (no step of the chunk keeps its scores, which read
    the segments as scored) its segments are partitioned too, while the scan has them in the
    cache, rather than in :func:`split_slots`. A node :func:`decide` then stops keeps its rows
    in its segments, only in another order, which nothing reads again. Every node fits the
    thread's scratch (:func:`~.presorted_arrays.Scratch`).
    """
    rows, nodes, slots, scratch = borrowed((rows, nodes, slots, scratch))
    entries, classes, w, y = rows.entries, rows.labels, rows.w, rows.y
    node_start, node_end, counts, n_drawn = nodes.start, nodes.end, nodes.counts, nodes.n_drawn
    status, cut_at, figures = slots.status, slots.cut_at, slots.figures
    left, right = slots.left, slots.right
    key_work, label_work, weight_work = scratch.keys, scratch.labels, scratch.weights
    cut_scratch, pair = scratch.cut, scratch.pair
    figure_scratch = scratch.figure
    n_features = entries.shape[0]
    drawing = rules.max_features > 0
    per_slot = 1 if drawing else n_features
    order = np.arange(n_features)
    s = first_item // per_slot
    while s * per_slot < end_item:
        i = slots.nodes[s]
        start, end = node_start[i], node_end[i]
        m, total = end - start, counts[i]
        first = 0 if drawing else max(first_item - s * per_slot, 0)
        last = n_features if drawing else min(end_item - s * per_slot, n_features)
        key = feature_draw.node_key(rules.seed, i) if drawing else np.uint64(0)
        if m > len(scratch.spare):
            raise ValueError("a node is longer than the thread's scratch")
        if drawing:
            status[s] = cut_scan.NO_CUT
            order[:] = np.arange(n_features)
        can_cut = 0
        for step in range(first, last):
            j = feature_draw.draw_next(order, step, key) if drawing else step
            if rules.regression:
                if drawing or step == first:     # the drawn feature, or all the slot's at once
                    squared_error.best_cuts_of_entries(
                        entries, j if drawing else first, j + 1 if drawing else last, start, m,
                        y, w, total, rules.min_samples_leaf, rules.tolerance, status[s],
                        cut_at[s], left[s], figures[s, :, SCORE])    # compared by P until chosen
                at = cut_at[s, j]
                for k in range(3):
                    right[s, j, k] = total[k] - left[s, j, k]
            else:
                _unpack(entries, classes, w, j, start, end, key_work, label_work, weight_work)
                status[s, j], at = cut_scan.best_cut_of_sorted(
                    key_work[:m], label_work[:m], weight_work[:m], total, rules.impurity_code,
                    rules.min_samples_leaf, rules.tolerance, cut_scratch, left[s, j],
                    right[s, j])
            if status[s, j] != cut_scan.NO_CUT:
                cut_at[s, j] = start + at
                can_cut += 1
                if not rules.regression:
                    for k in range(len(total)):
                        pair[0, k], pair[1, k] = left[s, j, k], right[s, j, k]
                    kernels.partition_figures(pair, 1.0, 0.0, rules.impurity_code,
                                              rules.ratio_score, figures[s, j], figure_scratch,
                                              False)
            if drawing and (can_cut == rules.max_features or step == n_features - 1):
                n_drawn[i] = step + 1
                break
        if drawing or (first == 0 and last == n_features):     # the whole slot: choose here
            chosen, slots.stop[s] = choice(status[s], figures[s], left[s], right[s], total,
                                           rules, pair)
            slots.chosen[s] = chosen
            if chosen >= 0:          # its rows marked here too, in case :func:`decide` splits it
                mark_sides(rows.goes_left, entries, chosen, start, cut_at[s, chosen] + 1, end)
                slots.partitioned[s] = partition_now and m > 2
                if slots.partitioned[s]:
                    partition_others(entries, scratch.spare, rows.goes_left, chosen, 0,
                                     n_features, start, end)
        s += 1


@njit(cache=True, nogil=True)
def decide(rows, nodes, slots, filled, scores, counters, rules):
    """The node of each of the ``filled`` slots in id order: its split chosen (unless
    :func:`score_slots` chose it), the limits after the choice checked, or the reason it
    stops; a split is recorded (and its threshold search kept while its steps are), its rows
    marked left or right (unless :func:`score_slots` marked them), and its two children
    opened. Returns the number of nodes split (listed in ``slots.split``)."""
    rows, nodes, slots, scores, counters = borrowed((rows, nodes, slots, scores, counters))
    entries, goes_left = rows.entries, rows.goes_left
    node_start, node_end, stop_of = nodes.start, nodes.end, nodes.stop
    n_split = 0
    for s in range(filled):
        i = slots.nodes[s]
        status = slots.status[s]
        marked = slots.chosen[s] != UNDECIDED
        partitioned, slots.partitioned[s] = slots.partitioned[s], False
        if marked:
            chosen, stop = slots.chosen[s], slots.stop[s]
            slots.chosen[s] = UNDECIDED
        else:                                 # scored on two threads: not chosen yet
            chosen, stop = choice(status, slots.figures[s], slots.left[s], slots.right[s],
                                  nodes.counts[i], rules, slots.pair)
        if chosen >= 0:
            stop = limit_after_choice(nodes.weight[i], slots.figures[s, chosen],
                                      counters[N_NODES] - counters[STEPS] + 1, rules)
        if stop != WAITING:
            stop_of[i] = stop
            if stop == IDENTICAL:             # Hunt's third case: nothing was drawn to score
                nodes.n_drawn[i] = -1
            continue
        step = counters[STEPS] + 1
        counters[STEPS] = step
        cut_at, left, right = slots.cut_at[s], slots.left[s], slots.right[s]
        if step <= scores.status.shape[0]:
            keep_scores(step, status, cut_at, left, right, rows.values, rows.steps, entries,
                        scores)
        middle = record_split(i, chosen, cut_at, left, right, nodes.expanded_at, nodes.feature,
                              nodes.branch_counts, step)
        if not marked:
            mark_sides(goes_left, entries, chosen, node_start[i], middle, node_end[i])
        open_children(i, step, middle, counters, node_start, node_end, nodes.parent,
                      nodes.depth, nodes.created_at, nodes.expanded_at, stop_of, nodes.feature,
                      nodes.first_child, nodes.n_drawn)
        slots.split[n_split], slots.split_partitioned[n_split] = i, partitioned
        n_split += 1
    return n_split


@njit(cache=True, nogil=True)
def split_slots(rows, nodes, slots, scratch, rules, first_item, end_item):
    """The split nodes' segments partitioned into their children's, for the items
    ``[first_item, end_item)`` (an item is (split node, feature)); the item of the first
    feature also places the node's threshold and sums the two children, which read its order.
    The chosen feature's segment is left as it is: its rows up to the cut are the left child's,
    already in order. A node of two rows splits into two single rows, which stop as pure before
    anything reads their order but the first feature's (their rows): its other features are
    left as they are too, as are those of a node :func:`score_slots` partitioned. Every node
    fits the thread's scratch."""
    rows, nodes, slots, scratch = borrowed((rows, nodes, slots, scratch))
    entries, w, y, goes_left, spare = rows.entries, rows.w, rows.y, rows.goes_left, scratch.spare
    node_start, node_end, chosen, first_child = nodes.start, nodes.end, nodes.feature, \
        nodes.first_child
    n_features = entries.shape[0]
    for p in range(first_item // n_features, -(-end_item // n_features)):   # ⌈end / F⌉
        i = slots.split[p]
        start, end = node_start[i], node_end[i]
        first_j = max(first_item - p * n_features, 0)
        whole = end - start > 2 and not slots.split_partitioned[p]
        end_j = min(end_item - p * n_features, n_features if whole else 1)
        if end - start > len(spare):
            raise ValueError("a node is longer than the thread's scratch")
        partition_others(entries, spare, goes_left, chosen[i], first_j, end_j, start, end)
        if first_j == 0:
            place_threshold(i, rows.values, rows.steps, entries, nodes, rules.midpoint)
            for child in range(first_child[i], first_child[i] + 2):
                fill_child(child, entries[0], rows.labels, w, y, node_start, node_end,
                           nodes.counts, nodes.weight, nodes.one_target, nodes.stop,
                           rules.regression)


@njit(cache=True, nogil=True)
def expand(rows, nodes, scores, counters, slots, scratch, rules, work_budget):
    """The four phases on one thread, chunk after chunk, until no node waits, ``work_budget``
    row × feature visits are spent or the node arrays are full."""
    n_features = rows.entries.shape[0]
    per_slot = 1 if rules.max_features > 0 else n_features
    work = 0
    while counters[NEXT_NODE] < counters[N_NODES] and work < work_budget \
            and counters[N_NODES] + 2 <= len(nodes.start):
        filled, visits = screen(rows.values, rows.steps, rows.entries, nodes, counters, slots,
                                rules, work_budget - work)
        work += visits
        score_slots(rows, nodes, slots, scratch, rules, 0, filled * per_slot,
                    counters[STEPS] >= scores.status.shape[0])
        n_split = decide(rows, nodes, slots, filled, scores, counters, rules)
        split_slots(rows, nodes, slots, scratch, rules, 0, n_split * n_features)
