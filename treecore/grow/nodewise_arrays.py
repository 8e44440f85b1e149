"""The arrays of the nodewise engine (:mod:`treecore.grow.nodewise`): the arena of the nodes
still to expand, the node table and one node's scratch space, as the compiled loop reads them
(the growth parameters are :class:`treecore.grow.kernel_rules.Rules`, shared with the
presorted engine)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..measures import kernels
from .kernel_rules import MAX_ROWS

#: How a node was split (``Nodes.split_kind``).
NOT_SPLIT, THRESHOLD, MULTIWAY, SUBSET = range(4)
#: A feature's proposal at a node: none, one that may be chosen, or one with a note.
NONE, ELIGIBLE, SMALL_LEAF, ONE_VALUE = range(4)
NOTES = {SMALL_LEAF: "leaf too small", ONE_VALUE: "one value only"}

# counters: positions in the kernel's counter array
N_NODES, NEXT_NODE, STEPS, ARENA_TOP, SUBSET_TOP = range(5)
#: What :func:`expand` returns: work done (or nothing waits), or it needs larger arrays first.
DONE, NEED_SPACE = 0, 1


#: The value rank of a missing value in a sorted segment: after every known value.
MISSING_RANK = MAX_ROWS


class Arena(NamedTuple):
    """The entries of the nodes still to expand, each node one segment ``[start, end)`` of
    every array: its (row, weight) pairs in the builder's order, and for each continuous
    feature the same rows as packed entries (:mod:`treecore.grow.presorted`'s row, value rank,
    class) in value order, the rows whose value is missing last (rank :data:`MISSING_RANK`)."""

    rows: np.ndarray
    weights: np.ndarray
    sorted_entries: np.ndarray

    @classmethod
    def empty(cls, capacity: int, n_continuous: int) -> "Arena":
        return cls(np.empty(capacity, np.int64), np.empty(capacity),
                   np.empty((n_continuous, capacity), np.int64))


class Nodes(NamedTuple):
    """Per node (by id): its arena segment, tree links, statistics and split. ``in_counts``
    holds the known rows' class counts of the branch that made the node (its parent's
    ``branch_counts`` row); ``subset_at``/``subset_len`` locate a CART subset's codes;
    ``n_drawn`` is how many features it drew at random (−1: not scored, or all scored);
    ``one_target`` is 1 when every row of a regression node has the same target (found as its
    sums are summed)."""

    start: np.ndarray
    end: np.ndarray
    parent: np.ndarray
    depth: np.ndarray
    created_at: np.ndarray
    expanded_at: np.ndarray
    stop: np.ndarray
    feature: np.ndarray
    split_kind: np.ndarray
    first_child: np.ndarray
    n_children: np.ndarray
    n_drawn: np.ndarray
    n_rows: np.ndarray
    one_target: np.ndarray
    subset_at: np.ndarray
    subset_len: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    threshold: np.ndarray
    rho: np.ndarray
    missing: np.ndarray
    weight: np.ndarray
    counts: np.ndarray
    in_counts: np.ndarray

    @classmethod
    def empty(cls, capacity: int, n_classes: int) -> "Nodes":
        ints = [np.full(capacity, -1, np.int64) for _ in range(16)]
        floats = [np.zeros(capacity) for _ in range(6)]
        return cls(*ints, *floats, np.zeros((capacity, n_classes)),
                   np.zeros((capacity, n_classes)))


class Work(NamedTuple):
    """Scratch arrays for one node, allocated once per compiled call."""

    values: np.ndarray          # a nominal feature's known codes at the node, classes, weights
    labels: np.ndarray          # (regression: and targets)
    weights: np.ndarray
    targets: np.ndarray
    status: np.ndarray          # per feature: NONE, ELIGIBLE, SMALL_LEAF or ONE_VALUE
    n_branches: np.ndarray
    rho: np.ndarray
    missing: np.ndarray
    cut_at: np.ndarray          # per continuous feature: its cut's last sorted position left
    branch_counts: np.ndarray   # (features, widest, classes)
    member: np.ndarray          # (features, levels): a CART subset's codes
    figures: np.ndarray
    excluded: np.ndarray
    level_counts: np.ndarray    # (levels, classes)
    keys: np.ndarray            # a sorted segment unpacked: value ranks, classes, weights
    key_labels: np.ndarray      # (regression: and targets)
    key_weights: np.ndarray
    key_targets: np.ndarray
    row_weight: np.ndarray      # per row: its weight at the node being expanded
    row_branch: np.ndarray      # per row: its branch there (−1: value missing)


@njit(cache=True)
def work_arrays(n, n_features, widest, most_levels, n_classes, n_targets):
    """The scratch arrays for ``n`` rows (a node holds each row once at most); ``n_targets``
    is ``n`` for a regression tree, else 0."""
    return Work(np.empty(n), np.empty(n, np.int64), np.empty(n), np.empty(n_targets),
                 np.zeros(n_features, np.int8), np.zeros(n_features, np.int64),
                 np.zeros(n_features), np.zeros(n_features), np.zeros(n_features, np.int64),
                 np.zeros((n_features, widest, n_classes)),
                 np.zeros((n_features, most_levels), np.bool_),
                 np.zeros((n_features, len(kernels.FIGURE_COLUMNS))),
                 np.zeros(n_features, np.bool_), np.zeros((most_levels, n_classes)),
                 np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n),
                 np.empty(n_targets), np.zeros(n), np.zeros(n, np.int64))
