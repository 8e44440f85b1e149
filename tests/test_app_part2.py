"""AppTest of the Pruning lab, Compare and Predict & export pages: Zhou's Table 4.2 figures, the
CCP chart against ``ccp_path``, the replay, JSON round trips, downloads and the bad cases."""

from __future__ import annotations

import json
import re

import numpy as np

import pandas as pd
import pytest

import treecore
from tests.conftest import plotly_values, shown
from treecore.io import to_json
from treecore.pruning import PRUNERS, ccp_path
from ui import state
from ui.data.samples import SAMPLES
from ui.models import compare, growth, predict_export as pe, pruning_lab as lab

ZHOU_VALIDATION = {4, 5, 8, 9, 11, 12, 13}


#: A column that tells each of our tables apart (AppTest gives no keys back).
MARKERS = {"lab.table": "validation_accuracy", "lab.figures": "Figure",
           "compare.metrics": "fit_ms", "compare.ranking": "agree",
           "predict.table": "P(是)", "predict.path": "outcome"}


def _table(at, key: str) -> pd.DataFrame:
    """The data frame shown under ``key`` (found by its marker column)."""
    found = [df.value for df in at.dataframe if MARKERS[key] in df.value.columns]
    assert found, f"no table {key}"
    return found[0]


def _plotly(at, trace_type: str) -> dict:
    """The first plotly figure whose first trace has ``trace_type``."""
    for chart in at.get("plotly_chart"):
        figure = json.loads(chart.proto.spec)
        if figure["data"] and figure["data"][0].get("type") == trace_type:
            return figure
    raise AssertionError(f"no {trace_type} chart")


def _highlighted(dot: str) -> str:
    """The node outlined in a DOT text."""
    return re.search(r"(n\d+) \[[^\n]*penwidth=3", dot).group(1)


def _dots(at) -> list[str]:
    return [chart.proto.spec for chart in at.get("graphviz_chart")]


@pytest.fixture
def zhou_lab(make_app):
    """The Pruning lab with Zhou's Table 4.2 preset applied."""
    at = make_app("pages/prune.py").run()
    at.button(key="lab.zhou").click().run()
    assert not at.exception and not at.error, (at.exception, at.error)
    return at


def test_the_router_opens_the_three_pages(make_app):
    at = make_app().run()
    for page in ("pages/prune.py", "pages/compare.py", "pages/predict.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        assert not at.error, (page, [e.value for e in at.error])


def test_zhou_table_4_2_in_the_comparison_table(zhou_lab):
    at = zhou_lab
    assert at.session_state[state.SPLIT_MODE] == "rows"
    table = _table(at, "lab.table").set_index("tree")
    assert table.loc["Unpruned", "validation_accuracy"] == "42.9%"
    assert table.loc["Pre-pruned", "validation_accuracy"] == "71.4%"
    assert table.loc["REP", "validation_accuracy"] == "71.4%"
    assert table.loc["Unpruned", "train_accuracy"] == "100.0%"
    assert at.caption[1].value.startswith("10 training rows, 7 validation rows")
    dots = _dots(at)
    assert len(dots) == 4                               # three side by side, one replay
    assert all('n0 [label="#0  脐部 = ?' in dot for dot in dots)
    assert dots[1].count("->") == 3                      # Zhou 图 4.6: one split on 脐部


def _zhou_trees():
    frame = SAMPLES["watermelon2.0"].path.read_text(encoding="utf-8")
    data = treecore.Dataset.from_frame(pd.read_csv(pd.io.common.StringIO(frame)), "好瓜",
                                       ignore=["编号"])
    held = data.row_labels.astype(int)
    train = data.subset([r not in ZHOU_VALIDATION for r in held])
    validation = data.subset([r in ZHOU_VALIDATION for r in held])
    tree = treecore.grow(train, algorithm="id3", force={(): "脐部"})
    return tree, train, validation


def test_the_ccp_chart_follows_ccp_path(zhou_lab):
    tree, train, validation = _zhou_trees()
    path = ccp_path(tree)
    figure = _plotly(zhou_lab, "scatter")
    train_line, validation_line = figure["data"][0], figure["data"][1]
    assert plotly_values(train_line["x"]) == [t.n_leaves for t in path.trees]
    assert plotly_values(train_line["y"]) == pytest.approx(
        [treecore.measures.evaluate.score(t, train) for t in path.trees])
    assert plotly_values(validation_line["y"]) == pytest.approx(
        [treecore.measures.evaluate.score(t, validation) for t in path.trees])
    assert plotly_values(train_line["customdata"]) == pytest.approx(list(path.alphas))
    names = [trace["name"] for trace in figure["data"][2:]]
    assert names[:3] == ["Unpruned", "Pre-pruned", "REP"] and len(names) == 7
    assert names[-1].startswith("chosen α = ")            # the dashed line at CCP's subtree


def test_the_replay_steps_through_rep_and_greys_what_it_removed(zhou_lab):
    at = zhou_lab
    first = _dots(at)[-1]
    assert at.markdown[-3].value.startswith("Decision 1 of")
    at.button(key="lab.next").click().run()
    at.button(key="lab.next").click().run()
    replay = _dots(at)[-1]
    assert at.session_state[lab.REPLAY] == 2
    assert at.markdown[-3].value.startswith("Decision 3 of")
    assert _highlighted(replay) != _highlighted(first)
    assert "#9E9E9E" in replay                            # removed nodes greyed, still drawn
    assert replay.count("->") == first.count("->")
    figures = _table(at, "lab.figures")
    assert set(figures["Figure"]) >= {"errors as a leaf", "errors of the subtree"}
    at.selectbox(key="w_" + lab.METHOD).select("pep").run()
    assert at.session_state[lab.REPLAY] == 0 and not at.exception


@pytest.mark.parametrize("method", PRUNERS)
def test_every_method_and_the_zh_text(make_app, method):
    at = make_app("pages/prune.py")
    at.session_state[state.LANGUAGE] = "zh"
    at.session_state[lab.METHOD] = method
    at.session_state[lab.option_key("ccp_select")] = "cv"
    at.run()
    assert not at.exception and not at.error
    assert at.title[0].value.endswith("剪枝实验")


def test_a_split_with_unknown_rows_says_so(make_app):
    at = make_app("pages/prune.py")
    at.session_state[state.SPLIT_MODE] = "rows"
    at.session_state[growth.VALIDATION_TEXT] = "4, x"
    at.run()
    assert not at.exception
    assert "x is not a row number" in at.error[0].value
    assert any("validation rows" in info.value for info in at.info)


def test_a_validation_upload_with_another_class_is_refused(make_app):
    at = make_app("pages/prune.py")
    at.session_state[state.SPLIT_MODE] = "upload"
    at.run()
    bad = "色泽,根蒂,敲声,纹理,脐部,触感,好瓜\n青绿,蜷缩,浊响,清晰,凹陷,硬滑,也许\n".encode()
    at.file_uploader(key="w_validation_upload").upload("val.csv", bad, "text/csv")
    at.run()
    assert not at.exception
    assert "'也许' was not in the training data" in at.error[0].value


def test_compare_page_with_a_saved_version(make_app):
    at = make_app("pages/compare.py")
    at.session_state[growth.VERSIONS] = [growth.make_version(
        "脐部 root", "watermelon2.0", {"algorithm": "id3", "criterion": None}, (((), "脐部"),), "")]
    at.session_state[compare.COUNT] = 3
    at.run()
    at.selectbox(key="w_compare_2_source").select("脐部 root").run()
    assert not at.exception and not at.error
    metrics = _table(at, "compare.metrics")
    assert len(metrics) == 3 and metrics["fit_ms"].notna().all()
    assert metrics["tree"].iloc[2] == "#3 脐部 root · unpruned"
    assert 'n0 [label="#0  脐部 = ?' in _dots(at)[2]
    ranking = _table(at, "compare.ranking")
    assert set(ranking["feature"]) == {"色泽", "根蒂", "敲声", "纹理", "脐部", "触感"}
    matrix = np.reshape(plotly_values(_plotly(at, "heatmap")["data"][0]["z"]), (3, 3))
    assert np.diag(matrix).tolist() == [1, 1, 1]


def _grow_page_tree():
    """The tree the Predict page uses by default: the Grow page's (CART on watermelon 2.0)."""
    data = treecore.Dataset.from_frame(pd.read_csv(SAMPLES["watermelon2.0"].path), "好瓜",
                                       ignore=["编号"])
    return treecore.grow(data, algorithm="cart")


def test_predict_downloads_and_json_round_trip(make_app):
    at = make_app("pages/predict.py").run()
    assert not at.exception and not at.error
    labels = {button.proto.label for button in at.get("download_button")}
    assert labels >= {"rules.txt", "tree_predict.py", "tree_case.sql", "tree.json", "tree.dot",
                      "tree.svg", "tree.png", "Download predictions (CSV)"}
    before = _table(at, "predict.table")
    at.file_uploader(key=pe.MODEL_UPLOADER).upload("tree.json",
                                                   to_json(_grow_page_tree()).encode(),
                                                   "application/json")
    at.run()
    assert not at.exception and not at.error
    assert at.session_state[pe.SOURCE] == "model"
    assert "model file tree.json" in shown(at.caption[:1])
    pd.testing.assert_frame_equal(_table(at, "predict.table"), before)


def test_without_graphviz_the_page_says_so_and_offers_the_text_downloads(make_app,
                                                                         monkeypatch):
    monkeypatch.setattr(pe, "can_render", lambda: False)
    at = make_app("pages/predict.py").run()
    assert not at.exception
    assert [e.value for e in at.error] == [
        "The tree could not be drawn: Graphviz's dot program is not installed "
        "(apt-get install graphviz)"]
    labels = {button.proto.label for button in at.get("download_button")}
    assert "tree.dot" in labels and not labels & {"tree.svg", "tree.png"}


def test_predict_rows_with_missing_values_explain_the_split(make_app):
    at = make_app("pages/predict.py").run()
    rows = "色泽,根蒂,敲声,纹理,脐部,触感\n青绿,蜷缩,浊响,?,凹陷,硬滑\n".encode()
    at.file_uploader(key=pe.ROWS_UPLOADER).upload("rows.csv", rows, "text/csv")
    at.run()
    assert not at.exception and not at.error
    table = _table(at, "predict.table")
    assert table[["P(是)", "P(否)"]].sum(axis=1).iloc[0] == pytest.approx(1.0)
    path = _table(at, "predict.path")
    assert path["split"].iloc[0]                          # 纹理 is missing: weight split at root
    assert len(path) > 3


def test_predict_bad_inputs_give_specific_errors(make_app):
    at = make_app("pages/predict.py").run()
    at.file_uploader(key=pe.MODEL_UPLOADER).upload("model.json", b'{"format": "x"}',
                                                   "application/json")
    at.run()
    assert not at.exception
    assert "not a valid tree file" in at.error[0].value
    at.file_uploader(key=pe.ROWS_UPLOADER).upload("rows.csv", "色泽\n青绿\n".encode(), "text/csv")
    at.run()
    assert not at.exception
    assert any("this column is missing" in e.value for e in at.error)


def test_the_pruning_lab_prunes_a_j48_tree_by_j48_s_rules(make_app):
    """EBP on a J48 tree is J48's (the lab hands it the training rows); Zhou's validation-set
    pre-pruning is not part of J48, and the page says so instead of growing something else."""
    at = make_app("pages/prune.py")
    for key, value in {state.ALGORITHM: "j48", lab.METHOD: "ebp", lab.PREPRUNE: "limits"}.items():
        at.session_state[key] = value
    at.run()
    assert not at.exception and not at.error, (at.exception, at.error)
    at.session_state[lab.PREPRUNE] = "validation"
    at.run()
    assert not at.exception
    assert any("J48" in error.value for error in at.error)
