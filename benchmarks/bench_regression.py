"""Fit time of treecore's regression tree against scikit-learn's in the same run (not a test).

    .venv/bin/python benchmarks/bench_regression.py [--sizes 100000 1000000] [--repeats 3]

CART's least-squares tree at full depth on ``make_regression`` data (20 continuous features,
noise), ours and scikit-learn's ``DecisionTreeRegressor`` interleaved; prints the medians and
the ratio ours / sklearn.
"""

from __future__ import annotations

import argparse

from common import median_seconds
from sklearn.datasets import make_regression
from sklearn.tree import DecisionTreeRegressor as SklearnRegressor

from treecore import DecisionTreeRegressor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    DecisionTreeRegressor().fit(*make_regression(200, 20, random_state=0))   # warm caches once
    print(f"{'task':<30}{'rows':>10}{'ours s':>10}{'sklearn s':>11}{'ratio':>8}")
    for n in args.sizes:
        X, y = make_regression(n, 20, n_informative=10, noise=10.0, random_state=0)
        repeats = args.repeats if n <= 100_000 else 1
        ours, _ = median_seconds(lambda: DecisionTreeRegressor().fit(X, y), repeats)
        theirs, _ = median_seconds(lambda: SklearnRegressor(random_state=0).fit(X, y), repeats)
        print(f"{'regression full depth':<30}{n:>10}{ours:>10.2f}{theirs:>11.2f}"
              f"{ours / theirs:>8.2f}")


if __name__ == "__main__":
    main()
