"""The Grow page in a real browser: step the growth, see the tree and the charts, use the
what-if override, with no exception and no request leaving 127.0.0.1."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ui.data.samples import SAMPLES

pytestmark = pytest.mark.browser

#: The interactive tree view at the top of the page (ui.views.tree_widget), in its iframe.
VIEW = "iframe[title='ui.views.tree_widget.tree_view']"


def tree_view(page):
    """The tree view's element: its ``data-nodes`` attribute counts the nodes drawn."""
    return page.frame_locator(VIEW).locator(".tv")


def first_title(page) -> str:
    frame = page.locator(VIEW).element_handle().content_frame()
    return frame.evaluate("document.querySelector('.tv').__tv.model.title[0]")


def no_exception(page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def button(page, key: str):
    """The button with widget key ``key`` (Streamlit's st-key-… class)."""
    return page.locator(f".st-key-{key.replace('.', '-')} button").first


def test_grow_step_chart_and_override(app_page, shot, settle):
    page = app_page
    page.get_by_role("button", name=SAMPLES["watermelon3.0"].name("en")).click()
    settle(page)
    expect(page.get_by_role("heading", name="Grow a decision tree")).to_be_visible()
    expect(tree_view(page)).to_have_attribute("data-nodes", "1", timeout=30_000)  # step 0: the
    # root alone; 30 s for the first chart on a loaded machine (TESTING.md)
    counts = [1]
    for _ in range(3):
        button(page, "grow.next").click()
        settle(page)
        expect(tree_view(page)).not_to_have_attribute("data-nodes", str(counts[-1]))
        counts.append(int(tree_view(page).get_attribute("data-nodes")))
    assert counts == sorted(counts) and counts[-1] > 3
    no_exception(page)
    shot(page, "10-grow-steps")

    page.get_by_role("tab", name="Threshold chart").click()
    settle(page)                     # only the open tab runs
    feature = page.get_by_test_id("stSelectbox").filter(has_text="Attribute")
    feature.click()
    page.get_by_role("option", name="密度").click()
    settle(page)
    expect(page.locator("[data-testid=stPlotlyChart] .main-svg >> visible=true").first
           ).to_be_visible()
    no_exception(page)
    shot(page, "11-grow-threshold")

    page.get_by_role("tab", name="Criterion lens").click()
    settle(page)                     # only the open tab runs
    expect(page.get_by_text("4 criteria, each scaled")).to_be_visible()
    shot(page, "12-grow-lens")

    button(page, "grow.first").click()                      # the root is the node on screen
    settle(page)
    page.get_by_role("tab", name="What if…").click()
    settle(page)                     # only the open tab runs
    page.get_by_test_id("stSelectbox").filter(has_text="Split on").click()
    page.get_by_role("option", name="脐部").click()
    settle(page)
    button(page, "grow.whatif_try").click()
    settle(page)
    expect(page.get_by_test_id("stMetric").first).to_be_visible()
    # the static drawing (folded) and the what-if tree: only the open tab runs
    expect(page.locator("[data-testid=stGraphVizChart]")).to_have_count(2)
    expect(page.locator("[data-testid=stGraphVizChart]").last.locator("svg g.node").first
           ).to_be_visible()
    no_exception(page)
    shot(page, "13-grow-whatif")

    button(page, "grow.whatif_adopt").click()
    settle(page)
    button(page, "grow.next").click()
    settle(page)
    expect(tree_view(page)).not_to_have_attribute("data-nodes", "1")
    deadline = 60
    while "脐部" not in first_title(page) and deadline:
        page.wait_for_timeout(500)
        deadline -= 1
    assert "脐部" in first_title(page)
    no_exception(page)


def test_grow_in_chinese_inspector(app_page, shot, settle):
    page = app_page
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    settle(page)
    page.get_by_test_id("stSidebarNavLink").filter(has_text="生成决策树").click()
    settle(page)
    button(page, "grow.last").click()
    settle(page)
    expect(tree_view(page)).not_to_have_attribute("data-nodes", "1")
    expect(tree_view(page)).to_be_visible()
    expect(page.get_by_text("信息增益").first).to_be_visible()
    no_exception(page)
    shot(page, "14-grow-zh")
