"""How a phase's items are shared among threads (:mod:`treecore.grow.threads`): every item once,
in consecutive pieces that shrink as the work runs out; and how both threads sort a feature."""

from concurrent.futures import ThreadPoolExecutor
from unittest.mock import patch

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore.grow import threads


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 300_000), max_size=60), st.integers(1, 3))
def test_pieces_cover_every_item_once_in_order(work, n_threads):
    """The pieces tile ``[0, items)`` without gap or overlap; a chunk below
    ``THREADED_CHUNK`` visits, or one thread, is one piece; otherwise every piece but the last
    holds at least ``SMALLEST_PIECE`` visits or a single item."""
    item_work = np.array(work, np.int64)
    cuts = threads.pieces(item_work, n_threads)
    assert cuts[0][0] == 0 and cuts[-1][1] == len(work)
    assert all(a[1] == b[0] for a, b in zip(cuts, cuts[1:]))
    if n_threads == 1 or item_work.sum() < threads.THREADED_CHUNK:
        assert cuts == [(0, len(work))]
        return
    assert all(end > first for first, end in cuts)
    for first, end in cuts[:-1]:
        assert item_work[first:end].sum() >= threads.SMALLEST_PIECE or end == first + 1


def test_pieces_shrink_as_the_work_runs_out():
    """Guided scheduling: the first piece takes about a quarter of two threads' work, later
    pieces less, down to the smallest."""
    item_work = np.full(10_000, 100)
    sizes = [item_work[first:end].sum() for first, end in threads.pieces(item_work, 2)]
    assert abs(sizes[0] - item_work.sum() / 4) <= 100
    assert sizes == sorted(sizes, reverse=True)
    assert min(sizes[:-1]) >= threads.SMALLEST_PIECE


def test_share_among_runs_every_item_once_across_the_threads():
    """Each item is run once, by one of the threads, whichever piece it fell in."""
    item_work = np.full(5_000, 200)
    seen = np.zeros(len(item_work), np.int64)
    by_thread = set()

    def run(t, first, end):
        seen[first:end] += 1
        by_thread.add(t)

    with ThreadPoolExecutor(1) as pool:
        threads.share_among(pool, item_work, 2, run)
    assert (seen == 1).all()
    assert by_thread <= {0, 1}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3).flatmap(lambda n_features: st.lists(
    st.lists(st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.5, np.inf, np.nan]), min_size=n_features,
             max_size=n_features), max_size=70)), st.booleans(), st.booleans())
def test_sort_features_merges_two_sorted_halves_into_one_sorted_order(rows, threaded, by_row):
    """Both threads sort half of a feature's rows each and merge the halves from both ends
    (:func:`~treecore.grow.threads.sort_features`): each feature's entries list its rows in
    ``np.argsort(kind="stable")`` order, each tie bit set iff the value equals the one before
    (NaN equal to NaN, −0.0 to 0.0), whether the table is read by column or by row (strided),
    and whether the halves are sorted on two threads or one."""
    n_features = len(rows[0]) if rows else 2
    X = np.array(rows, float).reshape(len(rows), n_features)
    X = np.ascontiguousarray(X) if by_row else np.asfortranarray(X)
    entries = np.full((n_features, len(X)), 7, np.uint32)
    with patch.object(threads, "THREADED_SORT", 0 if threaded else 10**9):
        assert threads.sort_features(lambda j: X[:, j], list(range(n_features)), len(X),
                                     entries.__getitem__, lambda: False)
    for j in range(n_features):
        order = np.argsort(X[:, j], kind="stable")
        assert np.array_equal(entries[j] >> 1, order)
        values = X[order, j]
        same = (values[1:] == values[:-1]) | (np.isnan(values[1:]) & np.isnan(values[:-1]))
        assert np.array_equal(entries[j] & 1, np.r_[False, same][:len(X)])


def test_sort_features_stops_when_late():
    """A deadline reached while sorting stops before the next feature and says so."""
    X = np.arange(12.0).reshape(4, 3)
    calls = []
    late = lambda: calls.append(1) or len(calls) > 2                          # noqa: E731
    assert not threads.sort_features(lambda j: X[:, j], [0, 1, 2], 4,
                                     np.empty((3, 4), np.uint32).__getitem__, late)
    assert len(calls) == 3
