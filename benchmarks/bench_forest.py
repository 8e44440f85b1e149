"""Fit time of treecore's random forest against scikit-learn's in the same run (not a test).

    .venv/bin/python benchmarks/bench_forest.py [--rows 100000] [--trees 100] [--repeats 3]
                                                [--table numbers|mixed]

Random forests of 100 full-depth Gini trees (k = √d features drawn at each node, bootstrap
samples), ours and scikit-learn's ``RandomForestClassifier``, both with ``n_jobs=-1``, taking
turns within each round (:func:`common.interleaved_medians`); prints the medians, the ratio
ours / sklearn and both forests' accuracy on held-out rows. ``numbers``: ``make_classification``
data (20 continuous features, 3 classes). ``mixed``: the same features as 12 continuous and 8
nominal columns with 10 % of the cells empty (:func:`common.mixed_table`), which ours takes as
they are and scikit-learn one-hot encoded (:func:`common.one_hot`; its trees take the empty
numeric cells as they are).
"""

from __future__ import annotations

import argparse

from common import classification, interleaved_medians, mixed_table, one_hot
from sklearn.ensemble import RandomForestClassifier as SklearnForest

from treecore import RandomForestClassifier


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--trees", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--table", choices=["numbers", "mixed"], default="numbers")
    args = parser.parse_args()
    ours_X, sklearn_X, y = tables(args.table, args.rows + 20_000)
    RandomForestClassifier(n_estimators=2).fit(ours_X[:200], y[:200])    # warm caches once
    train, test = slice(None, args.rows), slice(args.rows, None)
    models = {"ours": RandomForestClassifier(n_estimators=args.trees, random_state=0, n_jobs=-1),
              "sklearn": SklearnForest(n_estimators=args.trees, random_state=0, n_jobs=-1)}
    rows = {"ours": ours_X, "sklearn": sklearn_X}
    medians = interleaved_medians({name: lambda m=model, X=rows[name]: m.fit(X[train], y[train])
                                   for name, model in models.items()}, args.repeats)
    print(f"{'random forest':<16}{'rows':>9}{'trees':>7}{'ours s':>9}{'sklearn s':>11}"
          f"{'ratio':>7}{'ours acc':>10}{'sklearn acc':>13}")
    print(f"{str(args.trees) + ' trees, √d':<16}{args.rows:>9}{args.trees:>7}"
          f"{medians['ours']:>9.2f}"
          f"{medians['sklearn']:>11.2f}{medians['ours'] / medians['sklearn']:>7.2f}"
          f"{models['ours'].score(ours_X[test], y[test]):>10.3f}"
          f"{models['sklearn'].score(sklearn_X[test], y[test]):>13.3f}")


def tables(kind: str, n: int):
    """(our X, scikit-learn's X, y) of ``n`` rows."""
    if kind == "numbers":
        X, y = classification(n)
        return X, X, y
    frame = mixed_table(n)
    X = frame.drop(columns="y")
    return X, one_hot(X), frame["y"].to_numpy()


if __name__ == "__main__":
    main()
