"""The codes both compiled engines write and read (:mod:`treecore.grow.presorted`,
:mod:`treecore.grow.nodewise`): stop reasons, the figures the choice reads, the work per call
(so a deadline is checked about every 10 ms) and the packed entry of a sorted row.
"""

from __future__ import annotations

from numba import njit

from ..measures import kernels
from ..tree.nodes import StopReason

#: Stop reasons by the codes the kernel writes (−1: not stopped, still waiting).
REASONS = (StopReason.PURE, StopReason.NO_FEATURES, StopReason.IDENTICAL,
           StopReason.EMPTY_BRANCH, StopReason.MAX_DEPTH, StopReason.MIN_SAMPLES_SPLIT,
           StopReason.MIN_SAMPLES_LEAF, StopReason.MIN_GAIN, StopReason.MIN_IMPURITY_DECREASE,
           StopReason.MAX_LEAVES)
(WAITING, PURE, NO_FEATURES, IDENTICAL, EMPTY_BRANCH, MAX_DEPTH, MIN_SAMPLES_SPLIT,
 MIN_SAMPLES_LEAF, MIN_GAIN, MIN_IMPURITY_DECREASE, MAX_LEAVES) = range(-1, len(REASONS))

#: Threads sorting the features at the root.
SORTING_THREADS = 2
#: Row × feature visits per compiled call: about 10 ms, so a deadline is never missed by more.
WORK_PER_CALL = 2_000_000

#: Columns of the kernel's figures (:data:`treecore.measures.kernels.FIGURE_COLUMNS`) the choice
#: reads.
GAIN, DECREASE, SCORE = (kernels.FIGURE_COLUMNS.index(name)
                         for name in ("gain", "decrease", "score"))

# counters: positions in the kernel's counter array
N_NODES, NEXT_NODE, STEPS = range(3)

#: A sorted position holds one 64-bit entry: row << 32 | rank of the value << 8 | class. One
#: array per feature is all a partition moves (8 bytes a row, no branch), and a node's scan
#: unpacks its segment once.
RANK_BITS, CLASS_BITS = 24, 8
MAX_ROWS, MAX_CLASSES = 2**RANK_BITS - 1, 2**CLASS_BITS - 1


@njit(cache=True, inline="always")
def entry_row(entry):
    """The row of a packed entry."""
    return entry >> 32


@njit(cache=True, inline="always")
def entry_rank(entry):
    """The rank of a packed entry's value among its feature's distinct values."""
    return (entry >> CLASS_BITS) & MAX_ROWS


@njit(cache=True, inline="always")
def entry_class(entry):
    """The class of a packed entry's row."""
    return entry & MAX_CLASSES
