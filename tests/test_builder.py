"""Hunt's TreeGenerate as a generator: breadth-first steps, named stop reasons, forcing, config."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from treecore import ConfigError, Dataset, GrowthConfig, GrowthStep, StopReason, grow, grow_steps


def data(columns: dict, target) -> Dataset:
    return Dataset.from_frame(pd.DataFrame({**columns, "t": target}), "t")


def reasons(tree) -> set[StopReason]:
    return {leaf.stop_reason for leaf in tree.iter_leaves()}


def test_steps_are_breadth_first_and_numbered(melons):
    steps = list(grow_steps(melons, algorithm="id3"))
    assert all(isinstance(s, GrowthStep) for s in steps)
    assert [s.step for s in steps] == list(range(1, len(steps) + 1))
    assert [s.node_id for s in steps] == [0, 1, 2, 5, 10]
    depths = [len(s.path) for s in steps]
    assert depths == sorted(depths)
    assert steps[0].chosen == steps[0].candidates.best()
    assert steps[0].children == (1, 2, 3)
    assert steps[1].path == ("清晰",)


def test_grow_equals_running_the_steps(melons):
    tree = grow(melons, algorithm="id3")
    steps = list(grow_steps(melons, algorithm="id3"))
    assert tree.n_steps == len(steps)
    assert [n.node_id for n in tree.iter_nodes() if not n.is_leaf] == [s.node_id for s in steps]
    for s in steps:
        node = tree.node(s.node_id)
        assert node.expanded_at == s.step and node.split == s.chosen and node.children == s.children


def test_pure_identical_and_empty_branch():
    tree = grow(data({"a": ["p", "p", "q", "q", "q"], "b": [1, 1, 1, 1, 1]},
                     ["x", "y", "x", "x", "x"]), algorithm="id3")
    assert tree.root.split.feature == "a"
    by_path = {n.path: n for n in tree.iter_nodes()}
    assert by_path[("p",)].stop_reason is StopReason.IDENTICAL          # b is constant
    assert by_path[("q",)].stop_reason is StopReason.PURE


def test_no_features_left():
    tree = grow(data({"a": ["p", "p", "q"]}, ["x", "y", "x"]), algorithm="id3")
    assert tree.node(1).stop_reason is StopReason.NO_FEATURES
    assert tree.node(1).prediction == 0                                  # tie → first class


def test_empty_branch_takes_the_parents_majority():
    frame = pd.DataFrame({"a": ["p", "q", "q", "q", "r"], "b": ["u", "u", "v", "v", "u"],
                          "t": ["x", "y", "y", "x", "x"]})
    train = Dataset.from_frame(frame, "t")
    tree = grow(train.subset([0, 1, 2, 3]), algorithm="id3")   # "r" is known but absent
    empty = [n for n in tree.iter_nodes() if n.stop_reason is StopReason.EMPTY_BRANCH]
    assert empty
    for leaf in empty:
        parent = tree.node(leaf.parent)
        assert leaf.weighted_n_samples == 0 and leaf.prediction == parent.prediction
        assert leaf.distribution == parent.distribution


@pytest.mark.parametrize("params, reason", [
    ({"max_depth": 1}, StopReason.MAX_DEPTH),
    ({"min_samples_split": 10}, StopReason.MIN_SAMPLES_SPLIT),
    ({"min_samples_leaf": 9}, StopReason.MIN_SAMPLES_LEAF),
    ({"min_gain": 0.5}, StopReason.MIN_GAIN),
    ({"min_impurity_decrease": 0.1}, StopReason.MIN_IMPURITY_DECREASE),
    ({"max_leaves": 3}, StopReason.MAX_LEAVES),
])
def test_pre_pruning_reasons(melons, params, reason):
    tree = grow(melons, algorithm="id3", **params)
    assert reason in reasons(tree)


def test_max_depth_zero_is_a_single_leaf(melons):
    tree = grow(melons, algorithm="cart", max_depth=0)
    assert tree.n_nodes == 1 and tree.root.stop_reason is StopReason.MAX_DEPTH


def test_max_leaves_is_respected(melons3):
    for limit in (1, 2, 3, 5):
        assert grow(melons3, algorithm="cart", max_leaves=limit).n_leaves <= limit


def test_min_samples_leaf_is_respected(melons3):
    tree = grow(melons3, algorithm="cart", min_samples_leaf=3)
    assert min(leaf.weighted_n_samples for leaf in tree.iter_leaves()) >= 3


def test_ineligible_candidates_never_chosen(melons3):
    for step in grow_steps(melons3, algorithm="c45"):
        assert step.chosen.eligible
        gains = [c.gain for c in step.candidates if c.note != "gain below average"]
        assert step.chosen.gain >= min(gains) - 1e-12


def test_nominal_multiway_attribute_used_once_per_path(melons):
    tree = grow(melons, algorithm="c45")
    for leaf in tree.iter_leaves():
        used = [a.split.feature for a in tree.ancestors(leaf.node_id)[:-1]]
        assert len(used) == len(set(used))


def test_cart_may_test_a_nominal_attribute_again(melons):
    tree = grow(melons, algorithm="cart")
    assert all(n.split.subset is not None or n.split.threshold is not None
               for n in tree.iter_nodes() if n.split)
    assert all(len(n.children) == 2 for n in tree.iter_nodes() if n.split)


# ------------------------------------------------------------------------------ forcing
def test_force_by_labels_and_indices(melons):
    tree = grow(melons, algorithm="id3", force={(): "色泽", ("乌黑",): "触感"})
    assert tree.root.split.feature == "色泽"
    dark = next(n for n in tree.iter_nodes() if n.path == ("乌黑",))
    assert dark.split.feature == "触感" and dark.split.forced
    by_index = grow(melons, algorithm="id3", force={(): "色泽", (1,): "触感"})
    assert by_index.node(dark.node_id).split.feature == "触感"


def test_force_threshold_and_subset(melons3):
    tree = grow(melons3, algorithm="cart", force={(): ("密度", 0.5), (0,): ("纹理", ["清晰"])})
    assert tree.root.split.threshold == 0.5
    assert tree.node(tree.root.children[0]).split.subset == (0,)
    recorded = json.loads(json.dumps(tree.settings["force"], ensure_ascii=False))
    assert recorded == [[[], ["密度", 0.5]], [[0], ["纹理", ["清晰"]]]]


def test_force_appears_in_the_step_table(melons):
    step = next(grow_steps(melons, algorithm="id3", force={(): "触感"}))
    assert step.chosen.feature == "触感" and step.candidates.best() is step.chosen
    assert step.candidates.features == ("色泽", "根蒂", "敲声", "纹理", "脐部", "触感")


@pytest.mark.parametrize("spec", ["nope", ("密度", 10.0), ("纹理", ["nope"])])
def test_impossible_force_is_a_config_error(melons3, spec):
    with pytest.raises(ConfigError):
        grow(melons3, algorithm="cart", force={(): spec})


# ------------------------------------------------------------------------------ config
@pytest.mark.parametrize("params", [{"algorithm": "c50"}, {"criterion": "gain_ratio"},
                                    {"max_depth": -1}, {"min_samples_leaf": -1},
                                    {"threshold_style": "round"}, {"max_leaves": 0},
                                    {"validation_rule": "maybe"}, {"colour": "red"}])
def test_config_errors(melons, params):
    with pytest.raises(ConfigError):
        grow(melons, **{"algorithm": "cart", **params})


def test_config_default_criterion_is_recorded(melons):
    assert GrowthConfig(algorithm="c45").checked().criterion == "gain_ratio"
    assert grow(melons, algorithm="c45").criterion == "gain_ratio"


def test_dataset_is_not_modified(melons3):
    before = (melons3.X.copy(), melons3.y.copy(), melons3.weights.copy())
    grow(melons3, algorithm="c45")
    for array, copy in zip((melons3.X, melons3.y, melons3.weights), before):
        np.testing.assert_array_equal(array, copy)


def test_growth_stops_when_its_time_is_up(melons):
    """``max_seconds`` bounds growth inside the engine: the tree grown so far comes back with
    its waiting nodes as leaves without a stop reason."""
    full = grow(melons, algorithm="id3", max_seconds=60)
    assert full.is_complete and full.n_steps == 5
    cut = grow(melons, algorithm="id3", max_seconds=0)
    assert not cut.is_complete and cut.n_nodes == 1 and cut.root.stop_reason is None
    assert list(grow_steps(melons, algorithm="id3", max_seconds=0)) == []
