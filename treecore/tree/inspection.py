"""How much a model relies on each feature: impurity importance and permutation importance.

*Impurity importance* (Breiman et al. 1984; scikit-learn's ``feature_importances_``): the
weighted impurity decrease of every split on feature j, summed over a tree's nodes,

    Imp(j) = Σ_{t splits on j} W_t · I(t) − Σ_{children c of t} W_c · I(c),

normalised to sum to 1; a forest averages its trees' normalised importances (trees that never
split are left out) and normalises again, gradient boosting averages the raw decreases (per unit
of the root's weight) and normalises once.

*Permutation importance* (Breiman 2001), the "random test" of the seed's lecture (Lin
Hsuan-Tien, 機器學習技法, random forest): shuffle feature j's column, so its link to the target is
broken while its values stay as they were, and see how much the model's score drops,

    importance(j) = performance(D) − performance(D with feature j permuted),

repeated ``n_repeats`` times with fresh permutations. The model is not refitted. ``performance``
is the model's own ``score`` (accuracy of a classifier, R² of a regressor).

>>> import numpy as np
>>> from treecore import DecisionTreeClassifier
>>> X = np.column_stack([np.arange(40.0) % 2, np.zeros(40)])
>>> model = DecisionTreeClassifier().fit(X, X[:, 0].astype(int))
>>> result = permutation_importance(model, X, X[:, 0].astype(int), random_state=0)
>>> bool(result.importances_mean[0] > 0.2), float(result.importances_mean[1])
(True, 0.0)
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from ..data import Dataset
from .nodes import Tree


class Bunch(dict):
    """A dict whose keys are also attributes, as scikit-learn's ``Bunch``."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def impurity_decrease(tree: Tree) -> np.ndarray:
    """Σ over the nodes split on each feature of (W_t I(t) − Σ W_c I(c)) / W, one entry a
    feature (W the root's weight, as scikit-learn's ``compute_feature_importances``)."""
    decrease = np.zeros(len(tree.feature_names))
    for node in tree.iter_nodes():
        if node.split is None:
            continue
        children = sum(c.weighted_n_samples * c.impurity for c in tree.children(node.node_id))
        decrease[node.split.feature_index] += node.weighted_n_samples * node.impurity - children
    return decrease / tree.root.weighted_n_samples


def impurity_importances(tree: Tree) -> np.ndarray:
    """``tree``'s impurity decreases normalised to sum 1 (all 0 for a tree without a split)."""
    decrease = impurity_decrease(tree)
    total = decrease.sum()
    return decrease / total if total > 0 else decrease


def mean_importances(trees: Iterable[Tree], n_features: int, *,
                     normalise_each: bool) -> np.ndarray:
    """An ensemble's importances: its trees' impurity decreases averaged over the trees that
    split, normalised to sum 1 (zeros when no tree splits). A random forest normalises each
    tree's first (``normalise_each``), gradient boosting does not: scikit-learn's
    ``feature_importances_`` of either."""
    per_tree = [impurity_importances(tree) if normalise_each else impurity_decrease(tree)
                for tree in trees if tree.n_nodes > 1]
    if not per_tree:
        return np.zeros(n_features)
    mean = np.mean(per_tree, axis=0)
    return mean / mean.sum() if mean.sum() > 0 else mean


def permutation_importance(model, X, y, *, n_repeats: int = 5, random_state=None,
                           sample_weight=None) -> Bunch:
    """performance(D) − performance(D with column j permuted) for every column j of ``X``,
    ``n_repeats`` times; ``model`` is any fitted estimator with ``score(X, y)``.

    Returns a :class:`Bunch` with ``importances`` (columns × repeats), ``importances_mean`` and
    ``importances_std``. ``X`` may be an array, a DataFrame or a :class:`Dataset` (its columns
    are permuted in a copy); ``random_state`` seeds the permutations (``numpy.random.default_rng``).
    """
    rng = np.random.default_rng(random_state)
    baseline = model.score(X, y, sample_weight=sample_weight)
    n_rows, n_columns = (X.n_rows, X.n_features) if isinstance(X, Dataset) else np.shape(X)
    importances = np.zeros((n_columns, n_repeats))
    for j in range(n_columns):
        for r in range(n_repeats):
            shuffled = _with_column_permuted(X, j, rng.permutation(n_rows))
            importances[j, r] = baseline - model.score(shuffled, y, sample_weight=sample_weight)
    return Bunch(importances_mean=importances.mean(axis=1),
                 importances_std=importances.std(axis=1), importances=importances)


def _with_column_permuted(X, j: int, order: np.ndarray):
    """A copy of ``X`` (an array, a DataFrame keeping its column types, or a Dataset keeping
    its schema, target and weights) whose column ``j`` holds its values in ``order``."""
    if isinstance(X, Dataset):
        values = X.X.copy()
        values[:, j] = X.X[order, j]
        return Dataset(X.schema, values, X.y, X.weights, X.row_numbers)
    if hasattr(X, "iloc"):
        copy = X.copy()
        copy.isetitem(j, X.iloc[:, j].to_numpy()[order])
        return copy
    values = np.array(X, copy=True)
    values[:, j] = values[order, j]
    return values
