"""Cost-complexity pruning against scikit-learn (test-only use), and the choice of α."""

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.tree import DecisionTreeClassifier

import treecore
from treecore.errors import ConfigError, TimeLimitError
from treecore.measures.evaluate import stratified_split
from treecore.pruning import ccp_path, path_accuracy, prune_ccp, select_ccp_alpha, selection

from tests.conftest import SAMPLES


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
    assert (cv.errors[cv.chosen_index]
            <= cv.errors[cv.best_index] + cv.standard_errors[cv.best_index])
    assert cv.tree.n_leaves < ccp_path(treecore.grow(data, algorithm="cart")).trees[0].n_leaves
    assert cv.errors[cv.best_index] < 0.12
    train, val = stratified_split(frame["target"], validation_size=0.3, seed=1)
    by_val = select_ccp_alpha(data.subset(train), algorithm="cart", criterion="gini",
                              validation=data.subset(val), one_se=False)
    assert by_val.chosen_index == by_val.best_index and by_val.method == "validation"
    with pytest.raises(ConfigError):
        select_ccp_alpha(data, algorithm="cart", criterion="gini", cv=3,
                         validation=data.subset(val))


def _cancer() -> treecore.Dataset:
    bunch = load_breast_cancer(as_frame=True)
    return treecore.Dataset.from_frame(bunch.frame.assign(target=bunch.target.astype(str)),
                                       "target")


def test_select_alpha_within_max_seconds():
    """One deadline covers the whole choice: nothing is left of 0 s, so the first tree to grow
    (the full one, or the first fold's when the full tree is given) raises TimeLimitError."""
    data = _cancer()
    for given in (None, treecore.grow(data, algorithm="cart")):
        with pytest.raises(TimeLimitError) as caught:
            select_ccp_alpha(data, algorithm="cart", cv=5, tree=given, max_seconds=0)
        error = caught.value
        assert error.code == "time_limit" and isinstance(error, treecore.TreecoreError)
        assert error.params == {"seconds": 0, "done": 0, "folds": 5}
        assert str(error) == ("Choosing α by 5-fold cross-validation did not finish within 0 s "
                              "(0 of 5 folds done); use a validation set, fewer rows or a "
                              "maximum depth.")
    train, val = data.subset(np.arange(0, 569, 2)), data.subset(np.arange(1, 569, 2))
    with pytest.raises(TimeLimitError) as caught:        # the validation path's full tree too
        select_ccp_alpha(train, validation=val, max_seconds=0)
    assert caught.value.code == "time_limit_tree" and caught.value.params == {"seconds": 0}
    given = treecore.grow(train, algorithm="cart")       # nothing left to grow: no bound hit
    assert select_ccp_alpha(train, validation=val, tree=given, max_seconds=0).tree


def test_a_generous_bound_changes_nothing():
    data = _cancer()
    free = select_ccp_alpha(data, algorithm="cart", cv=5, seed=2)
    bound = select_ccp_alpha(data, algorithm="cart", cv=5, seed=2, max_seconds=3600)
    assert (bound.alpha, bound.chosen_index, bound.best_index) == \
        (free.alpha, free.chosen_index, free.best_index)
    np.testing.assert_array_equal(bound.errors, free.errors)
    np.testing.assert_array_equal(bound.alphas, free.alphas)
    assert bound.tree.n_leaves == free.tree.n_leaves


class _Clock:
    """A stand-in for :mod:`time` in ``selection``, moved on by hand."""

    def __init__(self):
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now


def test_the_error_counts_the_folds_done(monkeypatch):
    """Between folds (the clock past the deadline) and inside one (a fold's tree comes back
    partial), the error says how many folds finished."""
    data, real_grow, clock = _cancer(), selection.grow, _Clock()
    calls = []

    def timed_grow(dataset, **params):
        clock.now += 100                                # each tree "takes" 100 s
        calls.append(params["max_seconds"])
        return real_grow(dataset, **params)

    monkeypatch.setattr(selection, "time", clock)
    monkeypatch.setattr(selection, "grow", timed_grow)
    with pytest.raises(TimeLimitError) as caught:       # full tree, then 3 folds: 400 s
        select_ccp_alpha(data, cv=5, max_seconds=350)
    assert caught.value.params == {"seconds": 350, "done": 3, "folds": 5}
    assert calls == [350, 250, 150, 50]                  # each tree gets the time left

    def partial_third_fold(dataset, **params):
        calls.append(None)
        if len(calls) == 3:                             # the full tree, fold 0, then fold 1
            params["max_seconds"] = 0
        return real_grow(dataset, **params)

    calls.clear()
    monkeypatch.setattr(selection, "grow", partial_third_fold)
    with pytest.raises(TimeLimitError) as caught:
        select_ccp_alpha(data, cv=5, max_seconds=60)
    assert caught.value.params == {"seconds": 60, "done": 1, "folds": 5}


@pytest.mark.parametrize("sample, target, algorithm", [
    ("watermelon3.0.csv", "好瓜", "cart"),
    ("watermelon2.0alpha.csv", "好瓜", "c45"),          # rows split by missing values, blended
])
def test_path_accuracy_equals_scoring_every_tree(sample, target, algorithm):
    from treecore.measures.evaluate import score

    frame = pd.read_csv(SAMPLES / sample)
    data = treecore.Dataset.from_frame(frame, target)
    train, held_out = data.subset(np.arange(0, 17, 2)), data     # rows 8, 10: 纹理 missing
    path = ccp_path(treecore.grow(train, algorithm=algorithm))
    expected = [score(tree, held_out) for tree in path.trees]
    np.testing.assert_allclose(path_accuracy(path, held_out), expected, atol=1e-12)
    np.testing.assert_allclose(path_accuracy(path, held_out, [0, len(expected) - 1]),
                               [expected[0], expected[-1]], atol=1e-12)


@pytest.mark.parametrize("task, algorithm", [("classification", "c45"),
                                             ("classification", "cart"),
                                             ("regression", "cart")])
@pytest.mark.parametrize("seed", [0, 1])
def test_path_losses_of_rows_split_by_missing_values_equal_predicting_every_tree(
        task, algorithm, seed):
    """Most held-out rows lack a value the tree tests, so their weight is blended over several
    leaves: the losses kept along the path (one routing pass) equal those of predicting the
    rows with every tree of the path, both moments."""
    from treecore.pruning.losses import path_losses

    rng = np.random.default_rng(seed)
    n = 600
    frame = pd.DataFrame({"x": rng.normal(size=n), "z": rng.normal(size=n),
                          "c": rng.choice(list("abcde"), size=n)})
    signal = frame.x + (frame.c == "a") + 0.5 * rng.normal(size=n)
    frame["y"] = signal if task == "regression" else np.where(signal > 0.3, "yes", "no")
    frame[["x", "z", "c"]] = frame[["x", "z", "c"]].mask(rng.random((n, 3)) < 0.3)
    data = treecore.Dataset.from_frame(frame, "y", task=task)
    train, held_out = data.subset(np.arange(0, 400)), data.subset(np.arange(400, n))
    path = ccp_path(treecore.grow(train, algorithm=algorithm,
                                  criterion="squared_error" if task == "regression" else None))
    assert len(path.trees) > 10
    for moment in (1, 2):
        expected = []
        for tree in path.trees:
            predicted = tree.predict(held_out.X)
            if task == "regression":
                losses = np.abs(held_out.y - predicted) ** (2 * moment)
            else:
                losses = predicted != np.asarray(held_out.classes, dtype=object)[held_out.y]
            expected.append(float(held_out.weights @ losses))
        np.testing.assert_allclose(path_losses(path, held_out, moment=moment), expected,
                                   rtol=1e-9, atol=1e-9)
