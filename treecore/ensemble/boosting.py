"""What AdaBoost and gradient boosting share: an additive model, grown round by round.

Both boost by the same plan (Zhou 《机器学习》 §8.2 式 8.4; Li Hang 《统计学习方法》 §8.3.1 式 8.6,
the 加法模型 of 前向分步算法): the model after round t is

    F_t(x) = F_0(x) + Σ_{s ≤ t} f_s(x),

a start F_0 (zero for AdaBoost, a constant for gradient boosting) plus one term per round, each
term a member tree's output scaled by its weight (AdaBoost's αₜ gₜ(x), gradient boosting's
η gₜ(x)). :class:`BoostedEnsemble` holds what follows from that alone: the caller's rows are
encoded once (by :class:`~treecore.estimators.classifier.FittedRows`, the single trees' encoder),
and the running sums F_1(x) … F_T(x) come out one round at a time
(:meth:`BoostedEnsemble._staged_raw`), which is all that ``staged_predict``, ``staged_score`` and a
row's running sum read. A subclass says what F_0 and round t's term are (:meth:`_initial_raw`,
:meth:`_round_raw`), as arrays of shape (rows, K): one column per class score, or a single column.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..data import Schema
from ..errors import ConfigError
from ..estimators.classifier import FittedRows


class BoostedEnsemble(FittedRows):
    """An additive model of member trees: ``estimators_`` (one entry, or one row of K trees,
    per round) is set by ``fit``; every member is grown on the same encoded features."""

    #: The score of one stage's predictions, as ``score`` reads it (accuracy or R²).
    _stage_metric = None

    def _fitted_schema(self) -> Schema:
        if not hasattr(self, "estimators_"):
            raise self._not_fitted()
        return np.ravel(self.estimators_)[0].schema    # the members share the features

    @property
    def n_rounds_(self) -> int:
        """How many rounds were grown (AdaBoost may stop before ``n_estimators``)."""
        if not hasattr(self, "estimators_"):
            raise self._not_fitted()
        return len(self.estimators_)

    def _initial_raw(self, n_rows: int) -> np.ndarray:
        """F_0 for ``n_rows`` rows, shape (n_rows, K)."""
        raise NotImplementedError

    def _round_raw(self, t: int, encoded: np.ndarray) -> np.ndarray:
        """Round t's term f_t (t from 0) for encoded rows, shape (rows, K)."""
        raise NotImplementedError

    def _staged_raw(self, X) -> Iterator[np.ndarray]:
        """F_1(x), F_2(x), …, F_T(x) for the rows ``X`` (encoded once), each a new array."""
        encoded = self._encoded(X)
        raw = self._initial_raw(len(encoded))
        for t in range(self.n_rounds_):
            raw = raw + self._round_raw(t, encoded)
            yield raw

    def _raw(self, X) -> np.ndarray:
        """F_T(x): the whole model's sum for the rows ``X``."""
        encoded = self._encoded(X)
        raw = self._initial_raw(len(encoded))
        for t in range(self.n_rounds_):
            raw += self._round_raw(t, encoded)
        return raw

    def staged_predict(self, X) -> Iterator[np.ndarray]:
        """The predictions after round 1, 2, …, T (a generator, as scikit-learn's)."""
        raise NotImplementedError

    def staged_score(self, X, y, sample_weight=None) -> Iterator[float]:
        """``score`` after round 1, 2, …, T: accuracy for a classifier, R² for a regressor (the
        training and validation curves against the number of rounds)."""
        for prediction in self.staged_predict(X):
            yield type(self)._stage_metric(y, prediction, sample_weight)


def check_count(name: str, value) -> None:
    """A parameter that counts something (rounds, trees) must be an integer ≥ 1."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ConfigError(f"{name} must be an integer ≥ 1, got {value!r}")


def softmax(scores: np.ndarray) -> np.ndarray:
    """exp(scores) / Σₖ exp(scoresₖ) along each row (shifted by the row's largest score, which
    changes nothing but keeps exp from overflowing)."""
    shifted = np.exp(scores - scores.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def class_positions(classes: np.ndarray, schema: Schema) -> np.ndarray:
    """Where each of ``schema``'s classes (first-seen order, the order of the trees' class
    codes) stands in the sorted ``classes`` (scikit-learn's ``classes_``)."""
    return np.searchsorted(classes, np.asarray(schema.classes, dtype=classes.dtype))
