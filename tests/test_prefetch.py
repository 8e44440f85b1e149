"""The cache hint of the compiled loops (:mod:`treecore.grow.prefetch`) changes no value and
never faults, even for a place past an array's end."""

import numpy as np
from numba import njit

from treecore.grow.prefetch import LINE, prefetch


@njit(cache=True)
def _sum_hinting(values, ahead):
    total = 0.0
    for q in range(values.size):
        prefetch(values, q + ahead)          # past the end for the last ``ahead`` places
        total += values.flat[q]
    return total


def test_a_hinted_loop_reads_the_same_values():
    values = np.random.default_rng(3).random(1000)
    assert _sum_hinting(values, 4 * LINE) == _sum_hinting(values, 0) == sum(values.tolist())


def test_a_hint_far_past_the_end_does_not_fault():
    values = np.arange(12.0).reshape(3, 4)
    assert _sum_hinting(values, 1 << 30) == 66.0
