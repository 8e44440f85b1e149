"""The Concepts page, the nominal criterion lens and the flow of weight in a real browser, in
English and 中文: the charts drawn, the numbers shown, no exception, no request leaving
127.0.0.1. Screenshots land in artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLOTS = "[data-testid=stPlotlyChart] .main-svg >> visible=true"
#: The first fit of a fresh server may compile the engine's kernels: allow for it.
FIRST_CHART_MS = 90_000


def no_exception(page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def open_page(page, settle, name: str) -> None:
    page.get_by_test_id("stSidebarNavLink").filter(has_text=name).click()
    settle(page)


def test_concepts_page_in_english(app_page, shot, settle):
    page = app_page
    open_page(page, settle, "Concepts")
    expect(page.get_by_role("heading", name="Information theory, on your data")).to_be_visible()
    expect(page.locator(PLOTS).first).to_be_visible(timeout=FIRST_CHART_MS)
    expect(page.locator("[data-testid=stPlotlyChart]")).to_have_count(3)
    expect(page.get_by_text("I(好瓜; 纹理) = 0.381").first).to_be_visible()
    expect(page.get_by_text("Gain = 0.381")).to_be_visible()
    expect(page.get_by_text("H(纹理, 好瓜) = −(7/17").first).to_be_visible()
    no_exception(page)
    shot(page, "30-concepts-en")


def test_concepts_page_in_chinese(app_page, shot, settle):
    page = app_page
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    settle(page)
    open_page(page, settle, "信息论概念")
    expect(page.get_by_role("heading", name="相对熵（KL 散度）与交叉熵")).to_be_visible()
    expect(page.get_by_text("互信息").first).to_be_visible()
    expect(page.locator(PLOTS).first).to_be_visible(timeout=FIRST_CHART_MS)
    no_exception(page)
    shot(page, "31-concepts-zh")


@pytest.mark.parametrize("language, grow, tab, title", [
    ("English", "Grow", "Criterion lens", "every value grouping"),
    ("中文", "生成决策树", "准则对比", "每种取值分组")])
def test_nominal_lens(app_page, shot, settle, language, grow, tab, title):
    page = app_page
    page.get_by_test_id("stSidebar").get_by_text(language).click()
    settle(page)
    open_page(page, settle, grow)
    page.get_by_role("tab", name=tab).click()
    expect(page.get_by_text(title).first).to_be_visible(timeout=FIRST_CHART_MS)
    expect(page.get_by_text("◀ CART").first).to_be_visible()
    page.get_by_text(title).first.scroll_into_view_if_needed()
    no_exception(page)
    shot(page, f"32-nominal-lens-{'en' if language == 'English' else 'zh'}")


def test_weight_flow_of_row_8_on_grow_and_predict(app_page, shot, settle):
    """Watermelon 2.0α under ID3: row 8 (纹理 missing) splits 7/15, 5/15, 3/15 at the root, drawn
    as edges of three widths, then the same row's flow on the Predict page, in 中文."""
    page = app_page
    page.get_by_role("button", name="Watermelon 2.0α, missing values (Zhou, Table 4.4)").click()
    settle(page)
    page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").filter(
        has_text="Algorithm").first.click()
    page.get_by_role("option", name="ID3").click()
    settle(page)
    page.locator(".st-key-grow-last button").first.click()
    settle(page)
    page.get_by_role("tab", name="Weight flow").click()
    page.get_by_test_id("stSelectbox").filter(has_text="Follow").click()
    page.get_by_role("option", name="Row 8 (has a missing value)").click()
    settle(page)
    expect(page.get_by_text("1 × 7/15 = 0.4667")).to_be_attached(timeout=FIRST_CHART_MS)
    flow = page.locator("[data-testid=stGraphVizChart]").last
    expect(flow.locator("svg g.edge").first).to_be_visible(timeout=FIRST_CHART_MS)
    widths = {flow.locator("svg g.edge path").nth(i).get_attribute("stroke-width")
              for i in range(3)}
    assert len(widths) == 3                                 # 7/15, 5/15, 3/15: three widths
    flow.scroll_into_view_if_needed()
    no_exception(page)
    shot(page, "33-flow-grow-en")

    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    settle(page)
    open_page(page, settle, "预测与导出")
    row = page.get_by_role("spinbutton", name="样本（行号）")
    expect(row).to_be_visible(timeout=FIRST_CHART_MS)
    settle(page)
    row.fill("8")
    row.press("Enter")
    settle(page)
    expect(row).to_have_value("8")
    expect(page.get_by_text("1 × 7/15 = 0.4667")).to_be_attached(timeout=FIRST_CHART_MS)
    page.get_by_text("逐步：样本在每个结点上的权重").scroll_into_view_if_needed()
    no_exception(page)
    shot(page, "34-flow-predict-zh")
