"""The Pruning lab, Compare and Predict & export pages in a real browser: trees drawn side by
side, the replay moving its highlight, the compare page, real downloads, and a prediction
explained on a tree of a few hundred nodes; no exception and no request leaving 127.0.0.1."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from playwright.sync_api import expect

from tests.browser.uploads import grow_soybean_by_c45

pytestmark = pytest.mark.browser

CHARTS = "[data-testid=stGraphVizChart]"
HIGHLIGHT, GREY = "#c2185b", "#9e9e9e"   # as Graphviz writes them in the SVG


def no_exception(page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def button(page, key: str):
    """The button with widget key ``key`` (Streamlit's st-key-… class)."""
    return page.locator(f".st-key-{key.replace('.', '-')} button").first


def open_page(page, settle, name: str) -> None:
    page.get_by_test_id("stSidebarNavLink").filter(has_text=name).click()
    settle(page)


def highlighted(page):
    """The node outlined in the replay tree (the last graphviz chart)."""
    replay = page.locator(CHARTS).last
    return replay.locator(f"svg g.node:has(path[stroke='{HIGHLIGHT}'])").first


def test_pruning_lab_side_by_side_and_replay(app_page, shot, settle):
    page = app_page
    open_page(page, settle, "Pruning lab")
    button(page, "lab.zhou").click()
    settle(page)
    expect(page.locator(CHARTS)).to_have_count(4)
    for i in range(3):                                        # the three trees, drawn
        expect(page.locator(CHARTS).nth(i).locator("svg g.node").first).to_be_visible()
    expect(page.locator(CHARTS).nth(1).locator("svg g.node")).to_have_count(4)   # Zhou 图 4.6
    expect(page.get_by_text("71.4%").first).to_be_visible()
    expect(page.locator("[data-testid=stPlotlyChart] .main-svg").first).to_be_visible()
    no_exception(page)
    shot(page, "20-prune-lab")

    before = highlighted(page).text_content()
    button(page, "lab.next").click()
    settle(page)
    expect(page.get_by_text("Decision 2 of")).to_be_visible()
    expect(highlighted(page)).not_to_have_text(before)       # waits for the redrawn tree
    button(page, "lab.next").click()
    settle(page)
    grey = page.locator(CHARTS).last.locator(f"svg g.node:has(path[stroke='{GREY}'])")
    expect(grey.first).to_be_visible()                        # removed nodes stay, greyed
    page.locator(CHARTS).last.scroll_into_view_if_needed()
    no_exception(page)
    shot(page, "21-prune-replay")


def test_compare_page(app_page, shot, settle):
    page = app_page
    open_page(page, settle, "Compare")
    expect(page.get_by_role("heading", name="Compare").first).to_be_visible()
    expect(page.locator(CHARTS)).to_have_count(2)
    expect(page.locator(CHARTS).first.locator("svg g.node").first).to_be_visible()
    expect(page.locator("[data-testid=stPlotlyChart] .main-svg").first).to_be_visible()
    no_exception(page)
    shot(page, "22-compare")


def test_predict_download(app_page, shot, settle, tmp_path):
    page = app_page
    open_page(page, settle, "Predict & export")
    expect(page.get_by_text("Why this prediction")).to_be_visible()
    with page.expect_download() as info:
        page.get_by_role("button", name="tree.json").click()
    saved = tmp_path / "tree.json"
    info.value.save_as(saved)
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert document["format"] == "treecore.tree" and document["nodes"]
    with page.expect_download() as info:
        page.get_by_role("button", name="tree.png").click()
    png = tmp_path / "tree.png"
    info.value.save_as(png)
    assert png.read_bytes()[:4] == b"\x89PNG"
    no_exception(page)
    shot(page, "23-predict")


def test_predict_on_a_tree_of_a_few_hundred_nodes(app_page, shot, settle, tmp_path):
    """Soybean's C4.5 tree on the Predict page. Row 32 lacks 13 of its 35 values, so its weight
    splits down many branches: the flow is drawn, and the blend the page writes out
    (P(c) = w₁·p₁ + … = P) is, class by class, the probability in the downloaded predictions,
    which the compiled walk computed for all 683 rows at once."""
    page = app_page
    grow_soybean_by_c45(page, settle, tmp_path)
    open_page(page, settle, "Predict & export")
    expect(page.get_by_text("683 rows of")).to_be_visible()
    row = page.get_by_role("spinbutton", name="Row")
    row.fill("32")
    row.press("Enter")
    settle(page)
    expect(row).to_have_value("32")
    expect(page.get_by_text("the row goes down every branch")).to_be_visible()
    flow = page.locator(CHARTS).last
    expect(flow.locator("svg g.edge").first).to_be_visible()
    blend = page.get_by_test_id("stCode").filter(has_text="P(").last
    blended = dict(re.findall(r"^P\((.+?)\) = .* = (\d\.\d{4})$", blend.inner_text(), re.M))
    assert len(blended) == 19 and abs(sum(map(float, blended.values())) - 1) < 1e-3
    assert sum(line.count("·") for line in blend.inner_text().splitlines()) > 19   # > 1 leaf
    with page.expect_download() as info:
        page.get_by_role("button", name="Download predictions (CSV)").click()
    saved = tmp_path / "predictions.csv"
    info.value.save_as(saved)
    predictions = pd.read_csv(saved, keep_default_na=False)
    assert len(predictions) == 683
    for label, probability in blended.items():
        assert f"{predictions.loc[31, f'P({label})']:.4f}" == probability, label
    best = max(blended, key=lambda label: float(blended[label]))
    assert predictions.loc[31, "class (predicted)"] == best
    flow.scroll_into_view_if_needed()
    no_exception(page)
    shot(page, "35-predict-soybean-row-32")
