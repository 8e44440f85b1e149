"""Invariants of every pruning method on random data (hypothesis)."""

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import treecore
from treecore.pruning import ccp_path, prune_ccp, prune_ebp, prune_pep, prune_rep
from treecore.pruning.arrays import TreeArrays
from treecore.io import to_json
from treecore.tree.lazy import LazyNodes


@st.composite
def grown(draw):
    """A tree grown on random rows (nominal and continuous, training values sometimes missing),
    and validation rows without missing values."""
    seed = draw(st.integers(0, 10_000))
    n = draw(st.integers(8, 60))
    algorithm = draw(st.sampled_from(["id3", "c45", "cart"]))
    rng = np.random.default_rng(seed)
    total = n + 30
    frame = pd.DataFrame({"a": rng.choice(["p", "q", "r"], total),
                          "b": rng.choice(["s", "t"], total),
                          "x": rng.integers(0, 6, total).astype(float),
                          "y": rng.choice(["yes", "no", "maybe"], total, p=[0.5, 0.3, 0.2])})
    frame.loc[[0, 1, 2], "y"] = ["yes", "no", "maybe"]
    train, val = frame.iloc[:n].copy(), frame.iloc[n:]
    if draw(st.booleans()):
        holes = rng.random((n, 2)) < 0.15
        holes[:3] = False
        train = train.astype({"x": float})
        train.loc[holes[:, 0], "a"] = None
        train.loc[holes[:, 1], "x"] = np.nan
    tree = treecore.grow(treecore.Dataset.from_frame(train, "y"), algorithm=algorithm)
    seen = val["a"].isin(train["a"].dropna()) & val["b"].isin(train["b"])
    val = val[seen]                   # a value training never saw would be routed as missing
    assume(len(val) > 0)
    return tree, val.drop(columns="y"), val["y"]


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _results(tree, X, y):
    yield prune_rep(tree, X, y, rule="strict")
    yield prune_rep(tree, X, y, rule="no_worse")
    yield prune_pep(tree)
    yield prune_ebp(tree)
    yield prune_ccp(tree, 0.02)


@SETTINGS
@given(grown())
def test_pruning_never_mutates_and_never_adds_leaves(case):
    tree, X, y = case
    before = to_json(tree)
    for result in _results(tree, X, y):
        assert to_json(tree) == before
        assert result.tree.n_leaves <= tree.n_leaves
        assert {n.node_id for n in result.tree.nodes} <= {n.node_id for n in tree.nodes}
        assert len(result.steps) <= tree.n_nodes - tree.n_leaves
        assert all(step.reason for step in result.steps)


def assert_arrays_read_from_the_node_table(tree):
    """A compiled tree's pruning arrays, read from its node table, are those read from its
    nodes (the same tree with every node made)."""
    assert isinstance(tree.nodes, LazyNodes) and tree.nodes.columns is not None
    from_table, complete, depth = TreeArrays.of(tree), tree.is_complete, tree.depth
    assert tree.nodes.n_made == 0                              # not a node made
    made = treecore.Tree(tree.schema, tuple(tree.nodes), tree.settings, tree.n_steps)
    assert complete == made.is_complete and depth == made.depth
    from_nodes = TreeArrays.of(made)
    for name in ("ids", "parent", "depth", "size", "is_leaf", "weighted_n", "counts",
                 "prediction", "value", "impurity"):
        mine, theirs = getattr(from_table, name), getattr(from_nodes, name)
        assert mine.shape == theirs.shape, name
        assert np.array_equal(mine, theirs, equal_nan=mine.dtype.kind == "f"), name


@SETTINGS
@given(grown())
def test_a_compiled_trees_pruning_arrays_come_from_its_node_table(case):
    assert_arrays_read_from_the_node_table(case[0])


def test_the_presorted_engines_and_regression_trees_node_tables_read_alike():
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(rng.normal(size=(300, 4)), columns=list("abcd"))
    frame["label"] = rng.choice(["u", "v", "w"], 300)
    frame["amount"] = frame["a"] * 3 + rng.normal(size=300)
    numbers = frame.drop(columns="amount")
    assert_arrays_read_from_the_node_table(
        treecore.grow(treecore.Dataset.from_frame(numbers, "label"), algorithm="cart"))
    amounts = frame.drop(columns="label").assign(kind=rng.choice(["p", "q"], 300))
    amounts.loc[:30, "b"] = np.nan                              # the nodewise engine
    for table in (amounts.drop(columns="kind").dropna(), amounts):
        data = treecore.Dataset.from_frame(table, "amount", task="regression")
        assert_arrays_read_from_the_node_table(treecore.grow(data, algorithm="cart"))


def assert_pruned_alike_lazily(tree, X, y):
    """Every pruning of a compiled tree keeps its nodes lazy (none made) and gives the tree that
    pruning the same tree with every node made gives: the same nodes, lookups, leaves,
    predictions, pruning arrays and stages, and pruning it again gives the same again."""
    made = treecore.Tree(tree.schema, tuple(tree.nodes), tree.settings, tree.n_steps)
    for lazy, eager in zip(_results(tree, X, y), _results(made, X, y)):
        pruned, expected = lazy.tree, eager.tree
        assert isinstance(pruned.nodes, LazyNodes) and pruned.nodes.n_made == 0
        assert pruned.n_leaves == expected.n_leaves and pruned.n_nodes == expected.n_nodes
        assert np.array_equal(pruned.predict_proba(X), expected.predict_proba(X))
        assert np.array_equal(pruned.apply(X), expected.apply(X))
        assert_arrays_read_from_the_node_table(pruned)
        assert tuple(pruned.nodes) == tuple(expected.nodes)
        for node in made.nodes:
            assert (node.node_id in pruned) == (node.node_id in expected)
            if node.node_id in expected:
                assert pruned.node(node.node_id) == expected.node(node.node_id)
        for step in (0, 1, tree.n_steps // 2):
            assert tuple(pruned.until(step).nodes) == tuple(expected.until(step).nodes)
            assert pruned.expanded_in(step) == expected.expanded_in(step)
        again, expected_again = prune_ccp(pruned, 0.02).tree, prune_ccp(expected, 0.02).tree
        assert tuple(again.nodes) == tuple(expected_again.nodes)
        assert np.array_equal(again.predict_proba(X), expected_again.predict_proba(X))


@SETTINGS
@given(grown())
def test_a_compiled_tree_stays_lazy_when_pruned(case):
    assert_pruned_alike_lazily(*case)


def test_presorted_and_regression_trees_stay_lazy_when_pruned():
    rng = np.random.default_rng(5)
    frame = pd.DataFrame(rng.normal(size=(200, 3)).round(1), columns=list("abc"))
    frame["label"] = np.where(frame["a"] + rng.normal(size=200) > 0, "u", "v")
    frame["amount"] = frame["b"] * 2 + rng.normal(size=200)
    numbers = frame.drop(columns="amount")
    train, val = numbers.iloc[:150], numbers.iloc[150:]
    tree = treecore.grow(treecore.Dataset.from_frame(train, "label"), algorithm="cart")
    assert_pruned_alike_lazily(tree, val.drop(columns="label"), val["label"])
    amounts = frame.drop(columns="label")
    amounts.loc[:20, "c"] = np.nan                              # the nodewise engine
    for table in (amounts.dropna(), amounts):
        train, val = table.iloc[:150], table.iloc[150:].dropna()
        data = treecore.Dataset.from_frame(train, "amount", task="regression")
        tree = treecore.grow(data, algorithm="cart")
        made = treecore.Tree(tree.schema, tuple(tree.nodes), tree.settings, tree.n_steps)
        for lazy, eager in ((prune_ccp(tree, 0.05), prune_ccp(made, 0.05)),
                            (prune_rep(tree, val.drop(columns="amount"), val["amount"]),
                             prune_rep(made, val.drop(columns="amount"), val["amount"]))):
            assert isinstance(lazy.tree.nodes, LazyNodes) and lazy.tree.nodes.n_made == 0
            assert_arrays_read_from_the_node_table(lazy.tree)
            assert tuple(lazy.tree.nodes) == tuple(eager.tree.nodes)
            assert np.array_equal(lazy.tree.predict(val), eager.tree.predict(val))


@SETTINGS
@given(grown())
def test_rep_never_lowers_validation_accuracy(case):
    tree, X, y = case
    truth = y.to_numpy()
    start = (tree.predict(X) == truth).mean()
    for rule in ("strict", "no_worse"):
        assert (prune_rep(tree, X, y, rule=rule).tree.predict(X) == truth).mean() >= start - 1e-12


@SETTINGS
@given(grown())
def test_ccp_sequence_is_nested_with_non_decreasing_alpha(case):
    tree, _, _ = case
    path = ccp_path(tree)
    assert np.all(np.diff(path.alphas) >= -1e-15)
    ids = [{n.node_id for n in t.nodes} for t in path.trees]
    assert all(small <= big for big, small in zip(ids, ids[1:]))
    assert path.trees[-1].n_leaves == 1
    for alpha, t in zip(path.alphas[1:], path.trees[1:]):
        assert prune_ccp(tree, alpha).tree.n_leaves <= t.n_leaves
