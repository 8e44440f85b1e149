"""Fit time of treecore's regression tree against scikit-learn's in the same run (not a test).

    .venv/bin/python benchmarks/bench_regression.py [--sizes 100000 1000000] [--repeats 3]
                                                    [--table numbers|mixed]
                                                    [--criterion squared_error|absolute_error]

CART's least-squares tree (or, with ``--criterion absolute_error``, the least-absolute-deviation
tree) at full depth, ours and scikit-learn's ``DecisionTreeRegressor`` with the same criterion
interleaved; prints the medians and the ratio ours / sklearn. ``numbers``: ``make_regression``
(20 continuous features, noise). ``mixed``: the same features as 12 continuous and 8 nominal
columns with 10 % of the cells empty (:func:`common.mixed_regression_table`), which ours takes
as they are (the nodewise engine) and scikit-learn one-hot encoded (its trees take the empty
numeric cells as they are).
"""

from __future__ import annotations

import argparse

from common import interleaved_medians, mixed_regression_table, one_hot
from sklearn.datasets import make_regression
from sklearn.tree import DecisionTreeRegressor as SklearnRegressor

from treecore import DecisionTreeRegressor


def tables(kind: str, n: int):
    """(our X, scikit-learn's X, y) of ``n`` rows."""
    if kind == "numbers":
        X, y = make_regression(n, 20, n_informative=10, noise=10.0, random_state=0)
        return X, X, y
    frame = mixed_regression_table(n)
    X = frame.drop(columns="y")
    return X, one_hot(X), frame["y"].to_numpy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--table", choices=["numbers", "mixed"], default="numbers")
    parser.add_argument("--criterion", choices=["squared_error", "absolute_error"],
                        default="squared_error")
    args = parser.parse_args()
    criterion = args.criterion
    warm, _, y = tables(args.table, 200)                               # warm caches once
    DecisionTreeRegressor(criterion=criterion).fit(warm, y)
    print(f"{'task':<30}{'rows':>10}{'ours s':>10}{'sklearn s':>11}{'ratio':>8}")
    for n in args.sizes:
        ours, theirs, y = tables(args.table, n)
        repeats = args.repeats if n <= 100_000 else 1
        times = interleaved_medians({
            "ours": lambda: DecisionTreeRegressor(criterion=criterion).fit(ours, y),
            "sklearn": lambda: SklearnRegressor(criterion=criterion, random_state=0).fit(
                theirs, y)}, repeats)
        task = f"{'absolute' if criterion == 'absolute_error' else 'regression'}, {args.table}"
        print(f"{task:<30}{n:>10}{times['ours']:>10.2f}"
              f"{times['sklearn']:>11.2f}{times['ours'] / times['sklearn']:>8.2f}")


if __name__ == "__main__":
    main()
