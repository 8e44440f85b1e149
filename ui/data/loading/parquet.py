"""Parquet files, with every limit checked before the work.

Parquet compresses well: a small file can hold a table of gigabytes. Rows and columns are read
from the file's metadata, and so is an estimate of the unpacked size (fixed-width columns: row
count × width; text and bytes: their uncompressed size, or the row count × the mean length of
their smallest and largest value when that is more); then the row groups are read in batches,
and reading stops as soon as the unpacked size passes
:data:`ui.limits.MAX_PARQUET_UNPACKED_BYTES` (a column of one long text repeated a million
times is stored once, as a dictionary, and unpacks only while it is read). Decimal columns
become floating-point numbers, the kind every view and export handles.
"""

from __future__ import annotations

import io

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from ui import limits
from ui.data.loading.errors import LoadError, check_columns, check_rows
from ui.data.loading.layout import header_names
from ui.notice import Notice, quoted

_BATCH_ROWS = 65_536


def read_parquet(data: bytes) -> tuple[pd.DataFrame, tuple[Notice, ...]]:
    """The table in ``data`` and notes on how it was read."""
    try:
        parquet = pq.ParquetFile(io.BytesIO(data))
    except (pa.ArrowException, OSError) as error:
        raise _damaged(error) from None
    schema = parquet.schema_arrow
    check_rows(parquet.metadata.num_rows)
    check_columns(len(schema))
    for field in schema:
        if pa.types.is_nested(field.type):
            raise LoadError(f"Column '{field.name}' holds nested values ({field.type}); a tree "
                            "needs one plain value per cell. Flatten or drop that column and "
                            "upload again.", code="nested_column", column=field.name,
                            type=str(field.type))
    header_names(schema.names)
    _check_unpacked(estimated_bytes(parquet))
    try:
        batches, size = [], 0
        for batch in parquet.iter_batches(batch_size=_BATCH_ROWS):
            size += sum(map(_unpacked_bytes, batch.columns))
            _check_unpacked(size)
            batches.append(batch)
        table = pa.Table.from_batches(batches, schema=schema)
    except (pa.ArrowException, OSError) as error:
        raise _damaged(error) from None
    decimals = [field.name for field in schema if pa.types.is_decimal(field.type)]
    for name in decimals:
        position = table.schema.get_field_index(name)
        table = table.set_column(position, name, table.column(name).cast(pa.float64()))
    notes = (Notice(f"Decimal columns were read as floating-point numbers: {quoted(decimals)}.",
                    "decimal_columns", {"columns": decimals}),) if decimals else ()
    return table.to_pandas(), notes


def estimated_bytes(parquet: pq.ParquetFile) -> int:
    """The unpacked size the metadata promises: for each column chunk, rows × the width of a
    fixed-width type; for text and bytes, the chunk's uncompressed size or, when more, rows ×
    the mean length of its smallest and largest value (a dictionary stores a long value once)."""
    metadata, schema = parquet.metadata, parquet.schema_arrow
    total = 0
    for group in range(metadata.num_row_groups):
        row_group = metadata.row_group(group)
        for position in range(row_group.num_columns):
            width = _fixed_width(schema.field(position).type)
            if width is None:                           # text, bytes, or a dictionary of them
                total += _text_bytes(row_group.column(position), row_group.num_rows)
            else:
                total += row_group.num_rows * width
    return total


def _fixed_width(field_type: pa.DataType) -> int | None:
    """Bytes per value of a fixed-width type; None for text, bytes and dictionaries."""
    if pa.types.is_dictionary(field_type):
        return None
    try:
        return field_type.bit_width // 8
    except ValueError:
        return None


def _text_bytes(chunk: pq.ColumnChunkMetaData, rows: int) -> int:
    statistics = chunk.statistics
    if statistics is None or not statistics.has_min_max:
        return chunk.total_uncompressed_size
    mean = (len(statistics.min) + len(statistics.max)) // 2
    return max(chunk.total_uncompressed_size, rows * mean)


def _unpacked_bytes(column: pa.Array) -> int:
    """Memory ``column`` takes once unpacked: a dictionary's values counted once per row."""
    if not pa.types.is_dictionary(column.type):
        return column.nbytes
    lengths = pc.binary_length(column.dictionary).take(column.indices)
    return column.indices.nbytes + (pc.sum(lengths).as_py() or 0)


def _check_unpacked(size: int) -> None:
    if size > limits.MAX_PARQUET_UNPACKED_BYTES:
        limit = limits.MAX_PARQUET_UNPACKED_BYTES // 2**20
        raise LoadError(f"This Parquet file unpacks to more than {limit} MB, so it was not read "
                        "(it holds long or many values). Upload a sample of the rows, or fewer "
                        "columns.", code="parquet_too_large", limit=limit)


def _damaged(error: Exception) -> LoadError:
    return LoadError(f"This is not a readable Parquet file ({error}). Export it again, or "
                     "upload a CSV.", code="bad_parquet", detail=str(error))
