"""The Forests & boosting page's ensembles: fitted on the session's rows, cached, and read
through one small adaptor (:class:`Grown`) so the page never touches a model's internals.

Every number comes from treecore's estimators (:mod:`treecore.ensemble`), fitted on the
training :class:`~treecore.Dataset` as the app encoded it. The curves are computed once per fit:
the error (or mean squared error) of the first t members on the training and validation rows
for every t, the out-of-bag error of a forest, and one tree grown with the members' limits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import islice
from typing import Iterator

import numpy as np
import streamlit as st

from treecore import Dataset, Tree, TreecoreError, grow
from treecore.ensemble import (AdaBoostClassifier, GradientBoostingClassifier,
                               GradientBoostingRegressor, RandomForestClassifier,
                               RandomForestRegressor)
from treecore.inspection import permutation_importance

#: Gradient boosting's shrinkage ν offered by the page.
LEARNING_RATES = (0.01, 0.05, 0.1, 0.2, 0.5, 1.0)
#: What a fit may raise on the user's data (shown with ``ui.i18n.error_text``).
FIT_ERRORS = (TreecoreError, ValueError)
#: Threads a forest grows on (this machine's two cores).
FOREST_THREADS = 2
#: Repeats of the permutation test.
PERMUTATION_REPEATS = 5

ESTIMATORS = {("forest", "classification"): RandomForestClassifier,
              ("forest", "regression"): RandomForestRegressor,
              ("adaboost", "classification"): AdaBoostClassifier,
              ("gbdt", "classification"): GradientBoostingClassifier,
              ("gbdt", "regression"): GradientBoostingRegressor}


def truth(data: Dataset) -> np.ndarray:
    """The rows' targets as the estimators return predictions: class labels, or numbers."""
    return data.y if data.is_regression else np.asarray(list(data.classes))[data.y]


def errors(data: Dataset, staged: Iterator[np.ndarray]) -> np.ndarray:
    """The error of each staged prediction on ``data``: the share of wrong classes, or the
    mean squared error of a number (weighted by the rows' weights)."""
    target, weights = truth(data), data.weights
    if data.is_regression:
        return np.array([np.average((p - target) ** 2, weights=weights) for p in staged])
    return np.array([np.average(p != target, weights=weights) for p in staged])


@dataclass(frozen=True, eq=False)
class Grown:
    """A fitted ensemble with the figures the page draws (rounds are 1-based here)."""

    kind: str
    model: object
    train: Dataset
    validation: Dataset | None
    curves: dict[str, np.ndarray] = field(default_factory=dict)
    single: dict[str, float] = field(default_factory=dict)

    @property
    def is_regression(self) -> bool:
        return self.train.is_regression

    @property
    def n_rounds(self) -> int:
        return len(self.model.estimators_)

    @property
    def classes(self) -> list:
        return list(self.model.classes_) if hasattr(self.model, "classes_") else []

    def member(self, t: int) -> Tree:
        """Member t (the first tree of round t when a round grows one per class)."""
        member = self.model.estimators_[t - 1]
        member = member[0] if isinstance(member, np.ndarray) else member
        return member if isinstance(member, Tree) else member.tree_

    # ------------------------------------------------------------------ what member t saw
    def bootstrap_counts(self, t: int) -> np.ndarray:
        """How often each training row is in tree t's bootstrap sample."""
        return self.model.bootstrap_counts(t - 1)

    def feature_subsets(self, t: int) -> dict[int, tuple[str, ...]]:
        return self.model.feature_subsets(t - 1)

    def round_weights(self, t: int) -> tuple[np.ndarray, np.ndarray]:
        """AdaBoost's uᵗ (Σ = 1) and which rows gₜ misclassifies."""
        weights = next(islice(self.model.staged_sample_weights(), t - 1, None))
        return weights, self.model.misclassified_[t - 1]

    def round_figures(self, t: int) -> tuple[float, float]:
        """AdaBoost's εₜ and αₜ."""
        return (float(self.model.estimator_errors_[t - 1]),
                float(self.model.estimator_weights_[t - 1]))

    def residuals(self, t: int) -> tuple[np.ndarray, np.ndarray]:
        """Gradient boosting's round t on the training rows: the tree's output gₜ(x) (its
        leaf values) and the residuals it was fitted to (the first class's for several)."""
        model, data = self.model, self.train
        tree, values = model.estimators_[t - 1, 0], model.leaf_values_[t - 1, 0]
        residuals = model.residuals(data, truth(data), t - 1)
        residuals = residuals if residuals.ndim == 1 else residuals[:, 0]
        return values[tree.apply(data.X)], residuals

    def step_size(self, t: int) -> float:
        """The seed's αₜ of round t."""
        return float(self.model.step_sizes_[t - 1, 0])

    @cached_property
    def importances(self) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
        """(feature names, impurity importances, permutation importances, their spread over
        the repeats), the permutation test run on the validation rows (the training rows when
        there are none); computed once per fitted ensemble."""
        rows = self.validation if self.validation is not None else self.train
        result = permutation_importance(self.model, rows, truth(rows),
                                        n_repeats=PERMUTATION_REPEATS, random_state=0)
        return (list(rows.feature_names), self.model.feature_importances_,
                result.importances_mean, result.importances_std)

    # ------------------------------------------------------------------ one row
    def staged_row(self, data: Dataset, row: int) -> np.ndarray:
        """Row ``row`` of ``data`` after each round (rounds × width): a forest's vote shares
        per class (or mean value), a boosted model's running score sₜ(x)."""
        one = data.subset([row])
        if self.kind == "forest":
            return np.cumsum(member_outputs(self.model, one)[:, 0], axis=0) / np.arange(
                1, self.n_rounds + 1)[:, None]
        staged = (self.model.staged_predict(one) if self.is_regression
                  else self.model.staged_decision_function(one))
        return np.array([np.atleast_1d(np.asarray(s, dtype=float)[0]) for s in staged])


def member_outputs(model, data: Dataset) -> np.ndarray:
    """Each forest member's output on the rows (members × rows × width): class probabilities
    in ``classes_`` order, or values."""
    if hasattr(model, "classes_"):
        return np.stack([m.predict_proba(data) for m in model.estimators_])
    return np.stack([m.predict(data)[:, None] for m in model.estimators_])


def staged(model, kind: str, data: Dataset) -> Iterator[np.ndarray]:
    """The ensemble's predictions on ``data`` after each round."""
    if kind != "forest":
        yield from model.staged_predict(data)
        return
    running = np.cumsum(member_outputs(model, data), axis=0)
    for t, total in enumerate(running, start=1):
        yield total[:, 0] / t if data.is_regression else model.classes_[total.argmax(axis=1)]


def single_tree(train: Dataset, params: dict) -> Tree:
    """One CART tree with the members' limits, on every training row and feature."""
    return grow(train, algorithm="cart", max_depth=params.get("max_depth"),
                min_samples_leaf=params.get("min_samples_leaf", 1))


def fit(kind: str, params: dict, train: Dataset, validation: Dataset | None) -> Grown:
    """Fit the ensemble ``kind`` with ``params`` on ``train`` and compute its curves."""
    estimator = ESTIMATORS[kind, train.schema.task]
    extra = {"oob_score": True, "n_jobs": FOREST_THREADS} if kind == "forest" else {}
    model = estimator(**params, **extra).fit(train, None)
    curves = {"train": errors(train, staged(model, kind, train))}
    if validation is not None:
        curves["validation"] = errors(validation, staged(model, kind, validation))
    if kind == "forest":
        curves["oob"] = np.asarray(model.oob_error_curve_, dtype=float)
    tree = single_tree(train, params)
    single = {"train": errors(train, iter([tree.predict(train.X)]))[0]}
    if validation is not None:
        single["validation"] = errors(validation, iter([tree.predict(validation.X)]))[0]
    return Grown(kind, model, train, validation, curves, single)


@st.cache_resource(show_spinner=False, max_entries=8)
def _cached_fit(kind: str, params: tuple, fingerprints: tuple, _train: Dataset,
                _validation: Dataset | None) -> Grown:
    return fit(kind, dict(params), _train, _validation)


def cached_fit(kind: str, params: dict, train: Dataset, validation: Dataset | None) -> Grown:
    """:func:`fit`, cached on the kind, the parameters and the rows' fingerprints."""
    fingerprints = (train.fingerprint(), None if validation is None else validation.fingerprint())
    return _cached_fit(kind, tuple(sorted(params.items())), fingerprints, train, validation)
