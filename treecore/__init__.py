"""treecore: decision trees exactly as the textbooks define them.

ID3, C4.5 and CART classification trees with Hunt's TreeGenerate, grown step by step
(:func:`grow_steps`), explained node by node (:func:`split_candidates`, :func:`threshold_curve`),
pruned (:mod:`treecore.pruning`) and used through a scikit-learn estimator
(:class:`DecisionTreeClassifier`); CART's least-squares regression trees likewise
(:class:`DecisionTreeRegressor`).
"""

from .algorithms import ALGORITHMS, CRITERIA, THRESHOLD_STYLES
from .data import DEFAULT_MISSING, Dataset, Feature, Kind, Schema, infer_kinds, infer_task
from .errors import ConfigError, DataError, NotFittedError, TimeLimitError, TreecoreError
from .grow.engines import grow, grow_steps
from .grow.growing import GrowthConfig, GrowthStep
from .split.candidates import Candidate, CandidateTable
from .tree.explain import ThresholdCurve, split_candidates, threshold_curve, threshold_curves
from .tree.nodes import Node, NodeSample, StopReason, Tree

__all__ = [
    "ALGORITHMS", "CRITERIA", "THRESHOLD_STYLES", "GrowthConfig", "GrowthStep", "grow",
    "grow_steps", "Candidate", "CandidateTable", "DEFAULT_MISSING", "Dataset", "Feature", "Kind",
    "Schema", "infer_kinds", "infer_task",
    "ConfigError", "DataError", "NotFittedError", "TimeLimitError",
    "TreecoreError", "ThresholdCurve", "split_candidates", "threshold_curve", "threshold_curves",
    "Node", "NodeSample", "StopReason", "Tree", "DecisionTreeClassifier", "DecisionTreeRegressor",
    "RandomForestClassifier", "RandomForestRegressor", "AdaBoostClassifier",
    "GradientBoostingClassifier", "GradientBoostingRegressor",
]

#: The estimators, imported on first use (PEP 562), by the module that defines each.
_ESTIMATORS = {"DecisionTreeClassifier": "estimators.classifier",
               "DecisionTreeRegressor": "estimators.regressor",
               "RandomForestClassifier": "ensemble.forest",
               "RandomForestRegressor": "ensemble.forest",
               "AdaBoostClassifier": "ensemble.adaboost",
               "GradientBoostingClassifier": "ensemble.gradient_boosting",
               "GradientBoostingRegressor": "ensemble.gradient_boosting"}


def __getattr__(name: str):
    """The estimators are imported on first use (PEP 562): they build on scikit-learn's base
    classes when scikit-learn is installed, and the app, which grows trees without them,
    should not pay for importing scikit-learn."""
    if name in _ESTIMATORS:
        from importlib import import_module

        return getattr(import_module(f".{_ESTIMATORS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

