"""Server time of each interaction a user makes, on an uploaded table of 100k and 1M rows,
through the app itself (AppTest: a whole script run, which is what a click costs).

    .venv/bin/python benchmarks/bench_interactions.py [--rows 100000 1000000] [--clicks 7]

The table is a pandas-written CSV of 20 continuous features and 3 classes
(``common.classification``). Timed:

- **upload**: the Data page's run that reads the file (parse, kinds, summary); also
  ``pandas.read_csv`` of the same bytes alone, the speed a reader can reach;
- **data rerun**: the Data page run again with nothing changed (what every click there costs);
- **first tree**: the Grow page's first run (CART, depth limit 12 so the view has something to
  draw at 1M rows: the whole fit, the tree view, the candidate table);
- **next step**, **select node** (the tree view's click: a new selected node), **open tab**
  (each of the Grow page's tabs in turn): medians and maxima over ``--clicks`` clicks.

AppTest compiles the page script again on every run (a new ``ScriptCache`` each time: 70 ms
for the Grow page), which a server does once; the script cache is shared here as a server shares
it, so the times are the server's.

Issue 15's targets: each click under 100 ms at 100k rows and under 250 ms at 1M; the upload at
the speed of pandas.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from pathlib import Path

import logging

import pandas as pd
import streamlit as st
from common import classification
from streamlit.testing.v1 import AppTest

from ui import state
from ui.models import growth
from ui.models.growth import TABS as GROW_TABS, tab_label

APP = Path(__file__).resolve().parent.parent / "app.py"


def share_the_script_cache() -> None:
    """Compile each page script once, as the server does (AppTest makes a cache per run)."""
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    shared = ScriptCache()
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared


def table_csv(n_rows: int) -> bytes:
    X, y = classification(n_rows)
    frame = pd.DataFrame(X.round(4), columns=[f"f{j}" for j in range(X.shape[1])])
    return frame.assign(y=[f"c{v}" for v in y]).to_csv(index=False).encode()


def run_ms(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    if at.exception:
        raise RuntimeError(at.exception[0].message)
    return (time.perf_counter() - start) * 1000


def shown(name: str, times: list[float]) -> str:
    return (f"{name:<14} median {statistics.median(times):8.1f} ms   max {max(times):8.1f} ms"
            f"   ({len(times)} clicks)")


def bench(n_rows: int, clicks: int) -> None:
    csv = table_csv(n_rows)
    start = time.perf_counter()
    pd.read_csv(io.BytesIO(csv))
    pandas_ms = (time.perf_counter() - start) * 1000
    print(f"\n{n_rows:,} rows × 20 features, {len(csv) / 1e6:.0f} MB CSV "
          f"(pandas.read_csv alone: {pandas_ms:,.0f} ms)")
    st.cache_data.clear()
    st.cache_resource.clear()
    at = AppTest.from_file(str(APP), default_timeout=900)
    at.run()
    at.switch_page("pages/data.py").run()
    at.file_uploader(key=state.UPLOADER).upload("table.csv", csv, "text/csv")
    print(f"{'upload':<14} {run_ms(at):8.0f} ms")
    print(shown("data rerun", [run_ms(at) for _ in range(3)]))

    at.session_state[growth.MAX_DEPTH] = 12
    at.switch_page("pages/grow.py")
    print(f"{'first tree':<14} {run_ms(at):8.0f} ms   "
          f"{' '.join(c.value for c in at.caption[:1])}")
    for message in [*at.warning, *at.error]:
        print("   ", message.value)
    steps = []
    for _ in range(clicks):
        at.button(key="grow.next").click()
        steps.append(run_ms(at))
    print(shown("next step", steps))
    selects = []
    for node in range(1, clicks + 1):
        at.session_state[growth.INSPECT] = node
        selects.append(run_ms(at))
    print(shown("select node", selects))
    for key in GROW_TABS:
        at.session_state[growth.TABS_KEY] = tab_label(key, "en")
        opened = [run_ms(at)]
        for _ in range(2):
            opened.append(run_ms(at))
        print(shown("tab " + key.split(".")[-1], opened))


def main() -> None:
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    share_the_script_cache()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--clicks", type=int, default=7)
    args = parser.parse_args()
    for n_rows in args.rows:
        bench(n_rows, args.clicks)


if __name__ == "__main__":
    main()
