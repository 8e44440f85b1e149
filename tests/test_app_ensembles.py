"""AppTest of the Forests & boosting page: each ensemble grows on a bundled sample and every
figure the page prints is the estimator's own (εₜ, αₜ, the feature draws, the residual step),
the round player moves, bad combinations get a message naming the column, and the page speaks
中文."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from tests.conftest import plotly_values
from ui import state
from ui.data.samples import SAMPLES
from ui.models import ensemble_state as ens
from ui.views.ensemble_figures import rounds_chart


#: The tab of what member t saw.
ROWS_TAB = "What tree t saw"


@pytest.fixture
def ensembles(make_app):
    def open_page(sample: str, kind: str, tab: str | None = None, **settings):
        """The page on ``sample`` with ensemble ``kind``, tab ``tab`` open (the first)."""
        at = make_app("pages/ensembles.py")
        if tab is not None:
            at.session_state[ens.TAB] = tab
        at.session_state[state.DATASET] = sample
        at.session_state[state.TARGET] = SAMPLES[sample].target
        at.session_state[state.KINDS] = {name: "ignored" for name in SAMPLES[sample].ignored}
        at.session_state[ens.KIND] = kind
        at.session_state[ens.MAX_DEPTH] = ens.KIND_DEPTH[kind]
        at.session_state[ens.ROUNDS] = 12
        for key, value in settings.items():
            at.session_state[key] = value
        at.run()
        assert not at.exception, at.exception
        return at
    return open_page


def _figures(at) -> list[dict]:
    return [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]


def _latex(at) -> str:
    return " ".join(element.value for element in at.latex)


def test_forest_rounds_move_and_the_curves_cover_every_tree(ensembles):
    at = ensembles("iris", "forest")
    assert any("the first 1 of 12 trees" in m.value for m in at.markdown)
    curves = _figures(at)[0]
    names = {trace["name"] for trace in curves["data"]}
    assert {"training", "validation", "out-of-bag"} <= names
    assert all(len(plotly_values(trace["y"])) == 12 for trace in curves["data"])
    at.button(key="ens.next").click().run()
    assert any("the first 2 of 12 trees" in m.value for m in at.markdown)
    at.button(key="ens.last").click().run()
    assert any("the first 12 of 12 trees" in m.value for m in at.markdown)
    assert at.button(key="ens.next").disabled


def test_every_node_splits_on_a_feature_it_drew(ensembles):
    at = ensembles("iris", "forest")
    table = next(df.value for df in at.dataframe if "features drawn" in df.value.columns)
    assert len(table) > 0
    titles = [f["layout"].get("title", {}).get("text", "") for f in _figures(at)]
    assert not any("Bootstrap" in title for title in titles)     # only the open tab runs
    for drawn, chosen in zip(table["features drawn"], table["splitting attribute"]):
        assert chosen in drawn.split(", ")
        assert len(drawn.split(", ")) >= 2     # √4 on iris; a constant one does not count


def test_bootstrap_chart_counts_every_training_row(ensembles):
    at = ensembles("iris", "forest", ROWS_TAB)
    bootstrap = next(f for f in _figures(at) if "Bootstrap" in f["layout"]["title"]["text"])
    drawn = bootstrap["data"][0]
    times, rows = plotly_values(drawn["x"]), plotly_values(drawn["y"])
    assert sum(rows) == 105                                   # 70 % of 150 rows train
    assert sum(k * n for k, n in zip(times, rows)) == 105    # n draws from n rows
    assert any("were never drawn" in c.value for c in at.caption)


def test_adaboost_prints_the_estimators_error_and_vote(ensembles):
    at = ensembles("watermelon3.0", "adaboost", ROWS_TAB)
    at.button(key="ens.next").click().run()
    latex = _latex(at)
    numbers = [float(x) for x in re.findall(r"= (\d+\.\d{4})", latex)]
    error, factor, alpha = numbers
    assert factor == pytest.approx(np.sqrt((1 - error) / error), abs=2e-4)   # two classes
    assert alpha == pytest.approx(np.log(factor), abs=2e-4)
    weights = next(f for f in _figures(at) if "Sample weights" in f["layout"]["title"]["text"])
    total = sum(sum(plotly_values(trace["y"])) for trace in weights["data"])
    assert total == pytest.approx(1.0)                        # uᵗ sums to 1, every row drawn


def test_gbdt_steps_are_one_for_least_squares_trees(ensembles):
    """A tree fitted to the residuals by least squares predicts each leaf's mean residual, so
    the regression of the residuals on its output through 0 has slope Σ r g / Σ g² = 1."""
    at = ensembles("diabetes", "gbdt", ROWS_TAB)
    assert "= 1.0000" in _latex(at)
    residuals = next(f for f in _figures(at) if "residuals" in f["layout"]["title"]["text"])
    assert len(plotly_values(residuals["data"][0]["x"])) == 442 - round(0.3 * 442)  # training
    names = {trace["name"] for trace in _figures(at)[0]["data"]}
    assert names == {"training", "validation"}                # no out-of-bag for boosting


def test_regression_data_is_not_offered_adaboost(ensembles):
    at = ensembles("diabetes", "forest")
    assert at.radio(key="w_" + ens.KIND).options == ["Random forest", "Gradient boosting (GBDT)"]
    assert any("RMSE (root mean squared error)" in m.value for m in at.markdown)


def test_the_forests_k_defaults_to_the_tasks_and_stays_as_picked(ensembles):
    """Breiman's k: √d to classify, ⌊d/3⌋ for a number (ESL §15.3); a choice is kept."""
    draws = "w_" + ens.MAX_FEATURES
    assert ensembles("iris", "forest").radio(key=draws).value == "sqrt"
    at = ensembles("diabetes", "forest")
    assert at.radio(key=draws).value == "third"
    assert "d/3 (regression default)" in at.radio(key=draws).options
    table = next(df.value for df in at.dataframe if "features drawn" in df.value.columns)
    assert min(len(drawn.split(", ")) for drawn in table["features drawn"]) >= 10 // 3
    at.radio(key=draws).set_value("all").run()
    assert at.session_state[ens.MAX_FEATURES] == "all"
    assert at.radio(key=draws).value == "all"
    assert not any("features drawn" in df.value.columns for df in at.dataframe)   # bagging


def test_gbdt_grows_on_nominal_features(ensembles):
    """Watermelon 3.0's six text columns: the residual trees split on groups of their values,
    and the round's residual chart has a point per training row."""
    at = ensembles("watermelon3.0", "gbdt", ROWS_TAB)
    assert not at.error, [e.value for e in at.error]
    residuals = next(f for f in _figures(at) if "residuals" in f["layout"]["title"]["text"])
    assert len(plotly_values(residuals["data"][0]["x"])) == 17 - round(0.3 * 17)


def test_importance_tab_adds_the_permutation_test_on_request(ensembles):
    at = ensembles("iris", "forest", "Feature importance")

    def chart():
        return next(f for f in _figures(at) if "permutation" in f["layout"]["title"]["text"])
    assert [len(plotly_values(trace["y"])) for trace in chart()["data"]] == [4]
    assert sum(plotly_values(chart()["data"][0]["x"])) == pytest.approx(1.0)  # impurity, normalised
    at.toggle(key="w_" + ens.PERMUTE).set_value(True).run()
    assert not at.exception
    impurity, permutation = chart()["data"]
    assert len(plotly_values(permutation["x"])) == 4
    best = np.argmax(plotly_values(permutation["x"]))                # a petal measure carries iris
    assert plotly_values(permutation["y"])[best].startswith("petal")


def test_page_speaks_chinese(ensembles):
    at = ensembles("iris", "adaboost", **{state.LANGUAGE: "zh"})
    assert at.title[0].value.endswith("随机森林与提升")
    assert any("棵树中的前 1 棵" in m.value for m in at.markdown)


def test_an_ensemble_past_the_deadline_keeps_its_rounds_and_can_grow_again(ensembles,
                                                                           monkeypatch):
    from ui import limits
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    at = ensembles("iris", "gbdt")
    assert at.warning and "with 1 of 12 trees" in at.warning[0].value
    assert any("the first 1 of 1 tree (" in m.value for m in at.markdown)
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 60.0)
    at.button(key="ens.retry").click().run()
    assert not at.warning
    assert any("the first 1 of 12 trees" in m.value for m in at.markdown)


def test_the_bootstrap_table_names_each_training_row_and_its_draws(ensembles):
    at = ensembles("iris", "forest", ROWS_TAB)
    table = next(df.value for df in at.dataframe if "times drawn" in df.value.columns)
    assert len(table) == 105 and table["times drawn"].sum() == 105
    assert table["row"].is_unique and table["row"].between(1, 150).all()


def test_gradient_boosting_on_classes_draws_the_log_loss(ensembles):
    at = ensembles("iris", "gbdt")
    curves = _figures(at)[0]
    assert curves["layout"]["title"]["text"].startswith("Log-loss")
    train = plotly_values(next(tr for tr in curves["data"] if tr["name"] == "training")["y"])
    assert train[0] > train[-1] > 0                          # each round lowers the loss
    assert any("log-loss" in m.value for m in at.markdown)


def test_the_log_loss_curve_is_the_loss_gradient_boosting_reports():
    import pandas as pd

    from treecore import Dataset
    from ui.models import ensemble_fit
    frame = pd.read_csv(SAMPLES["iris"].path)
    data = Dataset.from_frame(frame, "species")
    grown = ensemble_fit.fit("gbdt", {"n_estimators": 8, "max_depth": 2, "learning_rate": 0.3,
                                      "min_samples_leaf": 1, "random_state": 0}, data, None)
    np.testing.assert_allclose(grown.curves["train"], grown.model.train_score_, rtol=1e-9)


def test_one_trees_log_loss_reads_each_rows_own_class():
    """The single tree's probability columns follow the data set's class order, which need not
    be sorted: iris read bottom up meets virginica first."""
    import pandas as pd
    from sklearn.metrics import log_loss

    from treecore import Dataset
    from ui.models import ensemble_fit
    frame = pd.read_csv(SAMPLES["iris"].path).iloc[::-1]
    data = Dataset.from_frame(frame, "species")
    assert data.classes[0] == "virginica"
    params = {"n_estimators": 2, "max_depth": 1, "learning_rate": 0.1, "min_samples_leaf": 1,
              "random_state": 0}
    grown = ensemble_fit.fit("gbdt", params, data, None)
    tree = ensemble_fit.single_tree(data, params)
    expected = log_loss(data.y, np.clip(tree.predict_proba(data.X), 1e-15, 1),
                        labels=range(3))
    assert grown.single["train"] == pytest.approx(expected)


def test_the_single_trees_lines_are_labelled_above_them_off_the_axis():
    """A training error of 0 is drawn on the x axis: its label goes above the line, where the
    axis's tick labels are not."""
    words = {"title": "t", "rounds": "rounds", "error": "error", "train": "training",
             "single_train": "one tree, training", "single_validation": "one tree, validation"}
    fig = rounds_chart({"train": np.array([0.2, 0.1])}, 1, words,
                       single={"train": 0.0, "validation": 0.15})
    labels = {a.text: a for a in fig.layout.annotations}
    assert set(labels) == {"one tree, training", "one tree, validation"}
    assert all(a.yanchor == "bottom" for a in labels.values())
    assert labels["one tree, training"].xanchor != labels["one tree, validation"].xanchor
