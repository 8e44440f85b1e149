"""The loss a tree makes on labelled rows: per node, and for every tree of a pruning sequence.

One loss ℓ per kind of tree, so the validation-set methods (REP, the choice of CCP's α) are
written once for both:

* classification: the 0-1 loss ℓᵢ(t) = [yᵢ ≠ majority(t)], whose weighted sum is the
  misclassified weight and whose mean is the error rate 1 − accuracy;
* regression: the tree's own loss, ℓᵢ(t) = |yᵢ − c_t|^p (:func:`loss_power`): for a
  least-squares tree the squared error (p = 2, c_t the node's training mean), whose weighted
  sum is the validation SSE and whose mean is the MSE (RMSE = √MSE); for a least-absolute-
  deviation tree the absolute error (p = 1, c_t the node's training median), whose mean is
  the MAE. A figure that is a squared error whatever the tree (RMSE, R²) asks for p = 2.

A node's loss is that of its rows if it were a leaf; a subtree's is the sum over its leaves, so
collapsing node t into a leaf changes the loss of a tree by L(t) − Σ_{leaves l of T_t} L(l).

The moments Σ wᵢ ℓᵢ^m (m = 1, 2) give the mean R = Σwℓ / W and the standard error of that mean,
SE(R) = s / √N' with s² = Σwℓ² / W − R² (Breiman et al. 1984, §3.4.3; ch. 8 for regression
trees; N' the rows scored). For the 0-1 loss ℓ² = ℓ, so s² = R(1 − R): the binomial standard error.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..data import Dataset
from ..tree import predict as _predict
from .arrays import TreeArrays


def loss_power(tree) -> int:
    """The power p of a regression tree's loss |y − c|^p: 1 for a least-absolute-deviation
    tree (``criterion="absolute_error"``), else 2."""
    return 1 if tree.criterion == "absolute_error" else 2


def node_losses(arrays: TreeArrays, data: Dataset, moment: int = 1,
                power: int | None = None) -> np.ndarray:
    """Σ wᵢ ℓᵢ(t)^moment over the rows of ``data`` reaching each node t (pre-order positions),
    in one routing pass; a row with a missing tested value reaches several nodes with
    fractional weights. ``power``: a regression loss's p (default: the tree's own)."""
    if arrays.tree.is_regression:
        p = (power or loss_power(arrays.tree)) * moment
        return arrays.routed_sum(data.X, data.weights,
                                 lambda rows, at: np.abs(data.y[rows] - arrays.value[at]) ** p)
    reached = arrays.class_weights(data.X, data.y, data.weights)
    return reached.sum(axis=1) - reached[np.arange(len(reached)), arrays.prediction]


def row_losses(tree, data: Dataset, moment: int = 1, power: int | None = None) -> np.ndarray:
    """ℓᵢ^moment of each row of ``data`` under ``tree``'s prediction (unweighted)."""
    predicted = tree.predict(data.X)
    if tree.is_regression:
        return np.abs(data.y - predicted) ** ((power or loss_power(tree)) * moment)
    labels = np.asarray(data.classes, dtype=object)[data.y]
    return (predicted != labels).astype(float)


def path_losses(path, data: Dataset, indices: Sequence[int] | None = None,
                moment: int = 1, power: int | None = None) -> np.ndarray:
    """Σ wᵢ ℓᵢ^moment of ``path.trees[i]`` (a :class:`~.ccp.CCPPath`) on ``data`` for each i of
    ``indices`` (all by default), from one routing pass through the unpruned tree.

    A row that lands in a single leaf adds its loss to every node it passes; the loss of a
    pruned tree is the sum over its leaves, and collapsing t replaces the leaves below t by t
    itself: O(|T_t|) per prune. A row split over branches by a missing value is blended across
    leaves (not additive), so those rows are scored by predicting them with each tree asked for.
    """
    tree = path.trees[0]
    indices = np.arange(len(path.trees)) if indices is None else np.asarray(indices)
    reached = np.zeros(data.n_rows, np.int64)
    for rows, pos, _ in _predict.walk(tree.compiled, data.X):
        np.add.at(reached, rows[tree.compiled.n_children[pos] == 0], 1)
    whole, split = data.subset(reached == 1), data.subset(reached > 1)
    arrays = TreeArrays.of(tree)
    loss = node_losses(arrays, whole, moment, power)
    leaf = arrays.is_leaf.copy()
    running = [float(loss[leaf].sum())]
    for node_id in path.pruned:
        p = arrays.position[node_id]
        end = p + arrays.size[p]
        running.append(running[-1] + float(loss[p] - loss[p:end][leaf[p:end]].sum()))
        leaf[p:end], leaf[p] = False, True
    total = np.asarray(running)[indices]
    if split.n_rows:
        total = total + [float(split.weights @ row_losses(path.trees[i], split, moment, power))
                         for i in indices]
    return total


def path_moments(path, data: Dataset, indices: Sequence[int] | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """(Σwℓ, Σwℓ²) of each tree of :func:`path_losses`; for the 0-1 loss ℓ² = ℓ, so a
    classification tree's rows are routed once for both."""
    first = path_losses(path, data, indices)
    if not path.trees[0].is_regression:
        return first, first
    return first, path_losses(path, data, indices, moment=2)


def mean_and_standard_error(first: np.ndarray, second: np.ndarray, weight: float,
                            n_scored: int) -> tuple[np.ndarray, np.ndarray]:
    """R = Σwℓ / W and SE(R) = √((Σwℓ² / W − R²) / N') from the two moments' sums."""
    mean = first / weight
    return mean, np.sqrt(np.maximum(second / weight - mean ** 2, 0.0) / n_scored)
