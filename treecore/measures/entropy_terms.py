"""A cut's entropy decrease from its class counts, with no division and few logarithms.

Each side's Wᵥ · Ent(Dᵛ) equals Wᵥ log₂ Wᵥ − Σₖ cₖ log₂ cₖ (Zhou 式 4.1 multiplied out), so a
threshold scan (:mod:`treecore.measures.cut_scan`) needs only the terms c · log₂ c of its class
counts and side weights: :func:`entropy_decrease` keeps each class's terms until its count
changes, and with unit weights every term is looked up in :func:`xlog2x_table` instead of
computed, to the same bits.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit


def counts_table(n: int, impurity_code: int, regression: bool, weighted: bool) -> np.ndarray:
    """The :func:`xlog2x_table` of ``n`` rows a growth's threshold scans share when they score
    by entropy and their counts may be whole (a classification tree, no weights but 1); an
    empty table otherwise (a scan then computes its terms)."""
    if impurity_code == 0 and not regression and not weighted:
        return xlog2x_table(n)
    return np.zeros(0)


@njit(cache=True)
def xlog2x_table(n):
    """c · log₂ c of every count c = 0 … n, by :func:`xlog2x`'s operations: with unit weights
    every class count and side weight of a scan is such a count, so the entropy's terms are
    looked up instead of computed, to the same bits (one table per growth, which its threads
    share)."""
    out = np.empty(n + 1)
    for c in range(n + 1):
        out[c] = xlog2x(float(c))
    return out


@njit(cache=True, inline="always")
def xlog2x(x):
    """x · log₂ x, and 0 for x = 0 (0 · log 0 = 0)."""
    return x * np.log2(x) if x > 0.0 else 0.0


@njit(cache=True, inline="always")
def term(x, counts_table):
    """x · log₂ x: from ``counts_table`` (:func:`xlog2x_table`) when it is given (x a count it
    holds), else computed."""
    return counts_table[int(x)] if len(counts_table) > 0 else xlog2x(x)


@njit(cache=True, inline="always")
def entropy_decrease(parent, left, total, w_left, weight, terms, counts_table):
    """Gain(D, a, t) = Ent(D) − Σᵥ Wᵥ/W · Ent(Dᵛ) (Zhou 式 4.8) of the cut with class counts
    ``left`` on its left, each side's Wᵥ · Ent(Dᵛ) = Wᵥ log₂ Wᵥ − Σₖ cₖ log₂ cₖ: no division,
    and a class's two cₖ log₂ cₖ are taken again only when its left count has changed since
    ``terms`` last held them (row 0 that count, rows 1 and 2 the left and right terms; a count
    of −1 holds none), so a cut one row past the last costs four logarithms instead of one
    for every class on each side, or four lookups in ``counts_table`` (unit weights)."""
    sum_left, sum_right = 0.0, 0.0
    for k in range(len(total)):
        if terms[0, k] != left[k]:
            terms[0, k] = left[k]
            terms[1, k] = term(left[k], counts_table)
            terms[2, k] = term(total[k] - left[k], counts_table)
        sum_left += terms[1, k]
        sum_right += terms[2, k]
    w_right = weight - w_left
    inside = max(term(w_left, counts_table) - sum_left, 0.0) + \
        max(term(w_right, counts_table) - sum_right, 0.0)
    return max(parent - inside / weight, 0.0)
