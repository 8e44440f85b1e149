"""CART's least-squares regression tree (Li Hang §5.5.1): the engine against scikit-learn's
``DecisionTreeRegressor``, a hand-worked example, and the invariants of a regression tree."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.base import clone
from sklearn.datasets import load_diabetes, make_friedman1
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeRegressor as SklearnRegressor

from treecore import ConfigError, Dataset, DecisionTreeRegressor, grow, infer_task
from treecore.split.least_squares import cut_curve, node_candidates
from treecore.pruning import ccp_path
from treecore.tree.nodes import StopReason
from treecore.io import from_json, to_json

SAMPLES = "samples/"


@pytest.fixture(scope="module")
def diabetes():
    return load_diabetes(return_X_y=True, as_frame=True)


def lihang_table() -> pd.DataFrame:
    return pd.read_csv(SAMPLES + "lihang_regression.csv")


def test_hand_worked_first_cut():
    """Li Hang, 《统计学习方法》 习题 5.2: x = 1 … 10, y = 4.50 4.75 4.91 5.34 5.80 7.05 7.90 8.23
    8.70 9.00. For a cut s the regions R₁ = {x ≤ s}, R₂ = {x > s} predict their means c₁, c₂
    and the loss is m(s) = Σ_{R₁}(y − c₁)² + Σ_{R₂}(y − c₂)²:

    ====  =======  =====  =====
     s     m(s)     c₁     c₂
    ====  =======  =====  =====
    1.5   22.65    4.50   6.85
    2.5   17.70    4.63   7.12
    3.5   12.19    4.72   7.43
    4.5    7.38    4.88   7.78
    5.5    3.36    5.06   8.18
    6.5    5.07    5.39   8.46
    7.5   10.05    5.75   8.64
    8.5   15.18    6.06   8.85
    9.5   21.33    6.35   9.00
    ====  =======  =====  =====

    The least loss is at s = 5.5 (between x = 5 and 6): R₁ predicts 5.06, R₂ 8.18.
    """
    frame = lihang_table()
    curve = cut_curve(frame["x"], frame["y"], np.ones(len(frame)))
    assert list(curve.thresholds) == [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
    assert list(np.round(curve.sse, 2)) == [22.65, 17.70, 12.19, 7.38, 3.36, 5.07, 10.05, 15.18,
                                             21.33]
    tree = grow(Dataset.from_frame(frame, "y", task="regression"), max_depth=1)
    split = tree.root.split
    assert split.feature == "x" and split.threshold == 5.5
    assert [round(v, 2) for v in split.branch_values] == [5.06, 8.18]
    assert [round(tree.node(c).value, 2) for c in tree.root.children] == [5.06, 8.18]
    assert round(tree.root.value, 3) == 6.618 and round(tree.root.impurity * 10, 2) == 27.63


def test_candidate_table_names_the_chosen_cut():
    frame = lihang_table()
    data = Dataset.from_frame(frame, "y", task="regression")
    table = node_candidates(data.X, data.y, data.weights, data.features)
    assert table.best().threshold == 5.5
    assert table.best().decrease == pytest.approx((27.63236 - 3.3587) / 10, abs=1e-4)


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_depth_limited_trees_predict_as_scikit_learn(diabetes, depth):
    X, y = diabetes
    ours = DecisionTreeRegressor(max_depth=depth).fit(X, y)
    theirs = SklearnRegressor(max_depth=depth, random_state=0).fit(X, y)
    assert ours.tree_.n_nodes == theirs.tree_.node_count
    np.testing.assert_allclose(ours.predict(X), theirs.predict(X), rtol=1e-12)


@pytest.mark.parametrize("depth", [4, None])
def test_ccp_path_equals_scikit_learn(diabetes, depth):
    X, y = diabetes
    path = ccp_path(DecisionTreeRegressor(max_depth=depth).fit(X, y).tree_)
    theirs = SklearnRegressor(max_depth=depth, random_state=0).cost_complexity_pruning_path(X, y)
    np.testing.assert_allclose(path.alphas, theirs.ccp_alphas, rtol=0, atol=1e-9)
    np.testing.assert_allclose(path.impurities, theirs.impurities, rtol=0, atol=1e-9)


def test_pruned_at_alpha_predicts_as_scikit_learn():
    """Between two α of the path, the pruned trees agree (on tie-free cuts near the root)."""
    X, y = make_friedman1(n_samples=600, n_features=8, random_state=1)
    alphas = SklearnRegressor(random_state=0).cost_complexity_pruning_path(X, y).ccp_alphas
    test_rows, _ = make_friedman1(n_samples=300, n_features=8, random_state=2)
    for k in (len(alphas) - 3, len(alphas) - 10, len(alphas) - 40):
        alpha = (alphas[k] + alphas[k + 1]) / 2
        ours = DecisionTreeRegressor(ccp_alpha=alpha).fit(X, y)
        theirs = SklearnRegressor(ccp_alpha=alpha, random_state=0).fit(X, y)
        assert ours.tree_.n_leaves == theirs.get_n_leaves()
        np.testing.assert_allclose(ours.predict(test_rows), theirs.predict(test_rows), rtol=1e-12)


def test_works_in_scikit_learn_tools(diabetes):
    X, y = diabetes
    model = DecisionTreeRegressor(max_depth=3)
    ours = cross_val_score(model, X, y, cv=4)
    theirs = cross_val_score(SklearnRegressor(max_depth=3, random_state=0), X, y, cv=4)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    piped = cross_val_score(make_pipeline(StandardScaler(), DecisionTreeRegressor(max_depth=3)),
                            X.to_numpy(), y, cv=4)
    assert piped.shape == (4,) and np.isfinite(piped).all()
    copy = clone(model.set_params(min_samples_leaf=5))
    assert copy.get_params()["min_samples_leaf"] == 5 and not hasattr(copy, "tree_")
    fitted = DecisionTreeRegressor(max_depth=2).fit(X, y)
    assert list(fitted.feature_names_in_) == list(X.columns) and fitted.n_features_in_ == 10
    assert fitted.score(X, y) == pytest.approx(SklearnRegressor(max_depth=2).fit(X, y).score(X, y))


def test_task_is_inferred_and_checked():
    assert infer_task(pd.Series([1.5, 2.0, 3.25])) == "regression"
    assert infer_task(pd.Series(range(40))) == "regression"
    assert infer_task(pd.Series([1, 2, 3, 2, 1])) == "classification"
    assert infer_task(pd.Series(["a", "b"])) == "classification"
    frame = lihang_table()
    with pytest.raises(ConfigError, match="classification trees only"):
        grow(Dataset.from_frame(frame, "y", task="regression"), algorithm="c45")
    with pytest.raises(ConfigError, match="gini"):
        grow(Dataset.from_frame(frame, "y", task="regression"), criterion="gini")


def test_constant_target_node_is_pure():
    frame = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0], "y": [2.0, 2.0, 5.0, 5.0]})
    tree = grow(Dataset.from_frame(frame, "y", task="regression"))
    assert tree.n_leaves == 2
    assert all(leaf.stop_reason is StopReason.PURE for leaf in tree.iter_leaves())


def test_json_round_trip_keeps_the_regression_tree(diabetes):
    X, y = diabetes
    tree = DecisionTreeRegressor(max_depth=3).fit(X, y).tree_
    again = from_json(to_json(tree))
    assert again.is_regression
    np.testing.assert_allclose(again.predict(X.to_numpy()), tree.predict(X.to_numpy()))


# ----------------------------------------------------------------------------- properties
tables = st.integers(5, 40).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(0, 6), min_size=3, max_size=3), min_size=n, max_size=n),
    st.lists(st.integers(-20, 20), min_size=n, max_size=n),
    st.lists(st.integers(1, 3), min_size=n, max_size=n)))


def _frame(cells, targets):
    frame = pd.DataFrame(np.asarray(cells, float), columns=["a", "b", "c"])
    return frame.assign(y=np.asarray(targets, float))


@settings(max_examples=60, deadline=None)
@given(tables, st.integers(1, 3))
def test_integer_weights_equal_duplicated_rows(table, min_leaf):
    cells, targets, weights = table
    frame = _frame(cells, targets)
    weighted = grow(Dataset.from_frame(frame, "y", task="regression", weights=weights),
                    min_samples_leaf=min_leaf)
    repeated = frame.loc[frame.index.repeat(weights)].reset_index(drop=True)
    duplicated = grow(Dataset.from_frame(repeated, "y", task="regression"),
                      min_samples_leaf=min_leaf)
    assert _shape(weighted) == _shape(duplicated)
    np.testing.assert_allclose(weighted.predict(frame[["a", "b", "c"]].to_numpy()),
                               duplicated.predict(frame[["a", "b", "c"]].to_numpy()), rtol=1e-9)


@settings(max_examples=60, deadline=None)
@given(tables, st.randoms(use_true_random=False))
def test_row_order_does_not_change_the_tree(table, random):
    cells, targets, _ = table
    frame = _frame(cells, targets)
    order = list(range(len(frame)))
    random.shuffle(order)
    first = grow(Dataset.from_frame(frame, "y", task="regression"))
    second = grow(Dataset.from_frame(frame.iloc[order].reset_index(drop=True), "y",
                                     task="regression"))
    assert _shape(first) == _shape(second)


@settings(max_examples=60, deadline=None)
@given(tables)
def test_every_node_value_is_the_weighted_mean_of_its_rows(table):
    cells, targets, weights = table
    data = Dataset.from_frame(_frame(cells, targets), "y", task="regression", weights=weights)
    tree = grow(data, max_depth=3)
    for node in tree.iter_nodes():
        sample = tree.node_rows(data, node.node_id)
        mean = np.average(data.y[sample.rows], weights=sample.weights)
        assert node.value == pytest.approx(mean, rel=1e-9, abs=1e-9)
        assert node.weighted_n_samples == pytest.approx(sample.weights.sum())


def _shape(tree):
    return [(n.split.feature, n.split.threshold) if n.split else round(n.value, 9)
            for n in tree.iter_preorder()]


def test_classification_explanations_refuse_a_regression_data_set():
    from treecore import split_candidates

    data = Dataset.from_frame(lihang_table(), "y", task="regression")
    with pytest.raises(ConfigError, match="squared error"):
        split_candidates(data)


def test_exports_predict_what_the_tree_predicts(diabetes):
    import sqlite3

    from treecore.io import to_python, to_rules, to_sql

    X, y = diabetes
    tree = DecisionTreeRegressor(max_depth=3).fit(X, y).tree_
    expected = tree.predict(X.to_numpy())
    namespace: dict = {}
    exec(to_python(tree), namespace)
    rows = X.to_dict("records")
    assert [namespace["predict"](row) for row in rows] == pytest.approx(list(expected))
    with sqlite3.connect(":memory:") as db:
        X.to_sql("rows", db, index=False)
        got = [r[-1] for r in db.execute(to_sql(tree, "rows")).fetchall()]
    assert got == pytest.approx(list(expected))
    rules = to_rules(tree).splitlines()
    assert len(rules) == tree.n_leaves
    first = next(tree.iter_leaves())
    assert any(f"= {first.value:.6g}  [coverage {first.weighted_n_samples:.4g}, sd " in line
               for line in rules)
