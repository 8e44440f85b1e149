"""treecore: decision trees exactly as the textbooks define them.

ID3, C4.5 and CART classification trees with Hunt's TreeGenerate, grown step by step
(:func:`grow_steps`), explained node by node (:func:`split_candidates`, :func:`threshold_curve`),
pruned (:mod:`treecore.pruning`) and used through a scikit-learn estimator
(:class:`DecisionTreeClassifier`).
"""

from .algorithms import ALGORITHMS, CRITERIA, THRESHOLD_STYLES
from .builder import GrowthConfig, GrowthStep, grow, grow_steps
from .candidates import Candidate, CandidateTable
from .dataset import DEFAULT_MISSING, Dataset, Feature, Kind, Schema, infer_kinds
from .errors import ConfigError, DataError, NotFittedError, TimeLimitError, TreecoreError
from .explain import ThresholdCurve, split_candidates, threshold_curve, threshold_curves
from .tree import Node, NodeSample, StopReason, Tree

__all__ = [
    "ALGORITHMS", "CRITERIA", "THRESHOLD_STYLES", "GrowthConfig", "GrowthStep", "grow",
    "grow_steps", "Candidate", "CandidateTable", "DEFAULT_MISSING", "Dataset", "Feature", "Kind",
    "Schema", "infer_kinds", "ConfigError", "DataError", "NotFittedError", "TimeLimitError",
    "TreecoreError", "ThresholdCurve", "split_candidates", "threshold_curve", "threshold_curves",
    "Node", "NodeSample", "StopReason", "Tree", "DecisionTreeClassifier",
]


def __getattr__(name: str):
    """``DecisionTreeClassifier`` is imported on first use (PEP 562): it builds on scikit-learn's
    base classes when scikit-learn is installed, and the app, which grows trees without the
    estimator, should not pay for importing scikit-learn."""
    if name == "DecisionTreeClassifier":
        from .estimator import DecisionTreeClassifier

        return DecisionTreeClassifier
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
