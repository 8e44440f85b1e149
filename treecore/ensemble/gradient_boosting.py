"""Gradient boosting of regression trees (GBDT): each round's trees fit the residuals.

The seed's GBDT for regression (Lin Hsuan-Tien, "Machine Learning Techniques", lecture 11;
Li Hang 算法 8.3, 提升树; Friedman 2001): start from s₀(x); in round t fit a regression tree
gₜ to the residuals yₙ − sₜ₋₁(xₙ), find αₜ by a one-variable linear regression of the
residuals on gₜ(xₙ), and move sₜ = sₜ₋₁ + αₜ gₜ. For a least-squares tree αₜ = 1: each leaf
R of gₜ predicts the mean c_R of its rows' residuals, so

    Σₙ rₙ gₜ(xₙ) = Σ_R c_R Σ_{n∈R} rₙ = Σ_R c_R · |R| c_R = Σₙ gₜ(xₙ)²,

and αₜ = Σ rₙ gₜ(xₙ) / Σ gₜ(xₙ)² = 1 (with weights wₙ throughout, the same). The leaf
values are already the best step leaf by leaf, a finer line search than one αₜ;
``step_sizes_`` records the seed's αₜ for the regressor, and prediction does not need it.
So ``GradientBoostingRegressor(learning_rate=1, init="zero")`` is the seed's algorithm;
the defaults are scikit-learn's: s₀ the mean, and each step shrunk by the learning rate η
(Friedman's shrinkage), Fₜ = Fₜ₋₁ + η gₜ.

For classification (Li Hang 算法 8.4 with the log-loss; Friedman's algorithm 5) round t grows
one tree per score column on the residuals ⟦y = k⟧ − pₖ(x) and gives each leaf the Newton
value of :mod:`.losses`; those values live beside the tree in ``leaf_values_`` (keyed by leaf
id), while the tree itself, as drawn, shows each leaf's mean residual. With ``subsample`` < 1
each round grows on a random share of the rows (Friedman's stochastic gradient boosting).

Members grow in the engine every regression tree grows in (:class:`.members.MemberGrower` on
the features encoded once), so they take text columns and missing values as the regression tree
(:class:`~treecore.DecisionTreeRegressor`) takes them: a row whose tested value is missing is
in several leaves, each with its share of the row's weight, in a leaf's Newton value and in
the tree's step gₜ(x), which blends those leaves' values (:func:`tree_step`).

>>> import numpy as np
>>> X, y = np.array([[1.0], [2.0], [3.0], [4.0]]), np.array([1.0, 1.2, 3.0, 3.4])
>>> seed = GradientBoostingRegressor(n_estimators=2, learning_rate=1, max_depth=1,
...                                  init="zero").fit(X, y)
>>> seed.step_sizes_.ravel().round(12).tolist()
[1.0, 1.0]
>>> [s.round(3).tolist() for s in seed.staged_predict(X)]
[[1.1, 1.1, 3.2, 3.2], [1.033, 1.033, 3.133, 3.4]]
"""

from __future__ import annotations

from itertools import islice
from typing import Iterator

import numpy as np

from ..data import Dataset, Schema
from ..errors import ConfigError
from ..estimators.sklearn_compat import BaseEstimator, ClassifierMixin, RegressorMixin
from ..grow.growing import GrowthConfig
from ..measures.evaluate import accuracy, r2
from ..tree.inspection import mean_importances
from ..tree.predict import blend, leaf_shares
from .boosting import BoostedEnsemble, check_count, class_positions
from .losses import CLASSIFICATION_LOSSES, REGRESSION_LOSSES, newton_leaf_values
from .members import MemberGrower, keep_going

#: ``init=`` choices: None starts from the loss's best constant, "zero" from 0 (the seed's).
INITS = (None, "zero")


class GradientBoosting(BoostedEnsemble):
    """What the regressor and the classifier share: the rounds of ``fit``, the staged sums,
    the residuals a round was fitted to and the importances. A subclass names its losses
    (``_losses``) and reads its target (:meth:`_training_set`)."""

    _losses: dict = {}

    def __init__(self, *, loss, n_estimators, learning_rate, max_depth, subsample,
                 min_samples_leaf, random_state, init):
        self.loss = loss
        self.n_estimators = n_estimators
        self.learning_rate = learning_rate
        self.max_depth = max_depth
        self.subsample = subsample
        self.min_samples_leaf = min_samples_leaf
        self.random_state = random_state
        self.init = init

    # ------------------------------------------------------------------- learning
    def _check_params(self) -> None:
        check_count("n_estimators", self.n_estimators)
        if self.loss not in self._losses:
            raise ConfigError(f"unknown loss {self.loss!r}; choose one of {sorted(self._losses)}")
        if not self.learning_rate > 0:
            raise ConfigError(f"learning_rate must be > 0, got {self.learning_rate!r}")
        if not 0 < self.subsample <= 1:
            raise ConfigError(f"subsample must be in (0, 1], got {self.subsample!r}")
        if self.init not in INITS:
            raise ConfigError(f"init must be one of {INITS}, got {self.init!r}")

    def _training_set(self, X, y, sample_weight) -> tuple[Dataset, np.ndarray]:
        """(the encoded rows with a numeric target for the member trees, the target as the
        loss reads it: numbers, or class positions in ``classes_``)."""
        raise NotImplementedError

    def fit(self, X, y, sample_weight=None, on_round=None):
        """Boost ``n_estimators`` rounds on features ``X`` and target ``y`` (a row of weight 0
        is absent); ``on_round(done, total)`` is told after each round and may stop the fit
        there (:data:`.members.RoundHook`): the model keeps the rounds grown."""
        self._check_params()
        dataset, y_fit = self._training_set(X, y, sample_weight)
        self._loss = self._new_loss()
        targets = self._loss.targets(y_fit)
        weights = dataset.weights
        self.init_ = (np.zeros(self._loss.n_columns) if self.init == "zero"
                      else self._loss.initial(targets, weights))
        grower = MemberGrower(dataset, GrowthConfig.from_params(
            task="regression", max_depth=self.max_depth, min_samples_leaf=self.min_samples_leaf))
        rng = np.random.default_rng(self.random_state)
        raw = self._initial_raw(dataset.n_rows)
        shape = (self.n_estimators, self._loss.n_columns)
        self.estimators_, self.leaf_values_ = np.empty(shape, object), np.empty(shape, object)
        self.train_score_, self.step_sizes_ = np.zeros(self.n_estimators), np.ones(shape)
        for t in range(self.n_estimators):
            bag = weights * self._in_bag(rng, dataset.n_rows)
            kept = bag > 0
            residuals = self._loss.negative_gradient(targets, raw)      # at F_t, for all K
            curvature = self._loss.hessian(targets, raw)
            for k in range(self._loss.n_columns):
                tree, values, step = self._tree_on(grower, bag, residuals[:, k], curvature[:, k])
                self.estimators_[t, k], self.leaf_values_[t, k] = tree, values
                self.step_sizes_[t, k] = seed_step_size(residuals[kept, k], step[kept], bag[kept])
                raw[:, k] += self.learning_rate * step
            self.train_score_[t] = self._loss.mean_loss(targets[kept], raw[kept], weights[kept])
            if not keep_going(on_round, t + 1, self.n_estimators):
                self._keep_rounds(t + 1)
                break
        return self

    def _keep_rounds(self, rounds: int) -> None:
        """Drop the rounds after the first ``rounds`` (a fit stopped early)."""
        for name in ("estimators_", "leaf_values_", "train_score_", "step_sizes_"):
            setattr(self, name, getattr(self, name)[:rounds])

    def _tree_on(self, grower: MemberGrower, bag: np.ndarray, residuals: np.ndarray,
                 curvature: np.ndarray) -> tuple:
        """(the tree fitted to ``residuals`` on the rows of positive ``bag`` weight, its
        Newton leaf values by node id, its value gₜ(xₙ) on every training row)."""
        tree = grower.grow(weights=bag, target=residuals)
        rows, leaves, shares = leaf_shares(tree, grower.dataset.X)
        kept = bag[rows] > 0
        rows, leaves, shares = rows[kept], leaves[kept], shares[kept]
        values = newton_leaf_values(leaves, tree.n_nodes, residuals[rows], curvature[rows],
                                    bag[rows] * shares, self._loss.numerator_factor)
        return tree, values, tree_step(tree, values, grower.dataset.X)

    def _new_loss(self):
        """The loss named by ``loss``, for the target ``fit`` read."""
        return self._losses[self.loss]()

    def _in_bag(self, rng: np.random.Generator, n_rows: int) -> np.ndarray:
        """1 for the rows this round grows on, 0 for the others: all rows, or with
        ``subsample`` < 1 that share of them drawn without replacement."""
        if self.subsample == 1:
            return np.ones(n_rows)
        chosen = np.zeros(n_rows)
        chosen[rng.choice(n_rows, max(1, int(self.subsample * n_rows)), replace=False)] = 1
        return chosen

    # ------------------------------------------------------------------- using
    def _initial_raw(self, n_rows: int) -> np.ndarray:
        return np.tile(self.init_, (n_rows, 1))

    def _round_raw(self, t: int, encoded: np.ndarray) -> np.ndarray:
        """η times each tree's leaf value for the rows, one column per tree of round t."""
        return self.learning_rate * np.column_stack([
            tree_step(tree, values, encoded)
            for tree, values in zip(self.estimators_[t], self.leaf_values_[t])])

    def residuals(self, X, y, t: int) -> np.ndarray:
        """The residuals (negative gradients) the trees of round ``t`` (from 0, as in
        ``estimators_[t]``) were fitted to, for the rows ``X`` with target ``y``: y − F_t(x)
        for squared error, ⟦y = k⟧ − pₖ(x) for log-loss; a column per tree when a round has
        several. Computed from the staged sums, not stored."""
        if not 0 <= t < self.n_rounds_:       # n_rounds_ raises NotFittedError before fit
            raise IndexError(f"round {t} is not among the {self.n_rounds_} rounds grown")
        before = (self._initial_raw(len(self._encoded(X))) if t == 0
                  else next(islice(self._staged_raw(X), t - 1, None)))
        targets = self._loss.targets(self._target_of(y))
        residuals = self._loss.negative_gradient(targets, before)
        return residuals[:, 0] if residuals.shape[1] == 1 else residuals

    def _target_of(self, y) -> np.ndarray:
        """``y`` as the loss reads it."""
        raise NotImplementedError

    @property
    def feature_importances_(self) -> np.ndarray:
        """Impurity importances averaged over every tree, summing to 1
        (:func:`treecore.tree.inspection.mean_importances`, each tree's not normalised first)."""
        if not hasattr(self, "estimators_"):
            raise self._not_fitted()
        return mean_importances(self.estimators_.ravel(), self.n_features_in_,
                                normalise_each=False)


def tree_step(tree, values: np.ndarray, X: np.ndarray) -> np.ndarray:
    """gₜ(xₙ) of every row of ``X``: the value (by leaf id, ``values``) of the leaf it reaches,
    blended by its shares where a tested value is missing (:func:`~treecore.tree.predict.blend`)."""
    return blend(tree, X, values)


def seed_step_size(residuals: np.ndarray, step: np.ndarray, weights: np.ndarray) -> float:
    """The seed's αₜ: the slope of the weighted one-variable linear regression (through 0) of
    the residuals on the tree's outputs, Σ w r g / Σ w g²; 1 when g is 0 on every row (any
    αₜ fits then)."""
    spread = np.sum(weights * step * step)
    return float(np.sum(weights * residuals * step) / spread) if spread > 0 else 1.0


class GradientBoostingRegressor(RegressorMixin, GradientBoosting, BaseEstimator):
    """Gradient boosting of least-squares regression trees (提升树, GBDT).

    Parameters
    ----------
    loss : "squared_error".
    n_estimators : the rounds T.
    learning_rate : η, the shrinkage of each step (1: the seed's full step).
    max_depth, min_samples_leaf : each tree's limits (``min_samples_leaf`` a weighted count).
    subsample : the share of rows each round grows on (1: all).
    random_state : seed of the subsamples (anything ``numpy.random.default_rng`` takes).
    init : None (start from the weighted mean) or "zero" (the seed's s₀ = 0).

    Attributes
    ----------
    estimators_ : (T × 1) the trees g₁ … g_T, each a :class:`~treecore.Tree` whose leaves
        hold the mean residual of their rows.
    leaf_values_ : (T × 1) each tree's leaf values by node id (NaN for inner nodes): its leaf
        means again, as the Newton step of squared error gives them.
    step_sizes_ : (T × 1) the seed's αₜ of each round (1 up to rounding; see the module).
    init_ : s₀, the start (an array of one number).
    train_score_ : the weighted mean squared error on the rows grown on, after each round.
    feature_importances_, n_features_in_, feature_names_in_ : as scikit-learn's.
    """

    _losses = REGRESSION_LOSSES
    _stage_metric = staticmethod(r2)

    def __init__(self, *, loss="squared_error", n_estimators=100, learning_rate=0.1,
                 max_depth=3, subsample=1.0, min_samples_leaf=1, random_state=None, init=None):
        super().__init__(loss=loss, n_estimators=n_estimators, learning_rate=learning_rate,
                         max_depth=max_depth, subsample=subsample,
                         min_samples_leaf=min_samples_leaf, random_state=random_state, init=init)

    def _training_set(self, X, y, sample_weight) -> tuple[Dataset, np.ndarray]:
        dataset, _ = self._dataset(X, y, sample_weight, "regression")
        return dataset, dataset.y

    def _target_of(self, y) -> np.ndarray:
        return np.asarray(y, dtype=float)

    def predict(self, X) -> np.ndarray:
        """F_T(x) = s₀ + η Σₜ gₜ(x)."""
        return self._raw(X)[:, 0]

    def staged_predict(self, X) -> Iterator[np.ndarray]:
        """F_1(x), …, F_T(x): a row's running sum s₁ … s_T, round by round."""
        for raw in self._staged_raw(X):
            yield raw[:, 0]


class GradientBoostingClassifier(ClassifierMixin, GradientBoosting, BaseEstimator):
    """Gradient boosting of regression trees on the log-loss, two classes or more.

    Parameters are the regressor's, with ``loss="log_loss"``; ``init=None`` starts from the
    log-odds of the class shares.

    Attributes
    ----------
    estimators_ : (T × K) the trees, K = 1 for two classes (the log-odds of ``classes_[1]``),
        one per class for more; each a :class:`~treecore.Tree` whose leaves hold the mean
        residual of their rows.
    leaf_values_ : (T × K) each tree's Newton leaf values by node id (NaN for inner nodes):
        what the tree adds to the score, times η.
    init_ : F₀, one number per score column.
    train_score_ : the weighted mean log-loss on the rows grown on, after each round
        (scikit-learn's is twice this for two classes).
    step_sizes_ : (T × K) the seed's αₜ of each tree on its residuals, for reference: the
        leaf values, not one αₜ, make the step.
    classes_, n_classes_, feature_importances_, n_features_in_, feature_names_in_ : as
        scikit-learn's.
    """

    _losses = CLASSIFICATION_LOSSES
    _stage_metric = staticmethod(accuracy)

    def __init__(self, *, loss="log_loss", n_estimators=100, learning_rate=0.1, max_depth=3,
                 subsample=1.0, min_samples_leaf=1, random_state=None, init=None):
        super().__init__(loss=loss, n_estimators=n_estimators, learning_rate=learning_rate,
                         max_depth=max_depth, subsample=subsample,
                         min_samples_leaf=min_samples_leaf, random_state=random_state, init=init)

    def _training_set(self, X, y, sample_weight) -> tuple[Dataset, np.ndarray]:
        dataset, labels = self._dataset(X, y, sample_weight, "classification")
        self.classes_ = np.unique(labels)          # with classes only weight-0 rows have
        self.n_classes_ = len(self.classes_)
        residual = Schema(dataset.schema.features, "residual", (), task="regression")
        return (Dataset(residual, dataset.X, np.zeros(dataset.n_rows), dataset.weights,
                        dataset.row_numbers),
                class_positions(self.classes_, dataset.schema)[dataset.y])

    def _new_loss(self):
        return self._losses[self.loss](self.n_classes_)

    def _target_of(self, y) -> np.ndarray:
        labels = np.asarray(y, dtype=self.classes_.dtype)
        positions = np.searchsorted(self.classes_, labels).clip(0, self.n_classes_ - 1)
        unknown = self.classes_[positions] != labels
        if unknown.any():
            raise ValueError(f"y contains labels not seen in fit: {labels[unknown][:5].tolist()}")
        return positions

    def decision_function(self, X) -> np.ndarray:
        """F_T(x): the log-odds of ``classes_[1]`` (rows,) for two classes, (rows, K) for more."""
        raw = self._raw(X)
        return raw[:, 0] if raw.shape[1] == 1 else raw

    def staged_decision_function(self, X) -> Iterator[np.ndarray]:
        """F_1(x), …, F_T(x), shaped as :meth:`decision_function`."""
        for raw in self._staged_raw(X):
            yield raw[:, 0] if raw.shape[1] == 1 else raw

    def predict_proba(self, X) -> np.ndarray:
        """σ(F) for two classes, softmax(F) for more; columns in ``classes_`` order."""
        raw = self._raw(X)
        return self._loss.probabilities(raw)

    def staged_predict_proba(self, X) -> Iterator[np.ndarray]:
        for raw in self._staged_raw(X):
            yield self._loss.probabilities(raw)

    def predict(self, X) -> np.ndarray:
        """The most probable class."""
        probabilities = self.predict_proba(X)
        return self.classes_[np.argmax(probabilities, axis=1)]

    def staged_predict(self, X) -> Iterator[np.ndarray]:
        for probabilities in self.staged_predict_proba(X):
            yield self.classes_[np.argmax(probabilities, axis=1)]
