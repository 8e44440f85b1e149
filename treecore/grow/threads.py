"""Sharing a compiled phase of growth among threads: both compiled engines grow a chunk of
waiting nodes at a time, and a chunk's nodes (or (node, feature) items) are scored apart from
one another, so each thread takes a range of them (the kernels release the GIL).

The features are sorted once at the root, shared among threads the same way
(:func:`sort_features`).

Handing work to another thread costs tens of microseconds, so a growth uses one thread when
its table is small (:func:`growth_threads`), and a chunk too small to pay for the handover
stays on the calling thread (:func:`balanced`).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import numpy as np

from ..measures.sorting import sort_work, value_order_into
from .kernel_rules import GROWTH_THREADS, SORTING_THREADS

#: Row × feature visits a chunk of nodes must hold before its phases are shared among threads
#: (below, one thread does them).
THREADED_CHUNK = 200_000


def growth_threads(n_rows: int, n_features: int) -> int:
    """Threads a growth of this size shares its chunks among: one for a table whose chunks
    would all be too small to share (at most ``n_rows`` × ``n_features`` visits each)."""
    return 1 if n_rows * n_features < THREADED_CHUNK else GROWTH_THREADS


def balanced(item_work: np.ndarray, threads: int) -> list[int]:
    """Item bounds ``[0, b₁, …, items]`` sharing items of ``item_work`` row × feature visits
    among the threads by equal work; all on the first thread when the chunk is too small to be
    worth handing over."""
    n_items, total = len(item_work), int(item_work.sum())
    if threads == 1 or total < THREADED_CHUNK:
        return [0] + [n_items] * threads
    cuts = np.searchsorted(np.cumsum(item_work), total * np.arange(1, threads) / threads)
    return [0, *(min(int(c) + 1, n_items) for c in cuts), n_items]


def on_threads(pool, bounds: list[int], run: Callable[[int, int, int], object]) -> None:
    """``run(t, first, end)`` over items ``[bounds[t], bounds[t + 1])``: thread t > 0 in
    ``pool`` (only where it has items), thread 0 here."""
    others = [pool.submit(run, t, bounds[t], bounds[t + 1])
              for t in range(1, len(bounds) - 1) if bounds[t + 1] > bounds[t]]
    run(0, bounds[0], bounds[1])
    for other in others:
        other.result()


def sort_features(columns: Callable[[int], np.ndarray], features: list[int], n_rows: int,
                  pack: Callable[[int, np.ndarray, np.ndarray], object],
                  late: Callable[[], bool]) -> bool:
    """``pack(j, order, values)`` of every feature j of ``features``, ``order`` sorting its
    ``values = columns(j)`` (:func:`~treecore.measures.sorting.value_order_into`, which
    releases the GIL), the features dealt among :data:`SORTING_THREADS` threads; False when
    ``late()`` turned true first. Each thread reuses one set of work arrays, made here on the
    calling thread: once freed, their memory serves the growth's own arrays (memory freed on
    a pool's thread would stay with that thread, 32 bytes a row each)."""
    works = [sort_work(n_rows) for _ in range(SORTING_THREADS)]

    def sort_share(t: int) -> bool:
        for j in features[t::SORTING_THREADS]:
            if late():
                return False
            values = columns(j)
            pack(j, value_order_into(values, *works[t]), values)
        return True

    with ThreadPoolExecutor(SORTING_THREADS) as pool:
        return all(pool.map(sort_share, range(SORTING_THREADS)))
