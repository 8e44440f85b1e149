"""Room reserved from the system (:func:`treecore.data.memory.reserved`) costs only what is
written, and trimming it (:func:`~treecore.data.memory.trimmed`) gives the rest back."""

from __future__ import annotations

import numpy as np
import pytest

from treecore.data.memory import reserved, trimmed


def status_mb(field: str) -> float:
    """A figure of /proc/self/status in MB: ``VmRSS`` the memory held, ``VmSize`` the
    address space."""
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith(field + ":"))
    return int(line.split()[1]) / 1024


def resident_mb() -> float:
    return status_mb("VmRSS")


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
    table = reserved((5, 2, 3), np.int32)
    assert table.shape == (5, 2, 3) and not table.any()
    assert reserved((0,), np.float64).shape == (0,)


def test_trimmed_room_keeps_its_first_rows_in_place_and_gives_back_the_rest():
    """A 512 MB room trimmed to its first thousand rows: the same memory holds them, and the
    process's address space shrinks by the room (a copy would have kept it until freed)."""
    room = reserved((2**23, 8), np.float64)
    room[:1000] = np.arange(8000.0).reshape(1000, 8)
    address = room.__array_interface__["data"][0]
    before = status_mb("VmSize")
    kept = trimmed(room, 1000)
    del room
    assert status_mb("VmSize") < before - 500
    assert kept.shape == (1000, 8) and kept.__array_interface__["data"][0] == address
    assert np.array_equal(kept, np.arange(8000.0).reshape(1000, 8))
    kept[999, 7] = -1.0                                      # still writable to its last value
    assert trimmed(kept, 1000).shape == (1000, 8)


def test_only_a_whole_reserved_array_is_trimmed():
    with pytest.raises(ValueError, match="whole reserved array"):
        trimmed(np.zeros(10), 5)
    with pytest.raises(ValueError, match="whole reserved array"):
        trimmed(reserved((10,), np.int32)[:5], 2)
