"""Fit time of treecore against scikit-learn in the same run (not a test).

    .venv/bin/python benchmarks/bench_fit.py [--sizes 10000 100000 1000000] [--repeats 3]

CART/Gini at full depth on make_classification data (20 features, 3 classes); C4.5 with 10% of
values missing; ID3 on nominal data. Prints the median of each and the ratio ours / sklearn.
"""

from __future__ import annotations

import argparse

import numpy as np
import pandas as pd
from common import classification, median_seconds
from sklearn.tree import DecisionTreeClassifier as SklearnTree

from treecore import DecisionTreeClassifier


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    DecisionTreeClassifier().fit(*classification(200))               # compile / warm caches once
    print(f"{'task':<28}{'rows':>10}{'ours s':>10}{'sklearn s':>11}{'ratio':>8}")
    for n in args.sizes:
        X, y = classification(n)
        repeats = args.repeats if n <= 100_000 else 1
        ours, _ = median_seconds(lambda: DecisionTreeClassifier().fit(X, y), repeats)
        theirs, _ = median_seconds(lambda: SklearnTree(random_state=0).fit(X, y), repeats)
        print(f"{'CART gini full depth':<28}{n:>10}{ours:>10.2f}{theirs:>11.2f}{ours / theirs:>8.2f}")
        if n > 100_000:
            continue
        rng = np.random.default_rng(0)
        holes = np.where(rng.random(X.shape) < 0.1, np.nan, X)
        c45, _ = median_seconds(lambda: DecisionTreeClassifier(algorithm="c45").fit(holes, y),
                                repeats)
        print(f"{'C4.5 10% missing':<28}{n:>10}{c45:>10.2f}{'':>11}{'':>8}")
        nominal = pd.DataFrame(np.array(list("abcd"))[np.digitize(X[:, :10], [-1, 0, 1])])
        id3, _ = median_seconds(lambda: DecisionTreeClassifier(algorithm="id3").fit(nominal, y),
                                repeats)
        print(f"{'ID3 nominal (10 x 4 levels)':<28}{n:>10}{id3:>10.2f}{'':>11}{'':>8}")


if __name__ == "__main__":
    main()
