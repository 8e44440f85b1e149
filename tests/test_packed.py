"""The tree packed for the compiled walk (treecore.tree.packed): depth-first order, 16-byte
records, and the walk through them equal to the level-by-level numpy walk, node for node."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import Dataset, grow
from treecore.tree import packed as packing
from treecore.tree.predict import leaf_shares

from tests.test_properties import PAIRS, dataset, frames


def blended_by_numpy_walk(tree, X: np.ndarray) -> np.ndarray:
    """Σ share × leaf distribution over the particles of :func:`predict.walk` (the numpy walk)."""
    rows, leaf_ids, shares = leaf_shares(tree, X)
    distributions = np.array([tree.node(i).distribution for i in leaf_ids]).reshape(
        len(leaf_ids), -1)
    proba = np.zeros((len(X), len(tree.classes)))
    np.add.at(proba, rows, shares[:, None] * distributions)
    return proba


def kinds(tree) -> np.ndarray:
    """Packed kind of each packed node."""
    return (tree.compiled.packed.nodes[:, 1] >> np.uint64(packing.KIND_SHIFT)).astype(int)


@settings(max_examples=150, deadline=None)
@given(frames(), st.sampled_from(PAIRS), st.data())
def test_walk_blends_the_leaves_the_numpy_walk_reaches(frame, pair, data):
    """Rows with holes, codes a node never saw and values between thresholds: the compiled walk
    gives every row the blend of the numpy walk's particles, and ``apply`` its heaviest leaf."""
    algorithm, criterion = pair
    tree = grow(dataset(frame), algorithm=algorithm, criterion=criterion)
    n_features = len(tree.feature_names)
    cells = st.one_of(st.none(), st.integers(0, 3), st.sampled_from([-0.5, 0.25, 2.75, 9.0]))
    rows = data.draw(st.lists(st.lists(cells, min_size=n_features, max_size=n_features),
                              min_size=1, max_size=12))
    X = np.vstack([dataset(frame).X, np.array(rows, dtype=float).reshape(-1, n_features)])
    np.testing.assert_allclose(tree.predict_proba(X), blended_by_numpy_walk(tree, X),
                               rtol=1e-12, atol=1e-12)
    rows_at, leaf_ids, shares = leaf_shares(tree, X)
    order = {node_id: k for k, node_id in enumerate(tree.compiled.node_id)}
    heaviest = {}
    for r, leaf, share in zip(rows_at, leaf_ids, shares):
        best = heaviest.get(r)
        if best is None or share > best[0] or (share == best[0] and order[leaf] < order[best[1]]):
            heaviest[r] = (share, leaf)
    assert tree.apply(X).tolist() == [heaviest[r][1] for r in range(len(X))]


@settings(max_examples=50, deadline=None)
@given(frames(), st.sampled_from(PAIRS))
def test_a_nodes_first_child_is_the_next_record(frame, pair):
    algorithm, criterion = pair
    tree = grow(dataset(frame), algorithm=algorithm, criterion=criterion)
    compiled, packed = tree.compiled, tree.compiled.packed
    packed_of = np.argsort(packed.position)
    assert sorted(packed.position) == list(range(len(compiled.kind)))
    assert packed.position[0] == 0 and packed.nodes.dtype == np.uint64
    assert packed.nodes.shape == (len(compiled.kind), 2)                # 16 bytes a node
    inner = np.flatnonzero(compiled.n_children > 0)
    first_child = compiled.children[compiled.child_offset[inner]]
    assert (packed_of[first_child] == packed_of[inner] + 1).all()


def test_each_kind_of_split_packs_as_documented():
    """CART's subsets of a few levels are a mask; C4.5's multiway splits, and a subset of more
    than 64 levels, take the branch tables. Each routes a known code as its split says."""
    rng = np.random.default_rng(3)
    n = 3000
    many = rng.integers(0, 70, n)
    frame = pd.DataFrame({"few": rng.choice(list("abcd"), n), "many": [f"v{c}" for c in many],
                          "x": rng.normal(size=n)})
    frame["t"] = np.where((many % 3 == 0) ^ (frame["few"] == "a") ^ (frame["x"] > 0.5), "p", "q")
    for algorithm, wanted in (("cart", {packing.SUBSET, packing.BRANCHES}),
                              ("c45", {packing.BRANCHES})):
        tree = grow(Dataset.from_frame(frame, "t"), algorithm=algorithm)
        found = set(kinds(tree)) - {packing.LEAF, packing.THRESHOLD}
        assert found == wanted, algorithm
        X = Dataset.from_frame(frame, "t").X
        np.testing.assert_array_equal(tree.predict_proba(X), blended_by_numpy_walk(tree, X))


def test_a_mask_holds_the_codes_of_the_first_branch():
    frame = pd.DataFrame({"c": list("abcdabcdabcd"), "t": list("ppqqppqqppqq")})
    tree = grow(Dataset.from_frame(frame, "t"), algorithm="cart")
    root = tree.root
    labels = tree.schema.features[0].labels
    assert kinds(tree)[0] == packing.SUBSET
    assert int(tree.compiled.packed.nodes[0, 0]) == sum(1 << c for c in root.split.subset)
    assert {labels[c] for c in root.split.subset} in ({"a", "b"}, {"c", "d"})


def test_a_tree_over_too_many_features_is_refused():
    tree = grow(Dataset.from_frame(pd.DataFrame({"x": [0.0, 1, 2, 3], "t": list("aabb")}), "t"))
    wide = dataclasses.replace(tree.compiled, feature=np.where(
        tree.compiled.feature >= 0, packing.MAX_FEATURES, -1))
    with pytest.raises(ValueError, match="16,777,216 features"):
        wide.packed


def test_a_code_no_node_saw_is_shared_out_though_no_cell_is_missing():
    """Found by the property above: a matrix without a missing cell once took the one-leaf
    shortcut for every row, so a code the tree never saw went to the heaviest leaf alone."""
    frame = pd.DataFrame({"n0": ["a", "a", "a", "b"], "t": ["x", "x", "x", "y"]})
    tree = grow(dataset(frame), algorithm="id3")
    rows, _, shares = leaf_shares(tree, np.array([[0.0], [2.0]]))
    assert sorted(zip(rows.tolist(), shares.tolist())) == [(0, 1.0), (1, 0.25), (1, 0.75)]
    np.testing.assert_allclose(blended_by_numpy_walk(tree, np.array([[2.0]])), [[0.75, 0.25]])
