"""Server time of every page of the app on a large table with text categories and empty cells,
the first run and a rerun, through the app itself (AppTest).

    .venv/bin/python benchmarks/bench_pages.py [--rows 100000] [--algorithm c45]
                                               [--pages data grow prune ...]

The table is a pandas-written CSV of ``common.mixed_table`` (12 continuous and 8 nominal
columns, 10 % of the cells empty, 3 classes), uploaded once; its C4.5 tree has about as many
nodes as rows. Each page is opened in turn as a person would click through the app, its first
run timed (what it computes for the first time: fits, pruning, charts; the caches of the pages
before it kept), then a rerun with nothing changed, the least any click on it costs. One run
each: the point is to find a page that costs far more than the others on a large tree. After
the Grow page, its what-if is timed too: another feature forced at the root and the whole tree
grown with it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from common import mixed_table, timed_app_run  # common puts the repository root on the path
from streamlit.testing.v1 import AppTest

from tests.conftest import open_tab, seed_upload
from ui import state
from ui.models import growth

APP = Path(__file__).resolve().parent.parent / "app.py"
PAGES = ("data", "grow", "prune", "compare", "predict", "concepts", "ensembles")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--algorithm", default="c45")
    parser.add_argument("--pages", nargs="+", default=PAGES, choices=PAGES)
    args = parser.parse_args()
    at = AppTest.from_file(str(APP), default_timeout=1800)
    seed_upload(at, "mixed.csv", mixed_table(args.rows).to_csv().encode())
    at.session_state[state.ALGORITHM] = args.algorithm
    timed_app_run(at)
    print(f"{args.rows:,} rows, {args.algorithm}")
    for page in args.pages:
        at.switch_page(f"pages/{page}.py")
        first, rerun = timed_app_run(at), timed_app_run(at)
        notes = "; ".join(w.value.splitlines()[0][:80] for w in at.warning)
        print(f"{page:10s} first run {first:6.2f} s   rerun {rerun:5.2f} s   {notes}", flush=True)
        if page == "grow":
            print(f"{'what-if':10s} a forced split at the root, grown: {what_if(at):6.2f} s",
                  flush=True)


def what_if(at: AppTest) -> float:
    """Seconds of the Grow page's what-if: the root inspected, another feature than the one
    chosen forced there, and the whole tree grown with it (the run of the "Try" click)."""
    at.selectbox(key="w_" + growth.INSPECT).select(0)
    open_tab(at, "tab.whatif").run()
    chosen = at.selectbox(key="grow.whatif_feature")
    chosen.select([f for f in chosen.options if f != chosen.value][0]).run()
    at.button(key="grow.whatif_try").click()
    seconds = timed_app_run(at)
    at.button(key="grow.whatif_discard").click().run()
    return seconds


if __name__ == "__main__":
    main()
