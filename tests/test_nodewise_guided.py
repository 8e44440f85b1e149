"""Forced splits in the compiled nodewise engine (:mod:`treecore.grow.nodewise_guided`): the
nodes on the way to a forced split are decided by the builder's rule and split in the engine's
arrays, the rest grows compiled, and the tree, its steps and candidate tables, and the errors
of splits that cannot be made are the readable builder's."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import Dataset
from treecore.data import Kind
from treecore.errors import ConfigError
from treecore.grow.builder import Growth
from treecore.grow.engines import start_growth
from treecore.grow.growing import GrowthConfig
from treecore.grow.nodewise import NodewiseGrowth
from treecore.grow.nodewise_guided import on_the_way
from treecore.measures.evaluate import labelled

from tests.test_nodewise import cases, mixed_table, regression_cases, same
from tests.test_validation_cut import steps_of


def branch_indices(tree, node) -> tuple[int, ...]:
    """The branch indices from the root to ``node``."""
    steps = []
    while node.parent is not None:
        parent = tree.node(node.parent)
        steps.append(parent.children.index(node.node_id))
        node = parent
    return tuple(reversed(steps))


@st.composite
def forced_cases(draw):
    """A small table, one or two forced splits at nodes of its unforced tree (paths by label,
    by index, or both), each a feature's best split, a threshold or a subset of labels, and
    validation rows or none."""
    dataset, config = draw(st.one_of(cases(), regression_cases()))
    if config.criterion == "absolute_error":          # not guided
        config = dataclasses.replace(config, criterion="squared_error")
    reference = Growth(dataset, config)
    reference.run()
    tree = reference.tree()
    force = {}
    for _ in range(draw(st.integers(1, 2))):
        node = tree.nodes[draw(st.integers(0, len(tree.nodes) - 1))]
        feature = dataset.features[draw(st.integers(0, dataset.n_features - 1))]
        detail = draw(st.booleans())
        if detail and feature.kind is Kind.CONTINUOUS:
            spec = (feature.name, draw(st.sampled_from([0.5, 1.5, 2.5, 3.0])))
        elif detail and feature.labels:
            spec = (feature.name, tuple(draw(st.lists(st.sampled_from(feature.labels),
                                                      min_size=1, max_size=2, unique=True))))
        else:
            spec = feature.name
        path = tuple(index if draw(st.booleans()) else label
                     for index, label in zip(branch_indices(tree, node), node.path))
        force[path] = spec
    held_out = np.array(draw(st.lists(st.booleans(), min_size=dataset.n_rows,
                                      max_size=dataset.n_rows)))
    validation = dataset.subset(held_out) if draw(st.booleans()) else None
    return dataset, config, force, validation


@settings(max_examples=500, deadline=None)
@given(forced_cases())
def test_forced_splits_grow_the_builders_tree_node_for_node(case):
    """Nodes, stop reasons, steps (with validation figures), candidate tables and predictions
    agree; a split that cannot be made raises the builder's error, and only where the builder
    comes to it (not below a node the leaf-count limit or the validation test stopped)."""
    dataset, config, force, validation = case
    reference = Growth(dataset, config, force=force, validation=validation)
    try:
        reference_steps = steps_of(reference)
    except ConfigError as error:
        with pytest.raises(ConfigError) as raised:
            NodewiseGrowth(dataset, config, force=force, validation=validation).run()
        assert str(raised.value) == str(error)
        return
    fast = NodewiseGrowth(dataset, config, force=force, validation=validation)
    tree, expected = fast.tree(), reference.tree()
    assert same(tuple(tree.nodes), expected.nodes)
    assert tree.n_steps == expected.n_steps and tree.settings == expected.settings
    assert same(steps_of(fast), reference_steps)
    for mine, theirs in zip(fast.steps(), reference.steps()):
        assert same(mine.candidates, theirs.candidates)
    predict = "predict" if dataset.is_regression else "predict_proba"
    assert np.allclose(getattr(tree, predict)(dataset.X), getattr(expected, predict)(dataset.X))


def test_a_forced_split_on_a_noisy_mixed_table_grows_compiled_below_it():
    """A forced subset at the root and a forced threshold below it on 3,000 rows with holes:
    the nodewise engine grows it, as the builder does, and the forced candidates are marked."""
    dataset = Dataset.from_frame(mixed_table(3000, seed=7, missing=0.1), "y")
    force = {(): ("colour", ("red", "none")), (0,): ("a", 0.25)}
    config = GrowthConfig.from_params(algorithm="cart", min_samples_leaf=2)
    fast = start_growth(dataset, config, force=force)
    assert isinstance(fast, NodewiseGrowth)
    builder = Growth(dataset, config, force=force)
    builder.run()
    tree, reference = fast.tree(), builder.tree()
    assert tree.n_nodes > 100
    assert [(n.parent, n.split and n.split.feature, n.split and n.split.threshold,
             n.stop_reason) for n in tree.iter_nodes()] == \
        [(n.parent, n.split and n.split.feature, n.split and n.split.threshold,
          n.stop_reason) for n in reference.iter_nodes()]
    assert tree.node(0).split.subset == reference.node(0).split.subset
    assert tree.node(1).split.threshold == 0.25
    assert tree.node(0).split.forced and tree.node(1).split.forced


def test_on_the_way_matches_labels_or_indices():
    force = {("稍凹", 1): "色泽"}
    assert on_the_way(force, (), ())
    assert on_the_way(force, ("稍凹",), (1,)) and on_the_way(force, ("x",), (0,)) is False
    assert on_the_way(force, ("稍凹", "稍蜷"), (1, 1))
    assert not on_the_way(force, ("稍凹", "稍蜷", "乌黑"), (1, 1, 0))


def test_zhou_pre_pruning_with_the_forced_root_grows_compiled():
    """Zhou's 图 4.6: 脐部 forced at the root, pre-pruned on the validation rows of Table 4.2."""
    frame = pd.read_csv("samples/watermelon2.0.csv")
    train = Dataset.from_frame(frame[frame["编号"].isin([1, 2, 3, 6, 7, 10, 14, 15, 16, 17])],
                               "好瓜")
    held_out = frame[frame["编号"].isin([4, 5, 8, 9, 11, 12, 13])]
    validation = labelled(train.schema, held_out.drop(columns="好瓜"), held_out["好瓜"])
    growth = start_growth(train, GrowthConfig(algorithm="id3"), force={(): "脐部"},
                          validation=validation)
    assert isinstance(growth, NodewiseGrowth)
    tree = growth.tree()
    assert tree.n_leaves == 3 and tree.node(0).split.feature == "脐部"
    assert [step.validation for step in growth.steps()] == [(3.0, 5.0)]
