"""Guessing how a column takes part in a tree (its :class:`~treecore.data.columns.Kind`) and
whether a target holds classes or a quantity to predict."""

from __future__ import annotations

from typing import Iterable, NamedTuple

import numpy as np
import pandas as pd

from .columns import DEFAULT_MISSING, Kind, missing_mask

#: A number written with a leading zero (``02134``, ``007``): a code (a postcode, a part
#: number), read as text rather than as the amount it would parse to.
LEADING_ZERO = r"[+-]?0\d.*"

#: Column names that mark a row identifier (compared case-insensitively).
ID_COLUMN_NAMES = frozenset({"id", "编号", "tid", "序号", "index", "no", "no.", "#", "row"})


#: Why :func:`guess_kinds` leaves a column out of the tree: it names or numbers the rows (an
#: ``identifier`` by its name, a ``row_number`` counting up by one), holds a ``distinct_text``
#: in most rows (a name, a ticket, a code: a split on it would send each row or two down a branch
#: of its own, and learn them by heart), or ``dates`` (a tree here splits on numbers and
#: categories).
IGNORE_REASONS = ("identifier", "row_number", "distinct_text", "dates")
#: Fewest known values a column needs before counting up by one or being mostly distinct says
#: it is no attribute of its rows.
MIN_ID_VALUES = 10
#: A text column with more distinct values than this share of its known values is a
#: ``distinct_text``: Titanic's ``Ticket`` (681 texts in 891 rows) or ``Cabin`` (147 in 204).
MAX_DISTINCT_SHARE = 0.5
#: How text dates are written, besides ISO 8601 (``2024-03-01``, ``2024-03-01 12:30``).
DATE_FORMATS = ("%Y/%m/%d", "%d.%m.%Y", "%m/%d/%Y", "%d/%m/%Y", "%Y年%m月%d日")


class KindGuess(NamedTuple):
    """A column's guessed kind and, when it is :attr:`Kind.IGNORED`, why (one of
    :data:`IGNORE_REASONS`)."""
    kind: Kind
    reason: str | None = None


def guess_kinds(frame: pd.DataFrame, target: str | None = None, *,
                missing: Iterable[str] = DEFAULT_MISSING) -> dict[str, KindGuess]:
    """Guess each column's kind: numbers, and text that is all numbers, → continuous; text
    (including numbers written as codes, with a leading zero: :data:`LEADING_ZERO`), bool,
    category → nominal; a column that is no attribute of its rows → ignored, with the reason
    (:data:`IGNORE_REASONS`): a row identifier (named like ``ID``/``编号`` with distinct values,
    or the sequence 1..n), text different in most rows (:data:`MAX_DISTINCT_SHARE`), dates.
    The target gets the kind of its values, for information.

    >>> guess_kinds(pd.DataFrame({"ID": [1, 2], "day": ["2024-03-01", "2024-03-02"]}))["ID"]
    KindGuess(kind=<Kind.IGNORED: 'ignored'>, reason='identifier')
    """
    markers = frozenset(m.strip() for m in missing)
    return {name: _guess(str(name), frame[name], ~missing_mask(frame[name], markers),
                         is_target=name == target)
            for name in frame.columns}


def infer_kinds(frame: pd.DataFrame, target: str | None = None, *,
                missing: Iterable[str] = DEFAULT_MISSING) -> dict[str, Kind]:
    """Each column's kind as :func:`guess_kinds` guesses it, without the reasons.

    >>> infer_kinds(pd.DataFrame({"ID": [1, 2], "x": [0.5, 1.5], "c": ["a", "b"]}))
    {'ID': <Kind.IGNORED: 'ignored'>, 'x': <Kind.CONTINUOUS: 'continuous'>, 'c': <Kind.NOMINAL:
    'nominal'>}
    """
    return {name: guess.kind
            for name, guess in guess_kinds(frame, target, missing=missing).items()}


def _guess(name: str, column: pd.Series, known: np.ndarray, *, is_target: bool) -> KindGuess:
    """The kind of one column (:func:`guess_kinds`), its ``known`` cells marked."""
    if not is_target and (reason := _row_id_reason(name, column, known)):
        return KindGuess(Kind.IGNORED, reason)
    if pd.api.types.is_datetime64_any_dtype(column):
        return KindGuess(Kind.IGNORED, "dates")
    if pd.api.types.is_bool_dtype(column) or isinstance(column.dtype, pd.CategoricalDtype):
        return KindGuess(Kind.NOMINAL)
    if pd.api.types.is_numeric_dtype(column):
        return KindGuess(Kind.CONTINUOUS)
    distinct = pd.Series(pd.unique(column[known]), dtype=object)         # parse each once
    numbers = pd.to_numeric(distinct, errors="coerce")
    if known.any() and not numbers.isna().any() and not _has_codes(distinct):
        return KindGuess(Kind.CONTINUOUS)
    if not is_target and _are_dates(distinct):
        return KindGuess(Kind.IGNORED, "dates")
    if (not is_target and len(distinct) >= MIN_ID_VALUES
            and len(distinct) > MAX_DISTINCT_SHARE * int(known.sum())):
        return KindGuess(Kind.IGNORED, "distinct_text")
    return KindGuess(Kind.NOMINAL)


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


def _are_dates(values: pd.Series) -> bool:
    """Whether every one of ``values`` (distinct, known, some text) is a date written in one
    format: ISO 8601 or one of :data:`DATE_FORMATS`, each of which begins with a digit. The
    first twenty are tried first, so a column of words costs no parse at all."""
    def may_be_dates(part: pd.Series) -> bool:
        return bool(len(part)) and part.map(type).eq(str).all() \
            and part.str.match(r"\s*\d").all()

    def all_dates(part: pd.Series, fmt: str) -> bool:
        return pd.to_datetime(part, format=fmt, errors="coerce").notna().all()

    head = values.iloc[:20]
    return may_be_dates(head) and may_be_dates(values) and any(
        all_dates(head, fmt) and all_dates(values, fmt) for fmt in ("ISO8601", *DATE_FORMATS))


def _row_id_reason(name: str, column: pd.Series, known: np.ndarray) -> str | None:
    """``"identifier"``: distinct values in a column named like an identifier; ``"row_number"``:
    integers counting up by one (:data:`MIN_ID_VALUES` or more), among the ``known`` cells of
    ``column``; else None. The costly tests run last: the known cells are taken only for a
    column that may be one."""
    n_known = int(known.sum())
    if n_known < 2:
        return None
    if name.strip().casefold() in ID_COLUMN_NAMES:
        return "identifier" if column[known].is_unique else None
    if not pd.api.types.is_integer_dtype(column) or n_known < MIN_ID_VALUES:
        return None
    values = column[known].to_numpy()
    counts_up = np.array_equal(values, np.arange(values[0], values[0] + len(values)))
    return "row_number" if counts_up else None
