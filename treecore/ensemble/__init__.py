"""Ensembles of treecore trees: each member is a :class:`~treecore.Tree` the explorer can draw
(:mod:`.members` grows them on one encoded data set)."""

from .members import MemberGrower

__all__ = ["MemberGrower"]

#: The boosting estimators, imported on first use (PEP 562) by the module that defines each:
#: like ``treecore``'s own estimators, they build on scikit-learn when it is installed.
_BOOSTING = {"AdaBoostClassifier": "adaboost", "GradientBoostingClassifier": "gradient_boosting",
             "GradientBoostingRegressor": "gradient_boosting"}
__all__ += list(_BOOSTING)


def __getattr__(name: str):
    if name in _BOOSTING:
        from importlib import import_module

        return getattr(import_module(f".{_BOOSTING[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
