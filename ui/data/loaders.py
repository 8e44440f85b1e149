"""Read an uploaded table (CSV/TSV/TXT, Excel .xlsx/.xlsm, Parquet, or one of them in a .gz or
.zip) into a DataFrame, or say why not.

Pure pandas, no Streamlit: the Data page and the tests call :func:`read_table` with the file's
name, its bytes and the user's :class:`ReadOptions`. The bytes are never modified. Each step
lives in :mod:`ui.data.loading` (encoding, delimiter and header, cells, layout, Excel, Parquet);
every guess made on the way comes back as a :class:`~ui.notice.Notice`, and everything unreadable
raises :class:`LoadError` with a message that says what is wrong and what to do. Markers such
as ``NA`` or ``?`` stay text, for the engine's missing-value markers to decide.

>>> table = read_table("melons.csv", "色泽,好瓜\\n青绿,是\\n乌黑,否\\n".encode("gbk"))
>>> table.encoding, table.delimiter, list(table.frame.columns)
('GBK/GB18030', ',', ['色泽', '好瓜'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable
from pathlib import PurePath

import numpy as np
import pandas as pd

from ui import limits
from ui.data.loading import cells, layout, text
from ui.data.loading.archives import ARCHIVE_SUFFIXES, unpack
from ui.data.loading.encodings import ENCODINGS, decode_text
from ui.data.loading.errors import LoadError, check_columns, check_rows
from ui.data.loading.excel import read_sheet
from ui.data.loading.parquet import read_parquet
from ui.notice import Notice

TEXT_SUFFIXES = (".csv", ".tsv", ".txt")
EXCEL_SUFFIXES = (".xlsx", ".xlsm")
PARQUET_SUFFIXES = (".parquet", ".pq")
#: Suffixes the uploader takes only to say why they cannot be read (legacy Excel).
EXPLAINED_SUFFIXES = (".xls",)
#: Every suffix the uploader accepts (without the dot, as ``st.file_uploader`` wants them).
ACCEPTED_TYPES = tuple(s.lstrip(".") for s in TEXT_SUFFIXES + EXCEL_SUFFIXES + PARQUET_SUFFIXES
                       + ARCHIVE_SUFFIXES + EXPLAINED_SUFFIXES)
__all__ = ["ACCEPTED_TYPES", "ENCODINGS", "LoadError", "LoadedTable", "ReadOptions",
           "read_table"]

_ZIP_MAGIC = b"PK\x03\x04"
_PARQUET_MAGIC = b"PAR1"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # legacy .xls / .doc


@dataclass(frozen=True)
class ReadOptions:
    """The user's choices of how to read a file; ``None`` means "detect it"."""

    encoding: str | None = None     #: a key of :data:`ENCODINGS` (text files)
    sheet: str | None = None        #: a sheet name (Excel)
    header_row: int | None = None   #: 1-based row of the column names (text and Excel)


@dataclass(frozen=True)
class LoadedTable:
    """A table read from a file, with how it was read.

    ``encoding`` and ``delimiter`` are ``None`` for Excel and Parquet; ``sheets`` lists an
    Excel workbook's sheets and ``sheet`` names the one read. ``row_numbers`` are the file's data-row numbers (1 = the first
    row under the header) of the frame's rows when empty or repeated-header rows were left
    out, so messages name the row as the file has it; ``None`` when they are 1, 2, 3, ….
    ``notes`` are short remarks about guesses made while reading (the
    encoding, a title above the header, a decimal comma, …), each a coded
    :class:`~ui.notice.Notice` that :func:`ui.i18n.note_text` words in the session's language.
    """

    frame: pd.DataFrame
    encoding: str | None
    delimiter: str | None
    notes: tuple[Notice, ...] = ()
    sheets: tuple[str, ...] = ()
    row_numbers: np.ndarray | None = None
    sheet: str | None = None


#: What reading a file reports as it goes, in order: (the fraction done when it starts, its
#: name). ``progress(fraction, stage)`` is called at the start of each stage a format has, and
#: with "done" at the end, whether the file was read or refused.
STAGES = ((0.0, "decode"), (0.15, "records"), (0.55, "tidy"), (0.7, "numbers"), (1.0, "done"))


def read_table(name: str, data: bytes, options: ReadOptions = ReadOptions(),
               progress: Callable[[float, str], None] | None = None) -> LoadedTable:
    """Read ``data`` (the bytes of a file called ``name``) as a table, telling ``progress``
    each :data:`STAGES` entry as it begins.

    A ``.gz`` or ``.zip`` is unpacked first (:mod:`ui.data.loading.archives`). The format comes from
    the content when it is unmistakable (zip → Excel, ``PAR1`` → Parquet), otherwise from the
    file name's suffix; anything else is read as delimited text.
    """
    stage = _reporter(progress)
    try:
        return _read_table(name, data, options, stage)
    finally:
        stage("done")


def _read_table(name: str, data: bytes, options: ReadOptions,
                stage: Callable[[str], None]) -> LoadedTable:
    if len(data) > limits.MAX_UPLOAD_BYTES:
        size, limit = f"{len(data) / 2**20:.0f}", limits.MAX_UPLOAD_BYTES // 2**20
        raise LoadError(f"The file is {size} MB; the limit is {limit} MB. Save the table as "
                        "Parquet, which holds the same rows in far fewer bytes (pandas: "
                        "DataFrame.to_parquet), or upload a sample of the rows.",
                        code="file_too_large", size=size, limit=limit)
    if PurePath(name).suffix.lower() in ARCHIVE_SUFFIXES:
        inner, content, note = unpack(name, data)
        table = _read_file(inner, content, options, stage)
        return replace(table, notes=(note,) + table.notes)
    return _read_file(name, data, options, stage)


def _reporter(progress: Callable[[float, str], None] | None) -> Callable[[str], None]:
    """``stage(name)``: tell ``progress`` that stage ``name`` of :data:`STAGES` begins."""
    fractions = {name: fraction for fraction, name in STAGES}
    return (lambda name: None) if progress is None else (
        lambda name: progress(fractions[name], name))


def _read_file(name: str, data: bytes, options: ReadOptions,
               stage: Callable[[str], None]) -> LoadedTable:
    if not data or data.isspace():               # (strip would copy the whole file)
        raise LoadError("The file is empty. Upload a table with a header line and data rows.",
                        code="empty_file")
    suffix = PurePath(name).suffix.lower()
    if data.startswith(_OLE_MAGIC) or suffix == ".xls":
        raise LoadError("This is an old Excel (.xls) file, which is not supported. "
                        "Save it as .xlsx or CSV and upload that.", code="old_excel")
    if data.startswith(_ZIP_MAGIC) or suffix in EXCEL_SUFFIXES:
        table = _read_excel(data, options)
    elif data.startswith(_PARQUET_MAGIC) or suffix in PARQUET_SUFFIXES:
        table = _read_parquet(data)
    else:
        table = _read_text(data, options, stage, prefer_tab=suffix == ".tsv")
    check_columns(table.frame.shape[1])
    check_rows(table.frame.shape[0])
    return table


def _read_excel(data: bytes, options: ReadOptions) -> LoadedTable:
    """A sheet's cells as Excel holds them; numbers stored as text cells (``'3,5``, ``12%``)
    are read as a CSV's text is."""
    sheet = read_sheet(data, options.sheet, options.header_row)
    frame, notes, row_numbers = _tidy(sheet.frame)
    frame = _own_types(frame)
    frame, numbers = cells.read_numbers(frame, cells.sniff_number_format(frame, None))
    return LoadedTable(frame, None, None, sheet.notes + notes + numbers, sheet.sheets,
                       row_numbers, sheet.name)


def _own_types(frame: pd.DataFrame) -> pd.DataFrame:
    """Each column of Python objects as the type of its values: text held as a CSV's text is,
    numbers as numbers. Column by column: pandas infers a block of columns together, and one
    column mixing numbers and words kept every column of text in the block as objects."""
    if frame.shape[1] == 0:
        return frame
    return pd.concat([frame.iloc[:, i].infer_objects() for i in range(frame.shape[1])], axis=1)


def _read_parquet(data: bytes) -> LoadedTable:
    frame, notes = read_parquet(data)
    frame, trimmed = cells.trim_spaces(frame)
    return LoadedTable(frame, None, None, notes + trimmed)


def _read_text(data: bytes, options: ReadOptions, stage: Callable[[str], None], *,
               prefer_tab: bool) -> LoadedTable:
    stage("decode")
    decoded = decode_text(data, options.encoding)
    delimiter = text.sniff_delimiter(decoded.text, prefer_tab=prefer_tab)
    stage("records")
    scan, frame = text.read_records(decoded.text, delimiter, options.header_row)
    notes = decoded.notes
    if options.header_row is None and scan.header_row > 1:
        notes += (layout.header_found(scan.header_row),)
    stage("tidy")
    frame, tidied, row_numbers = _tidy(frame)
    stage("numbers")
    frame, numbers = cells.read_numbers(frame, cells.sniff_number_format(frame, delimiter))
    notes += tidied + numbers
    if frame.shape[1] == 1 and len(frame) > 0:
        notes += (Notice("Only one column was found. If the file has several, separate them "
                         "with commas, semicolons, tabs or '|'.", "one_column"),)
    return LoadedTable(frame, decoded.encoding, delimiter, notes, row_numbers=row_numbers)


def _tidy(frame: pd.DataFrame) -> tuple[pd.DataFrame, tuple[Notice, ...], np.ndarray | None]:
    """Spaces around values removed, then the table's edges (:func:`ui.data.loading.layout.tidy`);
    with the data-row numbers of the rows kept when some were left out (else ``None``)."""
    frame, trimmed = cells.trim_spaces(frame)
    n_rows = len(frame)
    frame, tidied = layout.tidy(frame.reset_index(drop=True))
    numbers = None if len(frame) == n_rows else frame.index.to_numpy() + 1
    return frame.reset_index(drop=True), trimmed + tidied, numbers
