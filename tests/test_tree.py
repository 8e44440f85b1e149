"""The immutable tree value: node statistics, traversal, stages, collapse, rows by routing."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

from treecore import Dataset, StopReason, Tree, grow, grow_steps
from treecore.io import to_dot
from treecore.measures.criteria import entropy
from treecore.tree.flow import row_flow
from treecore.tree.lazy import LazyNodes


@pytest.fixture(scope="module")
def tree(melons) -> Tree:
    return grow(melons, algorithm="id3")


def test_nodes_are_immutable(tree):
    with pytest.raises(dataclasses.FrozenInstanceError):
        tree.root.prediction = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        tree.nodes = ()


def test_node_statistics(tree):
    root = tree.root
    assert (root.node_id, root.parent, root.depth, root.path) == (0, None, 0, ())
    assert root.n_samples == 17 and root.weighted_n_samples == 17
    assert root.class_counts == (8, 9)
    assert root.distribution == pytest.approx((8 / 17, 9 / 17))
    assert root.impurity == pytest.approx(float(entropy([8, 9])))
    assert root.prediction == 1 and root.created_at == 0 and root.expanded_at == 1
    assert root.stop_reason is None and root.split.feature == "纹理"
    assert root.branch_fractions == pytest.approx([9 / 17, 5 / 17, 3 / 17])
    for node in tree.iter_nodes():
        if node.split is not None:
            kids = tree.children(node.node_id)
            assert sum(k.weighted_n_samples for k in kids) == pytest.approx(node.weighted_n_samples)
            assert all(k.depth == node.depth + 1 and k.parent == node.node_id for k in kids)
            assert [k.path[-1] for k in kids] == list(node.split.branches)
        else:
            assert node.stop_reason is not None


def test_shape(tree):
    assert tree.n_nodes == 14 and tree.n_leaves == 9 and tree.depth == 4
    assert [n.node_id for n in tree.iter_nodes()] == list(range(14))
    assert all(n.is_leaf for n in tree.iter_leaves())
    assert tree.feature_names == ("色泽", "根蒂", "敲声", "纹理", "脐部", "触感")
    assert tree.classes == ("是", "否") and tree.criterion == "entropy"
    assert 13 in tree and 99 not in tree


def test_preorder_and_ancestors(tree):
    order = [n.node_id for n in tree.iter_preorder()]
    assert sorted(order) == list(range(tree.n_nodes)) and order[:3] == [0, 1, 4]
    assert [n.node_id for n in tree.ancestors(12)] == [0, 1, 5, 10, 12]
    assert tree.subtree_ids(5) == [5, 9, 10, 12, 13, 11]
    path = {0, 1, 5, 10, 12, 13, 7}               # 7 lies below 2, which the walk may not enter
    assert [n.node_id for n in tree.iter_preorder(only=path)] == [0, 1, 5, 10, 12, 13]


def test_until(tree, melons):
    steps = list(grow_steps(melons, algorithm="id3"))
    assert tree.until(0).n_nodes == 1 and tree.until(0).root.split is None
    for k in range(len(steps) + 1):
        stage = tree.until(k)
        assert stage.n_steps == k
        assert sum(1 for n in stage.iter_nodes() if n.split) == k
        kept = {n.node_id for n in stage.iter_nodes()}
        for node in stage.iter_nodes():                       # ids are stable across stages
            assert node.class_counts == tree.node(node.node_id).class_counts
            assert set(node.children) <= kept
    assert tree.until(len(steps)).n_nodes == tree.n_nodes
    waiting = tree.until(1).node(1)
    assert waiting.split is None and waiting.stop_reason is None


def _mixed_frame(n: int = 400, seed: int = 3) -> pd.DataFrame:
    """Two continuous and one nominal column, a tenth of the cells empty (nodewise engine)."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"x": rng.normal(size=n), "z": rng.normal(size=n),
                          "c": rng.choice(list("abcd"), size=n)})
    frame["y"] = np.where(frame.x + (frame.c == "a") > 0.3, "yes", "no")
    return frame.mask(rng.random((n, 4)) < 0.1 * np.array([1, 1, 1, 0]))


@pytest.mark.parametrize("table, algorithm", [("mixed", "c45"), ("mixed", "cart"),
                                              ("numeric", "cart")])
def test_lazy_stages_equal_eager_ones(table, algorithm):
    """A compiled tree's nodes are made as far as a view reaches: its first stage makes only the
    nodes it holds, and every stage, leaf count and step node equals that of the same nodes
    held eagerly (a plain tuple)."""
    frame = _mixed_frame()
    if table == "numeric":
        frame = frame.drop(columns="c").dropna()
    data = Dataset.from_frame(frame, "y")
    lazy = grow(data, algorithm=algorithm)
    assert isinstance(lazy.nodes, LazyNodes) and lazy.n_nodes > 20
    first = lazy.until(1)
    assert first.n_nodes == len(lazy.root.children) + 1 and first.n_leaves == first.n_nodes - 1
    assert [n.node_id for n in first.iter_nodes()] == list(range(first.n_nodes))
    assert lazy.nodes.n_made <= 2 * first.n_nodes           # nothing far beyond the stage made
    assert lazy.expanded_in(1) == 0 and lazy.nodes.n_made <= 2 * first.n_nodes
    eager = Tree(lazy.schema, tuple(lazy.nodes), lazy.settings, lazy.n_steps)
    assert lazy.nodes.n_made == lazy.n_nodes and lazy.n_leaves == eager.n_leaves
    for k in range(lazy.n_steps + 2):
        staged, held = lazy.until(k), eager.until(k)
        assert tuple(staged.nodes) == tuple(held.nodes)
        assert staged.n_leaves == held.n_leaves and staged.n_steps == held.n_steps
        assert staged.prebuilt is not None                 # cut from the whole tree's arrays
        np.testing.assert_array_equal(staged.predict_proba(data.X), held.predict_proba(data.X))
        np.testing.assert_array_equal(staged.apply(data.X), held.apply(data.X))
        assert lazy.expanded_in(k) == eager.expanded_in(k)
        assert lazy.prefix_holding(k) == held.n_nodes
    assert lazy.prefix_holding(None) == lazy.n_nodes == eager.prefix_holding(3)
    assert -1 not in lazy and lazy.n_nodes not in lazy and lazy.node(5) == eager.node(5)
    with pytest.raises(KeyError):
        lazy.node(lazy.n_nodes)


def test_lazy_nodes_are_made_as_far_as_asked_and_at_least_twofold():
    made = []

    def make(start, stop, earlier):
        assert len(earlier) == start                      # each node made once
        made.append(stop)
        return tuple(f"node {i}" for i in range(start, stop))

    nodes = LazyNodes(make, np.array([0, 1, 1, 2, 2, 3, 3, 3]), np.array([1, 2, 3, -1] * 2))
    assert nodes[1] == "node 1" and made == [2]
    assert nodes[2] == "node 2" and made == [2, 4]            # twice what was made
    assert nodes[:3] == ("node 0", "node 1", "node 2") and made == [2, 4]
    assert list(nodes) == [f"node {i}" for i in range(8)] and made == [2, 4, 8]
    assert nodes[-1] == "node 7" and len(made) == 3
    with pytest.raises(IndexError):
        nodes[8]
    assert nodes.created_by(1) == 3 and nodes.created_by(0) == 1 and nodes.expanded_in(2) == 1
    with pytest.raises(ValueError, match="creation order"):
        LazyNodes(make, np.array([0, 2, 1]), np.array([-1, -1, -1]))


def test_collapse_is_a_new_tree(tree):
    pruned = tree.collapse([1])
    assert pruned is not tree and tree.node(1).split is not None
    assert pruned.node(1).is_leaf and pruned.node(1).stop_reason is StopReason.PRUNED
    assert {4, 5, 9, 12} & {n.node_id for n in pruned.iter_nodes()} == set()
    below = [i for i in tree.subtree_ids(1) if tree.node(i).is_leaf]
    assert pruned.n_leaves == tree.n_leaves - len(below) + 1 == 4


def test_path_of_a_row(tree):
    row = {"色泽": "乌黑", "根蒂": "稍蜷", "敲声": "浊响", "纹理": "清晰", "脐部": "凹陷",
           "触感": "软粘"}
    assert tree.path(row) == [(0, 1.0), (1, 1.0), (5, 1.0), (10, 1.0), (13, 1.0)]
    halves = tree.path({**row, "触感": None})
    assert halves[-2:] == [(12, 0.5), (13, 0.5)]


def test_node_rows_by_routing(tree, melons):
    sample = tree.node_rows(melons, 1)
    np.testing.assert_array_equal(melons.row_labels[sample.rows], [1, 2, 3, 4, 5, 6, 8, 10, 15])
    np.testing.assert_array_equal(sample.weights, np.ones(9))
    assert sample.fractional.size == 0
    for node in tree.iter_nodes():
        assert tree.node_rows(melons, node.node_id).weights.sum() == node.weighted_n_samples


def test_node_rows_with_missing_values_match_node_counts(alpha):
    tree = grow(alpha, algorithm="c45")
    for node in tree.iter_nodes():
        sample = tree.node_rows(alpha, node.node_id)
        counts = np.bincount(alpha.y[sample.rows], weights=sample.weights, minlength=2)
        np.testing.assert_allclose(counts, node.class_counts, atol=1e-12)
        assert len(sample.rows) == node.n_samples


def test_is_complete_only_when_every_leaf_has_a_stop_reason(tree):
    assert tree.is_complete
    assert not tree.until(1).is_complete               # its children wait to be expanded
    assert tree.until(tree.n_steps).is_complete


def test_a_compiled_trees_shallow_nodes_are_made_alone():
    rng = np.random.default_rng(2)
    frame = pd.DataFrame(rng.normal(size=(400, 3)), columns=list("abc"))
    frame["label"] = np.where(frame["a"] + rng.normal(size=400) > 0, "u", "v")
    big = grow(Dataset.from_frame(frame, "label"), algorithm="cart")
    assert isinstance(big.nodes, LazyNodes) and big.depth > 4
    fresh = grow(Dataset.from_frame(frame, "label"), algorithm="cart")
    shallow = list(fresh.iter_nodes(max_depth=2))
    assert shallow == [node for node in big.nodes if node.depth <= 2]
    assert fresh.nodes.n_made < big.n_nodes                 # the deeper nodes were not made
    unmade = grow(Dataset.from_frame(frame, "label"), algorithm="cart")
    row = frame.drop(columns="label").iloc[0]
    assert unmade.path(row) == big.path(row) and unmade.nodes.n_made == 0
    assert to_dot(grow(Dataset.from_frame(frame, "label"), algorithm="cart"), max_depth=3) == \
        to_dot(Tree(big.schema, tuple(big.nodes), big.settings, big.n_steps), max_depth=3)


def _grown_twice(algorithm: str) -> tuple[Tree, Tree, np.ndarray]:
    """The same compiled tree twice: nothing made of the first, every node of the second held
    eagerly (a plain tuple); and the data's rows, encoded."""
    data = Dataset.from_frame(_mixed_frame(n=2000), "y")
    lazy, held = (grow(data, algorithm=algorithm) for _ in range(2))
    assert isinstance(lazy.nodes, LazyNodes) and lazy.nodes.n_made == 0 and lazy.depth > 5
    return lazy, Tree(held.schema, tuple(held.nodes), held.settings, held.n_steps), data.X


def _same_flow(one: Tree, other: Tree, row: np.ndarray) -> None:
    mine, theirs = row_flow(one, row), row_flow(other, row)
    assert mine.steps == theirs.steps and mine.leaves == theirs.leaves
    np.testing.assert_array_equal(mine.probabilities, theirs.probabilities)


@pytest.mark.parametrize("algorithm", ["c45", "cart"])
def test_a_rows_path_makes_only_the_nodes_it_reaches(algorithm):
    """A compiled tree's nodes on a row's path are made alone (``LazyNodes.alone``): the row's
    flow and the drawing of the nodes it reaches make those nodes and no other, and equal what
    the same nodes held eagerly give; the prefix, when made later, takes those very nodes."""
    lazy, held, X = _grown_twice(algorithm)
    row = X[int(np.argmax(np.isnan(X).any(axis=1)))]         # a row with a missing value
    reached = dict(lazy.path(row))
    assert max(reached) > lazy.n_nodes // 2                  # the path goes deep into the ids
    _same_flow(lazy, held, row)
    assert lazy.nodes.n_made == len(reached)
    assert to_dot(lazy, flow=reached, drawn=reached) == to_dot(held, flow=reached, drawn=reached)
    assert lazy.nodes.n_made == len(reached)
    deepest = lazy.node_alone(max(reached))
    assert tuple(lazy.nodes) == tuple(held.nodes)            # the whole prefix, made after
    assert lazy.node(max(reached)) is deepest and lazy.nodes.n_made == lazy.n_nodes


def test_a_stage_and_a_pruned_tree_make_a_rows_nodes_alone_too():
    lazy, held, X = _grown_twice("c45")
    step = lazy.n_steps // 2
    for row in X[:20]:
        _same_flow(lazy.until(step), held.until(step), row)
    assert lazy.nodes.n_made < lazy.n_nodes // 2
    cut = [node.node_id for node in held.iter_nodes(max_depth=2) if not node.is_leaf][-1:]
    pruned, held_pruned = lazy.collapse(cut), held.collapse(cut)
    assert isinstance(pruned.nodes, LazyNodes)
    for row in X[:20]:
        _same_flow(pruned, held_pruned, row)
    assert pruned.nodes.n_made < pruned.n_nodes // 2
