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
from ..jit import njit

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


def path_losses(path, data: Dataset, indices: Sequence[int] | None = None,
                moment: int = 1, power: int | None = None) -> np.ndarray:
    """Σ wᵢ ℓᵢ^moment of ``path.trees[i]`` (a :class:`~.ccp.CCPPath`) on ``data`` for each i of
    ``indices`` (all by default), from one routing pass through the unpruned tree.

    A row that lands in a single leaf adds its loss to every node it passes; the loss of a
    pruned tree is the sum over its leaves, and collapsing t replaces the leaves below t by t
    itself: O(|T_t|) per prune. A row split over branches by a missing value is blended across
    leaves (not additive): its blend is kept along the path, each prune replacing the row's
    share of the leaves below t by its share of t (:func:`_blended_losses`), so no tree of
    the path is built to score it.
    """
    tree = path.trees[0]
    indices = np.arange(len(path.trees)) if indices is None else np.asarray(indices)
    reached = np.zeros(data.n_rows, np.int64)
    for rows, pos, _ in _predict.walk(tree.compiled, data.X):
        reached += np.bincount(rows[tree.compiled.n_children[pos] == 0], minlength=data.n_rows)
    is_split = reached > 1
    arrays = TreeArrays.of(tree)
    loss = node_losses(arrays, data.subset(~is_split), moment, power)
    leaf = arrays.is_leaf.copy()
    running = [float(loss[leaf].sum())]
    pruned = np.array([arrays.position[node_id] for node_id in path.pruned], np.int64)
    for p in pruned.tolist():
        end = p + arrays.size[p]
        running.append(running[-1] + float(loss[p] - loss[p:end][leaf[p:end]].sum()))
        leaf[p:end], leaf[p] = False, True
    total = np.asarray(running)
    if is_split.any():
        total = total + _split_rows_losses(arrays, data.subset(is_split), pruned, moment, power)
    return total[indices]


def _split_rows_losses(arrays: TreeArrays, split: Dataset, pruned: np.ndarray, moment: int,
                       power: int | None) -> np.ndarray:
    """Σ wᵢ ℓᵢ^moment of the rows of ``split`` (each split over several leaves) under the
    unpruned tree and after each prune (``pruned``: pre-order positions): every (row, node) the
    routing reaches, with the row's weight there, grouped by node in pre-order for
    :func:`_blended_losses`. Only these rows' particles are kept: a table without missing
    values has none."""
    tree = arrays.tree
    rows, positions, weights = [], [], []
    for reached, pos, w in _predict.walk(tree.compiled, split.X):
        rows.append(reached)
        positions.append(pos)
        weights.append(w)
    position = np.concatenate(positions)
    order, first = _grouped(arrays.tree_position[position], len(arrays.ids))
    exponent = 0 if not tree.is_regression else (power or loss_power(tree)) * moment
    return _blended_losses(first, order, np.concatenate(rows), np.concatenate(weights), position,
                           tree.compiled.distribution, arrays.size, arrays.is_leaf, pruned,
                           split.y.astype(float), split.weights.astype(float), exponent)


@njit(cache=True)
def _grouped(place, n_places):
    """The order that groups the items by ``place`` (0 … ``n_places`` − 1), ascending and
    keeping the items' order within a place (a counting sort: ``np.argsort(place,
    kind="stable")`` in linear time), and where each place's items begin in it (``first``,
    with ``n_places`` + 1 entries)."""
    first = np.zeros(n_places + 1, np.int64)
    for p in place:
        first[p + 1] += 1
    for p in range(n_places):
        first[p + 1] += first[p]
    order = np.empty(len(place), np.int64)
    filled = first[:-1].copy()
    for i in range(len(place)):
        order[filled[place[i]]] = i
        filled[place[i]] += 1
    return order, first


@njit(cache=True)
def _blended_losses(first, order, row, at_weight, position, distribution, size, is_leaf, pruned,
                    y, weight, exponent):
    """Σ wᵢ ℓᵢ of rows split over several leaves, for the tree and after each prune of
    ``pruned`` (pre-order positions, in order). Node p's particles are ``order[first[p]]`` …
    ``order[first[p + 1] − 1]``, each a row (``row``) reaching the node at ``position`` of
    the compiled tree with weight ``at_weight``; its share is that weight × the node's
    ``distribution`` (or value), and a row's blend is Σ of its shares at the current leaves
    (its class probabilities, or a regression tree's prediction). Collapsing p takes the
    row's shares at the leaves below p out of its blend and puts its share at p in, and only
    the rows reaching p change their loss: ℓ = [the most probable class (ties to the first,
    within 1e-12, as :func:`treecore.tree.predict.most_probable`) ≠ y] with ``exponent`` 0,
    else |y − prediction|^exponent."""
    blend = np.zeros((len(y), distribution.shape[1]))
    for p in range(len(size)):
        if is_leaf[p]:
            for q in range(first[p], first[p + 1]):
                _add_share(blend, order[q], row, at_weight, position, distribution, 1.0)
    loss = np.empty(len(y))
    total = 0.0
    for r in range(len(y)):
        loss[r] = _row_loss(blend[r], y[r], exponent)
        total += weight[r] * loss[r]
    out = np.empty(len(pruned) + 1)
    out[0] = total
    leaf = is_leaf.copy()
    for k in range(len(pruned)):
        p = pruned[k]
        s, end = p + 1, p + size[p]
        while s < end:                      # the current leaves below p: a collapsed node's
            if leaf[s]:                     # subtree holds no other, so it is skipped whole
                for q in range(first[s], first[s + 1]):
                    _add_share(blend, order[q], row, at_weight, position, distribution, -1.0)
                leaf[s] = False
                s += size[s]
            else:
                s += 1
        leaf[p] = True
        for q in range(first[p], first[p + 1]):
            r = _add_share(blend, order[q], row, at_weight, position, distribution, 1.0)
            changed = _row_loss(blend[r], y[r], exponent)
            total += weight[r] * (changed - loss[r])
            loss[r] = changed
        out[k + 1] = total
    return out


@njit(cache=True, inline="always")
def _add_share(blend, i, row, at_weight, position, distribution, sign):
    """Particle ``i``'s share (its weight × its node's distribution) added to its row's blend
    (``sign`` 1) or taken out of it (−1); returns the row."""
    r, w, node = row[i], at_weight[i], position[i]
    for c in range(blend.shape[1]):
        if sign > 0:
            blend[r, c] += w * distribution[node, c]
        else:
            blend[r, c] -= w * distribution[node, c]
    return r


@njit(cache=True)
def _row_loss(blend, y, exponent):
    """One row's loss from its blend: the 0-1 loss (``exponent`` 0) or |y − blend|^exponent."""
    if exponent > 0:
        return abs(y - blend[0]) ** exponent
    best, top = 0, blend[0]
    for c in range(len(blend)):
        top = max(top, blend[c])
    while blend[best] < top - 1e-12:
        best += 1
    return 0.0 if best == int(y) else 1.0


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
