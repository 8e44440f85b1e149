"""``fit(..., on_round=hook)`` of every ensemble: the hook hears of each round as it is grown,
and returning False stops the fit there with a model of the rounds grown, the same model a fit
of that many rounds gives (what the app's progress bar and deadline rely on)."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_diabetes

from treecore.ensemble import (AdaBoostClassifier, GradientBoostingClassifier,
                               GradientBoostingRegressor, RandomForestClassifier,
                               RandomForestRegressor)

CLASSES = load_breast_cancer(return_X_y=True)
NUMBERS = load_diabetes(return_X_y=True)


@pytest.mark.parametrize("make, data", [
    (lambda n: RandomForestClassifier(n_estimators=n, random_state=0, oob_score=True), CLASSES),
    (lambda n: RandomForestRegressor(n_estimators=n, random_state=0, max_features=0.5), NUMBERS),
    (lambda n: AdaBoostClassifier(n_estimators=n), CLASSES),
    (lambda n: GradientBoostingClassifier(n_estimators=n, max_depth=2), CLASSES),
    (lambda n: GradientBoostingRegressor(n_estimators=n, max_depth=2), NUMBERS),
], ids=["forest", "forest-regressor", "adaboost", "gbdt", "gbdt-regressor"])
def test_a_hook_that_says_stop_leaves_the_rounds_grown(make, data):
    X, y = data
    heard = []

    def hook(done, total):
        heard.append((done, total))
        return done < 3

    stopped = make(10).fit(X, y, on_round=hook)
    assert heard == [(1, 10), (2, 10), (3, 10)]
    assert len(stopped.estimators_) == 3
    whole = make(3).fit(X, y)
    np.testing.assert_allclose(stopped.predict(X), whole.predict(X))
    if hasattr(whole, "train_score_"):
        np.testing.assert_allclose(stopped.train_score_, whole.train_score_)
    if hasattr(whole, "oob_error_curve_"):
        np.testing.assert_allclose(stopped.oob_error_curve_, whole.oob_error_curve_)


def test_a_hook_that_returns_nothing_lets_every_round_grow():
    X, y = CLASSES
    heard = []
    model = AdaBoostClassifier(n_estimators=4).fit(X, y, on_round=lambda d, t: heard.append(d))
    assert heard == [1, 2, 3, 4] and len(model.estimators_) == 4
