"""Random forests (:mod:`treecore.ensemble.forest`) against scikit-learn's, and what the page
reads of them: bootstrap counts, feature subsets, the out-of-bag curve, importances."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy.stats import spearmanr
from sklearn.base import clone
from sklearn.datasets import (load_breast_cancer, load_diabetes, load_iris, load_wine,
                              make_classification)
from sklearn.ensemble import RandomForestClassifier as SklearnForest
from sklearn.ensemble import RandomForestRegressor as SklearnRegressionForest
from sklearn.inspection import permutation_importance as sklearn_permutation_importance
from sklearn.model_selection import KFold, StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from treecore import (Dataset, DecisionTreeClassifier, DecisionTreeRegressor, GrowthConfig,
                      RandomForestClassifier, RandomForestRegressor, Tree, grow)
from treecore.ensemble import MemberGrower
from treecore.ensemble.bagging import bootstrap_counts
from treecore.grow import nodewise, nodewise_sort
from treecore.grow.engines import start_growth
from treecore.grow.growing import CompiledGrowth
from treecore.grow.kernel_rules import GROWTH_THREADS
from treecore.tree.inspection import permutation_importance

from tests.conftest import SAMPLES

SEEDS = range(5)


def cross_validated(make, X, y, splitter) -> float:
    """Mean over :data:`SEEDS` of the 5-fold cross-validated score of ``make(seed)``."""
    return float(np.mean([cross_val_score(make(seed), X, y, cv=splitter(5, shuffle=True,
                                                                          random_state=seed)).mean()
                          for seed in SEEDS]))


# ----------------------------------------------------------------------------- accuracy
@pytest.mark.parametrize("load", [load_iris, load_wine, load_breast_cancer])
def test_accuracy_within_two_points_of_sklearn(load):
    X, y = load(return_X_y=True)
    ours = cross_validated(lambda s: RandomForestClassifier(random_state=s, n_jobs=2), X, y,
                           StratifiedKFold)
    theirs = cross_validated(lambda s: SklearnForest(random_state=s, n_jobs=2), X, y,
                             StratifiedKFold)
    assert ours >= theirs - 0.02
    assert ours > cross_validated(lambda s: DecisionTreeClassifier(), X, y, StratifiedKFold) \
        or load is load_iris                     # many trees beat one (iris: a tie is fine)


def test_regression_r2_close_to_sklearn():
    X, y = load_diabetes(return_X_y=True)
    ours = cross_validated(lambda s: RandomForestRegressor(n_estimators=50, random_state=s,
                                                           n_jobs=2), X, y, KFold)
    theirs = cross_validated(lambda s: SklearnRegressionForest(n_estimators=50, random_state=s,
                                                               n_jobs=2), X, y, KFold)
    single = cross_validated(lambda s: DecisionTreeRegressor(), X, y, KFold)
    assert abs(ours - theirs) < 0.03 and ours > single + 0.2


# ----------------------------------------------------------------------------- out of bag
@pytest.mark.parametrize("load", [load_wine, load_breast_cancer])
def test_oob_score_close_to_sklearn(load):
    X, y = load(return_X_y=True)
    ours = np.mean([RandomForestClassifier(oob_score=True, random_state=s).fit(X, y).oob_score_
                    for s in SEEDS])
    theirs = np.mean([SklearnForest(oob_score=True, random_state=s).fit(X, y).oob_score_
                      for s in SEEDS])
    assert abs(ours - theirs) < 0.02


def test_oob_estimate_recomputed_from_the_members():
    """ε^oob by hand (Zhou 式 8.20, 8.21): each row voted on by the members that left it out."""
    X, y = load_wine(return_X_y=True)
    forest = RandomForestClassifier(n_estimators=15, oob_score=True, random_state=3)
    with warnings.catch_warnings(action="ignore"):
        forest.fit(X, y)
    sums, votes = np.zeros((len(y), 3)), np.zeros(len(y))
    curve = []
    for t, member in enumerate(forest.estimators_):
        out = forest.bootstrap_counts(t) == 0
        sums[out] += member.predict_proba(X[out])
        votes[out] += 1
        voted = votes > 0
        curve.append(np.mean(sums[voted].argmax(axis=1) != y[voted]))
    np.testing.assert_allclose(forest.oob_decision_function_, sums / np.maximum(votes, 1)[:, None])
    np.testing.assert_allclose(forest.oob_error_curve_, curve)
    assert forest.oob_score_ == pytest.approx(np.mean(forest.oob_decision_function_.argmax(1) == y))


def test_oob_error_falls_as_trees_are_added():
    X, y = load_breast_cancer(return_X_y=True)
    curve = RandomForestClassifier(n_estimators=60, oob_score=True, random_state=0)\
        .fit(X, y).oob_error_curve_
    assert len(curve) == 60 and curve[-1] < curve[:5].mean() - 0.03


def test_regression_oob():
    X, y = load_diabetes(return_X_y=True)
    forest = RandomForestRegressor(n_estimators=60, oob_score=True, random_state=0).fit(X, y)
    theirs = SklearnRegressionForest(n_estimators=60, oob_score=True, random_state=0).fit(X, y)
    assert abs(forest.oob_score_ - theirs.oob_score_) < 0.05
    assert forest.oob_prediction_.shape == y.shape and forest.oob_error_curve_[-1] > 0


def test_oob_needs_bootstrap():
    with pytest.raises(ValueError, match="Out of bag estimation only available"):
        RandomForestClassifier(bootstrap=False, oob_score=True).fit([[0.0], [1.0]], [0, 1])


# ----------------------------------------------------------------------------- the members
def test_members_are_treecore_trees_grown_on_their_bootstrap_sample():
    X, y = load_iris(return_X_y=True)
    forest = RandomForestClassifier(n_estimators=5, random_state=0).fit(X, y)
    for t, member in enumerate(forest.estimators_):
        assert isinstance(member, DecisionTreeClassifier) and isinstance(member.tree_, Tree)
        counts = forest.bootstrap_counts(t)
        np.testing.assert_array_equal(counts, bootstrap_counts(forest._seed, t, len(X)))
        assert member.tree_.root.weighted_n_samples == counts.sum() == len(X)
        assert member.tree_.root.n_samples == np.count_nonzero(counts)
        assert 0.25 < np.mean(counts == 0) < 0.5          # about 1/e left out
        np.testing.assert_array_equal(member.predict(X), member.classes_[
            member.predict_proba(X).argmax(axis=1)])
    assert not np.array_equal(forest.bootstrap_counts(0), forest.bootstrap_counts(1))


def test_feature_subsets_of_a_member():
    X, y = load_wine(return_X_y=True, as_frame=True)
    forest = RandomForestClassifier(n_estimators=3, random_state=0).fit(X, y)
    tree = forest.estimators_[1].tree_
    subsets = forest.feature_subsets(1)
    assert set(subsets) == {n.node_id for n in tree.iter_nodes() if n.feature_subset}
    for node in tree.iter_nodes():
        if node.split is not None:
            assert node.split.feature in subsets[node.node_id]
            assert len(subsets[node.node_id]) >= 3            # ⌊√13⌋
    assert forest.feature_subsets(0) != subsets
    every = RandomForestClassifier(n_estimators=2, max_features=None, random_state=0).fit(X, y)
    assert every.feature_subsets(0) == {}


def test_one_tree_on_every_row_with_every_feature_is_the_plain_tree():
    X, y = load_wine(return_X_y=True)
    forest = RandomForestClassifier(n_estimators=1, bootstrap=False, max_features=None).fit(X, y)
    plain = DecisionTreeClassifier().fit(X, y)
    assert forest.estimators_[0].tree_.nodes == plain.tree_.nodes
    np.testing.assert_array_equal(forest.predict_proba(X), plain.predict_proba(X))


def test_zero_weight_rows_are_absent():
    X, y = load_wine(return_X_y=True)
    weights = np.where(np.arange(len(y)) % 3 == 0, 0.0, 1.0)
    kept = weights > 0
    weighted = RandomForestClassifier(n_estimators=3, bootstrap=False, max_features=4,
                                      random_state=1).fit(X, y, sample_weight=weights)
    absent = RandomForestClassifier(n_estimators=3, bootstrap=False, max_features=4,
                                    random_state=1).fit(X[kept], y[kept])
    for ours, theirs in zip(weighted.estimators_, absent.estimators_):
        assert [n.split for n in ours.tree_.nodes] == [n.split for n in theirs.tree_.nodes]


def test_member_grower_shares_the_sort_and_drops_zero_weights():
    """A member of the shared sort equals the tree grown on its rows of positive weight."""
    X, y = load_wine(return_X_y=True, as_frame=True)
    dataset = Dataset.from_frame(X.assign(y=y.astype(str)), "y")
    grower = MemberGrower(dataset, GrowthConfig(max_features=5))
    assert grower.shared is not None
    counts = bootstrap_counts(7, 0, dataset.n_rows).astype(float)
    member = grower.grow(weights=counts, random_state=7)
    present = counts > 0
    rows = dataset.subset(present)
    alone = grow(Dataset(rows.schema, rows.X, rows.y, counts[present]), max_features=5,
                 random_state=7)
    assert [n.split for n in member.nodes] == [n.split for n in alone.nodes]
    assert [n.feature_subset for n in member.nodes] == [n.feature_subset for n in alone.nodes]


def test_member_grower_shares_the_nodewise_sort_and_drops_zero_weights():
    """On a table with a text column and empty cells (the nodewise engine) a member reads the
    sort made once for the ensemble: it equals the tree grown on its rows of positive weight
    alone, splits, feature draws, rows and every candidate table a view asks for."""
    X, y = load_wine(return_X_y=True, as_frame=True)
    X = X.mask(np.random.default_rng(0).random(X.shape) < 0.1)
    X["grade"] = np.array(["low", "mid", "high", "none"])[np.arange(len(X)) % 4]
    dataset = Dataset.from_frame(X.assign(y=y.astype(str)), "y")
    config = GrowthConfig(max_features=5, random_state=7)
    grower = MemberGrower(dataset, config)
    assert isinstance(grower.shared, nodewise_sort.PresortedTable)
    counts = bootstrap_counts(7, 0, dataset.n_rows).astype(float)
    member = nodewise.NodewiseGrowth(Dataset(dataset.schema, dataset.X, dataset.y, counts),
                                     config, shared=grower.shared)
    present = counts > 0
    rows = dataset.subset(present)
    alone = start_growth(Dataset(rows.schema, rows.X, rows.y, counts[present]), config)
    for growth in (member, alone):
        growth.run()
    assert member.tree().nodes == alone.tree().nodes
    assert grower.grow(weights=counts, random_state=7).nodes == alone.tree().nodes
    assert [s.candidates for s in member.steps()] == [s.candidates for s in alone.steps()]


def test_forest_by_the_absolute_error_on_complete_numbers():
    """A forest of absolute-error trees on continuous, complete data grows in the engine that
    grows such a tree (the presorted one does not hold the absolute error): each member is the
    tree grown on its bootstrap rows."""
    X, y = load_diabetes(return_X_y=True, as_frame=True)
    dataset = Dataset.from_frame(X.assign(y=y), "y", task="regression")
    forest = RandomForestRegressor(n_estimators=3, criterion="absolute_error", max_depth=4,
                                   random_state=0).fit(X, y)
    for t, member in enumerate(forest.estimators_):
        counts = forest.bootstrap_counts(t).astype(float)
        rows = dataset.subset(counts > 0)
        alone = grow(Dataset(rows.schema, rows.X, rows.y, counts[counts > 0]), task="regression",
                     criterion="absolute_error", max_depth=4)
        assert member.tree_.nodes == alone.nodes


# ----------------------------------------------------------------------------- determinism
def test_same_seed_same_forest_whatever_n_jobs():
    X, y = load_breast_cancer(return_X_y=True)
    one = RandomForestClassifier(n_estimators=12, random_state=4, n_jobs=1).fit(X, y)
    two = RandomForestClassifier(n_estimators=12, random_state=4, n_jobs=2).fit(X, y)
    every = RandomForestClassifier(n_estimators=12, random_state=4, n_jobs=-1).fit(X, y)
    for a, b, c in zip(one.estimators_, two.estimators_, every.estimators_):
        assert a.tree_.nodes == b.tree_.nodes == c.tree_.nodes
    np.testing.assert_array_equal(one.predict_proba(X), two.predict_proba(X))
    other = RandomForestClassifier(n_estimators=12, random_state=5).fit(X, y)
    assert not np.array_equal(one.predict_proba(X), other.predict_proba(X))


@pytest.mark.parametrize("holes", [False, True], ids=["presorted", "nodewise"])
def test_trees_grown_side_by_side_take_a_thread_each(monkeypatch, holes):
    """On two threads a forest grows each tree on one of them: two growths each sharing their
    chunks among two threads would contend for the cores. On one thread, each tree shares its
    chunks as a lone tree would. The trees are the same either way."""
    X, y = make_classification(20_000, 20, n_informative=8, n_classes=3, random_state=0)
    if holes:                                     # missing values: the nodewise engine
        X[np.random.default_rng(0).random(X.shape) < 0.1] = np.nan
    threads = {}                                  # by growth (``run`` may be called again)
    run = CompiledGrowth.run
    monkeypatch.setattr(CompiledGrowth, "run",
                        lambda growth: (threads.setdefault(growth, growth.threads), run(growth)))
    params = dict(n_estimators=4, max_depth=4, random_state=0)
    side_by_side = RandomForestClassifier(**params, n_jobs=2).fit(X, y)
    assert list(threads.values()) == [1] * 4
    threads.clear()
    one_by_one = RandomForestClassifier(**params, n_jobs=1).fit(X, y)
    assert list(threads.values()) == [GROWTH_THREADS] * 4
    for a, b in zip(side_by_side.estimators_, one_by_one.estimators_):
        assert a.tree_.nodes == b.tree_.nodes


def test_random_state_objects_are_taken():
    X, y = load_iris(return_X_y=True)
    a = RandomForestClassifier(n_estimators=3, random_state=np.random.RandomState(0)).fit(X, y)
    b = RandomForestClassifier(n_estimators=3, random_state=np.random.RandomState(0)).fit(X, y)
    np.testing.assert_array_equal(a.predict_proba(X), b.predict_proba(X))


# ----------------------------------------------------------------------------- scikit-learn
def test_clone_cross_val_score_and_pipeline():
    X, y = load_breast_cancer(return_X_y=True)
    forest = RandomForestClassifier(n_estimators=20, max_depth=6, random_state=0)
    copy = clone(forest)
    assert copy.get_params() == forest.get_params() and not hasattr(copy, "estimators_")
    scores = cross_val_score(make_pipeline(StandardScaler(), forest), X, y, cv=3)
    assert scores.mean() > 0.9
    regression = cross_val_score(RandomForestRegressor(n_estimators=20, random_state=0),
                                 *load_diabetes(return_X_y=True), cv=3)
    assert regression.mean() > 0.3


def test_predict_proba_is_the_uniform_vote():
    X, y = load_iris(return_X_y=True)
    forest = RandomForestClassifier(n_estimators=7, random_state=2).fit(X, y)
    mean = np.mean([m.predict_proba(X) for m in forest.estimators_], axis=0)
    np.testing.assert_allclose(forest.predict_proba(X), mean)
    np.testing.assert_array_equal(forest.predict(X), forest.classes_[mean.argmax(axis=1)])


def test_staged_predictions_add_one_tree_at_a_time():
    X, y = load_iris(return_X_y=True)
    forest = RandomForestClassifier(n_estimators=6, random_state=1).fit(X, y)
    staged = list(forest.staged_predict_proba(X))
    assert len(staged) == 6
    np.testing.assert_allclose(staged[0], forest.estimators_[0].predict_proba(X))
    np.testing.assert_allclose(staged[-1], forest.predict_proba(X))
    np.testing.assert_array_equal(list(forest.staged_predict(X))[2],
                                  forest.classes_[staged[2].argmax(axis=1)])
    Xr, yr = load_diabetes(return_X_y=True)
    regression = RandomForestRegressor(n_estimators=4, random_state=0).fit(Xr, yr)
    values = list(regression.staged_predict(Xr))
    np.testing.assert_allclose(values[0], regression.estimators_[0].predict(Xr))
    np.testing.assert_allclose(values[-1], regression.predict(Xr))


def test_nominal_text_and_missing_values():
    frame = pd.read_csv(SAMPLES / "watermelon3.0.csv").drop(columns="编号")
    X, y = frame.drop(columns="好瓜"), frame["好瓜"]
    X.loc[::5, "色泽"] = np.nan
    forest = RandomForestClassifier(n_estimators=25, max_features=2, algorithm="c45",
                                    random_state=0, oob_score=True)
    with warnings.catch_warnings(action="ignore"):
        forest.fit(X, y)
    assert list(forest.feature_names_in_) == list(X.columns)
    assert forest.score(X, y) > 0.8
    assert any(n.split is not None and n.split.kind.value == "nominal"
               for m in forest.estimators_ for n in m.tree_.nodes)
    assert forest.oob_decision_function_.shape == (len(y), 2)


def test_regressor_takes_text_columns_and_missing_values():
    """A forest of one tree on every row and every feature is that regression tree: the same
    groups of text values, and rows without a value blended over the branches alike."""
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"colour": rng.choice(["red", "green", "blue"], 200),
                          "size": np.where(rng.random(200) < 0.2, np.nan, rng.normal(size=200))})
    y = (frame["colour"] == "red") * 3.0 + frame["size"].fillna(0.0) + rng.normal(size=200)
    forest = RandomForestRegressor(n_estimators=1, bootstrap=False, max_depth=3).fit(frame, y)
    tree = DecisionTreeRegressor(max_depth=3).fit(frame, y)
    assert np.isnan(frame["size"]).any() and forest.estimators_[0].tree_.n_nodes > 3
    np.testing.assert_allclose(forest.predict(frame), tree.predict(frame), rtol=1e-12)


# ----------------------------------------------------------------------------- importances
def test_impurity_importances_rank_as_sklearns():
    X, y = load_wine(return_X_y=True)
    ours = RandomForestClassifier(n_estimators=200, random_state=0).fit(X, y)
    theirs = SklearnForest(n_estimators=200, random_state=0).fit(X, y)
    assert ours.feature_importances_.sum() == pytest.approx(1.0)
    assert spearmanr(ours.feature_importances_, theirs.feature_importances_).statistic > 0.85
    np.testing.assert_allclose(ours.feature_importances_, theirs.feature_importances_, atol=0.04)


def test_permutation_importance_agrees_with_sklearns():
    """Same fitted model, different permutations: the means agree to sampling noise, and the
    ranking of the informative features is the same."""
    X, y = load_breast_cancer(return_X_y=True)
    train, test = np.arange(len(y)) % 3 != 0, np.arange(len(y)) % 3 == 0
    model = RandomForestClassifier(n_estimators=50, random_state=0).fit(X[train], y[train])
    ours = permutation_importance(model, X[test], y[test], n_repeats=10, random_state=0)
    theirs = sklearn_permutation_importance(model, X[test], y[test], n_repeats=10,
                                            random_state=0)
    assert ours.importances.shape == (X.shape[1], 10)
    np.testing.assert_allclose(ours.importances_mean, theirs.importances_mean, atol=0.015)
    np.testing.assert_allclose(ours.importances_std, theirs.importances_std, atol=0.015)
    top = np.argsort(theirs.importances_mean)[-3:]
    assert set(np.argsort(ours.importances_mean)[-5:]) >= set(top[-1:])


def test_permutation_importance_of_a_frame_leaves_it_unchanged():
    X, y = load_wine(return_X_y=True, as_frame=True)
    before = X.copy()
    model = RandomForestClassifier(n_estimators=10, random_state=0).fit(X, y)
    result = permutation_importance(model, X, y, n_repeats=3, random_state=1)
    pd.testing.assert_frame_equal(X, before)
    assert result.importances_mean.shape == (X.shape[1],)
    assert result.importances_mean.max() > 0.01


@pytest.mark.filterwarnings("ignore:Some inputs do not have OOB scores")
@pytest.mark.parametrize("forest", [RandomForestClassifier, RandomForestRegressor])
def test_a_member_that_drew_every_row_leaves_the_out_of_bag_estimate_as_it_was(forest):
    """On a tiny table a bootstrap sample can hold every row: that member votes on no row."""
    X, y = np.array([[0.0], [1.0], [2.0]]), np.array([0.0, 1.0, 1.0])
    model = forest(n_estimators=20, random_state=0, oob_score=True).fit(X, y)
    left_out = [int((model.bootstrap_counts(t) == 0).sum()) for t in range(20)]
    drew_all = left_out.index(0)
    assert len(model.oob_error_curve_) == 20
    curve = model.oob_error_curve_
    assert curve[drew_all] == curve[drew_all - 1] or np.isnan(curve[drew_all - 1])
