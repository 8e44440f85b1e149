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

from dataclasses import dataclass

import numpy as np

from ..dataset import Feature, Kind

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


def n_log2_n(x: np.ndarray) -> np.ndarray:
    """x·log₂x, and 0 for x < 10⁻⁶ (``EntropyBasedSplitCrit.logFunc``)."""
    x = np.asarray(x, dtype=float)
    safe = np.where(x < SMALL, 1.0, x)
    return np.where(x < SMALL, 0.0, safe * np.log(safe) / np.log(2.0))


def weka_gain(branch_counts: np.ndarray, total_weight: float) -> np.ndarray:
    """Information gain ρ·(Ent(D̃) − Σᵥ r̃ᵥ Ent(D̃ᵛ)) of (…, branches, classes) counts of known rows,
    N = ``total_weight`` (unknown rows included), as ``InfoGainSplitCrit.splitCritValue``:

        ((1 − (N − |D̃|)/N) · (oldEnt − newEnt)) / |D̃|,
        oldEnt = |D̃|·log₂|D̃| − Σₖ nₖ·log₂nₖ,   newEnt = Σᵥ (|D̃ᵛ|·log₂|D̃ᵛ| − Σₖ nᵥₖ·log₂nᵥₖ),

    and 0 when the numerator is within 10⁻⁶ of 0 ("splits with no gain are useless")."""
    counts = np.asarray(branch_counts, dtype=float)
    parent = counts.sum(axis=-2)
    known = parent.sum(axis=-1)
    old = n_log2_n(known) - n_log2_n(parent).sum(axis=-1)
    new = (n_log2_n(counts.sum(axis=-1)) - n_log2_n(counts).sum(axis=-1)).sum(axis=-1)
    numerator = (1.0 - (total_weight - known) / total_weight) * (old - new)
    return np.where(np.abs(numerator) < SMALL, 0.0, numerator / np.where(known > 0, known, 1.0))


def weka_split_info(branch_weights: np.ndarray, total_weight: float) -> float:
    """Split info (IV) with the unknown rows as one more outcome, in bits per row
    (``GainRatioSplitCrit.splitEnt`` / N): (N·log₂N − Σᵥ |D̃ᵛ|·log₂|D̃ᵛ| − U·log₂U) / N."""
    weights = np.asarray(branch_weights, dtype=float)
    unknown = total_weight - weights.sum()
    if weights.sum() <= SMALL:
        return 0.0
    return float((n_log2_n(total_weight) - n_log2_n(weights).sum() - n_log2_n(unknown))
                 / total_weight)


def weka_gain_ratio(gain: float, branch_weights: np.ndarray, total_weight: float) -> float:
    """gain / split info, and 0 for a trivial split (split info within 10⁻⁶ of 0)."""
    info = weka_split_info(branch_weights, total_weight)
    return 0.0 if abs(info * total_weight) < SMALL else gain / info


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
    gain = float(weka_gain(counts, total))
    return Split(j, counts, total, gain, weka_gain_ratio(gain, counts.sum(axis=1), total))


def numeric_split(values: np.ndarray, y: np.ndarray, w: np.ndarray, j: int, n_classes: int,
                  min_leaf: float) -> Split | None:
    """The best cut of a numeric attribute, MDL-corrected (``handleNumericAttribute``); None
    when too few rows are known, no cut leaves both sides large enough, or the corrected gain
    is ≤ 0."""
    known = ~np.isnan(values)
    order = np.argsort(values[known], kind="stable")
    v, labels, weights = values[known][order], y[known][order], w[known][order]
    known_weight = float(weights.sum())
    side = min_side(known_weight, n_classes, min_leaf)
    if len(v) < 2 * side - SMALL:                # Weka counts these rows, unweighted
        return None
    onehot = np.zeros((len(v), n_classes))
    onehot[np.arange(len(v)), labels] = weights
    left = np.cumsum(onehot, axis=0)[:-1]        # left[i]: rows 0..i on the left
    cuts = np.flatnonzero(v[:-1] + DISTINCT < v[1:])
    left = left[cuts]
    left_weight = left.sum(axis=1)
    large = (left_weight - side > -SMALL) & (known_weight - left_weight - side > -SMALL)
    cuts, left = cuts[large], left[large]
    if len(cuts) == 0:
        return None
    total = float(w.sum())
    branch_counts = np.stack([left, onehot.sum(axis=0) - left], axis=1)
    at = first_greater(weka_gain(branch_counts, total), 0.0)
    gain = -np.log2(len(cuts)) / total
    if at is not None:
        gain += float(weka_gain(branch_counts[at], total))
    if gain <= SMALL:
        return None
    counts = branch_counts[at]
    midpoint = (v[cuts[at]] + v[cuts[at] + 1]) / 2
    if midpoint == v[cuts[at] + 1]:              # no double between them: the smaller value
        midpoint = v[cuts[at]]
    return Split(j, counts, total, gain, weka_gain_ratio(gain, counts.sum(axis=1), total),
                 midpoint=float(midpoint), n_cuts=len(cuts))


def min_side(known_weight: float, n_classes: int, min_leaf: float) -> float:
    """The fewest rows each side of a numeric cut may hold: 0.1·|D̃|/classes, raised to M and
    capped at 25 (Quinlan 1993, ch. 2; ``C45Split.handleNumericAttribute``)."""
    side = SIDE_SHARE * known_weight / n_classes
    if side - min_leaf < SMALL:
        return min_leaf
    return SIDE_CAP if side - SIDE_CAP > SMALL else side


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
    return [numeric_split(X[:, j], y, w, j, n_classes, min_leaf)
            if feature.kind is Kind.CONTINUOUS else
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
