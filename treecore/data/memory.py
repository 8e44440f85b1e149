"""Arrays as the compiled kernels read them (:func:`kernel_form`). A data set made from a table
of numbers keeps it as it came when its layout is theirs (:func:`kernel_layout`,
:meth:`treecore.data.Dataset.from_numbers`), so the engines read a user's array in place
whenever its memory allows. Room for an array that fills from its start, such as a growing
tree's nodes, is reserved from the system rather than taken from the heap (:func:`reserved`),
and the part filled is kept without a copy (:func:`trimmed`).
"""

from __future__ import annotations

import ctypes
import mmap
import os

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
    The room is address space: keep it only while the array fills, then :func:`trimmed`."""
    return np.asarray(_Mapping(tuple(int(size) for size in shape), np.dtype(dtype)))


def trimmed(array: np.ndarray, length: int) -> np.ndarray:
    """The first ``length`` rows of a :func:`reserved` array, in its own memory: the room past
    their last page goes back to the system, and nothing is copied. Like ``realloc``, this
    ends the reserved array: it and its other views must not be read again."""
    mapping = array.base
    if not isinstance(mapping, _Mapping) or array.shape != mapping.shape:
        raise ValueError("only a whole reserved array can be trimmed")
    mapping.trim(length)
    return np.asarray(mapping)


_libc = ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                       ctypes.c_int, ctypes.c_long)
_libc.munmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t)
_MAP_FAILED = ctypes.c_void_p(-1).value


class _Mapping:
    """Pages mapped for one array, which numpy reads through ``__array_interface__`` (the
    arrays made of it keep it as their base); unmapped when the last of them goes. Mapped by
    the C library's ``mmap`` rather than :class:`mmap.mmap`, whose room cannot shrink while an
    array views it."""

    address = None
    #: Kept with the class: at the interpreter's exit the module's globals may go first.
    _munmap = _libc.munmap

    def __init__(self, shape: tuple[int, ...], dtype: np.dtype):
        self.shape, self.dtype = shape, dtype
        self.size = self._pages(shape)
        address = _libc.mmap(None, self.size, mmap.PROT_READ | mmap.PROT_WRITE,
                             mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, -1, 0)
        if address in (None, _MAP_FAILED):
            raise MemoryError(f"the system gave no room for an array of shape {shape} "
                              f"({os.strerror(ctypes.get_errno())})")
        self.address = address

    def _pages(self, shape: tuple[int, ...]) -> int:
        """The bytes of whole pages an array of ``shape`` takes (one page at least)."""
        size = max(int(np.prod(shape)) * self.dtype.itemsize, 1)
        return -(-size // mmap.PAGESIZE) * mmap.PAGESIZE

    def trim(self, length: int) -> None:
        """Down to the first ``length`` rows: the pages past them unmapped."""
        shape = (length, *self.shape[1:])
        keep = self._pages(shape)
        if keep < self.size:
            self._munmap(self.address + keep, self.size - keep)
            self.size = keep
        self.shape = shape

    @property
    def __array_interface__(self) -> dict:
        return {"data": (self.address, False), "shape": self.shape,
                "typestr": self.dtype.str, "version": 3}

    def __del__(self) -> None:
        if self.address is not None:
            self._munmap(self.address, self.size)
