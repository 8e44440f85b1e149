"""A scikit-learn classifier over the engine: scikit-learn's conventions, treecore's trees.

It is a scikit-learn ``BaseEstimator`` and ``ClassifierMixin`` when scikit-learn is installed,
and keeps the same conventions without it (:mod:`treecore.estimators.sklearn_compat`): keyword
parameters stored unchanged by ``__init__``, validation in ``fit``, ``fit`` returns ``self``,
learned attributes end in ``_``, inputs checked with scikit-learn's messages
(:mod:`treecore.estimators.inputs`). Beyond scikit-learn's tree it takes DataFrames with nominal
text columns and missing values as they are, grows ID3, C4.5 or CART, and post-prunes by REP, PEP or
C4.5's EBP.

``classes_`` are sorted as scikit-learn sorts them (``numpy.unique``), so ``predict_proba``'s
columns line up with every scikit-learn tool; ``class_order_`` keeps the order in which the
classes first appear, the order of the textbooks and of ``tree_``'s class counts.

>>> import pandas as pd
>>> frame = pd.read_csv("samples/watermelon3.0.csv").drop(columns="编号")
>>> model = DecisionTreeClassifier(algorithm="id3").fit(frame.drop(columns="好瓜"), frame["好瓜"])
>>> model.tree_.root.split.feature, model.score(frame.drop(columns="好瓜"), frame["好瓜"])
('纹理', 1.0)
>>> list(model.classes_), list(model.class_order_)
(['否', '是'], ['是', '否'])
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..data import Dataset, Kind, Schema, infer_kinds
from ..errors import ConfigError
from ..grow.engines import grow
from ..measures.evaluate import stratified_split
from ..pruning import PRUNERS, prune_ccp
from ..tree.nodes import Tree
from ..tree.predict import most_probable
from . import inputs
from .sklearn_compat import BaseEstimator, ClassifierMixin, NotFittedError

#: ``pruning=`` choices: the registry's methods for a classification tree that never grow trees
#: of their own (CCP is scikit-learn's ``ccp_alpha`` here). Each prunes the grown tree given the
#: rows it grew on, the held-out rows when it needs them, and ``cf`` (EBP's option; the others
#: take their defaults).
PRUNING = tuple(name for name, pruner in PRUNERS.items()
                if pruner.prunes("classification") and not pruner.may_grow)


class FittedRows:
    """What an estimator fitted on one table does with the caller's rows: ``fit`` encodes them
    once into a :class:`Dataset` (:meth:`_dataset`); later calls check new rows against the
    fitted columns and encode them by the fitted schema (:meth:`_encoded`). A subclass says
    where that schema is (:meth:`_fitted_schema`): a tree's, or an ensemble's members'."""

    def __sklearn_tags__(self):
        """scikit-learn's tags (only scikit-learn calls this): missing values, text and
        nominal features are taken as they are, by every tree and every ensemble of trees."""
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        tags.input_tags.categorical = True
        tags.input_tags.string = True
        return tags

    def _dataset(self, X, y, sample_weight, task: str) -> tuple[Dataset, np.ndarray]:
        """(the encoded data set, the target as given) of a ``fit`` call: kinds inferred from
        the columns (a column a person would ignore, such as an id, is kept as a feature: the
        caller chose the columns), ``feature_names_in_`` and ``n_features_in_`` set.

        ``X`` may also be a :class:`Dataset`: rows already encoded with the kinds, missing-value
        markers and weights someone chose (the app's way), carrying their target and weights,
        so ``y`` and ``sample_weight`` stay None. Its rows are numbered by position, as a
        table's would be."""
        if isinstance(X, Dataset):
            return self._encoded_dataset(X, y, sample_weight, task)
        name = type(self).__name__
        numbers = inputs.numbers(X, name)
        if numbers is not None:                       # every column continuous: no frame
            columns, names = [f"x{j}" for j in range(numbers.shape[1])], None
            target = inputs.target(y, len(numbers), name)
            dataset = Dataset.from_numbers(
                numbers, columns,
                pd.Series(target, name=inputs.target_name(y, columns), copy=False),
                weights=sample_weight, task=task)
        else:
            frame, names = inputs.features(X, name)
            columns = frame.columns
            target = inputs.target(y, len(frame), name)
            kinds = {column: kind if kind is not Kind.IGNORED else
                     (Kind.CONTINUOUS if pd.api.types.is_numeric_dtype(frame[column])
                      else Kind.NOMINAL)
                     for column, kind in infer_kinds(frame).items()}
            target_column = inputs.target_name(y, columns)
            dataset = Dataset.from_frame(frame.assign(**{target_column: target}), target_column,
                                         kinds=kinds, weights=sample_weight, task=task)
        self.n_features_in_ = len(columns)
        if names is not None:
            self.feature_names_in_ = names
        elif hasattr(self, "feature_names_in_"):      # refitted on rows without names
            del self.feature_names_in_
        return dataset, target

    def _encoded_dataset(self, dataset: Dataset, y, sample_weight, task: str
                         ) -> tuple[Dataset, np.ndarray]:
        """:meth:`_dataset` of a :class:`Dataset` given as ``X``."""
        if y is not None or sample_weight is not None:
            raise ValueError("a Dataset carries its target and weights: pass y=None and "
                             "sample_weight=None with it")
        if dataset.schema.task != task:
            raise ConfigError(f"{type(self).__name__} fits a {task} target; the data set's "
                              f"target {dataset.schema.target!r} is for {dataset.schema.task}")
        self.n_features_in_ = dataset.n_features
        self.feature_names_in_ = np.asarray(dataset.feature_names, dtype=object)
        target = (dataset.y if dataset.is_regression
                  else np.asarray(list(dataset.classes))[dataset.y])
        by_position = Dataset(dataset.schema, dataset.X, dataset.y, dataset.weights)
        return by_position, target

    def _fitted_schema(self) -> Schema:
        """The schema new rows are encoded by; raises :class:`NotFittedError` before ``fit``."""
        raise NotImplementedError

    def _not_fitted(self) -> NotFittedError:
        """scikit-learn's error for a model used before ``fit``."""
        return NotFittedError(f"This {type(self).__name__} instance is not fitted yet. Call "
                              "'fit' with appropriate arguments before using this estimator.")

    def _encoded(self, X) -> np.ndarray:
        """``X`` checked against the fitted columns and encoded by the fitted schema; it is
        what raises :class:`NotFittedError`, so call it before touching learned attributes."""
        schema = self._fitted_schema()
        if isinstance(X, Dataset):                    # rows encoded already
            if X.features != schema.features:
                raise ValueError("the data set's features are not the ones the model was "
                                 f"fitted on: {list(X.feature_names)} against "
                                 f"{list(schema.feature_names)}")
            return X.X
        array = inputs.numbers(X, type(self).__name__)
        if array is not None and schema.is_numeric:   # no frame needed
            inputs.check_columns(self, None, array.shape[1])
            return schema.encode_numbers(array)
        frame, names = inputs.features(X, type(self).__name__)
        inputs.check_columns(self, names, frame.shape[1])
        return schema.encode(frame.set_axis(list(schema.feature_names), axis=1))


class FittedTree(FittedRows):
    """What a fitted tree estimator does with rows, whatever its target: encode them by the
    tree's schema, route them (``apply``, ``decision_path``). Subclasses set ``tree_`` in
    ``fit`` through :meth:`_dataset`."""

    def _fitted_schema(self) -> Schema:
        if not hasattr(self, "tree_"):
            raise self._not_fitted()
        return self.tree_.schema

    def apply(self, X) -> np.ndarray:
        """Leaf id of each row."""
        encoded = self._encoded(X)
        return self.tree_.apply(encoded)

    def decision_path(self, X) -> np.ndarray:
        """(rows × nodes) weight with which each row passes each node."""
        encoded = self._encoded(X)
        return self.tree_.decision_path(encoded)


class DecisionTreeClassifier(ClassifierMixin, FittedTree, BaseEstimator):
    """ID3, C4.5 or CART classification tree, grown by Hunt's TreeGenerate and post-pruned.

    Parameters
    ----------
    algorithm : "id3", "c45", "cart" or "j48" (``treecore.ALGORITHMS``; "j48" is C4.5 release
        8 as Weka's J48 runs it: ``min_samples_leaf`` is its ``-M``, ``pruning="ebp"`` with
        ``cf`` its pruning with subtree raising, ``pruning=None`` its ``-U`` tree).
    criterion : the split criterion; None means the algorithm's own (information gain, gain
        ratio, Gini index).
    max_depth, min_samples_split, min_samples_leaf, min_impurity_decrease, max_leaf_nodes :
        pre-pruning, as in scikit-learn (``max_leaf_nodes`` grows breadth first).
    min_gain : Li Hang's threshold ε on the score of the best split.
    threshold_style : "midpoint" (Zhou 式 4.7) or "data" (Quinlan's C4.5 program).
    pruning : None, "rep" (reduced-error pruning on held-out rows), "pep" (pessimistic error
        pruning) or "ebp" (C4.5's error-based pruning): :data:`PRUNING`, from the registry
        :data:`treecore.pruning.PRUNERS`.
    cf : C4.5's confidence factor for ``pruning="ebp"`` (smaller prunes more).
    validation_fraction : the share of rows held out, stratified, for ``pruning="rep"``; the
        tree grows on the rest.
    ccp_alpha : cost-complexity pruning after ``pruning``, as scikit-learn's (0: none).
    random_state : seed of the held-out split for ``pruning="rep"`` (anything
        ``numpy.random.default_rng`` takes); growth itself is deterministic.

    Attributes
    ----------
    tree_ : the fitted, pruned :class:`~treecore.Tree`.
    classes_ : the classes, sorted; ``predict_proba``'s columns.
    class_order_ : the classes in the order they first appear in the rows grown on.
    n_classes_, n_features_in_ : their numbers.
    feature_names_in_ : the column names, when ``X`` was a DataFrame with string names.
    """

    def __init__(self, *, algorithm="cart", criterion=None, max_depth=None, min_samples_split=2,
                 min_samples_leaf=1, min_impurity_decrease=0.0, min_gain=0.0,
                 max_leaf_nodes=None, threshold_style="midpoint", pruning=None, cf=0.25,
                 validation_fraction=0.3, ccp_alpha=0.0, random_state=None):
        self.algorithm = algorithm
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.min_gain = min_gain
        self.max_leaf_nodes = max_leaf_nodes
        self.threshold_style = threshold_style
        self.pruning = pruning
        self.cf = cf
        self.validation_fraction = validation_fraction
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state

    # ------------------------------------------------------------------- learning
    def fit(self, X, y, sample_weight=None) -> "DecisionTreeClassifier":
        """Grow the tree on features ``X`` and classes ``y``, then prune it.

        A row of weight 0 counts as absent (:meth:`Dataset.from_frame`).
        """
        if self.pruning is not None and self.pruning not in PRUNING:
            raise ConfigError(f"unknown pruning {self.pruning!r}; choose None or one of "
                              f"{sorted(PRUNING)}")
        dataset, labels = self._dataset(X, y, sample_weight, "classification")
        self.tree_ = self._pruned(*self._held_out(dataset))
        self.classes_ = np.unique(labels)
        self.class_order_ = np.asarray(dataset.classes, dtype=self.classes_.dtype)
        self.n_classes_ = len(self.classes_)
        return self

    def _held_out(self, dataset: Dataset) -> tuple[Dataset, Dataset | None]:
        """(rows to grow on, rows to prune on): a method needing validation rows (REP) holds
        out ``validation_fraction``."""
        if self.pruning is None or not PRUNERS[self.pruning].needs_validation(self._options()):
            return dataset, None
        grow_rows, validation_rows = stratified_split(
            dataset.y, validation_size=self.validation_fraction, seed=self.random_state)
        return dataset.subset(grow_rows), dataset.subset(validation_rows)

    def _pruned(self, dataset: Dataset, validation: Dataset | None) -> Tree:
        """The tree grown on ``dataset``, pruned by ``pruning``, then at ``ccp_alpha``."""
        tree = grow(dataset, algorithm=self.algorithm, criterion=self.criterion,
                    max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                    min_samples_leaf=self.min_samples_leaf,
                    min_impurity_decrease=self.min_impurity_decrease, min_gain=self.min_gain,
                    max_leaves=self.max_leaf_nodes, threshold_style=self.threshold_style)
        if self.pruning is not None:
            tree = PRUNERS[self.pruning].prune(tree, train=dataset, validation=validation,
                                               options=self._options()).tree
        if self.ccp_alpha != 0:                       # scikit-learn's α = 0 prunes nothing
            tree = prune_ccp(tree, self.ccp_alpha).tree
        return tree

    def _options(self) -> dict:
        """The pruning options this estimator sets (the others stay at their defaults)."""
        return {"cf": self.cf}

    # ------------------------------------------------------------------- using
    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, columns in ``classes_`` order (missing values blended); a class
        that only rows of weight 0 had gets probability 0."""
        return self._proba_of_encoded(self._encoded(X))

    def _proba_of_encoded(self, encoded: np.ndarray) -> np.ndarray:
        """:meth:`predict_proba` of rows already checked and encoded."""
        tree_proba = self.tree_.predict_proba(encoded)
        proba = np.zeros((len(tree_proba), self.n_classes_))
        proba[:, np.searchsorted(self.classes_, self.class_order_)] = tree_proba
        return proba

    def predict(self, X) -> np.ndarray:
        """The most probable class; a tie goes to the first in ``classes_``, as scikit-learn's."""
        proba = self.predict_proba(X)
        return self.classes_[most_probable(proba)]
