"""The edges of a table as tools write them: where the header is, and what around the data is
not data.

A sheet often starts with a title above the header (:func:`find_header_row`); pandas'
``to_csv()`` writes its row index as a first column without a name; spreadsheets export empty
columns and rows past the data; files pasted together repeat their header line. :func:`tidy`
drops each of these with a note; nothing else is touched.

>>> frame = pd.DataFrame({"": ["0", "1", "2"], "x": ["a", "x", "b"], "y": ["p", "y", "q"],
...                       " ": [None, None, None]})
>>> tidied, notes = tidy(frame)
>>> tidied.to_dict("list"), [note.code for note in notes]
({'x': ['a', 'b'], 'y': ['p', 'q']}, ['empty_columns', 'pandas_index', 'repeated_header'])
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from treecore.data.columns import arrow_cells
from ui.data.loading.errors import LoadError
from ui.notice import Notice

#: Rows searched for the header below a title.
HEADER_SEARCH_ROWS = 20


def find_header_row(rows: Sequence[Sequence[object]]) -> int:
    """The position of the header among the first rows: rows above it hold a title (text in
    their first cell only) or nothing. A row with a cell filled past the first is the header.

    >>> find_header_row([["Sales 2024"], [], ["region", "units", "class"], ["north", 3, "a"]])
    2
    >>> find_header_row([["", "x"], ["0", "1.5"]])      # pandas' unnamed index: not a title
    0
    >>> find_header_row([["x"], ["1"]])
    0
    """
    first = rows[:HEADER_SEARCH_ROWS]
    for position, row in enumerate(first):
        if any(_filled(cell) for cell in row[1:]):
            return position
    return 0


def _filled(cell: object) -> bool:
    return cell is not None and not (isinstance(cell, float) and np.isnan(cell)) \
        and str(cell).strip() != ""


def header_found(row: int) -> Notice:
    """The header was found below a title."""
    return Notice(f"The header is on row {row}; the rows above it look like a title and were "
                  "left out. Choose another header row under “Reading options”.", "header_row",
                  {"row": row})


def header_names(cells: Sequence[object]) -> list[str]:
    """The header row's cells as column names (an empty cell: ``""``), refusing a name used
    twice (pandas would silently rename the second)."""
    names = ["" if not _filled(cell) else str(cell).strip() for cell in cells]
    first_position: dict[str, int] = {}
    for position, name in enumerate(names, start=1):
        if name and name in first_position:
            raise LoadError(f"Columns {first_position[name]} and {position} are both named "
                            f"'{name}'. Rename one of them and upload again.",
                            code="duplicate_header", first=first_position[name],
                            second=position, column=name)
        first_position.setdefault(name, position)
    return names


def tidy(frame: pd.DataFrame) -> tuple[pd.DataFrame, tuple[Notice, ...]]:
    """Drop, each with a note: empty columns without a name, a first column without a name
    that counts 0, 1, 2, … (pandas' index), rows that repeat the header, and empty rows. The
    rows kept keep their index labels (so the caller can number them as the file does)."""
    notes = []
    for step in (_drop_empty_columns, _drop_pandas_index, _drop_repeated_header,
                 _drop_empty_rows):
        frame, note = step(frame)
        if note is not None:
            notes.append(note)
    return frame, tuple(notes)


def _unnamed(name: object) -> bool:
    return str(name).strip() == "" or str(name).startswith("Unnamed: ")


def _drop_empty_columns(frame: pd.DataFrame) -> tuple[pd.DataFrame, Notice | None]:
    empty = [position for position, name in enumerate(frame.columns)
             if _unnamed(name) and frame.iloc[:, position].isna().all()]
    if not empty:
        return frame, None
    kept = [position for position in range(frame.shape[1]) if position not in empty]
    return frame.iloc[:, kept], Notice(
        f"{len(empty)} empty column(s) without a name were left out.", "empty_columns",
        {"count": len(empty)})


def _drop_pandas_index(frame: pd.DataFrame) -> tuple[pd.DataFrame, Notice | None]:
    if frame.shape[1] < 2 or not _unnamed(frame.columns[0]) or frame.empty:
        return frame, None
    if not np.array_equal(_numbers(frame.iloc[:, 0]), np.arange(len(frame))):
        return frame, None
    return frame.iloc[:, 1:], Notice(
        "The first column has no name and counts 0, 1, 2, …: it is the row index pandas writes "
        "with to_csv(), and was left out.", "pandas_index")


def _numbers(column: pd.Series) -> np.ndarray:
    """The column's cells as numbers, NaN where one is not; text held by Arrow (a CSV's) is
    cast by Arrow when every cell is a whole number (a tenth of ``pd.to_numeric``'s time)."""
    if isinstance(column.array, pd.arrays.ArrowStringArray):
        try:
            whole = pc.cast(arrow_cells(column), pa.int64())
            return whole.to_numpy(zero_copy_only=False).astype(float)
        except pa.ArrowInvalid:
            pass
    return pd.to_numeric(column, errors="coerce").to_numpy(dtype=float)


def _reads(column: pd.Series, text: str) -> np.ndarray:
    """Where a cell, as text stripped of spaces, is ``text`` (Arrow's text compared by Arrow,
    the kernels pandas' ``str.strip`` and ``==`` run for it)."""
    if isinstance(column.array, pd.arrays.ArrowStringArray):
        cells = arrow_cells(column)
        same = pc.equal(pc.utf8_trim_whitespace(cells), pa.scalar(text, cells.type))
        return pc.fill_null(same, False).to_numpy(zero_copy_only=False)
    return (column.astype("str").str.strip() == text).to_numpy(dtype=bool, na_value=False)


def _drop_repeated_header(frame: pd.DataFrame) -> tuple[pd.DataFrame, Notice | None]:
    candidates = np.arange(len(frame))              # narrowed column by column: cheap
    for position, name in enumerate(frame.columns):
        if not len(candidates):
            break
        candidates = candidates[_reads(frame.iloc[candidates, position], str(name))]
    if frame.shape[1] == 0 or not len(candidates):
        return frame, None
    repeats = np.isin(np.arange(len(frame)), candidates)
    rows = [int(label) + 1 for label in frame.index[candidates]]
    return frame[~repeats], Notice(
        f"{len(rows)} row(s) repeat the header line (data rows {_listed(rows)}) and were left "
        "out.", "repeated_header", {"count": len(rows), "rows": _listed(rows)})


def _drop_empty_rows(frame: pd.DataFrame) -> tuple[pd.DataFrame, Notice | None]:
    empty = frame.isna().all(axis=1)
    if not empty.any() or frame.shape[1] == 0:
        return frame, None
    count = int(empty.sum())
    return frame[~empty], Notice(
        f"{count} empty row(s) were left out.", "empty_rows", {"count": count})


def _listed(rows: list[int], most: int = 5) -> str:
    shown = ", ".join(map(str, rows[:most]))
    return shown + (", …" if len(rows) > most else "")
