"""AppTest of the flow of weight: the Grow page's flow tab on watermelon 2.0α (rows 8 and 10:
7/15, 5/15, 3/15 at the root, Zhou §4.4), the training flow, 中文, and the Predict page's flow of
the explained row, in a small tree drawn whole and in soybean's large one drawn where the row's
weight goes."""

from __future__ import annotations

import re

import pytest

from tests.browser.uploads import soybean
from ui import state
from ui.models import growth, predict_export as pe

from .conftest import app_test, open_tab, seed_upload

ALPHA = {state.DATASET: "watermelon2.0alpha", state.TARGET: "好瓜",
         state.KINDS: {"编号": "ignored"}, state.ALGORITHM: "id3", growth.STEP: 99}


def grow_page(**session):
    """The Grow page on watermelon 2.0α, its flow tab open."""
    at = app_test("pages/grow.py")
    for key, value in {**ALPHA, **session}.items():
        at.session_state[key] = value
    return open_tab(at, "tab.flow", session.get(state.LANGUAGE, "en")).run()


def frame_with(at, column: str):
    return next(df.value for df in at.dataframe if column in df.value.columns)


def flow_dot(at) -> str:
    return next(chart.proto.spec for chart in at.get("graphviz_chart")
                if "#1565C0" in chart.proto.spec)


@pytest.mark.parametrize("row", [8, 10])
def test_rows_8_and_10_on_the_grow_page(row):
    at = grow_page()
    assert not at.exception
    at.selectbox(key="grow.flow_row").select(row - 1).run()      # 编号 k is position k − 1
    assert not at.exception
    steps = frame_with(at, "share")
    assert list(steps["share"][:3]) == ["7/15", "5/15", "3/15"]
    assert list(steps["weight"][:3]) == ["1 × 7/15 = 0.4667", "1 × 5/15 = 0.3333",
                                         "1 × 3/15 = 0.2"]
    leaves = frame_with(at, "path")
    assert leaves["weight"].iloc[-1] == pytest.approx(1.0)
    assert "w = 0.4667" in flow_dot(at) and "penwidth=8.00" in flow_dot(at)
    assert any(code.value.startswith("P(是) = ") for code in at.code)


def test_the_training_flow_and_chinese():
    at = grow_page(**{state.LANGUAGE: "zh"})
    at.selectbox(key="grow.flow_row").select_index(0).run()        # all training rows
    assert not at.exception
    assert "w = 7.933" in flow_dot(at)                   # 7 + 2 × 7/15 (rows 8 and 10)
    assert any("权重" in caption.value for caption in at.caption)
    labels = [tab.label for tab in at.tabs]
    assert "💧 权重流动" in labels


def test_the_predict_page_shows_the_rows_flow():
    at = app_test("pages/predict.py")
    for key, value in ALPHA.items():
        at.session_state[key] = value
    at.session_state[pe.ROW] = 8
    at.run()
    assert not at.exception and not at.error
    steps = frame_with(at, "share")
    assert list(steps["share"][:3]) == ["7/15", "5/15", "3/15"]
    table = next(df.value for df in at.dataframe if "P(是)" in df.value.columns)
    leaves = frame_with(at, "path")
    assert leaves["是"].iloc[-1] == pytest.approx(table["P(是)"].iloc[7])


def test_in_a_large_tree_the_flow_draws_the_nodes_the_row_reaches():
    """Soybean's C4.5 tree (277 nodes, too many to draw whole) and its row 32, 13 values missing:
    the drawing holds the nodes the row's weight reaches and a "…" for each branch it does not
    take, and says so."""
    at = app_test("pages/predict.py")
    seed_upload(at, "soybean.csv", soybean().to_csv(index=False).encode())
    at.session_state[state.TARGET] = "class"
    at.session_state[state.ALGORITHM] = "c45"
    at.session_state[pe.ROW] = 32
    at.run()
    assert not at.exception and not at.error
    steps = frame_with(at, "share")
    reached = {0, *steps["node"]} | {leaf for leaf in frame_with(at, "path")["node"] if leaf}
    reached = {int(node) for node in reached}
    dot = flow_dot(at)
    assert {int(i) for i in re.findall(r'^  n(\d+) \[label="#', dot, re.M)} == reached
    stubs = re.findall(r'^  n\d+ \[label="…", shape=plaintext', dot, re.M)
    assert len(stubs) == dot.count("->") - (len(reached) - 1) > 0
    caption = next(c.value for c in at.caption if "the row's weight reaches" in c.value)
    assert f"drawn are the {len(reached)} nodes" in caption
