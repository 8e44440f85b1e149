"""Server time from uploading a table to the first tree drawn, through the app itself (AppTest).

    .venv/bin/python benchmarks/bench_upload_to_tree.py [--rows 100000] [--algorithms c45 cart]
        [--repeat 3] [--pause 0]

The table is a pandas-written CSV of ``common.mixed_table``: 12 continuous and 8 nominal
columns, 10 % of the cells empty, 3 classes. Timed: the Data page's rerun after the upload
(parse, encode, summary) and the Grow page's first run (fit of the whole tree, drawing, the
candidate table of step 1), each a whole script run, as a click costs it; then the Grow page's
rerun with the tree cached, the least any click there costs. Every cache is cleared between
algorithms, so each fit is a cold one; the kernels are compiled beforehand (``make bench``
warms them). The app's first run starts loading them on a background thread
(:mod:`ui.preload`); the upload is timed once that load has finished, as a person's would be
(opening the app and picking a file takes longer than the load, whose time is printed), so
the load and the upload do not share the two cores in the figure. The algorithms take turns
in each of ``--repeat`` rounds (a noisy spell slows all of them alike); the medians are printed
after the rounds.

The Data page starts growing the first tree once the table is read (:mod:`ui.models.grow_ahead`),
and the Grow page waits for what is left of it. With ``--pause 0`` (the default) the Grow page
is opened the moment the upload's rerun ends, so the figure counts the whole fit, as if nobody
read the Data page; ``--pause s`` waits s seconds first, as a person reading it would (that
time is not counted).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import streamlit as st
from common import mixed_table
from streamlit.testing.v1 import AppTest

from ui import preload, state

APP = Path(__file__).resolve().parent.parent / "app.py"


def timed_run(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    return time.perf_counter() - start


def upload_to_tree(csv: bytes, algorithm: str, pause: float
                   ) -> tuple[float, float, float, list[str]]:
    """(seconds of the upload's rerun, of the Grow page's first run ``pause`` seconds later and
    of its rerun with the tree cached, warnings shown)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    at = AppTest.from_file(str(APP), default_timeout=600)
    at.run()
    start = time.perf_counter()
    preload.start().join()
    print(f"kernels loaded in the background: waited {time.perf_counter() - start:.2f} s")
    at.switch_page("pages/data.py").run()
    at.session_state[state.ALGORITHM] = algorithm
    at.file_uploader(key=state.UPLOADER).upload("mixed.csv", csv, "text/csv")
    upload = timed_run(at)
    if at.error:                                   # refused (too large) or unreadable
        raise RuntimeError(f"the upload was not read: {at.error[0].value}")
    time.sleep(pause)
    at.switch_page("pages/grow.py")
    grow = timed_run(at)
    rerun = timed_run(at)
    if at.exception:
        raise RuntimeError(at.exception[0].message)
    return upload, grow, rerun, [w.value for w in at.warning]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--algorithms", nargs="+", default=["c45", "cart"])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pause", type=float, default=0.0,
                        help="seconds on the Data page before the Grow page is opened")
    args = parser.parse_args()
    csv = mixed_table(args.rows).to_csv().encode()          # with pandas' index column
    print(f"{args.rows:,} rows, {len(csv) / 1e6:.1f} MB CSV, the Grow page opened "
          f"{args.pause:g} s after the upload's rerun")
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in args.algorithms}
    for _ in range(args.repeat):
        for algorithm in args.algorithms:
            upload, grow, rerun, warnings = upload_to_tree(csv, algorithm, args.pause)
            stopped = any(w.startswith("Growth stopped after") for w in warnings)
            runs[algorithm].append((upload, grow, rerun))
            print(f"{algorithm:<6} upload {upload:6.2f} s   first tree {grow:6.2f} s   "
                  f"total {upload + grow:6.2f} s   rerun {rerun:5.2f} s   "
                  f"{'stopped at the deadline' if stopped else 'whole tree'}")
    print(f"medians of {args.repeat}:")
    for algorithm, timings in runs.items():
        upload, grow, rerun = (statistics.median(part) for part in zip(*timings))
        total = statistics.median(u + g for u, g, _ in timings)
        print(f"{algorithm:<6} upload {upload:6.2f} s   first tree {grow:6.2f} s   "
              f"total {total:6.2f} s   rerun {rerun:5.2f} s")


if __name__ == "__main__":
    main()
