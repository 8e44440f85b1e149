"""The interactive tree view in a real browser: it draws the tree, zooms with the wheel, pans by
dragging, a click selects a node and the inspector follows, a double-click folds a subtree,
presentation mode enlarges it; and a tree of about 15,000 nodes stays drawable and readable
when zoomed in. Screenshots land in artifacts/ (look at them)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from playwright.sync_api import expect

from tests.browser.uploads import grow_soybean_by_c45, upload_then_grow

pytestmark = pytest.mark.browser

FRAME = "iframe[title='ui.views.tree_widget.tree_view']"


class Frame:
    """The tree view's iframe, found again at each use (a rerun may replace the element)."""

    def __init__(self, page):
        self.page = page

    def locator(self, selector: str):
        return self.page.frame_locator(FRAME).locator(selector)

    def evaluate(self, script: str):
        return self.page.locator(FRAME).element_handle().content_frame().evaluate(script)


def view_frame(page):
    """(the tree view's iframe element locator, its frame, the .tv element inside)."""
    iframe = page.locator(FRAME)
    expect(iframe).to_have_count(1, timeout=30_000)
    frame = Frame(page)
    return iframe, frame, frame.locator(".tv")


def point(frame, node_id: int) -> tuple[float, float]:
    """Where node ``node_id`` is drawn, in the canvas' pixels."""
    xy = frame.evaluate(f"document.querySelector('.tv').__tv.screenPoint({node_id})")
    assert xy is not None, f"node {node_id} is not drawn"
    return xy[0], xy[1]


def wheel_at(page, iframe, xy, steps: int, delta: float = -240) -> None:
    box = iframe.bounding_box()
    page.mouse.move(box["x"] + xy[0], box["y"] + xy[1])
    for _ in range(steps):
        page.mouse.wheel(0, delta)
        page.wait_for_timeout(60)


def button(page, key: str):
    return page.locator(f".st-key-{key.replace('.', '-')} button").first


def test_zoom_pan_click_and_fold(app_page, shot, settle):
    page = app_page
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Grow").click()
    settle(page)
    iframe, frame, tv = view_frame(page)
    expect(tv).to_have_attribute("data-nodes", "1", timeout=30_000)   # step 0: the root
    button(page, "grow.last").click()
    settle(page)
    expect(tv).not_to_have_attribute("data-nodes", "1")
    nodes = int(tv.get_attribute("data-nodes"))
    assert nodes > 5
    expect(tv).to_have_attribute("data-lod", "2")                    # a small tree: full labels
    shot(page, "20-tree-view")

    # zoom in with the wheel over node 2: the zoom grows, node 2 stays under the pointer
    before = float(tv.get_attribute("data-zoom"))
    where = point(frame, 2)
    wheel_at(page, iframe, where, 3)
    expect(tv).not_to_have_attribute("data-zoom", f"{before:.3f}")
    assert float(tv.get_attribute("data-zoom")) > before * 1.5
    after = point(frame, 2)
    assert abs(after[0] - where[0]) < 8 and abs(after[1] - where[1]) < 8   # (the 1 px border)

    # pan by dragging an empty spot: node 2 moves with the pointer
    box = iframe.bounding_box()
    start = (box["x"] + 30, box["y"] + box["height"] - 30)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 80, start[1] - 40, steps=5)
    page.mouse.up()
    moved = point(frame, 2)
    assert abs(moved[0] - after[0] - 80) < 2 and abs(moved[1] - after[1] + 40) < 2

    # click node 2: it is selected, and the inspector and the candidate table follow
    frame.locator("canvas.tv-main").click(position=dict(zip("xy", moved)))
    settle(page)
    expect(tv).to_have_attribute("data-selected", "2")
    expect(page.get_by_text("Candidate splits at node #2")).to_be_visible()
    expect(page.get_by_text("Node #2", exact=True)).to_be_visible()
    shot(page, "21-tree-view-selected")

    # fit to screen, then double-click node 1 to fold its subtree into one marker
    frame.locator("button[data-act=fit]").click()
    frame.locator("canvas.tv-main").dblclick(position=dict(zip("xy", point(frame, 1))))
    settle(page)
    expect(tv).not_to_have_attribute("data-nodes", str(nodes))
    assert int(tv.get_attribute("data-nodes")) < nodes
    button(page, "grow.tree_view.expand_all").click()
    settle(page)
    expect(tv).to_have_attribute("data-nodes", str(nodes))
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_presentation_mode_enlarges_the_tree(app_page, shot, settle):
    page = app_page
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Grow").click()
    settle(page)
    button(page, "grow.last").click()
    settle(page)
    iframe, frame, tv = view_frame(page)
    expect(tv).not_to_have_attribute("data-nodes", "1")
    normal = iframe.bounding_box()["height"]
    page.get_by_test_id("stSidebar").get_by_text("Presentation mode").click()
    settle(page)
    expect(tv).to_have_attribute("data-scale", "1.6")
    assert iframe.bounding_box()["height"] > normal
    assert tv.get_attribute("data-lod") in ("1", "2")                # labelled, larger
    shot(page, "22-tree-view-presentation")


def big_table(path, rows: int = 31_000) -> None:
    """Noisy labels on 10 continuous features: a full-depth tree of about 15,000 nodes."""
    from sklearn.datasets import make_classification

    X, y = make_classification(n_samples=rows, n_features=10, n_informative=6, n_classes=3,
                               flip_y=0.3, random_state=0)
    frame = pd.DataFrame(np.round(X, 4), columns=[f"f{j}" for j in range(X.shape[1])])
    frame["y"] = np.array(["a", "b", "c"], dtype=object)[y]
    frame.to_csv(path, index=False)


def test_a_tree_of_15000_nodes(app_page, shot, settle, tmp_path):
    page = app_page
    csv = tmp_path / "noisy.csv"
    big_table(csv)
    upload_then_grow(page, settle, csv)
    button(page, "grow.last").click()
    settle(page)
    iframe, frame, tv = view_frame(page)
    expect(tv).not_to_have_attribute("data-nodes", "1", timeout=60_000)
    nodes = int(tv.get_attribute("data-nodes"))
    assert nodes > 12_000
    # the last step's node is selected: the view takes the reader there, labels readable
    expect(tv).not_to_have_attribute("data-lod", "0")
    assert int(tv.get_attribute("data-visible")) < 400            # only what is in view
    shot(page, "24-tree-view-15k-step-node")
    frame.locator("button[data-act=fit]").click()                 # the whole tree
    expect(tv).to_have_attribute("data-lod", "0")                 # too small to label
    shot(page, "23-tree-view-15k-fit")
    # zoom with the wheel into the selected node (outlined): labels appear, readable
    where = point(frame, int(tv.get_attribute("data-selected")))
    wheel_at(page, iframe, where, 20)
    expect(tv).to_have_attribute("data-lod", "2")
    assert int(tv.get_attribute("data-visible")) < 400
    shot(page, "25-tree-view-15k-zoomed")
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_pinch_zooms_on_a_touch_screen(browser, app_url, settle):
    """Two fingers spreading apart zoom in (touch events through the DevTools protocol)."""
    from tests.browser.conftest import PAGE_TIMEOUT_MS, watch_runs

    context = browser.new_context(viewport={"width": 1400, "height": 1400}, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        watch_runs(page)
        page.goto(app_url)
        settle(page)
        page.get_by_test_id("stSidebarNavLink").filter(has_text="Grow").click()
        settle(page)
        button(page, "grow.last").click()
        settle(page)
        iframe, _, tv = view_frame(page)
        expect(tv).not_to_have_attribute("data-nodes", "1")
        before = float(tv.get_attribute("data-zoom"))
        box = iframe.bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = context.new_cdp_session(page)

        def touch(kind, spread):
            points = [] if spread is None else [{"x": cx - spread, "y": cy, "id": 0},
                                                {"x": cx + spread, "y": cy, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", 40)
        for k in range(1, 6):
            touch("touchMove", 40 + 8 * k)
            page.wait_for_timeout(30)
        touch("touchEnd", None)
        expect(tv).not_to_have_attribute("data-zoom", f"{before:.3f}")
        assert float(tv.get_attribute("data-zoom")) > before * 1.5      # 80 px → 160 px apart
    finally:
        context.close()


def test_soybean_a_real_tree_of_a_few_hundred_nodes(app_page, shot, settle, tmp_path):
    """Weka's soybean grown by C4.5: the whole tree fitted, then a node zoomed into until its
    box is readable."""
    page = app_page
    grow_soybean_by_c45(page, settle, tmp_path)
    button(page, "grow.last").click()
    settle(page)
    iframe, frame, tv = view_frame(page)
    expect(tv).not_to_have_attribute("data-nodes", "1", timeout=60_000)
    assert 200 < int(tv.get_attribute("data-nodes")) < 1000
    frame.locator("button[data-act=fit]").click()
    shot(page, "26-tree-view-soybean-fit")
    where = point(frame, int(tv.get_attribute("data-selected")))
    wheel_at(page, iframe, where, 12)
    expect(tv).to_have_attribute("data-lod", "2")
    shot(page, "27-tree-view-soybean-zoomed")
    expect(page.get_by_test_id("stException")).to_have_count(0)
