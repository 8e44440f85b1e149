"""Fit time of treecore's random forest against scikit-learn's in the same run (not a test).

    .venv/bin/python benchmarks/bench_forest.py [--rows 100000] [--trees 100] [--repeats 3]

Random forests of 100 full-depth Gini trees (k = √20 = 4 features drawn at each node,
bootstrap samples) on ``make_classification`` data (20 continuous features, 3 classes), ours
and scikit-learn's ``RandomForestClassifier``, both with ``n_jobs=-1``, taking turns within each
round (:func:`common.interleaved_medians`); prints the medians, the ratio ours / sklearn and
both forests' accuracy on held-out rows.
"""

from __future__ import annotations

import argparse

from common import classification, interleaved_medians
from sklearn.ensemble import RandomForestClassifier as SklearnForest

from treecore import RandomForestClassifier


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--trees", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    RandomForestClassifier(n_estimators=2).fit(*classification(200))       # warm caches once
    X, y = classification(args.rows + 20_000)
    X_train, y_train, X_test, y_test = X[:args.rows], y[:args.rows], X[args.rows:], y[args.rows:]
    models = {"ours": RandomForestClassifier(n_estimators=args.trees, random_state=0, n_jobs=-1),
              "sklearn": SklearnForest(n_estimators=args.trees, random_state=0, n_jobs=-1)}
    medians = interleaved_medians({name: lambda m=model: m.fit(X_train, y_train)
                                   for name, model in models.items()}, args.repeats)
    print(f"{'random forest':<16}{'rows':>9}{'trees':>7}{'ours s':>9}{'sklearn s':>11}"
          f"{'ratio':>7}{'ours acc':>10}{'sklearn acc':>13}")
    print(f"{str(args.trees) + ' trees, √d':<16}{args.rows:>9}{args.trees:>7}{medians['ours']:>9.2f}"
          f"{medians['sklearn']:>11.2f}{medians['ours'] / medians['sklearn']:>7.2f}"
          f"{models['ours'].score(X_test, y_test):>10.3f}"
          f"{models['sklearn'].score(X_test, y_test):>13.3f}")


if __name__ == "__main__":
    main()
