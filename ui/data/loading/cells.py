"""What a cell's text means: spaces around it, numbers in the file's own format, codes.

Spaces around a value are removed in every text column, so ``yes`` and ``yes `` are one class.
Delimited text gives every cell as text; a column whose filled cells are all numbers (written
with the file's decimal mark, with or without thousands separators, or all ending in ``%``)
becomes a number column, unless one of them starts with a zero, as codes do (``02134``).
In a column that mixes numbers and words (``3,14`` and ``?``) the numbers are rewritten as
Python writes them (``3.14``), so the engine can read them once the words are missing-value
markers. Every change is reported as a :class:`~ui.notice.Notice`.

>>> frame = pd.DataFrame({"x": ["3,14", "2,5"], "zip": ["02134", "10001"], "y": [" a", "b "]},
...                      dtype="str")
>>> fmt = sniff_number_format(frame, ";")
>>> fmt.decimal
','
>>> frame, _ = trim_spaces(frame)
>>> typed, notes = read_numbers(frame, fmt)
>>> typed["x"].tolist(), typed["zip"].tolist(), typed["y"].tolist()
([3.14, 2.5], ['02134', '10001'], ['a', 'b'])
>>> [note.code for note in notes]
['decimal_comma', 'leading_zeros']
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from treecore.data.columns import arrow_cells
from treecore.data.kinds import LEADING_ZERO
from treecore.data.schema import THREADS
from ui.notice import Notice, quoted

#: Cells looked at to decide the decimal mark.
_SNIFF_CELLS = 2000
_COMMA_DECIMAL = r"[+-]?\d+,\d+"
_POINT_DECIMAL = r"[+-]?\d+\.\d+"


@dataclass(frozen=True)
class NumberFormat:
    """How numbers are written in a file: the decimal mark, and the other of ``.``/``,`` as
    the thousands separator (only in groups of three digits)."""

    decimal: str = "."

    @property
    def thousands(self) -> str:
        return "," if self.decimal == "." else "."

    @property
    def pattern(self) -> str:
        """A regular expression matching one number written in this format."""
        d, t = re.escape(self.decimal), re.escape(self.thousands)
        return (rf"[+-]?(?:(?:\d+|\d{{1,3}}(?:{t}\d{{3}})+)(?:{d}\d*)?|{d}\d+)"
                rf"(?:[eE][+-]?\d+)?")

    def canonical(self, text: pd.Series) -> pd.Series:
        """``text`` (numbers in this format) as Python writes numbers."""
        plain = text.str.replace(self.thousands, "", regex=False)
        return plain.str.replace(",", ".", regex=False) if self.decimal == "," else plain


def sniff_number_format(frame: pd.DataFrame, delimiter: str) -> NumberFormat:
    """A decimal comma when the delimiter is not a comma and more sampled cells look like
    ``3,14`` than like ``3.14``; else a decimal point."""
    if delimiter == "," or frame.shape[1] == 0:
        return NumberFormat(".")
    rows = _SNIFF_CELLS // frame.shape[1] + 1
    cells = pd.concat([frame.iloc[:rows, position] for position in range(frame.shape[1])]
                      ).dropna().astype("str")
    commas = int(cells.str.fullmatch(_COMMA_DECIMAL).sum())
    points = int(cells.str.fullmatch(_POINT_DECIMAL).sum())
    return NumberFormat("," if commas > points else ".")


def trim_spaces(frame: pd.DataFrame) -> tuple[pd.DataFrame, tuple[Notice, ...]]:
    """Remove spaces around every text value (a value of spaces only becomes empty) and
    around the column names; say which columns changed."""
    frame = frame.rename(columns=lambda name: name.strip() if isinstance(name, str) else name)
    changed, columns = [], {}
    for position, name in enumerate(frame.columns):
        trimmed = _trimmed(frame.iloc[:, position])
        if trimmed is not None:
            columns[position] = trimmed
            changed.append(str(name))
    if not changed:
        return frame, ()
    return _replaced(frame, columns), (Notice(
        f"Spaces around values were removed in {quoted(changed)}, so 'yes' and 'yes ' are one "
        "value.", "spaces_trimmed", {"columns": changed}),)


def _replaced(frame: pd.DataFrame, columns: dict[int, pd.Series]) -> pd.DataFrame:
    """A copy of ``frame`` with the columns at these positions replaced (names may repeat)."""
    frame = frame.copy()
    for position, column in columns.items():
        frame.isetitem(position, column)
    return frame


def _trimmed(column: pd.Series) -> pd.Series | None:
    """``column`` with spaces removed around its text values (spaces only: empty), or None
    when no value changes. Numbers and dates in an Excel column are left as they are; a
    categorical column's categories are trimmed, not its rows."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        categories = column.cat.categories
        if categories.dtype != object and not pd.api.types.is_string_dtype(categories):
            return None
        stripped = {c: c.strip() or None for c in categories
                    if isinstance(c, str) and c != c.strip()}
        return column.map(lambda c: stripped.get(c, c)) if stripped else None
    if isinstance(column.array, pd.arrays.ArrowStringArray):    # the common case, checked in C++
        cells = arrow_cells(column)
        if pc.all(pc.equal(pc.utf8_trim_whitespace(cells), cells)).as_py() is not False:
            return None
    if column.dtype == object:
        texts = column[[isinstance(value, str) for value in column]].astype("str")
    elif pd.api.types.is_string_dtype(column):
        texts = column.dropna()
    else:
        return None
    stripped = texts.str.strip()
    changed = stripped != texts
    if not changed.any():
        return None
    trimmed = column.copy()
    trimmed[changed[changed].index] = stripped[changed].replace("", None)
    return trimmed


def read_numbers(frame: pd.DataFrame, fmt: NumberFormat
                 ) -> tuple[pd.DataFrame, tuple[Notice, ...]]:
    """Each text column of numbers as numbers, in ``fmt``; codes with a leading zero stay text.
    Returns the frame and notes on the decimal comma, thousands separators, percentages and
    codes."""
    columns, codes, percents, seen = {}, [], [], {"decimal": False, "thousands": False}
    texts = [frame.iloc[:, position] for position in range(frame.shape[1])]
    with ThreadPoolExecutor(max_workers=THREADS) as pool:   # Arrow releases the GIL
        plain = list(pool.map(lambda text: _plain_numbers(text, fmt), texts))
    for position, name in enumerate(frame.columns):
        text = texts[position]
        if plain[position] is not None:
            columns[position] = plain[position]
            continue
        if not pd.api.types.is_string_dtype(text) or text.isna().all() or \
                not _any_number(text, fmt):
            continue
        percent = bool(text.dropna().str.endswith("%").all())
        digits = text.str.removesuffix("%") if percent else text
        is_number = digits.str.fullmatch(fmt.pattern).fillna(False).astype(bool)
        numbers = digits[is_number]
        if numbers.empty:
            continue
        seen["decimal"] |= fmt.decimal == "," and bool(numbers.str.contains(",").any())
        seen["thousands"] |= bool(numbers.str.contains(fmt.thousands, regex=False).any())
        if is_number.sum() < text.notna().sum():           # numbers among words: rewrite only
            columns[position] = text.mask(is_number, fmt.canonical(text))
        elif numbers.str.fullmatch(LEADING_ZERO).any():
            codes.append(str(name))
        else:
            columns[position] = pd.to_numeric(fmt.canonical(digits))
            percents += [str(name)] if percent else []
    return _replaced(frame, columns), _number_notes(fmt, seen, percents, codes)


#: A number with a decimal point, no thousands separator and no leading zero (``0.5`` but not
#: ``05``): what :data:`NumberFormat.pattern` matches in a column :func:`read_numbers` makes
#: numbers of without a note, in RE2's syntax.
_PLAIN_NUMBER = r"^[+-]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$"


#: Cells of a column matched first: most columns of text fail among them, before a pass over
#: every cell.
_FIRST_CELLS = 64


def _plain_numbers(text: pd.Series, fmt: NumberFormat) -> pd.Series | None:
    """The column as numbers when every filled cell is a plain number (:data:`_PLAIN_NUMBER`),
    the commonest column there is; else None, and :func:`read_numbers` looks at it cell by
    cell. It returns what that would: int64 for whole numbers without a gap, else float64
    (``pd.to_numeric``'s choice), found by one of Arrow's regular expressions, substring
    searches for a fraction or an exponent and a cast in C++ instead of Python's (at 1M rows,
    0.1 s a column instead of 1 s)."""
    if fmt.decimal != "." or not isinstance(text.array, pd.arrays.ArrowStringArray) or \
            text.isna().all():
        return None
    cells = arrow_cells(text)
    for some in (cells.slice(0, _FIRST_CELLS), cells):     # a column of words fails early
        if not pc.all(pc.match_substring_regex(some, _PLAIN_NUMBER)).as_py():
            return None
    if any(pc.any(pc.match_substring(cells, mark)).as_py() for mark in ".eE"):
        numbers = pc.cast(cells, pa.float64())
    else:
        try:
            numbers = pc.cast(pc.utf8_ltrim(cells, "+"), pa.int64())
        except pa.ArrowInvalid:                   # beyond int64: pandas' own rules decide
            return None
    return pd.Series(numbers.to_numpy(), index=text.index, name=text.name)


def _any_number(text: pd.Series, fmt: NumberFormat) -> bool:
    """Whether any cell may be a number in ``fmt``, with or without a ``%`` after it; for
    text held by Arrow asked of one of Arrow's regular expressions, the one pandas'
    ``str.fullmatch`` runs for it (a column of words then costs a third of the time)."""
    if not isinstance(text.array, pd.arrays.ArrowStringArray):
        return True
    return bool(pc.any(pc.match_substring_regex(arrow_cells(text),
                                                rf"^(?:{fmt.pattern})%?$")).as_py())


def _number_notes(fmt: NumberFormat, seen: dict[str, bool], percents: list[str],
                  codes: list[str]) -> tuple[Notice, ...]:
    notes = []
    if seen["decimal"]:
        notes.append(Notice("Numbers are written with a decimal comma: 3,14 was read as 3.14.",
                            "decimal_comma"))
    if seen["thousands"]:
        sep = fmt.thousands
        notes.append(Notice(f"Thousands separators ('{sep}') were removed: 1{sep}234 was read "
                            "as 1234.", "thousands", {"separator": sep}))
    if percents:
        notes.append(Notice(f"Percentages were read as numbers (12% as 12) in {quoted(percents)}.",
                            "percent", {"columns": percents}))
    if codes:
        notes.append(Notice(f"Values that start with 0, as codes do (02134), stay text in "
                            f"{quoted(codes)}. Make a column continuous on the Data page if its "
                            "values are amounts.", "leading_zeros", {"columns": codes}))
    return tuple(notes)
