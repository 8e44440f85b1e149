"""A scikit-learn style classifier over the engine, written without importing scikit-learn.

Conventions kept (so ``clone``, ``cross_val_score`` and ``Pipeline`` work): keyword parameters
stored unchanged by ``__init__``; validation in ``fit``; ``fit`` returns ``self``; learned
attributes end in ``_``; ``get_params``/``set_params``. Unlike scikit-learn it takes DataFrames
with nominal text columns and missing values as they are, and ``classes_`` keeps the order in
which classes first appear (the order the textbooks print).

>>> import pandas as pd
>>> frame = pd.read_csv("../shared/examples/watermelon3.0.csv").drop(columns="编号")
>>> model = DecisionTreeClassifier(algorithm="id3").fit(frame.drop(columns="好瓜"), frame["好瓜"])
>>> model.tree_.root.split.feature, model.score(frame.drop(columns="好瓜"), frame["好瓜"])
('纹理', 1.0)
"""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd

from .builder import grow
from .dataset import Dataset, Kind, infer_kinds
from .errors import NotFittedError

_TARGET = "__target__"


class DecisionTreeClassifier:
    """ID3, C4.5 or CART classification tree (``algorithm``), grown by Hunt's TreeGenerate.

    ``criterion`` None means the algorithm's own (information gain, gain ratio, Gini);
    ``max_leaf_nodes`` limits leaves (breadth-first growth); ``min_gain`` is Li Hang's ε.
    ``random_state`` is accepted for API compatibility: growth is deterministic.
    """

    _estimator_type = "classifier"

    def __init__(self, *, algorithm="cart", criterion=None, max_depth=None, min_samples_split=2,
                 min_samples_leaf=1, min_impurity_decrease=0.0, min_gain=0.0,
                 max_leaf_nodes=None, threshold_style="midpoint", random_state=None):
        self.algorithm = algorithm
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.min_gain = min_gain
        self.max_leaf_nodes = max_leaf_nodes
        self.threshold_style = threshold_style
        self.random_state = random_state

    # ------------------------------------------------------------------- parameters
    @classmethod
    def _param_names(cls) -> list[str]:
        return sorted(p.name for p in inspect.signature(cls.__init__).parameters.values()
                      if p.kind is p.KEYWORD_ONLY)

    def get_params(self, deep: bool = True) -> dict:
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params) -> "DecisionTreeClassifier":
        valid = self._param_names()
        for name, value in params.items():
            if name not in valid:
                raise ValueError(f"invalid parameter {name!r} for {type(self).__name__}; "
                                 f"valid parameters are {valid}")
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        defaults = type(self)().get_params()
        changed = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items() if v != defaults[k])
        return f"{type(self).__name__}({changed})"

    def __sklearn_tags__(self):
        """Tags for scikit-learn's meta-estimators; only scikit-learn itself calls this."""
        from sklearn.utils import ClassifierTags, InputTags, Tags, TargetTags

        return Tags(estimator_type="classifier", target_tags=TargetTags(required=True),
                    classifier_tags=ClassifierTags(),
                    input_tags=InputTags(allow_nan=True, categorical=True, string=True))

    # ------------------------------------------------------------------- learning
    def fit(self, X, y, sample_weight=None) -> "DecisionTreeClassifier":
        """Grow the tree on features ``X`` (DataFrame or array) and classes ``y``."""
        frame = self._frame(X, fitting=True)
        labels = np.asarray(y).ravel()
        if labels.dtype.kind not in "biuf":          # numbers keep their dtype: encoded at once
            labels = labels.astype(object)
        if len(labels) != len(frame):
            raise ValueError(f"X has {len(frame)} rows but y has {len(labels)}")
        data = frame.assign(**{_TARGET: labels})
        kinds = {name: kind if kind is not Kind.IGNORED else
                 (Kind.CONTINUOUS if pd.api.types.is_numeric_dtype(frame[name]) else Kind.NOMINAL)
                 for name, kind in infer_kinds(frame).items()}
        dataset = Dataset.from_frame(data, _TARGET, kinds=kinds, weights=sample_weight)
        self.tree_ = grow(dataset, algorithm=self.algorithm, criterion=self.criterion,
                          max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                          min_samples_leaf=self.min_samples_leaf,
                          min_impurity_decrease=self.min_impurity_decrease, min_gain=self.min_gain,
                          max_leaves=self.max_leaf_nodes, threshold_style=self.threshold_style)
        self.classes_ = np.asarray(dataset.classes, dtype=object)
        if all(isinstance(c, (int, np.integer)) for c in dataset.classes):
            self.classes_ = self.classes_.astype(np.int64)
        self.n_classes_ = len(self.classes_)
        self.n_features_in_ = frame.shape[1]
        return self

    def _frame(self, X, fitting: bool = False) -> pd.DataFrame:
        if isinstance(X, pd.DataFrame):
            if fitting:
                self.feature_names_in_ = np.asarray(X.columns, dtype=object)
            return X
        array = np.asarray(X)
        if array.ndim != 2:
            raise ValueError(f"X must be 2-dimensional, got shape {array.shape}")
        if fitting and hasattr(self, "feature_names_in_"):
            del self.feature_names_in_
        return pd.DataFrame(array, columns=[f"x{i}" for i in range(array.shape[1])])

    def _check_fitted(self) -> None:
        if not hasattr(self, "tree_"):
            raise NotFittedError(f"this {type(self).__name__} is not fitted yet; call fit first")

    # ------------------------------------------------------------------- using
    def _encoded(self, X) -> np.ndarray:
        """``X`` encoded by the tree's schema; call it before touching ``tree_``, since it is
        what raises :class:`NotFittedError` on an unfitted model."""
        self._check_fitted()
        return self.tree_.schema.encode(self._frame(X))

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, columns in ``classes_`` order (missing values blended)."""
        encoded = self._encoded(X)
        return self.tree_.predict_proba(encoded)

    def predict(self, X) -> np.ndarray:
        from .predict import most_probable

        proba = self.predict_proba(X)
        return self.classes_[most_probable(proba)]

    def apply(self, X) -> np.ndarray:
        """Leaf id of each row."""
        encoded = self._encoded(X)
        return self.tree_.apply(encoded)

    def decision_path(self, X) -> np.ndarray:
        """(rows × nodes) weight with which each row passes each node."""
        encoded = self._encoded(X)
        return self.tree_.decision_path(encoded)

    def score(self, X, y, sample_weight=None) -> float:
        """Accuracy: the (weighted) share of rows predicted correctly."""
        correct = (self.predict(X) == np.asarray(y, dtype=self.classes_.dtype).ravel())
        return float(np.average(correct, weights=sample_weight))
