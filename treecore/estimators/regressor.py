"""A scikit-learn regressor over the engine: CART's least-squares regression tree.

The tree of Li Hang §5.5.1 (最小二乘回归树): each leaf predicts the weighted mean of its rows'
targets, and each split is the cut (j, s) that least leaves squared error
(:mod:`treecore.measures.squared_error`). With scikit-learn's conventions, like the classifier
(:mod:`treecore.estimators.classifier`): ``fit`` returns ``self``, ``predict``, ``score`` (R²),
``tree_``, ``feature_names_in_``; ``clone``, ``Pipeline`` and ``cross_val_score`` take it.

>>> import pandas as pd
>>> frame = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0], "y": [1.0, 1.2, 3.0, 3.4]})
>>> model = DecisionTreeRegressor(max_depth=1).fit(frame[["x"]], frame["y"])
>>> model.tree_.root.split.threshold, model.predict(frame[["x"]]).round(3).tolist()
(2.5, [1.1, 1.1, 3.2, 3.2])
"""

from __future__ import annotations

import numpy as np

from ..grow.engines import grow
from ..pruning import prune_ccp
from .classifier import FittedTree
from .sklearn_compat import BaseEstimator, RegressorMixin


class DecisionTreeRegressor(RegressorMixin, FittedTree, BaseEstimator):
    """CART regression tree, grown by Hunt's TreeGenerate with the squared error.

    Parameters
    ----------
    criterion : "squared_error" (the leaf value is the weighted mean) or "absolute_error"
        (the weighted median, scikit-learn's rule).
    Features may be nominal (text: two groups of values, ordered by their mean target, or by
    their median for the absolute error) and may have missing values (C4.5's fractional rows;
    a prediction blends the branches).
    max_depth, min_samples_split, min_samples_leaf, min_impurity_decrease, max_leaf_nodes :
        pre-pruning, as in scikit-learn (``max_leaf_nodes`` grows breadth first).
    threshold_style : "midpoint" (scikit-learn's and Zhou 式 4.7) or "data".
    ccp_alpha : cost-complexity pruning with the weighted MSE as node impurity, as
        scikit-learn's (0: none).
    random_state : accepted for scikit-learn's API; growth is deterministic (ties go to the
        first feature in column order and the lowest threshold).

    Attributes
    ----------
    tree_ : the fitted :class:`~treecore.Tree` (``node.value`` is each node's mean).
    n_features_in_, feature_names_in_ : as scikit-learn's.
    """

    def __init__(self, *, criterion="squared_error", max_depth=None, min_samples_split=2,
                 min_samples_leaf=1, min_impurity_decrease=0.0, max_leaf_nodes=None,
                 threshold_style="midpoint", ccp_alpha=0.0, random_state=None):
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.max_leaf_nodes = max_leaf_nodes
        self.threshold_style = threshold_style
        self.ccp_alpha = ccp_alpha
        self.random_state = random_state

    def fit(self, X, y, sample_weight=None) -> "DecisionTreeRegressor":
        """Grow the tree on features ``X`` and numbers ``y`` (a row of weight 0 counts as
        absent), then prune it at ``ccp_alpha``. Nominal features split into two groups of
        values, and missing values are taken as C4.5 takes them
        (:mod:`treecore.split.least_squares`)."""
        dataset, _ = self._dataset(X, y, sample_weight, "regression")
        tree = grow(dataset, algorithm="cart", criterion=self.criterion, task="regression",
                    max_depth=self.max_depth, min_samples_split=self.min_samples_split,
                    min_samples_leaf=self.min_samples_leaf,
                    min_impurity_decrease=self.min_impurity_decrease,
                    max_leaves=self.max_leaf_nodes, threshold_style=self.threshold_style)
        if self.ccp_alpha != 0:                       # scikit-learn's α = 0 prunes nothing
            tree = prune_ccp(tree, self.ccp_alpha).tree
        self.tree_ = tree
        return self

    def predict(self, X) -> np.ndarray:
        """The value of the leaf each row reaches (blended by weight where a tested value is
        missing)."""
        encoded = self._encoded(X)                    # raises NotFittedError before fit
        return self.tree_.predict(encoded)
