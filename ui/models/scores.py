"""What a tree is judged by on the Pruning lab and the Compare page, per kind of tree: accuracy
for a classification tree; the root mean squared error and R² for a regression tree.

One description per task (:data:`JUDGING`), so the tables, captions and charts of both pages
are written once: a column ``train_<score>`` and ``validation_<score>`` per score, the first
score the one charted along the cost-complexity path. Pure functions of treecore values (no
Streamlit); words are looked up by the caller through the keys given here.

>>> JUDGING["regression"].columns
['train_rmse', 'validation_rmse', 'train_r2', 'validation_r2']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping
from weakref import WeakKeyDictionary

import numpy as np
import pandas as pd

from treecore import Dataset, Tree
from treecore.measures.evaluate import r2, rmse, score
from treecore.pruning import CCPPath, path_accuracy
from treecore.pruning.losses import path_losses

#: The two sets of rows a tree is judged on, in the order of the columns.
PARTS = ("train", "validation")


@dataclass(frozen=True)
class Score:
    """A figure of a tree on labelled rows: ``of(tree, rows)``, the same on every tree of a
    CCP path from one routing pass (``along``), how a value prints (``fmt``), and the
    translation keys of its training and validation columns and of its axis."""

    name: str
    of: Callable[[Tree, Dataset], float]
    along: Callable[[CCPPath, Dataset], np.ndarray]
    fmt: str
    labels: tuple[str, str]
    axis: str
    lower_is_better: bool = False

    def shown(self, value) -> str:
        """``value`` as the tables print it; an em dash for a missing one (None or NaN)."""
        return "—" if value is None or value != value else f"{value:{self.fmt}}"


def _rmse_along(path: CCPPath, rows: Dataset) -> np.ndarray:
    """RMSE = √(Σw(y − ŷ)² / Σw) of every tree of the path."""
    return np.sqrt(path_losses(path, rows, power=2) / rows.weights.sum())


def _r2_along(path: CCPPath, rows: Dataset) -> np.ndarray:
    """R² = 1 − SSE / Σw(y − ȳ)² of every tree of the path."""
    spread = float(rows.weights @ (rows.y - np.average(rows.y, weights=rows.weights)) ** 2)
    sse = path_losses(path, rows, power=2)
    return 1 - sse / spread if spread else np.full(len(path.trees), np.nan)


ACCURACY = Score("accuracy", score, path_accuracy, ".1%", ("col.train_acc", "col.val_acc"),
                 "lab.accuracy")
RMSE = Score("rmse", lambda tree, rows: rmse(rows.y, tree.predict(rows.X), rows.weights),
             _rmse_along, ".4g", ("col.train_rmse", "col.val_rmse"), "lab.rmse",
             lower_is_better=True)
R2 = Score("r2", lambda tree, rows: r2(rows.y, tree.predict(rows.X), rows.weights),
           _r2_along, ".3f", ("col.train_r2", "col.val_r2"), "lab.r2")


@dataclass(frozen=True)
class Judging:
    """The scores of one kind of tree, the first charted, and the translation key of a tree's
    caption (filled with ``leaves``, ``depth`` and every ``<part>_<score>``)."""

    scores: tuple[Score, ...]
    caption: str

    @property
    def charted(self) -> Score:
        return self.scores[0]

    @property
    def columns(self) -> list[str]:
        return [f"{part}_{s.name}" for s in self.scores for part in PARTS]


JUDGING = {"classification": Judging((ACCURACY,), "lab.tree_caption"),
           "regression": Judging((RMSE, R2), "lab.tree_caption_regression")}


def judging(data: Dataset) -> Judging:
    return JUDGING[data.schema.task]


#: Score memo per (tree, rows) object: trees and splits are cached objects, so a rerun finds
#: its figures here instead of predicting every row again (weak keys: no leak).
_MEMO: "WeakKeyDictionary[Tree, WeakKeyDictionary[Dataset, dict]]" = WeakKeyDictionary()


def value(figure: Score, tree: Tree | None, rows: Dataset | None) -> float | None:
    """``figure`` of ``tree`` on ``rows``, memoised; None without a tree or rows."""
    if tree is None or rows is None or rows.n_rows == 0:
        return None
    known = _MEMO.setdefault(tree, WeakKeyDictionary()).setdefault(rows, {})
    if figure.name not in known:
        known[figure.name] = figure.of(tree, rows)
    return known[figure.name]


def figures(tree: Tree | None, train: Dataset, validation: Dataset | None) -> dict:
    """Every score of the task on the training and the validation rows, by column name."""
    rows_of = {"train": train, "validation": validation}
    return {f"{part}_{s.name}": value(s, tree, rows_of[part]) for s in judging(train).scores
            for part in PARTS}


def comparison(trees: Mapping[str, Tree | None], train: Dataset, validation: Dataset | None
               ) -> pd.DataFrame:
    """One row per named tree: its scores on the training and validation rows, leaves and
    depth."""
    rows = [{"tree": name, **figures(tree, train, validation),
             "leaves": None if tree is None else tree.n_leaves,
             "depth": None if tree is None else tree.depth} for name, tree in trees.items()]
    return pd.DataFrame(rows, columns=["tree", *judging(train).columns, "leaves", "depth"])


def shown(table: pd.DataFrame, judged: Judging) -> pd.DataFrame:
    """``table`` with every score column printed as its score prints (percentages, RMSE)."""
    return table.assign(**{f"{part}_{s.name}": table[f"{part}_{s.name}"].map(s.shown)
                           for s in judged.scores for part in PARTS})


def caption_values(tree: Tree, train: Dataset, validation: Dataset | None) -> dict:
    """The words of a tree's caption: leaves, depth and every score as printed."""
    known = figures(tree, train, validation)
    printed = {f"{part}_{s.name}": s.shown(known[f"{part}_{s.name}"])
               for s in judging(train).scores for part in PARTS}
    return {"leaves": tree.n_leaves, "depth": tree.depth, **printed}


def path_points(path: CCPPath, train: Dataset, validation: Dataset | None) -> dict:
    """The charted score of every tree of ``path`` on the training and validation rows (NaN
    without validation rows), each from one routing pass."""
    charted = judging(train).charted
    has_validation = validation is not None and validation.n_rows > 0
    return {f"train_{charted.name}": charted.along(path, train),
            f"validation_{charted.name}": charted.along(path, validation) if has_validation
            else np.full(len(path.trees), np.nan)}
