"""Load: many concurrent sessions on one server, each uploading its own file and growing a tree;
no session ever shows another's data or tree. Measures the server's memory per session and
the p95 response time of the actions (written to artifacts/load.json; the README quotes them).

``LOAD_SESSIONS`` (default 20) browser contexts stay open together; ``LOAD_CONCURRENCY``
(default 5) of them act at once, since 2 cores cannot drive 20 chromium pages in lockstep
(20 sessions take about 3 minutes here; ``LOAD_SESSIONS=10`` halves that).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import numpy as np
import pytest
from playwright.async_api import async_playwright, expect

pytestmark = pytest.mark.browser

SESSIONS = int(os.environ.get("LOAD_SESSIONS", "20"))
CONCURRENCY = int(os.environ.get("LOAD_CONCURRENCY", "5"))
ROWS = 12
VIEW = "iframe[title='ui.views.tree_widget.tree_view']"   # the Grow page's tree view
TIMEOUT_MS = 90_000
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def tag(i: int) -> str:
    """The marker of session ``i``: in its file name, column names, values and classes."""
    return f"u{i:02d}q"


def session_csv(i: int) -> str:
    """A small table only session ``i`` uses; its label follows colour and size, so the tree
    splits and shows the session's names in its nodes and edges."""
    m = tag(i)
    lines = [f"{m}_colour,{m}_size,{m}_label"]
    for r in range(ROWS):
        colour = ("red", "blue", "green")[r % 3]
        size = (r * 7 + i) % 10 + 0.5
        label = "yes" if (colour == "red") != (size > 5) else "no"
        lines.append(f"{colour}_{m},{size},{label}_{m}")
    return "\n".join(lines) + "\n"


def server_pid(url: str) -> int:
    """The pid of the Streamlit server listening on ``url``'s port (the suite's fixture)."""
    port = str(urlparse(url).port)
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in b" ".join(args) and port.encode() in args:
            return int(proc.name)
    raise LookupError(f"no streamlit process on port {port}")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise LookupError("VmRSS")


class Timings:
    """Seconds from each user action to the state it should lead to."""

    def __init__(self):
        self.seconds: list[float] = []

    async def measure(self, action, done) -> None:
        start = time.perf_counter()
        await action()
        await done()
        self.seconds.append(time.perf_counter() - start)


async def settled(page) -> None:
    await page.locator("[data-testid=stApp][data-test-script-state=notRunning]").wait_for()


async def run_session(browser, url: str, i: int, tmp: Path, timings: Timings, gate, requests):
    """Upload session ``i``'s file, check the Data page, grow the tree and step to its end.
    Returns the open page (kept alive so every session stays on the server until the end)."""
    context = await browser.new_context(viewport={"width": 1400, "height": 1600})
    page = await context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("request", lambda request: requests.append(request.url))
    path = tmp / f"load_{tag(i)}.csv"
    path.write_text(session_csv(i))
    async with gate:
        await timings.measure(lambda: page.goto(url), lambda: settled(page))
        nav = page.get_by_test_id("stSidebarNavLink").filter(has_text="Data")
        await timings.measure(nav.click, lambda: settled(page))
        await timings.measure(
            lambda: page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(path)),
            lambda: expect(page.get_by_text(f"{ROWS} rows, 2 features, 2 classes")).to_be_visible(
                timeout=TIMEOUT_MS))
        await timings.measure(page.locator(".st-key-data-next button").click,
                              lambda: expect(page.frame_locator(VIEW).locator(
                                  ".tv[data-nodes='1']")).to_have_count(1, timeout=TIMEOUT_MS))
        await timings.measure(page.locator(".st-key-grow-last button").first.click,
                              lambda: expect(page.frame_locator(VIEW).locator(
                                  ".tv:not([data-nodes='1'])")).to_be_visible(
                                  timeout=TIMEOUT_MS))
        await settled(page)
    return page


async def foreign_tags(page, own: int, sessions: int) -> list[str]:
    """Tags of other sessions found anywhere in the page's HTML (text, SVG, attributes)."""
    html = await page.content()
    assert tag(own) in html
    return [tag(j) for j in range(sessions) if j != own and tag(j) in html]


async def drive(url: str, launch_args: dict, tmp: Path) -> dict:
    timings, requests = Timings(), []
    pid = server_pid(url)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**launch_args)
        warm = await browser.new_page()              # first script run: imports, caches
        await warm.goto(url)
        await settled(warm)
        await warm.close()
        before = rss_mb(pid)
        gate = asyncio.Semaphore(CONCURRENCY)
        start = time.perf_counter()
        pages = await asyncio.gather(*(run_session(browser, url, i, tmp, timings, gate, requests)
                                       for i in range(SESSIONS)))
        wall = time.perf_counter() - start
        after = rss_mb(pid)
        leaks = {i: await foreign_tags(page, i, SESSIONS) for i, page in enumerate(pages)}
        exceptions = [i for i, page in enumerate(pages)
                      if await page.get_by_test_id("stException").count()]
        await browser.close()
    outside = [u for u in requests if urlparse(u).scheme not in ("data", "blob")
               and urlparse(u).hostname != "127.0.0.1"]
    return {"sessions": SESSIONS, "concurrency": CONCURRENCY, "wall_seconds": round(wall, 1),
            "rss_before_mb": round(before, 1), "rss_after_mb": round(after, 1),
            "mb_per_session": round((after - before) / SESSIONS, 1),
            "actions": len(timings.seconds),
            "p50_seconds": round(float(np.percentile(timings.seconds, 50)), 2),
            "p95_seconds": round(float(np.percentile(timings.seconds, 95)), 2),
            "max_seconds": round(max(timings.seconds), 2),
            "leaks": {i: found for i, found in leaks.items() if found},
            "exceptions": exceptions, "outside_requests": outside}


def test_concurrent_sessions_stay_apart(app_url, browser_type_launch_args, tmp_path):
    """Run the async driver in its own thread (pytest-playwright's sync API owns this one)."""
    result: dict = {}
    failure: list[BaseException] = []

    def target():
        try:
            result.update(asyncio.run(drive(app_url, dict(browser_type_launch_args), tmp_path)))
        except BaseException as error:               # re-raised in the test's thread
            failure.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "load.json").write_text(json.dumps(result, indent=1))
    print("load:", json.dumps(result))
    assert result["leaks"] == {} and result["exceptions"] == []
    assert result["outside_requests"] == []
    assert result["actions"] == 5 * SESSIONS
