"""Impurity measures and split scores as pure functions of weighted class-count vectors.

Every function takes counts along the last axis, so one call scores a single node (shape ``(k,)``),
every branch of a split (``(m, k)``) or every candidate threshold at once (``(t, m, k)``). Counts
may be fractional (C4.5 distributes rows with a missing value over branches with fractional
weights). An empty count vector has impurity 0.

Entropy, conditional entropy and mutual information (the information gain), the intrinsic value
and the gain ratio are measures of information theory and live in
:mod:`treecore.measures.information` (one formula, one place); this module adds the other impurities
and the decrease of any of them.

References: 周志华《机器学习》§4.2 (式 4.1–4.6); 李航《统计学习方法》§5.2–5.5 (式 5.7–5.10, 5.24);
Quinlan, *C4.5: Programs for Machine Learning* (1993), ch. 2; Breiman et al., *CART* (1984), §4.3.

>>> round(float(entropy([8, 9])), 3)          # Zhou, watermelon 2.0: Ent(D) = 0.998
0.998
>>> round(float(gini([9, 6])), 2)             # Li Hang, loans: Gini(D) = 0.48
0.48
"""

from __future__ import annotations

import numpy as np

from .information import entropy, expected_over_rows, mutual_information

__all__ = ["entropy", "gini", "misclassification", "IMPURITIES", "weighted_child_impurity",
           "impurity_decrease", "information_gain"]


def _proportions(counts) -> tuple[np.ndarray, np.ndarray]:
    counts = np.asarray(counts, dtype=float)
    total = counts.sum(axis=-1)
    safe = np.where(total > 0, total, 1.0)
    return counts / safe[..., None], total


def gini(counts) -> np.ndarray:
    """Gini value Gini(D) = 1 − Σₖ pₖ² (Zhou 式 4.5; Li Hang 式 5.22)."""
    p, total = _proportions(counts)
    return np.where(total > 0, 1.0 - (p * p).sum(axis=-1), 0.0)


def misclassification(counts) -> np.ndarray:
    """Misclassification error E(D) = 1 − maxₖ pₖ (Tan et al. §4.3.4; Hastie et al. 式 9.17)."""
    p, total = _proportions(counts)
    return np.where(total > 0, 1.0 - p.max(axis=-1), 0.0)


#: Impurity functions by name (the ``impurity`` of a criterion); ``entropy`` is
#: :func:`treecore.measures.information.entropy` in bits.
IMPURITIES = {"entropy": entropy, "gini": gini, "misclassification": misclassification}


def weighted_child_impurity(branch_counts, impurity=entropy) -> np.ndarray:
    """Σᵥ |Dᵛ|/|D| · I(Dᵛ) over the branches (axis −2): the impurity left after a split
    (:func:`treecore.measures.information.expected_over_rows`).

    With ``impurity=entropy`` this is the conditional entropy H(D|A) (Li Hang 式 5.8); with
    ``gini`` it is the Gini index Gini_index(D, a) (Zhou 式 4.6; Li Hang 式 5.25).
    """
    return expected_over_rows(branch_counts, impurity)


def impurity_decrease(branch_counts, impurity=entropy, rho=1.0) -> np.ndarray:
    """ρ · (I(D̃) − Σᵥ r̃ᵥ I(D̃ᵛ)) computed on the rows with a known value (Zhou 式 4.12).

    With ``impurity=entropy`` this is the information gain (:func:`information_gain`); ρ is
    the known fraction, 1 when nothing is missing. The parent's counts are the sum of the
    branches' counts.
    """
    branch_counts = np.asarray(branch_counts, dtype=float)
    parent = branch_counts.sum(axis=-2)
    decrease = impurity(parent) - weighted_child_impurity(branch_counts, impurity)
    return np.asarray(rho) * np.maximum(decrease, 0.0)


def information_gain(branch_counts, rho=1.0) -> np.ndarray:
    """Gain(D, a) = ρ · (Ent(D̃) − Σᵥ r̃ᵥ Ent(D̃ᵛ)) (Zhou 式 4.2 and 4.12): ρ times the mutual
    information I(a; class) of the branch-by-class count table of the rows with a known value
    (:func:`treecore.measures.information.mutual_information`).

    >>> round(float(information_gain([[0, 6], [6, 3]])), 3)   # Li Hang: g(D, 有自己的房子) = 0.420
    0.42
    """
    return np.asarray(rho) * mutual_information(table=branch_counts)
