"""A tree carries how its data was read (its missing-value markers), and every consumer of the
tree reads new rows the same way: ``predict``, the validation rows of pruning, the Python and
JSON exports. The SQL export stays one flat statement at any depth and compares numbers as
numbers; the estimator's messages name the user's target, not an internal column."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

from treecore import Dataset, DecisionTreeClassifier, DecisionTreeRegressor, grow
from treecore.errors import DataError
from treecore.measures.evaluate import labelled
from treecore.io import from_json, to_json, to_python, to_sql
from treecore.pruning import prune_rep

#: A table whose author wrote "-" for an unknown cell, and "?" as a real category.
TABLE = pd.DataFrame({
    "colour": ["red", "red", "blue", "blue", "?", "?", "red", "blue", "-", "?"],
    "size": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0],
    "label": ["a", "a", "b", "b", "c", "c", "a", "b", "a", "c"],
})


def _tree():
    return grow(Dataset.from_frame(TABLE, "label", kinds={"size": "ignored"}, missing=("-",)),
                algorithm="c45")


def test_the_schema_keeps_the_markers_it_was_read_with():
    tree = _tree()
    assert tree.schema.missing == ("-",)
    assert set(tree.schema.features[0].labels) == {"?", "blue", "red"}   # "?" is a category
    assert from_json(to_json(tree)).schema.missing == ("-",)


def test_predict_and_the_python_export_read_new_rows_with_the_trees_markers():
    tree = _tree()
    rows = pd.DataFrame({"colour": ["-", "?", "red", "blue"]})
    expected_blend = tree.predict_proba(pd.DataFrame({"colour": [np.nan]}))[0]
    proba = tree.predict_proba(rows)
    assert proba[0] == pytest.approx(expected_blend)                # "-" is missing: blended
    assert tree.predict(rows).tolist()[1:] == ["c", "a", "b"]       # "?" is the category
    namespace: dict = {}
    exec(compile(to_python(tree), "<tree>", "exec"), namespace)
    for row, p in zip(rows.to_dict("records"), proba):
        got = namespace["predict_proba"](row)
        assert [got[c] for c in tree.classes] == pytest.approx(p)


def test_validation_rows_for_pruning_are_read_with_the_same_markers():
    tree = _tree()
    validation = labelled(tree.schema, pd.DataFrame({"colour": ["-", "?"]}), ["a", "c"])
    assert np.isnan(validation.X[0, 0])
    assert validation.X[1, 0] == tree.schema.features[0].labels.index("?")
    assert prune_rep(tree, validation).tree.n_leaves >= 1


def test_a_target_written_as_the_data_sets_marker_is_refused_as_missing():
    data = Dataset.from_frame(TABLE.assign(label=TABLE["size"] * 1.5), "label",
                              task="regression", missing=("-",))
    with pytest.raises(DataError, match="missing"):
        labelled(data.schema, TABLE.head(1), ["-"])


# ------------------------------------------------------------------------------------ SQL
def _sqlite(frame: pd.DataFrame, sql: str, *, as_text: bool = False) -> list:
    with sqlite3.connect(":memory:") as db:
        stored = frame.astype(str) if as_text else frame
        stored.to_sql("t", db, index=False, dtype={c: "TEXT" for c in frame} if as_text else None)
        return [row[-1] for row in db.execute(to_sql_query(sql))]


def to_sql_query(expression: str) -> str:
    return f"SELECT {expression} FROM t"


def _deep_tree(task: str):
    rng = np.random.default_rng(7)
    frame = pd.DataFrame(rng.normal(size=(3000, 2)), columns=["u", "v"])
    target = rng.integers(0, 3, 3000).astype(str) if task == "classification" \
        else rng.normal(size=3000)
    tree = grow(Dataset.from_frame(frame.assign(t=target), "t", task=task), algorithm="cart")
    return frame, tree


@pytest.mark.parametrize("task", ["classification", "regression"])
def test_sql_of_a_deep_tree_runs_in_sqlite_and_predicts_as_the_tree(task):
    frame, tree = _deep_tree(task)
    assert tree.depth >= 25                               # nested CASEs overflowed at about 19
    expected = tree.predict(frame).tolist()
    got = _sqlite(frame, to_sql(tree))
    if task == "regression":
        assert got == pytest.approx(expected, rel=1e-12)
    else:
        assert got == expected
    assert "CASE" not in to_sql(tree)[4:]                 # one CASE, nothing nested


def test_numbers_stored_as_text_are_compared_as_numbers():
    iris = pd.read_csv("samples/iris.csv")
    target = iris.columns[-1]
    tree = grow(Dataset.from_frame(iris, target), algorithm="cart")
    features = iris.drop(columns=[target])
    assert _sqlite(features, to_sql(tree), as_text=True) == tree.predict(features).tolist()


def test_a_feature_tested_twice_on_a_path_keeps_its_narrowest_interval():
    frame, tree = _deep_tree("classification")
    for line in to_sql(tree).splitlines()[1:-2]:
        assert line.count('CAST("u" AS REAL) >') <= 1 and line.count('CAST("u" AS REAL) <=') <= 1


def test_sql_of_a_one_leaf_tree_is_its_prediction():
    tree = grow(Dataset.from_frame(TABLE, "label"), algorithm="cart", max_depth=0)
    assert tree.root.is_leaf and to_sql(tree) == f"'{tree.classes[tree.root.prediction]}'"


# ------------------------------------------------------------------------------ estimator
@pytest.mark.parametrize("y, name", [(pd.Series(["x", None, "y"], name="outcome"), "outcome"),
                                     (np.array(["x", None, "y"], dtype=object), "y")])
def test_the_estimators_messages_name_the_users_target(y, name):
    with pytest.raises(DataError) as raised:
        DecisionTreeClassifier().fit(pd.DataFrame({"a": [1, 2, 3]}), y)
    assert f"'{name}'" in str(raised.value) and "__" not in str(raised.value)


def test_a_target_named_like_a_feature_stays_distinct():
    X = pd.DataFrame({"y": [1.0, 2.0, 3.0, 4.0]})
    model = DecisionTreeRegressor().fit(X, [1.0, 1.0, 2.0, 2.0])
    assert model.tree_.schema.target == "y_target"
    assert model.predict(X).tolist() == [1.0, 1.0, 2.0, 2.0]
