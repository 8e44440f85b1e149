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
