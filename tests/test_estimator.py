"""The scikit-learn style estimator: conformance over every algorithm × criterion, the
scikit-learn cross-check (a test-only dependency) and meta-estimator compatibility."""

from __future__ import annotations


import numpy as np
import pandas as pd
import pytest
from sklearn import datasets
from sklearn.base import clone
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer
from sklearn.tree import DecisionTreeClassifier as SklearnTree

from treecore import ALGORITHMS, ConfigError, DecisionTreeClassifier

from tests.conftest import SAMPLES

PAIRS = [(algorithm, criterion) for algorithm, preset in ALGORITHMS.items()
         for criterion in preset.criteria]


@pytest.fixture(scope="module")
def mixed() -> tuple[pd.DataFrame, pd.Series]:
    """Watermelon 3.0 with nominal text, continuous numbers and a few holes punched in."""
    frame = pd.read_csv(SAMPLES / "watermelon3.0.csv").drop(columns="编号")
    X, y = frame.drop(columns="好瓜"), frame["好瓜"]
    X = X.copy()
    X.loc[[1, 6], "色泽"] = np.nan
    X.loc[[3, 9], "密度"] = np.nan
    X.loc[[12], "纹理"] = None
    return X, y


def check_invariants(tree) -> None:
    for node in tree.iter_nodes():
        assert sum(node.distribution) == pytest.approx(1.0)
        assert sum(node.class_counts) == pytest.approx(node.weighted_n_samples)
        if node.is_leaf:
            assert node.stop_reason is not None
            continue
        kids = tree.children(node.node_id)
        assert len(kids) == node.split.n_branches
        assert sum(k.weighted_n_samples for k in kids) == pytest.approx(node.weighted_n_samples)
        np.testing.assert_allclose(np.sum([k.class_counts for k in kids], axis=0),
                                   node.class_counts, atol=1e-9)
        assert node.split.eligible


@pytest.mark.parametrize("algorithm, criterion", PAIRS)
def test_conformance(mixed, algorithm, criterion):
    X, y = mixed
    model = DecisionTreeClassifier(algorithm=algorithm, criterion=criterion)
    assert model.fit(X, y) is model
    n = len(X)
    assert model.predict(X).shape == (n,)
    proba = model.predict_proba(X)
    assert proba.shape == (n, 2)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    assert list(model.classes_) == ["否", "是"] and model.n_classes_ == 2      # sorted
    assert list(model.class_order_) == ["是", "否"]                             # first seen
    tree_proba = model.tree_.predict_proba(model.tree_.schema.encode(X))
    np.testing.assert_array_equal(proba, tree_proba[:, ::-1])
    assert 0.0 <= model.score(X, y) <= 1.0
    leaves = model.apply(X)
    assert leaves.shape == (n,)
    assert set(leaves) <= {leaf.node_id for leaf in model.tree_.iter_leaves()}
    assert model.decision_path(X).shape == (n, model.tree_.n_nodes)
    assert list(model.feature_names_in_) == list(X.columns) and model.n_features_in_ == 8
    assert model.tree_.settings["algorithm"] == algorithm
    assert model.tree_.criterion == criterion
    check_invariants(model.tree_)


@pytest.mark.parametrize("algorithm, criterion", PAIRS)
def test_conformance_on_arrays(algorithm, criterion):
    X, y = datasets.load_iris(return_X_y=True)
    model = DecisionTreeClassifier(algorithm=algorithm, criterion=criterion, max_depth=3).fit(X, y)
    assert model.classes_.dtype.kind == "i" and list(model.classes_) == [0, 1, 2]
    assert not hasattr(model, "feature_names_in_")
    assert model.predict(X).dtype.kind == "i"
    assert model.score(X, y) > 0.9
    check_invariants(model.tree_)


# ------------------------------------------------------------------------------ scikit-learn
def _load(name):
    X, y = getattr(datasets, f"load_{name}")(return_X_y=True)
    return (X[:500], y[:500]) if name == "digits" else (X, y)


@pytest.mark.parametrize("name", ["iris", "wine", "breast_cancer", "digits"])
def test_matches_sklearn_on_training_rows(name):
    X, y = _load(name)
    ours = DecisionTreeClassifier(algorithm="cart", criterion="gini").fit(X, y)
    theirs = SklearnTree(criterion="gini", random_state=0).fit(X, y)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    np.testing.assert_array_equal(ours.predict(X), y)        # no two identical rows disagree


@pytest.mark.parametrize("name", ["iris", "wine", "breast_cancer"])
def test_same_shape_as_sklearn(name):
    """Same leaves, depth and root figures. Iris's root is an exact tie (petal length ≤ 2.45
    and petal width ≤ 0.8 both isolate setosa): we take the first column, scikit-learn a random
    one, so only the Gini after the split is compared there."""
    X, y = _load(name)
    ours = DecisionTreeClassifier().fit(X, y).tree_
    theirs = SklearnTree(criterion="gini", random_state=0).fit(X, y).tree_
    assert ours.n_leaves == theirs.n_leaves
    assert ours.depth == theirs.max_depth
    assert ours.root.impurity == pytest.approx(theirs.impurity[0])
    left, right = theirs.children_left[0], theirs.children_right[0]
    n = theirs.weighted_n_node_samples
    after = (n[left] * theirs.impurity[left] + n[right] * theirs.impurity[right]) / n[0]
    assert ours.root.split.gini == pytest.approx(after)
    if name != "iris":
        assert ours.root.split.feature_index == theirs.feature[0]
        assert ours.root.split.threshold == pytest.approx(theirs.threshold[0], abs=1e-6)


def test_sample_weight_like_sklearn():
    X, y = datasets.load_wine(return_X_y=True)
    weights = np.random.default_rng(0).integers(1, 4, size=len(y)).astype(float)
    ours = DecisionTreeClassifier(max_depth=2).fit(X, y, sample_weight=weights)
    theirs = SklearnTree(max_depth=2, random_state=0).fit(X, y, sample_weight=weights)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    assert ours.score(X, y, sample_weight=weights) == pytest.approx(
        theirs.score(X, y, sample_weight=weights))


def test_clone_and_params_round_trip():
    model = DecisionTreeClassifier(algorithm="c45", max_depth=4, min_samples_leaf=2)
    params = model.get_params()
    assert params["algorithm"] == "c45" and params["max_depth"] == 4
    assert DecisionTreeClassifier(**params).get_params() == params
    twin = clone(model)
    assert twin is not model and twin.get_params() == params
    assert model.set_params(max_depth=None, criterion="entropy") is model
    assert model.get_params() == {**params, "max_depth": None, "criterion": "entropy"}
    with pytest.raises(ValueError):
        model.set_params(colour="red")
    assert repr(model) == ("DecisionTreeClassifier(algorithm='c45', criterion='entropy', "
                           "min_samples_leaf=2)")


def test_clone_of_fitted_model_is_unfitted():
    X, y = datasets.load_iris(return_X_y=True)
    twin = clone(DecisionTreeClassifier().fit(X, y))
    assert not hasattr(twin, "tree_")


def test_cross_val_score_and_pipeline():
    X, y = datasets.load_iris(return_X_y=True)
    scores = cross_val_score(DecisionTreeClassifier(), X, y, cv=5)
    assert scores.shape == (5,) and scores.mean() > 0.85
    pipe = Pipeline([("scale", FunctionTransformer(lambda a: a * 10.0)),
                     ("tree", DecisionTreeClassifier(algorithm="c45"))])
    assert pipe.fit(X, y).score(X, y) == 1.0
    assert cross_val_score(pipe, X, y, cv=3).mean() > 0.85


def test_cross_val_score_with_text_and_nan(mixed):
    X, y = mixed
    scores = cross_val_score(DecisionTreeClassifier(algorithm="c45"), X, y, cv=2)
    assert scores.shape == (2,)


def test_validation_happens_in_fit():
    model = DecisionTreeClassifier(algorithm="c50")               # stored unchanged
    assert model.algorithm == "c50"
    with pytest.raises(ConfigError):
        model.fit(np.zeros((4, 1)) + np.arange(4)[:, None], [0, 1, 0, 1])


def test_bad_shapes():
    with pytest.raises(ValueError):
        DecisionTreeClassifier().fit(np.arange(3.0), [0, 1, 0])
    with pytest.raises(ValueError):
        DecisionTreeClassifier().fit(np.zeros((3, 1)), [0, 1])


def test_textbook_through_the_estimator():
    frame = pd.read_csv(SAMPLES / "lihang_loan.csv").drop(columns="ID")
    model = DecisionTreeClassifier(algorithm="id3").fit(frame.drop(columns="类别"), frame["类别"])
    assert model.tree_.root.split.feature == "有自己的房子"
    assert model.tree_.n_leaves == 3
    assert model.score(frame.drop(columns="类别"), frame["类别"]) == 1.0
