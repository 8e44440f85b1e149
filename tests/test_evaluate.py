import numpy as np
import pytest

from treecore.errors import ConfigError
from treecore.measures.evaluate import (accuracy, confusion_matrix, stratified_kfold,
                                        stratified_split)


def test_accuracy_and_confusion_matrix():
    assert accuracy(["a", "b", "b", "a"], ["a", "b", "a", "a"]) == 0.75
    assert accuracy(["a", "b"], ["a", "a"], sample_weight=[3, 1]) == 0.75
    matrix, labels = confusion_matrix(["a", "b", "b", "a"], ["a", "b", "a", "a"])
    assert labels == ["a", "b"] and matrix.tolist() == [[2, 0], [1, 1]]


def test_stratified_split_is_seeded_and_keeps_proportions():
    y = np.array(["x"] * 60 + ["y"] * 30 + ["z"] * 10)
    train, val = stratified_split(y, validation_size=0.3, seed=4)
    assert len(np.intersect1d(train, val)) == 0 and len(train) + len(val) == 100
    assert [int((y[val] == c).sum()) for c in "xyz"] == [18, 9, 3]
    again = stratified_split(y, validation_size=0.3, seed=4)
    assert np.array_equal(val, again[1])
    assert not np.array_equal(val, stratified_split(y, validation_size=0.3, seed=5)[1])
    with pytest.raises(ConfigError):
        stratified_split(y, validation_size=1.0)


def test_stratified_kfold_partitions_rows_and_balances_classes():
    y = np.array(["x"] * 13 + ["y"] * 7)
    folds = stratified_kfold(y, 4, seed=0)
    tests = np.sort(np.concatenate([test for _, test in folds]))
    assert np.array_equal(tests, np.arange(20))
    for train, test in folds:
        assert len(np.intersect1d(train, test)) == 0 and len(train) + len(test) == 20
        assert abs(int((y[test] == "x").sum()) - 13 / 4) < 1
    with pytest.raises(ConfigError):
        stratified_kfold(y, 1)
