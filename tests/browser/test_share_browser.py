"""The view in the address bar, in a real browser: a shared link opens the same page, data,
choices and step; the address follows a click; a reload keeps the place and the uploaded table."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tests.browser.test_grow_browser import button, no_exception, tree_view
from ui.data.samples import SAMPLES

pytestmark = pytest.mark.browser

TABLE = "colour,size,label\nred,1.5,yes\nblue,2.5,no\nred,3.0,yes\ngreen,0.5,no\nred,2.0,no\n"


def query(page) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(urlparse(page.url).query).items()}


def test_a_shared_link_opens_the_same_view_and_follows_clicks(app_page, app_url, shot, settle):
    page = app_page
    page.goto(f"{app_url}/grow?lang=zh&data=iris&algo=c45&depth=3&step=2")
    settle(page)
    expect(page.get_by_role("heading", name="生成决策树")).to_be_visible()
    expect(page.get_by_test_id("stSidebar")).to_contain_text(SAMPLES["iris"].name("zh"))
    expect(tree_view(page)).to_have_attribute("data-nodes", "5", timeout=30_000)   # 2 steps
    no_exception(page)
    page.get_by_text("本视图的链接").click()
    expect(page.get_by_test_id("stCode")).to_contain_text("/grow?lang=zh&data=iris&algo=c45")
    expect(page.get_by_test_id("stSidebar").get_by_text("复制此地址")).to_be_visible()
    shot(page, "60-shared-link")

    button(page, "grow.next").click()
    settle(page)
    expect(tree_view(page)).to_have_attribute("data-nodes", "7")
    expect(page).to_have_url(f"{app_url}/grow?lang=zh&data=iris&algo=c45&depth=3&step=3")

    page.reload()                                            # a reload keeps the place
    settle(page)
    expect(tree_view(page)).to_have_attribute("data-nodes", "7", timeout=30_000)
    assert query(page)["step"] == "3"
    no_exception(page)


def test_a_reload_keeps_the_uploaded_table(app_page, app_url, tmp_path, settle):
    page = app_page
    page.goto(f"{app_url}/data")
    settle(page)
    upload = tmp_path / "shop.csv"
    upload.write_text(TABLE)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(upload))
    settle(page)
    expect(page.get_by_test_id("stSidebar")).to_contain_text("shop.csv")
    expect(page).to_have_url(re.compile(r"[?&]data=upload-[0-9a-f]{64}"))

    page.reload()
    settle(page)
    expect(page.get_by_test_id("stSidebar")).to_contain_text("shop.csv")
    assert query(page)["data"].startswith("upload-")
    no_exception(page)
