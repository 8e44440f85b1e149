"""Impurity importance (特征重要性) of the features of a tree and of an ensemble of trees.

A split of node t on feature j lowers the impurity of the training weight by

    W_t I(t) − Σ_children W_c I(c)

(Breiman et al. 1984, §5.3.4, "mean decrease in impurity"); a tree's importance of j sums
that over the nodes split on j, per unit of the root's weight W. An ensemble averages its trees' sums (trees that never split
left out) and divides by the total, so the importances add up to 1: scikit-learn's
``feature_importances_`` of a random forest or of gradient boosting.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from ..tree import Tree


def impurity_decrease(tree: Tree) -> np.ndarray:
    """Σ over the nodes split on each feature of (W_t I(t) − Σ W_c I(c)) / W, one entry a
    feature (W the root's weight, as scikit-learn's ``compute_feature_importances``)."""
    decrease = np.zeros(len(tree.feature_names))
    for node in tree.iter_nodes():
        if node.split is None:
            continue
        children = tree.children(node.node_id)
        decrease[node.split.feature_index] += (
            node.weighted_n_samples * node.impurity
            - sum(child.weighted_n_samples * child.impurity for child in children))
    return decrease / tree.root.weighted_n_samples


def mean_importances(trees: Iterable[Tree], n_features: int) -> np.ndarray:
    """The trees' impurity decreases averaged over the trees that split, normalised to sum 1;
    zeros when no tree splits."""
    decreases = [impurity_decrease(tree) for tree in trees if tree.n_nodes > 1]
    if not decreases:
        return np.zeros(n_features)
    mean = np.mean(decreases, axis=0)
    return mean / mean.sum()
