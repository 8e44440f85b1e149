"""scikit-learn's base classes when scikit-learn is installed, small stand-ins when it is not.

With scikit-learn present, :class:`~treecore.estimators.classifier.DecisionTreeClassifier` is a real
``BaseEstimator`` and ``ClassifierMixin`` (tags, ``clone``, HTML repr, ``score`` by
``accuracy_score``) and :class:`~treecore.estimators.regressor.DecisionTreeRegressor` a
``RegressorMixin`` (``score`` by ``r2_score``); their errors and warnings are scikit-learn's, so
meta-estimators and ``except sklearn.exceptions.NotFittedError`` treat them like their own. Without
it, the stand-ins keep the same conventions: parameters read from the keyword-only arguments of
``__init__``, ``get_params``/``set_params``, a repr of the changed parameters, accuracy or R²
as ``score``.

scikit-learn is a test-only dependency: this is the one module that imports it, and only the
estimators import this module (``treecore`` loads them on first use), so the app never
pays for it.
"""

from __future__ import annotations

import inspect

from .. import errors
from ..measures.evaluate import accuracy, r2

try:
    from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
    from sklearn.exceptions import DataConversionWarning
    from sklearn.exceptions import NotFittedError as _SklearnNotFittedError
except ImportError:                                              # the runtime without sklearn
    SKLEARN = False

    class BaseEstimator:
        """Parameters are the keyword-only arguments of ``__init__``, stored unchanged."""

        @classmethod
        def _get_param_names(cls) -> list[str]:
            return sorted(p.name for p in inspect.signature(cls.__init__).parameters.values()
                          if p.kind is p.KEYWORD_ONLY)

        def get_params(self, deep: bool = True) -> dict:
            return {name: getattr(self, name) for name in self._get_param_names()}

        def set_params(self, **params):
            valid = self._get_param_names()
            for name, value in params.items():
                if name not in valid:
                    raise ValueError(f"Invalid parameter {name!r} for estimator {self!r}. "
                                     f"Valid parameters are: {valid!r}.")
                setattr(self, name, value)
            return self

        def __repr__(self) -> str:
            defaults = type(self)().get_params()
            changed = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items()
                                if v != defaults[k])
            return f"{type(self).__name__}({changed})"

    class ClassifierMixin:
        """``score`` is the (weighted) accuracy of ``predict``."""

        _estimator_type = "classifier"

        def score(self, X, y, sample_weight=None) -> float:
            return accuracy(y, self.predict(X), sample_weight)

    class RegressorMixin:
        """``score`` is the (weighted) R² of ``predict``."""

        _estimator_type = "regressor"

        def score(self, X, y, sample_weight=None) -> float:
            return r2(y, self.predict(X), sample_weight)

    class DataConversionWarning(UserWarning):
        """The data was converted to the form the estimator needs (e.g. a column-vector y)."""

    NotFittedError = errors.NotFittedError
else:
    SKLEARN = True

    class NotFittedError(errors.NotFittedError, _SklearnNotFittedError):
        """A model used before ``fit``: both treecore's and scikit-learn's ``NotFittedError``."""

__all__ = ["SKLEARN", "BaseEstimator", "ClassifierMixin", "RegressorMixin",
           "DataConversionWarning", "NotFittedError"]
