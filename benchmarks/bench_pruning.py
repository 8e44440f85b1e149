"""Time REP, PEP, EBP and the full CCP path against growing the tree they prune.

A full-depth CART (Gini) tree on 100k rows of ``make_classification`` (20 features, 3 classes);
REP uses 30k further rows as its validation set. Growing is timed once (it is the slow part);
each pruning method prints the median of ``--repeat`` runs.

    .venv/bin/python benchmarks/bench_pruning.py [--rows 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse

from common import median_seconds, train_and_validation, validation_rows

import treecore
from treecore.pruning import ccp_path, prune_ebp, prune_pep, prune_rep  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    train, held_out = train_and_validation(args.rows)
    grow_s, tree = median_seconds(lambda: treecore.grow(train, algorithm="cart"))
    validation = validation_rows(tree, held_out)
    print(f"{args.rows} rows: {tree.n_nodes} nodes, {tree.n_leaves} leaves, depth {tree.depth}")
    print(f"{'grow':>10}: {grow_s:7.3f} s")
    jobs = {"REP": lambda: prune_rep(tree, validation),
            "PEP": lambda: prune_pep(tree),
            "EBP": lambda: prune_ebp(tree),
            "CCP path": lambda: ccp_path(tree)}
    for name, job in jobs.items():
        seconds, result = median_seconds(job, args.repeat)
        leaves = result.trees[-1].n_leaves if name == "CCP path" else result.tree.n_leaves
        extra = f"{len(result.alphas)} alphas" if name == "CCP path" else f"{leaves} leaves left"
        print(f"{name:>10}: {seconds:7.3f} s  ({seconds / grow_s:5.1%} of growing; {extra})")


if __name__ == "__main__":
    main()
