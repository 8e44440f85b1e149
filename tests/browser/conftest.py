"""The real-browser suite: a Streamlit server on a free loopback port, driven by Debian's
chromium through pytest-playwright (see shared TESTING.md).

Chromium missing: the tests skip locally, but fail when ``CI`` is set, so CI can never go green
by skipping them. Every request the page makes is recorded; none may leave 127.0.0.1.

Waiting, sized for a loaded 2-core machine: every Playwright wait (locators and ``expect``) gets
:data:`PAGE_TIMEOUT_MS`, and after each action a test waits for the script run it caused to
finish (:func:`wait_for_script`), counted from the server's messages to the page
(:class:`ScriptRuns`), so no assertion reads a page that is still being redrawn.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import weakref
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]
#: Seconds to wait for the server, a script run, or the first chart on a loaded machine.
SERVER_TIMEOUT = 60
PAGE_TIMEOUT_MS = 60_000
#: How long an action has to start a script run before it is taken to have started none.
RUN_START_TIMEOUT_MS = 10_000
LOCAL_HOSTS = {"127.0.0.1"}

#: ``expect()`` has its own 5 s default, untouched by ``page.set_default_timeout``.
expect.set_options(timeout=PAGE_TIMEOUT_MS)

#: The app, idle: no script run going on.
IDLE = "[data-testid=stApp][data-test-script-state=notRunning]"


class ScriptRuns:
    """The script runs the server reports finished to a page: the ``script_finished`` messages
    on its websocket (a run stopped early for a rerun is not counted), and how many a test has
    waited for. Exact where the page's own ``data-test-script-state`` is not: a browser busy
    drawing may handle a run's start and end in one task, and the attribute then never shows
    "running". Made before the page's first ``goto``."""

    def __init__(self, page) -> None:
        self.finished = self.settled = 0
        page.on("websocket", lambda socket: socket.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        if isinstance(payload, bytes):
            message = ForwardMsg.FromString(payload)
            if message.WhichOneof("type") == "script_finished" and \
                    message.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                self.finished += 1

    def wait(self, page) -> None:
        """Wait for a run beyond those already waited for (an action that starts none costs
        :data:`RUN_START_TIMEOUT_MS`), then for the app to be idle."""
        deadline = time.monotonic() + RUN_START_TIMEOUT_MS / 1000
        while self.finished == self.settled and time.monotonic() < deadline:
            page.wait_for_timeout(20)                 # Playwright hands over the messages
        page.locator(IDLE).wait_for()
        self.settled = self.finished


#: The run counter of each page of the suite (:func:`watch_runs`).
_RUNS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def watch_runs(page) -> None:
    """Count ``page``'s script runs for :func:`wait_for_script`; before its first ``goto``."""
    _RUNS[page] = ScriptRuns(page)


def _require_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = f"{CHROMIUM} not found (apt-get install chromium)"
    if os.environ.get("CI"):
        pytest.fail(message + ": the browser suite must run in CI")
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_app(out) -> tuple[subprocess.Popen, str]:
    """``streamlit run app.py`` on a free loopback port, in its own process group, its output
    to the file ``out``: ``(process, url)`` once it answers its health check. RuntimeError
    (the process stopped) when it exits or is not healthy within :data:`SERVER_TIMEOUT`."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port),
         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + SERVER_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"streamlit exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read().strip() == b"ok":
                    return server, url
        except OSError:
            time.sleep(0.3)
    stop_app(server)
    raise RuntimeError(f"streamlit did not become healthy within {SERVER_TIMEOUT} s")


def stop_app(server: subprocess.Popen) -> None:
    """Stop a server :func:`start_app` started, and its process group."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


@pytest.fixture(scope="session")
def app_url():
    """The app's server (:func:`start_app`) for the whole session; its output goes to
    ``artifacts/streamlit-server.log``."""
    _require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / "streamlit-server.log").open("wb") as log:
        try:
            server, url = start_app(log)
        except RuntimeError as error:
            pytest.fail(f"{error}; see artifacts/streamlit-server.log")
    try:
        yield url
    finally:
        stop_app(server)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's chromium instead of a Playwright download (never run ``playwright install``)."""
    _require_chromium()
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A tall window: Streamlit scrolls inside its own container, so a full-page screenshot
    shows only what fits in the viewport."""
    return {**browser_context_args, "viewport": {"width": 1400, "height": 2000}}


@pytest.fixture
def app_page(page, app_url):
    """A page on the running app whose requests are all checked to stay on 127.0.0.1."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    watch_runs(page)
    page.goto(app_url)
    wait_for_script(page)
    yield page
    outside = [u for u in requests if urlparse(u).scheme not in ("data", "blob")
               and urlparse(u).hostname not in LOCAL_HOSTS]
    assert not outside, f"requests left 127.0.0.1: {outside}"


def wait_for_script(page) -> None:
    """Wait for the script run the last action started, then for the app to be idle.

    Waiting only for "notRunning" (TESTING.md) returns at once when the run has not started
    yet, which is common on a loaded machine; so first wait until the server has finished a
    run beyond those already waited for (:meth:`ScriptRuns.wait`)."""
    _RUNS[page].wait(page)


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under artifacts/ and return its path, once the fonts the
    page asked for have loaded (a formula's large symbols come in a font of their own, blank
    until it arrives)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("document.fonts.ready.then(() => true)")
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def shot():
    """The :func:`screenshot` helper, as a fixture."""
    return screenshot


@pytest.fixture
def settle():
    """The :func:`wait_for_script` helper, as a fixture."""
    return wait_for_script
