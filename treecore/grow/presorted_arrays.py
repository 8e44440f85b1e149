"""The arrays the presorted engine's kernels (:mod:`treecore.grow.presorted_kernel`) read and
write: the rows, the node table, the kept threshold searches, the scores of one chunk of
waiting nodes, and each thread's work space.

A sorted position holds one 32-bit entry (:mod:`treecore.measures.sorting`), ``row << 1 | tie``:
the row, and whether its value equals the value of the entry before it in the segment. A
partition keeps that bit true for each side, so a scan tells a cut between distinct values from
the bits alone, and a partition moves 4 bytes a row. The class of a row is read from
``Rows.labels``; values are read from the table only to place a threshold and to find a node
whose every feature is constant, through :func:`value_at`: the table is read in the memory
order it came in, so a row-major table (scikit-learn's habit) is not copied.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from ..jit import njit

from ..data.memory import kernel_form, reserved, trimmed
from ..measures import cut_scan, kernels
from ..measures.sorting import row_of

#: Memory for one chunk's per-node, per-feature scores (:class:`Slots`): a chunk holds at most
#: as many nodes as fit, and never more than :data:`MAX_SLOTS`.
SLOTS_BYTES = 32 * 2**20
MAX_SLOTS = 2048
#: ``Slots.chosen`` of a slot whose feature :func:`~.presorted_kernel.decide` has to choose.
UNDECIDED = -2
#: The fewest rows a thread's scratch holds (:func:`scratch_rows`).
SCRATCH_ROWS = 65_536


def scratch_rows(n_rows: int) -> int:
    """How many rows a thread's :class:`Scratch` holds for a growth on ``n_rows`` rows once no
    waiting node is longer: a sixteenth of them (at least :data:`SCRATCH_ROWS`). Until then
    (the first levels of the tree) it holds the root, and is made on the calling thread, so
    the memory it frees serves the node table as it grows; the scratch of both threads (9
    bytes a row each) is not held through the whole growth."""
    return min(n_rows, max(n_rows // 16, SCRATCH_ROWS))


def flat_table(X: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """(the table, its values, their steps) of ``X`` (rows × features) in its
    :func:`kernel_form` (copied column-major if need be): ``values`` are its cells in memory
    order, one vector, and feature j of a row is ``values[row · steps[0] + j · steps[1]]``
    (:func:`value_at`). One vector of one type, so numba compiles the kernels once for both
    orders."""
    X = kernel_form(X, order="F")
    return X, X.ravel(order="K"), (X.strides[0] // 8, X.strides[1] // 8)


@njit(cache=True, inline="always")
def value_at(values, steps, row, j):
    """Feature j's value of ``row`` in a table flattened by :func:`flat_table`."""
    return values[row * steps[0] + j * steps[1]]


class Rows(NamedTuple):
    """The rows as the kernels read them: ``values`` are the table's cells (rows × features,
    in their memory order; a cell at :func:`value_at` of ``steps``), ``w`` the weights by row
    (empty when every weight is 1), ``y`` a regression target by row (empty for
    classification) and ``labels`` a class by row (empty for regression).
    ``entries[j]`` lists the rows in feature j's value order as entries; ``goes_left`` marks by
    row the side a row takes at the node being split."""

    values: np.ndarray
    steps: tuple
    w: np.ndarray
    y: np.ndarray
    labels: np.ndarray
    entries: np.ndarray
    goes_left: np.ndarray


@njit(cache=True, nogil=True)
def present_entries(entries, weights, out):
    """The entries of the rows of positive weight into ``out``, each feature's in its order,
    each tie bit true iff the kept row's value equals the previous kept row's."""
    for j in range(entries.shape[0]):
        kept, same = 0, 1
        for q in range(entries.shape[1]):
            entry = np.int64(entries[j, q])
            same &= entry
            if weights[row_of(entry)] > 0.0:
                out[j, kept] = (entry & ~1) | same
                kept += 1
                same = 1


class Scratch(NamedTuple):
    """One thread's work space, for segments as long as the longest waiting node's (the root's,
    then :func:`scratch_rows`): ``spare`` for partitions, and for a classification tree one
    node segment unpacked into ``keys`` (value ranks), ``labels`` and ``weights``, and the work
    arrays of the threshold scan and of the figures (a regression tree's scan reads the
    segment in place)."""

    spare: np.ndarray
    keys: np.ndarray
    labels: np.ndarray
    weights: np.ndarray
    cut: tuple
    figure: tuple
    pair: np.ndarray

    @classmethod
    def of(cls, n: int, weighted: bool, regression: bool, width: int,
           counts_table: np.ndarray) -> "Scratch":
        """Scratch for nodes of up to ``n`` rows, its row arrays in memory mapped from the
        system (:func:`~treecore.data.memory.reserved`: a scratch made for the root gives its
        memory back whole when it shrinks); ``counts_table`` is the growth's
        :func:`~treecore.measures.entropy_terms.xlog2x_table` (or empty), shared by its threads."""
        unpacked = 0 if regression else n
        return cls(reserved((n,), np.uint32), reserved((unpacked,), np.int32),
                   reserved((unpacked,), np.uint8), reserved((unpacked if weighted else 0,),
                                                             np.float64),
                   cut_scan.cut_scratch(width, counts_table),
                   kernels.figure_scratch(2, width), np.zeros((2, width)))


class Nodes(NamedTuple):
    """Per node (by id): its segment ``[start, end)``, tree links, statistics and split.
    ``counts`` holds a node's class weights, or for a regression tree its sums (W, S, Q);
    ``branch_counts`` the same of the two branches of its split; ``n_drawn`` how many features
    it drew at random (−1: not scored, or every feature scored); ``one_target`` is 1 when every
    row of a regression node has the same target (found as its sums are summed). The integer
    fields are 32-bit (a tree of the engine's 16.7 million rows has fewer than 2³¹ nodes)."""

    start: np.ndarray
    end: np.ndarray
    parent: np.ndarray
    depth: np.ndarray
    created_at: np.ndarray
    expanded_at: np.ndarray
    stop: np.ndarray
    feature: np.ndarray
    first_child: np.ndarray
    n_drawn: np.ndarray
    one_target: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    threshold: np.ndarray
    weight: np.ndarray
    counts: np.ndarray
    branch_counts: np.ndarray

    @classmethod
    def reserved(cls, capacity: int, width: int) -> "Nodes":
        """Room for ``capacity`` nodes (:func:`~treecore.data.memory.reserved`: memory only for
        the nodes opened), every field 0 but the root's :data:`UNSET_WHEN_OPENED`, −1: any
        other node's are set when it is opened
        (:func:`treecore.grow.presorted_split.open_children`)."""
        ints = [reserved((capacity,), np.int32) for _ in range(11)]
        floats = [reserved((capacity,), np.float64) for _ in range(4)]
        nodes = cls(*ints, *floats, reserved((capacity, width), np.float64),
                    reserved((capacity, 2, width), np.float64))
        for field in UNSET_WHEN_OPENED:
            getattr(nodes, field)[0] = -1
        return nodes

    def first(self, n: int) -> "Nodes":
        """The first ``n`` nodes of a :meth:`reserved` table, kept where they are: the room past
        them goes back to the system (:func:`~treecore.data.memory.trimmed`)."""
        return Nodes(*(trimmed(field, n) for field in self))


#: The fields of a node that hold −1 (none yet, or :data:`~treecore.grow.kernel_rules.WAITING`)
#: when it is opened.
UNSET_WHEN_OPENED = ("parent", "expanded_at", "stop", "feature", "first_child", "n_drawn")


class Scores(NamedTuple):
    """Per growth step (kept for the first steps only) and feature: the threshold search."""

    status: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    left: np.ndarray
    right: np.ndarray

    @classmethod
    def empty(cls, steps: int, n_features: int, width: int) -> "Scores":
        return cls(np.zeros((steps, n_features), np.int8), np.zeros((steps, n_features)),
                   np.zeros((steps, n_features)), np.zeros((steps, n_features, width)),
                   np.zeros((steps, n_features, width)))


class Slots(NamedTuple):
    """One chunk of waiting nodes: ``nodes[s]`` is the node in slot s, scored into
    ``status[s, j]``, ``cut_at[s, j]`` (the sorted position of the last entry left of feature
    j's cut), ``left``/``right`` (each side's sums) and ``figures``, its choice in ``chosen``
    (the feature, −1 with the reason it stops in ``stop``, or :data:`UNDECIDED`) and whether
    its segments were partitioned as soon as it was scored (``partitioned``); ``split`` lists
    the chunk's nodes that split, ``split_partitioned`` whether each was partitioned so. In a
    regression tree a feature's figures hold only its cut's score P until it is chosen
    (:func:`~.presorted_kernel.choice`); ``pair`` is the work space of that last step when
    :func:`~.presorted_kernel.decide` takes it."""

    nodes: np.ndarray
    status: np.ndarray
    cut_at: np.ndarray
    left: np.ndarray
    right: np.ndarray
    figures: np.ndarray
    split: np.ndarray
    chosen: np.ndarray
    stop: np.ndarray
    pair: np.ndarray
    partitioned: np.ndarray
    split_partitioned: np.ndarray

    @classmethod
    def empty(cls, n_features: int, width: int, n_rows: int) -> "Slots":
        per_slot = n_features * (1 + 8 + 16 * width + 8 * len(kernels.FIGURE_COLUMNS)) + 34
        size = int(max(1, min(MAX_SLOTS, n_rows, SLOTS_BYTES // per_slot)))
        return cls(np.zeros(size, np.int64), np.zeros((size, n_features), np.int8),
                   np.zeros((size, n_features), np.int64), np.zeros((size, n_features, width)),
                   np.zeros((size, n_features, width)),
                   np.zeros((size, n_features, len(kernels.FIGURE_COLUMNS))),
                   np.zeros(size, np.int64),
                   np.full(size, UNDECIDED, np.int64), np.zeros(size, np.int64),
                   np.zeros((2, width)), np.zeros(size, np.bool_), np.zeros(size, np.bool_))
