"""The table as the nodewise engine (:mod:`treecore.grow.nodewise`) reads it before growing: the
columns by feature, each continuous feature's rows in value order as packed entries (row, value
rank, class; missing values last: :func:`~treecore.grow.kernel_rules.pack_sorted`) and the
nominal codes by row.

A tree sorts its own rows into its arena (:func:`sort_into`). The members of an ensemble read
one sort of every row (:func:`presort`), made once for all of them: each keeps the entries of
its rows of positive weight (:func:`keep_present`), in the order of the whole sort, so a member
costs its growth and one pass over the entries, not a sort. A member grown so is the tree grown
on its rows of positive weight alone: equal values keep their order (the sort is stable by
row), and the ranks of the values that remain keep their order too (gaps between them change no
comparison the scans make).
"""

from __future__ import annotations

from typing import Callable, NamedTuple

import numpy as np
from ..jit import njit

from ..data import Dataset, Kind
from .kernel_rules import GROWTH_THREADS, entry_row, pack_sorted, upper_entries
from .threads import sort_features


class PresortedTable(NamedTuple):
    """One encoded table sorted once for every member of an ensemble (:func:`presort`):
    ``columns[j]`` feature j's values by row, ``sorted_entries[k]`` the k-th continuous feature's
    packed entries of every row in value order, and ``codes[row, k]`` the k-th nominal feature's
    code of a row (−1: missing)."""

    columns: np.ndarray
    sorted_entries: np.ndarray
    codes: np.ndarray


def continuous_places(dataset: Dataset) -> np.ndarray:
    """Per feature, its place among the continuous features (−1: a nominal one)."""
    continuous = [j for j, f in enumerate(dataset.features) if f.kind is Kind.CONTINUOUS]
    places = np.full(dataset.n_features, -1, np.int64)
    places[continuous] = np.arange(len(continuous))
    return places


def feature_levels(dataset: Dataset) -> np.ndarray:
    """Per feature, how many values a nominal one has (0: a continuous one)."""
    return np.array([len(f.labels) if f.kind is Kind.NOMINAL else 0 for f in dataset.features],
                    np.int64)


def labels_of(dataset: Dataset) -> np.ndarray:
    """The class of each row (all 0 for a regression tree, whose targets are kept apart)."""
    if dataset.is_regression:
        return np.zeros(dataset.n_rows, np.int64)
    return dataset.y.astype(np.int64)


def columns_of(dataset: Dataset) -> np.ndarray:
    """The table by feature (features × rows), each feature's values together."""
    return np.ascontiguousarray(dataset.X.T)


def nominal_codes(dataset: Dataset, levels: np.ndarray) -> np.ndarray:
    """The nominal features' codes by row (rows × nominal features, −1 where missing): one row's
    codes lie together, so a node counts every nominal feature in one pass over its rows."""
    nominal = np.flatnonzero(levels > 0)
    return np.nan_to_num(dataset.X[:, nominal], nan=-1.0).astype(np.int32, order="C")


def sort_into(dataset: Dataset, columns: np.ndarray, continuous_at: np.ndarray,
              out: np.ndarray, late: Callable[[], bool] = lambda: False,
              threads: int = GROWTH_THREADS) -> bool:
    """Each continuous feature's rows in value order, missing values last, as packed entries
    into ``out[continuous_at[j], :n]``; False when ``late()`` turned true first. Features are
    sorted on ``threads`` threads (:func:`~treecore.grow.threads.sort_features`), each into the
    upper half of its own row of ``out``, then packed in place."""
    n, labels = dataset.n_rows, labels_of(dataset)
    features = np.flatnonzero(continuous_at >= 0).tolist()
    rows = out[:, :n]
    if not sort_features(lambda j: columns[j], features, n,
                         lambda j: upper_entries(rows[continuous_at[j]]), late, threads):
        return False
    for j in features:
        row = rows[continuous_at[j]]
        pack_sorted(upper_entries(row), columns[j], labels, row)
    return True


def presort(dataset: Dataset, threads: int = GROWTH_THREADS) -> PresortedTable:
    """The table sorted once for every member of an ensemble on ``dataset``'s rows."""
    columns, continuous_at = columns_of(dataset), continuous_places(dataset)
    entries = np.empty((int((continuous_at >= 0).sum()), dataset.n_rows), np.int64)
    sort_into(dataset, columns, continuous_at, entries, threads=threads)
    return PresortedTable(columns, entries, nominal_codes(dataset, feature_levels(dataset)))


@njit(cache=True, nogil=True)
def keep_present(sorted_entries, weights, out):
    """Each feature's entries of the rows of positive ``weights`` into the same row of ``out``,
    in their order; returns how many entries a feature kept (the same for every feature)."""
    kept = 0
    for k in range(sorted_entries.shape[0]):
        kept = 0
        for q in range(sorted_entries.shape[1]):
            entry = sorted_entries[k, q]
            if weights[entry_row(entry)] > 0.0:
                out[k, kept] = entry
                kept += 1
    return kept
