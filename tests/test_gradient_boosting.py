"""Gradient boosting: the seed's GBDT worked by hand, scikit-learn's gradient boosting where the
trees agree (squared error, log-loss for two and three classes), the residuals and running sums
the explorer shows, and scikit-learn's conventions."""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.ensemble import GradientBoostingClassifier as SklearnClassifier
from sklearn.ensemble import GradientBoostingRegressor as SklearnRegressor
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from treecore import (DecisionTreeRegressor, GradientBoostingClassifier,
                      GradientBoostingRegressor, Tree)


def least_squares(cls, **params):
    """scikit-learn's gradient boosting with least-squares trees: ``criterion="squared_error"``
    where the installed version still has the parameter (it is deprecated, and always so,
    since 1.9)."""
    if inspect.signature(cls).parameters["criterion"].default != "deprecated":
        params["criterion"] = "squared_error"
    return cls(**params)


def tie_free(seed: int = 0, n_rows: int = 400):
    """Continuous features with distinct values, exact in float32 (scikit-learn's trees cut
    float32 values), a smooth target with noise, and weights in [1, 2] so that no two cuts
    have the same weighted squared error (weights ≥ 1 keep our weighted ``min_samples_leaf``
    = 1 as permissive as scikit-learn's row count)."""
    rng = np.random.default_rng(seed)
    X = rng.random((n_rows, 5)).astype(np.float32).astype(float)
    y = np.sin(6 * X[:, 0]) + X[:, 1] ** 2 + rng.normal(0, 0.1, n_rows)
    return X, y, rng.uniform(1, 2, n_rows)


def test_the_seed_worked_by_hand():
    """Four rows x = 1, 2, 3, 4 with y = 1.0, 1.2, 3.0, 3.4; stumps, s₀ = 0, η = 1.

    Round 1: the residuals are y. Squared error left of each cut + right of it:
    1.5: 0 + (1.2, 3.0, 3.4 about 2.5333) 1.7778 + 0.2178 + 0.7511 = 2.7467 | 2.5: 0.02 + 0.08
    = 0.10 |
    3.5: (1.0, 1.2, 3.0 about 1.7333) 2.4267 + 0 = 2.4267. So g₁: x < 2.5 → 1.1, else 3.2.
    α₁ = Σ r g / Σ g² = (1.0·1.1 + 1.2·1.1 + 3.0·3.2 + 3.4·3.2) / (2·1.1² + 2·3.2²)
    = 22.9 / 22.9 = 1; s₁ = (1.1, 1.1, 3.2, 3.2).

    Round 2: residuals y − s₁ = (−0.1, 0.1, −0.2, 0.2). Cuts: 1.5: 0 + (0.1, −0.2, 0.2 about
    0.0333) 0.0867 | 2.5: 0.02 + 0.08 = 0.10 | 3.5: (−0.1, 0.1, −0.2 about −0.0667) 0.0467 + 0
    = 0.0467. So g₂: x < 3.5 → −0.0667, else 0.2; α₂ = (0.0067 − 0.0067 + 0.0133 + 0.04)
    / (3·0.0044 + 0.04) = 0.0533 / 0.0533 = 1; s₂ = (1.0333, 1.0333, 3.1333, 3.4).
    """
    X, y = np.arange(1.0, 5.0)[:, None], np.array([1.0, 1.2, 3.0, 3.4])
    model = GradientBoostingRegressor(n_estimators=2, learning_rate=1, max_depth=1,
                                      init="zero").fit(X, y)
    assert [tree.root.split.threshold for tree in model.estimators_[:, 0]] == [2.5, 3.5]
    np.testing.assert_allclose(model.step_sizes_.ravel(), [1, 1], atol=1e-12)
    s1, s2 = model.staged_predict(X)
    np.testing.assert_allclose(s1, [1.1, 1.1, 3.2, 3.2], atol=5e-5)
    np.testing.assert_allclose(s2, [1.0333, 1.0333, 3.1333, 3.4], atol=5e-5)
    np.testing.assert_allclose(model.residuals(X, y, 1), [-0.1, 0.1, -0.2, 0.2], atol=1e-12)
    np.testing.assert_allclose(model.residuals(X, y, 0), y)


def test_the_seed_is_a_sum_of_least_squares_trees_on_residuals():
    """learning_rate=1, init="zero": each round is a regression tree fitted to y − sₜ₋₁."""
    X, y, _ = tie_free(1, 200)
    model = GradientBoostingRegressor(n_estimators=5, learning_rate=1, init="zero").fit(X, y)
    running = np.zeros(len(y))
    for t, staged in enumerate(model.staged_predict(X)):
        np.testing.assert_allclose(model.residuals(X, y, t), y - running, atol=1e-9)
        running = running + DecisionTreeRegressor(max_depth=3).fit(X, y - running).predict(X)
        np.testing.assert_allclose(staged, running, atol=1e-9)
    np.testing.assert_allclose(model.step_sizes_, 1, atol=1e-9)


def test_same_staged_predictions_as_sklearn_regressor():
    X, y, weights = tie_free()
    ours = GradientBoostingRegressor(n_estimators=40).fit(X, y, sample_weight=weights)
    theirs = least_squares(SklearnRegressor, n_estimators=40).fit(X, y, sample_weight=weights)
    for a, b in zip(ours.staged_predict(X), theirs.staged_predict(X), strict=True):
        np.testing.assert_allclose(a, b, atol=1e-9)
    np.testing.assert_allclose(ours.train_score_, theirs.train_score_, atol=1e-9)
    np.testing.assert_allclose(ours.feature_importances_, theirs.feature_importances_,
                               atol=1e-9)
    np.testing.assert_allclose(ours.init_, [np.average(y, weights=weights)])


@pytest.mark.parametrize("n_classes", [2, 3])
def test_same_staged_decision_function_as_sklearn_classifier(n_classes):
    X, y, weights = tie_free()
    score = X[:, 0] + X[:, 2] + np.random.default_rng(2).normal(0, 0.2, len(X))
    labels = np.array(["a", "b", "c"])[np.digitize(score, [0.8, 1.2][:n_classes - 1])]
    ours = GradientBoostingClassifier(n_estimators=30).fit(X, labels, sample_weight=weights)
    theirs = least_squares(SklearnClassifier, n_estimators=30).fit(X, labels,
                                                                   sample_weight=weights)
    assert ours.estimators_.shape == theirs.estimators_.shape
    for a, b in zip(ours.staged_decision_function(X), theirs.staged_decision_function(X),
                    strict=True):
        np.testing.assert_allclose(a, b.reshape(a.shape), atol=1e-9)
    for a, b in zip(ours.staged_predict(X), theirs.staged_predict(X)):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-9)
    deviance = 2 if n_classes == 2 else 1       # scikit-learn's binomial deviance = 2 log-loss
    np.testing.assert_allclose(deviance * ours.train_score_, theirs.train_score_, atol=1e-9)


def test_residuals_are_what_each_tree_was_fitted_to():
    """Round t's tree holds, in each leaf, the mean of the residuals of its rows."""
    X, y, _ = tie_free(3, 200)
    labels = np.where(y > np.median(y), "high", "low")
    model = GradientBoostingClassifier(n_estimators=4).fit(X, labels)
    for t in range(4):
        residuals = model.residuals(X, labels, t)
        tree = model.estimators_[t, 0]
        leaves = tree.apply(X)
        for leaf in tree.iter_leaves():
            assert leaf.value == pytest.approx(residuals[leaves == leaf.node_id].mean())
    with pytest.raises(IndexError):
        model.residuals(X, labels, 4)


def test_subsampling_is_seeded():
    X, y, _ = tie_free(4, 300)
    fits = [GradientBoostingRegressor(n_estimators=5, subsample=0.5, random_state=seed)
            .fit(X, y).predict(X) for seed in (7, 7, 8)]
    np.testing.assert_array_equal(fits[0], fits[1])
    assert not np.array_equal(fits[0], fits[2])


def test_members_are_trees_and_leaf_values_are_keyed_by_leaf_id():
    X, y, _ = tie_free(5, 200)
    model = GradientBoostingClassifier(n_estimators=3, max_depth=2).fit(X, y > 0.5)
    for tree, values in zip(model.estimators_.ravel(), model.leaf_values_.ravel()):
        assert isinstance(tree, Tree)
        for node in tree.iter_nodes():
            assert np.isnan(values[node.node_id]) != node.is_leaf


@pytest.mark.parametrize("model", [GradientBoostingRegressor(n_estimators=10),
                                   GradientBoostingClassifier(n_estimators=10)])
def test_sklearn_tools_take_it(model):
    X, y, _ = tie_free(6, 300)
    if isinstance(model, GradientBoostingClassifier):
        y = y > np.median(y)
    assert clone(model).get_params() == model.get_params()
    assert cross_val_score(model, X, y, cv=3).mean() > 0.5
    pipe = make_pipeline(StandardScaler(), clone(model)).fit(X, y)
    scaled = StandardScaler().fit_transform(X)
    assert pipe.score(X, y) == pytest.approx(clone(model).fit(scaled, y).score(scaled, y))


def test_a_missing_value_is_in_several_leaves_each_with_its_share():
    """One round from 0 with η = 1 on rows with holes and a text column: each leaf's Newton
    value is the weighted mean residual of its rows, counting a row whose tested value is
    missing with its share in each leaf it reaches, so the round's step is the tree's own
    blended prediction, row by row."""
    rng = np.random.default_rng(4)
    frame = pd.DataFrame({"colour": rng.choice(["red", "green", "blue"], 120),
                          "size": np.where(rng.random(120) < 0.25, np.nan, rng.normal(size=120))})
    y = (frame["colour"] == "red") * 2.0 + frame["size"].fillna(0.5) + rng.normal(size=120)
    seed = GradientBoostingRegressor(n_estimators=1, learning_rate=1, max_depth=2,
                                     init="zero").fit(frame, y)
    tree = seed.estimators_[0, 0]
    split_on_size = [n for n in tree.iter_nodes() if n.split and n.split.feature == "size"]
    assert split_on_size and frame["size"].isna().any()
    np.testing.assert_allclose(seed.predict(frame), tree.predict(frame), rtol=1e-9)


def test_bad_parameters_are_refused():
    X, y, _ = tie_free(7, 50)
    for params in ({"n_estimators": 0}, {"learning_rate": 0}, {"subsample": 1.5},
                   {"init": "mean"}, {"loss": "huber"}):
        with pytest.raises(ValueError):
            GradientBoostingRegressor(**params).fit(X, y)
