"""Cost-complexity pruning against scikit-learn (test-only use), and the choice of α."""

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.tree import DecisionTreeClassifier

import treecore
from treecore.errors import ConfigError
from treecore.evaluate import stratified_split
from treecore.pruning import ccp_path, path_accuracy, prune_ccp, select_ccp_alpha


def _both(loader):
    bunch = loader(as_frame=True)
    frame = bunch.frame.assign(target=bunch.target.astype(str))
    tree = treecore.grow(treecore.Dataset.from_frame(frame, "target"), algorithm="cart")
    return tree, bunch.data, bunch.target


@pytest.mark.parametrize("loader", [load_iris, load_wine, load_breast_cancer])
def test_ccp_path_equals_scikit_learn(loader):
    tree, X, y = _both(loader)
    theirs = DecisionTreeClassifier(random_state=0).fit(X, y)
    assert tree.n_leaves == theirs.get_n_leaves()            # the same tree first
    expected = theirs.cost_complexity_pruning_path(X, y)
    ours = ccp_path(tree)
    np.testing.assert_allclose(ours.alphas, expected.ccp_alphas, rtol=0, atol=1e-9)
    np.testing.assert_allclose(ours.impurities, expected.impurities, rtol=0, atol=1e-9)
    for alpha in expected.ccp_alphas:
        pruned = prune_ccp(tree, alpha).tree
        reference = DecisionTreeClassifier(random_state=0, ccp_alpha=alpha).fit(X, y)
        assert pruned.n_leaves == reference.get_n_leaves()


def test_path_trees_are_nested_and_end_at_the_root():
    tree, _, _ = _both(load_wine)
    path = ccp_path(tree)
    assert len(path.trees) == len(path.alphas) and path.trees[-1].n_leaves == 1
    assert np.all(np.diff(path.alphas) >= 0) and np.all(np.diff(path.impurities) >= -1e-12)
    for bigger, smaller in zip(path.trees, path.trees[1:]):
        assert {n.node_id for n in smaller.nodes} <= {n.node_id for n in bigger.nodes}


def test_prune_ccp_log_explains_the_weakest_links():
    tree, _, _ = _both(load_iris)
    alpha = ccp_path(tree).alphas[3]
    result = prune_ccp(tree, alpha)
    assert [s.decision for s in result.steps] == ["prune"] * 3 + ["keep"]
    assert all("α_eff" in s.reason for s in result.steps)
    with pytest.raises(ConfigError):
        prune_ccp(tree, -1)


def test_error_cost_is_the_misclassification_rate():
    tree, _, _ = _both(load_iris)
    path = ccp_path(tree, cost="error")
    assert path.impurities[0] == pytest.approx(0.0) and path.impurities[-1] == pytest.approx(2 / 3)


def test_select_alpha_by_cv_and_by_validation():
    bunch = load_breast_cancer(as_frame=True)
    frame = bunch.frame.assign(target=bunch.target.astype(str))
    data = treecore.Dataset.from_frame(frame, "target")
    cv = select_ccp_alpha(data, algorithm="cart", criterion="gini", cv=5, seed=0)
    assert cv.method == "5-fold cv" and cv.chosen_index >= cv.best_index
    assert cv.errors[cv.chosen_index] <= cv.errors[cv.best_index] + cv.standard_errors[cv.best_index]
    assert cv.tree.n_leaves < ccp_path(treecore.grow(data, algorithm="cart")).trees[0].n_leaves
    assert cv.errors[cv.best_index] < 0.12
    train, val = stratified_split(frame["target"], validation_size=0.3, seed=1)
    by_val = select_ccp_alpha(data.subset(train), algorithm="cart", criterion="gini",
                              validation=data.subset(val), one_se=False)
    assert by_val.chosen_index == by_val.best_index and by_val.method == "validation"
    with pytest.raises(ConfigError):
        select_ccp_alpha(data, algorithm="cart", criterion="gini", cv=3,
                         validation=data.subset(val))


@pytest.mark.parametrize("sample, target, algorithm", [
    ("watermelon3.0.csv", "好瓜", "cart"),
    ("watermelon2.0alpha.csv", "好瓜", "c45"),          # rows split by missing values, blended
])
def test_path_accuracy_equals_scoring_every_tree(sample, target, algorithm):
    from pathlib import Path

    from treecore.evaluate import score

    frame = pd.read_csv(Path(__file__).resolve().parents[2] / "shared" / "examples" / sample)
    data = treecore.Dataset.from_frame(frame, target)
    train, held_out = data.subset(np.arange(0, 17, 2)), data     # rows 8, 10: 纹理 missing
    path = ccp_path(treecore.grow(train, algorithm=algorithm))
    expected = [score(tree, held_out) for tree in path.trees]
    np.testing.assert_allclose(path_accuracy(path, held_out), expected, atol=1e-12)
    np.testing.assert_allclose(path_accuracy(path, held_out, [0, len(expected) - 1]),
                               [expected[0], expected[-1]], atol=1e-12)
