"""The split of one node as C4.5 release 8 chooses it, in Weka 3's J48 arithmetic.

Each attribute offers one split (Weka's ``C45Split``), then one of them is chosen
(``C45ModelSelection.selectModel``). With N the node's weighted rows, D̃ the rows whose value of
the attribute is known, ρ = |D̃|/N and M = ``min_samples_leaf``:

* **a nominal attribute** has one branch per declared value; it may split only if at least two
  branches hold ≥ M rows (``Distribution.check``; Quinlan 1993, ch. 2, "at least two of the
  subsets must contain a reasonable number of cases");
* **a numeric attribute** is cut in two between neighbouring sorted values a < b with
  a + 10⁻⁵ < b; each side must hold at least clamp(0.1·|D̃|/classes, M, 25) rows and at least
  twice that many rows (counted unweighted) must be known at all. Of the k cuts that pass, the
  one of highest gain is kept and its gain is charged the release-8 MDL penalty
  log₂(k)/N (Quinlan 1996, "Improved use of continuous attributes in C4.5", JAIR 4: 77–90). A
  corrected gain ≤ 0 withdraws the attribute. The cut is reported as a value of the training data,
  the largest one not above the midpoint (a+b)/2 (``C45Split.setSplitPoint``);
* **gain** is ρ·(Ent(D̃) − Σᵥ |D̃ᵛ|/|D̃|·Ent(D̃ᵛ)) and **split info** counts the unknown rows as one
  more outcome (Quinlan 1993, ch. 2 and 3; ``InfoGainSplitCrit``, ``GainRatioSplitCrit``); Weka
  computes both as sums of n·log₂n (:func:`weka_gain`, :func:`weka_split_info`), and so do we,
  so that ties break as Weka's do;
* **the choice**: the average gain is taken over the attributes that can split (nominal ones of
  ≥ 0.3·(training rows) values are left out unless every attribute is such); among attributes
  whose gain is ≥ average − 10⁻³ the highest gain ratio wins, the first in column order on a tie
  (within Weka's 10⁻⁶). A best gain ratio of 0 means no split.

Weka compares numbers within ``Utils.SMALL`` = 10⁻⁶ (``Utils.gr``, ``eq``, ``smOrEq``);
:data:`SMALL` keeps those comparisons here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from ..jit import njit

from ..data import Feature, Kind

#: Weka's ``Utils.SMALL``: two numbers closer than this are equal in every comparison.
SMALL = 1e-6
#: ``C45Split``: sorted values a, b are distinct cut neighbours only if a + 1e-5 < b.
DISTINCT = 1e-5
#: The numeric minimum per side is clamp(SIDE_SHARE · |D̃| / classes, M, SIDE_CAP).
SIDE_SHARE, SIDE_CAP = 0.1, 25.0
#: A nominal attribute with at least this share of the training rows as values is "many-valued".
MANY_VALUES = 0.3
#: Attributes within this much below the average gain still compete on gain ratio.
AVERAGE_SLACK = 1e-3


@njit(cache=True)
def n_log2_n(x: float) -> float:
    """x·log₂x, and 0 for x < 10⁻⁶ (``EntropyBasedSplitCrit.logFunc``)."""
    return 0.0 if x < SMALL else x * math.log(x) / math.log(2.0)


@njit(cache=True)
def weka_gain(branch_counts: np.ndarray, total_weight: float) -> float:
    """Information gain ρ·(Ent(D̃) − Σᵥ r̃ᵥ Ent(D̃ᵛ)) of (branches, classes) counts of the known
    rows, N = ``total_weight`` (unknown rows included), as ``InfoGainSplitCrit.splitCritValue``:

        ((1 − (N − |D̃|)/N) · (oldEnt − newEnt)) / |D̃|,
        oldEnt = |D̃|·log₂|D̃| − Σₖ nₖ·log₂nₖ,   newEnt = Σᵥ (|D̃ᵛ|·log₂|D̃ᵛ| − Σₖ nᵥₖ·log₂nᵥₖ),

    and 0 when the numerator is within 10⁻⁶ of 0 ("splits with no gain are useless")."""
    n_branches, n_classes = branch_counts.shape
    known, old, new = 0.0, 0.0, 0.0
    for c in range(n_classes):
        column = 0.0
        for b in range(n_branches):
            column += branch_counts[b, c]
            new -= n_log2_n(branch_counts[b, c])
        known += column
        old -= n_log2_n(column)
    old += n_log2_n(known)
    for b in range(n_branches):
        new += n_log2_n(branch_counts[b].sum())
    numerator = (1.0 - (total_weight - known) / total_weight) * (old - new)
    return 0.0 if abs(numerator) < SMALL else numerator / known


@njit(cache=True)
def weka_split_info(branch_weights: np.ndarray, total_weight: float) -> float:
    """Split info (IV) with the unknown rows as one more outcome, in bits per row
    (``GainRatioSplitCrit.splitEnt`` / N): (N·log₂N − Σᵥ |D̃ᵛ|·log₂|D̃ᵛ| − U·log₂U) / N."""
    known = branch_weights.sum()
    if known <= SMALL:
        return 0.0
    info = n_log2_n(total_weight) - n_log2_n(total_weight - known)
    for weight in branch_weights:
        info -= n_log2_n(weight)
    return info / total_weight


def weka_gain_ratio(gain: float, branch_weights: np.ndarray, total_weight: float) -> float:
    """gain / split info, and 0 for a trivial split (split info within 10⁻⁶ of 0)."""
    info = weka_split_info(branch_weights, total_weight)
    return 0.0 if abs(info * total_weight) < SMALL else gain / info


@njit(cache=True)
def sweep(v: np.ndarray, labels: np.ndarray, weights: np.ndarray, n_classes: int,
          side: float, total_weight: float, with_split_info: bool):
    """Every cut J48 weighs on the sorted known values ``v`` of a numeric attribute, in one
    sweep that shifts rows from the right bag to the left (``handleNumericAttribute``): the
    position i of each cut (between ``v[i]`` and ``v[i+1]``; neighbours closer than 10⁻⁵ are
    not cut apart), its gain, its split info (0 unless ``with_split_info``) and whether both
    sides hold at least ``side`` rows."""
    counts = np.zeros((2, n_classes))
    for i in range(len(v)):
        counts[1, labels[i]] += weights[i]
    known = counts[1].sum()
    at = np.empty(max(len(v) - 1, 0), np.int64)
    gain, info = np.zeros(len(at)), np.zeros(len(at))
    allowed = np.zeros(len(at), np.bool_)
    sides = np.empty(2)
    m = 0
    for i in range(len(v) - 1):
        counts[0, labels[i]] += weights[i]
        counts[1, labels[i]] -= weights[i]
        if not v[i] + DISTINCT < v[i + 1]:
            continue
        left = counts[0].sum()
        at[m] = i
        allowed[m] = left - side > -SMALL and known - left - side > -SMALL
        if allowed[m] or with_split_info:
            gain[m] = weka_gain(counts, total_weight)
        if with_split_info:
            sides[0], sides[1] = left, known - left
            info[m] = weka_split_info(sides, total_weight)
        m += 1
    return at[:m], gain[:m], info[:m], allowed[:m]


@njit(cache=True)
def best_cut(v: np.ndarray, labels: np.ndarray, weights: np.ndarray, n_classes: int,
             side: float, total_weight: float) -> tuple[int, int]:
    """(i, k) for the sorted known values ``v`` of a numeric attribute: the best cut is between
    ``v[i]`` and ``v[i+1]`` (−1 if none gains), k the number of cuts with at least ``side``
    rows each side (:func:`sweep`); a later cut must gain more than 10⁻⁶ over the best so
    far."""
    at, gain, _, allowed = sweep(v, labels, weights, n_classes, side, total_weight, False)
    best, chosen = 0.0, -1
    for m in range(len(at)):
        if allowed[m] and gain[m] - best > SMALL:
            best, chosen = gain[m], at[m]
    return chosen, int(allowed.sum())


@dataclass(frozen=True)
class Split:
    """One attribute's split at a node (a ``C45Split`` whose ``checkModel()`` holds).

    ``branch_counts`` are the weighted class counts of the known rows per branch; ``gain`` is
    MDL-corrected for a numeric attribute; ``midpoint`` is the chosen cut (a+b)/2 and ``n_cuts``
    the number of cuts that passed the size rule (the k of the penalty)."""

    feature_index: int
    branch_counts: np.ndarray
    total_weight: float
    gain: float
    gain_ratio: float
    midpoint: float | None = None
    n_cuts: int = 0


def nominal_split(codes: np.ndarray, y: np.ndarray, w: np.ndarray, j: int, n_levels: int,
                  n_classes: int, min_leaf: float) -> Split | None:
    """One branch per declared value (``handleEnumeratedAttribute``); None unless two branches
    hold ≥ M rows."""
    known = ~np.isnan(codes)
    flat = np.bincount(codes[known].astype(np.int64) * n_classes + y[known], weights=w[known],
                       minlength=n_levels * n_classes)
    counts = flat.reshape(n_levels, n_classes)
    if (counts.sum(axis=1) - min_leaf > -SMALL).sum() < 2:
        return None
    total = float(w.sum())
    gain = weka_gain(counts, total)
    return Split(j, counts, total, gain, weka_gain_ratio(gain, counts.sum(axis=1), total))


def threshold_split(values: np.ndarray, y: np.ndarray, w: np.ndarray, j: int, n_classes: int,
                    threshold: float) -> Split | None:
    """The cut x ≤ ``threshold`` | x > ``threshold`` a caller chose, scored like a searched one
    but without the MDL penalty (no cut was searched); None if a side holds no known row."""
    known = ~np.isnan(values)
    left, right = known & (values <= threshold), known & (values > threshold)
    counts = np.stack([np.bincount(y[left], w[left], n_classes),
                       np.bincount(y[right], w[right], n_classes)])
    if (counts.sum(axis=1) <= 0).any():
        return None
    total = float(w.sum())
    gain = weka_gain(counts, total)
    return Split(j, counts, total, gain, weka_gain_ratio(gain, counts.sum(axis=1), total))


@njit(cache=True)
def min_side(known_weight: float, n_classes: int, min_leaf: float) -> float:
    """The fewest rows each side of a numeric cut may hold: 0.1·|D̃|/classes, raised to M and
    capped at 25 (Quinlan 1993, ch. 2; ``C45Split.handleNumericAttribute``)."""
    side = SIDE_SHARE * known_weight / n_classes
    if side - min_leaf < SMALL:
        return min_leaf
    return SIDE_CAP if side - SIDE_CAP > SMALL else side


@njit(cache=True)
def numeric_cuts(X: np.ndarray, y: np.ndarray, w: np.ndarray, columns: np.ndarray,
                 n_classes: int, min_leaf: float):
    """For each numeric column of ``columns``: the values either side of its best cut, the
    number k of cuts that passed the size rule (0: no cut gains, or too few rows are known:
    fewer than twice the minimum per side, counted unweighted as Weka counts them) and the
    (2, classes) counts of the known rows either side."""
    m = len(columns)
    lower, upper = np.full(m, np.nan), np.full(m, np.nan)
    n_cuts = np.zeros(m, np.int64)
    counts = np.zeros((m, 2, n_classes))
    total = w.sum()
    for f in range(m):
        values = X[:, columns[f]]
        known = np.nonzero(~np.isnan(values))[0]
        order = known[np.argsort(values[known], kind="mergesort")]
        v, labels, weights = values[order], y[order], w[order]
        side = min_side(weights.sum(), n_classes, min_leaf)
        if len(v) - 2 * side < -SMALL:
            continue
        at, cuts = best_cut(v, labels, weights, n_classes, side, total)
        if at < 0:
            continue
        n_cuts[f], lower[f], upper[f] = cuts, v[at], v[at + 1]
        for i in range(len(v)):
            counts[f, 0 if i <= at else 1, labels[i]] += weights[i]
    return lower, upper, n_cuts, counts


def numeric_splits(X: np.ndarray, y: np.ndarray, w: np.ndarray, columns: list[int],
                   n_classes: int, min_leaf: float) -> list[Split | None]:
    """The best cut of each numeric attribute of ``columns``, MDL-corrected
    (``handleNumericAttribute``); None where too few rows are known, no cut leaves both sides
    large enough, or the corrected gain is ≤ 0."""
    lower, upper, n_cuts, counts = numeric_cuts(X, y, w, np.asarray(columns, np.int64),
                                                n_classes, float(min_leaf))
    total = float(w.sum())
    splits = []
    for f, j in enumerate(columns):
        gain = -np.inf
        if n_cuts[f]:
            gain = weka_gain(counts[f], total) - np.log2(n_cuts[f]) / total
        if gain <= SMALL:
            splits.append(None)
            continue
        midpoint = (lower[f] + upper[f]) / 2
        if midpoint == upper[f]:                 # no double between them: the smaller value
            midpoint = lower[f]
        splits.append(Split(j, counts[f], total, gain,
                            weka_gain_ratio(gain, counts[f].sum(axis=1), total),
                            midpoint=float(midpoint), n_cuts=int(n_cuts[f])))
    return splits


@dataclass(frozen=True)
class CutCurve:
    """Every cut J48 weighs on a numeric attribute at a node, for a chart: the sorted known
    values either side of each cut (``lower``, ``upper``; neighbours closer than 10⁻⁵ are not
    cut apart), whether the cut leaves the minimum per side (``allowed``; k of them), its gain
    charged the MDL penalty log₂(k)/N (``gain``) and that gain over the split info
    (``gain_ratio``), and ``best``, the cut J48 keeps (the first of highest gain among the
    allowed ones, as :func:`best_cut`), None if none gains (:func:`sweep` gives each cut)."""

    lower: np.ndarray
    upper: np.ndarray
    allowed: np.ndarray
    gain: np.ndarray
    gain_ratio: np.ndarray
    best: int | None


def cut_curve(values: np.ndarray, y: np.ndarray, w: np.ndarray, n_classes: int,
              min_leaf: float) -> CutCurve:
    """The :class:`CutCurve` of one numeric attribute over a node's rows (NaN: unknown)."""
    known = np.flatnonzero(~np.isnan(values))
    order = known[np.argsort(values[known], kind="mergesort")]
    v, labels, weights = values[order], y[order], w[order]
    total = float(w.sum())
    side = min_side(float(weights.sum()), n_classes, float(min_leaf))
    at, gain, info, allowed = sweep(v, labels.astype(np.int64), weights, n_classes, side, total,
                                    True)
    if len(v) - 2 * side < -SMALL:                     # too few known rows to cut at all
        allowed[:] = False
    n_cuts = int(allowed.sum())
    corrected = gain - (np.log2(n_cuts) / total if n_cuts else 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(np.abs(info * total) < SMALL, 0.0, corrected / info)
    best = first_greater(np.where(allowed, gain, -np.inf), 0.0) if n_cuts else None
    if best is not None and corrected[best] <= SMALL:  # the attribute withdraws
        best = None
    return CutCurve(v[at], v[at + 1], allowed, corrected, ratio, best)


def first_greater(values: np.ndarray, start: float) -> int | None:
    """The index a scan keeps that replaces its best only by a value more than 10⁻⁶ greater
    (``if (Utils.gr(value, best))``), starting from ``start``; None if nothing beats it."""
    best, at, offset = start, None, 0
    values = np.asarray(values, dtype=float)
    while True:
        beats = np.flatnonzero(values[offset:] - best > SMALL)
        if len(beats) == 0:
            return at
        at = offset + int(beats[0])
        best, offset = values[at], at + 1


def averaged_features(features: tuple[Feature, ...], n_training_rows: int) -> np.ndarray:
    """Which attributes the average gain is taken over: numeric ones, and nominal ones with
    fewer than 0.3 × (training rows) values, unless every attribute is nominal with that many
    values (then all of them; ``C45ModelSelection``'s ``multiVal``)."""
    few = np.array([f.kind is Kind.CONTINUOUS or len(f.labels) < MANY_VALUES * n_training_rows
                    for f in features])
    return few if few.any() else np.ones(len(features), bool)


def attribute_splits(X: np.ndarray, y: np.ndarray, w: np.ndarray,
                     features: tuple[Feature, ...], n_classes: int,
                     min_leaf: float) -> list[Split | None]:
    """Every attribute's split at the node with rows ``X``, ``y``, weights ``w``."""
    numeric = [j for j, f in enumerate(features) if f.kind is Kind.CONTINUOUS]
    found = dict(zip(numeric, numeric_splits(X, y, w, numeric, n_classes, min_leaf)))
    return [found[j] if j in found else
            nominal_split(X[:, j], y, w, j, len(feature.labels), n_classes, min_leaf)
            for j, feature in enumerate(features)]


def choose(splits: list[Split | None], averaged: np.ndarray) -> tuple[int | None, float]:
    """(index of the chosen split or None, the average gain): the highest gain ratio among the
    splits whose gain is ≥ average − 10⁻³, first on a tie; None if that ratio is 0."""
    counted = [s.gain for s, a in zip(splits, averaged) if s is not None and a]
    if not counted:
        return None, 0.0
    average = sum(counted) / len(counted)
    ratios = np.array([s.gain_ratio if s is not None and s.gain >= average - AVERAGE_SLACK
                       else -np.inf for s in splits])
    return first_greater(ratios, 0.0), average


def data_threshold(sorted_values: np.ndarray, midpoint: float) -> float:
    """The largest training value not above ``midpoint`` (within 10⁻⁶), over all training rows
    (``C45Split.setSplitPoint``): the cut as Quinlan's program prints it."""
    at = int(np.searchsorted(sorted_values, midpoint + SMALL, side="left")) - 1
    return float(sorted_values[at])
