"""AppTest of the Grow page: stepping, the candidate table, the override, the bad cases."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from tests.conftest import SAMPLES, open_tab
from treecore import Dataset
from treecore.grow.builder import Growth
from treecore.grow.growing import GrowthConfig
from treecore.grow.presorted import applies
from ui import state
from ui.models import growth

ID3_ROOT_GAINS = {"色泽": 0.108, "根蒂": 0.143, "敲声": 0.141, "纹理": 0.381, "脐部": 0.289,
                  "触感": 0.006}


def _dot(at, index: int = 0) -> str:
    return at.get("graphviz_chart")[index].proto.spec


def _candidates(at):
    return next(df.value for df in at.dataframe if "score" in df.value.columns)


@pytest.fixture
def grow_page(make_app):
    """The Grow page alone on watermelon 2.0, under ID3."""
    at = make_app("pages/grow.py")
    at.session_state[state.ALGORITHM] = "id3"
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_router_opens_the_grow_page(make_app):
    at = make_app().run()
    at.switch_page("pages/grow.py").run()
    assert not at.exception and not at.error
    assert "n0 [" in _dot(at)


def test_step_through_id3_on_watermelon(grow_page):
    at = grow_page
    table = _candidates(at)
    gains = dict(zip(table["feature"], table["gain"]))
    for feature, printed in ID3_ROOT_GAINS.items():
        assert gains[feature] == pytest.approx(printed, abs=1e-3)
    assert table.loc[table["feature"] == "纹理", "status"].item().startswith("✅")
    assert _dot(at).count("->") == 0                     # step 0: the root alone
    seen_edges = [0]
    while not at.button(key="grow.next").disabled:
        at.button(key="grow.next").click().run()
        assert not at.exception, at.exception
        seen_edges.append(_dot(at).count("->"))
    assert seen_edges == sorted(seen_edges) and seen_edges[-1] > seen_edges[1] > 0
    assert at.session_state[growth.STEP] == 5
    assert 'n0 [label="#0  纹理 = ?' in _dot(at)
    assert "penwidth=3" in _dot(at)                       # the node of the step is outlined
    at.button(key="grow.first").click().run()
    assert _dot(at).count("->") == 0


def test_c45_marks_below_average_features(grow_page):
    at = grow_page
    at.selectbox(key="w_" + state.ALGORITHM).select("c45").run()
    assert at.session_state[state.CRITERION] in (None, "gain_ratio")
    status = dict(zip(_candidates(at)["feature"], _candidates(at)["status"]))
    assert status["色泽"].startswith("⛔") and status["触感"].startswith("⛔")
    assert status["纹理"].startswith("✅")


def test_criterion_follows_the_algorithm(grow_page):
    at = grow_page
    at.selectbox(key="w_" + state.ALGORITHM).select("c45").run()
    at.selectbox(key="w_" + state.CRITERION).select("gain_ratio").run()
    at.selectbox(key="w_" + state.ALGORITHM).select("cart").run()
    assert not at.exception
    assert "gain_ratio" not in at.selectbox(key="w_" + state.CRITERION).options


def test_threshold_chart_and_lens_on_watermelon_3(make_app):
    at = make_app("pages/grow.py")
    state_values = {state.DATASET: "watermelon3.0", state.ALGORITHM: "cart"}
    for key, value in state_values.items():
        at.session_state[key] = value
    open_tab(at, "tab.threshold").run()
    at.selectbox(key="w_" + growth.FEATURE).select("密度").run()
    assert not at.exception
    figures = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    titles = [figure["layout"].get("title", {}).get("text", "") for figure in figures]
    assert any(title.startswith("密度") and "threshold" in title for title in titles)
    open_tab(at, "tab.lens").run()                      # the lens keeps the attribute
    assert at.selectbox(key="w_" + growth.FEATURE).value == "密度"
    figures = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    marks = {name for figure in figures for trace in figure["data"]
             for name in (trace.get("text") or [""])[0].split(" · ")}
    assert {"ID3", "C4.5", "CART"} <= marks                              # the criterion lens


def test_force_umbilicus_at_the_root_of_zhou_table_4_2(grow_page):
    at = grow_page
    at.button(key="grow.zhou_split").click().run()
    assert at.session_state[growth.VALIDATION_TEXT] == growth.ZHOU_TABLE_4_2_VALIDATION
    at.button(key="grow.last").click().run()
    assert 'n0 [label="#0  色泽 = ?' in _dot(at)          # the first-column tie-break
    at.selectbox(key="w_" + growth.INSPECT).select(0)
    open_tab(at, "tab.whatif").run()
    at.selectbox(key="grow.whatif_feature").select("脐部").run()
    at.button(key="grow.whatif_try").click().run()
    assert not at.exception, at.exception
    assert 'n0 [label="#0  脐部 = ?' in _dot(at, -1)   # the what-if tree, last
    metrics = {m.label: m.value for m in at.metric}
    # Gain(脐部) = Gain(色泽) = 0.27549 (the book prints 0.276): forcing the tie costs nothing
    assert float(metrics["Score of this split"]) == pytest.approx(0.2755, abs=1e-3)
    assert at.metric[0].delta in ("+0.000", "-0.000")
    assert metrics["Validation accuracy"] == "42.9%"     # Zhou: the unpruned tree, 脐部 at root
    at.button(key="grow.whatif_adopt").click().run()
    assert at.session_state[growth.FORCE] == (((), "脐部"),)
    assert 'n0 [label="#0  脐部 = ?' in _dot(at)
    open_tab(at, "tab.versions").run()
    at.text_input(key=growth.VERSION_NAME).input("Table 4.2").run()
    at.button(key="grow.version_save").click().run()
    version = at.session_state[growth.VERSIONS][0]
    assert version["name"] == "Table 4.2" and version["force"] == (((), "脐部"),)
    assert not at.exception


def test_chinese_interface(grow_page):
    at = grow_page
    at.session_state[state.LANGUAGE] = "zh"
    at.run()
    assert not at.exception
    assert at.selectbox(key="w_" + state.ALGORITHM).label == "算法"
    assert at.number_input(key="w_" + growth.MIN_LEAF).label == "叶结点最小样本数"
    assert any("第 0 步" in m.value for m in at.markdown)
    assert "纹理" in _candidates(at)["feature"].tolist()      # the data's names as they are


def test_bad_data_shows_an_error_not_an_exception(make_app):
    at = make_app("pages/grow.py")
    at.session_state[state.KINDS] = {name: "ignored" for name in
                                     ("编号", "色泽", "根蒂", "敲声", "纹理", "脐部", "触感")}
    at.run()                                           # no feature left: a DataError
    assert not at.exception
    assert at.error and "feature" in at.error[0].value


def test_bad_validation_rows_and_impossible_force(grow_page):
    at = grow_page
    at.text_input(key="w_" + growth.VALIDATION_TEXT).input("4, x").run()
    assert not at.exception and "“x”" in at.error[0].value
    at.session_state[growth.FORCE] = (((), "no such attribute"),)
    at.run()
    assert not at.exception
    assert any("cannot" in e.value for e in at.error)
    at.button(key="grow.clear_forced").click().run()
    assert not any("cannot" in e.value for e in at.error) and "n0 [" in _dot(at)


def test_grow_page_on_continuous_data_uses_the_presorted_engine(make_app):
    """Iris (four continuous features, nothing missing) grows in the presorted engine: stepping
    and the kept candidate tables work as they do on nominal data, and the root's choice is the
    general builder's."""
    at = make_app("pages/grow.py")
    at.session_state[state.DATASET] = "iris"
    at.session_state[state.TARGET] = "species"
    at.session_state[state.KINDS] = {}
    at.run()
    assert not at.exception, at.exception
    table = _candidates(at)
    chosen = table.loc[table["status"].str.startswith("✅"), "feature"].item()
    steps = 0
    while not at.button(key="grow.next").disabled and steps < 6:
        at.button(key="grow.next").click().run()
        assert not at.exception, at.exception
        steps += 1
        assert "score" in _candidates(at).columns
    assert steps == 6 and _dot(at).count("->") >= 2 * steps

    iris = Dataset.from_frame(pd.read_csv(SAMPLES / "iris.csv"), "species")
    assert applies(iris, None, None)
    reference = Growth(iris, GrowthConfig())
    assert next(reference.steps()).chosen.feature == chosen


@pytest.mark.parametrize("language, title", [("en", "every value grouping"),
                                             ("zh", "每种取值分组")])
def test_nominal_lens_on_the_grow_page(make_app, language, title):
    at = make_app("pages/grow.py")
    at.session_state[state.LANGUAGE] = language
    open_tab(at, "tab.lens", language).run()
    at.selectbox(key="w_" + growth.FEATURE).select("纹理").run()
    assert not at.exception
    figures = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    lens = next(f for f in figures if title in f["layout"].get("title", {}).get("text", ""))
    assert [a["text"] for a in lens["layout"]["annotations"]] == ["◀ ID3 · C4.5", "◀ CART"]
    table = next(df.value for df in at.dataframe if "picked_by" in df.value.columns)
    assert table["entropy"].iloc[0] == pytest.approx(0.381, abs=5e-4)


@pytest.mark.parametrize("language, grown_by", [
    ("en", "Grown by C4.5 (J48): Quinlan's release 8, as Weka runs it."),
    ("zh", "由 C4.5（J48）：Quinlan 第 8 版，与 Weka 一致 生成。")])
def test_the_j48_preset_on_the_grow_page(grow_page, language, grown_by):
    """J48 is offered beside the textbook C4.5 (from ALGORITHMS), the page says which preset
    grew the tree, and stepping shows J48's candidate tables."""
    at = grow_page
    at.session_state[state.LANGUAGE] = language
    at.selectbox(key="w_" + state.ALGORITHM).select("j48").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="w_" + state.ALGORITHM).value == "j48"
    assert any(caption.value.startswith(grown_by) for caption in at.caption)
    while not at.button(key="grow.next").disabled:
        at.button(key="grow.next").click().run()
        assert not at.exception, at.exception
        assert "score" in _candidates(at).columns


def test_what_if_under_j48(grow_page):
    """The what-if override grows J48's tree below a split J48 did not choose."""
    at = grow_page
    at.selectbox(key="w_" + state.ALGORITHM).select("j48").run()
    at.button(key="grow.last").click().run()
    at.selectbox(key="w_" + growth.INSPECT).select(0)
    open_tab(at, "tab.whatif").run()
    at.selectbox(key="grow.whatif_feature").select("根蒂").run()
    at.button(key="grow.whatif_try").click().run()
    assert not at.exception, at.exception
    assert 'n0 [label="#0  根蒂 = ?' in _dot(at, -1)
    at.button(key="grow.whatif_adopt").click().run()
    assert not at.exception and not at.error
    assert 'n0 [label="#0  根蒂 = ?' in _dot(at)


# ------------------------------------------------------------------------------- the tree view
def _tree_view(at) -> tuple[dict, dict]:
    """(head, tree description) sent to the interactive tree view (ui.views.tree_widget)."""
    found = []

    def walk(node):
        children = getattr(node, "children", None)
        for child in (children.values() if isinstance(children, dict) else ()):
            walk(child)
        proto = getattr(node, "proto", None)
        if type(proto).__name__ == "ComponentInstance" and proto.component_name.endswith(
                "tree_view"):
            found.append(proto)

    walk(at._tree)
    assert len(found) == 1
    body = next(arg.bytes for arg in found[0].special_args if arg.key == "body")
    return json.loads(found[0].json_args)["head"], json.loads(body)


def test_the_tree_view_draws_the_stage_and_selects_the_step_node(grow_page):
    at = grow_page
    head, body = _tree_view(at)
    assert body["ids"] == [0] and head["selected"] == 0 and head["path"] == [0]
    at.button(key="grow.last").click().run()
    head, body = _tree_view(at)
    assert len(body["ids"]) == 14 and body["parent"].count(-1) == 1   # one root, 13 edges
    assert body["title"][0] == "#0  纹理 = ?"
    assert head["selected"] == head["focus"] == 10 and head["path"] == [0, 1, 5, 10]
    assert "penwidth=3" in _dot(at)                 # the static drawing is still there


def test_selecting_a_node_shows_it_everywhere(grow_page):
    """A click stores the node's id (growth.INSPECT); the inspector, the candidate table, the
    threshold chart and the lens then show that node, and the tree view highlights its path."""
    at = grow_page
    at.button(key="grow.last").click().run()
    at.session_state[growth.INSPECT] = 3
    at.run()
    assert not at.exception, at.exception
    head, _ = _tree_view(at)
    assert head["selected"] == 3 and head["path"] == [0, 3] and head["focus"] == 10
    texts = [m.value for m in at.markdown]
    assert "**Node #3**" in texts and "IF ` 纹理 = 模糊 ` THEN ` 好瓜 = 否 `" in texts
    assert "**Candidate splits at node #3**" in texts
    open_tab(at, "tab.lens").run()
    assert any("node \\#3" in c.value for c in at.caption)          # the lens' caption
    assert at.selectbox(key="w_" + growth.INSPECT).value == 3      # the picker agrees
    at.selectbox(key="w_" + growth.INSPECT).select(6).run()        # the keyboard's way
    assert at.session_state[growth.INSPECT] == 6
    assert _tree_view(at)[0]["path"] == [0, 1, 6]
    at.button(key="grow.back").click().run()                       # a step: the step's node
    assert at.session_state[growth.INSPECT] is None


def test_collapsing_a_subtree_folds_it_into_one_marker(grow_page):
    at = grow_page
    at.button(key="grow.last").click().run()
    at.session_state[growth.INSPECT] = 1
    at.run()
    at.button(key="grow.tree_view.fold").click().run()
    assert at.session_state[growth.COLLAPSED] == (1,)
    _, body = _tree_view(at)
    k = body["ids"].index(1)
    assert body["kind"][k] == 3 and body["hidden"][k] == 8 and len(body["ids"]) == 14 - 8
    at.button(key="grow.tree_view.expand_all").click().run()
    assert at.session_state[growth.COLLAPSED] == ()
    assert len(_tree_view(at)[1]["ids"]) == 14
    at.button(key="grow.tree_view.fold").click().run()
    at.selectbox(key="w_" + state.ALGORITHM).select("c45").run()    # another tree: no folds
    assert at.session_state[growth.COLLAPSED] == ()
    assert 3 not in _tree_view(at)[1]["kind"]


def test_presentation_mode_enlarges_the_tree(grow_page):
    at = grow_page
    at.button(key="grow.last").click().run()
    normal, _ = _tree_view(at)
    at.session_state[state.PRESENTATION] = True
    at.run()
    large, _ = _tree_view(at)
    assert normal["scale"] == 1.0 and large["scale"] > 1.5
    assert large["height"] > normal["height"]


def test_j48_s_threshold_chart_marks_the_cut_j48_made(make_app):
    """Under J48 the threshold style does not apply (it reports training values), and the
    threshold chart's star stands at the tree's own cut with J48's gain ratio."""
    at = make_app("pages/grow.py")
    at.session_state[state.DATASET] = "iris"
    at.session_state[state.TARGET] = "species"
    at.session_state[state.ALGORITHM] = "j48"
    open_tab(at, "tab.threshold").run()
    assert not at.exception, at.exception
    assert at.radio(key="w_" + growth.THRESHOLD_STYLE).disabled
    at.button(key="grow.next").click().run()
    chart = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                 if "petal_width" in c.proto.spec)
    star = next(trace for trace in chart["data"]
                if trace.get("marker", {}).get("symbol") == "star")
    assert star["x"] == [0.6]                        # J48's root cut on iris: petal_width ≤ 0.6
    assert star["y"][0] == pytest.approx(0.968624, abs=1e-6)       # its gain ratio (Weka)
