"""Regression trees on real tables: nominal features split into two groups of values, missing
values taken the C4.5 way, forced splits and validation-set pre-pruning (the readable engine,
:class:`treecore.grow.builder.Growth`, held to the presorted engine where both apply)."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from treecore import Dataset, DecisionTreeRegressor, grow
from treecore.grow.builder import Growth
from treecore.io import from_json, to_json, to_python, to_sql
from treecore.grow.growing import GrowthConfig
from treecore.split.least_squares import node_candidates
from treecore.measures.squared_error import sums
from treecore.tree.nodes import StopReason

@pytest.fixture(scope="module")
def diabetes():
    from sklearn.datasets import load_diabetes
    return load_diabetes(return_X_y=True, as_frame=True)


COLOURS = pd.DataFrame({"colour": ["red", "red", "green", "green", "blue", "blue", "white"],
                        "y": [5.0, 7.0, 1.0, 3.0, 10.0, 12.0, 4.0]})


def _grow_readable(dataset: Dataset, **params):
    config = GrowthConfig.from_params(None, task="regression", algorithm="cart", **params)
    growth = Growth(dataset, config)
    growth.run()
    return growth.tree()


def _test(tree, split):
    """A split as a value: the feature and its threshold, or the labels of its first group."""
    if split is None:
        return None
    if split.subset is None:
        return split.feature, round(split.threshold, 9)
    labels = tree.schema.features[split.feature_index].labels
    return split.feature, frozenset(labels[c] for c in split.subset)


def _signature(tree):
    return [(n.node_id, n.parent, _test(tree, n.split), round(n.value, 9),
             round(n.weighted_n_samples, 9), n.stop_reason) for n in tree.iter_nodes()]


def test_a_nominal_feature_worked_by_hand():
    """The colours' mean targets order them green (2), white (4), red (6), blue (11); the node
    has W = 7, S = 42, Q = 344, so SSE(D) = 344 − 42²/7 = 92. The three cuts of that order:

    ===========================  ============================  ================  =====
    left group                   left SSE                      right SSE         sum
    ===========================  ============================  ================  =====
    {green}                      10 − 4²/2 = 2                 334 − 38²/5 = 45.2  47.2
    {green, white}               26 − 8²/3 = 4.667             318 − 34²/4 = 29  33.67
    {green, white, red}          100 − 20²/5 = 20              244 − 22²/2 = 2     22
    ===========================  ============================  ================  =====

    so the split is {green, white, red} against {blue}, the two means 4 and 11, and the MSE
    decreases by (92 − 22)/7 = 10."""
    data = Dataset.from_frame(COLOURS, "y", task="regression")
    table = node_candidates(data.X, data.y, data.weights, data.features)
    split = table.best()
    labels = data.features[0].labels
    assert {labels[c] for c in split.subset} == {"green", "white", "red"}
    assert split.branch_values == pytest.approx((4.0, 11.0))
    assert split.decrease == pytest.approx(10.0)
    tree = grow(data, max_depth=1)
    assert tree.root.split.describe() == split.describe()
    assert [leaf.value for leaf in tree.iter_leaves()] == pytest.approx([4.0, 11.0])


@pytest.mark.parametrize("seed", range(8))
def test_the_ordered_cut_is_the_best_of_all_groupings(seed):
    rng = np.random.default_rng(seed)
    n, levels = 60, int(rng.integers(3, 7))
    codes = rng.integers(0, levels, n)
    y = rng.normal(size=n) + rng.normal(size=levels)[codes] * 2
    w = rng.integers(1, 4, n).astype(float)
    frame = pd.DataFrame({"c": np.array(list("abcdefg"))[codes], "y": y})
    data = Dataset.from_frame(frame, "y", task="regression", weights=w)
    split = node_candidates(data.X, data.y, data.weights, data.features).best()
    present = np.unique(data.X[:, 0]).astype(int)

    def sse(group):
        left = np.isin(data.X[:, 0], group)
        return sum(s[2] - s[1] ** 2 / s[0] for s in (sums(data.y[left], data.weights[left]),
                                                     sums(data.y[~left], data.weights[~left])))
    brute = min(sse(group) for k in range(1, len(present))
                for group in itertools.combinations(present, k))
    assert sse(split.subset) == pytest.approx(brute, rel=1e-12)


@pytest.mark.parametrize("weighted", [False, True])
def test_the_readable_engine_grows_the_presorted_engines_tree(diabetes, weighted):
    X, y = diabetes
    w = np.random.default_rng(1).integers(1, 4, len(y)).astype(float) if weighted else None
    data = Dataset.from_frame(X.assign(target=y), "target", task="regression", weights=w)
    for params in ({"max_depth": 8}, {"min_samples_leaf": 5}, {"max_leaves": 40}):
        assert _signature(_grow_readable(data, **params)) == _signature(grow(data, **params))


def _mixed(n: int = 300, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"c": rng.choice(list("abcde"), n), "x": rng.normal(size=n).round(2),
                          "z": rng.integers(0, 5, n).astype(float)})
    frame["y"] = frame["c"].map(dict(zip("abcde", [1, 5, 2, 8, 3]))) + 2 * frame["x"] \
        + rng.normal(size=n)
    frame.loc[rng.random(n) < 0.15, "x"] = np.nan
    frame.loc[rng.random(n) < 0.15, "c"] = None
    return frame


def test_missing_values_split_rows_by_weight_and_each_value_is_its_rows_mean():
    data = Dataset.from_frame(_mixed(), "y", task="regression")
    tree = grow(data, max_depth=5)
    assert any(n.split.rho < 1 for n in tree.iter_nodes() if n.split)
    assert any(n.weighted_n_samples % 1 for n in tree.iter_nodes())      # fractional rows
    for node in tree.iter_nodes():
        sample = tree.node_rows(data, node.node_id)
        assert node.value == pytest.approx(np.average(data.y[sample.rows],
                                                      weights=sample.weights))
        if node.split:                  # ρ is the share of the node's weight with a known value
            known = ~np.isnan(data.X[sample.rows, node.split.feature_index])
            assert node.split.rho == pytest.approx(sample.weights[known].sum()
                                                   / sample.weights.sum())


def test_integer_weights_equal_duplicated_rows_and_row_order_does_not_matter():
    frame = _mixed(120, seed=3)
    weights = np.random.default_rng(3).integers(1, 4, len(frame))
    weighted = grow(Dataset.from_frame(frame, "y", task="regression", weights=weights))
    repeated = grow(Dataset.from_frame(frame.loc[frame.index.repeat(weights)], "y",
                                       task="regression"))
    assert _signature(weighted) == _signature(repeated)
    shuffled = frame.sample(frac=1.0, random_state=5)
    assert _signature(grow(Dataset.from_frame(shuffled, "y", task="regression"))) == \
        _signature(grow(Dataset.from_frame(frame, "y", task="regression")))


def test_a_row_with_a_missing_value_predicts_the_branches_blended_by_weight():
    data = Dataset.from_frame(_mixed(), "y", task="regression")
    tree = grow(data, max_depth=1)
    root = tree.root
    row = pd.DataFrame({"c": [None], "x": [np.nan], "z": [np.nan]})
    fractions = np.asarray(root.split.branch_fractions)
    values = [tree.node(child).value for child in root.children]
    assert tree.predict(row)[0] == pytest.approx(fractions @ values)


def test_exports_of_a_mixed_regression_tree_agree_with_it():
    frame = _mixed()
    tree = grow(Dataset.from_frame(frame, "y", task="regression"), max_depth=4)
    features = frame.drop(columns="y")
    namespace: dict = {}
    exec(compile(to_python(tree), "<tree>", "exec"), namespace)
    expected = tree.predict(features)
    assert [namespace["predict"](row) for row in features.to_dict("records")] == \
        pytest.approx(expected)
    assert from_json(to_json(tree)).predict(features) == pytest.approx(expected)
    import sqlite3
    complete = features.dropna()
    with sqlite3.connect(":memory:") as db:
        complete.to_sql("t", db, index=False)
        got = [row[0] for row in db.execute(f"SELECT {to_sql(tree)} FROM t")]
    assert got == pytest.approx(tree.predict(complete))


def test_forced_splits_on_a_regression_tree():
    data = Dataset.from_frame(_mixed(), "y", task="regression")
    by_name = grow(data, max_depth=1, force={(): "z"})
    assert by_name.root.split.feature == "z" and by_name.root.split.forced
    at = grow(data, max_depth=1, force={(): ("x", 0.5)})
    assert at.root.split.threshold == 0.5
    group = grow(data, max_depth=1, force={(): ("c", ["a", "b"])})
    labels = data.features[0].labels
    assert {labels[c] for c in group.root.split.subset} == {"a", "b"}
    left = [tree.node(tree.root.children[0]).value for tree in (group,)][0]
    sample = group.node_rows(data, group.root.children[0])
    assert left == pytest.approx(np.average(data.y[sample.rows], weights=sample.weights))


def test_validation_set_pre_pruning_splits_only_when_the_validation_error_falls():
    frame = _mixed(400, seed=8)
    train = Dataset.from_frame(frame.iloc[:250], "y", task="regression")
    validation = Dataset.from_frame(frame.iloc[250:], "y", task="regression")
    validation = Dataset(train.schema, train.schema.encode(frame.iloc[250:]), validation.y,
                         validation.weights)
    steps = list(Growth(train, GrowthConfig.from_params(None, task="regression",
                                                        algorithm="cart"),
                        validation=validation).steps())
    assert steps and all(after < before for before, after in (s.validation for s in steps))
    tree = grow(train, validation=validation)
    assert any(leaf.stop_reason is StopReason.VALIDATION for leaf in tree.iter_leaves())
    assert tree.n_leaves < grow(train).n_leaves


def test_the_estimator_takes_text_and_empty_cells():
    frame = _mixed()
    X, y = frame.drop(columns="y"), frame["y"]
    model = DecisionTreeRegressor(max_depth=4).fit(X, y)
    assert model.score(X, y) > 0.6
    assert np.isfinite(model.predict(X.iloc[:5])).all()


def test_the_group_curve_lays_out_the_ordered_cuts_of_the_hand_worked_example():
    from treecore.split.least_squares import group_curve
    data = Dataset.from_frame(COLOURS, "y", task="regression")
    curve = group_curve(data.X[:, 0], data.y, data.weights, data.features[0].labels)
    assert curve.labels == ("green", "white", "red", "blue")
    assert curve.values.tolist() == pytest.approx([2, 4, 6, 11])
    assert curve.loss.tolist() == pytest.approx([47.2, 33 + 2 / 3, 22])
    assert curve.parent_loss == pytest.approx(92)
