"""Reliability on random small data sets (hypothesis): every algorithm × criterion, then every
pruning method, never raises on valid input and every tree it returns keeps the engine's
invariants. Extends tests/test_properties.py (growth) and tests/test_pruning_properties.py
(pruning on one fixed-shape table) to random tables with missing values, subtree raising, CCP
with either cost, and validation pre-pruning; their strategies are reused, not copied."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_properties import PAIRS, dataset, frames
from treecore import ALGORITHMS, Tree, grow
from treecore.pruning import ccp_path, prune_ccp, prune_ebp, prune_pep, prune_rep


def assert_invariants(tree: Tree, X: np.ndarray) -> None:
    """Children's weights sum to the parent's, per class; a node is a leaf exactly when it has
    no split; every distribution and every predicted probability vector sums to 1."""
    for node in tree.iter_nodes():
        assert node.is_leaf == (node.split is None) == (not node.children)
        assert sum(node.class_counts) == pytest.approx(node.weighted_n_samples)
        assert sum(node.distribution) == pytest.approx(1.0)
        if node.children:
            kids = [tree.node(c) for c in node.children]
            assert all(k.parent == node.node_id and k.depth == node.depth + 1 for k in kids)
            np.testing.assert_allclose(np.sum([k.class_counts for k in kids], axis=0),
                                       node.class_counts, atol=1e-9)
    proba = tree.predict_proba(X)
    assert (proba >= -1e-12).all()
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)


def pruned_trees(tree: Tree, train, validation):
    """Every pruning method (and variant) applied to ``tree``."""
    yield prune_rep(tree, validation, rule="strict").tree
    yield prune_rep(tree, validation, rule="no_worse").tree
    yield prune_pep(tree).tree
    yield prune_ebp(tree, dataset=train).tree          # J48's pruning re-routes the rows
    yield prune_ebp(tree, cf=0.05, subtree_raising=True, dataset=train).tree
    for cost in ("impurity", "error"):
        path = ccp_path(tree, cost=cost)
        yield from path.trees
        yield prune_ccp(tree, float(path.alphas[len(path.alphas) // 2]), cost=cost).tree


@settings(max_examples=30)
@given(frames(min_rows=6), st.sampled_from(PAIRS), st.data())
def test_every_pruning_method_on_every_algorithm(frame, pair, data):
    algorithm, criterion = pair
    full = dataset(frame)
    held = np.zeros(full.n_rows, bool)
    held[data.draw(st.lists(st.integers(0, full.n_rows - 1), min_size=1, max_size=5))] = True
    if held.all():
        held[0] = False
    train, validation = full.subset(~held), full.subset(held)
    tree = grow(train, algorithm=algorithm, criterion=criterion)
    assert_invariants(tree, full.X)
    for pruned in pruned_trees(tree, train, validation):
        assert pruned.n_leaves <= tree.n_leaves
        assert_invariants(pruned, full.X)


#: Zhou's validation-set pre-pruning belongs to Hunt's presets; J48 prunes after growth only
#: (it refuses a validation set with a message, tests/test_j48.py).
HUNT_PAIRS = [pair for pair in PAIRS if not ALGORITHMS[pair[0]].release8]


@settings(max_examples=30)
@given(frames(min_rows=6), st.sampled_from(HUNT_PAIRS), st.sampled_from(["strict", "no_worse"]))
def test_validation_pre_pruning_keeps_the_invariants(frame, pair, rule):
    algorithm, criterion = pair
    full = dataset(frame)
    train, validation = full.subset(np.arange(full.n_rows) % 3 != 0), full.subset(
        np.arange(full.n_rows) % 3 == 0)
    tree = grow(train, algorithm=algorithm, criterion=criterion, validation=validation,
                validation_rule=rule)
    assert_invariants(tree, full.X)
    assert tree.n_leaves <= grow(train, algorithm=algorithm, criterion=criterion).n_leaves
