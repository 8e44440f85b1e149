"""Server time of the Predict & export page on a real tree of a few hundred nodes (AppTest).

    .venv/bin/python benchmarks/bench_predict_page.py [--repeats 5]

Weka's soybean (683 rows, 35 nominal attributes with missing values, 19 classes) grown by C4.5
on the Grow page's settings (277 nodes). Timed, each a whole script run as a click costs it:
the page's first run after every cache is cleared (the fit, the predictions of every row, one
row's path and the flow of its weight, the downloads), and its rerun when the row to explain
changes (row 32 lacks 13 of its values, so its weight goes down many branches). Medians of
``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import common  # noqa: F401  (puts the repository root on the path)
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.browser.uploads import soybean
from tests.conftest import seed_upload
from ui import state
from ui.models import predict_export as pe

PAGE = Path(__file__).resolve().parent.parent / "pages" / "predict.py"


def timed_run(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    if at.exception:
        raise RuntimeError(at.exception[0].message)
    return time.perf_counter() - start


def page_runs(csv: bytes) -> tuple[float, float]:
    """(seconds of the first run with every cache cleared, of the rerun explaining row 32)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    at = AppTest.from_file(str(PAGE), default_timeout=600)
    seed_upload(at, "soybean.csv", csv)
    at.session_state[state.TARGET] = "class"
    at.session_state[state.ALGORITHM] = "c45"
    first = timed_run(at)
    at.session_state[pe.ROW] = 32
    return first, timed_run(at)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    csv = soybean().to_csv(index=False).encode()
    page_runs(csv)                                     # imports, compiled kernels: once
    firsts, reruns = zip(*(page_runs(csv) for _ in range(args.repeats)))
    print(f"Predict page, soybean by C4.5: first run {statistics.median(firsts):.3f} s, "
          f"rerun on a row change {statistics.median(reruns):.3f} s "
          f"(medians of {args.repeats})")


if __name__ == "__main__":
    main()
