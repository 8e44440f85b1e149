"""Time REP, PEP, EBP and the full CCP path against growing the tree they prune.

A full-depth CART (Gini) tree on 100k rows of ``make_classification`` (20 features, 3 classes);
REP uses 30k further rows as its validation set. Growing is timed once (it is the slow part);
each pruning method prints the median of ``--repeat`` runs.

    .venv/bin/python benchmarks/bench_pruning.py [--rows 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import pandas as pd
from sklearn.datasets import make_classification

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import treecore  # noqa: E402
from treecore.evaluate import labelled  # noqa: E402
from treecore.pruning import ccp_path, prune_ebp, prune_pep, prune_rep  # noqa: E402


def median_time(job, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = job()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    X, y = make_classification(n_samples=args.rows + 30_000, n_features=20, n_informative=10,
                               n_classes=3, random_state=0)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(20)]).assign(y=y.astype(str))
    train = treecore.Dataset.from_frame(frame.iloc[:args.rows], "y")
    grow_s, tree = median_time(lambda: treecore.grow(train, algorithm="cart"), 1)
    val = frame.iloc[args.rows:]
    validation = labelled(tree.schema, val.drop(columns="y"), val["y"])
    print(f"{args.rows} rows: {tree.n_nodes} nodes, {tree.n_leaves} leaves, depth {tree.depth}")
    print(f"{'grow':>10}: {grow_s:7.3f} s")
    jobs = {"REP": lambda: prune_rep(tree, validation),
            "PEP": lambda: prune_pep(tree),
            "EBP": lambda: prune_ebp(tree),
            "CCP path": lambda: ccp_path(tree)}
    for name, job in jobs.items():
        seconds, result = median_time(job, args.repeat)
        leaves = result.trees[-1].n_leaves if name == "CCP path" else result.tree.n_leaves
        extra = f"{len(result.alphas)} alphas" if name == "CCP path" else f"{leaves} leaves left"
        print(f"{name:>10}: {seconds:7.3f} s  ({seconds / grow_s:5.1%} of growing; {extra})")


if __name__ == "__main__":
    main()
