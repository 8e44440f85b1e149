"""AdaBoost of decision trees: the seed's updates worked by hand, scikit-learn's SAMME where the
trees agree, its stopping rules, and scikit-learn's conventions."""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.ensemble import AdaBoostClassifier as SklearnAdaBoost
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier as SklearnTree

from treecore import AdaBoostClassifier, Tree
from treecore.io import to_json

from tests.conftest import SAMPLES


def test_the_seed_worked_by_hand():
    """Five rows x = 1 … 5 with classes y = (+1, −1, +1, +1, −1), three stumps.

    Round 1, u¹ = (0.2, 0.2, 0.2, 0.2, 0.2). Weighted Gini Σ W·Gini of the leaves for the cuts
    1.5 | 2.5 | 3.5 | 4.5: 0.2·0 + 0.8·0.5 = 0.4 | 0.4·0.5 + 0.6·4/9 = 0.4667 |
    0.6·4/9 + 0.4·0.5 = 0.4667 | 0.8·(1 − 9/16 − 1/16) + 0 = 0.3. So g₁: x < 4.5 → +1, else
    −1; it gets row 2 wrong: ε₁ = 0.2, ◆₁ = √(0.8/0.2) = 2, α₁ = ln 2 = 0.6931.
    The seed's u²: row 2 × 2 = 0.4, the others ÷ 2 = 0.1, Σ = 0.8 = 2√(0.2·0.8);
    normalised u² = (0.125, 0.5, 0.125, 0.125, 0.125).

    Round 2. Cuts: 1.5: 0 + 0.875·(1 − 25/49 − 4/49) = 0.3571 | 2.5: 0.625·0.32 + 0.375·4/9
    = 0.3667 | 3.5: 0.75·4/9 + 0.25·0.5 = 0.4583 | 4.5: 0.875·24/49 = 0.4286. So g₂: x < 1.5
    → +1, else −1 (−: 0.625 against +: 0.25); wrong: rows 3 and 4, ε₂ = 0.25,
    ◆₂ = √(0.75/0.25) = √3 = 1.7321, α₂ = ln √3 = 0.5493. The seed's u³ from its u²: rows 3, 4
    × √3 = 0.1732, rows 1, 5 ÷ √3 = 0.0577, row 2 0.4 ÷ √3 = 0.2309, Σ = 0.6928
    = 0.8 · 2√(0.25·0.75); normalised u³ = (1/12, 1/3, 1/4, 1/4, 1/12)
    = (0.0833, 0.3333, 0.25, 0.25, 0.0833).

    Round 3. Cuts: 1.5: 11/12 · 60/121 = 0.4545 | 2.5: 5/12·8/25 + 7/12·12/49 = 0.2762 |
    3.5: 8/12·0.5 + 4/12·6/16 = 0.4583 | 4.5: 11/12·56/121 = 0.4242. So g₃: x < 2.5 → −1
    (−: 1/3 against +: 1/12), else +1; wrong: rows 1 and 5, ε₃ = 1/6 = 0.1667, ◆₃ = √5
    = 2.2361, α₃ = ln √5 = 0.8047.

    G = sign(α₁g₁ + α₂g₂ + α₃g₃): row 1: 0.6931 + 0.5493 − 0.8047 > 0; row 2: 0.6931
    − 0.5493 − 0.8047 < 0; rows 3, 4: 0.6931 − 0.5493 + 0.8047 > 0; row 5: −0.6931 − 0.5493
    + 0.8047 < 0: all right. After round 1 row 2 is wrong (accuracy 0.8); after round 2 row 2
    still is (0.6931 − 0.5493 > 0): 0.8; after round 3: 1.0.
    """
    X, y = np.arange(1.0, 6.0)[:, None], np.array([1, -1, 1, 1, -1])
    model = AdaBoostClassifier(n_estimators=3).fit(X, y)
    assert [tree.root.split.threshold for tree in model.estimators_] == [4.5, 1.5, 2.5]
    np.testing.assert_allclose(model.estimator_errors_, [0.2, 0.25, 0.1667], atol=5e-5)
    np.testing.assert_allclose(model.scaling_factors_, [2, 1.7321, 2.2361], atol=5e-5)
    np.testing.assert_allclose(model.estimator_weights_, [0.6931, 0.5493, 0.8047], atol=5e-5)
    np.testing.assert_array_equal(model.misclassified_, [[0, 1, 0, 0, 0], [0, 0, 1, 1, 0],
                                                         [1, 0, 0, 0, 1]])
    weights = list(model.staged_sample_weights())
    np.testing.assert_allclose(weights, [[0.2] * 5, [0.125, 0.5, 0.125, 0.125, 0.125],
                                         [0.0833, 0.3333, 0.25, 0.25, 0.0833]], atol=5e-5)
    # the seed's unnormalised u: ours times the normalisers Zₛ = 2√(εₛ(1 − εₛ)) so far
    normalisers = np.cumprod(2 * np.sqrt(model.estimator_errors_ * (1 - model.estimator_errors_)))
    np.testing.assert_allclose(weights[1] * normalisers[0], [0.1, 0.4, 0.1, 0.1, 0.1], atol=5e-5)
    np.testing.assert_allclose(weights[2] * normalisers[1],
                               [0.0577, 0.2309, 0.1732, 0.1732, 0.0577], atol=5e-5)
    assert list(model.staged_score(X, y)) == [0.8, 0.8, 1.0]
    np.testing.assert_array_equal(model.predict(X), y)


def sklearn_adaboost(n_estimators: int) -> SklearnAdaBoost:
    """scikit-learn's AdaBoost of stumps, SAMME (its ``algorithm`` is gone since 1.8)."""
    parameters = inspect.signature(SklearnAdaBoost).parameters
    extra = {"algorithm": "SAMME"} if "algorithm" in parameters else {}
    return SklearnAdaBoost(SklearnTree(max_depth=1), n_estimators=n_estimators, **extra)


def tie_free(n_classes: int, seed: int = 0):
    """Continuous features with distinct values, exact in float32 (scikit-learn's trees cut
    float32 values), classes from a noisy sum, and weights in [1, 2] so that no two cuts
    have the same weighted impurity."""
    rng = np.random.default_rng(seed)
    X = rng.random((300, 4)).astype(np.float32).astype(float)
    score = X[:, 0] + 0.7 * X[:, 1] + rng.normal(0, 0.3, len(X))
    y = np.digitize(score, np.quantile(score, np.linspace(0, 1, n_classes + 1)[1:-1]))
    labels = np.array(["low", "mid", "high"])[y] if n_classes == 3 else y
    return X, labels, rng.uniform(1, 2, len(X))


@pytest.mark.parametrize("n_classes", [2, 3])
def test_same_staged_predictions_as_sklearn(n_classes):
    X, y, weights = tie_free(n_classes)
    ours = AdaBoostClassifier(n_estimators=40).fit(X, y, sample_weight=weights)
    theirs = sklearn_adaboost(40).fit(X, y, sample_weight=weights)
    assert len(ours.estimators_) == len(theirs.estimators_) == 40
    for a, b in zip(ours.staged_predict(X), theirs.staged_predict(X), strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(ours.staged_decision_function(X), theirs.staged_decision_function(X)):
        np.testing.assert_allclose(a, b, atol=1e-9)
    np.testing.assert_allclose(ours.estimator_errors_, theirs.estimator_errors_, atol=1e-12)
    samme_scale = 2 if n_classes == 2 else 1              # the seed's αₜ is half SAMME's
    np.testing.assert_allclose(samme_scale * ours.estimator_weights_, theirs.estimator_weights_)
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-9)
    assert list(ours.staged_score(X, y)) == pytest.approx(list(theirs.staged_score(X, y)))
    np.testing.assert_allclose(ours.feature_importances_, theirs.feature_importances_,
                               atol=1e-9)


def test_a_perfect_tree_stops_boosting_with_sklearns_vote():
    X, y = np.arange(6.0)[:, None], np.array([0, 0, 0, 1, 1, 1])
    ours, theirs = AdaBoostClassifier().fit(X, y), sklearn_adaboost(50).fit(X, y)
    assert len(ours.estimators_) == len(theirs.estimators_) == 1
    assert ours.estimator_errors_.tolist() == [0.0]
    assert 2 * ours.estimator_weights_[0] == theirs.estimator_weights_[0] == 1.0
    np.testing.assert_array_equal(ours.predict(X), y)


@pytest.mark.parametrize("labels", [["a", "a", "b", "b"], ["a", "b", "c", "a", "b", "c"]])
def test_a_first_tree_no_better_than_chance_is_an_error(labels):
    """A root-only tree (max_depth=0) on balanced classes has ε = 1 − 1/K: no vote for it
    (α ≤ 0), and with no tree before it, scikit-learn's error."""
    X = np.arange(float(len(labels)))[:, None]
    with pytest.raises(ValueError, match="worse than random"):
        AdaBoostClassifier(max_depth=0).fit(X, labels)


def test_members_are_trees_grown_on_text_and_missing_values():
    """C4.5 trees take watermelon 3.0's text columns with some cells missing; every member
    is a Tree the explorer can draw, and the staged predictions end at ``predict``."""
    frame = pd.read_csv(SAMPLES / "watermelon3.0.csv").drop(columns="编号")
    X, y = frame.drop(columns="好瓜"), frame["好瓜"]
    X = X.mask(np.arange(X.size).reshape(X.shape) % 7 == 3)
    model = AdaBoostClassifier(n_estimators=5, algorithm="c45", max_depth=2).fit(X, y)
    assert all(isinstance(tree, Tree) and tree.depth <= 2 for tree in model.estimators_)
    staged = list(model.staged_predict(X))
    assert len(staged) == model.n_rounds_
    np.testing.assert_array_equal(staged[-1], model.predict(X))
    assert set(model.predict(X)) <= set(y)


def test_sklearn_tools_take_it():
    X, y, _ = tie_free(3)
    model = AdaBoostClassifier(n_estimators=10)
    assert clone(model).get_params() == model.get_params()
    scores = cross_val_score(model, X, y, cv=3)
    assert scores.mean() > 0.5                    # three classes: chance is 1/3
    pipe = make_pipeline(StandardScaler(), AdaBoostClassifier(n_estimators=10)).fit(X, y)
    assert pipe.score(X, y) == AdaBoostClassifier(n_estimators=10).fit(
        StandardScaler().fit_transform(X), y).score(StandardScaler().fit_transform(X), y)


def test_the_same_settings_give_the_same_model():
    X, y, _ = tie_free(2, seed=3)
    first, second = (AdaBoostClassifier(n_estimators=8, random_state=5).fit(X, y) for _ in "ab")
    np.testing.assert_array_equal(first.estimator_weights_, second.estimator_weights_)
    assert [to_json(t) for t in first.estimators_] == [to_json(t) for t in second.estimators_]


def test_bad_parameters_are_refused_in_fit():
    X, y = np.arange(4.0)[:, None], [0, 1, 0, 1]
    for params in ({"n_estimators": 0}, {"n_estimators": 2.5}, {"algorithm": "c5"}):
        model = AdaBoostClassifier(**params)
        with pytest.raises(ValueError):
            model.fit(X, y)
    assert AdaBoostClassifier(n_estimators=1).fit(X, y).n_rounds_ == 1
