"""AppTest of regression trees in the app: the Data page offers a regression tree for a numeric
target, and the Grow page grows CART's least-squares tree step by step with its squared
errors (Li Hang's exercise 5.2 on the bundled sample)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tests.conftest import open_tab
from treecore import Dataset, grow
from ui import state
from ui.models import growth

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _dot(at, index: int = 0) -> str:
    return at.get("graphviz_chart")[index].proto.spec


def _candidates(at):
    return next(df.value for df in at.dataframe if "sse_after" in df.value.columns)


@pytest.fixture
def lihang(make_app):
    def open_page(page: str):
        at = make_app(page)
        at.session_state[state.DATASET] = "lihang_regression"
        at.session_state[state.TARGET] = "y"
        open_tab(at, "tab.threshold").run()     # on the Grow page: every cut, written out
        assert not at.exception, at.exception
        return at
    return open_page


def test_data_page_offers_a_regression_tree(lihang):
    at = lihang("pages/data.py")
    assert at.radio(key="w_task").value == "regression"
    assert any("regression tree" in info.value for info in at.info)
    assert any("a number to predict" in s.value for s in at.success)
    at.radio(key="w_task").set_value("classification").run()
    assert not at.exception
    assert at.session_state[state.TASK] == "classification"


def test_grow_page_shows_the_least_squares_cut(lihang):
    at = lihang("pages/grow.py")
    assert not at.error, [e.value for e in at.error]
    table = _candidates(at)
    row = table[table["feature"] == "x"].iloc[0]
    assert row["sse_after"] == pytest.approx(3.36, abs=0.005)       # Li Hang 习题 5.2: m(5.5)
    assert round(row["left_mean"], 2) == 5.06 and round(row["right_mean"], 2) == 8.18
    assert row["status"].startswith("✅")
    assert at.selectbox(key="w_algorithm").options == ["CART"]
    at.button(key="grow.next").click().run()
    assert not at.exception, at.exception
    dot = _dot(at)
    assert "x ≤ 5.5" in dot and "mean = 5.06" in dot and "mean = 8.176" in dot
    charts = [chart for chart in at.get("plotly_chart")]
    assert len(charts) >= 2


def test_diabetes_grows_whole(make_app):
    at = make_app("pages/grow.py")
    at.session_state[state.DATASET] = "diabetes"
    at.session_state[state.TARGET] = "progression"
    at.session_state[growth.MAX_DEPTH] = 3
    at.run()
    assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
    at.button(key="grow.last").click().run()
    assert not at.exception
    assert _dot(at).count("->") == 14


def test_concepts_page_splits_the_squared_error_of_a_cut(lihang):
    """Li Hang's exercise 5.2 at the root: SSE 27.63 = 3.36 left inside the two regions (m(s)
    at s = 5.5) + 24.27 between them = 5·5/10·(5.06 − 8.18)² (to rounding of the means)."""
    at = lihang("pages/concepts.py")
    assert not at.error
    figures = {m.label: float(m.value) for m in at.metric}
    assert round(figures["SSE of the node"], 2) == 27.63
    assert round(figures["left inside the children"], 2) == 3.36
    assert round(figures["between the children (the decrease)"], 2) == 24.27
    assert at.success and "exactly" in at.success[0].value
    assert "between = W₁W₂/W · (c₁ − c₂)² = 5·5/10" in at.code[0].value
    last = len(at.selectbox[0].options) - 1                   # the last node in pre-order: a leaf
    at.selectbox[0].set_value(last).run()
    assert not at.exception
    assert any("is a leaf" in info.value for info in at.info)


def test_predict_page_predicts_numbers_and_offers_every_download(make_app):
    at = make_app("pages/predict.py")
    at.session_state[state.DATASET] = "lihang_regression"
    at.session_state[state.TARGET] = "y"
    at.session_state[growth.MAX_DEPTH] = 1
    at.run()
    assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
    table = next(df.value for df in at.dataframe if "y (predicted)" in df.value.columns)
    assert [round(v, 3) for v in table["y (predicted)"]] == [5.06] * 5 + [8.176] * 5
    names = {button.label for button in at.get("download_button")}
    assert {"rules.txt", "tree_predict.py", "tree_case.sql", "tree.json"} <= names
    words = " ".join([h.value for h in at.subheader] + [c.value for c in at.caption])
    assert "Rows to predict" in words and "with the predicted y" in words
    assert "the value its node predicts" in words and "class" not in words.lower()


def test_every_cut_of_the_small_sample_is_written_out(lihang):
    """Li Hang 习题 5.2 on the Grow page: m(s) of every cut, as the test docstring works it."""
    at = lihang("pages/grow.py")
    cuts = next(df.value for df in at.dataframe if "sse_cut" in df.value.columns)
    assert list(cuts["cut"]) == [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
    assert [round(v, 2) for v in cuts["sse_cut"]] == [22.65, 17.70, 12.19, 7.38, 3.36, 5.07,
                                                      10.05, 15.18, 21.33]


def _lens_table(at):
    return next(df.value for df in at.dataframe if "removed_other" in df.value.columns)


def test_the_lens_compares_the_squared_and_the_absolute_error_on_li_hangs_exercise(make_app):
    """Li Hang's exercise 5.2 at the root (x = 1…10; y = 4.50 4.75 4.91 5.34 5.80 | 7.05 7.90
    8.23 8.70 9.00, rising with x). Squared error: SSE(D) = 27.63, the best cut s = 5.5 leaves
    3.36 with means 5.06 and 8.18. Absolute error: the median of D is (5.80 + 7.05)/2 = 6.425
    and AE(D) = 6.825 + 8.755 = 15.58; at s = 5.5 the medians are 4.91 and 8.23 and
    AE = (0.41 + 0.16 + 0 + 0.43 + 0.89) + (1.18 + 0.33 + 0 + 0.47 + 0.77) = 1.89 + 2.75 = 4.64,
    the least of the nine cuts (the next, s = 4.5: 6.18). Both criteria cut at 5.5 here."""
    at = make_app("pages/grow.py")
    at.session_state[state.DATASET] = "lihang_regression"
    at.session_state[state.TARGET] = "y"
    open_tab(at, "tab.lens").run()
    assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
    table = _lens_table(at).set_index("criterion")
    squared, absolute = table.loc["Squared error"], table.loc["Absolute error"]
    assert squared["cut"] == absolute["cut"] == 5.5
    assert round(squared["left"], 2) == 5.06 and round(squared["right"], 2) == 8.18
    assert squared["removed"] == pytest.approx(1 - 3.36 / 27.63, abs=5e-4)
    assert (absolute["left"], absolute["right"]) == (4.91, 8.23)
    assert absolute["removed"] == pytest.approx(1 - 4.64 / 15.58, abs=1e-9)
    assert squared["removed_other"] == pytest.approx(absolute["removed"], abs=1e-12)
    assert len(at.get("plotly_chart")) == 2


@pytest.fixture
def diabetes_by_absolute_error(make_app):
    def open_page(page: str, tab: str | None = None):
        at = make_app(page)
        at.session_state[state.DATASET] = "diabetes"
        at.session_state[state.TARGET] = "progression"
        at.session_state[state.CRITERION] = "absolute_error"
        at.session_state[growth.MAX_DEPTH] = 2
        if tab is not None:
            open_tab(at, tab)
        at.run()
        assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
        return at
    return open_page


def test_the_grow_page_grows_by_the_absolute_error(diabetes_by_absolute_error):
    """The absolute-error tree of depth 2 on the diabetes rows (all of them train on the Grow
    page): medians and MAE in the drawing, the candidate table's loss is AE and its region values
    the children's medians; the what-if explains that it needs the squared error."""
    at = diabetes_by_absolute_error("pages/grow.py", "tab.inspector")
    criteria = at.selectbox(key="w_criterion")
    assert "Absolute error" in criteria.options
    dot = _dot(at)                                      # step 1: the root's split
    assert "median = " in dot and "MAE = " in dot and "mean = " not in dot
    table = _candidates(at)
    chosen = table[table["status"].str.startswith("✅")].iloc[0]
    data = Dataset.from_frame(pd.read_csv(SAMPLES / "diabetes.csv"), "progression",
                              task="regression")
    reference = grow(data, task="regression", criterion="absolute_error", max_depth=2)
    root = reference.root
    left, right = (reference.node(c) for c in root.children)
    assert (chosen["feature"], chosen["left_mean"], chosen["right_mean"]) == \
        (root.split.feature, left.value, right.value)
    assert chosen["sse_before"] == pytest.approx(root.weighted_n_samples * root.impurity)
    assert chosen["sse_after"] == pytest.approx(
        left.weighted_n_samples * left.impurity + right.weighted_n_samples * right.impurity)
    assert any("median" in m.value and "MAE" in m.value for m in at.markdown)
    open_tab(at, "tab.whatif").run()
    assert any("squared error only" in i.value for i in at.info)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_absolute_error_groups_the_vendors_by_median(make_app, language):
    """The CPU table's 30 vendors by the absolute error: the candidate table offers a group
    of vendors, and the threshold tab orders the vendors by their median performance, each
    cut priced by AE(R₁) + AE(R₂), its least the chosen group's loss."""
    from treecore.measures import absolute_error
    from ui.models.growth import FEATURE

    at = make_app("pages/grow.py")
    at.session_state[state.DATASET] = "cpu_vendor"
    at.session_state[state.TARGET] = "PRP"
    at.session_state[state.CRITERION] = "absolute_error"
    at.session_state[state.LANGUAGE] = language
    at.session_state[FEATURE] = "vendor"
    open_tab(at, "tab.threshold", language)
    at.run()
    assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
    frame = pd.read_csv(SAMPLES / "cpu_vendor.csv")
    medians = frame.groupby("vendor")["PRP"].apply(
        lambda y: absolute_error.weighted_median(y.to_numpy(float), np.ones(len(y))))
    cuts = next(df.value for df in at.dataframe if "first_group" in df.value.columns)
    first = cuts["first_group"].iloc[0].split(", ")
    assert len(first) == 1 and medians[first[0]] == medians.min()
    assert len(cuts) == frame["vendor"].nunique() - 1
    title = "median" if language == "en" else "中位数"
    assert any(title in c.value for c in at.caption)


def test_other_pages_with_an_absolute_error_tree(diabetes_by_absolute_error):
    """The Pruning lab pre-prunes by the limits only (validation-set pre-pruning grows by the
    squared error), and so does Compare for a configuration grown by it; the Concepts page
    explains the squared error with a tree grown by it; the Predict page offers its exports
    (which name each leaf's median and MAE, test_export.py)."""
    at = diabetes_by_absolute_error("pages/prune.py")
    assert at.radio(key="w_lab_preprune").options == ["by the Grow page's limits"]
    at = diabetes_by_absolute_error("pages/concepts.py")
    assert any("grows by the squared error" in i.value for i in at.info)
    at = diabetes_by_absolute_error("pages/predict.py")
    assert "rules.txt" in {button.label for button in at.get("download_button")}
    at = diabetes_by_absolute_error("pages/compare.py")
    by_absolute = at.selectbox(key="w_compare_0_criterion").set_value("absolute_error").run()
    assert not by_absolute.exception and not by_absolute.error
    offered = by_absolute.selectbox(key="w_compare_0_pruning").options
    assert "CCP" in " ".join(offered) and not any("pre-pruned" in o for o in offered), offered


@pytest.mark.parametrize("page", ["pages/grow.py", "pages/prune.py", "pages/compare.py",
                                  "pages/predict.py", "pages/concepts.py",
                                  "pages/ensembles.py"])
def test_every_page_takes_the_vendors_by_the_absolute_error(make_app, page):
    """The CPU table (a text column of 30 vendors) grown by the absolute error: every page runs
    without a message standing in the way."""
    at = make_app(page)
    at.session_state[state.DATASET] = "cpu_vendor"
    at.session_state[state.TARGET] = "PRP"
    at.session_state[state.CRITERION] = "absolute_error"
    at.run()
    assert not at.exception and not at.error, (at.exception, [e.value for e in at.error])
