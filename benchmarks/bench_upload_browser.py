"""Upload to first tree as a person sees it: a real browser (Debian's chromium, driven by
Playwright) on a running server, the 100k-row mixed CSV uploaded on the Data page, then the
Grow page opened until its tree view is drawn and the page is idle.

    .venv/bin/python benchmarks/bench_upload_browser.py [--rows 100000] [--algorithms cart c45]
        [--pause 0]

``bench_upload_to_tree.py`` times the same two script runs on the server through AppTest; this
adds what the browser adds (sending the file, drawing the page and the tree view). Each
algorithm has a server of its own, so nothing is cached; the algorithm is chosen by the
shared link's ``algo`` parameter, and the server's background load of the kernels is waited
for first, as a person opening the app and picking a file meets it. Browser and server share
this machine's two cores, so the server's CPU seconds are printed beside each wall time.
``--pause s`` waits s seconds on the Data page before the Grow page is clicked, as a person
reading it would; the server grows the first tree meanwhile (:mod:`ui.models.grow_ahead`).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

from common import mixed_table
from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, ScriptRuns, start_app, stop_app

TREE_VIEW = "iframe[title='ui.views.tree_widget.tree_view']"


def server_cpu(server: subprocess.Popen) -> float:
    """CPU seconds the server process has used (user + system, from ``/proc``)."""
    fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def upload_to_tree(page, url: str, csv: Path, rows: int, algorithm: str,
                   server: subprocess.Popen, pause: float) -> dict:
    """The seconds from the browser sending the file (Playwright first copies it into the
    browser, which a person's browser does not need) to the Data page idle, and from the
    click on the Grow page to its tree view drawn and the page idle; the server's CPU seconds
    in each; the nodes drawn and the algorithm the sidebar names."""
    runs = ScriptRuns(page)
    sent: list[tuple[float, float]] = []
    page.on("request", lambda request: sent.append((time.perf_counter(), server_cpu(server)))
            if "upload_file" in request.url else None)
    page.goto(f"{url}/?algo={algorithm}")
    runs.wait(page)
    time.sleep(3)                                 # the background load of the kernels
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Data").click()
    runs.wait(page)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(csv))
    runs.wait(page)
    page.get_by_text(f"{rows:,} rows", exact=False).first.wait_for()
    start, cpu = sent[0]
    figures = {"upload": time.perf_counter() - start, "upload_cpu": server_cpu(server) - cpu}
    time.sleep(pause)
    start, cpu = time.perf_counter(), server_cpu(server)
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Grow").click()
    runs.wait(page)
    view = page.frame_locator(TREE_VIEW).locator(".tv[data-nodes]")
    view.wait_for()
    figures |= {"grow": time.perf_counter() - start, "grow_cpu": server_cpu(server) - cpu,
                "nodes": int(view.get_attribute("data-nodes")),
                "algorithm": page.get_by_test_id("stSidebar").get_by_text("Algorithm:")
                .inner_text()}
    stopped = page.get_by_text("Growth stopped after", exact=False).count() > 0
    figures["whole"] = "stopped at the deadline" if stopped else "whole tree"
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--algorithms", nargs="+", default=["cart", "c45"])
    parser.add_argument("--pause", type=float, default=0.0,
                        help="seconds on the Data page before the Grow page is clicked")
    args = parser.parse_args()
    csv = Path(tempfile.mkdtemp()) / "mixed.csv"
    csv.write_bytes(mixed_table(args.rows).to_csv().encode())
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for algorithm in args.algorithms:
            server, url = start_app(subprocess.DEVNULL)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(120_000)
                run = upload_to_tree(page, url, csv, args.rows, algorithm, server, args.pause)
                page.close()
            finally:
                stop_app(server)
            print(f"{run['algorithm']:<16} upload {run['upload']:5.2f} s (server CPU "
                  f"{run['upload_cpu']:.2f} s)   first tree {run['grow']:5.2f} s (server CPU "
                  f"{run['grow_cpu']:.2f} s)   total {run['upload'] + run['grow']:5.2f} s   "
                  f"{run['whole']}, {run['nodes']} node(s) drawn at step 0", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
