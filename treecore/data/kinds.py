"""Guessing how a column takes part in a tree (its :class:`~treecore.data.columns.Kind`) and
whether a target holds classes or a quantity to predict."""

from __future__ import annotations

from typing import Iterable

import numpy as np
import pandas as pd

from .columns import DEFAULT_MISSING, Kind, missing_mask

#: A number written with a leading zero (``02134``, ``007``): a code (a postcode, a part
#: number), read as text rather than as the amount it would parse to.
LEADING_ZERO = r"[+-]?0\d.*"

#: Column names that mark a row identifier (compared case-insensitively).
ID_COLUMN_NAMES = frozenset({"id", "编号", "tid", "序号", "index", "no", "no.", "#", "row"})


def infer_kinds(frame: pd.DataFrame, target: str | None = None, *,
                missing: Iterable[str] = DEFAULT_MISSING) -> dict[str, Kind]:
    """Guess each column's kind: numbers, and text that is all numbers, → continuous; text
    (including numbers written as codes, with a leading zero: :data:`LEADING_ZERO`), bool,
    category → nominal; a row identifier (named like ``ID``/``编号`` with distinct values, or
    the sequence 1..n) and date columns → ignored. The target gets the kind of its values, for
    information.

    >>> infer_kinds(pd.DataFrame({"ID": [1, 2], "x": [0.5, 1.5], "c": ["a", "b"]}))
    {'ID': <Kind.IGNORED: 'ignored'>, 'x': <Kind.CONTINUOUS: 'continuous'>, 'c': <Kind.NOMINAL:
    'nominal'>}
    """
    markers = frozenset(m.strip() for m in missing)
    kinds = {}
    for name in frame.columns:
        column = frame[name]
        known = ~missing_mask(column, markers)
        if name != target and _is_row_id(str(name), column, known):
            kinds[name] = Kind.IGNORED
        elif pd.api.types.is_datetime64_any_dtype(column):
            kinds[name] = Kind.IGNORED
        elif pd.api.types.is_bool_dtype(column) or isinstance(column.dtype, pd.CategoricalDtype):
            kinds[name] = Kind.NOMINAL
        elif pd.api.types.is_numeric_dtype(column):
            kinds[name] = Kind.CONTINUOUS
        else:
            distinct = pd.Series(pd.unique(column[known]), dtype=object)   # parse each once
            numbers = pd.to_numeric(distinct, errors="coerce")
            all_numbers = known.any() and not numbers.isna().any()
            kinds[name] = Kind.CONTINUOUS if all_numbers and not _has_codes(distinct) \
                else Kind.NOMINAL
    return kinds


#: A numeric target with more distinct values than this, or with fractions, is a quantity to
#: predict (regression) rather than a set of classes.
MAX_CLASS_NUMBERS = 20


def infer_task(column: pd.Series, missing: Iterable[str] = DEFAULT_MISSING) -> str:
    """``"regression"`` when the target's known values are numbers with a fraction or more
    than :data:`MAX_CLASS_NUMBERS` distinct values (a price, a yield, a duration), else
    ``"classification"`` (text, or few whole numbers such as 0/1 or ratings 1–5). The user may
    choose the other either way.

    >>> infer_task(pd.Series([2.5, 3.1, 4.0])), infer_task(pd.Series([0, 1, 1, 0]))
    ('regression', 'classification')
    """
    known = column[~missing_mask(column, frozenset(m.strip() for m in missing))]
    if pd.api.types.is_bool_dtype(known) or not len(known):
        return "classification"
    if pd.to_numeric(known.iloc[:1000], errors="coerce").isna().any():
        return "classification"                   # words among the first: no need to read on
    numbers = pd.to_numeric(known, errors="coerce")
    if numbers.isna().any():
        return "classification"
    values = numbers.to_numpy(dtype=float)
    fractional = bool((values != np.floor(values)).any())
    return "regression" if fractional or len(np.unique(values)) > MAX_CLASS_NUMBERS \
        else "classification"


def _has_codes(values: pd.Series) -> bool:
    """Whether any of ``values`` is text written as a code (:data:`LEADING_ZERO`)."""
    text = values[values.map(type) == str]
    return bool(text.str.strip().str.fullmatch(LEADING_ZERO).any())


def _is_row_id(name: str, column: pd.Series, known: np.ndarray) -> bool:
    """Distinct values in a column named like an identifier, or integers counting up by one
    (10 rows or more), among the ``known`` cells of ``column``. The costly tests run last:
    the known cells are taken only for a column that may be one."""
    n_known = int(known.sum())
    if n_known < 2:
        return False
    if name.strip().casefold() in ID_COLUMN_NAMES:
        return column[known].is_unique
    if not pd.api.types.is_integer_dtype(column) or n_known < 10:
        return False
    values = column[known].to_numpy()
    return bool(np.array_equal(values, np.arange(values[0], values[0] + len(values))))
