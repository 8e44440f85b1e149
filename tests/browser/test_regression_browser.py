"""A regression tree in a real browser: the Li Hang exercise 5.2 sample opens on the Grow page,
grows CART's least-squares tree step by step, and shows the squared error after every cut and
the node's rows with the two region means, and the criterion lens (squared against absolute
error); the Data page offers the kind of tree."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ui.data.samples import SAMPLES

pytestmark = pytest.mark.browser

TREE_NODES = "[data-testid=stGraphVizChart] >> nth=0 >> svg g.node"


def test_regression_tree_grows_and_explains_its_cuts(app_page, shot, settle):
    page = app_page
    page.get_by_role("button", name=SAMPLES["lihang_regression"].name("en")).click()
    settle(page)
    expect(page.get_by_role("heading", name="Grow a decision tree")).to_be_visible()
    expect(page.locator(TREE_NODES)).to_have_count(1, timeout=30_000)
    expect(page.get_by_text("least leaves squared error").first).to_be_visible()
    page.locator(".st-key-grow-next button").first.click()
    settle(page)
    expect(page.locator(TREE_NODES)).to_have_count(3)
    expect(page.locator(TREE_NODES).filter(has_text="mean = 5.06")).to_have_count(1)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "40-regression-grow")
    page.get_by_role("tab", name="Threshold chart").click()
    settle(page)                     # only the open tab runs
    charts = page.locator("[data-testid=stPlotlyChart] .main-svg >> visible=true")
    expect(charts.first).to_be_visible()
    expect(page.get_by_text("region means", exact=False).first).to_be_visible()
    shot(page, "41-regression-cuts")
    page.get_by_role("tab", name="Criterion lens").click()
    settle(page)
    expect(page.get_by_text("what each criterion removes").first).to_be_visible()
    expect(page.locator("[data-testid=stPlotlyChart] >> visible=true")).to_have_count(2)
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "47-regression-lens")

    page.get_by_role("link", name="Data").first.click()
    settle(page)
    expect(page.get_by_text("Regression tree (predict a number)")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "42-regression-data")
    page.get_by_role("link", name="Concepts").first.click()
    settle(page)
    expect(page.get_by_text("What a cut of a regression tree decreases")).to_be_visible()
    expect(page.get_by_text("exactly what the children leave")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "43-regression-concepts")


def test_a_regression_tree_groups_the_values_of_a_nominal_column(app_page, shot, settle):
    """The CPU sample (30 vendors, a performance to predict), in 中文: the vendor's best two
    groups in the candidate table and its values ordered by mean in the threshold tab."""
    page = app_page
    page.get_by_role("link", name="Data").first.click()
    settle(page)
    page.locator(".st-key-w_dataset").get_by_role("combobox").click()
    page.get_by_role("option", name=SAMPLES["cpu_vendor"].name("en")).click()
    settle(page)
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    settle(page)
    page.get_by_role("link", name="生成决策树").first.click()
    settle(page)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_text("vendor ∈ {").first).to_be_attached(timeout=30_000)   # a grid cell
    page.get_by_role("tab", name="划分点图").click()
    settle(page)                     # only the open tab runs
    page.locator(".st-key-w_grow_feature").get_by_role("combobox").click()
    page.get_by_role("option", name="vendor", exact=True).click()
    settle(page)
    expect(page.get_by_text("vendor 各取值的 PRP 均值").first).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "44-regression-vendor-groups-zh")


def test_the_absolute_error_orders_the_vendors_by_median(app_page, app_url, shot, settle):
    """The CPU sample grown by the absolute error, opened from a shared link: the threshold
    tab orders the 30 vendors by their median performance and prices each cut by AE."""
    page = app_page
    page.goto(f"{app_url}/grow?data=cpu_vendor&crit=absolute_error&depth=4")
    settle(page)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_text("vendor ∈ {").first).to_be_attached(timeout=30_000)
    page.get_by_role("tab", name="Threshold chart").click()
    settle(page)
    page.locator(".st-key-w_grow_feature").get_by_role("combobox").click()
    page.get_by_role("option", name="vendor", exact=True).click()
    settle(page)
    expect(page.get_by_text("median PRP of each value of vendor").first).to_be_visible()
    expect(page.get_by_text("cut between values (ordered by median)").first).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "49-absolute-error-vendor-groups")
