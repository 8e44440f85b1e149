"""Ensembles of treecore trees: each member is a :class:`~treecore.Tree` the explorer can draw
(:mod:`.members` grows them on one encoded data set; :mod:`.forest` holds the random forests,
:mod:`.adaboost` and :mod:`.gradient_boosting` the boosted ensembles).

The estimators are imported on first use (PEP 562), as :mod:`treecore`'s are: they build on
scikit-learn's base classes when it is installed, and the app need not import it.
"""

from .members import MemberGrower

#: The estimators, by the module of this package that defines each.
_ESTIMATORS = {"RandomForestClassifier": "forest", "RandomForestRegressor": "forest",
               "AdaBoostClassifier": "adaboost",
               "GradientBoostingClassifier": "gradient_boosting",
               "GradientBoostingRegressor": "gradient_boosting"}

__all__ = ["MemberGrower", *_ESTIMATORS]


def __getattr__(name: str):
    if name in _ESTIMATORS:
        from importlib import import_module

        return getattr(import_module(f".{_ESTIMATORS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
