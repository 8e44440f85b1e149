"""Sharing a compiled phase of growth among threads: both compiled engines grow a chunk of
waiting nodes at a time, and a chunk's nodes (or (node, feature) items) are scored apart from
one another, so each thread takes a range of them (the kernels release the GIL).

Handing work to another thread costs tens of microseconds, so a growth uses one thread when
its table is small (:func:`growth_threads`), and a chunk too small to pay for the handover
stays on the calling thread (:func:`balanced`).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .kernel_rules import GROWTH_THREADS

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
