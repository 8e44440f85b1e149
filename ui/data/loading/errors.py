"""Why a file cannot be read, and the limit checks every format shares.

>>> str(LoadError("The file is empty.", code="empty_file"))
'The file is empty.'
"""

from __future__ import annotations

from ui import limits


class LoadError(ValueError):
    """A file cannot be read as a table; the message says why and what to do.

    Like the engine's errors, ``code`` names the problem and ``params`` holds the values the
    message mentions, so :func:`ui.i18n.error_text` can word it in the session's language.
    """

    def __init__(self, message: str = "", *, code: str = "", **params: object):
        super().__init__(message)
        self.code = code
        self.params = params


def check_columns(columns: int) -> None:
    """Refuse more columns than :data:`ui.limits.MAX_COLUMNS`."""
    if columns > limits.MAX_COLUMNS:
        raise LoadError(f"The table has {columns} columns; the limit is {limits.MAX_COLUMNS}. "
                        "Keep the columns you need and upload again.", code="too_many_columns",
                        columns=columns, limit=limits.MAX_COLUMNS)


def check_rows(rows: int) -> None:
    """Refuse more rows than :data:`ui.limits.MAX_ROWS`, counted before the cells are read."""
    if rows > limits.MAX_ROWS:
        raise LoadError(f"The table has {rows:,} rows; the limit is {limits.MAX_ROWS:,}. "
                        "Upload a sample of the rows instead.", code="too_many_rows",
                        rows=f"{rows:,}", limit=f"{limits.MAX_ROWS:,}")


def rows_over_limit() -> LoadError:
    """Reading stopped at the first row past :data:`ui.limits.MAX_ROWS`."""
    return LoadError(f"The table has more than {limits.MAX_ROWS:,} rows (reading stopped there). "
                     "Upload a sample of the rows instead.", code="rows_over_limit",
                     limit=f"{limits.MAX_ROWS:,}")


def binary_error() -> LoadError:
    return LoadError("This does not look like a text table (it contains binary data). Upload a "
                     "CSV, TSV, TXT, Excel (.xlsx) or Parquet file.", code="binary")


def header_past_end(header_row: int, rows: int) -> LoadError:
    """The header row the user chose is below the table's last row."""
    return LoadError(f"The header cannot be on row {header_row}: the table has only {rows} "
                     "rows. Choose an earlier header row.", code="header_past_end",
                     row=header_row, rows=rows)
