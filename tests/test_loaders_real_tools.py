"""ui.data.loaders on files as real tools write them: Excel and pandas exports, European locales,
legacy encodings, classic data sets, and small files that unpack to a lot."""

from __future__ import annotations

import gzip
import io
import re
import time
import zipfile
from decimal import Decimal

import numpy as np
import openpyxl
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from treecore import Dataset
from ui import limits
from ui.data.loaders import LoadError, ReadOptions, read_table

GOOD = "colour,size,label\nred,1.5,yes\nblue,2.5,no\nred,3.0,yes\ngreen,0.5,no\n"


def codes(table) -> list[str]:
    return [note.code for note in table.notes]


# ------------------------------------------------------------------------------ line endings
@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_any_line_ending(ending):
    table = read_table("x.csv", GOOD.replace("\n", ending).encode())
    assert table.frame.shape == (4, 3)
    assert table.frame["label"].tolist() == ["yes", "no", "yes", "no"]


def test_mixed_line_endings_and_a_quoted_line_break_kept():
    table = read_table("x.csv", b'a,b\r1,"two\r\nlines"\n2,x\r\n3,y\r')
    assert table.frame["a"].tolist() == [1, 2, 3]
    assert table.frame["b"].iloc[0] == "two\r\nlines"


def test_a_lone_cr_file_names_the_line_that_does_not_fit():
    with pytest.raises(LoadError, match="Line 3 has 2 fields"):
        read_table("x.csv", b"a,b,c\r1,2,3\r4,5\r")


# ------------------------------------------------------------------------------ encodings
@pytest.mark.parametrize("text, encoding, expected", [
    ("Stadt,Größe,Klasse\nMünchen,1,ja\nKöln,2,nein\nDüsseldorf,3,ja\n", "cp1252", "Windows-1252"),
    ("ville;été;classe\nSète;1;oui\nÈze;2;non\nNîmes;3;oui\n", "cp1252", "Windows-1252"),
    ("色澤,密度,好瓜\n青綠,0.697,是\n烏黑,0.774,否\n淺白,0.556,否\n", "big5", "Big5"),
    ("名前,年齢,クラス\n田中,30,はい\n鈴木,25,いいえ\n", "cp932", "Shift-JIS"),
])
def test_legacy_encodings_are_detected_not_garbled(text, encoding, expected):
    table = read_table("x.csv", text.encode(encoding))
    assert table.encoding == expected
    header = text.splitlines()[0].replace(";", ",").split(",")
    assert list(table.frame.columns) == header
    assert codes(table)[0] in ("encoding_guessed", "encoding_unsure")


def test_an_unsure_guess_names_the_alternatives_and_the_user_can_choose():
    data = "色泽,好瓜\n青绿,是\n".encode("gbk")
    table = read_table("x.csv", data)
    assert table.encoding == "GBK/GB18030" and "Big5" in str(table.notes[0])
    chosen = read_table("x.csv", data, ReadOptions(encoding="Big5"))
    assert chosen.encoding == "Big5" and chosen.notes == ()
    assert list(chosen.frame.columns) != ["色泽", "好瓜"]


def test_an_encoding_that_cannot_read_the_file_is_refused_with_the_byte():
    with pytest.raises(LoadError, match="not valid UTF-8 text: byte 0"):
        read_table("x.csv", "é,b\n1,2\n".encode("cp1252"), ReadOptions(encoding="UTF-8"))


# ------------------------------------------------------------------------------ numbers
def test_semicolons_with_decimal_commas_are_numbers():
    table = read_table("x.csv", "x;y;label\n3,14;1.234,5;a\n2,71;-0,5;b\n".encode())
    assert table.delimiter == ";"
    assert table.frame["x"].tolist() == [3.14, 2.71]
    assert table.frame["y"].tolist() == [1234.5, -0.5]
    assert set(codes(table)) == {"decimal_comma", "thousands"}


def test_decimal_commas_among_markers_are_rewritten_for_the_engine():
    table = read_table("x.csv", "x;label\n3,14;a\n?;b\n2,5;a\n".encode())
    assert table.frame["x"].tolist() == ["3.14", "?", "2.5"]
    data = Dataset.from_frame(table.frame, "label")
    assert data.features[0].kind.value == "continuous"
    assert np.isnan(data.X[1, 0]) and data.X[0, 0] == 3.14


def test_thousands_percentages_and_zip_codes():
    table = read_table("x.csv", b'zip,share,n,label\n02134,12%,"1,234",a\n10001,5.5%,"2,000",b\n')
    frame = table.frame
    assert frame["zip"].tolist() == ["02134", "10001"]
    assert frame["share"].tolist() == [12.0, 5.5] and frame["n"].tolist() == [1234, 2000]
    assert codes(table) == ["thousands", "percent", "leading_zeros"]
    data = Dataset.from_frame(frame, "label")                   # as the note says: codes
    assert data.features[0].kind.value == "nominal"
    assert data.features[0].labels == ("02134", "10001")


def test_inf_and_overflow_stay_text_for_the_engine_to_refuse():
    table = read_table("x.csv", b"x,label\n1.5,a\ninf,b\n1e999,a\n")
    assert table.frame["x"].tolist() == ["1.5", "inf", "1e999"]


# ------------------------------------------------------------------------------ categories
def test_spaces_after_the_delimiter_and_around_values_make_one_class():
    table = read_table("x.csv", b"x, c, label\n1, a, yes\n2, b, no\n3, a, yes \n4,b,no\n")
    assert list(table.frame.columns) == ["x", "c", "label"]
    assert Dataset.from_frame(table.frame, "label").classes == ("yes", "no")
    assert codes(table) == ["spaces_trimmed"]


def test_a_repeated_header_line_is_not_a_class():
    table = read_table("x.csv", b"x,label\n1,a\n2,b\nx,label\n3,a\n4,b\n")
    assert table.frame["x"].tolist() == [1, 2, 3, 4]
    assert "data rows 3" in str(table.notes[0])


def test_contact_lenses_class_none_is_a_class():
    lenses = b"age,astigmatic,lenses\nyoung,no,none\nyoung,yes,hard\npresbyopic,no,soft\n"
    table = read_table("lenses.csv", lenses)
    assert Dataset.from_frame(table.frame, "lenses").classes == ("none", "hard", "soft")


# ------------------------------------------------------------------------------ layout
def test_a_pandas_to_csv_file_loses_only_its_index():
    frame = pd.DataFrame({"x": [1.5, 2.5, 3.5], "colour": ["a", "b", "a"], "y": ["p", "q", "p"]})
    table = read_table("pandas.csv", frame.to_csv().encode())
    pd.testing.assert_frame_equal(table.frame, frame, check_dtype=False)
    assert codes(table) == ["pandas_index"]


def test_a_pandas_index_header_is_not_taken_for_a_title():
    """`,x` has one filled cell, like a title, but not in the first column."""
    table = read_table("one.csv", pd.DataFrame({"x": [1.5, 2.5]}).to_csv().encode())
    assert table.frame.to_dict("list") == {"x": [1.5, 2.5]}
    assert codes(table) == ["pandas_index", "one_column"]


def test_an_unnamed_first_column_that_is_not_an_index_stays():
    table = read_table("x.csv", b",x,y\n5,a,p\n9,b,q\n")
    assert list(table.frame.columns) == ["", "x", "y"]


def test_trailing_empty_columns_and_rows_are_dropped():
    table = read_table("x.csv", b"a,b,label,,\n1,x,yes,,\n2,y,no,,\n,,,,\n")
    assert list(table.frame.columns) == ["a", "b", "label"] and len(table.frame) == 2
    assert codes(table) == ["empty_columns", "empty_rows"]


def test_rows_left_out_keep_the_files_numbering_of_the_others():
    table = read_table("x.csv", b"a,b\n1,x\n,\n2,y\na,b\n3,\n4,y\n")
    assert table.frame["a"].tolist() == [1, 2, 3, 4]
    assert table.row_numbers.tolist() == [1, 3, 5, 6]
    assert "data rows 4" in str(table.notes[0])
    assert read_table("x.csv", b"a,b\n1,x\n2,y\n").row_numbers is None


def test_a_title_above_a_csv_header_is_skipped_or_chosen():
    data = b"Survey 2024\n\ncolour,label\nred,yes\nblue,no\n"
    table = read_table("x.csv", data)
    assert list(table.frame.columns) == ["colour", "label"]
    assert codes(table) == ["header_row"] and "row 3" in str(table.notes[0])
    with pytest.raises(LoadError, match="Line 3 has 2 fields but the header has 1"):
        read_table("x.csv", data, ReadOptions(header_row=1))


# ------------------------------------------------------------------------------ Excel
def _book(sheets: dict[str, list[list]], hidden: tuple[str, ...] = ()) -> bytes:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        sheet.sheet_state = "hidden" if name in hidden else "visible"
        for row in rows:
            sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_excel_title_rows_above_the_header():
    data = _book({"report": [["Quarterly report"], [], ["region", "units", "class"],
                             ["north", 3, "a"], ["south", 5, "b"]]})
    table = read_table("report.xlsx", data)
    assert list(table.frame.columns) == ["region", "units", "class"]
    assert table.frame["units"].tolist() == [3, 5]
    assert codes(table) == ["header_row"]
    chosen = read_table("report.xlsx", data, ReadOptions(header_row=4))
    assert list(chosen.frame.columns) == ["north", "3", "a"]


def test_excel_sheet_choice_and_trailing_empty_columns():
    data = _book({"notes": [["read me"]],
                  "data": [["x", "label", None, None], [1, "yes ", None, None], [2, "no", None]]})
    table = read_table("book.xlsx", data, ReadOptions(sheet="data"))
    assert table.sheets == ("notes", "data")
    assert list(table.frame.columns) == ["x", "label"]
    assert table.frame["label"].tolist() == ["yes", "no"]
    with pytest.raises(LoadError, match="no sheet 'gone'"):
        read_table("book.xlsx", data, ReadOptions(sheet="gone"))


def test_excel_reads_the_visible_sheet_with_the_most_rows_and_says_so():
    table = [["x", "label"]] + [[i, "ab"[i % 2]] for i in range(5)]
    data = _book({"说明": [["这是说明页"], ["第二行"]], "数据": table,
                  "lookup": table + table}, hidden=("lookup",))
    read = read_table("book.xlsx", data)
    assert read.sheet == "数据" and read.frame.shape == (5, 2)
    assert codes(read) == ["sheet_largest"]
    assert "'数据', the one with the most rows, of 3" in str(read.notes[0])
    chosen = read_table("book.xlsx", data, ReadOptions(sheet="说明"))
    assert chosen.sheet == "说明" and codes(chosen) == ["sheet"]
    tie = read_table("book.xlsx", _book({"a": table, "b": table}))
    assert tie.sheet == "a" and codes(tie) == ["sheet"]


def test_xlsm_is_read_like_xlsx():
    data = _book({"Sheet1": [["x", "label"], [1, "a"], [2, "b"]]})
    table = read_table("macros.xlsm", data)
    assert table.frame.shape == (2, 2)


def _rewritten(workbook: bytes, member: str, change) -> bytes:
    """``workbook`` with the XML of ``member`` replaced by ``change(xml)``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(workbook)) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            content = source.read(item.filename)
            target.writestr(item.filename, change(content) if item.filename == member else content)
    return out.getvalue()


def _sheet_xml(rows: int, dimension: str | None) -> bytes:
    """A workbook of one sheet of ``rows`` rows, written as XML directly (fast)."""
    head = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            + (f'<dimension ref="{dimension}"/>' if dimension else "") + "<sheetData>")
    body = "".join(f'<row r="{i}"><c r="A{i}"><v>{i}</v></c></row>' for i in range(1, rows + 1))
    sheet = (head + body + "</sheetData></worksheet>").encode()
    return _rewritten(_book({"data": [["x"]]}), "xl/worksheets/sheet1.xml", lambda _: sheet)


def test_a_workbook_without_sheets_is_refused():
    data = _rewritten(_book({"data": [["x"]]}), "xl/workbook.xml",
                      lambda xml: re.sub(rb"<sheet [^>]*/>", b"", xml))
    with pytest.raises(LoadError, match="no sheets"):
        read_table("x.xlsx", data)


@pytest.mark.parametrize("dimension", ["A1:A200", "A1:A2", None])
def test_excel_rows_are_counted_before_reading_whatever_the_sheet_claims(monkeypatch, dimension):
    monkeypatch.setattr(limits, "MAX_ROWS", 100)
    with pytest.raises(LoadError, match="more than 100 rows"):
        read_table("big.xlsx", _sheet_xml(200, dimension))


def test_a_sheet_that_understates_its_size_is_read_whole():
    table = read_table("x.xlsx", _sheet_xml(50, "A1:A2"))
    assert len(table.frame) == 49


# ------------------------------------------------------------------------------ Parquet
def _parquet(table: pa.Table) -> bytes:
    out = io.BytesIO()
    pq.write_table(table, out, compression="zstd")
    return out.getvalue()


def repeated(text: str, rows: int) -> pa.DictionaryArray:
    """One text ``rows`` times, stored once (as Parquet writers store a repeated value)."""
    return pa.DictionaryArray.from_arrays(np.zeros(rows, dtype=np.int32), [text])


def test_a_small_parquet_that_unpacks_to_a_gigabyte_is_refused_at_once():
    rows = 1_000_000
    data = _parquet(pa.table({"note": repeated("x" * 1000, rows),
                              "y": pa.array(np.arange(rows) % 2)}))
    assert len(data) < 200_000
    started = time.perf_counter()
    with pytest.raises(LoadError, match="unpacks to more than 512 MB"):
        read_table("bomb.parquet", data)
    assert time.perf_counter() - started < 1.0


def test_parquet_reading_stops_when_the_unpacked_size_passes_the_limit(monkeypatch):
    """Without statistics the metadata cannot see a repeated long text; the batches do."""
    out = io.BytesIO()
    pq.write_table(pa.table({"note": repeated("y" * 100, 200_000)}), out, write_statistics=False)
    monkeypatch.setattr(limits, "MAX_PARQUET_UNPACKED_BYTES", 5_000_000)
    with pytest.raises(LoadError, match="unpacks to more than"):
        read_table("bomb.parquet", out.getvalue())


def test_parquet_rows_and_columns_come_from_the_metadata(monkeypatch):
    monkeypatch.setattr(limits, "MAX_ROWS", 10)
    with pytest.raises(LoadError, match="11 rows"):
        read_table("x.parquet", _parquet(pa.table({"a": range(11)})))


def test_parquet_decimals_become_floats_the_views_can_serialise():
    prices = pa.array([Decimal("1.50"), Decimal("2.25"), Decimal("3.00")], pa.decimal128(6, 2))
    table = read_table("p.parquet", _parquet(pa.table({"price": prices, "y": list("aba")})))
    assert table.frame["price"].dtype == np.float64
    assert codes(table) == ["decimal_columns"]


def test_parquet_categories_are_trimmed_like_text():
    labels = pa.DictionaryArray.from_arrays(np.array([0, 1, 2, 0], dtype=np.int32),
                                            ["yes", "no", "yes "])
    table = read_table("c.parquet", _parquet(pa.table({"x": [1, 2, 3, 4], "label": labels})))
    assert table.frame["label"].tolist() == ["yes", "no", "yes", "yes"]
    assert codes(table) == ["spaces_trimmed"]


# ------------------------------------------------------------------------------ archives
def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return out.getvalue()


def test_a_gzipped_csv_is_read_and_named():
    table = read_table("melons.csv.gz", gzip.compress(GOOD.encode()))
    assert table.frame.shape == (4, 3)
    assert codes(table) == ["archive"] and "'melons.csv'" in str(table.notes[0])


def test_a_zip_of_one_table_beside_macos_leftovers():
    data = _zip({"export/data.xlsx": _book({"s": [["x", "label"], [1, "a"], [2, "b"]]}),
                 "__MACOSX/export/._data.xlsx": b"junk", "export/README.md": b"# notes"})
    table = read_table("export.zip", data)
    assert list(table.frame.columns) == ["x", "label"]


@pytest.mark.parametrize("data, message", [
    (_zip({"a.csv": b"x\n1\n", "b.csv": b"y\n2\n"}), "exactly one table .* it holds 2"),
    (_zip({"notes.md": b"hello"}), "it holds 0"),
    (b"PK\x03\x04 damaged", "damaged or not a .gz/.zip"),
])
def test_a_zip_without_exactly_one_table_is_refused(data, message):
    with pytest.raises(LoadError, match=message):
        read_table("upload.zip", data)


def test_an_archive_is_unpacked_only_up_to_the_upload_limit(monkeypatch):
    monkeypatch.setattr(limits, "MAX_UPLOAD_BYTES", 2**20)
    bomb = gzip.compress(b"a,b\n" + b"1,2\n" * 2**20)           # 4 MB in a few KB
    with pytest.raises(LoadError, match="unpacks to more than 1 MB"):
        read_table("bomb.csv.gz", bomb)
    with pytest.raises(LoadError, match="damaged"):
        read_table("cut.csv.gz", bomb[: len(bomb) // 2])
