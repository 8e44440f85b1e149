"""Validation-set pre-pruning in the compiled nodewise engine (:mod:`treecore.grow.validation_cut`):
the tree, its stop reasons, its growth steps with their validation figures and candidate tables
are the readable builder's, node for node."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import ALGORITHMS, Dataset
from treecore.grow import nodewise, nodewise_arrays, threads
from treecore.grow.builder import Growth
from treecore.grow.engines import start_growth
from treecore.grow.growing import GrowthConfig
from treecore.grow.kernel_rules import MAX_LEAVES, VALIDATION
from treecore.grow.nodewise import NodewiseGrowth
from treecore.grow.validation_cut import breadth_first, cut, renumbered
from treecore.tree.nodes import StopReason

from tests.test_nodewise import cases, mixed_table, regression_cases, same


@st.composite
def pre_pruned_cases(draw):
    """A small table (classification or least squares), rows drawn from it for validation,
    and a validation rule."""
    dataset, config = draw(st.one_of(cases(), regression_cases()))
    if config.criterion == "absolute_error":          # not guided: pre-pruned by squared error
        config = dataclasses.replace(config, criterion="squared_error")
    held_out = np.array(draw(st.lists(st.booleans(), min_size=dataset.n_rows,
                                      max_size=dataset.n_rows)))
    config = dataclasses.replace(config,
                                 validation_rule=draw(st.sampled_from(["strict", "no_worse"])))
    return dataset, config, dataset.subset(held_out)


def steps_of(growth) -> list[tuple]:
    return [(s.step, s.node_id, s.path, s.chosen, s.children, s.validation)
            for s in growth.steps()]


def assert_pre_prunes_as_the_builder(dataset, config, validation) -> NodewiseGrowth:
    reference = Growth(dataset, config, validation=validation)
    reference_steps = steps_of(reference)
    fast = NodewiseGrowth(dataset, config, validation=validation)
    assert same(tuple(fast.tree().nodes), reference.tree().nodes)
    assert fast.tree().n_steps == reference.tree().n_steps
    assert same(steps_of(fast), reference_steps)
    return fast


@settings(max_examples=400, deadline=None)
@given(pre_pruned_cases())
def test_the_pre_pruned_tree_is_the_builders_node_for_node(case):
    """Every algorithm and criterion, the limits (``max_leaves`` counted in the builder's
    breadth-first order), weights, missing values, both rules, classification and regression:
    the nodes, stop reasons and growth steps with their (before, after) figures agree."""
    dataset, config, validation = case
    fast = assert_pre_prunes_as_the_builder(dataset, config, validation)
    reference = Growth(dataset, config, validation=validation)
    for mine, theirs in zip(fast.steps(), reference.steps()):
        assert same(mine.candidates, theirs.candidates)


@settings(max_examples=150, deadline=None)
@given(pre_pruned_cases(), st.integers(1, 3), st.booleans())
def test_the_validation_rows_follow_growth_chunk_by_chunk(monkeypatch, case, slots, threaded):
    """Growth in chunks of one to three nodes, a chunk or two per compiled call, on one thread or
    shared between two: the rows are sent on and the nodes tested between calls, and the tree
    is the builder's."""
    with monkeypatch.context() as patch:
        patch.setattr(nodewise, "WORK_PER_CALL", 4)          # a chunk or two per call
        patch.setattr(nodewise_arrays, "MAX_SLOTS", slots)
        if threaded:
            patch.setattr(threads, "THREADED_CHUNK", 0)
            patch.setattr(threads, "SMALLEST_PIECE", 1)
        assert_pre_prunes_as_the_builder(*case)


@pytest.mark.parametrize("algorithm", sorted(set(ALGORITHMS) - {"j48"}))
@pytest.mark.parametrize("rule", ["strict", "no_worse"])
def test_noisy_mixed_data_is_cut_where_the_builder_stops(monkeypatch, algorithm, rule):
    """A noisy table with 10 % of its cells empty: validation rows are split over branches
    with fractional weights, and the tree is cut below the root, as the builder cuts it. With
    compiled calls of a few nodes each (a big table's are about one level of the tree), the
    subtrees cut are not grown."""
    monkeypatch.setattr(nodewise, "WORK_PER_CALL", 4000)
    table = mixed_table(1500, seed=5, missing=0.1)
    dataset = Dataset.from_frame(table, "y")
    train, validation = dataset.subset(np.arange(1500) < 1000), dataset.subset(
        np.arange(1500) >= 1000)
    config = GrowthConfig.from_params(algorithm=algorithm, validation_rule=rule)
    fast = start_growth(train, config, validation=validation)
    assert isinstance(fast, NodewiseGrowth)
    builder = Growth(train, config, validation=validation)
    builder.run()
    tree, reference = fast.tree(), builder.tree()
    assert [(n.parent, n.split and n.split.feature, n.stop_reason) for n in tree.iter_nodes()] \
        == [(n.parent, n.split and n.split.feature, n.stop_reason) for n in reference.iter_nodes()]
    full = start_growth(train, config).tree()
    assert 1 < tree.n_nodes < full.n_nodes
    assert tree.n_nodes <= len(fast.router.score) < full.n_nodes      # the nodes grown
    assert any(n.stop_reason is StopReason.VALIDATION for n in tree.iter_nodes())


def test_continuous_complete_data_grows_in_the_nodewise_engine_too(melons):
    numeric = Dataset.from_frame(pd.DataFrame({"x": [1.0, 2, 3, 4, 5, 6],
                                               "y": list("aabbab")}), "y")
    assert isinstance(start_growth(numeric, GrowthConfig(), validation=numeric), NodewiseGrowth)


def test_cut_tests_max_leaves_then_validation_in_id_order():
    """A root with two children, the first of them split in two: with ``max_leaves`` 2 the
    root splits (2 leaves) and its first child is stopped by the limit, before its validation
    test is read; without the limit, the test cuts that child, or lets it split."""
    expanded_at = np.array([1, 2, -1, -1, -1])
    first_child = np.array([1, 3, -1, -1, -1])
    n_children = np.array([2, 2, -1, -1, -1])
    passed = np.array([True, True, False, False, False])
    kept, split, reason = cut(expanded_at, first_child, n_children, passed, 2)
    assert kept.tolist() == [True, True, True, False, False]
    assert split.tolist() == [True, False, False, False, False]
    assert reason.tolist() == [-1, MAX_LEAVES, -1, -1, -1]
    kept, split, reason = cut(expanded_at, first_child, n_children, passed, -1)
    assert kept.all() and split.tolist() == [True, True, False, False, False]
    passed[1] = False
    kept, split, reason = cut(expanded_at, first_child, n_children, passed, -1)
    assert kept.tolist() == [True, True, True, False, False]
    assert reason.tolist() == [-1, VALIDATION, -1, -1, -1]


def test_a_node_cut_below_the_root_leaves_ids_and_steps_without_gaps(melons):
    """Cutting node 1 of a root split three ways renumbers the nodes after it and the steps
    of the nodes split after it; each node is created at its parent's step."""
    growth = NodewiseGrowth(melons, GrowthConfig(algorithm="id3"))
    growth.run()
    nodes = growth.nodes
    n = int((nodes.parent[1:] >= 0).sum()) + 1
    arrays = type(nodes)(*(a[:n] for a in nodes))
    kept = np.ones(n, bool)
    for i in range(2, n):                       # parents come first
        kept[i] = kept[arrays.parent[i]] and arrays.parent[i] != 1
    below = np.flatnonzero(~kept)
    assert len(below) and arrays.expanded_at[1] >= 0
    split = arrays.expanded_at >= 0
    split[1] = False
    reason = np.full(n, -1)
    reason[1] = 99
    out = renumbered(arrays, np.flatnonzero(kept), split, reason)
    assert len(out.parent) == n - len(below) and out.stop[1] == 99 and out.expanded_at[1] == -1
    expanded = out.expanded_at[out.expanded_at >= 0]
    assert sorted(expanded.tolist()) == list(range(1, len(expanded) + 1))
    assert (out.created_at[1:] == out.expanded_at[out.parent[1:]]).all()
    assert (out.parent[1:] < np.arange(1, len(out.parent))).all()


def test_breadth_first_lists_each_level_in_the_order_of_its_parents(melons):
    """A tree grown breadth first is in that order already."""
    growth = NodewiseGrowth(melons, GrowthConfig(algorithm="id3"))
    growth.tree()
    order = breadth_first(growth.nodes)
    assert order.tolist() == list(range(growth.tree().n_nodes))
