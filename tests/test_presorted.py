"""The presorted engine grows the tree the general builder grows, node for node, step for step."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import ALGORITHMS, Dataset, grow, grow_steps
from treecore.grow.builder import Growth
from treecore.grow.engines import start_growth
from treecore.grow.growing import GrowthConfig
from treecore.measures import squared_error
from treecore.measures.sorting import (EQUAL_RATIOS, order_with_ties, sort_with_ties, sort_work,
                                       value_order, value_order_and_keys)
from treecore.grow import presorted_arrays, threads
from treecore.grow.presorted import PresortedGrowth, applies, presort
from treecore.warmup import every_layout


def continuous(X: np.ndarray, y, weights=None) -> Dataset:
    frame = pd.DataFrame(X, columns=[f"x{j}" for j in range(X.shape[1])]).assign(y=y)
    return Dataset.from_frame(frame, "y", weights=weights, kinds={c: "continuous"
                                                                  for c in frame.columns[:-1]})


def general(dataset: Dataset, config: GrowthConfig) -> Growth:
    growth = Growth(dataset, config)
    growth.steps_seen = list(growth.steps())
    return growth


@st.composite
def cases(draw):
    n = draw(st.integers(2, 40))
    n_features = draw(st.integers(1, 3))
    levels = draw(st.integers(2, 6))                    # few distinct values: many ties
    X = np.array(draw(st.lists(st.lists(st.integers(0, levels), min_size=n_features,
                                        max_size=n_features), min_size=n, max_size=n)), float)
    y = draw(st.lists(st.sampled_from("abc"), min_size=n, max_size=n))
    y[:2] = ["a", "b"]                                  # at least two classes
    weights = np.array(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), float)
    weights[:2] = np.maximum(weights[:2], 1.0)          # two classes keep weight (0 = absent)
    algorithm = draw(st.sampled_from(sorted(ALGORITHMS)))
    config = GrowthConfig.from_params(
        algorithm=algorithm, criterion=draw(st.sampled_from(ALGORITHMS[algorithm].criteria)),
        threshold_style=draw(st.sampled_from(["midpoint", "data"])),
        max_depth=draw(st.sampled_from([None, 1, 2, 4])),
        min_samples_split=draw(st.sampled_from([2, 4])),
        min_samples_leaf=draw(st.sampled_from([1, 2, 3])),
        min_gain=draw(st.sampled_from([0.0, 0.05])),
        min_impurity_decrease=draw(st.sampled_from([0.0, 0.01])),
        max_leaves=draw(st.sampled_from([None, 2, 5])))
    return continuous(X, y, weights), config


@settings(max_examples=300, deadline=None)
@given(cases())
def test_same_tree_and_steps_as_the_general_builder(case):
    dataset, config = case
    reference = general(dataset, config)
    fast = PresortedGrowth(dataset, config, keep_scores=2)     # later steps score on demand
    assert fast.tree().nodes == reference.tree().nodes
    assert fast.tree().n_steps == reference.tree().n_steps
    assert fast.tree().settings == reference.tree().settings
    steps = list(fast.steps())
    assert [(s.step, s.node_id, s.path, s.chosen, s.children) for s in steps] == \
        [(s.step, s.node_id, s.path, s.chosen, s.children) for s in reference.steps_seen]
    for mine, theirs in zip(steps, reference.steps_seen):
        assert mine.candidates == theirs.candidates


def test_same_tree_on_noisy_data_with_fractional_weights():
    """Fractional weights are summed in another order than numpy's, so the figures agree to
    rounding and the tree's shape exactly."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(1500, 6)).round(2)
    y = np.where(X[:, 0] + rng.normal(scale=0.8, size=1500) > 0, "yes", "no")
    weights = rng.uniform(0.2, 2.0, size=1500)
    dataset = continuous(X, y, weights)
    config = GrowthConfig.from_params(algorithm="c45")
    reference, fast = general(dataset, config).tree(), PresortedGrowth(dataset, config).tree()
    assert [(n.parent, n.split and n.split.feature, n.split and n.split.threshold, n.stop_reason)
            for n in fast.iter_nodes()] == \
        [(n.parent, n.split and n.split.feature, n.split and n.split.threshold, n.stop_reason)
         for n in reference.iter_nodes()]
    assert np.allclose([n.class_counts for n in fast.iter_nodes()],
                       [n.class_counts for n in reference.iter_nodes()])


def test_grow_uses_it_only_where_it_applies(melons, melons3):
    X = np.arange(12, dtype=float).reshape(6, 2)
    numeric = continuous(X, list("aabbab"))
    assert applies(numeric, None, None)
    assert isinstance(start_growth(numeric, GrowthConfig()), PresortedGrowth)
    assert not applies(numeric, {(): "x0"}, None)                  # a forced split
    assert not applies(numeric, None, numeric)                     # validation pre-pruning
    assert not applies(melons3, None, None)                        # nominal features
    holes = X.copy()
    holes[2, 1] = np.nan
    assert not applies(continuous(holes, list("aabbab")), None, None)   # a missing value
    many = continuous(np.arange(600.0).reshape(300, 2), [f"c{i}" for i in range(300)])
    assert not applies(many, None, None)                           # more classes than 8 bits


def test_deadline_leaves_the_root_waiting():
    rng = np.random.default_rng(0)
    dataset = continuous(rng.normal(size=(300, 3)), rng.choice(list("ab"), 300))
    growth = PresortedGrowth(dataset, GrowthConfig(), max_seconds=0)
    tree = growth.tree()
    assert growth.stopped_early and tree.n_nodes == 1 and not tree.is_complete
    assert grow(dataset, max_seconds=60).is_complete


@pytest.mark.parametrize("config", [GrowthConfig(max_depth=5), GrowthConfig(max_leaves=9),
                                    GrowthConfig(min_impurity_decrease=0.01)])
def test_node_rows_are_the_rows_routed_to_the_node(config):
    """Also where a node's segments were partitioned as it was scored and the limits then
    stopped it (the tree's last leaves, or a split too small): it keeps its rows."""
    rng = np.random.default_rng(1)
    dataset = continuous(rng.normal(size=(400, 4)), rng.choice(list("abc"), 400))
    growth = PresortedGrowth(dataset, config)
    tree = growth.tree()
    for node in tree.iter_nodes():
        assert np.array_equal(growth.node_rows(node.node_id),
                              tree.node_rows(dataset, node.node_id).rows)
    builder = Growth(dataset, config)
    for _ in builder.steps():
        pass
    reference = builder.tree()
    assert [n.split.feature if n.split else None for n in tree.iter_nodes()] == \
        [n.split.feature if n.split else None for n in reference.iter_nodes()]


def test_the_node_table_is_reserved_for_every_node_and_trimmed_to_the_tree_grown():
    """Room for the most nodes the rows allow (2n + 1) is reserved before growth, and the
    grown tree's node table is exactly its nodes, where they were grown; the sorted orders
    are not kept past growth."""
    rng = np.random.default_rng(2)
    dataset = continuous(rng.normal(size=(3000, 2)), rng.choice(list("ab"), 3000))
    growth = PresortedGrowth(dataset, GrowthConfig())
    assert len(growth.nodes.start) == growth.most_nodes == 6001
    where = [field.__array_interface__["data"][0] for field in growth.nodes]
    tree = growth.tree()
    assert tree.n_nodes > 1024 and tree.is_complete
    assert (tree.predict_proba(dataset.X).argmax(axis=1) == dataset.y).all()
    assert all(len(field) == tree.n_nodes for field in growth.nodes)
    assert [field.__array_interface__["data"][0] for field in growth.nodes] == where
    assert growth.shared is None


@pytest.mark.parametrize("keep", [0, 1000])
def test_steps_tables_kept_or_recomputed_agree(keep):
    rng = np.random.default_rng(4)
    dataset = continuous(rng.normal(size=(500, 3)), rng.choice(list("abc"), 500))
    steps = list(PresortedGrowth(dataset, GrowthConfig(max_depth=4), keep_scores=keep).steps())
    reference = list(grow_steps(dataset, max_depth=4))           # keeps every step's scores
    assert [s.candidates for s in steps] == [s.candidates for s in reference]


def test_assembled_records_equal_constructed_ones(melons3):
    """``assemble`` (the fast constructor of the presorted engine's nodes and splits) gives the
    same value as the dataclass's own ``__init__``."""
    from dataclasses import asdict, fields

    from treecore.split.candidates import Candidate, assemble
    from treecore.tree.nodes import Node
    tree = grow(melons3, algorithm="cart")
    for node in tree.iter_nodes():
        copy = assemble(Node, **{f.name: getattr(node, f.name) for f in fields(Node)})
        assert copy == node and repr(copy) == repr(node)
        if node.split is not None:
            split = Candidate(**asdict(node.split))
            assert assemble(Candidate, **asdict(node.split)) == split


@settings(max_examples=100, deadline=None)
@given(cases())
def test_routing_arrays_equal_those_compiled_from_the_nodes(case):
    """The presorted tree routes from arrays made at once; its Node objects come on first use
    and compile to the very same arrays."""
    from dataclasses import fields

    from treecore.tree import predict
    from treecore.tree.predict import compile_tree
    dataset, config = case
    tree = PresortedGrowth(dataset, config).tree()
    prebuilt = tree.compiled
    assert tree.nodes.n_made == 0                      # nothing made yet: routing needs no nodes
    tree.predict_proba(dataset.X)
    leaves = tree.apply(dataset.X)
    blended = predict.blend(tree, dataset.X, np.arange(len(tree.nodes), dtype=float))
    assert tree.nodes.n_made == 0
    np.testing.assert_array_equal(blended, leaves)     # no missing value: each row one leaf
    made = compile_tree(tree)
    for name in (f.name for f in fields(made)):
        mine, theirs = getattr(prebuilt, name), getattr(made, name)
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name


def test_lazy_nodes_pickle_and_compare_as_a_tuple():
    import pickle

    rng = np.random.default_rng(5)
    tree = grow(continuous(rng.normal(size=(200, 3)), rng.choice(list("ab"), 200)))
    assert pickle.loads(pickle.dumps(tree.nodes)) == tuple(tree.nodes) == tree.nodes
    assert len(tree.nodes) == tree.n_nodes


@pytest.mark.parametrize("task", ["classification", "regression"])
def test_a_midpoint_that_rounds_up_to_the_next_value_splits_as_the_builder_does(task):
    """Between two neighbouring doubles the midpoint rounds to one of them; were it to round up
    to the upper value, x ≤ t would send that value left too and the node would split into
    itself and an empty branch, again and again. The threshold is then the lower value
    (kernels.midpoint, scikit-learn's and Weka's rule), and both engines split there."""
    ulp = np.spacing(1.0)
    low, high = 1.0 + ulp, 1.0 + 2 * ulp                     # (low + high) / 2 rounds to high
    assert (low + high) / 2 == high
    x = np.array([low, high, low, high, 3.0, 3.0])
    y = ["a", "b", "a", "b", "b", "a"] if task == "classification" else [0.0, 1, 0, 1, 1, 0]
    data = Dataset.from_frame(pd.DataFrame({"x": x, "y": y}), "y", task=task)
    config = GrowthConfig.from_params(task=task)
    builder = Growth(data, config)
    list(builder.steps())
    fast, reference = PresortedGrowth(data, config).tree(), builder.tree()
    shape = [(n.parent, n.split and n.split.threshold, n.n_samples, n.stop_reason)
             for n in reference.iter_nodes()]
    assert [(n.parent, n.split and n.split.threshold, n.n_samples, n.stop_reason)
            for n in fast.iter_nodes()] == shape
    assert np.array_equal(fast.apply(data.X), reference.apply(data.X))
    assert reference.root.split.threshold == low and reference.n_nodes > 3


@pytest.mark.parametrize("engine", ["presorted", "nodewise"])
def test_steps_by_node_are_the_steps_made_when_looked_up(melons, engine):
    """A page looks up one step at a time (``steps_by_node``): each is the step ``steps()``
    makes for its node, made on the first lookup and kept; a leaf has none. Both compiled
    engines (iris-like continuous rows, and watermelon 2.0's nominal ones)."""
    rng = np.random.default_rng(5)
    data = continuous(rng.normal(size=(300, 3)), rng.choice(list("abc"), 300)) \
        if engine == "presorted" else melons
    config = GrowthConfig(algorithm="cart", max_depth=5)
    growth = start_growth(data, config)
    assert type(growth).__module__.endswith(engine)
    by_node = growth.steps_by_node()
    steps = list(start_growth(data, config).steps())
    assert sorted(by_node) == sorted(s.node_id for s in steps) and len(by_node) == len(steps)
    for step in steps:
        looked_up = by_node[step.node_id]
        assert looked_up is by_node[step.node_id]
        assert (looked_up.step, looked_up.path, looked_up.chosen, looked_up.children) == \
            (step.step, step.path, step.chosen, step.children)
        assert looked_up.candidates == step.candidates
    leaf = next(n.node_id for n in growth.tree().iter_nodes() if n.is_leaf)
    assert by_node.get(leaf) is None and leaf not in by_node


def _node_table(growth: PresortedGrowth) -> dict:
    """Every array of the finished node table, trimmed to the nodes grown."""
    growth.tree()
    n = int(growth.counters[0])
    return {name: array[:n] for name, array in growth.nodes._asdict().items()}


@st.composite
def threaded_cases(draw):
    """A classification case of :func:`cases`, or a regression tree on integer targets, grown
    with or without features drawn at random."""
    dataset, config = draw(cases())
    if draw(st.booleans()):
        frame = pd.DataFrame(dataset.X, columns=[f.name for f in dataset.features])
        frame["y"] = np.arange(dataset.n_rows) % draw(st.integers(2, 9))
        dataset = Dataset.from_frame(frame, "y", task="regression", weights=dataset.weights)
        config = GrowthConfig(task="regression", max_depth=config.max_depth,
                              max_leaves=config.max_leaves,
                              min_samples_leaf=config.min_samples_leaf)
    return dataset, replace(config, max_features=draw(st.sampled_from([None, 1, 2])),
                            random_state=3)


@settings(max_examples=150, deadline=None)
@given(threaded_cases(), st.integers(1, 4))
def test_chunks_shared_among_threads_grow_the_tree_one_thread_grows(monkeypatch, case, slots):
    """However the waiting nodes are chunked (``slots`` nodes at most) and however a chunk's
    items are shared among threads, the node table is the one a single thread fills; so it is
    when the threads' scratch, made for the root, shrinks to a row or two as soon as no
    waiting node is longer."""
    dataset, config = case
    single = PresortedGrowth(dataset, config, keep_scores=3)
    single.threads = 1
    expected = _node_table(single)
    with monkeypatch.context() as patch:
        patch.setattr(threads, "THREADED_CHUNK", 0)         # every chunk on both threads
        patch.setattr(threads, "SMALLEST_PIECE", 1)         # and cut in many pieces
        patch.setattr(presorted_arrays, "MAX_SLOTS", slots)
        patch.setattr(presorted_arrays, "SCRATCH_ROWS", 1)
        threaded = PresortedGrowth(dataset, config, keep_scores=3)
        assert presorted_arrays.scratch_rows(dataset.n_rows) == max(dataset.n_rows // 16, 1)
        assert threaded.threads == 2
        table = _node_table(threaded)
    assert table.keys() == expected.keys()
    for name in table:
        np.testing.assert_array_equal(table[name], expected[name], err_msg=name)
    for name, kept in threaded.scores._asdict().items():
        np.testing.assert_array_equal(kept, getattr(single.scores, name), err_msg=name)


def test_a_large_tree_on_two_threads_is_the_one_thread_tree():
    """Full depth on 20k rows: the chunks are large enough to be shared among threads
    without patching, and the trees (classification and regression) agree node for node."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(20_000, 12)).round(3)
    for y, task in ((np.where(X[:, 0] + rng.normal(size=len(X)) > 0, "a", "b"), None),
                    (X[:, 1] * 3 + rng.normal(size=len(X)), "regression")):
        frame = pd.DataFrame(X, columns=[f"x{j}" for j in range(12)]).assign(y=y)
        dataset = Dataset.from_frame(frame, "y", task=task)
        config = GrowthConfig.from_params(algorithm="cart")
        single = PresortedGrowth(dataset, config)
        single.threads = 1
        expected, table = _node_table(single), _node_table(PresortedGrowth(dataset, config))
        assert len(table["start"]) > 1000
        for name in table:
            np.testing.assert_array_equal(table[name], expected[name], err_msg=name)


@settings(max_examples=60, deadline=None)
@given(threaded_cases())
def test_every_memory_order_of_the_table_grows_the_same_tree(case):
    """The kernels read the table in the order it came in (a row-major one is not copied): row-
    or column-major, strided or read-only, the node table is the same; a contiguous table is
    read in place, even through a read-only view (as pandas hands them out), and copied only
    when its memory is truly read-only."""
    dataset, config = case
    expected = _node_table(PresortedGrowth(dataset, config, keep_scores=3))
    for table in every_layout(dataset.X):
        growth = PresortedGrowth(Dataset(dataset.schema, table, dataset.y, dataset.weights),
                                 config, keep_scores=3)
        nodes = _node_table(growth)
        for name in nodes:
            np.testing.assert_array_equal(nodes[name], expected[name], err_msg=name)
        contiguous = table.flags.c_contiguous or table.flags.f_contiguous
        assert np.shares_memory(presort(growth.data).values, table) == contiguous
    frozen = np.frombuffer(dataset.X.tobytes(order="F"), float)      # truly read-only
    frozen = frozen.reshape(dataset.X.shape, order="F")
    growth = PresortedGrowth(Dataset(dataset.schema, frozen, dataset.y, dataset.weights),
                             config, keep_scores=3)
    for name, array in _node_table(growth).items():
        np.testing.assert_array_equal(array, expected[name], err_msg=name)
    assert not np.shares_memory(presort(growth.data).values, frozen)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.floats(allow_nan=True, allow_infinity=True, width=64),
                          st.sampled_from([0.0, -0.0, 1.0, -1.0, np.nan, -np.nan])),
                max_size=300))
def test_value_order_sorts_as_numpy_does(values):
    """The radix sort both engines and the builder sort features with orders the values as
    ``np.argsort(kind="stable")`` does (NaN of either sign last, equal values in their order,
    −0.0 equal to 0.0), and its sorted keys are equal where the values are, so the presorted
    engine's tie bits read from the keys are those read from the values."""
    values = np.array(values, float)
    order = value_order(values)
    assert np.array_equal(order, np.argsort(values, kind="stable"))
    order, keys = value_order_and_keys(values, *sort_work(len(values)))
    assert np.array_equal(order, np.argsort(values, kind="stable"))
    known = values[order][~np.isnan(values[order])]
    if len(known) == len(values):
        assert np.array_equal(keys[1:] == keys[:-1], known[1:] == known[:-1])


def test_value_order_skips_no_needed_pass():
    """Keys that agree on their low bytes (integers as floats) and differ only there (values a
    few ulps apart) both sort; the passes skipped are those no key differs in."""
    integers = np.array([5.0, -3.0, 1e6, 0.0, -1e6, 2.0, 2.0, -0.5])
    ulps = np.nextafter(1.0, 2.0) + np.array([3, 0, 2, 1, 0], float) * np.spacing(1.0)
    for values in (integers, ulps, np.array([]), np.array([np.inf, -np.inf, np.nan])):
        order = value_order(values)
        assert np.array_equal(values[order], np.sort(values), equal_nan=True)


def test_ratios_equal_in_exact_arithmetic_order_alike_however_their_sums_were_added():
    """Means of target 3 whose fractional weights were summed in different orders differ in
    their last bits. Ordered by value they would be shuffled by that noise; ordered with ties
    (:func:`order_with_ties`, as ``ordered_levels`` orders a nominal feature's values) they
    keep level order, while means that truly differ still sort by value."""
    up, down = np.nextafter(3.0, 4.0), np.nextafter(3.0, 2.0)
    np.testing.assert_array_equal(order_with_ties(np.array([up, 3.0, down, 1.0]),
                                                  EQUAL_RATIOS * 3.0), [3, 0, 1, 2])
    np.testing.assert_array_equal(order_with_ties(np.array([3.0, 2.9999, 1.0]),
                                                  EQUAL_RATIOS * 3.0), [2, 1, 0])
    level_sums = np.array([[w, 3.0 * w, 9.0 * w] for w in (0.9669421487603304, 3.0, 2.0)])
    level_sums[1, 1] = np.nextafter(level_sums[1, 1], 0.0)      # a mean one ulp below 3
    order = np.empty(3, np.int64)
    assert squared_error.ordered_levels(level_sums, order, np.empty(3)) == 3
    np.testing.assert_array_equal(order, [0, 1, 2])


@pytest.mark.parametrize("seed", range(20))
def test_sorting_with_ties_in_place_orders_as_order_with_ties(seed):
    """``sort_with_ties`` (in place, no array made; the regression engines' per-node order of a
    nominal feature's values) against ``order_with_ties``: values drawn from a few, with
    neighbours a rounding apart, and a subset of the positions present."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 40))
    values = rng.choice([1.0, 2.0, 3.0, np.nextafter(3.0, 4.0), 2.5, -1.0], n) \
        + (rng.random(n) < 0.3) * rng.normal(0, 1e-12, n)
    tie = EQUAL_RATIOS * (np.abs(values).max() if n else 0.0)
    present = np.flatnonzero(rng.random(n) < 0.8)
    order = np.empty(n + 1, np.int64)
    order[:len(present)] = present
    sort_with_ties(values, tie, order, len(present))
    np.testing.assert_array_equal(order[:len(present)],
                                  present[order_with_ties(values[present], tie)])
