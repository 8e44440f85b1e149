"""The Forests & boosting page's ensembles: fitted on the session's rows, cached, and read
through one small adaptor (:class:`Grown`) so the page never touches a model's internals.

Every number comes from treecore's estimators (:mod:`treecore.ensemble`), fitted on the
training :class:`~treecore.Dataset` as the app encoded it. The curves are computed once per fit:
the error (or the RMSE of a number) of the first t members on the training and validation rows
for every t, the out-of-bag error of a forest, and one tree grown with the members' limits.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property
from itertools import islice
from typing import Callable, Iterator

import numpy as np
import streamlit as st

from treecore import Dataset, Tree, TreecoreError, ensemble, grow
from treecore.measures.evaluate import rmse
from treecore.tree.inspection import permutation_importance

from ui import limits

#: Gradient boosting's shrinkage ν offered by the page.
LEARNING_RATES = (0.01, 0.05, 0.1, 0.2, 0.5, 1.0)
#: What a fit may raise on the user's data (shown with ``ui.i18n.error_text``).
FIT_ERRORS = (TreecoreError, ValueError)
#: Most rows listed one by one in a table (the first ones, in table order).
LISTED_ROWS = 1_000
#: Threads a forest grows on (this machine's two cores).
FOREST_THREADS = 2
#: Repeats of the permutation test, and the most rows it shuffles (each repeat of each
#: feature predicts them all again).
PERMUTATION_REPEATS = 5
PERMUTATION_ROWS = 2_000

#: The estimator of each (ensemble, task), by its name in :mod:`treecore.ensemble`, which
#: imports it on first use (with scikit-learn's base classes when that is installed: the app
#: pays for them on its first ensemble, not on every page).
ESTIMATORS = {("forest", "classification"): "RandomForestClassifier",
              ("forest", "regression"): "RandomForestRegressor",
              ("adaboost", "classification"): "AdaBoostClassifier",
              ("gbdt", "classification"): "GradientBoostingClassifier",
              ("gbdt", "regression"): "GradientBoostingRegressor"}


def truth(data: Dataset) -> np.ndarray:
    """The rows' targets as the estimators return predictions: class labels, or numbers."""
    return data.y if data.is_regression else np.asarray(list(data.classes))[data.y]


def errors(data: Dataset, staged: Iterator[np.ndarray]) -> np.ndarray:
    """The error of each staged prediction on ``data``: the share of wrong classes, or the
    root mean squared error √(Σw(y − ŷ)² / Σw) of a number, in the target's units (weighted
    by the rows' weights)."""
    target, weights = truth(data), data.weights
    if data.is_regression:
        return np.array([rmse(target, p, weights) for p in staged])
    return np.array([np.average(p != target, weights=weights) for p in staged])


def log_losses(data: Dataset, staged_proba: Iterator[np.ndarray], own: np.ndarray) -> np.ndarray:
    """The cross-entropy −Σ wₙ ln p̂(yₙ | xₙ) / Σ wₙ of each staged probability table, ``own``
    the column of each row's class: the log-loss gradient boosting minimises. A probability is
    kept above 1e-15, as scikit-learn's ``log_loss`` keeps it."""
    rows = np.arange(data.n_rows)
    return np.array([np.average(-np.log(np.clip(p[rows, own], 1e-15, 1)), weights=data.weights)
                     for p in staged_proba])


def measure(kind: str, task: str) -> str:
    """What the curves measure: the root mean squared error of numbers, the log-loss gradient
    boosting minimises on classes, else the error rate."""
    if task == "regression":
        return "rmse"
    return "log_loss" if kind == "gbdt" else "error"


@dataclass(frozen=True, eq=False)
class Grown:
    """A fitted ensemble with the figures the page draws (rounds are 1-based here)."""

    kind: str
    model: object
    train: Dataset
    validation: Dataset | None
    curves: dict[str, np.ndarray] = field(default_factory=dict)
    single: dict[str, float] = field(default_factory=dict)
    stopped_early: bool = False           #: the fit deadline came before the last round

    @property
    def is_regression(self) -> bool:
        return self.train.is_regression

    @property
    def measure(self) -> str:
        return measure(self.kind, self.train.schema.task)

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

    def round_figures(self, t: int) -> tuple[float, float, float]:
        """AdaBoost's εₜ, scaling factor ◆ₜ and vote αₜ."""
        model = self.model
        return (float(model.estimator_errors_[t - 1]), float(model.scaling_factors_[t - 1]),
                float(model.estimator_weights_[t - 1]))

    def residuals(self, t: int) -> tuple[np.ndarray, np.ndarray]:
        """Gradient boosting's round t on the training rows: the tree's output gₜ(x) (its
        leaf values, blended where a row's tested value is missing) and the residuals it was
        fitted to (the first class's for several)."""
        model, data = self.model, self.train
        tree, values = model.estimators_[t - 1, 0], model.leaf_values_[t - 1, 0]
        residuals = model.residuals(data, truth(data), t - 1)
        residuals = residuals if residuals.ndim == 1 else residuals[:, 0]
        return ensemble.gradient_boosting.tree_step(tree, values, data.X), residuals

    def step_size(self, t: int) -> float:
        """The seed's αₜ of round t."""
        return float(self.model.step_sizes_[t - 1, 0])

    @cached_property
    def impurity_importances(self) -> np.ndarray:
        """The model's ``feature_importances_`` (a pass over every node of every member:
        computed once per ensemble)."""
        return self.model.feature_importances_

    @cached_property
    def permutation(self) -> tuple[np.ndarray, np.ndarray, int]:
        """Permutation importance (mean and spread over the repeats) and the number of rows it
        was measured on: the validation rows (the training rows when there are none), at most
        :data:`PERMUTATION_ROWS` of them drawn by a fixed seed; computed once per ensemble."""
        rows = self.validation if self.validation is not None else self.train
        if rows.n_rows > PERMUTATION_ROWS:
            chosen = np.random.default_rng(0).choice(rows.n_rows, PERMUTATION_ROWS, replace=False)
            rows = rows.subset(np.sort(chosen))
        result = permutation_importance(self.model, rows, truth(rows),
                                        n_repeats=PERMUTATION_REPEATS, random_state=0)
        return result.importances_mean, result.importances_std, rows.n_rows

    # ------------------------------------------------------------------ one row
    def staged_row(self, data: Dataset, row: int) -> np.ndarray:
        """Row ``row`` of ``data`` after each round (rounds × width): a forest's vote shares
        per class (or mean value), a boosted model's running score sₜ(x)."""
        one, model = data.subset([row]), self.model
        if self.is_regression:
            steps = model.staged_predict(one)
        elif self.kind == "forest":
            steps = model.staged_predict_proba(one)
        else:
            steps = model.staged_decision_function(one)
        return np.array([np.atleast_1d(np.asarray(step, dtype=float)[0]) for step in steps])


def single_tree(train: Dataset, params: dict) -> Tree:
    """One CART tree with the members' limits, on every training row and feature."""
    return grow(train, algorithm="cart", max_depth=params.get("max_depth"),
                min_samples_leaf=params.get("min_samples_leaf", 1))


class RoundClock:
    """An ensemble fit's ``on_round`` hook (:data:`treecore.ensemble.members.RoundHook`):
    reports each round to ``progress`` and stops the fit once ``max_seconds`` have passed."""

    def __init__(self, max_seconds: float, progress: Callable[[int, int], None] | None = None):
        self.max_seconds, self.progress = max_seconds, progress
        self.started = time.monotonic()
        self.cut_short = False            #: it stopped the fit before the last round

    def __call__(self, done: int, total: int) -> bool:
        if self.progress is not None:
            self.progress(done, total)
        self.cut_short = done < total and time.monotonic() - self.started >= self.max_seconds
        return not self.cut_short


def fit(kind: str, params: dict, train: Dataset, validation: Dataset | None, *,
        max_seconds: float | None = None,
        progress: Callable[[int, int], None] | None = None) -> Grown:
    """Fit the ensemble ``kind`` with ``params`` on ``train`` (telling ``progress`` of each
    round, stopping after ``max_seconds``, default :data:`ui.limits.FIT_DEADLINE_SECONDS`)
    and compute its curves."""
    estimator = getattr(ensemble, ESTIMATORS[kind, train.schema.task])
    extra = {"oob_score": True, "n_jobs": FOREST_THREADS} if kind == "forest" else {}
    clock = RoundClock(limits.FIT_DEADLINE_SECONDS if max_seconds is None else max_seconds,
                       progress)
    model = estimator(**params, **extra).fit(train, None, on_round=clock)
    tree = single_tree(train, params)
    parts = {"train": train} if validation is None else {"train": train, "validation": validation}
    if measure(kind, train.schema.task) == "log_loss":
        curves = {name: log_losses(rows, model.staged_predict_proba(rows),
                                   np.searchsorted(model.classes_, truth(rows)))
                  for name, rows in parts.items()}          # the model's classes are sorted
        single = {name: log_losses(rows, iter([tree.predict_proba(rows.X)]), rows.y)[0]
                  for name, rows in parts.items()}          # the tree's in the schema's order
    else:
        curves = {name: errors(rows, model.staged_predict(rows)) for name, rows in parts.items()}
        single = {name: errors(rows, iter([tree.predict(rows.X)]))[0]
                  for name, rows in parts.items()}
    if kind == "forest":
        curves["oob"] = np.asarray(model.oob_error_curve_, dtype=float)
    return Grown(kind, model, train, validation, curves, single, stopped_early=clock.cut_short)


#: Fitted ensembles shared by every session, newest last, at most :data:`KEPT_FITS`.
KEPT_FITS = 8


@st.cache_resource(show_spinner=False)
def _fits() -> OrderedDict:
    """The store of fitted ensembles (a plain dict in ``st.cache_resource``, so a fit can show
    its progress: a cached function may not draw into the page)."""
    return OrderedDict()


def cached_fit(kind: str, params: dict, train: Dataset, validation: Dataset | None, *,
               progress: Callable[[int, int], None] | None = None, retry: bool = False) -> Grown:
    """:func:`fit`, kept on the kind, the parameters and the rows' fingerprints. A fit
    stopped at the deadline stays kept; with ``retry`` it is grown again."""
    key = (kind, tuple(sorted(params.items())), train.fingerprint(),
           None if validation is None else validation.fingerprint())
    fits = _fits()
    grown = fits.get(key)
    if grown is None or (retry and grown.stopped_early):
        grown = fits[key] = fit(kind, params, train, validation, progress=progress)
        while len(fits) > KEPT_FITS:
            fits.popitem(last=False)
    fits.move_to_end(key)
    return grown
