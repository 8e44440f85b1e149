"""The :class:`Schema`: names, kinds, labels, classes and missing-value markers, all a tree
needs to encode rows it has never seen."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from ..errors import DataError
from .columns import (DEFAULT_MISSING, Feature, FirstRows, Kind, class_key, encode_number_target,
                      is_number_dtype, label_positions, refuse_infinite, to_float)

#: The cores this process may use: the threads that encode a large table's columns (and walk
#: rows down a tree, :mod:`treecore.tree.predict`).
THREADS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
#: Rows from which :meth:`Schema.encode` encodes the columns on :data:`THREADS` threads.
PARALLEL_ROWS = 50_000


@dataclass(frozen=True)
class Schema:
    """Names, kinds, labels and classes: all a tree needs to encode rows it has never seen.

    ``task`` is ``"classification"`` (the target holds ``classes``) or ``"regression"`` (the
    target is a number; ``classes`` is empty). ``missing`` holds the cell texts the training
    table was read with as missing values (compared after stripping spaces): rows a tree is
    later asked about are read with the same markers, whoever asks (``predict``, pruning, the
    exports).
    """

    features: tuple[Feature, ...]
    target: str
    classes: tuple
    task: str = "classification"
    missing: tuple[str, ...] = DEFAULT_MISSING

    @property
    def is_regression(self) -> bool:
        return self.task == "regression"

    @property
    def feature_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.features)

    @property
    def n_classes(self) -> int:
        return len(self.classes)

    def index_of(self, name: str) -> int:
        """Column position of feature ``name``."""
        for j, feature in enumerate(self.features):
            if feature.name == name:
                return j
        raise KeyError(f"no feature named {name!r}; features are {list(self.feature_names)}")

    def encode(self, frame: pd.DataFrame, missing: Iterable[str] | None = None) -> np.ndarray:
        """Encode the feature columns of ``frame`` as this schema's float matrix, reading the
        cells in ``missing`` (by default the schema's own markers) as missing values.

        A nominal value not seen in training becomes ``NaN`` (treated as missing, so it is
        distributed over the branches). A missing feature column is an error.
        """
        absent = [name for name in self.feature_names if name not in frame.columns]
        if absent:
            raise DataError("this column is missing from the rows to predict",
                            code="column_absent", column=absent[0],
                            hint="the rows need every feature the tree was grown on")
        columns = frame[list(self.feature_names)]
        if self.is_numeric and all(is_number_dtype(dtype) for dtype in columns.dtypes):
            return self.encode_numbers(columns.to_numpy(dtype=float, na_value=np.nan))
        markers = frozenset(m.strip() for m in (self.missing if missing is None else missing))
        rows = FirstRows(len(frame))
        X = np.empty((len(frame), len(self.features)), dtype=float, order="F")   # by column

        def encode_column(j: int, feature: Feature, column: pd.Series) -> None:
            X[:, j] = (label_positions(column, feature.labels, markers) if feature.is_nominal
                       else to_float(column, markers, feature.name, rows))

        work = [(j, feature, frame[feature.name]) for j, feature in enumerate(self.features)]
        if len(frame) < PARALLEL_ROWS or THREADS < 2:
            for task in work:
                encode_column(*task)
        else:                       # Arrow and numpy release the GIL; the first error raised
            with ThreadPoolExecutor(THREADS) as pool:   # is the first column's, as in turn
                list(pool.map(lambda task: encode_column(*task), work))
        return X

    @property
    def is_numeric(self) -> bool:
        """Whether every feature is continuous: rows of numbers need no encoding."""
        return not any(feature.is_nominal for feature in self.features)

    def encode_numbers(self, X: np.ndarray) -> np.ndarray:
        """A matrix of numbers, one column per feature, as this (:attr:`is_numeric`) schema's
        float matrix: NaN is missing, an infinite value is an error naming its column and row
        (the first column that has one, as :meth:`encode` reads them). Not copied when it
        already holds floats."""
        X = np.asarray(X, dtype=float)
        if np.isinf(X).any():
            rows = np.arange(1, len(X) + 1)
            for j, feature in enumerate(self.features):
                refuse_infinite(X[:, j], feature.name, rows)
        return X

    def encode_row(self, row: Mapping) -> np.ndarray:
        """Encode one row given as a mapping of feature name to raw value: shape (1, p)."""
        return self.encode(pd.DataFrame([dict(row)]))

    def encode_classes(self, values: Sequence) -> np.ndarray:
        """Class codes of ``values``; a class not in the schema is an error."""
        code_of = {class_key(c): i for i, c in enumerate(self.classes)}
        codes = np.empty(len(values), dtype=np.int64)
        for i, value in enumerate(values):
            key = class_key(value)
            if key not in code_of:
                raise DataError(f"class {value!r} was not in the training data",
                                code="unknown_class", row=i + 1, value=value,
                                classes=list(self.classes),
                                hint=f"classes are {list(self.classes)}")
            codes[i] = code_of[key]
        return codes

    def encode_target(self, values: Sequence) -> np.ndarray:
        """The target of labelled rows: class codes (:meth:`encode_classes`), or for a
        regression schema the numbers, every value known and finite (else a DataError naming
        the row)."""
        if not self.is_regression:
            return self.encode_classes(values)
        return encode_number_target(pd.Series(list(values), dtype=object), self.target,
                                     frozenset(self.missing), np.arange(1, len(values) + 1))

    def to_dict(self) -> dict:
        return {"target": self.target, "task": self.task, "classes": list(self.classes),
                "features": [{"name": f.name, "kind": f.kind.value, "labels": list(f.labels)}
                             for f in self.features],
                "missing": list(self.missing)}

    @classmethod
    def from_dict(cls, data: Mapping) -> "Schema":
        features = tuple(Feature(str(f["name"]), Kind(f["kind"]),
                                 tuple(str(x) for x in f["labels"])) for f in data["features"])
        return cls(features, str(data["target"]), tuple(data["classes"]),
                   str(data.get("task", "classification")),
                   tuple(str(m) for m in data.get("missing", DEFAULT_MISSING)))
