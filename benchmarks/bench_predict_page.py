"""Server time of the Predict & export page on real trees: one of a few hundred nodes, and one
of a hundred thousand (AppTest).

    .venv/bin/python benchmarks/bench_predict_page.py [--repeats 5] [--rows 100000]

Weka's soybean (683 rows, 35 nominal attributes with missing values, 19 classes) grown by C4.5
on the Grow page's settings (277 nodes); and ``common.mixed_table`` (``--rows`` rows, 12
continuous and 8 nominal columns, 10 % of the cells empty), whose C4.5 tree has about as many
nodes as rows. Timed, each a whole script run as a click costs it: the page's first run after
every cache is cleared (the fit, the predictions of every row, one row's path and the flow of
its weight; the downloads are made only when clicked), and its rerun when the row to explain
changes (soybean's row 32 lacks 13 of its values, so its weight goes down many branches).
Medians of ``--repeats`` runs (of 3 on the large table).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import streamlit as st
from common import mixed_table, timed_app_run  # common puts the repository root on the path
from streamlit.testing.v1 import AppTest

from tests.browser.uploads import soybean
from tests.conftest import seed_upload
from ui import state
from ui.models import predict_export as pe

PAGE = Path(__file__).resolve().parent.parent / "pages" / "predict.py"


def page_runs(name: str, csv: bytes, target: str, row: int) -> tuple[float, float]:
    """(seconds of the first run with every cache cleared, of the rerun explaining ``row``)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    at = AppTest.from_file(str(PAGE), default_timeout=600)
    seed_upload(at, name, csv)
    at.session_state[state.TARGET] = target
    at.session_state[state.ALGORITHM] = "c45"
    first = timed_app_run(at)
    at.session_state[pe.ROW] = row
    return first, timed_app_run(at)


def report(what: str, runs: list[tuple[float, float]]) -> None:
    firsts, reruns = zip(*runs)
    print(f"Predict page, {what} by C4.5: first run {statistics.median(firsts):.3f} s, "
          f"rerun on a row change {statistics.median(reruns):.3f} s "
          f"(medians of {len(runs)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    soy = ("soybean.csv", soybean().to_csv(index=False).encode(), "class", 32)
    page_runs(*soy)                                    # imports, compiled kernels: once
    report("soybean (277 nodes)", [page_runs(*soy) for _ in range(args.repeats)])
    mixed = ("mixed.csv", mixed_table(args.rows).to_csv().encode(), "y", 32)
    report(f"the mixed table of {args.rows:,} rows", [page_runs(*mixed) for _ in range(3)])


if __name__ == "__main__":
    main()
