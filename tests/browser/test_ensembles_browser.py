"""The Forests & boosting page in a real browser: a random forest on the iris sample (its
curves, member t in the tree view, the bootstrap sample), AdaBoost's weights round by round,
and gradient boosting on the diabetes regression sample, in English and 中文."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ui.data.samples import SAMPLES

pytestmark = pytest.mark.browser

CHARTS = "[data-testid=stPlotlyChart] .main-svg >> visible=true"


def _open(page, settle, sample: str) -> None:
    """Choose ``sample`` on the Data page, then open Forests & boosting."""
    page.get_by_role("link", name="Data").first.click()
    settle(page)
    page.locator(".st-key-w_dataset").get_by_role("combobox").click()
    page.get_by_role("option", name=SAMPLES[sample].name("en")).click()
    settle(page)
    page.get_by_role("link", name="Forests & boosting").first.click()
    settle(page)
    expect(page.get_by_role("heading", name="Forests & boosting")).to_be_visible()


def test_forest_and_adaboost_round_by_round(app_page, shot, settle):
    page = app_page
    _open(page, settle, "iris")
    expect(page.get_by_text("the first 1 of 30 trees")).to_be_visible(timeout=60_000)
    expect(page.locator(CHARTS).first).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    page.locator(".st-key-ens-next button").first.click()
    settle(page)
    expect(page.get_by_text("the first 2 of 30 trees")).to_be_visible()
    shot(page, "50-forest-member")
    page.get_by_role("tab", name="What tree t saw").click()
    expect(page.get_by_text("were never drawn")).to_be_visible()
    shot(page, "51-forest-bootstrap")
    page.get_by_role("tab", name="Feature importance").click()
    expect(page.get_by_text("random test")).to_be_visible()
    shot(page, "52-forest-importance")

    page.get_by_text("AdaBoost (decision stumps)").click()
    settle(page)
    expect(page.get_by_text("the first 1 of 30 trees")).to_be_visible(timeout=60_000)
    last_round = page.get_by_text("the first 30 of 30 trees")
    for attempt in range(3):          # a click landing as a rerun redraws the button is lost
        page.locator(".st-key-ens-last button").first.click()
        settle(page)
        try:
            expect(last_round).to_be_visible(timeout=15_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    page.get_by_role("tab", name="What tree t saw").click()
    expect(page.get_by_text("Round 30: the weighted error and the member's vote")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "53-adaboost-weights")


def test_gradient_boosting_on_a_regression_sample_in_chinese(app_page, shot, settle):
    page = app_page
    _open(page, settle, "diabetes")
    page.get_by_text("Gradient boosting (GBDT)").click()
    settle(page)
    expect(page.get_by_text("the first 1 of 30 trees")).to_be_visible(timeout=60_000)
    page.get_by_role("tab", name="What tree t saw").click()
    expect(page.get_by_text("residuals against the tree's output")).to_be_visible()
    shot(page, "54-gbdt-residuals")
    page.get_by_role("tab", name="One row").click()
    expect(page.get_by_text("after round 1 the ensemble predicts")).to_be_visible()
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    settle(page)
    expect(page.get_by_role("heading", name="随机森林与提升")).to_be_visible()
    expect(page.get_by_text("梯度提升决策树（GBDT）").first).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    shot(page, "55-gbdt-row-zh")
