"""Scoring and resampling: accuracy, R², RMSE, confusion matrix, splits and folds.

Used by pruning (validation sets, cross-validated choice of the CCP α) and by the app. Splits
return index arrays, so any Dataset, DataFrame or array can be cut with them; the same seed
always gives the same split.

>>> accuracy(["a", "b", "b"], ["a", "b", "a"])
0.6666666666666666
>>> train, val = stratified_split(["x"] * 6 + ["y"] * 4, validation_size=0.5, seed=0)
>>> len(train), len(val)
(5, 5)
"""

from __future__ import annotations

import numpy as np

from ..data import Dataset, Schema
from ..errors import ConfigError


def accuracy(y_true, y_pred, sample_weight=None) -> float:
    """Σᵢ wᵢ [ŷᵢ = yᵢ] / Σᵢ wᵢ (weights 1 by default)."""
    y_true, y_pred = np.asarray(y_true, dtype=object), np.asarray(y_pred, dtype=object)
    w = np.ones(len(y_true)) if sample_weight is None else np.asarray(sample_weight, float)
    return float(w[y_true == y_pred].sum() / w.sum())


def r2(y_true, y_pred, sample_weight=None) -> float:
    """The coefficient of determination R² = 1 − Σᵢ wᵢ(yᵢ − ŷᵢ)² / Σᵢ wᵢ(yᵢ − ȳ)², ȳ the weighted
    mean (scikit-learn's ``r2_score``: 1 for a perfect fit; a constant target gives 1 when
    predicted exactly, else 0)."""
    y_true, y_pred = np.asarray(y_true, float), np.asarray(y_pred, float)
    w = np.ones(len(y_true)) if sample_weight is None else np.asarray(sample_weight, float)
    residual = float(w @ (y_true - y_pred) ** 2)
    total = float(w @ (y_true - np.average(y_true, weights=w)) ** 2)
    if total == 0.0:
        return 1.0 if residual == 0.0 else 0.0
    return 1.0 - residual / total


def rmse(y_true, y_pred, sample_weight=None) -> float:
    """The root mean squared error √(Σᵢ wᵢ(yᵢ − ŷᵢ)² / Σᵢ wᵢ)."""
    y_true, y_pred = np.asarray(y_true, float), np.asarray(y_pred, float)
    w = np.ones(len(y_true)) if sample_weight is None else np.asarray(sample_weight, float)
    return float(np.sqrt(w @ (y_true - y_pred) ** 2 / w.sum()))


def confusion_matrix(y_true, y_pred, labels=None) -> tuple[np.ndarray, list]:
    """Counts C[i, j] of rows of true class ``labels[i]`` predicted as ``labels[j]``.

    ``labels`` defaults to the classes in order of first appearance in ``y_true`` then
    ``y_pred``. Returns ``(C, labels)``.
    """
    y_true, y_pred = list(y_true), list(y_pred)
    labels = list(dict.fromkeys(y_true + y_pred)) if labels is None else list(labels)
    index = {label: i for i, label in enumerate(labels)}
    matrix = np.zeros((len(labels), len(labels)), np.int64)
    np.add.at(matrix, ([index[v] for v in y_true], [index[v] for v in y_pred]), 1)
    return matrix, labels


def _class_positions(y, seed: int) -> list[np.ndarray]:
    """The positions of each class, each shuffled by the seeded generator."""
    rng = np.random.default_rng(seed)
    _, codes = np.unique(np.asarray(y, dtype=str), return_inverse=True)
    return [rng.permutation(np.flatnonzero(codes == c)) for c in range(codes.max() + 1)]


def stratified_split(y, *, validation_size: float = 0.3, seed: int = 0
                     ) -> tuple[np.ndarray, np.ndarray]:
    """(train, validation) sorted index arrays; each class contributes
    round(validation_size × its count) rows to validation (at least one row stays in
    training)."""
    if not 0 < validation_size < 1:
        raise ConfigError("validation_size must be between 0 and 1")
    validation = []
    for members in _class_positions(y, seed):
        take = min(int(round(validation_size * len(members))), len(members) - 1)
        validation.append(members[:take])
    val = np.sort(np.concatenate(validation))
    return np.setdiff1d(np.arange(len(y)), val), val


def stratified_kfold(y, k: int = 5, *, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """k (train, test) pairs of sorted index arrays; the test parts partition the rows and each
    class is dealt round-robin over the folds, so fold class counts differ by at most one."""
    if k < 2 or k > len(y):
        raise ConfigError(f"k must be between 2 and the number of rows ({len(y)})")
    fold = np.empty(len(y), np.int64)
    dealt = 0
    for members in _class_positions(y, seed):
        fold[members] = (dealt + np.arange(len(members))) % k
        dealt += len(members)
    everything = np.arange(len(y))
    return [(everything[fold != f], everything[fold == f]) for f in range(k)]


def kfold(n_rows: int, k: int = 5, *, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """k (train, test) pairs of sorted index arrays: the rows shuffled by the seeded generator
    and dealt round-robin, so the test parts partition the rows and differ in size by at most
    one (the folds of a regression target, which has no classes to stratify by).

    >>> [test.tolist() for _, test in kfold(5, 2, seed=0)]
    [[1, 2, 3], [0, 4]]
    """
    if k < 2 or k > n_rows:
        raise ConfigError(f"k must be between 2 and the number of rows ({n_rows})")
    fold = np.empty(n_rows, np.int64)
    fold[np.random.default_rng(seed).permutation(n_rows)] = np.arange(n_rows) % k
    everything = np.arange(n_rows)
    return [(everything[fold != f], everything[fold == f]) for f in range(k)]


def folds(data: Dataset, k: int = 5, *, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """The k folds of cross-validation on ``data``: stratified by class for a classification
    target (:func:`stratified_kfold`), shuffled for a regression target (:func:`kfold`)."""
    if data.is_regression:
        return kfold(data.n_rows, k, seed=seed)
    return stratified_kfold(np.asarray(data.y), k, seed=seed)


def labelled(schema: Schema, X, y=None) -> Dataset:
    """Labelled rows as a Dataset of ``schema``: a Dataset as it is, or a DataFrame of raw
    values (encoded by the schema) or an encoded matrix, with ``y`` the class labels (the
    target's numbers for a regression schema)."""
    if isinstance(X, Dataset):
        if y is not None:
            raise ConfigError("pass either a Dataset or (X, y), not both")
        return X
    if y is None:
        raise ConfigError("y is needed with a DataFrame or matrix of rows")
    matrix = schema.encode(X) if hasattr(X, "columns") else np.asarray(X, dtype=float)
    target = schema.encode_target(list(y))
    return Dataset(schema, matrix, target, np.ones(len(target)))


def score(tree, data: Dataset) -> float:
    """Weighted accuracy of ``tree.predict`` on a labelled Dataset."""
    predicted = tree.predict(data.X)
    return accuracy(np.asarray(data.classes, dtype=object)[data.y], predicted, data.weights)
