"""Vectorised routing: probabilities blended over branches for missing values, apply, paths."""

from __future__ import annotations


import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from treecore import DataError, Dataset, grow
from treecore.data import schema as schema_module
from treecore.data.columns import label_positions

from tests.conftest import SAMPLES


@pytest.fixture(scope="module")
def melons3():
    frame = pd.read_csv(SAMPLES / "watermelon3.0.csv")
    data = Dataset.from_frame(frame, "好瓜")
    return frame, data, grow(data, algorithm="id3")


def test_training_rows_predicted_exactly(melons3):
    frame, data, tree = melons3
    assert (tree.predict(frame) == frame["好瓜"].to_numpy()).all()
    np.testing.assert_array_equal(tree.predict(frame), tree.predict(data.X))


def test_probabilities_rows_sum_to_one(melons3):
    frame, data, tree = melons3
    proba = tree.predict_proba(data.X)
    assert proba.shape == (17, 2)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)


def test_missing_value_blends_leaves_by_branch_fraction(melons3):
    frame, data, tree = melons3
    X = np.full((1, data.n_features), np.nan)                 # nothing known at all
    expected = np.zeros(2)
    for leaf in tree.iter_leaves():
        share = np.prod([tree.node(a.parent).split.branch_fractions[
            tree.node(a.parent).children.index(a.node_id)]
            for a in tree.ancestors(leaf.node_id)[1:]])
        expected += share * np.asarray(leaf.distribution)
    np.testing.assert_allclose(tree.predict_proba(X)[0], expected)
    np.testing.assert_allclose(expected.sum(), 1.0)


def test_missing_value_in_the_root_feature(melons3):
    frame, data, tree = melons3
    row = frame.iloc[[0]].drop(columns="好瓜").assign(纹理=np.nan)
    fractions = tree.root.branch_fractions
    children = tree.children(0)
    X = np.repeat(data.schema.encode(row), 3, axis=0)
    X[:, data.schema.index_of("纹理")] = [0, 1, 2]                # each branch on its own
    per_branch = tree.predict_proba(X)
    np.testing.assert_allclose(tree.predict_proba(row)[0], fractions @ per_branch)
    assert len(children) == 3


def test_unseen_nominal_value_is_treated_as_missing(melons3):
    frame, data, tree = melons3
    row = frame.iloc[[0]].drop(columns="好瓜")
    np.testing.assert_allclose(tree.predict_proba(row.assign(纹理="金黄")),
                               tree.predict_proba(row.assign(纹理=None)))


def test_apply_and_decision_path(melons3):
    frame, data, tree = melons3
    leaves = tree.apply(data.X)
    assert set(leaves) <= {leaf.node_id for leaf in tree.iter_leaves()}
    path = tree.decision_path(data.X)
    assert path.shape == (17, tree.n_nodes)
    np.testing.assert_array_equal(path[:, 0], 1.0)
    leaf_columns = [i for i, n in enumerate(tree.nodes) if n.is_leaf]
    np.testing.assert_allclose(path[:, leaf_columns].sum(axis=1), 1.0)
    position = {n.node_id: i for i, n in enumerate(tree.nodes)}
    assert all(path[r, position[leaf]] == 1.0 for r, leaf in enumerate(leaves))


def test_apply_picks_the_heaviest_leaf(melons3):
    frame, data, tree = melons3
    X = np.full((1, data.n_features), np.nan)
    weights = tree.decision_path(X)[0]
    leaf_weights = {n.node_id: w for n, w in zip(tree.nodes, weights) if n.is_leaf}
    assert tree.apply(X)[0] == max(leaf_weights, key=leaf_weights.get)


def test_prediction_tie_goes_to_the_first_class():
    frame = pd.DataFrame({"a": ["p", "p", "q", "q"], "t": ["y", "x", "x", "x"]})
    tree = grow(Dataset.from_frame(frame, "t"), algorithm="id3")
    assert tree.predict(pd.DataFrame({"a": ["p"]}))[0] == "y"


def test_vectorised_on_many_rows(melons3):
    frame, data, tree = melons3
    X = np.tile(data.X, (2000, 1))
    X[::7, 3] = np.nan
    proba = tree.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    untouched = np.arange(len(X)) % 7 != 0
    np.testing.assert_array_equal(proba[untouched],
                                  np.tile(tree.predict_proba(data.X), (2000, 1))[untouched])
    np.testing.assert_array_equal(proba[~untouched], tree.predict_proba(X[~untouched]))


@given(cells=st.lists(st.sampled_from(["a", "b", " a", "c", "?", " ? ", "", "NA", None, "b "]),
                      min_size=1, max_size=40),
       labels=st.lists(st.sampled_from(["a", "b", "c", "d", " a", "NA"]), min_size=1,
                       max_size=5, unique=True))
def test_label_positions_by_arrow_equal_the_value_by_value_reading(cells, labels):
    """Text held by Arrow is looked up in one pass; any column, value by distinct value: the
    same position of each row in the labels, NaN for a marker, an empty cell or a value that
    is no label. (A label that is a marker sends the column the value-by-value way.)"""
    markers = frozenset({"?", "", "NA"})
    arrow = pd.Series(cells, dtype=pd.StringDtype("pyarrow", na_value=np.nan))
    objects = pd.Series(cells, dtype=object)
    assert isinstance(arrow.array, pd.arrays.ArrowStringArray)
    by_arrow = label_positions(arrow, tuple(labels), markers)
    by_value = label_positions(objects, tuple(labels), markers)
    np.testing.assert_array_equal(by_arrow, by_value)
    expected = [labels.index(c) if c in labels and c.strip() not in markers else np.nan
                for c in (c if c is not None else "" for c in cells)]
    np.testing.assert_array_equal(by_value, expected)


def test_a_large_table_is_encoded_on_threads_as_in_turn(melons3, monkeypatch):
    """From PARALLEL_ROWS rows the columns are encoded on threads: the same matrix, and the
    first column with a bad value is the one named."""
    frame, data, tree = melons3
    many = pd.concat([frame] * 4, ignore_index=True)
    one_by_one = tree.schema.encode(many)
    monkeypatch.setattr(schema_module, "PARALLEL_ROWS", 10)
    np.testing.assert_array_equal(tree.schema.encode(many), one_by_one)
    bad = many.astype({"密度": object, "含糖率": object})
    bad.loc[40, "含糖率"], bad.loc[30, "密度"] = "x", "y"
    with pytest.raises(DataError) as raised:
        tree.schema.encode(bad)
    assert raised.value.params["column"] == "密度"
