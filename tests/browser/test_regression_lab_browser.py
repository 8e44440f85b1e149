"""Regression trees in the Pruning lab and on the Compare page, in a real browser: diabetes chosen
on the Data page, the lab draws the unpruned, pre-pruned and post-pruned trees with their
RMSE and R², the CCP path's RMSE and the replay; Compare shows the trees, their metrics and
each tree's prediction against the actual value; and the lab again in 中文. No exception, no
request leaving 127.0.0.1; each page's screenshot is saved under artifacts/ to be looked at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ui.data.samples import SAMPLES

pytestmark = pytest.mark.browser

CHARTS = "[data-testid=stGraphVizChart]"
PLOTS = "[data-testid=stPlotlyChart] .main-svg"


def no_exception(page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def open_page(page, settle, name: str) -> None:
    page.get_by_test_id("stSidebarNavLink").filter(has_text=name).click()
    settle(page)


def open_diabetes(page, settle) -> None:
    """Choose the diabetes sample on the Data page (its target is a number: a regression
    tree)."""
    open_page(page, settle, "Data")
    page.locator(".st-key-w_dataset").get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name=SAMPLES["diabetes"].name("en")).click()
    settle(page)
    expect(page.get_by_text("Regression tree (predict a number)")).to_be_visible()


def test_pruning_lab_prunes_a_regression_tree(app_page, shot, settle):
    page = app_page
    open_diabetes(page, settle)
    open_page(page, settle, "Pruning lab")
    expect(page.locator(CHARTS)).to_have_count(4)
    for i in range(4):                       # three trees side by side, and the replay's
        expect(page.locator(CHARTS).nth(i).locator("svg g.node").first).to_be_visible()
    expect(page.get_by_text("RMSE training 0, validation").first).to_be_visible()
    expect(page.get_by_text("Validation RMSE (lower is better)")).to_be_visible()
    expect(page.get_by_test_id("stPlotlyChart")).to_have_count(2)   # RMSE bars, the CCP path
    expect(page.get_by_text("RMSE along the cost-complexity pruning path")).to_be_visible()
    expect(page.get_by_text("as a leaf (squared error").first).to_be_visible()   # the replay
    no_exception(page)
    shot(page, "43-regression-prune")

    method = page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").filter(
        has_text="Post-pruning method")
    method.click()
    expect(page.get_by_role("option")).to_have_text(["REP", "CCP"])
    page.get_by_role("option", name="CCP").click()
    settle(page)
    expect(page.get_by_text("Post-pruned: CCP (α = ").first).to_be_visible()
    expect(page.get_by_text("weakest link α_eff").first).to_be_visible()
    no_exception(page)


def test_compare_page_with_a_regression_tree(app_page, shot, settle):
    page = app_page
    open_diabetes(page, settle)
    open_page(page, settle, "Compare")
    expect(page.locator(CHARTS)).to_have_count(2)
    for i in range(2):
        expect(page.locator(CHARTS).nth(i).locator("svg g.node").first).to_be_visible()
    expect(page.get_by_text("4 leaves, depth 2 · RMSE training").first).to_be_visible()
    expect(page.get_by_role("heading", name="Predicted against actual")).to_be_visible()
    expect(page.get_by_text("Validation rows: predicted progression against actual")
           ).to_be_visible()
    expect(page.get_by_role("heading", name="The root's cuts")).to_be_visible()
    no_exception(page)
    shot(page, "44-regression-compare")
    scatter = page.locator(".st-key-compare-predicted")
    scatter.scroll_into_view_if_needed()
    expect(scatter.locator(".main-svg").first).to_be_visible()
    expect(scatter.locator(".scatterlayer .trace")).to_have_count(3)    # #1, #2, the diagonal
    shot(page, "44b-regression-compare-scatter")


def test_pruning_lab_in_chinese(app_page, shot, settle):
    page = app_page
    open_diabetes(page, settle)
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    settle(page)
    open_page(page, settle, "剪枝实验")
    expect(page.locator(CHARTS)).to_have_count(4)
    expect(page.get_by_text("均方根误差 RMSE：训练集").first).to_be_visible()
    expect(page.get_by_text("代价复杂度剪枝路径上的 RMSE")).to_be_visible()
    expect(page.get_by_text("剪枝条件：验证集平方误差")).to_be_visible()
    no_exception(page)
    shot(page, "45-regression-prune-zh")
    open_page(page, settle, "比较")
    expect(page.get_by_role("heading", name="预测值与真实值")).to_be_visible()
    no_exception(page)
    shot(page, "46-regression-compare-zh")


def test_a_tree_grown_by_the_absolute_error(app_page, shot, settle):
    """Diabetes grown by the absolute error, chosen in the sidebar: the tree view's nodes show
    their median and MAE, the candidate table AE and the region medians."""
    page = app_page
    open_diabetes(page, settle)
    open_page(page, settle, "Grow")
    page.locator(".st-key-w_grow_max_depth input").fill("3")
    page.locator(".st-key-w_grow_max_depth input").press("Enter")
    settle(page)
    page.locator(".st-key-w_criterion").get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name="Absolute error").click()
    settle(page)
    no_exception(page)
    expect(page.get_by_text("least leaves absolute error").first).to_be_visible(timeout=60_000)
    page.get_by_role("tab", name="Threshold chart").click()
    settle(page)
    expect(page.get_by_text("Absolute error after each cut").first).to_be_visible()
    no_exception(page)
    shot(page, "48-regression-absolute-error")
