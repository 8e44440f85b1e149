"""The arrays of the nodewise engine (:mod:`treecore.grow.nodewise`): the arena of the nodes
still to expand, the node table, a chunk of nodes being grown and each thread's scratch space,
as the compiled phases read them (the growth parameters are
:class:`treecore.grow.kernel_rules.Rules`, shared with the presorted engine)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from ..jit import njit

from ..measures import cut_scan, kernels
from ..split.proposals import EXHAUSTIVE_LEVELS

#: How a node was split (``Nodes.split_kind``).
NOT_SPLIT, THRESHOLD, MULTIWAY, SUBSET = range(4)
#: A feature's proposal at a node: none, one that may be chosen, or one with a note.
NONE, ELIGIBLE, SMALL_LEAF, ONE_VALUE = range(4)
NOTES = {SMALL_LEAF: "leaf too small", ONE_VALUE: "one value only"}

# counters: positions in the kernel's counter array. ``ARENA_NEED`` is the arena entries the
# next node's children need when :func:`~.nodewise_kernel.decide` found they did not fit (0 else).
N_NODES, NEXT_NODE, STEPS, ARENA_TOP, SUBSET_TOP, ARENA_NEED = range(6)
#: What :func:`expand` returns: work done (or nothing waits), or it needs larger arrays first.
DONE, NEED_SPACE = 0, 1
#: Arena entries a chunk of waiting nodes is taken with room for, per row it holds: all a binary
#: split needs when at most one value in two is missing (a split that needs more is caught
#: exactly, in :func:`~.nodewise_kernel.decide`).
ROOM_PER_ROW = 2


class Arena(NamedTuple):
    """The entries of the nodes still to expand, each node one segment ``[start, end)`` of
    every array: its (row, weight) pairs in the builder's order, and for each continuous
    feature the same rows as packed entries (:mod:`treecore.grow.presorted`'s row, value rank,
    class) in value order, the rows whose value is missing last (rank
    :data:`~treecore.grow.kernel_rules.MISSING_RANK`)."""

    rows: np.ndarray
    weights: np.ndarray
    sorted_entries: np.ndarray

    @classmethod
    def empty(cls, capacity: int, n_continuous: int) -> "Arena":
        return cls(np.empty(capacity, np.int64), np.empty(capacity),
                   np.empty((n_continuous, capacity), np.int64))

    def move_to_front(self, start: int, stop: int, pool=None) -> None:
        """Entries ``[start, stop)`` moved to ``[0, stop − start)`` in place (numpy would copy
        overlapping ranges through a temporary array as large as the range); with a thread
        ``pool``, the last sorted orders are moved on its thread meanwhile (half the arrays
        each: a third less time than one thread)."""
        sorted_entries = self.sorted_entries
        theirs = min(len(sorted_entries), (len(sorted_entries) + 2) // 2) if pool else 0
        other = pool.submit(_move_to_front, sorted_entries[len(sorted_entries) - theirs:],
                            start, stop) if theirs else None
        for array in (self.rows[None], self.weights[None],
                      sorted_entries[:len(sorted_entries) - theirs]):
            _move_to_front(array, start, stop)
        if other is not None:
            other.result()


@njit(cache=True, nogil=True)
def _move_to_front(array, start, stop):
    """Each row's ``array[r, start:stop]`` to ``array[r, :stop - start]``, front to back (safe,
    as every entry moves down)."""
    for r in range(array.shape[0]):
        for q in range(start, stop):
            array[r, q - start] = array[r, q]


class Nodes(NamedTuple):
    """Per node (by id): its arena segment, tree links, statistics and split. ``in_counts``
    holds the known rows' class counts of the branch that made the node (its parent's
    ``branch_counts`` row); ``subset_at``/``subset_len`` locate a CART subset's codes;
    ``n_drawn`` is how many features it drew at random (−1: not scored, or all scored);
    ``one_target`` is 1 when every row of a regression node has the same target (found as its
    sums are summed); ``known_loss`` is, for a tree by the absolute error, the AE of the rows
    whose value of the chosen feature is known (its split's decrease is read from it)."""

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
    known_loss: np.ndarray
    counts: np.ndarray
    in_counts: np.ndarray

    @classmethod
    def empty(cls, capacity: int, n_classes: int) -> "Nodes":
        """Room for ``capacity`` nodes: every field of :data:`UNSET` −1, the others 0."""
        ints = [np.full(capacity, -1, np.int64) for _ in UNSET]
        floats = [np.zeros(capacity) for _ in range(7)]
        return cls(*ints, *floats, np.zeros((capacity, n_classes)),
                   np.zeros((capacity, n_classes)))


#: The fields of :class:`Nodes` that hold −1 until the kernel sets them: every integer field.
UNSET = Nodes._fields[:Nodes._fields.index("lower")]


class Table(NamedTuple):
    """The training table as the kernels read it: ``columns[j]`` feature j's values by row
    (nominal codes as floats, NaN missing), each row's class (``y``; all 0 for a regression
    tree) and target (``targets``; empty for a classification tree), each feature's place among
    the continuous (``continuous_at``) or the nominal features (``nominal_at``; −1: not one),
    the nominal codes by row (``codes[row, k]``, −1 missing: one row's codes lie together, so a
    node counts every nominal feature in one pass over its rows) and each feature's number of
    ``levels`` (0: continuous)."""

    columns: np.ndarray
    y: np.ndarray
    targets: np.ndarray
    continuous_at: np.ndarray
    nominal_at: np.ndarray
    codes: np.ndarray
    levels: np.ndarray


class Scratch(NamedTuple):
    """One thread's scratch space for scoring a node, allocated once per growth: a sorted
    segment unpacked (value ranks, classes, weights, targets), each row's weight at the node
    being scored and its branch in the node being split, each nominal feature's class counts
    (regression: sums) and rows per value with how many values are known and their weight,
    and the small arrays of the threshold scan and the figures. A tree by the absolute error
    also keeps each row's rank among the targets of the node being scored (``row_rank``) and a
    segment's ranks unpacked (``key_ranks``)."""

    keys: np.ndarray
    key_labels: np.ndarray
    key_weights: np.ndarray
    key_targets: np.ndarray
    key_ranks: np.ndarray
    row_rank: np.ndarray
    row_weight: np.ndarray
    row_branch: np.ndarray      # per row: its branch in the node being split (−1: missing);
    #                             int32, half the cache lines of int64 for its random reads
    level_counts: np.ndarray    # (nominal features, levels, classes)
    level_rows: np.ndarray      # (nominal features, levels)
    n_known: np.ndarray
    known_weight: np.ndarray
    excluded: np.ndarray        # per feature: used up on the path (a multiway split above)
    order: np.ndarray           # the features in draw order (``max_features``)
    pair: np.ndarray            # (2, classes): a CART subset and the rest
    total: np.ndarray           # (classes,): a sorted segment's known rows' counts (or sums)
    cut: tuple                  # :func:`treecore.measures.cut_scan.cut_scratch`
    figure: tuple               # :func:`treecore.measures.kernels.figure_scratch`
    subsets: tuple              # :func:`subset_work`

    @classmethod
    def of(cls, n: int, n_features: int, n_nominal: int, widest: int, most_levels: int,
           n_classes: int, regression: bool, absolute: bool,
           counts_table: np.ndarray) -> "Scratch":
        """Scratch for nodes of up to ``n`` rows (a node holds each row once at most);
        ``counts_table`` is the growth's
        :func:`~treecore.measures.entropy_terms.xlog2x_table` (or empty), shared by its
        threads."""
        ranked = n if absolute else 0
        return cls(np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n),
                   np.empty(n if regression else 0), np.empty(ranked, np.int64),
                   np.empty(ranked, np.int64), np.zeros(n), np.zeros(n, np.int32),
                   np.zeros((n_nominal, most_levels, n_classes)),
                   np.zeros((n_nominal, most_levels), np.int64), np.zeros(n_nominal, np.int64),
                   np.zeros(n_nominal), np.zeros(n_features, np.bool_), np.arange(n_features),
                   np.zeros((2, n_classes)), np.zeros(n_classes),
                   cut_scan.cut_scratch(n_classes, counts_table),
                   kernels.figure_scratch(widest, n_classes), subset_work(most_levels, n_classes))


def subset_work(most_levels: int, n_classes: int) -> tuple:
    """The work arrays of :func:`~treecore.grow.nodewise_subsets.best_subset` for features of
    up to ``most_levels`` values: the values present, their class weights, the total, each
    subset's decrease and whether it is allowed, and which values the best subset holds."""
    exhaustive = min(most_levels, EXHAUSTIVE_LEVELS)
    n_subsets = max(2 ** max(exhaustive - 1, 0), n_classes * most_levels)
    return (np.zeros(most_levels, np.int64), np.zeros((most_levels, n_classes)),
            np.zeros(n_classes), np.zeros(n_subsets), np.zeros(n_subsets, np.bool_),
            np.zeros(most_levels, np.bool_))


#: Memory for one chunk's per-feature results; a chunk holds as many nodes as fit, and never
#: more than :data:`MAX_SLOTS`.
SLOTS_BYTES = 32 * 2**20
MAX_SLOTS = 4096


class Slots(NamedTuple):
    """One chunk of waiting nodes: ``nodes[s]`` is the node in slot s and ``stop[s]`` the
    reason it stops before it is scored (``WAITING``: none); per feature j its proposal's
    ``status[s, j]``, branches, ρ and missing weight, the sorted position of the last entry left
    of a cut (``cut_at``), each branch's class counts (regression: sums) and its rows whose
    value is known (``branch_rows``), a CART subset's ``member`` codes, the ``figures`` and (by
    the absolute error) the AE of the rows whose value is known (``known_loss``); ``split``
    lists the slots whose node split."""

    nodes: np.ndarray
    stop: np.ndarray
    status: np.ndarray
    n_branches: np.ndarray
    rho: np.ndarray
    missing: np.ndarray
    cut_at: np.ndarray
    branch_counts: np.ndarray   # (slots, features, widest, classes)
    branch_rows: np.ndarray     # (slots, features, widest)
    member: np.ndarray          # (slots, features, levels)
    figures: np.ndarray
    known_loss: np.ndarray
    split: np.ndarray

    @classmethod
    def empty(cls, n_features: int, widest: int, most_levels: int, n_classes: int,
              n_rows: int) -> "Slots":
        n_figures = len(kernels.FIGURE_COLUMNS)
        per_slot = n_features * (1 + 8 * 5 + 8 * widest * (n_classes + 1) + most_levels
                                 + 8 * n_figures) + 16
        size = int(max(1, min(MAX_SLOTS, n_rows, SLOTS_BYTES // per_slot)))
        per_feature = (size, n_features)
        return cls(np.zeros(size, np.int64), np.zeros(size, np.int64),
                   np.zeros(per_feature, np.int8), np.zeros(per_feature, np.int64),
                   np.zeros(per_feature), np.zeros(per_feature), np.zeros(per_feature, np.int64),
                   np.zeros((*per_feature, widest, n_classes)),
                   np.zeros((*per_feature, widest), np.int64),
                   np.zeros((*per_feature, most_levels), np.bool_),
                   np.zeros((*per_feature, n_figures)), np.zeros(per_feature),
                   np.zeros(size, np.int64))
