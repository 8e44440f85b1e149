"""The least-absolute-deviation regression tree (``criterion="absolute_error"``): the median
and its absolute error as scikit-learn defines them, the cut search against brute force, a
hand-worked node, and trees that predict as scikit-learn's."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.datasets import load_diabetes
from sklearn.tree import DecisionTreeRegressor as SklearnRegressor

from treecore import ConfigError, Dataset, DecisionTreeRegressor, grow
from treecore.measures import absolute_error as ae
from treecore.split.least_squares import node_candidates
from treecore.pruning import ccp_path


@pytest.fixture(scope="module")
def diabetes():
    return load_diabetes(return_X_y=True)


def brute_median(y, w):
    """scikit-learn's weighted median, from its definition: the first value (in order of y)
    where the cumulative weight reaches W/2; the mean with the next value at exactly W/2."""
    order = np.argsort(y, kind="mergesort")
    y, w = y[order], w[order]
    cumulative = np.cumsum(w)
    k = int(np.searchsorted(cumulative, cumulative[-1] / 2))
    if cumulative[k] == cumulative[-1] / 2 and k + 1 < len(y):
        return (y[k] + y[k + 1]) / 2
    return y[k]


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(1, 3)), min_size=1, max_size=15))
def test_every_prefix_has_the_median_and_absolute_error_of_its_rows(rows):
    y = np.array([float(v) for v, _ in rows])
    w = np.array([float(k) for _, k in rows])
    ranks, sorted_y = ae.target_ranks(y)
    medians, errors = np.zeros(len(y)), np.zeros(len(y))
    ae._figures_taking_away(y, w, ranks, sorted_y, True, medians, errors)
    for p in range(len(y)):
        m = brute_median(y[:p + 1], w[:p + 1])
        assert medians[p] == pytest.approx(m)
        assert errors[p] == pytest.approx(float(w[:p + 1] @ np.abs(y[:p + 1] - m)))


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 3)), min_size=1, max_size=15),
       st.booleans())
def test_rows_taken_away_from_either_end_keep_every_median(rows, prefixes):
    """The figures of every prefix (rows taken away from the end) or suffix (from the front),
    rows of weight 0 among them, against the definition; a set of no weight has 0 and 0."""
    y = np.array([float(v) for v, _ in rows])
    w = np.array([float(k) for _, k in rows])
    ranks, sorted_y = ae.target_ranks(y)
    medians, errors = np.zeros(len(y)), np.zeros(len(y))
    ae._figures_taking_away(y, w, ranks, sorted_y, prefixes, medians, errors)
    for p in range(len(y)):
        part = slice(0, p + 1) if prefixes else slice(p, None)
        if w[part].sum() == 0:
            assert (medians[p], errors[p]) == (0.0, 0.0)
            continue
        m = brute_median(y[part][w[part] > 0], w[part][w[part] > 0])
        assert medians[p] == pytest.approx(m)
        assert errors[p] == pytest.approx(float(w[part] @ np.abs(y[part] - m)))


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 9), st.integers(1, 3)),
                min_size=2, max_size=14))
def test_the_cut_search_finds_the_least_absolute_error(rows):
    x = np.array([float(a) for a, _, _ in rows])
    y = np.array([float(b) for _, b, _ in rows])
    w = np.array([float(c) for _, _, c in rows])
    order = np.argsort(x, kind="mergesort")
    status, end, sides = ae.best_cut_of_sorted(x[order], y[order], w[order], 1.0, 0.0)
    cuts = np.unique(x)[:-1]
    if not len(cuts):
        assert end == -1
        return
    def loss(s):
        return sum(ae.absolute_deviation(y[part], w[part]) for part in (x <= s, x > s))
    best = min(loss(s) for s in cuts)
    assert sides[0, ae.DEVIATION] + sides[1, ae.DEVIATION] == pytest.approx(best)
    first = next(s for s in cuts if loss(s) <= best + 1e-9)      # ties: the lowest cut
    assert x[order][end] == first


def test_half_the_weight_is_half_to_rounding():
    """0.3 and 0.1 · 3 (= 0.30000000000000004) are each half of their sum to rounding: the
    median is the mean of the two values in either order (the engines sum a missing value's
    fractional weights in different orders); a real difference still decides."""
    for weights in ([0.3, 0.1 * 3], [0.1 * 3, 0.3]):
        assert ae.weighted_median(np.array([0.0, 1.0]), np.array(weights)) == 0.5
    assert ae.weighted_median(np.array([0.0, 1.0]), np.array([0.3, 0.31])) == 1.0
    assert ae.weighted_median(np.array([0.0, 1.0]), np.array([0.31, 0.3])) == 0.0


def test_a_hand_worked_node():
    """Ten rows, x = 1 … 10, y = 5, 7, 6, 9, 8, 20, 22, 19, 25, 21.

    The node: W = 10, so W/2 = 5 is reached exactly at the 5th smallest y (9); the median is
    (9 + 19)/2 = 14 and AE(D) = 9+7+8+5+6+6+8+5+11+7 = 72, MAE(D) = 7.2.

    Every cut s, with the medians m₁, m₂ of its two sides and AE₁ + AE₂:

        s = 1.5:  m = 5,   19    0 + 58 = 58
        s = 2.5:  m = 6,   19.5  2 + 46 = 48
        s = 3.5:  m = 6,   20    2 + 32 = 34
        s = 4.5:  m = 6.5, 20.5  5 + 21 = 26
        s = 5.5:  m = 7,   21    6 +  8 = 14   ← least
        s = 6.5:  m = 7.5, 21.5 19 +  7 = 26
        s = 7.5:  m = 8,   21   33 +  6 = 39
        s = 8.5:  m = 8.5, 23   44 +  4 = 48
        s = 9.5:  m = 9,   21   60 +  0 = 60

    The cut is x ≤ 5.5, the leaves predict 7 and 21, and the decrease is 7.2 − 14/10 = 5.8.
    """
    x = np.arange(1.0, 11.0)
    y = np.array([5.0, 7, 6, 9, 8, 20, 22, 19, 25, 21])
    ones = np.ones(10)
    assert ae.weighted_median(y, ones) == 14.0 and ae.absolute_deviation(y, ones) == 72.0
    expected = [58, 48, 34, 26, 14, 26, 39, 48, 60]
    for c, total in enumerate(expected, start=1):
        assert ae.absolute_deviation(y[:c], ones[:c]) + ae.absolute_deviation(y[c:], ones[c:]) \
            == total
    frame = pd.DataFrame({"x": x, "y": y})
    table = node_candidates(frame[["x"]].to_numpy(), y, ones,
                            Dataset.from_frame(frame, "y", task="regression").features,
                            criterion="absolute_error")
    cut = table.chosen()
    assert (cut.threshold, cut.branch_values) == (5.5, (7.0, 21.0))
    assert cut.decrease == pytest.approx(5.8)
    tree = DecisionTreeRegressor(criterion="absolute_error", max_depth=1).fit(frame[["x"]], y)
    assert tree.tree_.node(0).impurity == pytest.approx(7.2)
    assert list(tree.predict(pd.DataFrame({"x": [3.0, 8.0]}))) == [7.0, 21.0]


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_depth_limited_trees_predict_as_scikit_learn(diabetes, depth):
    X, y = diabetes
    ours = DecisionTreeRegressor(criterion="absolute_error", max_depth=depth).fit(X, y)
    theirs = SklearnRegressor(criterion="absolute_error", max_depth=depth,
                              random_state=0).fit(X, y)
    assert ours.tree_.n_nodes == theirs.tree_.node_count
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    impurities = [node.impurity for node in ours.tree_.iter_preorder()]
    np.testing.assert_allclose(sorted(impurities), sorted(theirs.tree_.impurity), atol=1e-9)


def test_ccp_path_equals_scikit_learn(diabetes):
    X, y = diabetes
    path = ccp_path(DecisionTreeRegressor(criterion="absolute_error", max_depth=4).fit(X, y).tree_)
    theirs = SklearnRegressor(criterion="absolute_error", max_depth=4,
                              random_state=0).cost_complexity_pruning_path(X, y)
    np.testing.assert_allclose(path.alphas, theirs.ccp_alphas, rtol=0, atol=1e-9)
    np.testing.assert_allclose(path.impurities, theirs.impurities, rtol=0, atol=1e-9)


def test_integer_weights_equal_repeated_rows_and_row_order_does_not_matter():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 3)).round(1)
    y = rng.normal(size=60).round(1)
    counts = rng.integers(1, 4, 60)
    weighted = DecisionTreeRegressor(criterion="absolute_error", max_depth=4).fit(
        X, y, sample_weight=counts.astype(float))
    repeated = DecisionTreeRegressor(criterion="absolute_error", max_depth=4).fit(
        np.repeat(X, counts, axis=0), np.repeat(y, counts))
    shuffled = rng.permutation(60)
    reordered = DecisionTreeRegressor(criterion="absolute_error", max_depth=4).fit(
        X[shuffled], y[shuffled], sample_weight=counts[shuffled].astype(float))
    for other in (repeated, reordered):
        np.testing.assert_array_equal(weighted.predict(X), other.predict(X))
    for node in weighted.tree_.iter_nodes():
        assert node.value is not None


def test_each_node_predicts_the_weighted_median_of_its_rows(diabetes):
    X, y = diabetes
    tree = DecisionTreeRegressor(criterion="absolute_error", max_depth=3).fit(X, y).tree_
    leaves = tree.apply(X)
    for leaf in np.unique(leaves):
        rows = leaves == leaf
        assert tree.node(int(leaf)).value == brute_median(y[rows], np.ones(rows.sum()))


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(-3, 9), st.integers(1, 3)),
                min_size=2, max_size=16))
def test_a_nominal_feature_takes_the_best_cut_of_its_values_ordered_by_median(rows):
    """best_grouping against its definition: the values ordered by their weighted median
    (brute_median), each of the k − 1 cuts of that order priced by AE(R₁) + AE(R₂) from the
    definition; the grouping found leaves the least of them."""
    codes = np.array([r[0] for r in rows], np.int64)
    y, w = (np.array([float(r[k]) for r in rows]) for k in (1, 2))
    ranks, sorted_y = ae.target_ranks(y)
    sides, member = np.zeros((2, ae.N_STATS)), np.zeros(5, np.bool_)
    status, total = ae.best_grouping(codes, y, w, ranks, sorted_y, 5, 1.0, 0.0, sides, member)
    present = sorted(set(codes.tolist()))
    if len(present) < 2:
        assert status == 0 and not member.any()
        return
    assert total == pytest.approx(ae.absolute_deviation(y, w))
    medians = {v: brute_median(y[codes == v], w[codes == v]) for v in present}
    order = sorted(present, key=lambda v: (medians[v], v))

    def loss(group):
        inside = np.isin(codes, group)
        return sum(ae.absolute_deviation(y[part], w[part]) for part in (inside, ~inside))

    best = min(loss(order[:k]) for k in range(1, len(order)))
    assert sides[0, ae.DEVIATION] + sides[1, ae.DEVIATION] == pytest.approx(best)
    assert loss(np.flatnonzero(member)) == pytest.approx(best)
    assert sides[0, ae.MEDIAN] == brute_median(y[member[codes]], w[member[codes]])


def test_a_text_column_splits_into_two_groups_of_values_by_median():
    """red: y 10, 12 (median 11); blue: 1, 0 (0.5); green: 2, 3 (2.5); four times each.

    In order of median, blue, green, red. The cut {blue} | {green, red} leaves
    4·1 + 4·(3.5 + 5.5 + 4.5 + 3.5) = 72 (medians 0.5 and 6.5); {blue, green} | {red} leaves
    4·(0.5 + 1.5 + 0.5 + 1.5) + 4·2 = 24 (medians 1.5 and 11): the root splits red apart."""
    frame = pd.DataFrame({"colour": ["red", "blue", "green", "red", "blue", "green"] * 4,
                          "y": [10.0, 1.0, 2.0, 12.0, 0.0, 3.0] * 4})
    data = Dataset.from_frame(frame, "y", task="regression")
    tree = grow(data, algorithm="cart", criterion="absolute_error", task="regression")
    root = tree.nodes[0]
    assert root.split.feature == "colour"
    assert {data.features[0].labels[c] for c in root.split.subset} == {"blue", "green"}
    assert [tree.nodes[c].value for c in root.children] == [1.5, 11.0]
    assert root.split.impurity == pytest.approx(24 / 24)


def test_a_missing_value_is_scored_by_its_known_rows_and_blends_two_medians():
    """size 1, 2, ?, 8, 9 with y 0, 0, 5, 10, 10: the cut between 2 and 8 leaves no error on
    the four known rows (MAE 5 before), so its decrease is ρ · 5 = 4/5 · 5 = 4. The row without
    a size goes down both branches with weight ½; the left median stays 0 and the right 10, and
    a row without a size is predicted ½ · 0 + ½ · 10 = 5."""
    frame = pd.DataFrame({"size": [1.0, 2.0, np.nan, 8.0, 9.0],
                          "y": [0.0, 0.0, 5.0, 10.0, 10.0]})
    data = Dataset.from_frame(frame, "y", task="regression")
    table = node_candidates(data.X, data.y, data.weights, data.features,
                            criterion="absolute_error")
    assert table[0].rho == pytest.approx(0.8) and table[0].decrease == pytest.approx(4.0)
    tree = grow(data, algorithm="cart", criterion="absolute_error", task="regression",
                max_depth=1)
    assert [tree.nodes[c].value for c in tree.nodes[0].children] == [0.0, 10.0]
    assert tree.predict(np.array([[np.nan], [1.5]])).tolist() == [5.0, 0.0]


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(-3, 5), st.integers(1, 3)),
                min_size=2, max_size=14))
def test_the_absolute_curve_holds_every_cuts_medians_and_error(rows):
    """absolute_curve against its definition, cut by cut: the two regions' weighted medians
    and AE(R₁) + AE(R₂); AE(D) is the node's."""
    from treecore.split.least_squares import absolute_curve

    x, y, w = (np.array([float(r[k]) for r in rows]) for k in range(3))
    curve = absolute_curve(x, y, w)
    values = np.unique(x)
    assert np.allclose(curve.thresholds, (values[1:] + values[:-1]) / 2)
    for c, s in enumerate(curve.thresholds):
        left, right = x <= s, x > s
        assert curve.left_median[c] == brute_median(y[left], w[left])
        assert curve.right_median[c] == brute_median(y[right], w[right])
        expected = sum((w[side] * np.abs(y[side] - brute_median(y[side], w[side]))).sum()
                       for side in (left, right))
        assert curve.ae[c] == pytest.approx(expected, abs=1e-9)
    assert curve.parent_ae == pytest.approx(
        (w * np.abs(y - brute_median(y, w))).sum(), abs=1e-9)


def test_the_lens_shows_an_outlier_pulling_the_squared_errors_cut():
    """x = 1…10, y = 0 60 0 0 0 | 10 10 10 10 10: the level changes after x = 5, and one target
    (60 at x = 2) is far off. Squared error: SSE(D) = 4·11² + 49² + 5·1² = 2890; the cut
    s = 2.5 leaves {0, 60}: 1800 + {0, 0, 0, 10 ×5}: 187.5 = 1987.5, the least, while the level
    change s = 5.5 leaves 4·12² + 48² = 2880. Absolute error: AE(D) = 4·10 + 50 = 90 about the
    median 10; s = 5.5 leaves 60 (medians 0 and 10), s = 2.5 leaves 60 + 30 = 90. The outlier
    pulls the squared error's cut to it; the absolute error's stays at the level change."""
    from ui.views import regression_lens

    table = pd.DataFrame({"x": np.arange(1.0, 11.0),
                          "y": [0.0, 60, 0, 0, 0, 10, 10, 10, 10, 10]})
    dataset = Dataset.from_frame(table, "y", task="regression")
    lens = regression_lens.node_lens(dataset, grow(dataset, max_depth=1), 0, "x")
    frame = regression_lens.lens_frame(lens).set_index("criterion")
    squared, absolute = frame.loc["squared_error"], frame.loc["absolute_error"]
    assert (squared["cut"], squared["left"], squared["right"]) == (2.5, 30.0, 6.25)
    assert squared["removed"] == pytest.approx(1 - 1987.5 / 2890)
    assert squared["removed_other"] == pytest.approx(0.0)           # 90 of 90 left
    assert (absolute["cut"], absolute["left"], absolute["right"]) == (5.5, 0.0, 10.0)
    assert absolute["removed"] == pytest.approx(1 - 60 / 90)
    assert absolute["removed_other"] == pytest.approx(1 - 2880 / 2890)
    figure = regression_lens.lens_chart(lens, {"squared_error": "SE", "absolute_error": "AE",
                                               "title": "", "threshold": "", "share": "",
                                               "best": "best"})
    stars = [trace for trace in figure.data if trace.marker.symbol == "star"]
    assert [float(trace.x[0]) for trace in stars] == [2.5, 5.5]


def test_forced_splits_and_validation_pre_pruning_ask_for_the_squared_error():
    """The criterion says it takes neither (``CRITERIA["absolute_error"].guided``), and growth
    refuses them by name."""
    from treecore import CRITERIA

    table = pd.DataFrame({"x": np.arange(8.0), "y": [1.0, 2, 2, 3, 7, 8, 8, 9]})
    data = Dataset.from_frame(table, "y", task="regression")
    assert not CRITERIA["absolute_error"].guided and CRITERIA["squared_error"].guided
    for extra in ({"force": {(): "x"}}, {"validation": data}):
        with pytest.raises(ConfigError, match="squared error"):
            grow(data, task="regression", criterion="absolute_error", **extra)
