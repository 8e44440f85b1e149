"""Prediction time of treecore against scikit-learn on the same rows, in the same run (not a test).

    .venv/bin/python benchmarks/bench_predict.py [--train 100000] [--rows 1000000] [--repeats 5]

Both grow a full-depth CART tree on ``--train`` rows, then predict ``--rows`` other rows given as
a NumPy array, as a DataFrame of numbers, and as a mixed DataFrame (``common.mixed_table``: 8 of
the 20 columns text categories, 10 % of the cells empty). scikit-learn's tree takes no text, so
the mixed table has two references: the same rows with each category replaced by its code (NaN
kept), encoded before the clock starts; and the pipeline a scikit-learn user would fit on the
DataFrame itself (an ``OrdinalEncoder`` for the text columns, then the tree), which predicts from
the same DataFrame as ours. The two trees treat an empty cell differently: scikit-learn's sends
it down one branch, ours down every branch of a node, weighted (C4.5's rule, Zhou §4.4), so a row
reaches several leaves. A last line times the same rows with every empty cell filled (the
column's most frequent value), against scikit-learn's tree on their codes: the walk alike for
both. The timings of ours and scikit-learn's alternate, and the medians are printed with their
ratio.
"""

from __future__ import annotations

import argparse

import numpy as np
import pandas as pd
from common import classification, interleaved_medians, mixed_table
from sklearn.compose import make_column_transformer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder
from sklearn.tree import DecisionTreeClassifier as SklearnTree

from treecore import DecisionTreeClassifier


def numeric_frames(n_train: int, n_rows: int) -> tuple[pd.DataFrame, pd.Series, pd.DataFrame]:
    """(training features, training classes, rows to predict) of ``common.classification``."""
    X, y = classification(n_train + n_rows)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(X.shape[1])])
    return frame.iloc[:n_train], pd.Series(y[:n_train]), frame.iloc[n_train:]


def mixed_frames(n_train: int, n_rows: int) -> tuple[pd.DataFrame, pd.Series, pd.DataFrame]:
    """The same for ``common.mixed_table``: text categories and empty cells."""
    table = mixed_table(n_train + n_rows)
    X, y = table.drop(columns="y"), table["y"]
    return X.iloc[:n_train], y.iloc[:n_train], X.iloc[n_train:]


def as_codes(frame: pd.DataFrame) -> pd.DataFrame:
    """Each text column as its category codes (NaN where empty): what scikit-learn can take."""
    return frame.apply(lambda column: column if pd.api.types.is_numeric_dtype(column) else
                       column.astype("category").cat.codes.astype(float).where(column.notna()))


def encoding_pipeline(frame: pd.DataFrame):
    """scikit-learn's way to a tree on a DataFrame with text: each text column through an
    ``OrdinalEncoder`` (an empty cell, or a category never seen, becomes NaN), the rest as is."""
    text = [c for c in frame.columns if not pd.api.types.is_numeric_dtype(frame[c])]
    encoder = OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=np.nan,
                             encoded_missing_value=np.nan)
    return make_pipeline(make_column_transformer((encoder, text), remainder="passthrough"),
                         SklearnTree(random_state=0))


def compare(task: str, ours, theirs, rows, reference_rows, repeats: int) -> None:
    """Print the medians of ``ours.predict(rows)`` and ``theirs.predict(reference_rows)``."""
    medians = interleaved_medians({"ours": lambda: ours.predict(rows),
                                   "sklearn": lambda: theirs.predict(reference_rows)}, repeats)
    print(f"{task:<26}{len(rows):>10}{medians['ours']:>10.3f}{medians['sklearn']:>11.3f}"
          f"{medians['ours'] / medians['sklearn']:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--train", type=int, default=100_000)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'predict':<26}{'rows':>10}{'ours s':>10}{'sklearn s':>11}{'ratio':>8}")
    X, y, rows = numeric_frames(args.train, args.rows)
    X, rows = X.to_numpy(), rows.to_numpy()
    ours, theirs = DecisionTreeClassifier().fit(X, y), SklearnTree(random_state=0).fit(X, y)
    ours.predict(rows[:10])                                        # compile / warm caches once
    compare("NumPy array", ours, theirs, rows, rows, args.repeats)
    X, y, rows = numeric_frames(args.train, args.rows)
    ours, theirs = DecisionTreeClassifier().fit(X, y), SklearnTree(random_state=0).fit(X, y)
    compare("DataFrame of numbers", ours, theirs, rows, rows, args.repeats)
    X, y, rows = mixed_frames(args.train, args.rows)
    ours, theirs = (DecisionTreeClassifier().fit(X, y),
                    SklearnTree(random_state=0).fit(as_codes(X), y))
    compare("DataFrame, text + empty", ours, theirs, rows, as_codes(rows), args.repeats)
    pipeline = encoding_pipeline(X).fit(X, y)
    compare("  vs scikit-learn pipeline", ours, pipeline, rows, rows, args.repeats)
    filled = rows.apply(lambda column: column.fillna(column.mode()[0]))
    compare("  no empty cell, vs codes", ours, theirs, filled, as_codes(filled), args.repeats)


if __name__ == "__main__":
    main()
