"""AppTest of the Concepts page: Zhou's figures on the page (I(好瓜; 纹理) = Gain = 0.381; the
2.0α gain of 色泽 as ρ · I), a continuous attribute read at its cut, the KL section in its three
modes, both languages; and the page's pure helpers and figures without Streamlit."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest

import treecore

from ui import state
from ui.i18n import translate
from ui.data.samples import load_sample
from ui.models import concepts, growth
from ui.views.concepts_figures import centre_distance, information_diagram, lens_area

from .conftest import app_test


def concepts_page(**session):
    """The app switched to the Concepts page, with ``session`` values set first."""
    at = app_test().run()
    for key, value in session.items():
        at.session_state[key] = value
    at.switch_page("pages/concepts.py").run()
    assert not at.exception, at.exception
    return at


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def sample(sample_id: str) -> dict:
    from ui.data.samples import SAMPLES

    return {state.DATASET: sample_id, state.TARGET: SAMPLES[sample_id].target,
            state.KINDS: {name: "ignored" for name in SAMPLES[sample_id].ignored}}


def test_mutual_information_is_the_gain_of_texture_on_the_page():
    at = concepts_page()
    shown = metrics(at)
    assert shown["I(纹理; 好瓜)"] == "0.381"
    assert shown["H(好瓜)"] == "0.998"
    assert shown["H(纹理, 好瓜)"] == f"{float(shown['H(纹理)']) + float(shown['H(好瓜|纹理)']):.3f}"
    statement = at.success[0].value
    assert "I(好瓜; 纹理) = 0.381" in statement and "Gain = 0.381" in statement
    lines = at.code[0].value.splitlines()
    assert lines[0] == ("H(纹理) = −(9/17·log₂(9/17) + 5/17·log₂(5/17) + 3/17·log₂(3/17)) "
                        "= 1.447")
    assert lines[3] == "H(好瓜|纹理) = Σ p·H = 9/17·0.764 + 5/17·0.722 + 3/17·0.000 = 0.617"
    checks = next(df.value for df in at.dataframe if "holds" in df.value.columns)
    assert list(checks["holds"]) == ["✅"] * 7
    counts = next(df.value for df in at.dataframe if "Σ" in df.value.columns)
    assert counts.loc["清晰"].tolist() == [7, 2, 9] and counts.loc["Σ", "Σ"] == 17


def test_missing_values_gain_is_rho_times_the_mutual_information():
    """Zhou §4.4 on watermelon 2.0α: for 色泽, ρ = 14/17, Gain(D̃) = 0.306 = I on the rows with
    a known value, Gain(D) = ρ · Gain(D̃) = 0.252."""
    at = concepts_page(**sample("watermelon2.0alpha"), **{state.ALGORITHM: "id3",
                                                           concepts.X_COLUMN: "色泽"})
    assert metrics(at)["I(色泽; 好瓜)"] == "0.306"
    statement = at.success[0].value
    assert "0.824 × 0.306 = 0.252" in statement and "Gain = 0.252" in statement
    assert any("ρ = 0.824" in c.value for c in at.caption)


def test_a_continuous_attribute_is_read_at_its_cut():
    """Watermelon 3.0: 密度 cut at 0.3815 gives Gain 0.262 (Zhou §4.4.1)."""
    at = concepts_page(**sample("watermelon3.0"), **{concepts.X_COLUMN: "密度"})
    assert metrics(at)["I(密度; 好瓜)"] == "0.262"
    counts = next(df.value for df in at.dataframe if "Σ" in df.value.columns)
    assert list(counts.index[:2]) == ["≤ 0.3815", "> 0.3815"]


def test_kl_typed_probabilities_show_the_asymmetry_and_bad_input():
    at = concepts_page(**{concepts.KL_MODE: "typed", concepts.KL_TEXT_P: "1, 1",
                          concepts.KL_TEXT_Q: "1/4, 3/4"})
    shown = metrics(at)
    assert (shown["D(P‖Q)"], shown["D(Q‖P)"], shown["H(P, Q)"], shown["H(P)"]) == (
        "0.208", "0.189", "1.208", "1.000")
    assert "D(P‖Q) = H(P, Q) − H(P) = 1.208 − 1.000 = 0.208" in at.code[1].value
    at.text_input(key="w_" + concepts.KL_TEXT_Q).set_value("1, x").run()
    assert not at.exception and "“x”" in at.error[0].value
    at.text_input(key="w_" + concepts.KL_TEXT_Q).set_value("1, 0").run()
    assert metrics(at)["D(P‖Q)"] == "∞"


def test_kl_of_a_child_sums_to_the_gain_and_two_leaves():
    at = concepts_page(**{state.ALGORITHM: "id3"})
    note = next(c.value for c in at.caption if "information gain:" in c.value)
    assert note.endswith("= 0.381 (Gain = 0.381).")
    at.radio(key="w_" + concepts.KL_MODE).set_value("leaves").run()
    assert not at.exception and "D(P‖Q)" in metrics(at)


def test_the_page_in_chinese():
    at = concepts_page(**{state.LANGUAGE: "zh"})
    assert at.title[0].value == "💡 " + translate("concepts.title", "zh")
    headers = [h.value for h in at.subheader]
    assert "↔️ 相对熵（KL 散度）与交叉熵" in headers
    assert "互信息" in at.success[0].value and "信息增益" in at.success[0].value
    impurity = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [trace["name"] for trace in impurity["data"][:3]] == ["信息熵 / 2", "基尼值", "分类误差"]


def test_the_node_follows_the_grow_page_and_is_marked_on_the_curves():
    at = app_test().run()
    at.session_state[growth.STEP] = 2            # the node expanded at step 2, not the root
    at.switch_page("pages/concepts.py").run()
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    marker = figure["data"][3]
    node_id = at.session_state["w_" + concepts.NODE]
    assert node_id != 0 and marker["name"] == f"node #{node_id}"


def test_a_big_tree_s_nodes_are_chosen_by_number(monkeypatch):
    """Past the picker's limit the nodes are not listed (a select box sends every label on every
    run): their ids are typed, and a number that is not a choice gives the next that is."""
    from ui.views import node_choice

    monkeypatch.setattr(node_choice, "MAX_PICKER_OPTIONS", 3)
    at = concepts_page(**{state.ALGORITHM: "id3", concepts.KL_MODE: "leaves"})
    node_keys = {"w_" + key for key in (concepts.NODE, concepts.KL_P, concepts.KL_Q)}
    assert {box.key for box in at.number_input} == node_keys
    assert not node_keys & {box.key for box in at.selectbox}
    at.number_input(key="w_" + concepts.NODE).set_value(2).run()
    assert not at.exception and at.session_state["w_" + concepts.NODE] == 2
    tree = treecore.grow(treecore.Dataset.from_frame(load_sample("watermelon2.0").frame, "好瓜",
                                                     ignore=["编号"]), algorithm="id3")
    first_leaf = min(leaf.node_id for leaf in tree.iter_leaves())
    at.number_input(key="w_" + concepts.KL_P).set_value(0).run()      # the root: not a leaf
    shown = [c.value.split()[0] for c in at.caption if c.value.startswith("#")]
    assert shown[:2] == ["#2", f"#{first_leaf}"] and first_leaf > 0
    assert "D(P‖Q)" in metrics(at)


# ------------------------------------------------------------------------------- without Streamlit
def test_the_pickers_choices_are_read_without_making_the_nodes():
    """A compiled tree's node ids and leaves come from its arrays: listing the choices makes no
    node but the root, and a label makes its node alone (with the ancestors it reads)."""
    rng = np.random.default_rng(0)
    data = treecore.Dataset.from_frame(
        pd.DataFrame({"x": rng.normal(size=3000), "y": rng.choice(["a", "b"], size=3000)}), "y")
    tree = treecore.grow(data, algorithm="cart")
    leaves = concepts.kl_choices(tree, "leaves")
    assert concepts.kl_choices(tree, "parent") == list(range(1, tree.n_nodes))
    assert tree.nodes.n_made <= 1 and len(leaves) == tree.n_leaves      # the root at most
    path = concepts.node_path(tree, leaves[-1])
    depth = tree.node_alone(leaves[-1]).depth
    assert path.count(" → ") == depth - 1 and tree.nodes.n_made <= depth + 2 < tree.n_nodes
    assert leaves == [n.node_id for n in tree.iter_leaves()]



def test_two_class_view_of_a_three_class_node():
    p, counts, one = concepts.two_class_view([2, 6, 2])
    assert (p, counts.tolist(), one) == (0.6, [6, 4], 1)


def test_parse_probabilities():
    assert concepts.parse_probabilities("1，3").tolist() == [0.25, 0.75]
    for bad in ("", "0, 0", "-1, 2", "a"):
        with pytest.raises(ValueError):
            concepts.parse_probabilities(bad)


@pytest.mark.parametrize("table", [[[7, 2], [1, 4], [0, 3]], [[5, 0], [0, 5]], [[2, 2], [3, 3]],
                                   [[4, 0], [1, 3], [0, 2]]])
def test_the_diagram_areas_are_honest(table):
    """Each circle's area is its entropy and the overlap is the mutual information."""
    m = concepts.measures(np.array(table, float))
    figure = information_diagram(m, ("X", "Y"), {"title": "{joint}"})
    (cx1, r1), (cx2, r2) = [((s.x0 + s.x1) / 2, (s.x1 - s.x0) / 2) for s in figure.layout.shapes]
    assert math.pi * r1 ** 2 == pytest.approx(m.hx)
    assert math.pi * r2 ** 2 == pytest.approx(m.hy)
    assert lens_area(r1, r2, abs(cx2 - cx1)) == pytest.approx(m.mi, abs=1e-9)
    assert figure.layout.title.text == f"{m.hxy:.3f}"


def test_centre_distance_inverts_the_lens_area():
    for overlap in (0.0, 0.1, 0.5, 1.0):
        d = centre_distance(1.0, 0.8, overlap)
        assert lens_area(1.0, 0.8, d) == pytest.approx(min(overlap, math.pi * 0.64), abs=1e-9)
