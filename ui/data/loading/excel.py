"""Excel workbooks (.xlsx, and .xlsm read the same way: macros are never run).

An .xlsx is a zip archive of XML. Before any cell is read, the archive's directory must claim
no more than :data:`ui.limits.MAX_XLSX_UNCOMPRESSED_BYTES` unpacked, and every sheet's ``<row>``
elements are counted in its XML as it unpacks, stopping as soon as they pass the row limit
(openpyxl would parse a whole sheet just to size it when the sheet does not say its size).
Only then are the cells read, as values (a formula's last computed value), by openpyxl in
read-only mode, every row whatever size the sheet claims.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from xml.etree import ElementTree

import openpyxl
import pandas as pd

from ui import limits
from ui.data.loading.errors import LoadError, header_past_end, rows_over_limit
from ui.data.loading.layout import HEADER_SEARCH_ROWS, find_header_row, header_found, header_names
from ui.notice import Notice

_SHEET = re.compile(r"xl/worksheets/[^/]+\.xml")
#: How a row element starts, with or without a namespace prefix (each 5 bytes long).
_ROW_TAGS = (b"<row ", b"<row>", b":row ", b":row>")
_CHUNK = 1 << 20
#: The XML namespaces of a workbook's sheet list and of its relationships.
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"


@dataclass(frozen=True)
class Sheet:
    """One sheet read: the frame (cells as Excel holds them), the sheet's name, the workbook's
    sheet names and notes on how it was read."""

    frame: pd.DataFrame
    name: str
    sheets: tuple[str, ...]
    notes: tuple[Notice, ...]


def read_sheet(data: bytes, sheet: str | None = None, header_row: int | None = None) -> Sheet:
    """Sheet ``sheet`` of the workbook in ``data`` (default: the visible sheet with the most
    rows, the first of those: a notes or cover sheet before the table is passed over), with
    its header on row ``header_row`` (1-based; default: the first row with a cell filled past
    the first, below any title)."""
    with _open_archive(data) as archive:
        rows_of = {member: _count_rows(archive, member) for member in archive.namelist()
                   if _SHEET.fullmatch(member)}
        sizes = _sheet_sizes(archive, rows_of)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many types for damaged workbooks
        raise _damaged(error) from None
    try:
        names = tuple(workbook.sheetnames)
        if not names:
            raise _damaged(ValueError("the workbook has no sheets"))
        largest = max((name for name in names if name in sizes), key=sizes.__getitem__,
                      default=names[0])
        chosen = sheet if sheet is not None else largest
        if chosen not in names:
            raise LoadError(f"The workbook has no sheet '{chosen}'. Choose one of its sheets.",
                            code="no_such_sheet", sheet=chosen)
        worksheet = workbook[chosen]
        worksheet.reset_dimensions()        # read every row, whatever size the sheet claims
        rows = [list(row) for row in worksheet.iter_rows(values_only=True)]
    except LoadError:
        raise
    except Exception as error:
        raise _damaged(error) from None
    finally:
        workbook.close()
    frame, position = _table(rows, chosen, header_row)
    notes = ()
    if len(names) > 1 and sheet is None and chosen != names[0]:
        notes += (Notice(f"Read the sheet '{chosen}', the one with the most rows, of "
                         f"{len(names)}. Choose another under “Reading options”.",
                         "sheet_largest", {"sheet": chosen, "sheets": len(names)}),)
    elif len(names) > 1:
        notes += (Notice(f"Read the sheet '{chosen}', one of {len(names)}. Choose another "
                         "under “Reading options”.", "sheet", {"sheet": chosen,
                                                              "sheets": len(names)}),)
    if header_row is None and position > 0:
        notes += (header_found(position + 1),)
    return Sheet(frame, chosen, names, notes)


def _open_archive(data: bytes) -> zipfile.ZipFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise LoadError("This is not a valid .xlsx file (it is damaged or another format). "
                        "Open it in Excel and save it again as .xlsx or CSV.",
                        code="bad_xlsx") from None
    claimed = sum(info.file_size for info in archive.infolist())
    if claimed > limits.MAX_XLSX_UNCOMPRESSED_BYTES:
        archive.close()
        size, limit = f"{claimed / 2**30:.1f}", limits.MAX_XLSX_UNCOMPRESSED_BYTES // 2**30
        raise LoadError(f"This .xlsx file would unpack to {size} GB, over the {limit} GB "
                        "limit, so it was not opened. Save the sheet you need as CSV and "
                        "upload that.", code="xlsx_too_large", size=size, limit=limit)
    if "xl/workbook.xml" not in archive.namelist():
        archive.close()
        raise LoadError("This zip file is not an Excel workbook. Upload an .xlsx, CSV or "
                        "Parquet file.", code="not_a_workbook")
    return archive


def _count_rows(archive: zipfile.ZipFile, member: str) -> int:
    """Count the ``<row>`` elements of sheet ``member`` as it unpacks; refuse as soon as there
    are more than the limit allows (with room for a title above the header)."""
    most = limits.MAX_ROWS + HEADER_SEARCH_ROWS
    count, tail = 0, b""
    with archive.open(member) as stream:
        while chunk := stream.read(_CHUNK):
            block = tail + chunk            # a tag cut between two chunks is counted once
            count += sum(block.count(tag) for tag in _ROW_TAGS)
            if count > most:
                raise rows_over_limit()
            tail = block[-4:]
    return count


def _sheet_sizes(archive: zipfile.ZipFile, rows_of: dict[str, int]) -> dict[str, int]:
    """The rows of each visible sheet, by name: the workbook lists its sheets
    (``xl/workbook.xml``) by relationship, and its relationships
    (``xl/_rels/workbook.xml.rels``) name each sheet's member, relative to ``xl/`` or from the
    archive's root. Empty when the workbook does not say (the first sheet is read then)."""
    try:
        workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        relations = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    except (KeyError, ElementTree.ParseError):
        return {}
    targets = {relation.get("Id"): relation.get("Target", "")
               for relation in relations.iter(f"{{{_PACKAGE}}}Relationship")}
    sizes = {}
    for entry in workbook.iter(f"{{{_MAIN}}}sheet"):
        target = targets.get(entry.get(f"{{{_RELATIONS}}}id"), "")
        member = target.lstrip("/") if target.startswith("/") else "xl/" + target
        if entry.get("state", "visible") == "visible" and member in rows_of:
            sizes[entry.get("name")] = rows_of[member]
    return sizes


def _table(rows: list[list], sheet: str, header_row: int | None) -> tuple[pd.DataFrame, int]:
    """The frame below the header row, and the header's position (0-based)."""
    if not any(cell is not None for row in rows for cell in row):
        raise LoadError(f"The sheet '{sheet}' is empty. Choose the sheet that holds the table, "
                        "with the column names in its first row.", code="empty_sheet",
                        sheet=sheet)
    if header_row is not None and header_row > len(rows):
        raise header_past_end(header_row, len(rows))
    position = header_row - 1 if header_row is not None else find_header_row(rows)
    width = max(len(row) for row in rows)
    padded = [row + [None] * (width - len(row)) for row in rows]
    names = header_names(padded[position])
    frame = pd.DataFrame(padded[position + 1:], columns=range(width), dtype=object)
    frame.columns = names
    return frame, position


def _damaged(error: Exception) -> LoadError:
    return LoadError(f"The Excel file cannot be read ({error}). Open it in Excel and save it "
                     "again, or save the sheet as CSV.", code="bad_excel", detail=str(error))
