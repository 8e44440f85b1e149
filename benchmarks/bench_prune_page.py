"""Time what the Pruning lab does on the server when the user switches the pruning method.

100k training rows of ``make_classification`` (20 features, 3 classes) and 30k validation rows;
the grown tree is cached (as on the page). For each method the script times, through the same
``ui.pruning_lab`` calls the page makes:

* cold: the method's result computed for the first time, plus the DOT of the new tree and of
  the replay (what a first switch to it, or a new CF, costs);
* warm: the switch back to a method already computed (cache hit) plus the DOT texts, the
  comparison table's accuracies (memoised per tree) and the CCP chart's points (cached).

    .venv/bin/python benchmarks/bench_prune_page.py [--rows 100000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd
from sklearn.datasets import make_classification

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import treecore  # noqa: E402
from treecore.evaluate import labelled  # noqa: E402
from treecore.export import to_dot  # noqa: E402
from ui import pruning_lab as lab  # noqa: E402

PARAMS = {"algorithm": "cart", "criterion": None, "threshold_style": "midpoint"}
OPTIONS = {"rule": "strict", "cf": 0.25, "ccp_select": "validation", "folds": 5}


def seconds(job) -> tuple[float, object]:
    start = time.perf_counter()
    result = job()
    return time.perf_counter() - start, result


def switch(method: str, tree, train, validation, options) -> object:
    """The server-side work of one switch: the method's tree, the DOT texts, the table."""
    params = lab.unpruned_params(PARAMS)
    pruned = lab.cached_post_prune(method, tree, train, validation, options, params)
    to_dot(pruned.tree, max_depth=6)
    judged, greyed = lab.replay_frame(tree, pruned.result, 0)
    to_dot(tree, highlight=judged, greyed=greyed, max_depth=6)
    lab.comparison({"unpruned": tree, method: pruned.tree}, train, validation)
    lab.cached_ccp_points(tree, train, validation, params)
    return pruned


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    X, y = make_classification(n_samples=args.rows + 30_000, n_features=20, n_informative=10,
                               n_classes=3, random_state=0)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(20)]).assign(y=y.astype(str))
    train = treecore.Dataset.from_frame(frame.iloc[:args.rows], "y")
    grow_s, tree = seconds(lambda: lab.unpruned_tree(train, PARAMS))
    val = frame.iloc[args.rows:]
    validation = labelled(tree.schema, val.drop(columns="y"), val["y"])
    print(f"{args.rows} rows: {tree.n_nodes} nodes, {tree.n_leaves} leaves, depth {tree.depth}; "
          f"grow {grow_s:.2f} s (cached from then on)")
    first_s, _ = seconds(lambda: switch("pep", tree, train, validation, OPTIONS))
    print(f"first page load extras (accuracies, CCP chart points): {first_s:.2f} s")
    print(f"{'method':>8} {'cold (s)':>9} {'warm (s)':>9}")
    for method in lab.METHODS:
        cold, _ = seconds(lambda: switch(method, tree, train, validation, OPTIONS))
        warm, _ = seconds(lambda: switch(method, tree, train, validation, OPTIONS))
        print(f"{method:>8} {cold:9.3f} {warm:9.3f}")
    cold, _ = seconds(lambda: switch("ebp", tree, train, validation, {**OPTIONS, "cf": 0.1}))
    print(f"{'ebp cf=.1':>8} {cold:9.3f}   (a new option: computed, then cached)")


if __name__ == "__main__":
    main()
