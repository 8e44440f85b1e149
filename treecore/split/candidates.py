"""Split candidates and the table of them at one node, with the deterministic choice of the best.

A :class:`Candidate` is a complete description of one split: which feature, how rows are routed
(threshold, value subset, or one branch per value), the weighted class counts of each branch, and
every figure a textbook prints for it. A chosen candidate is stored on its tree node as the
node's split, so views never need the training rows to explain it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator

import numpy as np

from ..data import Kind

#: Two scores closer than this are a tie (exact ties in the books, e.g. Gain(脐部) = Gain(色泽),
#: differ in the last bits of floating point).
TIE_TOLERANCE = 1e-9


def assemble(cls, **fields):
    """An instance of the frozen dataclass ``cls`` from every one of its fields, already of the
    right types, without the generated ``__init__`` (which sets each field through
    ``object.__setattr__``): several times faster where a tree makes tens of thousands of
    nodes and splits at once. Equal to ``cls(**fields)``."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


@dataclass(frozen=True)
class Candidate:
    """One way to split a node on one feature.

    Routing (:meth:`branch_index`): a continuous feature sends ``x <= threshold`` to branch 0 and
    the rest to branch 1; a binary nominal split sends the codes in ``subset`` to branch 0; a
    multiway split has one branch per code in ``branch_codes``.

    Figures, all on the rows with a known value and scaled by ``rho`` where the books scale:
    ``gain`` (information gain), ``split_info`` (IV), ``gain_ratio``, ``gini`` (Gini index after
    the split), ``error`` (misclassification error after the split), ``impurity`` (the criterion's
    impurity after the split), ``decrease`` (ρ × the criterion's impurity decrease) and ``score``
    (what the criterion maximises). ``eligible`` is False with a ``note`` when the candidate may
    not be chosen (leaf too small, C4.5's below-average gain).

    A split of a regression node carries each branch's weight as its ``branch_counts`` (one
    column) and the mean target of each branch in ``branch_values``; its figures are the
    squared error's (``impurity``, ``decrease``, ``score``), the classification ones are 0.
    """

    feature: str
    feature_index: int
    kind: Kind
    branches: tuple[str, ...]
    branch_counts: tuple[tuple[float, ...], ...]
    rho: float
    gain: float
    split_info: float
    gain_ratio: float
    gini: float
    error: float
    impurity: float
    decrease: float
    score: float
    threshold: float | None = None
    midpoint: float | None = None
    subset: tuple[int, ...] | None = None
    branch_codes: tuple[int, ...] | None = None
    eligible: bool = True
    note: str = ""
    forced: bool = False
    branch_values: tuple[float, ...] | None = None

    @property
    def n_branches(self) -> int:
        return len(self.branches)

    @property
    def branch_weights(self) -> np.ndarray:
        """Weighted number of rows with a known value in each branch."""
        return np.asarray(self.branch_counts, dtype=float).sum(axis=1)

    @property
    def branch_fractions(self) -> np.ndarray:
        """r̃ᵥ: each branch's share of the known weight (Zhou 式 4.9), used to distribute rows
        whose value is missing, in training and in prediction."""
        weights = self.branch_weights
        total = weights.sum()
        return weights / total if total > 0 else np.full(len(weights), 1.0 / len(weights))

    def branch_index(self, values: np.ndarray) -> np.ndarray:
        """The branch of each encoded value; −1 where the value is missing."""
        values = np.asarray(values, dtype=float)
        known = ~np.isnan(values)
        out = np.full(values.shape, -1, dtype=np.int64)
        if self.kind is Kind.CONTINUOUS:
            out[known] = (values[known] > self.threshold).astype(np.int64)
        elif self.subset is not None:
            out[known] = np.where(np.isin(values[known], self.subset), 0, 1)
        else:
            codes = np.asarray(self.branch_codes, dtype=np.int64)
            lookup = np.full(codes.max() + 2, -1, dtype=np.int64)
            lookup[codes] = np.arange(len(codes))
            known_codes = values[known].astype(np.int64)
            out[known] = lookup[np.where(known_codes <= codes.max(), known_codes, -1)]
        return out

    def split_rows(self, X: np.ndarray, rows: np.ndarray, weights: np.ndarray,
                   fractions: np.ndarray | None = None) -> list[tuple[np.ndarray, np.ndarray]]:
        """(rows, weights) of each branch. A row whose value is missing goes down every branch
        with its weight × r̃ᵥ (Zhou §4.4.2; ``fractions`` defaults to :attr:`branch_fractions`);
        a branch with r̃ᵥ = 0 gets none of it."""
        fractions = self.branch_fractions if fractions is None else fractions
        branch = self.branch_index(X[rows, self.feature_index])
        unknown = branch < 0
        parts = []
        for b, fraction in enumerate(fractions):
            mine = branch == b
            extra = unknown & (fraction > 0)
            parts.append((np.concatenate([rows[mine], rows[extra]]),
                          np.concatenate([weights[mine], weights[extra] * fraction])))
        return parts

    def describe(self) -> str:
        """The test in words, e.g. ``密度 ≤ 0.381`` or ``纹理 = ?``."""
        if self.kind is Kind.CONTINUOUS:
            return f"{self.feature} ≤ {self.threshold:.6g}"
        if self.subset is not None:
            return f"{self.feature} {self.branches[0]}"
        return f"{self.feature} = ?"

    def as_record(self) -> dict:
        """The candidate's figures as a flat dict (one row of a display table)."""
        return {"feature": self.feature, "kind": self.kind.value, "test": self.describe(),
                "threshold": self.threshold, "gain": self.gain, "split_info": self.split_info,
                "gain_ratio": self.gain_ratio, "gini": self.gini, "error": self.error,
                "impurity": self.impurity, "rho": self.rho, "score": self.score,
                "eligible": self.eligible, "note": self.note}


@dataclass(frozen=True)
class CandidateTable:
    """The best candidate of each feature at one node, in column order, plus the choice.

    Index it by feature name or position. ``average_gain`` is the mean information gain over the
    feature candidates that could be chosen (C4.5's filter compares against it).
    """

    candidates: tuple[Candidate, ...]
    criterion: str
    average_gain: float = 0.0
    chosen_index: int | None = field(default=None)

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self.candidates)

    def __len__(self) -> int:
        return len(self.candidates)

    def __getitem__(self, key: str | int) -> Candidate:
        if isinstance(key, str):
            for candidate in self.candidates:
                if candidate.feature == key:
                    return candidate
            raise KeyError(f"no candidate for feature {key!r}")
        return self.candidates[key]

    def __contains__(self, feature: str) -> bool:
        return any(c.feature == feature for c in self.candidates)

    @property
    def features(self) -> tuple[str, ...]:
        return tuple(c.feature for c in self.candidates)

    def table(self) -> "CandidateTable":
        """The table itself: a finished table serves wherever scores that build one do."""
        return self

    def best(self) -> Candidate | None:
        """The chosen candidate: the highest score among the eligible ones; ties (within
        ``TIE_TOLERANCE``) go to the first feature in column order. None when nothing is eligible.
        """
        return None if self.chosen_index is None else self.candidates[self.chosen_index]

    def chosen(self) -> Candidate | None:
        """:meth:`best`, under the name scores answer to (a table serves wherever they do)."""
        return self.best()

    def to_records(self) -> list[dict]:
        """One dict per candidate with a ``chosen`` flag, for a display table."""
        return [{**c.as_record(), "chosen": i == self.chosen_index}
                for i, c in enumerate(self.candidates)]


def choose_index(gains, scores, eligible, criterion) -> tuple[int | None, float, np.ndarray]:
    """The criterion's selection rule over parallel arrays of candidates.

    Returns (index of the chosen candidate or None, average gain of the eligible candidates,
    mask of those filtered out for a gain below that average). ``gains`` may be None when the
    criterion has no average-gain filter (the average is then NaN). With Quinlan's heuristic
    (``criterion.average_gain_filter``) only candidates whose gain is at least the average gain
    compete on gain ratio (Zhou §4.2.2: 先从候选划分属性中找出信息增益高于平均水平的属性，再从中选择
    增益率最高的). The highest score wins; ties within ``TIE_TOLERANCE`` go to the first candidate
    (the first feature in column order).
    """
    scores, eligible = np.asarray(scores, float), np.asarray(eligible, bool)
    average, below = float("nan"), np.zeros(len(eligible), bool)
    if gains is not None:
        gains = np.asarray(gains, float)
        average = float(gains[eligible].mean()) if eligible.any() else 0.0
        if criterion.average_gain_filter:
            below = eligible & (gains < average - TIE_TOLERANCE)
    return first_best(scores, eligible & ~below), average, below


def first_best(values: np.ndarray, allowed: np.ndarray) -> int | None:
    """Index of the highest value among ``allowed``; ties within ``TIE_TOLERANCE`` go to the
    first (lowest) index. None when nothing is allowed."""
    if not allowed.any():
        return None
    top = values[allowed].max()
    return int(np.flatnonzero(allowed & (values >= top - TIE_TOLERANCE))[0])


def choose(candidates: tuple[Candidate, ...], criterion) -> CandidateTable:
    """Apply the criterion's selection rule (:func:`choose_index`) to built candidates."""
    index, average, below = choose_index([c.gain for c in candidates],
                                         [c.score for c in candidates],
                                         [c.eligible for c in candidates], criterion)
    marked = tuple(replace(c, eligible=False, note="gain below average") if low else c
                   for c, low in zip(candidates, below))
    return CandidateTable(marked, criterion.name, average, index)
