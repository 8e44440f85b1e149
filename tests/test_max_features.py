"""Random feature subsets per node (``GrowthConfig.max_features``,
:mod:`treecore.split.feature_draw`).

scikit-learn's rule: at each node features are drawn one at a time without replacement; a
drawn feature that cannot cut the node (one value there) does not count, and drawing stops
once k features that can cut have been scored or every feature has been drawn. The draw is a
function of (seed, node id), the same in both compiled engines.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_wine

from treecore import ConfigError, Dataset, GrowthConfig, grow, grow_steps
from treecore.split.feature_draw import drawn_features, resolve_max_features
from treecore.grow.nodewise import NodewiseGrowth
from treecore.grow.presorted import PresortedGrowth
from treecore.io import from_json, to_json

from tests.conftest import SAMPLES


@pytest.fixture(scope="module")
def wine() -> Dataset:
    X, y = load_wine(return_X_y=True, as_frame=True)
    return Dataset.from_frame(X.assign(y=y.astype(str)), "y")


def splits(tree) -> list:
    return [None if n.split is None else (n.split.feature, n.split.threshold) for n in tree.nodes]


def scored(tree) -> list:
    return [n for n in tree.iter_nodes() if n.feature_subset is not None]


@pytest.mark.parametrize("k", [1, 3, 6])
def test_every_split_is_on_a_drawn_feature(wine, k):
    tree = grow(wine, max_features=k, random_state=11)
    assert scored(tree)
    for node in tree.iter_nodes():
        if node.split is not None:
            assert node.split.feature_index in node.feature_subset
        if node.feature_subset is not None:
            assert len(set(node.feature_subset)) == len(node.feature_subset) >= k


def test_the_draw_is_a_function_of_seed_and_node(wine):
    first = grow(wine, max_features=3, random_state=5)
    again = grow(wine, max_features=3, random_state=5)
    other = grow(wine, max_features=3, random_state=6)
    assert first.nodes == again.nodes
    assert splits(first) != splits(other)
    for node in scored(first):                      # a view draws the subset again
        assert node.feature_subset == drawn_features(5, node.node_id, wine.n_features,
                                                     len(node.feature_subset))


def test_all_features_is_the_plain_tree(wine):
    plain = grow(wine)
    assert splits(grow(wine, max_features=wine.n_features, random_state=3)) == splits(plain)
    assert all(n.feature_subset is None for n in plain.nodes)


def test_the_draw_is_uniform_over_features():
    """Over many seeds, each of d features is among the k drawn at the root k/d of the time."""
    n_features, k, seeds = 10, 3, 4000
    hits = np.zeros(n_features)
    for seed in range(seeds):
        hits[list(drawn_features(seed, 0, n_features, k))] += 1
    np.testing.assert_allclose(hits / seeds, k / n_features, atol=0.03)


def test_features_that_cannot_cut_do_not_count():
    """Nine constant columns and one informative one: with k = 1 every node keeps drawing
    until it reaches the informative feature, so the tree still separates the classes."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=60)
    frame = pd.DataFrame({f"c{j}": np.full(60, 1.0) for j in range(9)}).assign(x=x)
    dataset = Dataset.from_frame(frame.assign(y=np.where(x > 0.2, "a", "b")), "y")
    tree = grow(dataset, max_features=1, random_state=2)
    assert tree.root.split.feature == "x"
    assert tree.root.feature_subset[-1] == 9 and len(tree.root.feature_subset) >= 1
    assert all(n.stop_reason.value == "pure" for n in tree.iter_leaves())


def test_both_compiled_engines_draw_alike(wine):
    config = GrowthConfig(max_features=4, random_state=9).checked()
    presorted = PresortedGrowth(wine, config).tree()
    nodewise = NodewiseGrowth(wine, config).tree()
    assert presorted.nodes == nodewise.nodes


def test_regression_trees_draw_too():
    X, y = load_wine(return_X_y=True, as_frame=True)
    dataset = Dataset.from_frame(X.assign(y=y.astype(float) + X["alcohol"]), "y",
                                 task="regression")
    tree = grow(dataset, max_features=2, random_state=1)
    assert all(n.split.feature_index in n.feature_subset for n in tree.iter_nodes() if n.split)
    assert splits(tree) != splits(grow(dataset))
    for step in grow_steps(dataset, max_features=2, random_state=1):
        drawn = set(tree.node(step.node_id).feature_subset)
        assert step.chosen.feature_index in {c.feature_index for c in step.candidates} <= drawn


def test_nominal_and_missing_values_draw(wine):
    frame = pd.read_csv(SAMPLES / "watermelon3.0.csv").drop(columns="编号")
    frame.loc[::4, "色泽"] = np.nan
    dataset = Dataset.from_frame(frame, "好瓜")
    for algorithm in ("cart", "c45", "id3"):
        tree = grow(dataset, algorithm=algorithm, max_features=2, random_state=4)
        assert scored(tree)
        for node in tree.iter_nodes():
            if node.split is not None:
                assert node.split.feature_index in node.feature_subset


def test_a_steps_candidate_table_lists_the_drawn_features(wine):
    """The kept scores of the first steps and the rescored later ones alike."""
    tree = grow(wine, max_features=3, random_state=7)
    kept = list(grow_steps(wine, max_features=3, random_state=7))
    rescored = list(PresortedGrowth(wine, GrowthConfig(max_features=3, random_state=7).checked(),
                                    keep_scores=0).steps())
    assert len(kept) == len(rescored) == tree.n_steps
    for step in kept + rescored:
        drawn = set(tree.node(step.node_id).feature_subset)
        listed = {c.feature_index for c in step.candidates}
        assert step.chosen.feature_index in listed <= drawn


def test_the_subsets_travel_in_json(wine):
    tree = grow(wine, max_features=3, random_state=2)
    again = from_json(to_json(tree))
    assert [n.feature_subset for n in again.nodes] == [n.feature_subset for n in tree.nodes]


def test_readable_builder_refuses_a_draw(wine):
    with pytest.raises(ConfigError, match="max_features"):
        grow(wine, max_features=2, force={(): "alcohol"})
    with pytest.raises(ConfigError, match="max_features"):
        GrowthConfig(max_features=0).checked()


@pytest.mark.parametrize("given, expected", [("sqrt", 4), ("log2", 4), (0.5, 10), (3, 3),
                                             (None, None), (1e-9, 1), ("third", 6)])
def test_max_features_as_scikit_learn_reads_it(given, expected):
    assert resolve_max_features(given, 20) == expected


@pytest.mark.parametrize("d, expected", [(1, 1), (2, 1), (3, 1), (5, 1), (6, 2), (30, 10),
                                         (31, 10)])
def test_a_third_of_the_features_rounds_down_to_at_least_one(d, expected):
    assert resolve_max_features("third", d) == expected


@pytest.mark.parametrize("bad", ["all", 0, 21, 1.5, -0.1, True])
def test_bad_max_features(bad):
    with pytest.raises(ConfigError, match="max_features"):
        resolve_max_features(bad, 20)
