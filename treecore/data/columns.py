"""One column of a user's table, read as the engine reads it: which cells are missing, a
nominal column's codes and labels (first-seen order), a continuous column's floats, the target's
class codes or numbers, the sample weights. Every refusal is a :class:`~treecore.errors.DataError`
naming the column, the row and what to do; the caller's column is never modified.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ..errors import DataError

#: Cell texts read as "missing" by default (compared after stripping spaces). Words that are
#: also real values (``none`` in the contact-lenses data, a ``null`` allele, ``-`` for a
#: negative strand) are not among them; the user can add them as markers.
DEFAULT_MISSING: tuple[str, ...] = ("", "?", "NA", "N/A", "n/a", "#N/A", "NaN", "nan", "NULL",
                                    "—")


class Kind(str, Enum):
    """How a column takes part in the tree."""

    NOMINAL = "nominal"
    CONTINUOUS = "continuous"
    IGNORED = "ignored"


@dataclass(frozen=True)
class Feature:
    """One feature column: its name, kind and (for a nominal one) the label of every code."""

    name: str
    kind: Kind
    labels: tuple[str, ...] = ()

    @property
    def is_nominal(self) -> bool:
        return self.kind is Kind.NOMINAL


def is_number_dtype(dtype) -> bool:
    """Numbers (not booleans): a column read as floats as it is."""
    return pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_bool_dtype(dtype)


def missing_mask(column: pd.Series, markers: frozenset[str]) -> np.ndarray:
    """True where a cell is empty (None, NaN, NA) or its text, stripped of spaces, is one of
    ``markers`` (stripped already); only text columns hold markers."""
    if isinstance(column.array, pd.arrays.ArrowStringArray):
        return _arrow_missing_mask(column, markers)
    mask = column.isna().to_numpy(dtype=bool, na_value=True).copy()
    if column.dtype == object or pd.api.types.is_string_dtype(column):
        text = column.astype("string").str.strip()
        mask |= text.isin(markers).to_numpy(dtype=bool, na_value=True)
    return mask


def arrow_cells(column: pd.Series) -> pa.ChunkedArray:
    """The cells of a column held by Arrow (``ArrowStringArray``), as Arrow holds them: no copy."""
    return pa.chunked_array(column.array.__arrow_array__())


def _arrow_missing_mask(column: pd.Series, markers: frozenset[str]) -> np.ndarray:
    """:func:`missing_mask` of text held by Arrow (how pandas reads a CSV's text), by the Arrow
    kernels pandas' ``str.strip`` and ``isin`` run for it, without their copies: a third of
    the time on a column of words."""
    cells = arrow_cells(column)
    marked = pc.is_in(pc.utf8_trim_whitespace(cells),
                      value_set=pa.array(sorted(markers), type=cells.type))
    return pc.or_(pc.is_null(cells), marked).to_numpy(zero_copy_only=False)


def _value_labels(values: np.ndarray) -> np.ndarray:
    """The label (:func:`_label`) of each value: text is its own label, so a column of text
    needs no Python call per value."""
    if pd.api.types.infer_dtype(values, skipna=False) == "string":
        return values
    return np.array([_label(v) for v in values], dtype=object)


def _label(value) -> str:
    """The display label of a nominal value: integral floats lose their ``.0``."""
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return str(int(value))
    if isinstance(value, np.generic):
        value = value.item()
    return str(value)


def class_key(value):
    """Normalise a class value (numpy scalars, integral floats) so 1, 1.0 and np.int64(1) match."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def to_float(column: pd.Series, markers: frozenset[str], name: str, rows: np.ndarray
             ) -> np.ndarray:
    """The column as floats, NaN where a value is missing (:func:`missing_mask`; a column of
    numbers has its own NaN and holds no markers); ``rows`` are the row numbers its errors
    name, one per cell."""
    if is_number_dtype(column.dtype):
        values = column.to_numpy(dtype=float, na_value=np.nan, copy=True)
    else:
        known = ~missing_mask(column, markers)
        values = np.full(len(column), np.nan)
        values[known] = _parse_numbers(column, known, name, rows)
    refuse_infinite(values, name, rows)
    return values


class FirstRows:
    """The row numbers 1, 2, …, n as messages read them (``rows[positions]``), with no array of
    them (8 MB at a million rows) unless a message names a row."""

    def __init__(self, n: int):
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, positions):
        return np.arange(1, self.n + 1)[positions]


def refuse_infinite(values: np.ndarray, name: str, rows: np.ndarray) -> None:
    """A :class:`DataError` naming the first row (of ``rows``) whose value is infinite."""
    infinite = np.flatnonzero(np.isinf(values))
    if infinite.size:
        raise DataError("contains an infinite value", code="infinite", column=name,
                        row=int(rows[infinite[0]]),
                        hint="replace it by a finite number or leave the cell empty")


def _parse_numbers(column: pd.Series, known: np.ndarray, name: str, rows: np.ndarray
                   ) -> np.ndarray:
    """The known values of a text column as numbers; the first that is not one is an error."""
    raw = column.to_numpy(dtype=object)[known]
    numbers = pd.to_numeric(pd.Series(raw, dtype=object), errors="coerce").to_numpy(dtype=float)
    bad = np.flatnonzero(np.isnan(numbers))
    if bad.size:
        row, value = int(rows[known][bad[0]]), raw[bad[0]]
        raise DataError(f"{value!r} is not a number", code="not_a_number", column=name, row=row,
                        value=value,
                        hint="fix the value, mark it missing, or make the column nominal")
    return numbers


def encode_column(column: pd.Series, name: str, kind: Kind, markers: frozenset[str],
                   rows: np.ndarray) -> tuple[Feature, np.ndarray]:
    if kind is Kind.CONTINUOUS:
        values = to_float(column, markers, name, rows)
        _check_some_known(not np.isnan(values).all(), name)
        return Feature(name, kind), values
    if isinstance(column.dtype, pd.CategoricalDtype):  # declared values, in declared order
        known = ~missing_mask(column, markers)
        _check_some_known(known.any(), name)
        encoded = np.full(len(column), np.nan)
        encoded[known] = column.cat.codes.to_numpy()[known]
        labels = _value_labels(column.cat.categories.to_numpy(dtype=object))
        return Feature(name, Kind.NOMINAL, tuple(str(u) for u in labels)), encoded
    codes, labels = nominal_codes(column, markers)
    _check_some_known(len(labels) > 0, name)
    label_codes, uniques = pd.factorize(pd.Series(labels, dtype=object), sort=False)
    encoded = np.append(label_codes, -1)[codes].astype(float)
    encoded[codes < 0] = np.nan
    return Feature(name, Kind.NOMINAL, tuple(str(u) for u in uniques)), encoded


def check_number_column(values: np.ndarray, name: str, rows: np.ndarray) -> None:
    """Checks a continuous column already held as floats (NaN missing), as
    :func:`encode_column` checks one read from a table: some value known, none infinite."""
    _check_some_known(not np.isnan(values).all(), name)
    refuse_infinite(values, name, rows)


def _check_some_known(some_known: bool, name: str) -> None:
    if not some_known:
        raise DataError("every value is missing", code="all_missing", column=name,
                        hint="ignore this column, or check the missing-value markers")


def nominal_codes(column: pd.Series, markers: frozenset[str]) -> tuple[np.ndarray, np.ndarray]:
    """(each row's position in ``labels``, −1 where its value is missing; the labels
    (:func:`_label`) of the column's known values in order of first appearance, possibly one
    label twice, as ``1`` and ``"1"`` have).

    Equal values have one label, so the work per row is pandas' factorize; which values are
    missing and their labels are worked out once per distinct value. Where factorize would merge
    values of different labels (``True`` and ``1`` in a column of mixed objects), each row is
    labelled first.
    """
    if column.dtype == object and pd.api.types.infer_dtype(column, skipna=True) != "string":
        known = ~missing_mask(column, markers)
        labelled = np.full(len(column), None, dtype=object)
        labelled[known] = _value_labels(column.to_numpy(dtype=object)[known])
        column = pd.Series(labelled, dtype=object)
    codes, uniques = pd.factorize(column, sort=False)
    distinct = pd.Series(uniques)
    known = ~missing_mask(distinct, markers)
    labels = _value_labels(distinct.to_numpy(dtype=object)[known])
    label_of = np.full(len(distinct) + 1, -1)
    label_of[np.flatnonzero(known)] = np.arange(len(labels))
    return label_of[codes], labels


def label_positions(column: pd.Series, labels: tuple[str, ...], markers: frozenset[str]
                    ) -> np.ndarray:
    """Each row's position in ``labels`` (a nominal feature's), as a float: NaN where its value
    is missing, or is no label (a category the tree never saw). Text held by Arrow is looked
    up by Arrow's ``index_in`` in one pass, when no label is a marker (a marker then finds
    none); any other column through :func:`nominal_codes`, value by distinct value."""
    if isinstance(column.array, pd.arrays.ArrowStringArray) and \
            not any(label.strip() in markers for label in labels):
        cells = arrow_cells(column)
        found = pc.index_in(cells, value_set=pa.array(labels, type=cells.type))
        return found.to_numpy(zero_copy_only=False).astype(float)
    codes, column_labels = nominal_codes(column, markers)
    code_of = np.append(pd.Index(labels).get_indexer(column_labels), -1)
    return np.where(code_of >= 0, code_of, np.nan)[codes]


def marker_classes(column: pd.Series, missing: Iterable[str] = DEFAULT_MISSING
                   ) -> dict[str, int]:
    """The values of a class column that look like missing-value markers but are classes, with
    their counts: a marker (other than an empty cell) that occurs at least twice and as often as
    some value that is not a marker is a category, not a gap.

    >>> marker_classes(pd.Series(["NA", "hard", "NA", "soft", "soft", "?"]))
    {'NA': 2}
    """
    markers = frozenset(m.strip() for m in missing) - {""}
    if column.dtype != object and not pd.api.types.is_string_dtype(column):
        return {}
    counts = column.dropna().astype("string").str.strip().value_counts()
    is_marker = counts.index.isin(markers)
    if is_marker.all():
        return {}
    rarest = max(2, int(counts[~is_marker].min()))
    return {str(value): int(count) for value, count in counts[is_marker].items()
            if count >= rarest}


def known_targets(column: pd.Series, markers: frozenset[str], task: str) -> np.ndarray:
    """Which rows of a target column hold a value: not empty, not one of ``markers``, except that
    a marker occurring as often as a class is a class (:func:`marker_classes`).

    >>> known_targets(pd.Series(["yes", None, "?", "no"]), frozenset({"?"}), "classification")
    array([ True, False, False,  True])
    """
    if task == "classification":
        markers = markers - set(marker_classes(column, markers))
    return ~missing_mask(column, markers)


def encode_target(column: pd.Series, name: str, markers: frozenset[str],
                   rows: np.ndarray) -> tuple[tuple, np.ndarray]:
    known = known_targets(column, markers, "classification")
    if not known.all():
        row = int(rows[~known][0])
        raise DataError("the class (target) is missing", code="target_missing", column=name,
                        row=row,
                        hint="choose another class column, fill the class in, or leave out "
                             "the rows without one")
    if isinstance(column.dtype, pd.CategoricalDtype):  # declared classes, in declared order
        codes, uniques = column.cat.codes.to_numpy(), column.cat.categories.to_numpy(dtype=object)
    elif pd.api.types.is_integer_dtype(column):       # numbers are their own keys: no per-row work
        codes, uniques = pd.factorize(column.to_numpy(), sort=False)
    else:
        codes, uniques = _keyed_factorize(column.to_numpy(dtype=object))
        if pd.api.types.is_float_dtype(column) and any(isinstance(v, float) for v in uniques):
            distinct = column.nunique()
            raise DataError(f"looks continuous ({distinct} distinct numbers)",
                            code="continuous_target", column=name, distinct=distinct,
                            hint="grow a regression tree for a number to predict, or "
                                 "choose a nominal target")
    if len(uniques) < 2:
        raise DataError(f"has only one class ({class_key(uniques[0])!r})", code="one_class",
                        column=name, value=class_key(uniques[0]),
                        hint="a tree needs at least two classes to separate")
    return tuple(class_key(u) for u in uniques), codes.astype(np.int64, copy=False)


def _keyed_factorize(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(code per value, classes in order of first appearance) of values compared by
    :func:`class_key` (1, 1.0 and np.int64(1) one class): the distinct values are found first
    and only they are keyed, so a column's rows cost no Python call each."""
    codes, distinct = pd.factorize(values, sort=False)
    keyed: dict = {}
    merged = np.array([keyed.setdefault(class_key(v), len(keyed)) for v in distinct], np.int64)
    uniques = np.empty(len(keyed), dtype=object)
    uniques[:] = list(keyed)
    return merged[codes], uniques


def encode_number_target(column: pd.Series, name: str, markers: frozenset[str],
                          rows: np.ndarray) -> np.ndarray:
    """The target of a regression data set as floats: every value known and a finite number."""
    values = to_float(column, markers, name, rows)
    missing = np.flatnonzero(np.isnan(values))
    if missing.size:
        raise DataError("the target value is missing", code="target_value_missing",
                        column=name, row=int(rows[missing[0]]),
                        hint="choose another target column, fill the value in, or leave out "
                             "the rows without one")
    return values


def unit_weights(n: int) -> np.ndarray:
    """A weight of 1 for each of ``n`` rows, held as one number (a read-only view whose every
    element is it): a data set without weights keeps no array of ones (8 MB at 1M rows)."""
    return np.broadcast_to(np.float64(1.0), (n,))


def column_weights(frame: pd.DataFrame, weights) -> np.ndarray:
    if weights is None:
        return unit_weights(len(frame))
    if isinstance(weights, str):
        if weights not in frame.columns:
            raise DataError("the weight column is not in the table", code="weight_column_absent",
                            column=weights)
        values = pd.to_numeric(frame[weights], errors="coerce").to_numpy(dtype=float)
        name = weights
    else:
        values = np.asarray(weights, dtype=float)
        name = "sample weight"
        if values.shape != (len(frame),):
            raise DataError(f"expected one weight per row ({len(frame)}), got {values.size}",
                            code="weights_count", column=name, expected=len(frame),
                            got=values.size)
    bad = np.flatnonzero(~np.isfinite(values) | (values < 0))
    if bad.size:
        raise DataError("a sample weight must be a finite number ≥ 0", code="weights_negative",
                        column=name,
                        row=int(bad[0]) + 1)
    if values.sum() <= 0:
        raise DataError("the sample weights add up to zero", code="weights_zero", column=name)
    return values
