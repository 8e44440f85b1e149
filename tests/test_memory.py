"""Room reserved from the system (:func:`treecore.data.memory.reserved`) costs only what is
written."""

from __future__ import annotations

import mmap

import numpy as np

from treecore.data.memory import reserved


def resident_mb() -> float:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def test_reserved_room_is_zeros_and_given_memory_only_where_written():
    """512 MB reserved, its first and last thousand values written: the process holds a few
    pages more, not the room, and the room is zeros where it was not written (looked at in a
    few places only: on some systems reading a page gives it memory too)."""
    before = resident_mb()
    room = reserved((2**26,), np.float64)
    room[:1000] = 1.0
    room[-1000:] = 2.0
    assert room.shape == (2**26,) and room.flags.writeable and room.flags.c_contiguous
    assert resident_mb() - before < 16
    assert not room[1000:1100].any() and not room[2**25:2**25 + 100].any()
    owner = room
    while isinstance(owner, np.ndarray):
        owner = owner.base
    assert isinstance(memoryview(owner).obj, mmap.mmap)          # mapped, not from the heap
    table = reserved((5, 2, 3), np.int32)
    assert table.shape == (5, 2, 3) and not table.any()
    assert reserved((0,), np.float64).shape == (0,)
