"""The order of a feature's values, as the threshold search reads them: ascending, NaN last.

Both compiled engines sort every continuous feature once at the root with it, and the general
builder sorts a node's known values with it (:func:`treecore.measures.cut_scan.best_cuts`).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def value_order(values):
    """The positions of ``values`` (a contiguous float64 array) in ascending order, NaN last:
    what ``np.argsort(kind="stable")`` gives (equal values keep their order), except that −0.0
    comes before 0.0, in half the time of numpy's fastest sort on this machine (100k values
    2.8 ms against 5.1 ms, 1M 39 ms against 81 ms).

    A least-significant-digit radix sort (Knuth, TAOCP vol. 3, §5.2.5) of each value's bits
    made order-preserving as an unsigned integer (a negative value's bits all flipped, a
    positive value's sign bit set; every NaN the largest key): one byte per pass, each pass a
    stable counting sort of (key, position) pairs, a pass skipped when every key has the same
    byte there."""
    n = len(values)
    bits = values.view(np.uint64)
    sign = np.uint64(1) << np.uint64(63)
    keys = np.empty(n, np.uint64)
    counts = np.zeros((8, 256), np.int64)
    for q in range(n):
        b = bits[q]
        key = np.uint64(0xFFFFFFFFFFFFFFFF) if np.isnan(values[q]) else \
            (~b if b & sign else b | sign)
        keys[q] = key
        for d in range(8):
            counts[d, (key >> np.uint64(8 * d)) & np.uint64(255)] += 1
    order, spare_keys, spare_order = np.arange(n), np.empty(n, np.uint64), np.empty(n, np.int64)
    for d in range(8):
        shift = np.uint64(8 * d)
        starts = counts[d]
        if n == 0 or starts[(keys[0] >> shift) & np.uint64(255)] == n:
            continue
        total = 0
        for digit in range(256):
            starts[digit], total = total, total + starts[digit]
        for q in range(n):
            digit = (keys[q] >> shift) & np.uint64(255)
            at = starts[digit]
            starts[digit] = at + 1
            spare_keys[at], spare_order[at] = keys[q], order[q]
        keys, spare_keys = spare_keys, keys
        order, spare_order = spare_order, order
    return order
