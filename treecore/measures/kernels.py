"""Compiled formulas (numba): the impurities of weighted class counts, the figures of a
partition, and where a threshold goes between two values.

The formulas are those of :mod:`treecore.measures.criteria`, written as scalar loops so numba can
compile them and the engines call them per node; the charts and the readable builder call the
same functions. :func:`partition_figures` computes every figure a candidate carries.
``cache=True`` keeps the compiled code on disk, so only the first process on a machine pays the
compile time.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

#: Impurity functions by code, in the order the kernels test them.
IMPURITY_CODES = {"entropy": 0, "gini": 1, "misclassification": 2}


@njit(cache=True, inline="always")
def midpoint(lower, upper):
    """The threshold between two neighbouring distinct values: (lower + upper) / 2, or ``lower``
    when that rounds up to ``upper`` (two neighbouring doubles), so that x ≤ t still sends
    ``upper`` right (scikit-learn's and Weka's rule)."""
    middle = (lower + upper) / 2.0
    return lower if middle >= upper else middle


@njit(cache=True)
def midpoints(lower, upper):
    """:func:`midpoint` of each pair of ``lower`` and ``upper`` (arrays)."""
    out = np.empty(len(lower))
    for i in range(len(lower)):
        out[i] = midpoint(lower[i], upper[i])
    return out


@njit(cache=True, inline="always")
def impurity(counts, total, code):
    """Ent (code 0), Gini (1) or misclassification error (2) of one count vector."""
    if total <= 0.0:
        return 0.0
    if code == 0:
        h = 0.0
        for c in counts:
            p = c / total
            if p > 0.0:                  # 0·log 0 = 0 (also for a p that underflows to 0)
                h -= p * np.log2(p)
        return max(h, 0.0)
    if code == 1:
        s = 0.0
        for c in counts:
            p = c / total
            s += p * p
        return 1.0 - s
    return 1.0 - counts.max() / total


@njit(cache=True, inline="always")
def side_squares(left, total):
    """(Σₖ lₖ², Σₖ rₖ²): the squared class weights summed on each side of a split with class
    weights ``left`` on its left (rₖ = totalₖ − lₖ), from which Gini's W − Σₖ cₖ²/W follows."""
    s_left, s_right = 0.0, 0.0
    for k in range(len(total)):
        s_left += left[k] * left[k]
        s_right += (total[k] - left[k]) * (total[k] - left[k])
    return s_left, s_right


@njit(cache=True, inline="always")
def split_impurity(left, total, w_left, w_right, code):
    """W_left · I(left) + W_right · I(total − left), without forming the right counts; for Gini
    W − Σₖ cₖ² / W on each side (:func:`side_squares`), one division instead of one per class."""
    if code == 1:
        s_left, s_right = side_squares(left, total)
        out = 0.0
        if w_left > 0.0:
            out += w_left - s_left / w_left
        if w_right > 0.0:
            out += w_right - s_right / w_right
        return out
    h_left, h_right, top_left, top_right = 0.0, 0.0, 0.0, 0.0
    for k in range(len(total)):
        c_left, c_right = left[k], total[k] - left[k]
        top_left, top_right = max(top_left, c_left), max(top_right, c_right)
        if code == 0:
            if w_left > 0.0 and c_left / w_left > 0.0:
                h_left -= c_left / w_left * np.log2(c_left / w_left)
            if w_right > 0.0 and c_right / w_right > 0.0:
                h_right -= c_right / w_right * np.log2(c_right / w_right)
    if code == 0:
        return w_left * max(h_left, 0.0) + w_right * max(h_right, 0.0)
    return (w_left - top_left if w_left > 0.0 else 0.0) + \
        (w_right - top_right if w_right > 0.0 else 0.0)


#: The figures of :func:`figures`, in its column order (``treecore.split.proposals.FIGURES``).
FIGURE_COLUMNS = ("gain", "split_info", "gain_ratio", "gini", "error", "impurity", "decrease",
                  "score")


@njit(cache=True)
def figures(counts, rho, missing, impurity_code, ratio_score):
    """Every figure of each partition ``counts[i]`` (branches × classes), as columns in
    :data:`FIGURE_COLUMNS` order (see :func:`partition_figures`)."""
    n, n_branches, n_classes = counts.shape
    out = np.zeros((n, len(FIGURE_COLUMNS)))
    scratch = figure_scratch(n_branches, n_classes)
    for i in range(n):
        partition_figures(counts[i], rho[i], missing[i], impurity_code, ratio_score, out[i],
                          scratch)
    return out


@njit(cache=True)
def figure_scratch(n_branches, n_classes):
    """Work arrays of :func:`partition_figures` for up to ``n_branches`` branches (allocated
    once per caller)."""
    return np.empty(n_classes), np.empty(n_branches + 1), np.empty(3)


@njit(cache=True, inline="always")
def partition_figures(counts, rho, missing, impurity_code, ratio_score, out, scratch,
                      every_figure=True):
    """Every figure of one partition ``counts`` (branches × classes) into ``out``, in
    :data:`FIGURE_COLUMNS` order. With W = Σ counts, rᵥ = Wᵥ / W and the parent's counts the
    sum over branches: Gain = ρ·max(Ent(D̃) − Σᵥ rᵥ Ent(D̃ᵛ), 0) (Zhou 式 4.2, 4.12);
    IV = the entropy of the branch weights and the missing weight (Quinlan 1993);
    Gain_ratio = Gain / IV (0 where IV = 0); gini, error and impurity = Σᵥ rᵥ I(D̃ᵛ) for Gini,
    misclassification error and the criterion's impurity; decrease = ρ·max(I(D̃) − Σᵥ rᵥ I(D̃ᵛ), 0);
    score = gain ratio or decrease. An empty partition leaves ``out`` as it is. Without
    ``every_figure`` only what choosing a split reads is computed (gain where the criterion
    uses it, decrease and score; the rest stays 0), each by the same operations.
    """
    parent, weights, child = scratch
    n_branches, n_classes = counts.shape
    total = 0.0
    for k in range(n_classes):
        parent[k] = 0.0
        for b in range(n_branches):
            parent[k] += counts[b, k]
        total += parent[k]
    if total <= 0.0:
        return
    needs_gain = every_figure or impurity_code == 0 or ratio_score
    for code in range(3):
        child[code] = 0.0
        if code == impurity_code or every_figure or (code == 0 and needs_gain):
            for b in range(n_branches):
                branch_total = counts[b].sum()
                if branch_total > 0.0:
                    child[code] += branch_total / total * impurity(counts[b], branch_total,
                                                                    code)
    gain = rho * max(impurity(parent, total, 0) - child[0], 0.0) if needs_gain else 0.0
    iv, ratio = 0.0, 0.0
    if every_figure or ratio_score:
        for b in range(n_branches):
            weights[b] = counts[b].sum()
        weights[n_branches] = missing
        iv = impurity(weights[:n_branches + 1], total + missing, 0)
        ratio = gain / iv if iv > 1e-12 else 0.0
    decrease = gain if impurity_code == 0 else rho * max(
        impurity(parent, total, impurity_code) - child[impurity_code], 0.0)
    out[0], out[1], out[2] = gain, iv, ratio
    out[3], out[4], out[5] = child[1], child[2], child[impurity_code]
    out[6], out[7] = decrease, ratio if ratio_score else decrease
