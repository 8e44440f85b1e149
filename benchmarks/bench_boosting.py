"""Fit time of treecore's boosting against scikit-learn's in the same run (not a test).

    .venv/bin/python benchmarks/bench_boosting.py [--rows 100000] [--repeats 3]

Gradient boosting of 100 rounds of depth-3 least-squares trees on ``make_regression`` data
(20 continuous features, noise) against scikit-learn's ``GradientBoostingRegressor`` (its trees
are least-squares trees: ``criterion="squared_error"``, the only one since 1.9), and AdaBoost of
50 stumps on ``make_classification`` data (20 features, 3 classes) against scikit-learn's
``AdaBoostClassifier`` of stumps (SAMME); ours and theirs interleaved; prints the medians and
the ratio ours / sklearn.
"""

from __future__ import annotations

import argparse

from common import classification, interleaved_medians
from sklearn.datasets import make_regression
from sklearn.ensemble import AdaBoostClassifier as SklearnAdaBoost
from sklearn.ensemble import GradientBoostingRegressor as SklearnBoosting
from sklearn.tree import DecisionTreeClassifier as SklearnTree

from treecore import AdaBoostClassifier, GradientBoostingRegressor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    X, y = make_regression(args.rows, 20, n_informative=10, noise=10.0, random_state=0)
    X_classes, y_classes = classification(args.rows)
    GradientBoostingRegressor(n_estimators=2).fit(X[:200], y[:200])      # warm caches once
    AdaBoostClassifier(n_estimators=2).fit(X_classes[:200], y_classes[:200])
    races = {
        "GBDT 100 rounds, depth 3": {
            "ours": lambda: GradientBoostingRegressor(n_estimators=100, max_depth=3).fit(X, y),
            "sklearn": lambda: SklearnBoosting(n_estimators=100, max_depth=3,
                                               random_state=0).fit(X, y)},
        "AdaBoost 50 stumps": {
            "ours": lambda: AdaBoostClassifier(n_estimators=50).fit(X_classes, y_classes),
            "sklearn": lambda: SklearnAdaBoost(SklearnTree(max_depth=1), n_estimators=50,
                                               random_state=0).fit(X_classes, y_classes)},
    }
    print(f"{'task':<30}{'rows':>10}{'ours s':>10}{'sklearn s':>11}{'ratio':>8}")
    for task, jobs in races.items():
        seconds = interleaved_medians(jobs, args.repeats)
        print(f"{task:<30}{args.rows:>10}{seconds['ours']:>10.2f}{seconds['sklearn']:>11.2f}"
              f"{seconds['ours'] / seconds['sklearn']:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
