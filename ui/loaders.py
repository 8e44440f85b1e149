"""Read an uploaded table (CSV/TSV/TXT, Excel .xlsx, Parquet) into a DataFrame, or say why not.

Pure pandas, no Streamlit: the Data page and the tests call :func:`read_table` with the file's
name and bytes. The bytes are never modified. Numbers are inferred by pandas, but only an empty
cell becomes ``NaN``: markers such as ``NA`` or ``?`` stay text, for the engine's missing-value
markers to decide. Everything unreadable raises :class:`LoadError` with a message that says
what is wrong and what to do.

>>> table = read_table("melons.csv", "色泽,好瓜\\n青绿,是\\n乌黑,否\\n".encode("gbk"))
>>> table.encoding, table.delimiter, list(table.frame.columns)
('GB18030', ',', ['色泽', '好瓜'])
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import PurePath

import pandas as pd

from .limits import MAX_COLUMNS, MAX_ROWS, MAX_UPLOAD_BYTES, MAX_XLSX_UNCOMPRESSED_BYTES
from .notice import Notice

TEXT_SUFFIXES = (".csv", ".tsv", ".txt")
EXCEL_SUFFIXES = (".xlsx",)
PARQUET_SUFFIXES = (".parquet", ".pq")
#: Suffixes the uploader takes only to say why they cannot be read (legacy Excel).
EXPLAINED_SUFFIXES = (".xls",)
#: Every suffix the uploader accepts (without the dot, as ``st.file_uploader`` wants them).
ACCEPTED_TYPES = tuple(s.lstrip(".") for s in TEXT_SUFFIXES + EXCEL_SUFFIXES + PARQUET_SUFFIXES
                       + EXPLAINED_SUFFIXES)

#: Delimiters tried by the sniffer, in order of preference on a tie.
DELIMITERS = (",", ";", "\t", "|")

_ZIP_MAGIC = b"PK\x03\x04"
_PARQUET_MAGIC = b"PAR1"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # legacy .xls / .doc
_SNIFF_LINES = 50
_READ_OPTIONS = {"keep_default_na": False, "na_values": [""]}


class LoadError(ValueError):
    """A file cannot be read as a table; the message says why and what to do.

    Like the engine's errors, ``code`` names the problem and ``params`` holds the values the
    message mentions, so :func:`ui.i18n.error_text` can word it in the session's language.
    """

    def __init__(self, message: str = "", *, code: str = "", **params: object):
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class LoadedTable:
    """A table read from a file, with how it was read.

    ``encoding`` and ``delimiter`` are ``None`` for Excel and Parquet. ``notes`` are short
    remarks about guesses made while reading (e.g. the encoding chosen), each a coded
    :class:`~ui.notice.Notice` that :func:`ui.i18n.note_text` words in the session's language.
    """

    frame: pd.DataFrame
    encoding: str | None
    delimiter: str | None
    notes: tuple[Notice, ...] = ()


def read_table(name: str, data: bytes) -> LoadedTable:
    """Read ``data`` (the bytes of a file called ``name``) as a table.

    The format comes from the content when it is unmistakable (zip → Excel, ``PAR1`` → Parquet),
    otherwise from the file name's suffix; anything else is read as delimited text.
    """
    if len(data) > MAX_UPLOAD_BYTES:
        size, limit = f"{len(data) / 2**20:.0f}", MAX_UPLOAD_BYTES // 2**20
        raise LoadError(f"The file is {size} MB; the limit is {limit} MB. Upload a sample of the "
                        "rows instead.", code="file_too_large", size=size, limit=limit)
    if not data.strip():
        raise LoadError("The file is empty. Upload a table with a header line and data rows.",
                        code="empty_file")
    suffix = PurePath(name).suffix.lower()
    if data.startswith(_OLE_MAGIC) or suffix == ".xls":
        raise LoadError("This is an old Excel (.xls) file, which is not supported. "
                        "Save it as .xlsx or CSV and upload that.", code="old_excel")
    if data.startswith(_ZIP_MAGIC) or suffix in EXCEL_SUFFIXES:
        table = _read_excel(data)
    elif data.startswith(_PARQUET_MAGIC) or suffix in PARQUET_SUFFIXES:
        table = _read_parquet(data)
    else:
        table = _read_text(data, prefer_tab=suffix == ".tsv")
    _check_shape(table.frame.shape)
    return table


# --------------------------------------------------------------------------------- limits
def _check_shape(shape: tuple[int, int]) -> None:
    rows, columns = shape
    if columns > MAX_COLUMNS:
        raise LoadError(f"The table has {columns} columns; the limit is {MAX_COLUMNS}. "
                        "Keep the columns you need and upload again.", code="too_many_columns",
                        columns=columns, limit=MAX_COLUMNS)
    if rows > MAX_ROWS:
        raise LoadError(f"The table has {rows:,} rows; the limit is {MAX_ROWS:,}. "
                        "Upload a sample of the rows instead.", code="too_many_rows",
                        rows=f"{rows:,}", limit=f"{MAX_ROWS:,}")


def _check_header(names: list[str]) -> None:
    """Refuse a header that uses one name twice (pandas would silently rename the second)."""
    first_position: dict[str, int] = {}
    for position, name in enumerate(names, start=1):
        key = str(name).strip()
        if key and key in first_position:
            raise LoadError(f"Columns {first_position[key]} and {position} are both named "
                            f"'{key}'. Rename one of them and upload again.",
                            code="duplicate_header", first=first_position[key],
                            second=position, column=key)
        first_position.setdefault(key, position)


# --------------------------------------------------------------------------------- text
def decode_text(data: bytes) -> tuple[str, str, tuple[Notice, ...]]:
    """Decode ``data`` as UTF-8 (with or without BOM), UTF-16 (with BOM, or without one when
    every other byte is zero), GB18030 (⊇ GBK) or, last, Windows-1252 (Western European).

    Returns the text, the encoding's name and notes. Binary content raises :class:`LoadError`.

    >>> decode_text("a,b".encode("utf-8-sig"))[:2]
    ('a,b', 'UTF-8 (BOM)')
    >>> decode_text("好,瓜".encode("gbk"))[:2]
    ('好,瓜', 'GB18030')
    >>> decode_text("a,b".encode("utf-16-le"))[:2]
    ('a,b', 'UTF-16LE')
    >>> decode_text("café,b".encode("latin-1"))[:2]
    ('café,b', 'Windows-1252')
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return _decode(data, "utf-8-sig"), "UTF-8 (BOM)", ()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _decode(data, "utf-16"), "UTF-16", ()
    if b"\x00" in data:
        encoding = _utf16_without_bom(data)
        if encoding is None:
            raise _binary_error()
        return _decode(data, encoding.lower()), encoding, ()
    try:
        return data.decode("utf-8"), "UTF-8", ()
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("gb18030"), "GB18030", (_not_utf8("Chinese GBK/GB18030", "gbk"),)
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "Windows-1252", (_not_utf8("Western European "
                                                                 "(Windows-1252)", "cp1252"),)
    except UnicodeDecodeError:
        raise _binary_error() from None


def _not_utf8(read_as: str, code: str) -> Notice:
    return Notice(f"The file is not UTF-8; it was read as {read_as}. If the text looks garbled, "
                  "save the file as UTF-8 and upload it again.", f"not_utf8_{code}")


def _utf16_without_bom(data: bytes) -> str | None:
    """"UTF-16LE" or "UTF-16BE" when zero bytes fill at least a fifth of the odd (or even)
    positions and none of the others, as in text with ASCII delimiters saved as UTF-16 without
    a byte-order mark; else None."""
    sample = data[:4096]
    if len(sample) % 2:
        return None
    zero_even, zero_odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    if zero_even == 0 and zero_odd >= half / 5:
        return "UTF-16LE"
    if zero_odd == 0 and zero_even >= half / 5:
        return "UTF-16BE"
    return None


def _decode(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise LoadError(f"The file starts like {encoding.upper()} text but byte {error.start} "
                        "is not valid there. Save the file as UTF-8 and upload it again.",
                        code="bad_encoding", encoding=encoding.upper(), byte=error.start) from None


def _binary_error() -> LoadError:
    return LoadError("This does not look like a text table (it contains binary data). Upload a "
                     "CSV, TSV, TXT, Excel (.xlsx) or Parquet file.", code="binary")


def sniff_delimiter(text: str, *, prefer_tab: bool = False) -> str:
    """The delimiter among ``, ; TAB |`` that splits the first lines into the most columns,
    the same number on every line. A text with none of them is one column (``","``).

    >>> sniff_delimiter("a;b;c\\n1;2,5;3\\n")
    ';'
    >>> sniff_delimiter("x\\n1\\n")
    ','
    """
    lines = [line for line in text.splitlines()[:_SNIFF_LINES] if line.strip()]
    order = ("\t",) + tuple(d for d in DELIMITERS if d != "\t") if prefer_tab else DELIMITERS
    best, best_score = ",", (0.0, 1)
    for delimiter in order:
        try:
            counts = [len(row) for row in csv.reader(lines, delimiter=delimiter)]
        except csv.Error:       # e.g. an over-long field: the full read below says where
            continue
        if not counts:
            continue
        width = counts[0]
        score = (sum(c == width for c in counts) / len(counts), width)
        if width > 1 and score > best_score:
            best, best_score = delimiter, score
    return best


def _read_text(data: bytes, *, prefer_tab: bool) -> LoadedTable:
    text, encoding, notes = decode_text(data)
    if text.count("\ufffd") or _control_fraction(text) > 0.01:
        raise _binary_error()
    delimiter = sniff_delimiter(text, prefer_tab=prefer_tab)
    _check_records(text, delimiter)
    try:
        frame = pd.read_csv(io.StringIO(text), sep=delimiter, **_READ_OPTIONS)
    except pd.errors.ParserError as error:
        raise _parser_error(str(error)) from None
    except pd.errors.EmptyDataError:
        raise _no_header_error() from None
    if frame.shape[1] == 1 and len(text.splitlines()) > 1:
        notes += (Notice("Only one column was found. If the file has several, separate them "
                         "with commas, semicolons, tabs or '|'.", "one_column"),)
    return LoadedTable(frame, encoding, delimiter, notes)


def _control_fraction(text: str) -> float:
    sample = text[:100_000]
    control = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\t\r\n")
    return control / max(len(sample), 1)


def _check_records(text: str, delimiter: str) -> None:
    """Check the header (no duplicate names, column limit) and that every record has as many
    fields as the header; name the first line that does not. Counts rows against the limit."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader, None)
    if header is None:
        raise _no_header_error()
    if len(header) > MAX_COLUMNS:
        _check_shape((0, len(header)))
    _check_header(header)
    rows = 0
    try:
        for record in reader:
            if not record or (len(record) == 1 and not record[0].strip()):
                continue
            if len(record) != len(header):
                raise LoadError(f"Line {reader.line_num} has {len(record)} fields but the header "
                                f"has {len(header)}. Fix that line (a stray '{_show(delimiter)}' "
                                "or a missing one?) or quote values that contain the delimiter.",
                                code="field_count", line=reader.line_num, fields=len(record),
                                expected=len(header), delimiter=_show(delimiter))
            rows += 1
            if rows > MAX_ROWS:
                _check_shape((rows, len(header)))
    except csv.Error as error:
        raise LoadError(f"Line {reader.line_num} cannot be read: {error}. Check its quotes.",
                        code="bad_quotes", line=reader.line_num, detail=str(error)) from None


def _show(delimiter: str) -> str:
    return "TAB" if delimiter == "\t" else delimiter


def _no_header_error() -> LoadError:
    return LoadError("The file has no header line. The first line must name the columns.",
                     code="no_header")


def _parser_error(detail: str) -> LoadError:
    """pandas' parser message as a LoadError naming the line, when pandas names one."""
    match = re.search(r"line (\d+)", detail)
    detail = detail.strip()
    if match is None:
        return LoadError(f"A line cannot be read ({detail}). Check that line's quotes and "
                         "delimiters.", code="parser", detail=detail)
    return LoadError(f"Line {match.group(1)} cannot be read ({detail}). Check that line's quotes "
                     "and delimiters.", code="parser_line", line=int(match.group(1)), detail=detail)


# --------------------------------------------------------------------------------- Excel
def _read_excel(data: bytes) -> LoadedTable:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise LoadError("This is not a valid .xlsx file (it is damaged or another format). "
                        "Open it in Excel and save it again as .xlsx or CSV.",
                        code="bad_xlsx") from None
    with archive:
        claimed = sum(info.file_size for info in archive.infolist())
        if claimed > MAX_XLSX_UNCOMPRESSED_BYTES:
            size, limit = f"{claimed / 2**30:.1f}", MAX_XLSX_UNCOMPRESSED_BYTES // 2**30
            raise LoadError(f"This .xlsx file would unpack to {size} GB, over the {limit} GB "
                            "limit, so it was not opened. Save the sheet you need as CSV and "
                            "upload that.", code="xlsx_too_large", size=size, limit=limit)
        if "xl/workbook.xml" not in archive.namelist():
            raise LoadError("This zip file is not an Excel workbook. Upload an .xlsx, CSV or "
                            "Parquet file.", code="not_a_workbook")
    try:
        with pd.ExcelFile(io.BytesIO(data), engine="openpyxl") as workbook:
            names = workbook.sheet_names
            raw = pd.read_excel(workbook, sheet_name=names[0], header=None, **_READ_OPTIONS)
    except Exception as error:  # openpyxl raises many types for damaged workbooks
        raise LoadError(f"The Excel file cannot be read ({error}). Open it in Excel and save it "
                        "again, or save the sheet as CSV.", code="bad_excel",
                        detail=str(error)) from None
    sheet_name = names[0]
    notes = ()
    if len(names) > 1:
        notes = (Notice(f"Read the first sheet, '{sheet_name}', of {len(names)}. Put the table "
                        "you want first, or save it as CSV.", "first_sheet",
                        {"sheet": sheet_name, "sheets": len(names)}),)
    raw = raw.dropna(how="all").dropna(axis=1, how="all")
    if raw.empty:
        raise LoadError(f"The first sheet, '{sheet_name}', is empty. Put the table in the first "
                        "sheet, with the column names in its first row.", code="empty_sheet",
                        sheet=sheet_name)
    header = ["" if pd.isna(v) else str(v) for v in raw.iloc[0]]
    _check_header(header)
    frame = raw.iloc[1:].reset_index(drop=True)
    frame.columns = header
    return LoadedTable(frame.infer_objects(), None, None, notes)


# --------------------------------------------------------------------------------- Parquet
def _read_parquet(data: bytes) -> LoadedTable:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        parquet = pq.ParquetFile(io.BytesIO(data))
    except (pa.ArrowException, OSError) as error:
        raise LoadError(f"This is not a readable Parquet file ({error}). Export it again, or "
                        "upload a CSV.", code="bad_parquet", detail=str(error)) from None
    schema = parquet.schema_arrow
    _check_shape((parquet.metadata.num_rows, len(schema)))
    for field in schema:
        if pa.types.is_nested(field.type):
            raise LoadError(f"Column '{field.name}' holds nested values ({field.type}); a tree "
                            "needs one plain value per cell. Flatten or drop that column and "
                            "upload again.", code="nested_column", column=field.name,
                            type=str(field.type))
    _check_header(list(schema.names))
    return LoadedTable(parquet.read().to_pandas(), None, None)
