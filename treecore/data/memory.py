"""Arrays as the compiled kernels read them (:func:`kernel_form`). A data set made from a table
of numbers keeps it as it came when its layout is theirs (:func:`kernel_layout`,
:meth:`treecore.data.Dataset.from_numbers`), so the engines read a user's array in place
whenever its memory allows. Room for an array that fills from its start, such as a growing
tree's nodes, is reserved from the system rather than taken from the heap (:func:`reserved`).
"""

from __future__ import annotations

import mmap

import numpy as np


def kernel_layout(array: np.ndarray) -> bool:
    """Whether the kernels read ``array``'s memory as it is: float64, contiguous row- or
    column-major."""
    return array.dtype == np.float64 and (array.flags.c_contiguous or array.flags.f_contiguous)


def kernel_form(array: np.ndarray, order: str = "K") -> np.ndarray:
    """``array`` as the kernels read it: float64, contiguous in either memory order and
    writable, the one type they are compiled for (numba compiles a kernel apart for each).
    Copied (in ``order``) only when it is not float64 or not contiguous, or its memory is truly
    read-only. A read-only view of writable memory, as pandas hands out (``to_numpy()``), is
    read through a writable view of the same memory: the kernels never write to it."""
    if kernel_layout(array):
        if array.flags.writeable:
            return array
        view = array.view()
        try:
            view.flags.writeable = True
            return view
        except ValueError:                       # memory no one may write, such as bytes
            pass
    return np.array(array, dtype=float, order=order)


def reserved(shape: tuple[int, ...], dtype) -> np.ndarray:
    """Zeros of ``shape`` in memory mapped anonymously from the system, not taken from the
    heap: the system gives a page (4 KB) only when it is first written, so room reserved for
    an array that fills from its start costs only the part written, nothing is copied as it
    fills, and no freed block is left behind in the heap when it goes (with its last view).
    The room is address space: keep it only while the array fills, then copy the part used."""
    count = int(np.prod(shape))
    room = mmap.mmap(-1, max(count * np.dtype(dtype).itemsize, 1))
    return np.frombuffer(room, dtype, count).reshape(shape)
