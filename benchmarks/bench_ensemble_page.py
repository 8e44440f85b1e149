"""What a click costs on the Forests & boosting page (the whole page rerun, through AppTest),
on an uploaded table of numeric features.

Times the first run (the ensemble grown, its curves computed: the progress bar's wait), a
rerun with the ensemble kept, and the player's "next round" click, for each ensemble with the
page's default rounds. Median of the clicks.

    .venv/bin/python benchmarks/bench_ensemble_page.py [--rows 100000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import streamlit as st  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from common import timed_app_run  # noqa: E402
from ui import state
from ui.models import ensemble_state as ens

APP = Path(__file__).resolve().parent.parent / "app.py"


def numeric_table(n_rows: int, n_features: int = 20, seed: int = 0) -> pd.DataFrame:
    """Continuous features; a class from a noisy score of five of them, and that score."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n_rows, n_features)).round(3)
    score = X[:, :5] @ rng.normal(size=5) + rng.normal(size=n_rows)
    frame = pd.DataFrame(X, columns=[f"x{i}" for i in range(n_features)])
    frame["label"] = np.where(score > 0, "yes", "no")
    frame["score"] = score.round(3)
    return frame


def page_costs(csv: bytes, target: str, kind: str, clicks: int = 5) -> tuple[float, float, float]:
    """(seconds of the first run, of a rerun, median of "next round" clicks)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    at = AppTest.from_file(str(APP), default_timeout=900)
    at.run()
    at.switch_page("pages/data.py").run()
    at.file_uploader(key=state.UPLOADER).upload("table.csv", csv, "text/csv")
    at.run()
    at.session_state[state.TARGET] = target
    at.session_state[ens.KIND] = kind
    at.session_state[ens.MAX_DEPTH] = ens.KIND_DEPTH[kind]
    at.switch_page("pages/ensembles.py")
    first = timed_app_run(at)
    rerun = timed_app_run(at)
    steps = []
    for _ in range(clicks):
        at.button(key="ens.next").click()
        steps.append(timed_app_run(at))
    return first, rerun, statistics.median(steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    table = numeric_table(args.rows)
    print(f"{args.rows:,} rows × 20 features, {ens.DEFAULTS[ens.ROUNDS]} rounds")
    for target, kinds in (("label", ("forest", "adaboost", "gbdt")), ("score", ("forest", "gbdt"))):
        csv = table.drop(columns="score" if target == "label" else "label").to_csv(
            index=False).encode()
        for kind in kinds:
            first, rerun, step = page_costs(csv, target, kind)
            print(f"{target:<6} {kind:<9} first run {first:6.1f} s   rerun {rerun * 1000:6.0f} ms"
                  f"   next round {step * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
