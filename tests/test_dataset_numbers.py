"""``Dataset.from_numbers`` (a table of numbers, the estimator's way in for an array) against
``Dataset.from_frame`` given the same table as a DataFrame: the same data set, the same errors,
and the table copied at most once."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from treecore import DecisionTreeClassifier
from treecore.data import Dataset
from treecore.errors import DataError


def both(X, target, *, weights=None, task="classification"):
    """(from_numbers, from_frame) of the table ``X`` with ``target`` named ``y``."""
    names = [f"x{j}" for j in range(X.shape[1])]
    frame = pd.DataFrame(X, columns=names).assign(y=target)
    kinds = dict.fromkeys(names, "continuous")
    return (Dataset.from_numbers(X, names, pd.Series(target, name="y"), weights=weights,
                                 task=task),
            Dataset.from_frame(frame, "y", kinds=kinds, weights=weights, task=task))


def assert_same(ours: Dataset, reference: Dataset) -> None:
    assert ours.schema == reference.schema
    np.testing.assert_array_equal(ours.X, reference.X)
    np.testing.assert_array_equal(ours.y, reference.y)
    np.testing.assert_array_equal(ours.weights, reference.weights)
    np.testing.assert_array_equal(ours.row_labels, reference.row_labels)


@pytest.mark.parametrize("order", ["C", "F"])
def test_a_table_with_missing_cells_and_absent_rows_is_the_frames_data_set(order):
    rng = np.random.default_rng(0)
    X = np.asarray(rng.normal(size=(50, 4)), order=order)
    X[rng.random(X.shape) < 0.1] = np.nan
    weights = rng.integers(0, 3, 50).astype(float)
    ours, reference = both(X, rng.choice(["a", "b", "c"], 50), weights=weights)
    assert_same(ours, reference)
    assert ours.n_rows == np.count_nonzero(weights)


def test_integers_and_a_regression_target_are_the_frames_data_set():
    rng = np.random.default_rng(1)
    X = rng.integers(-5, 5, size=(40, 3))
    assert_same(*both(X, rng.normal(size=40), task="regression"))


def test_a_contiguous_float_table_of_present_rows_is_not_copied():
    X = np.asfortranarray(np.random.default_rng(2).normal(size=(30, 3)))
    for table in (X, np.ascontiguousarray(X)):
        ours, _ = both(table, np.arange(30) % 2)
        assert np.shares_memory(ours.X, table)
    strided = np.repeat(X, 2, axis=0)[::2]
    ours, _ = both(strided, np.arange(30) % 2)
    assert ours.X.flags.f_contiguous and not np.shares_memory(ours.X, strided)


@pytest.mark.parametrize("bad, code", [("all missing", "all_missing"), ("infinite", "infinite"),
                                       ("target missing", "target_missing")])
def test_bad_cells_are_refused_as_the_frame_refuses_them(bad, code):
    X = np.arange(24, dtype=float).reshape(8, 3)
    target = np.array(["a", "b"] * 4, dtype=object)
    if bad == "all missing":
        X[:, 1] = np.nan
    elif bad == "infinite":
        X[5, 2] = np.inf
    else:
        target[3] = None
    errors = []
    for make in (lambda: both(X, target)[0], lambda: both(X, target)[1]):
        with pytest.raises(DataError) as caught:
            make()
        errors.append((caught.value.code, str(caught.value)))
    assert errors[0] == errors[1] and errors[0][0] == code


def test_the_estimator_fits_an_array_as_it_fits_the_same_frame():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(300, 5))
    X[rng.random(X.shape) < 0.05] = np.nan
    y = rng.integers(0, 3, 300)
    frame = pd.DataFrame(X, columns=[f"x{j}" for j in range(5)])
    from_array = DecisionTreeClassifier(random_state=0).fit(X, y)
    from_frame = DecisionTreeClassifier(random_state=0).fit(frame, y)
    np.testing.assert_array_equal(from_array.apply(X), from_frame.apply(frame))
    np.testing.assert_array_equal(from_array.predict_proba(X), from_frame.predict_proba(frame))
    assert not hasattr(from_array, "feature_names_in_") and from_array.n_features_in_ == 5
