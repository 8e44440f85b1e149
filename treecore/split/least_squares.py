"""The candidates of one regression node, for the explorer: every feature's best cut by squared
error (:mod:`treecore.measures.squared_error`) as a
:class:`~treecore.split.candidates.CandidateTable`, and the curve of every cut of one feature.

Li Hang's 算法 5.5 (最小二乘回归树生成) in its readable form: for each feature j, sort the node's
rows by x⁽ʲ⁾; for each cut s between neighbouring distinct values the two regions
R₁ = {x⁽ʲ⁾ ≤ s} and R₂ = {x⁽ʲ⁾ > s} predict their mean targets c₁, c₂, and the cut's loss is
Σ_{R₁} w(y − c₁)² + Σ_{R₂} w(y − c₂)²; the pair (j, s) of least loss is chosen. The growth engine
finds the same cut in compiled code; this module lays every cut out for a chart. With the
absolute error (:mod:`treecore.measures.absolute_error`) a node's candidates are the cuts leaving
the least Σ w|y − median| instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..data import Feature, Kind
from ..measures import absolute_error, cut_scan, kernels, squared_error
from ..measures.sorting import pack_order
from .candidates import TIE_TOLERANCE, Candidate, CandidateTable
from .proposals import FIGURES, Proposal, known_share, subset_labels
from .splitting import build_candidate


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

    # the loss curve a chart reads, whichever the criterion (:class:`AbsoluteCurve` too)
    loss = property(lambda self: self.sse, doc="The loss left after each cut: SSE(R₁) + SSE(R₂).")
    left_value = property(lambda self: self.left_mean, doc="What R₁ predicts: its mean.")
    right_value = property(lambda self: self.right_mean, doc="What R₂ predicts: its mean.")


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
    w_left, s_left = w[ends], s[ends]
    w_right, s_right = total_w - w_left, total_s - s_left
    sse = total_q - s_left ** 2 / w_left - s_right ** 2 / w_right
    parent = total_q - total_s ** 2 / total_w if total_w > 0 else 0.0
    return CutCurve(kernels.midpoints(values[ends], values[ends + 1]), np.maximum(sse, 0.0), w_left,
                    s_left / w_left, s_right / w_right, max(parent, 0.0), total_w)


@dataclass(frozen=True)
class AbsoluteCurve:
    """Every cut of one feature at one node by absolute error: its ``thresholds`` (midpoints),
    the absolute error left after each cut (``ae``, AE(R₁) + AE(R₂), each region's about its
    weighted median) and the two medians; ``parent_ae`` is the node's AE(D)."""

    thresholds: np.ndarray
    ae: np.ndarray
    left_median: np.ndarray
    right_median: np.ndarray
    parent_ae: float

    loss = property(lambda self: self.ae, doc="The loss left after each cut: AE(R₁) + AE(R₂).")
    left_value = property(lambda self: self.left_median, doc="What R₁ predicts: its median.")
    right_value = property(lambda self: self.right_median, doc="What R₂ predicts: its median.")


def absolute_curve(values: np.ndarray, y: np.ndarray, weights: np.ndarray) -> AbsoluteCurve:
    """The :class:`AbsoluteCurve` of one feature over the rows with a known value
    (:func:`treecore.measures.absolute_error.every_cut`: O(n log n) for the whole curve)."""
    values, y, weights = (np.asarray(a, float) for a in (values, y, weights))
    known = ~np.isnan(values)
    values, y, weights = values[known], y[known], weights[known]
    order = np.argsort(values, kind="mergesort")
    values = values[order]
    sides = absolute_error.every_cut(values, y[order], weights[order])
    ends = sides.ends
    return AbsoluteCurve(kernels.midpoints(values[ends], values[ends + 1]),
                         np.maximum(sides.left_error + sides.right_error, 0.0),
                         sides.left_median, sides.right_median, sides.total_error)


def node_candidates(X: np.ndarray, y: np.ndarray, weights: np.ndarray,
                    features: tuple[Feature, ...], *, min_samples_leaf: float = 1.0,
                    threshold_style: str = "midpoint", chosen: str | None = None,
                    criterion: str = "squared_error") -> CandidateTable:
    """The best split of each feature at a regression node (rows ``X``, targets ``y``,
    ``weights``), scored by squared error, in column order: a continuous feature's best cut
    (:func:`_best_cut`), a nominal feature's best two groups of values (:func:`_best_groups`).
    A feature with missing values is scored on the rows where it is known and its decrease
    scaled by their weight share ρ (Zhou 式 4.12, the decrease in place of the gain). The chosen
    candidate is the feature named ``chosen`` when given (the one growth chose), else the
    highest decrease, ties within a relative tolerance to the first feature. With
    ``criterion="absolute_error"`` each feature's split is the one leaving the least absolute
    error (:func:`_absolute_candidate`), on the known rows and ρ-scaled likewise."""
    scale = absolute_error.absolute_deviation(y, weights) / max(float(weights.sum()), 1e-300) \
        if criterion == "absolute_error" else squared_error.mse(*squared_error.sums(y, weights))
    candidates = []
    for j, feature in enumerate(features):
        candidate = _feature_candidate(j, feature, X[:, j], y, weights, min_samples_leaf,
                                       threshold_style, criterion)
        if candidate is not None:
            candidates.append(candidate)
    if chosen is not None:
        index = next((i for i, c in enumerate(candidates) if c.feature == chosen), None)
    else:
        index = _first_best(candidates, scale)
    return CandidateTable(tuple(candidates), criterion, float("nan"), index)


def forced_candidate(X: np.ndarray, y: np.ndarray, weights: np.ndarray,
                     features: tuple[Feature, ...], spec, *, min_samples_leaf: float = 1.0,
                     threshold_style: str = "midpoint") -> Candidate | None:
    """The split a user forces at a regression node: ``spec`` is a feature name (its best split
    here), ``(name, threshold)`` for a continuous feature or ``(name, labels)`` for the group of
    a nominal one (the other values form the second group). None when no such feature exists
    or none of its values is known here; a candidate that may not be used says why in its note."""
    name, given = (spec, None) if isinstance(spec, str) else spec
    j = next((j for j, f in enumerate(features) if f.name == name), None)
    if j is None:
        return None
    feature, values = features[j], X[:, j]
    if given is None:
        candidate = _feature_candidate(j, feature, values, y, weights, min_samples_leaf,
                                       threshold_style)
        return None if candidate is None else replace(candidate, forced=True)
    known = ~np.isnan(values)
    if not known.any():
        return None
    if feature.kind is Kind.CONTINUOUS:
        threshold = float(given)
        left = known & (values <= threshold)
        proposal_args = dict(threshold=threshold, midpoint=threshold)
        branches = None
    else:
        labels = [given] if isinstance(given, str) else [str(label) for label in given]
        subset = tuple(sorted(feature.labels.index(label) for label in labels
                              if label in feature.labels))
        left = known & np.isin(values, subset)
        proposal_args = dict(subset=subset)
        branches = subset_labels(feature, subset)
    sides = [squared_error.sums(y[part], weights[part]) for part in (left, known & ~left)]
    branch_sums = np.stack(sides)
    small = (branch_sums[:, squared_error.WEIGHT] < min_samples_leaf - TIE_TOLERANCE).any()
    note = "one side empty" if (branch_sums[:, squared_error.WEIGHT] <= 0).any() \
        else "leaf too small" if small else ""
    rho, missing_weight = known_share(weights, known)
    proposal = Proposal(j, branch_sums[:, :1], rho, missing_weight, branches, note=note,
                        forced=True, **proposal_args)
    return _candidate(proposal, feature, branch_sums)


def _feature_candidate(j: int, feature: Feature, values, y, weights, min_leaf: float,
                       threshold_style: str, criterion: str = "squared_error"
                       ) -> Candidate | None:
    """Feature j's best split over its known rows by the criterion, ρ-scaled (None: no split
    possible)."""
    known = ~np.isnan(values)
    rho, missing_weight = known_share(weights, known)
    if not known.all():
        values, y, weights = values[known], y[known], weights[known]
    if not len(values):
        return None
    if criterion == "absolute_error":
        return _absolute_candidate(j, feature, values, y, weights, min_leaf, threshold_style,
                                   rho, missing_weight)
    if feature.kind is Kind.CONTINUOUS:
        return _best_cut(j, feature, values, y, weights, squared_error.sums(y, weights),
                         min_leaf, threshold_style, rho, missing_weight)
    return _best_groups(j, feature, values.astype(np.int64), y, weights, min_leaf, rho,
                        missing_weight)


def _absolute_candidate(j: int, feature: Feature, values, y, weights, min_leaf: float,
                        threshold_style: str, rho: float, missing_weight: float
                        ) -> Candidate | None:
    """Feature j's split leaving the least absolute error over its known rows (``values``,
    ``y``, ``weights``): a continuous feature's cut
    (:func:`treecore.measures.absolute_error.best_cut`), a nominal feature's two groups of values
    (:func:`~treecore.measures.absolute_error.best_grouping`). Impurity after = (AE₁ + AE₂)/W of
    the known rows, decrease = MAE of those rows − impurity, scaled by their weight share ρ as
    the squared error's is; the branch values are the two medians."""
    ranks, sorted_y = absolute_error.target_ranks(y)
    sides = np.zeros((2, absolute_error.N_STATS))
    if feature.kind is Kind.CONTINUOUS:
        order = np.argsort(values, kind="mergesort")
        keys = values[order]
        unit = weights[:0] if np.all(weights == 1.0) else weights[order]
        status, end, known_error = absolute_error.best_cut(
            keys, y[order], unit, ranks[order], sorted_y, float(min_leaf), TIE_TOLERANCE, sides)
        lower, upper = (float(keys[end]), float(keys[end + 1])) if end >= 0 else (0.0, 0.0)
        midpoint = float(kernels.midpoint(lower, upper))
        split = dict(threshold=midpoint if threshold_style == "midpoint" else lower,
                     midpoint=midpoint)
        branches = None
    else:
        member = np.zeros(len(feature.labels), np.bool_)
        status, known_error = absolute_error.best_grouping(
            values.astype(np.int64), y, weights, ranks, sorted_y, len(feature.labels),
            float(min_leaf), TIE_TOLERANCE, sides, member)
        subset = tuple(np.flatnonzero(member).tolist())
        split, branches = dict(subset=subset), subset_labels(feature, subset)
    if status == cut_scan.NO_CUT:
        return None
    row = np.zeros(len(FIGURES))
    absolute_error.partition_figures(sides, known_error, row)
    figures = dict(zip(FIGURES, map(float, row)))
    figures["decrease"] *= rho
    figures["score"] *= rho
    proposal = Proposal(j, sides[:, :1], rho, missing_weight, branches,
                        note="" if status == cut_scan.BEST_CUT else "leaf too small", **split)
    return build_candidate(proposal, feature, figures,
                           tuple(float(m) for m in sides[:, absolute_error.MEDIAN]))


def shown_decrease(decrease: float, before: float) -> float:
    """A node's loss decrease (SSE, or AE) as a table shows it: 0 when it lies within
    :data:`~treecore.split.candidates.TIE_TOLERANCE` × the loss ``before`` of 0, where growth
    ties the cut with no decrease at all. Such a figure is the formula's rounding: a cut whose
    two means equal the node's gives MSE(D) − Σᵥ Wᵥ/W · MSE(Dᵛ) of about 10⁻¹⁷, not 0."""
    return 0.0 if abs(decrease) <= TIE_TOLERANCE * before else decrease


def _candidate(proposal: Proposal, feature: Feature, branch_sums: np.ndarray) -> Candidate:
    """The candidate of a regression proposal with its branch sums (W, S, Q) per branch: the
    figures of :func:`treecore.measures.squared_error.partition_figures` on the known rows, the
    decrease and score scaled by ρ."""
    row = squared_error.figures(branch_sums[None])[0]
    figures = dict(zip(FIGURES, map(float, row)))
    figures["decrease"] *= proposal.rho
    figures["score"] *= proposal.rho
    weights = np.maximum(branch_sums[:, squared_error.WEIGHT], 1e-300)
    means = tuple(float(m) for m in branch_sums[:, squared_error.SUM] / weights)
    return build_candidate(proposal, feature, figures, means)


def _best_cut(j: int, feature: Feature, values, y, weights, total, min_leaf: float,
              threshold_style: str, rho: float = 1.0, missing_weight: float = 0.0
              ) -> Candidate | None:
    order = np.argsort(values, kind="mergesort")
    keys = values[order]
    entries = np.empty((1, len(order)), np.int64)
    pack_order(order, values, entries[0])
    unit = weights[:0] if np.all(weights == 1.0) else weights
    status, at, left = np.zeros(1, np.int8), np.zeros(1, np.int64), np.zeros((1, 3))
    squared_error.best_cuts_of_entries(entries, 0, 1, 0, len(keys), y, unit, total,
                                       float(min_leaf), TIE_TOLERANCE, status, at, left,
                                       np.zeros(1))
    status, end, left = status[0], int(at[0]), left[0]
    if status == cut_scan.NO_CUT:
        return None
    branch_sums = np.stack([left, total - left])
    lower, upper = float(keys[end]), float(keys[end + 1])
    midpoint = float(kernels.midpoint(lower, upper))
    proposal = Proposal(j, branch_sums[:, :1], rho, missing_weight, None,
                        threshold=midpoint if threshold_style == "midpoint" else lower,
                        midpoint=midpoint,
                        note="" if status == cut_scan.BEST_CUT else "leaf too small")
    return _candidate(proposal, feature, branch_sums)


def _best_groups(j: int, feature: Feature, codes, y, weights, min_leaf: float, rho: float,
                 missing_weight: float) -> Candidate | None:
    """The best split of a nominal feature into two groups of values by squared error: the
    values ordered by their mean target and the best of the k − 1 cuts of that order
    (:func:`treecore.measures.squared_error.best_ordered_cut`, which says why that suffices; the cut
    a
    compiled engine takes too)."""
    ordered, level_sums = _ordered_values(codes, y, weights, len(feature.labels))
    pair = np.zeros((2, 3))
    status, at = squared_error.best_ordered_cut(
        level_sums, np.arange(len(ordered)), len(ordered), float(min_leaf), TIE_TOLERANCE, pair,
        np.zeros(len(kernels.FIGURE_COLUMNS)))
    if status == cut_scan.NO_CUT:
        return None
    subset = tuple(sorted(int(c) for c in ordered[:at + 1]))
    proposal = Proposal(j, pair[:, :1], rho, missing_weight, subset_labels(feature, subset),
                        subset=subset,
                        note="" if status == cut_scan.BEST_CUT else "leaf too small")
    return _candidate(proposal, feature, pair)


def _ordered_values(codes, y, weights, n_levels: int) -> tuple[np.ndarray, np.ndarray]:
    """The codes of the values present, in order of their mean target (ties: code order),
    and their sums (W, S, Q) in that order."""
    level = np.stack([np.bincount(codes, weights=weights, minlength=n_levels),
                      np.bincount(codes, weights=weights * y, minlength=n_levels),
                      np.bincount(codes, weights=weights * y * y, minlength=n_levels)], axis=1)
    order, means = np.empty(n_levels, np.int64), np.empty(n_levels)
    ordered = order[:squared_error.ordered_levels(level, order, means)]
    return ordered, level[ordered]


def _ordered_cuts(level_sums: np.ndarray, total: np.ndarray) -> np.ndarray:
    """(k − 1) cuts × 2 branches × (W, S, Q): the first i ordered values against the rest."""
    left = np.cumsum(level_sums, axis=0)[:-1]
    return np.stack([left, total - left], axis=1)


@dataclass(frozen=True)
class GroupCurve:
    """A nominal feature at a regression node, for a chart: the ``labels`` of the values with a
    known row, ordered by what their rows predict (``values``: by the squared error their mean
    target, by the absolute error their weighted median; with their ``weights``), and the loss
    each of the k − 1 cuts of that order leaves (``loss[i]``: the first i + 1 values against
    the rest; SSE(R₁) + SSE(R₂), or AE(R₁) + AE(R₂)); ``parent_loss`` is that of the node's
    known rows."""

    labels: tuple[str, ...]
    values: np.ndarray
    weights: np.ndarray
    loss: np.ndarray
    parent_loss: float


def group_curve(codes: np.ndarray, y: np.ndarray, weights: np.ndarray,
                labels: tuple[str, ...], criterion: str = "squared_error") -> GroupCurve:
    """The :class:`GroupCurve` of a nominal feature's codes (NaN: missing, left out)."""
    codes, y, weights = (np.asarray(a, float) for a in (codes, y, weights))
    known = ~np.isnan(codes)
    codes, y, weights = codes[known].astype(np.int64), y[known], weights[known]
    if criterion == "absolute_error":
        return _absolute_group_curve(codes, y, weights, labels)
    total = squared_error.sums(y, weights)
    ordered, level_sums = _ordered_values(codes, y, weights, len(labels))
    sse = [sum(squared_error.mse(*side) * side[squared_error.WEIGHT] for side in cut)
           for cut in _ordered_cuts(level_sums, total)] if len(ordered) > 1 else []
    weight = level_sums[:, squared_error.WEIGHT]
    return GroupCurve(tuple(labels[c] for c in ordered),
                      level_sums[:, squared_error.SUM] / weight, weight, np.asarray(sse, float),
                      squared_error.mse(*total) * total[squared_error.WEIGHT])


def _absolute_group_curve(codes, y, weights, labels: tuple[str, ...]) -> GroupCurve:
    """The values ordered by weighted median as
    :func:`treecore.measures.absolute_error.best_grouping` orders them, and each cut's
    AE(R₁) + AE(R₂) (:func:`treecore.measures.absolute_error.every_cut` over the rows grouped
    in that order, read where one value's rows end)."""
    ordered, medians, level_weight = absolute_error.median_order(codes, y, weights, len(labels))
    held = level_weight[codes] > 0                  # a value of no weight is in no group
    codes, y, weights = codes[held], y[held], weights[held]
    place = np.full(len(labels), len(labels))
    place[ordered] = np.arange(len(ordered))
    rows = np.argsort(place[codes], kind="mergesort")
    sides = absolute_error.every_cut(place[codes][rows], y[rows], weights[rows])
    return GroupCurve(tuple(labels[c] for c in ordered), medians[ordered],
                      level_weight[ordered], np.maximum(sides.left_error + sides.right_error, 0.0),
                      sides.total_error)


def _first_best(candidates: list[Candidate], parent_mse: float) -> int | None:
    eligible = [i for i, c in enumerate(candidates) if c.eligible]
    if not eligible:
        return None
    top = max(candidates[i].score for i in eligible)
    return next(i for i in eligible if candidates[i].score >= top - TIE_TOLERANCE * parent_mse)
