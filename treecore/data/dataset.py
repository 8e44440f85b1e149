"""The data edge: a pandas DataFrame becomes encoded numpy arrays, validated.

Everything past this module sees one float matrix ``X`` (nominal values as integer codes in
first-seen order, continuous values as they are, ``NaN`` for a missing value), integer class
codes ``y`` and sample ``weights``. A :class:`Schema` remembers names, kinds and labels, so a tree
can encode new rows by itself. The caller's frame is never modified.

>>> import pandas as pd
>>> frame = pd.DataFrame({"编号": [1, 2, 3], "色泽": ["青绿", "乌黑", "?"],
...                       "密度": [0.697, 0.774, 0.634], "好瓜": ["是", "是", "否"]})
>>> data = Dataset.from_frame(frame, "好瓜")
>>> data.feature_names, data.classes
(('色泽', '密度'), ('是', '否'))
>>> data.X[:, 0]
array([ 0.,  1., nan])
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from ..errors import DataError
from .columns import (DEFAULT_MISSING, Feature, FirstRows, Kind, column_weights, encode_column,
                      check_number_column, encode_number_target, encode_target)
from .kinds import infer_kinds
from .memory import kernel_layout
from .schema import Schema


@dataclass(frozen=True, eq=False)
class Dataset:
    """Encoded training data: ``X`` (n × p float, NaN = missing), ``y`` (class codes, or the
    target's numbers for a regression data set), ``weights``.

    ``row_numbers`` are the caller's row numbers (1-based position in the uploaded table), so a
    view can say "row 8 arrived with weight 7/15"; None when they are 1, 2, …, n, which
    :attr:`row_labels` then makes when first read (8 MB at a million rows that a fit never
    reads).
    """

    schema: Schema
    X: np.ndarray
    y: np.ndarray
    weights: np.ndarray
    row_numbers: np.ndarray | None = None

    @cached_property
    def row_labels(self) -> np.ndarray:
        """The caller's number of each row (:attr:`row_numbers`, or 1, 2, …, n)."""
        if self.row_numbers is not None:
            return self.row_numbers
        return np.arange(1, len(self.y) + 1)

    # ----------------------------------------------------------------------------- views
    @property
    def n_rows(self) -> int:
        return int(self.X.shape[0])

    @property
    def n_features(self) -> int:
        return int(self.X.shape[1])

    @property
    def feature_names(self) -> tuple[str, ...]:
        return self.schema.feature_names

    @property
    def features(self) -> tuple[Feature, ...]:
        return self.schema.features

    @property
    def classes(self) -> tuple:
        return self.schema.classes

    @property
    def n_classes(self) -> int:
        return self.schema.n_classes

    @property
    def is_regression(self) -> bool:
        return self.schema.is_regression

    def subset(self, rows: Sequence[int] | np.ndarray) -> "Dataset":
        """The rows at positions ``rows`` (or a boolean mask), same schema."""
        rows = np.asarray(rows)
        return Dataset(self.schema, self.X[rows], self.y[rows], self.weights[rows],
                       self.row_labels[rows])

    @cached_property
    def unit_weighted(self) -> bool:
        """Whether every row weighs 1 (the engines then read no weights)."""
        return bool((self.weights == 1.0).all())

    @cached_property
    def has_missing_values(self) -> bool:
        """Whether any feature value is missing (NaN); computed once per Dataset, a block of
        rows at a time (no table of flags as large as the data, 20 MB at 1M rows × 20)."""
        block = 65_536
        return any(np.isnan(self.X[start:start + block]).any()
                   for start in range(0, self.n_rows, block))

    def fingerprint(self) -> str:
        """A short hash of schema and arrays: a cache key that changes when the data does
        (computed once per Dataset, which is never modified)."""
        return self._fingerprint

    @cached_property
    def _fingerprint(self) -> str:
        digest = hashlib.sha1(repr(self.schema.to_dict()).encode())
        for array in (self.X, self.y, self.weights, self.row_labels):
            digest.update(np.ascontiguousarray(array).tobytes())
        return digest.hexdigest()[:16]

    # ----------------------------------------------------------------------------- building
    @classmethod
    def from_frame(cls, frame: pd.DataFrame, target: str, *,
                   kinds: Mapping[str, Kind | str] | None = None, ignore: Iterable[str] = (),
                   weights: str | Sequence[float] | np.ndarray | None = None,
                   missing: Iterable[str] = DEFAULT_MISSING,
                   task: str = "classification",
                   row_numbers: Sequence[int] | np.ndarray | None = None) -> "Dataset":
        """Validate and encode ``frame`` with ``target`` as the class column, or for ``task=
        "regression"`` as the number to predict (:func:`infer_task` guesses which).

        Kinds are inferred per column (:func:`infer_kinds`: numbers → continuous, text, bool and
        categories → nominal, a row-id column → ignored) unless ``kinds`` says otherwise; columns
        in ``ignore`` are left out. ``weights`` is a column name or one number per row. A
        pandas ``Categorical`` column keeps its declared categories as its labels (classes), in
        their order, even those no row has (as an ARFF file declares them).

        A row of weight 0 is an absent row: it is left out before encoding (otherwise its value
        would still place a threshold midpoint, add a nominal level or a class), and
        ``row_labels`` keep the caller's row numbers of the rows that stay: ``row_numbers``
        (one per row, e.g. the file's own numbering when a loader left rows out), else 1, 2, ….
        Kinds are inferred on the whole table, as it was given.
        Raises :class:`DataError` naming the column, the row and what to do.
        """
        markers = frozenset(m.strip() for m in missing)
        _check_table(frame, target)
        ignored = set(ignore)
        weight_values = column_weights(frame, weights)
        present = weight_values > 0
        numbers = (np.arange(1, len(frame) + 1) if row_numbers is None
                   else np.asarray(row_numbers, dtype=np.int64))
        if len(numbers) != len(frame):
            raise ValueError(f"{len(numbers)} row numbers for {len(frame)} rows")
        rows = numbers[present]                       # the caller's row numbers, 1-based
        if isinstance(weights, str):
            ignored.add(weights)
        overrides = {name: Kind(kind) for name, kind in (kinds or {}).items()}
        unknown = [name for name in overrides if name not in frame.columns]
        if unknown:
            columns = list(map(str, frame.columns))
            raise DataError("is not a column of the table", code="not_a_column",
                            column=unknown[0], columns=columns, hint=f"columns are {columns}")
        guess = [name for name in frame.columns
                 if name != target and name not in ignored and name not in overrides]
        inferred = infer_kinds(frame[guess], missing=tuple(markers))   # only what is not given
        if not present.all():
            frame, weight_values = frame[present], weight_values[present]
        used = {name: overrides[name] if name in overrides else inferred[name]
                for name in frame.columns if name != target and name not in ignored}
        used = {name: kind for name, kind in used.items() if kind is not Kind.IGNORED}
        X = np.empty((len(frame), len(used)), order="F")   # filled column by column, no copies
        features = []
        for j, (name, kind) in enumerate(used.items()):
            feature, X[:, j] = encode_column(frame[name], str(name), kind, markers, rows)
            features.append(feature)
        if not features:
            raise DataError("no feature columns are left besides the target", code="no_features",
                            hint="include at least one column as nominal or continuous")
        numbering = None if row_numbers is None and len(rows) == len(numbers) else rows
        return cls._with_target(features, X, frame[target], markers, task, weight_values, rows,
                                numbering)

    @classmethod
    def from_numbers(cls, X: np.ndarray, names: Sequence[str], target: pd.Series, *,
                     weights: Sequence[float] | np.ndarray | None = None,
                     task: str = "classification") -> "Dataset":
        """What :meth:`from_frame` makes of a table of numbers (``X``, one column per name in
        ``names``, every column continuous, NaN missing) beside ``target`` (a Series named as
        the target), without a DataFrame: the table is used as it is (a read-only array stays
        read-only) when the kernels can read it so (:func:`~treecore.data.memory.kernel_layout`:
        float64, contiguous row- or column-major) and every weight is positive, else copied
        once column-major (a 1M × 20 table is 160 MB: scikit-learn's users hand it row-major)."""
        markers = frozenset(m.strip() for m in DEFAULT_MISSING)
        weight_values = column_weights(X, weights)
        present = weight_values > 0
        rows = FirstRows(len(present)) if present.all() else np.flatnonzero(present) + 1
        if not present.all():
            X, weight_values, target = X[present], weight_values[present], target[present]
        if not kernel_layout(X):
            X = np.asfortranarray(X, dtype=float)
        for j, name in enumerate(names):
            check_number_column(X[:, j], name, rows)
        features = [Feature(name, Kind.CONTINUOUS) for name in names]
        return cls._with_target(features, X, target.reset_index(drop=True), markers, task,
                                weight_values, rows, None if len(rows) == len(present) else rows)

    @classmethod
    def _with_target(cls, features: list[Feature], X: np.ndarray, target: pd.Series,
                     markers: frozenset[str], task: str, weights: np.ndarray,
                     rows: np.ndarray, row_numbers: np.ndarray | None) -> "Dataset":
        """The data set of encoded features ``X`` and the ``target`` column, encoded as
        classes, or for ``task="regression"`` as numbers; ``rows`` number the rows in messages,
        ``row_numbers`` is what the data set keeps (None for 1, 2, …, n)."""
        name = str(target.name)
        if task == "regression":
            classes, y = (), encode_number_target(target, name, markers, rows)
        else:
            classes, y = encode_target(target, name, markers, rows)
        schema = Schema(tuple(features), name, classes, task, tuple(sorted(markers)))
        return cls(schema, X, y, weights, row_numbers)



def _check_table(frame: pd.DataFrame, target: str) -> None:
    if frame.shape[1] == 0:
        raise DataError("the table has no columns", code="no_columns",
                        hint="check the file's delimiter and header line")
    names = [str(c) for c in frame.columns]
    seen = set()
    for position, name in enumerate(names, start=1):
        if name.strip() == "" or name.startswith("Unnamed: "):
            raise DataError(f"column {position} has no name", code="no_name", position=position,
                            hint="give every column a header, or delete the empty column")
        if name in seen:
            raise DataError("this name is used by two columns", code="duplicate_name", column=name,
                            hint="rename one of them")
        seen.add(name)
    if target not in frame.columns:
        raise DataError("is not a column of the table", code="target_not_a_column",
                        column=str(target), columns=names,
                        hint=f"choose the target among {names}")
    if len(frame) == 0:
        raise DataError("the table has no rows", code="no_rows",
                        hint="use a file with a header and data rows")
