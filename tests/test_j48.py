"""The C4.5 (J48) preset against Weka 3 J48, and its rules one by one.

The fixtures in ``tests/data/weka/`` were recorded from Weka 3.6 by
``scripts/record_weka_j48.py`` (J48 ``-C 0.25 -M 2`` and ``-U -M 2``, Id3), so these tests need
neither Java nor Weka.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd
import pytest

from tests.weka_fixtures import WEKA, as_weka, differences, fixture, names, read_arff
from treecore import ALGORITHMS, ConfigError, Dataset, DecisionTreeClassifier, grow
from treecore.split.j48_selection import data_threshold, min_side, numeric_splits, weka_gain
from treecore.pruning import prune_ebp
from treecore.pruning.j48 import added_errors
from treecore.tree.nodes import StopReason
from ui.data.loaders import read_table

DATA_SETS = names()


@lru_cache(maxsize=None)
def dataset(name: str) -> Dataset:
    frame, target = read_arff(WEKA / fixture(name)["arff"])
    return Dataset.from_frame(frame, target)


def j48_trees(data: Dataset):
    """(pruned, unpruned) J48 trees: ``-C 0.25 -M 2`` and ``-U -M 2``."""
    unpruned = grow(data, algorithm="j48", min_samples_leaf=2)
    return prune_ebp(unpruned, cf=0.25, dataset=data).tree, unpruned


def test_the_fixtures_cover_weka_s_examples():
    assert {"weather.nominal", "weather.numeric", "iris", "labor", "glass", "diabetes", "vote",
            "breast-cancer", "soybean", "contact-lenses", "credit-g"} <= set(DATA_SETS)


@pytest.mark.parametrize("name", DATA_SETS)
def test_trees_equal_weka_s_j48_node_for_node(name):
    """Splits, thresholds (six decimals), leaf classes and leaf weights and errors (Weka's two
    decimals), pruned and unpruned."""
    pruned, unpruned = j48_trees(dataset(name))
    recorded = fixture(name)["trees"]
    assert differences(as_weka(unpruned), recorded["unpruned"]) == []
    assert differences(as_weka(pruned), recorded["pruned"]) == []


@pytest.mark.parametrize("name", DATA_SETS)
def test_ten_fold_cross_validation_on_weka_s_folds(name):
    """The fixture's folds are Weka's own (its per-fold results add up to its CV result); on
    them our accuracy is within 0.5 points of J48's, pruned and unpruned; in fact it is equal,
    fold by fold."""
    recorded = fixture(name)
    data = dataset(name)
    ours = {"pruned": [], "unpruned": []}
    for test in recorded["folds"]:
        train = data.subset(np.setdiff1d(np.arange(data.n_rows), test))
        expected = np.asarray(data.classes, dtype=object)[data.y[test]]
        for model, tree in zip(("pruned", "unpruned"), j48_trees(train)):
            ours[model].append(int((tree.predict(data.X[test]) == expected).sum()))
    for model, correct in ours.items():
        assert sum(recorded["fold_correct"][model]) == recorded["cv"][model]
        assert abs(sum(correct) - recorded["cv"][model]) / data.n_rows * 100 <= 0.5, model
        assert correct == recorded["fold_correct"][model], model


@pytest.mark.parametrize("name", ["contact-lenses", "weather.nominal"])
def test_id3_read_from_csv_equals_weka_s_id3(name):
    """Read as a CSV file through the app's loader with its default missing-value markers
    (contact-lenses' class "none" is a class), ID3 grows Weka's Id3 tree."""
    lines = (WEKA / fixture(name)["arff"]).read_text().splitlines()
    header = [line.split()[1] for line in lines if line.lower().startswith("@attribute")]
    at = next(i for i, line in enumerate(lines) if line.lower().startswith("@data"))
    rows = [line for line in lines[at + 1:] if line.strip() and not line.startswith("%")]
    table = read_table(f"{name}.csv", "\n".join([",".join(header)] + rows).encode())
    data = Dataset.from_frame(table.frame, header[-1])
    tree = grow(data, algorithm="id3")
    assert differences(as_weka(tree), fixture(name)["trees"]["id3"]) == []


def test_the_estimator_grows_j48_pruned_and_unpruned():
    frame, target = read_arff(WEKA / "arff" / "labor.arff")
    X, y = frame.drop(columns=target), frame[target]
    recorded = fixture("labor")["trees"]
    pruned = DecisionTreeClassifier(algorithm="j48", min_samples_leaf=2, pruning="ebp",
                                    cf=0.25).fit(X, y)
    unpruned = DecisionTreeClassifier(algorithm="j48", min_samples_leaf=2).fit(X, y)
    assert differences(as_weka(pruned.tree_), recorded["pruned"]) == []
    assert differences(as_weka(unpruned.tree_), recorded["unpruned"]) == []
    assert pruned.score(X, y) == pytest.approx(50 / 57)       # Weka: 50 of 57 on training data


def test_the_textbook_c45_is_another_preset():
    assert ALGORITHMS["c45"].release8 is False and ALGORITHMS["j48"].release8 is True
    assert ALGORITHMS["j48"].criteria == ("gain_ratio",)


# ------------------------------------------------------------------------------ the rules
def test_a_cut_s_gain_pays_the_mdl_penalty_of_the_cuts_tried():
    """Quinlan (1996): gain − log₂(k)/N for k candidate cuts."""
    values = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    [split] = numeric_splits(values[:, None], y, np.ones(8), [0], 2, min_leaf=2)
    raw = weka_gain(np.array([[4.0, 0.0], [0.0, 4.0]]), 8.0)
    assert raw == pytest.approx(1.0)
    assert split.n_cuts == 5                   # 2|6 … 6|2: each side holds at least 2 rows
    assert split.gain == pytest.approx(1.0 - np.log2(5) / 8)
    assert split.midpoint == 4.5


def test_no_split_when_the_penalty_eats_the_gain():
    values = np.arange(8.0)
    y = np.array([0, 1, 0, 1, 1, 0, 1, 0])
    assert numeric_splits(values[:, None], y, np.ones(8), [0], 2, min_leaf=2) == [None]


def test_the_numeric_minimum_per_side_is_clamped_between_m_and_25():
    assert min_side(100, 2, 2) == 5.0          # 0.1 · 100 / 2
    assert min_side(10, 2, 2) == 2             # raised to M
    assert min_side(10_000, 2, 2) == 25        # capped


def test_the_cut_is_the_largest_training_value_not_above_the_midpoint():
    everywhere = np.array([1.0, 2.0, 2.7, 3.0])      # 2.7 is a value of rows at another node
    assert data_threshold(everywhere, 2.5) == 2.0
    assert data_threshold(everywhere, 2.85) == 2.7


def test_added_errors_follow_weka_s_stats_addErrs():
    assert added_errors(6, 0) == pytest.approx(6 * (1 - 0.25 ** (1 / 6)))
    assert added_errors(4, 3.6) == pytest.approx(0.4)          # e + 0.5 ≥ N: N − e
    half = added_errors(10, 0.5)
    assert half == pytest.approx((added_errors(10, 0) + added_errors(10, 1)) / 2)


def test_no_split_at_zero_gain_and_collapse_leave_named_leaves():
    """vote: the textbook C4.5 splits at zero gain; J48 does not, and says why."""
    tree = grow(dataset("vote"), algorithm="j48", min_samples_leaf=2)
    reasons = {leaf.stop_reason for leaf in tree.iter_leaves()}
    assert reasons <= {StopReason.PURE, StopReason.MIN_SAMPLES_LEAF, StopReason.EMPTY_BRANCH,
                       StopReason.NO_USEFUL_SPLIT, StopReason.COLLAPSED}
    assert all(step.chosen.gain > 0 for step in _steps(dataset("vote")))


def _steps(data):
    from treecore import grow_steps
    return list(grow_steps(data, algorithm="j48", min_samples_leaf=2))


def test_growth_steps_carry_j48_s_candidate_tables():
    steps = _steps(dataset("labor"))
    table = steps[0].candidates
    chosen = table.best()
    assert chosen.feature == "wage-increase-first-year" and chosen.threshold == 2.5
    assert chosen.score == max(c.score for c in table if c.eligible and
                               c.gain >= table.average_gain - 1e-3)


def test_subtree_raising_recounts_the_rows_and_branch_shares_below():
    """After raising, each node's statistics are those of the rows that now reach it: children
    share out their parent's weight, and a test's branch counts are its children's known rows."""
    data = dataset("soybean")                  # missing values, and five subtrees raised
    unpruned = grow(data, algorithm="j48", min_samples_leaf=2)
    before = tuple(unpruned.nodes)
    result = prune_ebp(unpruned, dataset=data)
    assert any(step.code == "ebp.raise" for step in result.steps)
    assert tuple(unpruned.nodes) == before                      # the input is not mutated
    tree = result.tree
    for node in tree.iter_nodes():
        if node.children:
            weights = [tree.node(c).weighted_n_samples for c in node.children]
            assert sum(weights) == pytest.approx(node.weighted_n_samples, abs=1e-5)
            assert node.split.branch_weights.sum() <= node.weighted_n_samples + 1e-9
            rows, w = tree.routed_rows(data, node.node_id)
            assert node.weighted_n_samples == pytest.approx(w.sum())


def test_j48_pruning_needs_the_training_rows_and_growth_no_validation_rows():
    data = dataset("labor")
    tree = grow(data, algorithm="j48")
    with pytest.raises(ConfigError, match="dataset="):
        prune_ebp(tree)
    with pytest.raises(ConfigError, match="validation-set pre-pruning"):
        grow(data, algorithm="j48", validation=data)


def test_a_forced_split_is_j48_s_split_of_that_attribute_and_survives_collapse():
    """The Grow page's what-if: the root split on an attribute J48 did not choose (its own J48
    split), or a numeric cut at a given threshold; the rest grows by J48's rules."""
    data = dataset("labor")
    tree = grow(data, algorithm="j48", min_samples_leaf=2, force={(): "pension"})
    assert tree.root.split.feature == "pension" and tree.root.split.forced
    assert tree.root.split.branches == ("none", "ret_allw", "empl_contr")
    cut = grow(data, algorithm="j48", min_samples_leaf=2,
               force={(): ("wage-increase-first-year", 3.0)}).root.split
    assert (cut.feature, cut.threshold, cut.forced) == ("wage-increase-first-year", 3.0, True)
    with pytest.raises(ConfigError, match="offers no such split"):
        grow(data, algorithm="j48", force={(): ("pension", ["none"])})


def test_a_categorical_column_keeps_its_declared_values_in_order():
    frame = pd.DataFrame({"a": pd.Categorical(["y", "x", None], categories=["x", "y", "z"]),
                          "c": pd.Categorical(["p", "q", "q"], categories=["q", "p"])})
    data = Dataset.from_frame(frame, "c")
    assert data.features[0].labels == ("x", "y", "z") and data.classes == ("q", "p")
    assert np.isnan(data.X[2, 0]) and data.X[:2, 0].tolist() == [1.0, 0.0]


@pytest.mark.parametrize("name", ["labor", "diabetes", "credit-g", "iris", "glass"])
def test_the_threshold_chart_weighs_cuts_as_j48_does(name):
    """At every numeric split of the unpruned J48 tree the chart's curve keeps the cut the tree
    made, placed where J48 reports it, with the tree's MDL-corrected gain and gain ratio (labor
    has missing values: gain on the known rows times ρ, split info with the unknown outcome)."""
    from treecore.tree.explain import threshold_curve
    data = dataset(name)
    _, unpruned = j48_trees(data)
    checked = 0
    for node in unpruned.iter_nodes():
        split = node.split
        if split is None or split.threshold is None:
            continue
        curve = threshold_curve(data, split.feature, node=(unpruned, node.node_id))
        assert curve.best is not None and curve.valid[curve.best]
        assert curve.threshold[curve.best] == split.threshold
        assert curve.figures["gain"][curve.best] == pytest.approx(split.gain, abs=1e-12)
        assert curve.figures["gain_ratio"][curve.best] == pytest.approx(split.gain_ratio,
                                                                        abs=1e-12)
        checked += 1
    assert checked
