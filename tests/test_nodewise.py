"""The nodewise engine grows the tree the general builder grows, node for node, step for step,
on tables with nominal attributes, missing values and sample weights."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import ALGORITHMS, Dataset, Tree, grow
from treecore.data import Kind
from treecore.grow import nodewise, nodewise_arrays, threads
from treecore.grow.builder import Growth
from treecore.grow.engines import start_growth
from treecore.grow.growing import GrowthConfig
from treecore.grow.nodewise import NodewiseGrowth, applies
from treecore.grow.presorted import PresortedGrowth


def same(mine, theirs) -> bool:
    """Equal, floats to rounding: a row whose value is missing goes down every branch with a
    fraction of its weight, and the engines sum those fractions in different orders."""
    if dataclasses.is_dataclass(mine) and type(mine) is type(theirs):
        return all(same(getattr(mine, f.name), getattr(theirs, f.name))
                   for f in dataclasses.fields(mine))
    if isinstance(mine, (tuple, list)) and isinstance(theirs, (tuple, list)):
        return len(mine) == len(theirs) and all(map(same, mine, theirs))
    if isinstance(mine, float) and isinstance(theirs, float):
        return math.isclose(mine, theirs, rel_tol=1e-9, abs_tol=1e-9) or \
            (math.isnan(mine) and math.isnan(theirs))       # a regression table's average gain
    return mine == theirs


def general(dataset: Dataset, config: GrowthConfig) -> Growth:
    growth = Growth(dataset, config)
    growth.steps_seen = list(growth.steps())
    return growth


def mixed_columns(draw, n: int) -> tuple[pd.DataFrame, dict]:
    """Continuous and nominal columns with few distinct values (many ties) and holes: the
    frame and the kind of each column."""
    kinds = draw(st.lists(st.sampled_from(["continuous", "nominal"]), min_size=1, max_size=4))
    frame = {}
    for j, kind in enumerate(kinds):
        levels = draw(st.integers(1, 5))
        values = draw(st.lists(st.one_of(st.none(), st.integers(0, levels)), min_size=n,
                               max_size=n))
        values[0] = 0 if values[0] is None else values[0]       # not every value missing
        frame[f"x{j}"] = [None if v is None else (float(v) if kind == "continuous" else f"v{v}")
                          for v in values]
    return pd.DataFrame(frame), {f"x{j}": kind for j, kind in enumerate(kinds)}


def limits(draw) -> dict:
    """Growth limits and the threshold style, drawn."""
    return dict(threshold_style=draw(st.sampled_from(["midpoint", "data"])),
                max_depth=draw(st.sampled_from([None, 1, 2, 4])),
                min_samples_split=draw(st.sampled_from([2, 4])),
                min_samples_leaf=draw(st.sampled_from([1, 2, 3])),
                min_impurity_decrease=draw(st.sampled_from([0.0, 0.01])),
                max_leaves=draw(st.sampled_from([None, 2, 5])))


@st.composite
def cases(draw):
    """Small mixed tables (:func:`mixed_columns`) and integer weights (exact sums, so every
    figure agrees to the last bit)."""
    n = draw(st.integers(2, 40))
    table, kinds = mixed_columns(draw, n)
    y = draw(st.lists(st.sampled_from("abc"), min_size=n, max_size=n))
    y[:2] = ["a", "b"]                                  # at least two classes
    weights = np.array(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), float)
    weights[:2] = np.maximum(weights[:2], 1.0)          # both classes keep some weight
    dataset = Dataset.from_frame(table.assign(y=y), "y", weights=weights, kinds=kinds)
    algorithm = draw(st.sampled_from(sorted(ALGORITHMS)))
    config = GrowthConfig.from_params(
        algorithm=algorithm, criterion=draw(st.sampled_from(ALGORITHMS[algorithm].criteria)),
        min_gain=draw(st.sampled_from([0.0, 0.05])), **limits(draw))
    return dataset, config


def assert_grows_as_the_builder(dataset: Dataset, config: GrowthConfig) -> NodewiseGrowth:
    """The nodewise engine's tree, steps and candidate tables are the general builder's."""
    reference = general(dataset, config)
    fast = NodewiseGrowth(dataset, config)
    assert same(tuple(fast.tree().nodes), reference.tree().nodes)
    assert fast.tree().n_steps == reference.tree().n_steps
    assert fast.tree().settings == reference.tree().settings
    steps = list(fast.steps())
    assert same([(s.step, s.node_id, s.path, s.chosen, s.children) for s in steps],
                [(s.step, s.node_id, s.path, s.chosen, s.children) for s in reference.steps_seen])
    for mine, theirs in zip(steps, reference.steps_seen):
        assert same(mine.candidates, theirs.candidates)
    return fast


@settings(max_examples=300, deadline=None)
@given(cases())
def test_same_tree_and_steps_as_the_general_builder(case):
    assert_grows_as_the_builder(*case)


@settings(max_examples=100, deadline=None)
@given(cases())
def test_routing_arrays_equal_those_compiled_from_the_nodes(case):
    dataset, config = case
    tree = NodewiseGrowth(dataset, config).tree()
    rebuilt = type(tree)(tree.schema, tuple(tree.nodes), tree.settings, tree.n_steps)
    assert np.allclose(tree.predict_proba(dataset.X), rebuilt.predict_proba(dataset.X))
    assert np.array_equal(tree.apply(dataset.X), rebuilt.apply(dataset.X))


def mixed_table(n: int, seed: int, missing: float) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    signal = rng.normal(size=(n, 4))
    frame = pd.DataFrame({
        "a": signal[:, 0].round(2), "b": signal[:, 1].round(1),
        "colour": np.array(["red", "green", "blue", "none"])[(signal[:, 2] > 0) * 2
                                                             + (signal[:, 3] > 0)],
        "size": rng.choice(["S", "M", "L", "XL", "XXL"], n)})
    frame = frame.mask(rng.random(frame.shape) < missing)
    score = signal[:, 0] + signal[:, 2] + rng.normal(scale=0.7, size=n)
    return frame.assign(y=np.where(score > 0.5, "yes", np.where(score < -0.5, "no", "maybe")))


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_same_tree_on_noisy_mixed_data_with_fractional_weights(algorithm):
    """Fractional weights (from missing values and from the user) are summed in another order
    than numpy's, so the figures agree to rounding and the tree's shape exactly."""
    table = mixed_table(1200, seed=2, missing=0.1)
    weights = np.random.default_rng(2).uniform(0.2, 2.0, size=len(table))
    dataset = Dataset.from_frame(table, "y", weights=weights)
    config = GrowthConfig.from_params(algorithm=algorithm, min_samples_leaf=2)
    reference, fast = general(dataset, config).tree(), NodewiseGrowth(dataset, config).tree()
    assert [(n.parent, n.split and n.split.feature, n.split and n.split.threshold,
             n.split and n.split.subset, n.stop_reason) for n in fast.iter_nodes()] == \
        [(n.parent, n.split and n.split.feature, n.split and n.split.threshold,
          n.split and n.split.subset, n.stop_reason) for n in reference.iter_nodes()]
    assert np.allclose([n.class_counts for n in fast.iter_nodes()],
                       [n.class_counts for n in reference.iter_nodes()])


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
@pytest.mark.parametrize("n_threads", [1, 2])
def test_the_roots_candidate_table_is_made_from_the_scores_growth_computed(
        algorithm, n_threads, monkeypatch):
    """The root's candidate table (the Grow page's first) is read from the scores growth
    computed, not scored again, and it is the builder's, on one thread or two: continuous cuts
    with their notes, multiway values or CART's subsets, ρ of every feature with holes."""
    table = mixed_table(3000, seed=4, missing=0.1)
    dataset = Dataset.from_frame(table, "y")
    config = GrowthConfig.from_params(algorithm=algorithm, min_samples_leaf=700,
                                      threshold_style="data" if n_threads == 1 else "midpoint")
    reference = general(dataset, config).steps_seen[0].candidates
    growth = NodewiseGrowth(dataset, config, threads=n_threads)
    growth.tree()
    monkeypatch.setattr(nodewise, "score_node", None)         # scoring again would fail
    mine = next(iter(growth.steps())).candidates
    assert same(mine, reference) and min(c.rho for c in mine) < 1
    if ALGORITHMS[algorithm].multiway:                # no value holds 700 rows of 3000
        assert {c.note for c in mine if c.kind is Kind.NOMINAL} == {"leaf too small"}


def test_grow_uses_it_where_the_presorted_engine_does_not_apply(melons, melons3):
    assert isinstance(start_growth(melons3, GrowthConfig()), NodewiseGrowth)   # nominal
    assert applies(melons)
    assert isinstance(start_growth(melons, GrowthConfig(), validation=melons), NodewiseGrowth)
    assert isinstance(start_growth(melons, GrowthConfig(), force={(): "纹理"}), NodewiseGrowth)
    numeric = Dataset.from_frame(pd.DataFrame({"x": [1.0, 2, 3, 4], "y": list("aabb")}), "y")
    assert isinstance(start_growth(numeric, GrowthConfig()), PresortedGrowth)


def test_arrays_grow_and_the_arena_is_compacted():
    """A tree far larger than the first node arrays, with rows copied down several branches:
    the arena is compacted and enlarged as growth goes, and the tree is still the builder's."""
    table = mixed_table(3000, seed=5, missing=0.2)
    dataset = Dataset.from_frame(table, "y")
    config = GrowthConfig.from_params(algorithm="c45")
    fast = NodewiseGrowth(dataset, config)
    tree = fast.tree()
    assert tree.n_nodes > 1024
    assert [(n.parent, n.split and n.split.feature, n.stop_reason) for n in tree.iter_nodes()] == \
        [(n.parent, n.split and n.split.feature, n.stop_reason)
         for n in general(dataset, config).tree().iter_nodes()]


@pytest.mark.parametrize("n_threads", [1, 2])
def test_a_split_whose_children_overflow_the_arena_waits_for_room(n_threads, monkeypatch):
    """Room is made for twice a chunk's rows; a multiway split of mostly missing values sends
    far more (each unknown row down all 8 branches). With an arena of twice the table's rows,
    :func:`decide` leaves the root waiting, the arena grows by what it needs, and the root is
    split as the builder splits it (one thread: inside ``expand``; two: between the threads'
    phases)."""
    rng = np.random.default_rng(4)
    level = rng.integers(0, 8, size=400)
    table = pd.DataFrame({"grade": np.array(list("ABCDEFGH"))[level],
                          "y": np.where(level < 3, "low", "high")})
    table["grade"] = table["grade"].mask(rng.random(len(table)) < 0.7)
    dataset = Dataset.from_frame(table, "y")
    config = GrowthConfig.from_params(algorithm="c45")
    monkeypatch.setattr(nodewise, "ARENA_ROWS_PER_ROW", 2)
    fast = NodewiseGrowth(dataset, config)
    fast.threads = n_threads
    needs = []
    make_room = fast._make_room
    monkeypatch.setattr(fast, "_make_room", lambda n_slots, pool=None: (
        needs.append(int(fast.counters[nodewise_arrays.ARENA_NEED])), make_room(n_slots, pool)))
    tree = fast.tree()
    assert max(needs) > 2 * len(table)
    assert len(tree.root.children) == 8
    assert [(n.parent, n.split and n.split.feature, n.stop_reason, n.n_samples)
            for n in tree.iter_nodes()] == \
        [(n.parent, n.split and n.split.feature, n.stop_reason, n.n_samples)
         for n in general(dataset, config).tree().iter_nodes()]


def test_deadline_leaves_the_root_waiting(melons):
    growth = NodewiseGrowth(melons, GrowthConfig(), max_seconds=0)
    tree = growth.tree()
    assert growth.stopped_early and tree.n_nodes == 1 and not tree.is_complete
    assert not Tree(tree.schema, tuple(tree.nodes)).is_complete       # read from the nodes
    assert grow(melons, max_seconds=60).is_complete


# ------------------------------------------------------------------------- regression trees
@st.composite
def regression_cases(draw):
    """Small mixed tables (:func:`mixed_columns`) with a numeric target: integer targets and
    weights keep every sum exact, so the engines' figures agree to the last bit and ties break
    alike."""
    n = draw(st.integers(2, 40))
    table, kinds = mixed_columns(draw, n)
    y = np.array(draw(st.lists(st.integers(-3, 6), min_size=n, max_size=n)), float)
    weights = np.array(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), float)
    weights[0] = max(weights[0], 1.0)
    dataset = Dataset.from_frame(table.assign(y=y), "y", weights=weights, task="regression",
                                 kinds=kinds)
    criterion = draw(st.sampled_from(["squared_error", "absolute_error"]))
    return dataset, GrowthConfig.from_params(task="regression", criterion=criterion,
                                             **limits(draw))


@settings(max_examples=300, deadline=None)
@given(regression_cases())
def test_a_regression_tree_is_the_general_builders_node_for_node(case):
    """Nominal values grouped by mean (or, by the absolute error, median) target, missing
    values sent down both branches by weight, weights: the same nodes, sums, medians, stop
    reasons, steps and candidate tables."""
    dataset, config = case
    tree = assert_grows_as_the_builder(dataset, config).tree()
    rebuilt = type(tree)(tree.schema, tuple(tree.nodes), tree.settings, tree.n_steps)
    assert np.array_equal(tree.predict(dataset.X), rebuilt.predict(dataset.X))


def test_a_noisy_mixed_regression_tree_with_fractional_weights_is_the_builders():
    """Real-valued targets and weights are summed in another order than numpy's: the figures
    agree to rounding, the tree's shape exactly; ``start_growth`` picks this engine."""
    table = mixed_table(1500, seed=4, missing=0.1)
    rng = np.random.default_rng(4)
    table["y"] = rng.normal(size=len(table)) + (table["colour"] == "red") * 2.0 \
        + table["a"].fillna(0.0)
    dataset = Dataset.from_frame(table, "y", weights=rng.uniform(0.2, 2.0, len(table)),
                                 task="regression")
    config = GrowthConfig.from_params(task="regression", min_samples_leaf=3)
    fast = start_growth(dataset, config)
    assert isinstance(fast, NodewiseGrowth)
    reference, tree = general(dataset, config).tree(), fast.tree()
    assert tree.n_nodes > 300

    def shape(t):
        return [(n.parent, n.split and n.split.feature, n.split and n.split.threshold,
                 n.split and n.split.subset, n.stop_reason) for n in t.iter_nodes()]

    assert shape(tree) == shape(reference)
    assert np.allclose([n.value for n in tree.iter_nodes()],
                       [n.value for n in reference.iter_nodes()], rtol=1e-9)
    assert np.allclose(tree.predict(dataset.X), reference.predict(dataset.X), rtol=1e-9)


def test_a_noisy_mixed_tree_by_the_absolute_error_is_the_builders():
    """Real-valued targets, fractional weights and holes: ``start_growth`` picks this engine
    for the absolute error, and its tree has the builder's shape, medians and MAEs."""
    table = mixed_table(800, seed=5, missing=0.1)
    rng = np.random.default_rng(5)
    table["y"] = rng.standard_t(2, size=len(table)) + (table["colour"] == "red") * 2.0 \
        + table["a"].fillna(0.0)
    dataset = Dataset.from_frame(table, "y", weights=rng.uniform(0.2, 2.0, len(table)),
                                 task="regression")
    config = GrowthConfig.from_params(task="regression", criterion="absolute_error",
                                      min_samples_leaf=3)
    fast = start_growth(dataset, config)
    assert isinstance(fast, NodewiseGrowth)
    reference, tree = general(dataset, config).tree(), fast.tree()
    assert tree.n_nodes > 100
    assert [(n.parent, n.split and n.split.feature, n.split and n.split.threshold,
             n.split and n.split.subset, n.stop_reason) for n in tree.iter_nodes()] == \
        [(n.parent, n.split and n.split.feature, n.split and n.split.threshold,
          n.split and n.split.subset, n.stop_reason) for n in reference.iter_nodes()]
    for name in ("value", "impurity"):
        assert np.allclose([getattr(n, name) for n in tree.iter_nodes()],
                           [getattr(n, name) for n in reference.iter_nodes()], rtol=1e-9)
    assert np.allclose(tree.predict(dataset.X), reference.predict(dataset.X), rtol=1e-9)


# ------------------------------------------------------------------------- two threads
def _node_table(growth: NodewiseGrowth) -> dict:
    """Every array of the finished node table, trimmed to the nodes grown."""
    growth.tree()
    n = int(growth.counters[0])
    return {name: array[:n] for name, array in growth.nodes._asdict().items()}


def assert_one_thread_table(dataset: Dataset, config: GrowthConfig, threaded: NodewiseGrowth):
    """``threaded`` (on two threads) fills the node table a single thread fills."""
    single = NodewiseGrowth(dataset, config)
    single.threads = 1
    expected, table = _node_table(single), _node_table(threaded)
    assert threaded.threads == 2 and table.keys() == expected.keys()
    for name in table:
        np.testing.assert_array_equal(table[name], expected[name], err_msg=name)


@settings(max_examples=150, deadline=None)
@given(st.one_of(cases(), regression_cases()), st.integers(1, 4))
def test_chunks_scored_on_two_threads_grow_the_tree_one_thread_grows(monkeypatch, case, slots):
    """However the waiting nodes are chunked (``slots`` nodes at most) and however a chunk's
    slots are shared among threads, the node table is the one a single thread fills."""
    dataset, config = case
    with monkeypatch.context() as patch:
        patch.setattr(threads, "THREADED_CHUNK", 0)           # every chunk on both threads
        patch.setattr(threads, "SMALLEST_PIECE", 1)           # and cut in many pieces
        patch.setattr(nodewise_arrays, "MAX_SLOTS", slots)
        threaded = NodewiseGrowth(dataset, config)
        assert_one_thread_table(dataset, config, threaded)


def test_a_large_tree_on_two_threads_is_the_one_thread_tree():
    """60k rows with nominal columns and holes: chunks large enough to be shared among threads
    without patching, and the trees (C4.5 and CART) agree node for node."""
    dataset = Dataset.from_frame(mixed_table(60_000, seed=3, missing=0.1), "y")
    for algorithm in ("c45", "cart"):
        config = GrowthConfig.from_params(algorithm=algorithm)
        threaded = NodewiseGrowth(dataset, config)
        assert_one_thread_table(dataset, config, threaded)
        assert threaded.tree().n_nodes > 1000
