"""The candidates of one regression node, for the explorer: every feature's best cut by squared
error (:mod:`treecore.squared_error`) as a :class:`~treecore.candidates.CandidateTable`, and the
curve of every cut of one feature.

Li Hang's 算法 5.5 (最小二乘回归树生成) in its readable form: for each feature j, sort the node's
rows by x⁽ʲ⁾; for each cut s between neighbouring distinct values the two regions
R₁ = {x⁽ʲ⁾ ≤ s} and R₂ = {x⁽ʲ⁾ > s} predict their mean targets c₁, c₂, and the cut's loss is
Σ_{R₁} w(y − c₁)² + Σ_{R₂} w(y − c₂)²; the pair (j, s) of least loss is chosen. The growth engine
finds the same cut in compiled code; this module lays every cut out for a chart.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import kernels, squared_error
from .candidates import TIE_TOLERANCE, Candidate, CandidateTable
from .dataset import Feature, Kind
from .splitting import FIGURES, Proposal, build_candidate


@dataclass(frozen=True)
class CutCurve:
    """Every cut of one feature at one node: its ``thresholds`` (midpoints between neighbouring
    distinct values), the weighted squared error left after each cut (``sse``, SSE(R₁) +
    SSE(R₂)), the weight on its left and the two region means; ``parent_sse`` and
    ``total_weight`` are the node's."""

    thresholds: np.ndarray
    sse: np.ndarray
    left_weight: np.ndarray
    left_mean: np.ndarray
    right_mean: np.ndarray
    parent_sse: float
    total_weight: float

    @property
    def decrease(self) -> np.ndarray:
        """MSE(D) − (SSE(R₁) + SSE(R₂)) / W of each cut."""
        return (self.parent_sse - self.sse) / self.total_weight


def cut_curve(values: np.ndarray, y: np.ndarray, weights: np.ndarray) -> CutCurve:
    """The :class:`CutCurve` of one feature over the rows with a known value, by one sort and
    running sums: SSE(R) = Q − S²/W on each side."""
    values, y, weights = (np.asarray(a, float) for a in (values, y, weights))
    known = ~np.isnan(values)
    values, y, weights = values[known], y[known], weights[known]
    order = np.argsort(values, kind="mergesort")
    values, y, weights = values[order], y[order], weights[order]
    w, s, q = np.cumsum(weights), np.cumsum(weights * y), np.cumsum(weights * y * y)
    total_w, total_s, total_q = (w[-1], s[-1], q[-1]) if len(w) else (0.0, 0.0, 0.0)
    ends = np.flatnonzero(values[1:] != values[:-1])
    w_left, s_left, q_left = w[ends], s[ends], q[ends]
    w_right, s_right = total_w - w_left, total_s - s_left
    sse = total_q - s_left ** 2 / w_left - s_right ** 2 / w_right
    parent = total_q - total_s ** 2 / total_w if total_w > 0 else 0.0
    return CutCurve((values[ends] + values[ends + 1]) / 2.0, np.maximum(sse, 0.0), w_left,
                    s_left / w_left, s_right / w_right, max(parent, 0.0), total_w)


def node_candidates(X: np.ndarray, y: np.ndarray, weights: np.ndarray,
                    features: tuple[Feature, ...], *, min_samples_leaf: float = 1.0,
                    threshold_style: str = "midpoint", chosen: str | None = None
                    ) -> CandidateTable:
    """The best cut of each continuous feature at a regression node (rows ``X``, targets ``y``,
    ``weights``), scored by squared error, in column order. The chosen candidate is the
    feature named ``chosen`` when given (the one growth chose), else the highest decrease, ties
    within a relative tolerance to the first feature."""
    total = squared_error.sums(y, weights)
    candidates = []
    for j, feature in enumerate(features):
        if feature.kind is not Kind.CONTINUOUS:
            continue
        candidate = _best_cut(j, feature, X[:, j], y, weights, total, min_samples_leaf,
                              threshold_style)
        if candidate is not None:
            candidates.append(candidate)
    if chosen is not None:
        index = next((i for i, c in enumerate(candidates) if c.feature == chosen), None)
    else:
        index = _first_best(candidates, squared_error.mse(*total))
    return CandidateTable(tuple(candidates), "squared_error", float("nan"), index)


def _best_cut(j: int, feature: Feature, values, y, weights, total, min_leaf: float,
              threshold_style: str) -> Candidate | None:
    order = np.argsort(values, kind="mergesort")
    keys = values[order]
    left, right = np.zeros(3), np.zeros(3)
    unit = weights[:0] if np.all(weights == 1.0) else weights[order]
    status, end = squared_error.best_cut_of_sorted(keys, y[order], unit, total, float(min_leaf),
                                                   TIE_TOLERANCE, left, right)
    if status == kernels.NO_CUT:
        return None
    branch_sums = np.stack([left, right])
    row = squared_error.figures(branch_sums[None])[0]
    lower, upper = float(keys[end]), float(keys[end + 1])
    midpoint = (lower + upper) / 2.0
    proposal = Proposal(j, branch_sums[:, :1], 1.0, 0.0, None,
                        threshold=midpoint if threshold_style == "midpoint" else lower,
                        midpoint=midpoint,
                        note="" if status == kernels.BEST_CUT else "leaf too small")
    return build_candidate(proposal, feature, dict(zip(FIGURES, map(float, row))),
                           (left[1] / left[0], right[1] / right[0]))


def _first_best(candidates: list[Candidate], parent_mse: float) -> int | None:
    eligible = [i for i, c in enumerate(candidates) if c.eligible]
    if not eligible:
        return None
    top = max(candidates[i].score for i in eligible)
    return next(i for i in eligible if candidates[i].score >= top - TIE_TOLERANCE * parent_mse)
