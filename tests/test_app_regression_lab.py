"""AppTest of the Pruning lab and the Compare page on a regression data set (diabetes, and Li
Hang's exercise 5.2 sample), in English and 中文: the methods that prune a regression tree,
RMSE and R² wherever a classification tree shows accuracy, the CCP path's RMSE with CCP's
chosen α marked, REP's replay in squared error, and bad input worded, never a traceback."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import treecore
from treecore.pruning import ccp_path
from ui import state
from ui.models import compare, growth, pruning_lab as lab, split

from tests.conftest import SAMPLES, plotly_values, seed_upload, shown


def _run(make_app, page: str, sample: str, target: str, lang: str = "en", **seeded):
    """``page`` run on a sample with ``seeded`` session values; no traceback."""
    at = make_app(page)
    at.session_state[state.DATASET] = sample
    at.session_state[state.TARGET] = target
    at.session_state[state.LANGUAGE] = lang
    for key, value in seeded.items():
        at.session_state[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def _open(make_app, page: str, sample: str, target: str, lang: str = "en", **seeded):
    """:func:`_run`, and no error box either."""
    at = _run(make_app, page, sample, target, lang, **seeded)
    assert not at.error, [e.value for e in at.error]
    return at


def _table(at, column: str) -> pd.DataFrame:
    return next(df.value for df in at.dataframe if column in df.value.columns)


def _plotly(at, key: str) -> dict:
    """The figure of the plotly chart with widget key ``key``."""
    return next(json.loads(chart.proto.spec) for chart in at.get("plotly_chart")
                if chart.proto.id.endswith("-" + key))


def _diabetes_split():
    data = treecore.Dataset.from_frame(pd.read_csv(SAMPLES / "diabetes.csv"), "progression",
                                       task="regression")
    chosen = split.make_split(data, "random", ratio=0.3, seed=0)
    return chosen.train, chosen.validation


def test_the_lab_prunes_diabetes_by_rep_and_ccp(make_app):
    at = _open(make_app, "pages/prune.py", "diabetes", "progression")
    assert at.selectbox(key="w_" + lab.METHOD).options == ["REP", "CCP"]
    assert at.radio(key="w_" + lab.PREPRUNE).options == ["by validation squared error",
                                                         "by the Grow page's limits"]
    assert "w_" + state.SPLIT_STRATIFIED not in [c.key for c in at.checkbox]
    table = _table(at, "validation_rmse")
    assert list(table["tree"])[:3] == ["Unpruned", "Pre-pruned", "REP"]
    assert table["tree"].iloc[3].startswith("CCP (α = ")
    assert {"train_rmse", "train_r2", "validation_r2", "leaves", "depth"} <= set(table.columns)
    assert "validation_accuracy" not in table.columns
    train, validation = _diabetes_split()
    unpruned = treecore.grow(train, algorithm="cart")
    rmse = treecore.measures.evaluate.rmse(validation.y, unpruned.predict(validation.X))
    assert table["validation_rmse"].iloc[0] == f"{rmse:.4g}"
    assert table["train_rmse"].iloc[0] == "0"                 # a full tree fits every row
    rep_rmse = float(table["validation_rmse"].iloc[2])
    assert rep_rmse <= rmse and table["leaves"].iloc[2] < table["leaves"].iloc[0]
    captions = shown(at.caption)
    assert "RMSE training 0, validation" in captions and "R² training 1.000" in captions
    assert "post-pruned by REP / CCP; PEP / EBP (C4.5) count a classification tree's errors" \
        in captions
    prepruned = table["leaves"].iloc[1]
    assert prepruned < table["leaves"].iloc[0]            # by the validation squared error
    at.radio(key="w_" + lab.PREPRUNE).set_value("limits").run()
    assert "No growth limit is set" in shown(at.caption)


def test_the_ccp_chart_plots_rmse_along_the_path_and_marks_the_chosen_alpha(make_app):
    at = _open(make_app, "pages/prune.py", "diabetes", "progression")
    figure = _plotly(at, "lab.ccp_chart")
    train, validation = _diabetes_split()
    path = ccp_path(treecore.grow(train, algorithm="cart"))
    train_line, validation_line = figure["data"][0], figure["data"][1]
    assert plotly_values(train_line["x"]) == [int(n) for n in path.n_leaves]
    expected = [treecore.measures.evaluate.rmse(validation.y, tree.predict(validation.X))
                for tree in path.trees[::40]]
    assert plotly_values(validation_line["y"])[::40] == pytest.approx(expected, rel=1e-9)
    assert figure["layout"]["title"]["text"].startswith("RMSE along")
    chosen = figure["data"][-1]
    assert chosen["name"].startswith("chosen α = ") and chosen["line"]["dash"] == "dash"
    table = _table(at, "validation_rmse")
    assert plotly_values(chosen["x"])[0] == table["leaves"].iloc[3]      # CCP's subtree
    bars = _plotly(at, "lab.bars")
    assert bars["layout"]["title"]["text"].startswith("Validation RMSE")


#: Each criterion's words in the REP replay: the rule's label, the figures, the loss, the leaf.
REP_WORDS = {
    "squared_error": ("Prune when the validation squared error", "SSE", "RMSE", "squared error",
                      "training mean", "mean squared error"),
    "absolute_error": ("Prune when the validation absolute error", "AE", "MAE",
                       "absolute error", "training median", "mean absolute error about the median"),
}


@pytest.mark.parametrize("criterion", sorted(REP_WORDS))
def test_the_replay_of_rep_speaks_of_the_tree_s_own_loss(make_app, criterion):
    """A least-squares tree is pruned by the validation squared error, a least-absolute-
    deviation tree by the absolute error: the rule, the figures, the reasons and the CCP
    chart's caption say which."""
    rule, loss, mean_loss, words, leaf, impurity = REP_WORDS[criterion]
    at = _open(make_app, "pages/prune.py", "lihang_regression", "y",
               **{growth.VALIDATION_TEXT: "2, 5, 9", state.SPLIT_MODE: "rows",
                  state.CRITERION: criterion, lab.option_key("rule"): "no_worse"})
    assert at.radio(key="w_" + lab.option_key("rule")).label == rule
    figures = _table(at, "Figure")
    assert list(figures["Figure"]) == [
        "validation rows reaching the node", f"validation {loss} of the subtree",
        f"validation {loss} as a leaf ({leaf})", f"validation {mean_loss} before",
        f"validation {mean_loss} if pruned"]
    assert f"validation {mean_loss}" in at.info[-1].value and words in at.info[-1].value
    assert any(impurity in caption.value for caption in at.caption)
    at.button(key="lab.last").click().run()
    assert not at.exception
    assert leaf in shown(at.info) or "would increase it" in shown(at.info)


def test_cross_validation_picks_alpha_by_the_one_se_rule(make_app):
    at = _open(make_app, "pages/prune.py", "diabetes", "progression",
               **{lab.METHOD: "ccp", lab.option_key("ccp_select"): "cv"})
    table = _table(at, "validation_rmse")
    ccp_row = table[table["tree"].str.startswith("CCP")].iloc[0]
    train, _ = _diabetes_split()
    chosen = treecore.pruning.select_ccp_alpha(train, cv=5)
    assert ccp_row["tree"] == f"CCP (α = {chosen.alpha:.4g})"
    assert ccp_row["leaves"] == chosen.tree.n_leaves


def test_a_method_chosen_for_classes_falls_back_on_a_regression_tree(make_app):
    at = _open(make_app, "pages/prune.py", "lihang_regression", "y",
               **{lab.METHOD: "ebp", lab.PREPRUNE: "validation"})
    assert at.selectbox(key="w_" + lab.METHOD).value == "rep"
    assert at.radio(key="w_" + lab.PREPRUNE).value == "validation"     # both kinds have it


def test_the_lab_in_chinese(make_app):
    at = _open(make_app, "pages/prune.py", "diabetes", "progression", "zh",
               **{growth.MAX_DEPTH: 4})
    assert at.selectbox(key="w_" + lab.METHOD).options == ["错误率降低剪枝", "代价复杂度剪枝"]
    assert at.radio(key="w_" + lab.option_key("rule")).options == ["减小（周志华）", "不增大（Quinlan）"]
    captions = shown(at.caption)
    assert "均方根误差 RMSE：训练集" in captions and "R²：训练集" in captions
    assert "回归树" in captions and "未设置任何生长限制" not in captions
    figure = _plotly(at, "lab.ccp_chart")
    assert figure["layout"]["title"]["text"].startswith("代价复杂度剪枝路径上的 RMSE")
    assert "平方误差" in at.info[-1].value


@pytest.mark.parametrize("lang, heading", [("en", "Predicted against actual"),
                                           ("zh", "预测值与真实值")])
def test_compare_on_diabetes(make_app, lang, heading):
    at = _open(make_app, "pages/compare.py", "diabetes", "progression", lang,
               **{compare.COUNT: 3})
    table = _table(at, "validation_rmse")
    assert len(table) == 3 and {"validation_r2", "leaves", "depth", "fit_ms"} <= set(table)
    assert table["leaves"].iloc[0] > table["leaves"].iloc[1]          # CCP prunes
    assert at.selectbox(key="w_compare_0_pruning").options == (
        ["unpruned", "pre-pruned (validation)", "REP", "CCP"] if lang == "en"
        else ["不剪枝", "预剪枝（验证集）", "错误率降低剪枝", "代价复杂度剪枝"])
    at.selectbox(key="w_compare_0_pruning").set_value("prepruned").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert _table(at, "validation_rmse")["leaves"].iloc[0] < table["leaves"].iloc[0]
    ranking = _table(at, "sse_decrease")
    assert ranking["feature"].iloc[0] == "s5" and ranking["rank"].iloc[0] == 1
    assert heading in [h.value.split(" ", 1)[1] for h in at.subheader]
    scatter = _plotly(at, "compare.predicted")
    assert [trace["name"] for trace in scatter["data"]][:3] == ["#1", "#2", "#3"]
    assert not [c for c in at.get("plotly_chart") if c.proto.id.endswith("-compare.agreement")]


def test_compare_on_the_small_sample_needs_validation_for_rep(make_app):
    at = _run(make_app, "pages/compare.py", "lihang_regression", "y",
              **{state.SPLIT_MODE: "rows", growth.VALIDATION_TEXT: ""})
    at.selectbox(key="w_compare_1_pruning").set_value("rep").run()
    assert not at.exception
    assert any("needs validation rows" in e.value for e in at.error)
    assert any("needs validation rows" in i.value for i in at.info)


# ------------------------------------------------------------------------------ bad input
def _upload(make_app, page: str, text: str, **seeded):
    at = seed_upload(make_app(page), "numbers.csv", text.encode())
    at.session_state[state.TARGET] = "y"
    at.session_state[state.TASK] = "regression"
    at.session_state[state.KINDS] = {}
    for key, value in seeded.items():
        at.session_state[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("page", ["pages/prune.py", "pages/compare.py"])
def test_a_constant_target_is_one_leaf_not_a_traceback(make_app, page):
    at = _upload(make_app, page, "x,y\n" + "".join(f"{i}.5,7.25\n" for i in range(12)))
    assert not at.error, [e.value for e in at.error]
    table = _table(at, "validation_rmse")
    assert set(table["leaves"].dropna()) == {1}
    assert set(table["validation_rmse"]) == {"0"}


@pytest.mark.parametrize("page", ["pages/prune.py", "pages/compare.py"])
def test_too_few_rows_for_validation_say_so(make_app, page):
    at = _upload(make_app, page, "x,y\n1.5,2.25\n", **{state.SPLIT_RATIO: 0.3})
    assert any("too few rows to hold any out" in e.value for e in at.error)


def test_cross_validation_with_more_folds_than_rows_says_so(make_app):
    at = _upload(make_app, "pages/prune.py",
                 "x,y\n" + "".join(f"{i},{i * 1.5 % 4}\n" for i in range(6)),
                 **{lab.METHOD: "ccp", lab.option_key("ccp_select"): "cv",
                    lab.option_key("folds"): 10, state.SPLIT_MODE: "rows",
                    growth.VALIDATION_TEXT: ""})
    assert any("k must be between 2 and the number of rows" in i.value for i in at.info)
    assert shown(at.error) == "Validation rows not used: none of these row numbers is in the data"


def test_a_validation_upload_with_words_for_numbers_is_refused_in_words():
    data = treecore.Dataset.from_frame(pd.DataFrame({"x": [1.0, 2, 3], "y": [1.5, 2, 3]}), "y",
                                       task="regression")
    refused = split.upload_split(data, "v.csv", b"x,y\n1,abc\n")
    assert refused.validation is None and "'abc' is not a number" in str(refused.error)
    taken = split.upload_split(data, "v.csv", b"x,y\n1,2.5\n4,3\n")
    assert np.allclose(taken.validation.y, [2.5, 3.0])


def test_predict_page_predicts_with_the_lab_s_pruned_regression_tree(make_app):
    from ui.models import predict_export as pe

    at = _open(make_app, "pages/predict.py", "lihang_regression", "y",
               **{pe.SOURCE: "lab", lab.METHOD: "pep", state.SPLIT_MODE: "rows",
                  growth.VALIDATION_TEXT: "2, 5, 9"})
    assert "REP" in shown(at.caption)                   # PEP falls back to what prunes it
    table = next(df.value for df in at.dataframe if "y (predicted)" in df.value.columns)
    assert table["y (predicted)"].notna().all()


def test_the_replay_of_rep_on_an_absolute_error_tree_in_chinese(make_app):
    at = _open(make_app, "pages/prune.py", "lihang_regression", "y", lang="zh",
               **{growth.VALIDATION_TEXT: "2, 5, 9", state.SPLIT_MODE: "rows",
                  state.CRITERION: "absolute_error"})
    assert at.radio(key="w_" + lab.option_key("rule")).label == "剪枝条件：验证集绝对误差"
    assert "绝对误差" in at.info[-1].value
