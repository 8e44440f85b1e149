"""Random forests (Breiman 2001; Zhou 《机器学习》 §8.3 随机森林), with scikit-learn's conventions.

Each of T trees is grown to full size (unless limited) on a bootstrap sample of the rows
(:mod:`.bagging`), and at every node it chooses the best split among k features drawn at random
(:mod:`treecore.split.feature_draw`): bagging makes the trees differ by their rows, the feature
subsets by their splits, and the vote of many different trees varies less than one tree. The
forest predicts by the uniform vote H(x) = arg max_y (1/T) Σₜ pₜ(y | x) of the trees' class
probabilities (scikit-learn's soft vote), or the mean (1/T) Σₜ hₜ(x) of their values.

Every member is a fitted :class:`~treecore.DecisionTreeClassifier` (or ``…Regressor``) whose
``tree_`` is a :class:`~treecore.Tree`, so every view of the explorer draws it; the members grow
on one sort of the rows (:class:`.MemberGrower`), on ``n_jobs`` threads, each tree on one of
them (the engine releases the GIL). Member t's bootstrap counts and feature draws depend only
on ``random_state`` and t, so the same ``random_state`` gives the same forest whatever
``n_jobs``.

>>> from sklearn.datasets import load_iris
>>> X, y = load_iris(return_X_y=True)
>>> forest = RandomForestClassifier(n_estimators=20, oob_score=True, random_state=0).fit(X, y)
>>> forest.score(X, y) > 0.97, forest.oob_score_ > 0.9, len(forest.estimators_)
(True, True, 20)
>>> int(forest.bootstrap_counts(0).sum()) == len(X)
True
"""

from __future__ import annotations

import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..data.schema import THREADS
from ..errors import ConfigError
from ..estimators.classifier import DecisionTreeClassifier, FittedRows
from ..estimators.regressor import DecisionTreeRegressor
from ..estimators.sklearn_compat import BaseEstimator, ClassifierMixin, RegressorMixin
from ..grow.growing import GrowthConfig
from ..measures.evaluate import accuracy, r2
from ..split.feature_draw import resolve_max_features
from ..tree.inspection import mean_importances
from .bagging import OutOfBag, bootstrap_counts, member_seed
from .members import MemberGrower, RoundHook, keep_going

#: The members' parameters a forest passes on unchanged.
TREE_PARAMS = ("criterion", "max_depth", "min_samples_split", "min_samples_leaf")


def thread_count(n_jobs: int | None) -> int:
    """scikit-learn's ``n_jobs``: None means 1, −1 every core this process may use
    (:data:`~treecore.data.schema.THREADS`), −2 all but one, …"""
    if n_jobs is None or n_jobs == 0:
        return 1
    return max(1, n_jobs if n_jobs > 0 else THREADS + 1 + n_jobs)


def base_seed(random_state) -> int:
    """An ensemble's seed in [0, 2⁶³) from scikit-learn's ``random_state``: an integer is used
    as it is, a ``RandomState`` or ``Generator`` draws it, None draws it from numpy's global
    generator (as scikit-learn's ``check_random_state(None)`` does)."""
    if random_state is None:
        return int(np.random.randint(0, 2**31 - 1))
    if isinstance(random_state, np.random.RandomState):
        return int(random_state.randint(0, 2**31 - 1))
    if isinstance(random_state, np.random.Generator):
        return int(random_state.integers(0, 2**63 - 1))
    if isinstance(random_state, (int, np.integer)) and not isinstance(random_state, bool) \
            and random_state >= 0:
        return int(random_state)
    raise ConfigError(f"random_state must be None, an integer ≥ 0, a RandomState or a "
                      f"Generator, not {random_state!r}")


class BaseForest(FittedRows):
    """What both forests share: growing the members, the out-of-bag estimate, importances and
    what a view shows of member t. A subclass says its task, how a member is made of a tree
    and how the members' predictions are read (:meth:`_member_predictions`)."""

    _task = "classification"

    def __init__(self, *, n_estimators, max_features, bootstrap, oob_score, algorithm,
                 criterion, max_depth, min_samples_split, min_samples_leaf, max_leaf_nodes,
                 random_state, n_jobs):
        self.n_estimators = n_estimators
        self.max_features = max_features
        self.bootstrap = bootstrap
        self.oob_score = oob_score
        self.algorithm = algorithm
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.max_leaf_nodes = max_leaf_nodes
        self.random_state = random_state
        self.n_jobs = n_jobs

    def _fitted_schema(self):
        if not hasattr(self, "estimators_"):
            raise self._not_fitted()
        return self.estimators_[0].tree_.schema

    def _grow_forest(self, X, y, sample_weight, on_round: RoundHook | None) -> np.ndarray:
        """Grow the members (``estimators_``; fewer than ``n_estimators`` when ``on_round``
        stops the fit) and, with ``oob_score``, the out-of-bag estimate; returns the target
        as given."""
        if not isinstance(self.n_estimators, (int, np.integer)) or self.n_estimators < 1:
            raise ConfigError(f"n_estimators must be an integer ≥ 1, got {self.n_estimators!r}")
        if self.oob_score and not self.bootstrap:
            raise ConfigError("Out of bag estimation only available if bootstrap=True")
        dataset, target = self._dataset(X, y, sample_weight, self._task)
        k = resolve_max_features(self.max_features, dataset.n_features)
        config = GrowthConfig.from_params(
            algorithm=self.algorithm, criterion=self.criterion, max_depth=self.max_depth,
            min_samples_split=self.min_samples_split, min_samples_leaf=self.min_samples_leaf,
            max_leaves=self.max_leaf_nodes, task=self._task,
            max_features=None if k is None or k >= dataset.n_features else k)
        threads = thread_count(self.n_jobs)
        grower = MemberGrower(dataset, config, threads=1 if threads > 1 else None)
        self._seed, self._n_samples = base_seed(self.random_state), len(target)
        #: The training rows each of the data set's rows came from (rows of weight 0 are not
        #: in the data set).
        positions = dataset.row_labels - 1

        def grow_member(t: int):
            weights = dataset.weights
            if self.bootstrap:
                weights = weights * self.bootstrap_counts(t)[positions]
            return grower.grow(weights=weights, random_state=member_seed(self._seed, t))

        self._prepare_target(target, dataset)
        trees = []
        with ThreadPoolExecutor(threads) as pool:
            futures = [pool.submit(grow_member, t) for t in range(self.n_estimators)]
            for future in futures:
                trees.append(future.result())
                if not keep_going(on_round, len(trees), self.n_estimators):
                    for waiting in futures:
                        waiting.cancel()
                    break
        self.estimators_ = [self._member(tree, t) for t, tree in enumerate(trees)]
        if self.oob_score:
            self._out_of_bag(X, target)
        return target

    def _member(self, tree, t: int):
        """Member t as a fitted single-tree estimator of treecore."""
        raise NotImplementedError

    def _member_params(self, t: int) -> dict:
        params = {name: getattr(self, name) for name in TREE_PARAMS}
        return {**params, "max_leaf_nodes": self.max_leaf_nodes,
                "random_state": member_seed(self._seed, t)}

    def _with_fitted_columns(self, member):
        member.n_features_in_ = self.n_features_in_
        if hasattr(self, "feature_names_in_"):
            member.feature_names_in_ = self.feature_names_in_
        return member

    def _prepare_target(self, target: np.ndarray, dataset) -> None:
        """Learned attributes that depend on the target (a classifier's classes)."""

    # ------------------------------------------------------------------ out of bag
    def _oob_targets(self, target: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _out_of_bag(self, X, target: np.ndarray) -> None:
        """The out-of-bag prediction of every training row and ε^oob after each member
        (``oob_error_curve_``)."""
        encoded = self._encoded(X)
        oob = OutOfBag(self._oob_targets(target), self._width(),
                       self._task == "classification")
        for t in range(len(self.estimators_)):
            rows = np.flatnonzero(self.bootstrap_counts(t) == 0)
            oob.add(rows, self._member_predictions(t, encoded[rows]))
        if not oob.all_voted:
            warnings.warn("Some inputs do not have OOB scores. This probably means too few "
                          "trees were used to compute any reliable OOB estimates.", UserWarning)
        self.oob_error_curve_ = np.array(oob.errors)
        self._set_oob(oob.averaged(), target)

    # ------------------------------------------------------------------ using
    def _member_predictions(self, t: int, encoded: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _width(self) -> int:
        return 1

    def _mean_prediction(self, encoded: np.ndarray) -> np.ndarray:
        """(1/T) Σₜ of the members' predictions (rows × width) of encoded rows: the last of
        the staged means."""
        for mean in self._staged_means(encoded):
            pass
        return mean

    def _staged_means(self, encoded: np.ndarray):
        """(1/t) Σ_{s ≤ t} of the members' predictions of encoded rows, for t = 1 … T."""
        total = np.zeros((len(encoded), self._width()))
        for t in range(len(self._fitted_members())):
            total += self._member_predictions(t, encoded).reshape(len(encoded), -1)
            yield total / (t + 1)

    @property
    def feature_importances_(self) -> np.ndarray:
        """Impurity importance (:func:`treecore.tree.inspection.mean_importances`): the mean of
        the members' normalised importances, normalised (members without a split left out)."""
        return mean_importances((m.tree_ for m in self._fitted_members()), self.n_features_in_,
                                normalise_each=True)

    def _fitted_members(self) -> list:
        if not hasattr(self, "estimators_"):
            raise self._not_fitted()
        return self.estimators_

    # ------------------------------------------------------------------ what a view shows
    def bootstrap_counts(self, t: int) -> np.ndarray:
        """How often each training row (by position) is in member t's bootstrap sample (all 1
        without bootstrap), drawn again from the seed."""
        if not hasattr(self, "_seed"):
            raise self._not_fitted()
        if not self.bootstrap:
            return np.ones(self._n_samples, np.int64)
        return bootstrap_counts(self._seed, t, self._n_samples)

    def feature_subsets(self, t: int) -> dict[int, tuple[str, ...]]:
        """The features member t drew at each node it scored (node id → feature names, in
        draw order); empty when every node scores every feature."""
        tree = self._fitted_members()[t].tree_
        names = tree.feature_names
        return {node.node_id: tuple(names[j] for j in node.feature_subset)
                for node in tree.iter_nodes() if node.feature_subset is not None}


class RandomForestClassifier(ClassifierMixin, BaseForest, BaseEstimator):
    """A random forest of classification trees (Breiman 2001), as scikit-learn's.

    Parameters
    ----------
    n_estimators : the number of trees T.
    max_features : the k features drawn at each node: "sqrt" (⌊√d⌋), "log2", "third" (⌊d/3⌋),
        an integer, a fraction of d, or None (all: bagging alone).
    bootstrap : grow each tree on a bootstrap sample (else on every row).
    oob_score : estimate the accuracy on the rows each tree left out (``oob_score_``).
    algorithm, criterion : the members' preset and criterion (``treecore.ALGORITHMS``).
    max_depth, min_samples_split, min_samples_leaf, max_leaf_nodes : the members' limits.
    random_state : seed of the bootstrap samples and the feature draws.
    n_jobs : threads growing trees (None: 1, −1: every core).

    Attributes
    ----------
    estimators_ : the members, fitted :class:`~treecore.DecisionTreeClassifier` objects.
    classes_, n_classes_, n_features_in_, feature_names_in_ : as scikit-learn's.
    feature_importances_ : impurity importance.
    oob_score_, oob_decision_function_, oob_error_curve_ : with ``oob_score`` only; the curve
        is ε^oob of the first t trees, t = 1 … T.
    """

    def __init__(self, *, n_estimators=100, max_features="sqrt", bootstrap=True,
                 oob_score=False, algorithm="cart", criterion=None, max_depth=None,
                 min_samples_split=2, min_samples_leaf=1, max_leaf_nodes=None,
                 random_state=None, n_jobs=None):
        super().__init__(n_estimators=n_estimators, max_features=max_features,
                         bootstrap=bootstrap, oob_score=oob_score, algorithm=algorithm,
                         criterion=criterion, max_depth=max_depth,
                         min_samples_split=min_samples_split, min_samples_leaf=min_samples_leaf,
                         max_leaf_nodes=max_leaf_nodes, random_state=random_state, n_jobs=n_jobs)

    def fit(self, X, y, sample_weight=None, on_round=None) -> "RandomForestClassifier":
        """Grow the forest on features ``X`` and classes ``y`` (a row of weight 0 is absent);
        ``on_round(done, total)`` is told after each tree (:data:`.members.RoundHook`)."""
        self._grow_forest(X, y, sample_weight, on_round)
        return self

    def _prepare_target(self, target, dataset) -> None:
        self.classes_ = np.unique(target)
        self.n_classes_ = len(self.classes_)
        self._class_order = np.asarray(dataset.classes, dtype=self.classes_.dtype)

    def _member(self, tree, t: int) -> DecisionTreeClassifier:
        member = DecisionTreeClassifier(algorithm=self.algorithm, **self._member_params(t))
        member.tree_, member.classes_, member.n_classes_ = tree, self.classes_, self.n_classes_
        member.class_order_ = self._class_order
        return self._with_fitted_columns(member)

    def _width(self) -> int:
        return self.n_classes_

    def _member_predictions(self, t: int, encoded: np.ndarray) -> np.ndarray:
        return self.estimators_[t]._proba_of_encoded(encoded)

    def _oob_targets(self, target) -> np.ndarray:
        return np.searchsorted(self.classes_, target)

    def _set_oob(self, averaged: np.ndarray, target) -> None:
        self.oob_decision_function_ = averaged
        self.oob_score_ = accuracy(target, self.classes_[averaged.argmax(axis=1)])

    def predict_proba(self, X) -> np.ndarray:
        """The trees' mean class probabilities, columns in ``classes_`` order."""
        return self._mean_prediction(self._encoded(X))

    def predict(self, X) -> np.ndarray:
        """The class of the highest mean probability (ties to the first in ``classes_``)."""
        proba = self.predict_proba(X)
        return self.classes_[proba.argmax(axis=1)]

    def staged_predict_proba(self, X):
        """:meth:`predict_proba` of the forest of the first t trees, for t = 1 … T."""
        yield from self._staged_means(self._encoded(X))

    def staged_predict(self, X):
        """:meth:`predict` of the forest of the first t trees, for t = 1 … T."""
        for proba in self.staged_predict_proba(X):
            yield self.classes_[proba.argmax(axis=1)]


class RandomForestRegressor(RegressorMixin, BaseForest, BaseEstimator):
    """A random forest of CART least-squares regression trees (Breiman 2001), as
    scikit-learn's: the prediction is the mean of the trees' values. Parameters and attributes
    as :class:`RandomForestClassifier`'s, with ``max_features=1.0`` (every feature: scikit-
    learn's default for regression; Breiman's is ``"third"``), ``oob_prediction_`` and
    ``oob_score_`` (R²); the members take text columns and missing values as
    :class:`~treecore.DecisionTreeRegressor` does (two groups of values; a row whose tested
    value is missing down both branches, its prediction blended)."""

    _task = "regression"

    def __init__(self, *, n_estimators=100, max_features=1.0, bootstrap=True, oob_score=False,
                 algorithm="cart", criterion=None, max_depth=None, min_samples_split=2,
                 min_samples_leaf=1, max_leaf_nodes=None, random_state=None, n_jobs=None):
        super().__init__(n_estimators=n_estimators, max_features=max_features,
                         bootstrap=bootstrap, oob_score=oob_score, algorithm=algorithm,
                         criterion=criterion, max_depth=max_depth,
                         min_samples_split=min_samples_split, min_samples_leaf=min_samples_leaf,
                         max_leaf_nodes=max_leaf_nodes, random_state=random_state, n_jobs=n_jobs)

    def fit(self, X, y, sample_weight=None, on_round=None) -> "RandomForestRegressor":
        """Grow the forest on features ``X`` and numbers ``y`` (a row of weight 0 is absent);
        ``on_round`` as the classifier's."""
        self._grow_forest(X, y, sample_weight, on_round)
        return self

    def _member_params(self, t: int) -> dict:
        params = super()._member_params(t)
        return {**params, "criterion": self.criterion or "squared_error"}

    def _member(self, tree, t: int) -> DecisionTreeRegressor:
        member = DecisionTreeRegressor(**self._member_params(t))
        member.tree_ = tree
        return self._with_fitted_columns(member)

    def _member_predictions(self, t: int, encoded: np.ndarray) -> np.ndarray:
        return self.estimators_[t].tree_.predict(encoded)

    def _oob_targets(self, target) -> np.ndarray:
        return np.asarray(target, dtype=float)

    def _set_oob(self, averaged: np.ndarray, target) -> None:
        self.oob_prediction_ = averaged[:, 0]
        self.oob_score_ = r2(np.asarray(target, dtype=float), self.oob_prediction_)

    def predict(self, X) -> np.ndarray:
        """The trees' mean value."""
        return self._mean_prediction(self._encoded(X))[:, 0]

    def staged_predict(self, X):
        """:meth:`predict` of the forest of the first t trees, for t = 1 … T."""
        for mean in self._staged_means(self._encoded(X)):
            yield mean[:, 0]
