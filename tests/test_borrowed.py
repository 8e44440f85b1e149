"""treecore.grow.borrowed: lent arrays are the same memory, shapes and strides as the owners'."""

from collections import namedtuple

import numpy as np
from numba import njit

from treecore.grow.borrowed import borrowed

Pair = namedtuple("Pair", "values counts")


@njit
def _fill_through(values, k):
    lent = borrowed(values)
    for i in range(lent.shape[0]):
        for j in range(lent.shape[1]):
            lent[i, j] = k * i + j
    return lent.sum()


@njit
def _sum_of_views(pair, scale):
    lent, scale = borrowed((pair, scale))
    total = 0.0
    for i in range(lent.counts.shape[0]):
        row = lent.counts[i]                  # a view of a lent array
        total += row.sum() * scale
    lent.values[0] = total
    return total


def test_a_lent_array_writes_to_its_owner_and_keeps_its_strides():
    owner = np.zeros((4, 6))
    strided = owner[:, ::2]                   # not contiguous
    total = _fill_through(strided, 10.0)
    expected = np.array([[10.0 * i + j for j in range(3)] for i in range(4)])
    np.testing.assert_array_equal(strided, expected)
    np.testing.assert_array_equal(owner[:, 1::2], 0.0)
    assert total == expected.sum()


def test_a_tuple_lends_every_array_in_it_and_passes_other_values_through():
    pair = Pair(np.zeros(3), np.arange(12, dtype=float).reshape(4, 3))
    total = _sum_of_views(pair, 0.5)
    assert total == 0.5 * np.arange(12).sum()
    assert pair.values[0] == total
    np.testing.assert_array_equal(pair.counts, np.arange(12).reshape(4, 3))
