"""Forced splits and validation-set pre-pruning: the compiled nodewise engine against the
readable builder it replaced for them, in the same run (not a test).

    .venv/bin/python benchmarks/bench_guided.py [--rows 100000] [--repeats 3]

On the mixed table (12 continuous + 8 nominal columns, 10 % of cells empty, 3 classes), C4.5
and CART, full depth:

* a forced split at the root (the Grow page's what-if: a feature that is not the best) and a
  forced threshold below it, the rest of the tree grown as usual;
* validation-set pre-pruning on 30 % more rows held out (the Pruning lab and Compare).

Figures: medians of ``--repeats`` runs of growing the whole tree from the encoded Dataset; the
builder once (it takes tens of seconds for the forced tree).
"""

from __future__ import annotations

import argparse

import numpy as np
from common import median_seconds, mixed_table

import treecore
from treecore.grow.builder import Growth
from treecore.grow.engines import start_growth
from treecore.grow.growing import GrowthConfig


def builder_tree(train, config, **extra) -> treecore.Tree:
    growth = Growth(train, config, **extra)
    growth.run()
    return growth.tree()


def compiled_tree(train, config, **extra) -> treecore.Tree:
    growth = start_growth(train, config, **extra)
    growth.run()
    return growth.tree()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    n = args.rows
    data = treecore.Dataset.from_frame(mixed_table(n + int(0.3 * n)), "y")
    train = data.subset(np.arange(data.n_rows) < n)
    validation = data.subset(np.arange(data.n_rows) >= n)
    compiled_tree(train.subset(np.arange(n) < 1000), GrowthConfig(), force={(): "c0"})  # warm
    for algorithm in ("c45", "cart"):
        config = GrowthConfig.from_params(algorithm=algorithm)
        forced_feature = "c0" if algorithm == "cart" else "n0"
        cases = {"forced split": dict(force={(): forced_feature, (0,): ("c1", 0.0)}),
                 "validation pre-pruning": dict(validation=validation)}
        for name, extra in cases.items():
            ours, tree = median_seconds(lambda: compiled_tree(train, config, **extra),
                                        args.repeats)
            theirs, reference = median_seconds(lambda: builder_tree(train, config, **extra))
            assert tree.n_nodes == reference.n_nodes
            print(f"{algorithm:5s} {name:24s} {n:>9,} rows: compiled {ours:6.2f} s, "
                  f"builder {theirs:6.2f} s, ratio {ours / theirs:.2f} "
                  f"({tree.n_nodes:,} nodes)", flush=True)


if __name__ == "__main__":
    main()
