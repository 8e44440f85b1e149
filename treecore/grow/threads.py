"""Sharing a compiled phase of growth among threads: both compiled engines grow a chunk of
waiting nodes at a time, and a chunk's nodes (or (node, feature) items) are scored apart from
one another, so each thread takes a range of them (the kernels release the GIL).

The features are sorted once at the root, each by both threads, half of its rows each
(:func:`sort_features`).

Handing work to another thread costs tens of microseconds, so a growth uses one thread when
its table is small (:func:`growth_threads`), and a chunk too small to pay for the handover
stays on the calling thread (:func:`pieces`). A phase's items are not dealt out in equal
shares up front: on a shared machine one thread is often slowed for a while, and the other
would wait for it. They are cut into pieces that each thread takes as it comes free
(:func:`share_among`).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import numpy as np

from ..measures.sorting import merge_halves, sort_work, value_order_and_keys
from .kernel_rules import GROWTH_THREADS

#: Row × feature visits a chunk of nodes must hold before its phases are shared among threads
#: (below, one thread does them).
THREADED_CHUNK = 200_000
#: The fewest row × feature visits in a piece handed to a thread (:func:`pieces`): each
#: handover costs tens of microseconds.
SMALLEST_PIECE = 50_000
#: The fewest rows of a table whose features are each sorted on two threads
#: (:func:`sort_features`).
THREADED_SORT = 50_000


def growth_threads(n_rows: int, n_features: int) -> int:
    """Threads a growth of this size shares its chunks among: one for a table whose chunks
    would all be too small to share (at most ``n_rows`` × ``n_features`` visits each)."""
    return 1 if n_rows * n_features < THREADED_CHUNK else GROWTH_THREADS


def pieces(item_work: np.ndarray, threads: int) -> list[tuple[int, int]]:
    """The items of a phase cut into consecutive pieces ``(first, end)`` to be handed out as
    threads come for them (guided scheduling): each piece about 1/(2·threads) of the work left,
    and at least :data:`SMALLEST_PIECE` visits, so the last pieces are small and a thread the
    machine slowed down takes fewer of them rather than keep the others waiting. One piece when
    the chunk is too small to be worth handing over."""
    n_items = len(item_work)
    ends = np.cumsum(item_work)
    total = int(ends[-1]) if n_items else 0
    if threads == 1 or total < THREADED_CHUNK:
        return [(0, n_items)]
    cuts, first, done = [], 0, 0
    while first < n_items:
        share = max((total - done) // (2 * threads), SMALLEST_PIECE)
        end = min(max(int(np.searchsorted(ends, done + share)) + 1, first + 1), n_items)
        cuts.append((first, end))
        first, done = end, int(ends[end - 1])
    return cuts


def share_among(pool, item_work: np.ndarray, threads: int,
                run: Callable[[int, int, int], object]) -> None:
    """``run(t, first, end)`` over the :func:`pieces` of a phase's items, thread t taking the
    next piece whenever it is free: thread 0 here, the others in ``pool``. Each thread has its
    own t, so it may keep its own work arrays; the pieces are disjoint, so the order they are
    run in does not matter."""
    cuts = pieces(item_work, threads)
    work, taking = iter(cuts), threading.Lock()

    def take_pieces(t: int) -> None:
        while True:
            with taking:
                piece = next(work, None)
            if piece is None:
                return
            run(t, *piece)

    others = [pool.submit(take_pieces, t) for t in range(1, threads)] if len(cuts) > 1 else []
    take_pieces(0)
    for other in others:
        other.result()


def sort_features(columns: Callable[[int], np.ndarray], features: list[int], n_rows: int,
                  into: Callable[[int], np.ndarray], late: Callable[[], bool],
                  threads: int = GROWTH_THREADS) -> bool:
    """Every feature j of ``features`` sorted: the entries of its ``values = columns(j)`` (as
    :func:`~treecore.measures.sorting.pack_order` writes them) into ``into(j)``; False when
    ``late()`` turned true first. Two threads sort each feature, one half of its rows each
    (:func:`~treecore.measures.sorting.value_order_and_keys`), then merge the halves from both
    ends at once (:func:`~treecore.measures.sorting.merge_halves`); a table smaller than
    :data:`THREADED_SORT` rows, or a growth given one thread (``threads``), is sorted the same
    way on the calling thread. The two sets of work arrays hold half the rows each, 24 bytes a
    row in all (a whole feature on each thread would take twice that), and they are made here
    on the calling thread: once freed, their memory serves the growth's own arrays (memory
    freed on a pool's thread would stay there)."""
    h = n_rows // 2
    works = [sort_work(n_rows - h) for _ in range(2)]
    with ThreadPoolExecutor(1) as pool:
        def both(task: Callable[[int], object]) -> None:
            if n_rows < THREADED_SORT or threads < 2:
                task(0)
                task(1)
                return
            other = pool.submit(task, 1)
            task(0)
            other.result()

        for j in features:
            if late():
                return False
            values, halves = columns(j), [None, None]

            def sort_half(t: int) -> None:
                halves[t] = value_order_and_keys(values[h:] if t else values[:h], *works[t])

            both(sort_half)
            out = into(j)
            both(lambda t: merge_halves(*halves[0], *halves[1], out, t == 1))
    return True
