"""Splitting a node in the presorted engine (:mod:`treecore.grow.presorted_kernel`): its split
recorded, its rows marked left or right, every feature's segment partitioned stably into the
two children's, and the children opened and summed. Like the kernel's, these helpers take the
arrays they read, never the Rows or Nodes tuples (but :func:`place_threshold`, called once a
split), so that handing them over counts no reference up and down.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..measures import kernels, squared_error
from .kernel_rules import EMPTY_BRANCH, N_NODES, WAITING
from .presorted_arrays import row_of, value_at


@njit(cache=True, inline="always")
def mark_sides(goes_left, entries, chosen, start, middle, end):
    """Which rows of the segment go left: those up to the cut's sorted position (x ≤ t goes
    left, ``Candidate.branch_index``, and lower ≤ t < upper)."""
    chosen = np.uint64(chosen)
    for q in range(np.uint64(start), np.uint64(end)):
        goes_left[row_of(entries[chosen, q])] = q < middle


@njit(cache=True, inline="always")
def partition_others(entries, spare, goes_left, chosen, first_j, end_j, start, end):
    """:func:`partition` of features ``first_j…end_j − 1`` of the segment but the ``chosen``
    one, whose rows up to the cut are the left child's already in order."""
    for j in range(first_j, end_j):
        if j != chosen:
            partition(entries, spare, goes_left, j, start, end)


@njit(cache=True, inline="always")
def partition(entries, spare, goes_left, j, start, end):
    """Stable partition of ``entries[j][start:end]``: the rows going left first, each side
    keeping its order, so a sorted segment stays sorted. Each side's tie bit is the AND of the
    bits since the last entry it took. Every entry is written to both sides and only the cursor
    of its side advances: no branch to mispredict. The positions are unsigned
    (:func:`~treecore.measures.sorting.row_of`), which halves the partition's time."""
    one = np.uint32(1)
    j, kept, moved = np.uint64(j), np.uint64(start), np.uint64(0)
    same_left = same_right = one
    for q in range(np.uint64(start), np.uint64(end)):
        entry = entries[j, q]
        flag = np.uint32(goes_left[row_of(entry)])
        same_left &= entry
        same_right &= entry
        row_bits = entry & ~one
        entries[j, kept] = row_bits | same_left
        spare[moved] = row_bits | same_right
        kept += flag
        moved += one - flag
        same_left |= flag
        same_right |= one - flag
    for q in range(moved):
        entries[j, kept + q] = spare[q]


@njit(cache=True, inline="always")
def open_children(i, step, middle, counters, node_start, node_end, parent, depth, created_at,
                  expanded_at, stop, feature, first_child, n_drawn):
    """The two children of node i, split at sorted position ``middle`` at growth ``step``:
    the next two ids, their segments and links, every field of
    :data:`~treecore.grow.presorted_arrays.UNSET_WHEN_OPENED` but the parent −1 (their sums come
    from :func:`fill_child`)."""
    first = counters[N_NODES]
    counters[N_NODES] += 2
    first_child[i] = first
    node_start[first], node_end[first] = node_start[i], middle
    node_start[first + 1], node_end[first + 1] = middle, node_end[i]
    for child in (first, first + 1):
        parent[child], depth[child], created_at[child] = i, depth[i] + 1, step
        expanded_at[child], feature[child], first_child[child], n_drawn[child] = -1, -1, -1, -1
        stop[child] = WAITING


@njit(cache=True, inline="always")
def fill_child(child, first_order, classes, w, y, node_start, node_end, counts, node_weight,
               one_target, stop_of, regression):
    """A new node's class counts (regression: sums W, S, Q, and whether its rows share one
    target) and weight, summed in the first feature's order (exact for unit and integer
    weights, and to rounding for others); no weight at all is Hunt's empty branch."""
    start, end = node_start[child], node_end[child]
    weighted = len(w) > 0
    weight = 0.0
    same_target = True
    first_y = y[row_of(first_order[start])] if regression and end > start else 0.0
    for q in range(np.uint64(start), np.uint64(end)):
        row = row_of(first_order[q])
        weight_q = w[row] if weighted else 1.0
        if regression:
            y_q = y[row]
            counts[child, squared_error.SUM] += weight_q * y_q
            counts[child, squared_error.SQUARES] += weight_q * y_q * y_q
            same_target &= y_q == first_y
        else:
            counts[child, classes[row]] += weight_q
        weight += weight_q
    node_weight[child] = weight
    if regression:
        counts[child, squared_error.WEIGHT] = weight
        one_target[child] = same_target
    if weight <= 0.0:
        stop_of[child] = EMPTY_BRANCH


@njit(cache=True, inline="always")
def record_split(i, chosen, cut_at, left, right, expanded_at, feature_of, branch_counts, step):
    """Node i's split on feature ``chosen`` at growth ``step``, into the node arrays; returns
    the sorted position of its first entry going right."""
    expanded_at[i], feature_of[i] = step, chosen
    branch_counts[i, 0], branch_counts[i, 1] = left[chosen], right[chosen]
    return cut_at[chosen] + 1


@njit(cache=True, inline="always")
def place_threshold(i, values, steps, entries, nodes, midpoint):
    """Node i's threshold from the values of the rows either side of its cut, the entries
    either side of its first child's end in the chosen feature's order (which the split leaves
    as it is): lookups apart in memory, so they are made in the parallel phase rather than in
    :func:`~.presorted_kernel.decide`."""
    j, middle = nodes.feature[i], nodes.end[nodes.first_child[i]]
    lower = value_at(values, steps, row_of(entries[j, middle - 1]), j)
    upper = value_at(values, steps, row_of(entries[j, middle]), j)
    nodes.lower[i], nodes.upper[i] = lower, upper
    nodes.threshold[i] = kernels.midpoint(lower, upper) if midpoint else lower
