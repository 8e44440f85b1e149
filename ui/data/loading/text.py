"""Delimited text (CSV, TSV, TXT): the delimiter, the header line and the records.

Lines may end in LF, CRLF or a lone CR (old Mac and Excel exports), mixed in one file. The
delimiter is sniffed from the first lines; lines above the header that hold one field or none
(a title, a blank line) are skipped, unless the user names the header line. Every record is
checked to have as many fields as the header, and reading stops at the first row past the
limit. The cells come back as text (``NaN`` for an empty one): :mod:`.cells` decides what
they mean.

>>> text = "Table 1\\r\\rcolour;size\\rred;1,5\\r"
>>> scan = scan_records(text, ";")
>>> scan.header, scan.header_row, scan.data_line
(['colour', 'size'], 3, 3)
>>> read_cells(text, ";", scan).to_dict("list")
{'colour': ['red'], 'size': ['1,5']}
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from dataclasses import dataclass
from typing import Iterable, Iterator

import pandas as pd
import pyarrow as pa
from pyarrow import csv as pa_csv

from ui import limits
from ui.data.loading.errors import LoadError, check_columns, header_past_end, rows_over_limit
from ui.data.loading.layout import HEADER_SEARCH_ROWS, find_header_row, header_names

#: Delimiters tried by the sniffer, in order of preference on a tie.
DELIMITERS = (",", ";", "\t", "|")
_SNIFF_LINES = 50


def lines(text: str) -> io.StringIO:
    """``text`` as a file whose lines end at LF, CRLF or CR, untranslated (as :mod:`csv` and
    pandas want them, so a line break inside quotes stays part of its value)."""
    return io.StringIO(text, newline="")


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def head_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as :func:`lines` gives them, found one by one: reading the head
    of a 150 MB file costs nothing more than its head."""
    return (match.group() for match in _LINE.finditer(text))


def sniff_delimiter(text: str, *, prefer_tab: bool = False) -> str:
    """The delimiter among ``, ; TAB |`` that splits the first lines into the most columns,
    the same number on every line; lines above them with one field (a title) are set aside, but
    a delimiter that needs no such line wins a tie. A text with none of them is one column
    (``","``).

    >>> sniff_delimiter("a;b;c\\n1;2,5;3\\n")
    ';'
    >>> sniff_delimiter("Report\\ra|b\\r1|2\\r")
    '|'
    >>> sniff_delimiter("x\\n1\\n")
    ','
    """
    sample = [line.rstrip("\r\n") for line in itertools.islice(head_lines(text), _SNIFF_LINES)
              if line.strip()]
    order = ("\t",) + tuple(d for d in DELIMITERS if d != "\t") if prefer_tab else DELIMITERS
    best, best_score = ",", (0.0, False, 1)
    for delimiter in order:
        try:
            counts = [len(row) for row in csv.reader(sample, delimiter=delimiter)]
        except csv.Error:       # e.g. an over-long field: the full read says where
            continue
        titled = len(counts) > 1 and counts[0] == 1
        while len(counts) > 1 and counts[0] == 1:
            counts.pop(0)
        if not counts:
            continue
        width = counts[0]
        score = (sum(c == width for c in counts) / len(counts), not titled, width)
        if width > 1 and score > best_score:
            best, best_score = delimiter, score
    return best


@dataclass(frozen=True)
class Scan:
    """What one pass over the records found: the header's names, its position among the
    records (1-based) and the number of physical lines up to its end (where the data starts)."""

    header: list[str]
    header_row: int
    data_line: int


def scan_records(text: str, delimiter: str, header_row: int | None = None) -> Scan:
    """Find the header (record ``header_row``, 1-based, or else the first record with two
    fields or more, below a title), check it and every record after it. Raises
    :class:`LoadError` naming the first line that does not fit, or as soon as the rows pass
    the limit."""
    reader, numbered = _records(lines(text), delimiter)
    try:
        first, position, data_line, names = _head(numbered, header_row)
        rows = 0
        for line, record in itertools.chain(first[position + 1:], numbered):
            if not record or (len(record) == 1 and not record[0].strip()):
                continue
            if len(record) != len(names):
                raise LoadError(f"Line {line} has {len(record)} fields but the header has "
                                f"{len(names)}. Fix that line (a stray '{show(delimiter)}' or "
                                "a missing one?) or quote values that contain the delimiter.",
                                code="field_count", line=line, fields=len(record),
                                expected=len(names), delimiter=show(delimiter))
            rows += 1
            if rows > limits.MAX_ROWS:
                raise rows_over_limit()
    except csv.Error as error:
        raise _quote_error(reader.line_num, error) from None
    return Scan(names, position + 1, data_line)


def find_header(text: str, delimiter: str, header_row: int | None = None) -> Scan:
    """The header as :func:`scan_records` finds it, reading only the lines up to it."""
    reader, numbered = _records(head_lines(text), delimiter)
    try:
        _, position, data_line, names = _head(numbered, header_row)
    except csv.Error as error:
        raise _quote_error(reader.line_num, error) from None
    return Scan(names, position + 1, data_line)


def read_records(text: str, delimiter: str, header_row: int | None = None
                 ) -> tuple[Scan, pd.DataFrame]:
    """The header and the data records below it as text cells (``NaN`` where empty).

    Arrow's parser reads a well-formed file in C++ on every core (a million rows in about a
    second, where checking each record in Python took half a minute). A file it refuses (a
    record with another number of fields, a line of spaces, a quote left open) is read again
    record by record (:func:`scan_records`), which names the line or skips what may be
    skipped, so both ways give the same table or the same message."""
    scan = find_header(text, delimiter, header_row)
    frame = _arrow_cells(text, delimiter, scan)
    if frame is None:
        scan = scan_records(text, delimiter, header_row)
        frame = read_cells(text, delimiter, scan)
    return scan, frame


def _arrow_cells(text: str, delimiter: str, scan: Scan) -> pd.DataFrame | None:
    """The records below the header read by pyarrow's CSV parser, every cell as text; None
    when it refuses them, or for one column (where a line of spaces is a record to skip)."""
    if len(scan.header) < 2:
        return None
    start = sum(map(len, itertools.islice(head_lines(text), scan.data_line)))
    quotes = text.count('"', start)
    if quotes % 2:                      # a quote left open: Arrow would read on to the end
        return None
    names = [str(i) for i in range(len(scan.header))]
    try:
        table = pa_csv.read_csv(
            io.BytesIO(text[start:].encode("utf-8")),
            read_options=pa_csv.ReadOptions(column_names=names),
            # a line break inside a cell needs quotes; without any, Arrow splits the text
            # into blocks for its threads more freely (100k rows: 38 ms instead of 66)
            parse_options=pa_csv.ParseOptions(delimiter=delimiter,
                                              newlines_in_values=quotes > 0),
            convert_options=pa_csv.ConvertOptions(
                column_types={name: pa.string() for name in names}, null_values=[""],
                strings_can_be_null=True, quoted_strings_can_be_null=True))
    except (pa.ArrowException, UnicodeEncodeError):
        return None
    if table.num_rows > limits.MAX_ROWS:
        raise rows_over_limit()
    frame = table.to_pandas()
    frame.columns = scan.header
    return frame


def _records(text_lines: Iterable[str], delimiter: str):
    """The csv reader of these lines and its records numbered by the line they end on."""
    reader = csv.reader(text_lines, delimiter=delimiter)
    return reader, ((reader.line_num, record) for record in reader)


def _head(numbered, header_row: int | None) -> tuple[list, int, int, list[str]]:
    """(the first records read, the header's index among them, the line it ends on, its
    checked names)."""
    first = list(itertools.islice(numbered, header_row or HEADER_SEARCH_ROWS))
    position = _header_position([record for _, record in first], header_row)
    data_line, header = first[position]
    check_columns(len(header))
    return first, position, data_line, header_names(header)


def _quote_error(line: int, error: csv.Error) -> LoadError:
    return LoadError(f"Line {line} cannot be read: {error}. Check its quotes.",
                     code="bad_quotes", line=line, detail=str(error))


def _header_position(first: list[list[str]], header_row: int | None) -> int:
    if not first:
        raise no_header_error()
    if header_row is None:
        return find_header_row(first)
    if header_row > len(first):
        raise header_past_end(header_row, len(first))
    return header_row - 1


def read_cells(text: str, delimiter: str, scan: Scan) -> pd.DataFrame:
    """The data records below the header as a frame of text cells (``NaN`` where empty),
    named by the header."""
    source = lines(text)
    for _ in range(scan.data_line):
        source.readline()
    try:
        frame = pd.read_csv(source, sep=delimiter, header=None, names=range(len(scan.header)),
                            dtype="str", keep_default_na=False, na_values=[""])
    except pd.errors.ParserError as error:
        raise parser_error(str(error)) from None
    except pd.errors.EmptyDataError:          # a header and nothing below it
        frame = pd.DataFrame({i: pd.Series(dtype="str") for i in range(len(scan.header))})
    frame.columns = scan.header
    return frame


def show(delimiter: str) -> str:
    """A delimiter as a message names it."""
    return "TAB" if delimiter == "\t" else delimiter


def no_header_error() -> LoadError:
    return LoadError("The file has no header line. The first line must name the columns.",
                     code="no_header")


def parser_error(detail: str) -> LoadError:
    """pandas' parser message as a LoadError naming the line, when pandas names one."""
    match = re.search(r"line (\d+)", detail)
    detail = detail.strip()
    if match is None:
        return LoadError(f"A line cannot be read ({detail}). Check that line's quotes and "
                         "delimiters.", code="parser", detail=detail)
    return LoadError(f"Line {match.group(1)} cannot be read ({detail}). Check that line's quotes "
                     "and delimiters.", code="parser_line", line=int(match.group(1)), detail=detail)
