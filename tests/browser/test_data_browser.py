"""The Data page in a real browser: upload a CSV, see it, switch to 中文, no exception."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from ui.data.samples import SAMPLES

pytestmark = pytest.mark.browser

#: The Grow page's tree view, in its iframe (see test_grow_browser).
GROW_VIEW = "iframe[title='ui.views.tree_widget.tree_view']"


def no_exception(page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_upload_preview_and_language_switch(app_page, shot, settle, tmp_path):
    page = app_page
    expect(page.get_by_role("heading", name="Tree Explorer")).to_be_visible()
    no_exception(page)
    shot(page, "01-home")

    page.get_by_test_id("stSidebarNavLink").filter(has_text="Data").click()
    settle(page)
    expect(page.get_by_role("heading", name="Data", exact=False).first).to_be_visible()

    upload = tmp_path / "我的西瓜.csv"
    upload.write_bytes(SAMPLES["watermelon3.0"].path.read_text("utf-8").encode("gbk"))
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(upload))
    settle(page)
    expect(page.get_by_text("17 rows, 8 features, 2 classes")).to_be_visible()
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible()
    expect(page.locator(".main-svg").first).to_be_visible()  # the class balance chart
    expect(page.get_by_test_id("stSidebar").get_by_text("📎 我的西瓜.csv")).to_be_visible()
    no_exception(page)
    shot(page, "02-data-upload")

    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    settle(page)
    expect(page.get_by_text("17 个样本，8 个属性，2 个类别")).to_be_visible()
    expect(page.get_by_text("类别列（目标）")).to_be_visible()
    expect(page.get_by_test_id("stSidebarNavLink").filter(has_text="数据")).to_be_visible()
    no_exception(page)
    shot(page, "03-data-zh")

    page.get_by_test_id("stSidebarNavLink").filter(has_text="生成决策树").click()
    settle(page)
    root = page.frame_locator(GROW_VIEW).locator(".tv")
    expect(root).to_have_attribute("data-nodes", "1", timeout=30_000)   # step 0: the root
    expect(root).to_have_attribute("aria-label", re.compile("^决策树视图"))   # in 中文
    no_exception(page)
    shot(page, "04-grow-zh")


def test_bad_upload_shows_an_error_box(app_page, shot, settle, tmp_path):
    page = app_page
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Data").click()
    settle(page)
    junk = tmp_path / "junk.csv"
    junk.write_bytes(bytes(range(256)) * 40)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(junk))
    settle(page)
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text("binary")
    expect(page.get_by_text("17 rows, 6 features, 2 classes")).to_be_visible()
    no_exception(page)
    shot(page, "05-data-bad-upload")
