"""ui.data.loaders: encodings, delimiters, Excel, Parquet, and every way a file can be refused."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ui import limits
from ui.data.loaders import LoadError, read_table
from ui.data.samples import SAMPLES, load_sample

WATERMELON = (Path(__file__).resolve().parent.parent / "samples" / "watermelon2.0.csv")
TEXT = WATERMELON.read_text(encoding="utf-8")
COLUMNS = ["编号", "色泽", "根蒂", "敲声", "纹理", "脐部", "触感", "好瓜"]


@pytest.mark.parametrize("encoding, expected", [
    ("utf-8", "UTF-8"), ("utf-8-sig", "UTF-8 (BOM)"), ("utf-16", "UTF-16"),
    ("utf-16-be", "UTF-16BE"), ("utf-16-le", "UTF-16LE"), ("gbk", "GBK/GB18030"),
    ("gb18030", "GBK/GB18030"),
])
def test_encodings_are_detected(encoding, expected):
    table = read_table("w.csv", TEXT.encode(encoding))
    assert table.encoding == expected
    assert list(table.frame.columns) == COLUMNS
    assert table.frame["色泽"].iloc[0] == "青绿"


def test_gbk_named_as_utf8_is_read_and_noted():
    """A GBK file called 'utf8.csv' is still read correctly, with a note about the encoding."""
    table = read_table("data-utf8.csv", TEXT.encode("gbk"))
    assert table.frame.shape == (17, 8)
    assert any("GBK" in str(note) for note in table.notes)


def test_bytes_are_not_modified():
    data = bytearray(TEXT.encode("gbk"))
    before = bytes(data)
    read_table("w.csv", bytes(data))
    assert bytes(data) == before


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_delimiters_are_sniffed(delimiter):
    text = TEXT.replace(",", delimiter)
    table = read_table("w.txt", text.encode())
    assert table.delimiter == delimiter
    assert list(table.frame.columns) == COLUMNS


def test_decimal_commas_do_not_fool_the_sniffer():
    table = read_table("x.csv", "a;b\n1,5;x\n2,5;y\n".encode())
    assert table.delimiter == ";"
    assert table.frame.shape == (2, 2)


def test_numbers_are_inferred_but_markers_stay_text():
    table = read_table("x.csv", b"x,y,c\n1.5,NA,a\n2.5,?,b\n,3,a\n")
    frame = table.frame
    assert pd.api.types.is_float_dtype(frame["x"]) and pd.isna(frame["x"].iloc[2])
    assert list(frame["y"]) == ["NA", "?", "3"]


def test_header_only_is_a_table_without_rows():
    table = read_table("x.csv", b"a,b,c\n")
    assert list(table.frame.columns) == ["a", "b", "c"] and len(table.frame) == 0


def test_one_column_is_noted():
    table = read_table("x.csv", b"a\n1\n2\n")
    assert table.frame.shape == (2, 1)
    assert any("one column" in str(note) for note in table.notes)


@pytest.mark.parametrize("data, message", [
    (b"", "empty"),
    (b"  \n\n", "empty"),
    (bytes(range(256)) * 20, "binary"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    (b"a,b\n1,2\n3,4,5\n", "Line 3 has 3 fields but the header has 2"),
    (b"a,b\n1,2\n3\n", "Line 3 has 1 fields"),
    (b"a,b,a\n1,2,3\n", "Columns 1 and 3 are both named 'a'"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, r"old Excel \(.xls\)"),
])
def test_unreadable_files_are_refused_with_a_reason(data, message):
    with pytest.raises(LoadError, match=message):
        read_table("upload.csv", data)


def test_limits(monkeypatch):
    monkeypatch.setattr(limits, "MAX_ROWS", 3)
    with pytest.raises(LoadError, match="more than 3 rows"):
        read_table("x.csv", b"a\n1\n2\n3\n4\n")
    monkeypatch.setattr(limits, "MAX_COLUMNS", 2)
    with pytest.raises(LoadError, match="3 columns; the limit is 2"):
        read_table("x.csv", b"a,b,c\n1,2,3\n")
    monkeypatch.setattr(limits, "MAX_UPLOAD_BYTES", 10)
    with pytest.raises(LoadError, match="MB"):
        read_table("x.csv", b"a,b\n" + b"1,2\n" * 10)


# --------------------------------------------------------------------------------- Excel
def _xlsx(*frames: pd.DataFrame) -> bytes:
    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        for i, frame in enumerate(frames):
            frame.to_excel(writer, sheet_name=f"Sheet{i + 1}", index=False)
    return buffer.getvalue()


def test_excel_keeps_names_numbers_and_markers():
    frame = load_sample("watermelon3.0").frame.copy()
    frame.loc[0, "色泽"] = "?"
    table = read_table("melons.xlsx", _xlsx(frame))
    assert list(table.frame.columns) == list(frame.columns)
    assert pd.api.types.is_integer_dtype(table.frame["编号"])
    assert pd.api.types.is_float_dtype(table.frame["密度"])
    assert table.frame.loc[0, "色泽"] == "?"
    assert table.encoding is None and table.notes == ()


def test_excel_numbers_stored_as_text_are_read_as_a_csv_reads_them():
    """Cells Excel holds as text ("number stored as text"), some empty: numbers, as in a CSV;
    percentages and codes with their notes; a column mixing numbers and words as it is."""
    frame = pd.DataFrame({"x": ["1.5", None, "2.5", "3"], "share": ["50%", "25%", None, "10%"],
                          "zip": ["02134", "10001", None, "02139"],
                          "mixed": [1.5, "n/a", 2.0, 3.0], "label": ["a", "b", "a", "b"]})
    table = read_table("book.xlsx", _xlsx(frame))
    read = table.frame
    assert read["x"].tolist()[::2] == [1.5, 2.5] and np.isnan(read["x"][1])
    assert pd.api.types.is_float_dtype(read["share"]) and read["share"][0] == 50.0
    assert read["zip"].tolist()[:2] == ["02134", "10001"]
    assert read["mixed"].tolist() == [1.5, "n/a", 2.0, 3.0]
    assert [note.code for note in table.notes] == ["percent", "leading_zeros"]


def test_excel_reads_the_first_sheet_and_says_so():
    table = read_table("book.xlsx", _xlsx(pd.DataFrame({"a": [1]}), pd.DataFrame({"b": [2]})))
    assert list(table.frame.columns) == ["a"]
    assert table.sheets == ("Sheet1", "Sheet2")
    assert "sheet 'Sheet1', one of 2" in str(table.notes[0])


def test_excel_duplicate_header_is_refused():
    raw = pd.DataFrame([["x", "x"], [1, 2]])
    buffer = io.BytesIO()
    raw.to_excel(buffer, index=False, header=False)
    with pytest.raises(LoadError, match="both named 'x'"):
        read_table("dup.xlsx", buffer.getvalue())


def test_zip_bomb_is_refused_before_parsing(monkeypatch):
    """An archive whose members claim more than the limit is refused from its directory alone."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", b"<workbook/>")
        archive.writestr("xl/worksheets/sheet1.xml", b"0" * 5_000_000)  # compresses to ~5 KB
    data = buffer.getvalue()
    assert len(data) < 50_000
    monkeypatch.setattr(limits, "MAX_XLSX_UNCOMPRESSED_BYTES", 1_000_000)
    with pytest.raises(LoadError, match="would unpack to"):
        read_table("bomb.xlsx", data)


@pytest.mark.parametrize("data, message", [
    (b"PK\x03\x04 not really a zip", "not a valid .xlsx"),
    (b"", "empty"),
])
def test_broken_excel_is_refused(data, message):
    with pytest.raises(LoadError, match=message):
        read_table("broken.xlsx", data)


def test_zip_that_is_not_a_workbook_is_refused():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("readme.txt", "hello")
    with pytest.raises(LoadError, match="not an Excel workbook"):
        read_table("x.xlsx", buffer.getvalue())


# --------------------------------------------------------------------------------- Parquet
def _parquet(table: pa.Table) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    return buffer.getvalue()


def test_parquet_round_trip():
    frame = load_sample("watermelon3.0").frame
    table = read_table("melons.parquet", _parquet(pa.Table.from_pandas(frame)))
    assert list(table.frame.columns) == list(frame.columns)
    assert table.frame["密度"].tolist() == frame["密度"].tolist()


def test_parquet_nested_column_is_refused():
    nested = pa.table({"a": [1, 2], "tags": [[1, 2], [3]]})
    with pytest.raises(LoadError, match="Column 'tags' holds nested values"):
        read_table("nested.parquet", _parquet(nested))


def test_damaged_parquet_is_refused():
    with pytest.raises(LoadError, match="not a readable Parquet"):
        read_table("x.parquet", b"PAR1 definitely not parquet PAR1")


# --------------------------------------------------------------------------------- samples
@pytest.mark.parametrize("sample_id", list(SAMPLES))
def test_every_sample_loads_with_its_target_and_ignored_columns(sample_id):
    sample = SAMPLES[sample_id]
    table = load_sample(sample_id)
    assert table.encoding == "UTF-8" and table.delimiter == ","
    assert sample.target in table.frame.columns
    assert set(sample.ignored) <= set(table.frame.columns)
