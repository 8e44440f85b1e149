"""Server time of one "next step" on the Grow page with a 100k-row data set (issue 4: < 100 ms).

What a step re-renders, timed piece by piece on an already grown (cached) tree: the cache
lookup (data fingerprint), ``tree.until(k)``, the DOT text, the candidate table of the node
split at step k (kept from growth; "recomputed" shows what recomputing it would cost), and
the threshold curve, row strip and criterion lens of its chosen feature (every tab renders).
Median of several steps through the top of the tree, where nodes hold the most rows (the
worst case).

    .venv/bin/python benchmarks/bench_grow_page.py [rows]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from treecore import Dataset  # noqa: E402
from treecore.io import to_dot  # noqa: E402
from ui.models import growth
from ui.views import node_view


def make_data(n_rows: int, n_features: int = 20, n_classes: int = 3, seed: int = 0) -> Dataset:
    """Random continuous features, class from a noisy linear score (a deep, bushy tree)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n_rows, n_features)).round(3)
    score = X[:, :5] @ rng.normal(size=5) + rng.normal(scale=1.0, size=n_rows)
    y = np.digitize(score, np.quantile(score, np.linspace(0, 1, n_classes + 1)[1:-1]))
    frame = pd.DataFrame(X, columns=[f"x{i}" for i in range(n_features)])
    frame["class"] = [f"c{v}" for v in y]
    return Dataset.from_frame(frame, "class")


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, (time.perf_counter() - start) * 1000


def main(n_rows: int = 100_000) -> None:
    data = make_data(n_rows)
    params = {"algorithm": "cart", "criterion": None, "max_depth": 8}
    grown, fit_ms = timed(growth.fit, data, params)
    tree = grown.tree
    print(f"{n_rows:,} rows × {data.n_features} features: grown once in {fit_ms:,.0f} ms, "
          f"{tree.n_steps} steps, {tree.n_nodes} nodes")
    parts: dict[str, list[float]] = {k: [] for k in
                                     ("fingerprint", "until", "dot", "candidates", "recomputed",
                                      "chart")}
    for step in range(1, 16):
        _, ms = timed(data.fingerprint)
        parts["fingerprint"].append(ms)
        stage, ms = timed(tree.until, step)
        parts["until"].append(ms)
        node = growth.step_node(tree, step)
        _, ms = timed(lambda: to_dot(stage, highlight=node))
        parts["dot"].append(ms)
        table, ms = timed(grown.candidates, data, node)
        parts["candidates"].append(ms)
        _, ms = timed(node_view.candidates, data, tree, node)
        parts["recomputed"].append(ms)
        feature = table.best().feature
        _, ms = timed(lambda: (node_view.curve(data, tree, node, feature),
                               node_view.strip(data, tree, node, feature),
                               node_view.lens_curves(data, tree, node, feature)))
        parts["chart"].append(ms)
    medians = {k: statistics.median(v) for k, v in parts.items()}
    for name, ms in medians.items():
        print(f"  {name:<12} median {ms:7.1f} ms   max {max(parts[name]):7.1f} ms")
    core = medians["fingerprint"] + medians["until"] + medians["dot"] + medians["candidates"]
    print(f"  step (fingerprint + until + DOT + candidate table): {core:.1f} ms; "
          f"with the threshold chart and lens data: {core + medians['chart']:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
