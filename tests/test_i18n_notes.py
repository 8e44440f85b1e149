"""The Data page's load notes, the validation split's messages and the candidate table's notes
are coded, so the Chinese UI words them in Chinese (English stays as the code's text)."""

from __future__ import annotations

import gzip
import io
from decimal import Decimal

import openpyxl
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.conftest import shown
from treecore import Dataset
from ui import state
from ui.data.loaders import read_table
from ui.data.samples import SAMPLES
from ui.i18n import NOTE_KEYS, TRANSLATIONS, error_text, note_text, split_note_text
from ui.models import growth, split

WATERMELON = SAMPLES["watermelon2.0"].path.read_bytes()


def _two_sheets(notes_first: bool = False) -> bytes:
    """A table on the sheet "Sheet" and a one-row sheet "other", in front of it or after it."""
    book = openpyxl.Workbook()
    book.active.append(["a", "y"])
    book.active.append([1, "是"])
    book.create_sheet("other", 0 if notes_first else None).append(["b"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _parquet_decimal() -> bytes:
    table = pa.table({"price": pa.array([Decimal("1.50"), Decimal("2.25")], pa.decimal128(5, 2)),
                      "y": ["a", "b"]})
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


def _titled_sheet() -> bytes:
    book = openpyxl.Workbook()
    for row in (["Sales 2024"], [], ["region", "class"], ["north", "a"]):
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


LOAD_NOTES = [
    ("w.csv", WATERMELON.decode("utf-8").encode("gbk"), "encoding_guessed", "已按 GBK/GB18030 编码读取"),
    ("w.csv", "色泽,好瓜\n青绿,是\n".encode("gbk"), "encoding_unsure", "也可能是 Big5 编码"),
    ("x.csv", b"a\n1\n2\n", "one_column", "只找到一列数据"),
    ("book.xlsx", _two_sheets(), "sheet", "读取了工作表“Sheet”（共 2 个）"),
    ("book.xlsx", _two_sheets(notes_first=True), "sheet_largest",
     "读取了行数最多的工作表“Sheet”（共 2 个）"),
    ("book.xlsx", _titled_sheet(), "header_row", "表头在第 3 行"),
    ("x.csv", b"a,b\nx, y\n", "spaces_trimmed", "取值前后的空格：“b”"),
    ("x.csv", b"a,b,,\nx,y,,\n", "empty_columns", "略去了 2 个没有列名的空列"),
    ("x.csv", b",a,b\n0,x,y\n1,z,w\n", "pandas_index", "pandas 的 to_csv() 写出的行索引"),
    ("x.csv", b"a,b\nx,y\na,b\n", "repeated_header", "有 1 行与表头行相同（数据第 2 行）"),
    ("x.csv", b"a,b\nx,y\n,\n", "empty_rows", "略去了 1 个空行"),
    ("x.csv", b"a;b\n3,14;y\n", "decimal_comma", "3,14 读作 3.14"),
    ("x.csv", b'a,b\n"1,234",y\n', "thousands", "千位分隔符（“,”）"),
    ("x.csv", b"a,b\n12%,y\n", "percent", "12% 读作 12）：“a”"),
    ("x.csv", b"zip,b\n02134,y\n", "leading_zeros", "像是编码（如 02134），按文本读取：“zip”"),
    ("p.parquet", _parquet_decimal(), "decimal_columns", "已按浮点数读取：“price”"),
    ("w.csv.gz", gzip.compress(b"a,b\n1,2\n"), "archive", "已从压缩包“w.csv.gz”中读取“w.csv”"),
]


@pytest.mark.parametrize("name, data, code, chinese", LOAD_NOTES,
                         ids=[c for _, _, c, _ in LOAD_NOTES])
def test_every_load_note_is_coded_and_worded_in_both_languages(name, data, code, chinese):
    (note,) = read_table(name, data).notes
    assert note.code == code
    assert note_text(note, "en") == str(note)
    assert chinese in note_text(note, "zh")


def test_every_load_note_in_the_table_is_tested():
    in_table = {key.removeprefix("load_note.") for key in TRANSLATIONS
                if key.startswith("load_note.")}
    assert in_table == {code for _, _, code, _ in LOAD_NOTES}


MELONS = Dataset.from_frame(pd.DataFrame({"x": list("aabbaabbab"), "y": list("0011001101")}),
                            "y")


@pytest.mark.parametrize("make, chinese", [
    (lambda: split.random_split(MELONS, 1.5, seed=0), "验证集所占比例必须在 0 和 1 之间"),
    (lambda: split.random_split(MELONS.subset([0, 2]), 0.1, seed=0), "样本太少，无法留出验证集"),
    (lambda: split.rows_split(MELONS, "4, x"), "“x”不是行号"),
    (lambda: split.rows_split(MELONS, "99"), "这些行号都不在数据中"),
    (lambda: split.rows_split(MELONS, "1-10"), "没有剩下训练样本"),
    (lambda: split.upload_split(MELONS, None, None), "请上传与数据列相同的验证集数据表"),
    (lambda: split.upload_split(MELONS, "v.csv", b"x\na\n"), "没有类别列“y”"),
])
def test_every_split_message_is_worded_in_both_languages(make, chinese):
    error = make().error
    assert f"error.{error.code}" in TRANSLATIONS
    assert error_text(error, "en") == str(error)
    assert chinese in error_text(error, "zh")


def test_candidate_notes_are_translated_and_unknown_ones_kept():
    assert split_note_text("leaf too small", "zh") == TRANSLATIONS["note.leaf_too_small"]["zh"]
    assert split_note_text("gain below average", "zh") == "信息增益低于平均水平"
    assert all(split_note_text(note, "zh") != note for note in NOTE_KEYS if note)
    assert split_note_text("something new", "zh") == "something new"


def test_data_page_shows_the_encoding_note_in_chinese(data_page):
    data_page.session_state[state.LANGUAGE] = "zh"
    data_page.file_uploader(key=state.UPLOADER).upload(
        "西瓜.csv", WATERMELON.decode("utf-8").encode("gbk"), "text/csv")
    data_page.run()
    assert not data_page.exception
    assert "已按 GBK/GB18030 编码读取" in shown(data_page.info)


def test_grow_page_candidate_notes_in_chinese(make_app):
    at = make_app("pages/grow.py")
    at.session_state[state.LANGUAGE] = "zh"
    at.session_state[growth.MIN_LEAF] = 9
    at.run()
    assert not at.exception
    status = [table.value["status"] for table in at.dataframe if "status" in table.value.columns]
    assert status and any(TRANSLATIONS["note.leaf_too_small"]["zh"] in s for s in status[0])


def test_pruning_lab_split_message_in_chinese(make_app):
    at = make_app("pages/prune.py")
    at.session_state[state.LANGUAGE] = "zh"
    at.session_state[state.SPLIT_MODE] = "rows"
    at.session_state[growth.VALIDATION_TEXT] = "4, x"
    at.run()
    assert not at.exception
    assert "验证集未使用：“x”不是行号" in at.error[0].value
