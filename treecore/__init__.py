"""treecore: decision trees exactly as the textbooks define them.

ID3, C4.5 and CART classification trees with Hunt's TreeGenerate, grown step by step
(:func:`grow_steps`), explained node by node (:func:`split_candidates`, :func:`threshold_curve`),
pruned (:mod:`treecore.pruning`) and used through a scikit-learn style estimator.
"""

from .algorithms import ALGORITHMS, CRITERIA, THRESHOLD_STYLES
from .builder import GrowthConfig, GrowthStep, grow, grow_steps
from .candidates import Candidate, CandidateTable
from .dataset import DEFAULT_MISSING, Dataset, Feature, Kind, Schema, infer_kinds
from .errors import ConfigError, DataError, NotFittedError, TimeLimitError, TreecoreError
from .estimator import DecisionTreeClassifier
from .explain import ThresholdCurve, split_candidates, threshold_curve, threshold_curves
from .tree import Node, NodeSample, StopReason, Tree

__all__ = [
    "ALGORITHMS", "CRITERIA", "THRESHOLD_STYLES", "GrowthConfig", "GrowthStep", "grow",
    "grow_steps", "Candidate", "CandidateTable", "DEFAULT_MISSING", "Dataset", "Feature", "Kind",
    "Schema", "infer_kinds", "ConfigError", "DataError", "NotFittedError", "TimeLimitError",
    "TreecoreError", "ThresholdCurve", "split_candidates", "threshold_curve", "threshold_curves",
    "Node", "NodeSample", "StopReason", "Tree", "DecisionTreeClassifier",
]
