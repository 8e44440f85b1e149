"""The Data page's load notes, the validation split's messages and the candidate table's notes
are coded, so the Chinese UI words them in Chinese (English stays as the code's text)."""

from __future__ import annotations

import io

import openpyxl
import pandas as pd
import pytest

from treecore import Dataset
from ui import growth, split, state
from ui.i18n import NOTE_KEYS, TRANSLATIONS, error_text, note_text, split_note_text
from ui.loaders import read_table
from ui.samples import SAMPLES

WATERMELON = SAMPLES["watermelon2.0"].path.read_bytes()


def _two_sheets() -> bytes:
    book = openpyxl.Workbook()
    book.active.append(["a", "y"])
    book.active.append([1, "是"])
    book.create_sheet("other").append(["b"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.mark.parametrize("name, data, code, chinese", [
    ("w.csv", WATERMELON.decode("utf-8").encode("gbk"), "not_utf8_gbk", "GBK/GB18030 编码读取"),
    ("w.csv", "café,b\n1,2\n".encode("cp1252"), "not_utf8_cp1252", "西欧（Windows-1252）"),
    ("x.csv", b"a\n1\n2\n", "one_column", "只找到一列数据"),
    ("book.xlsx", _two_sheets(), "first_sheet", "2 个工作表中的第一个“Sheet”"),
])
def test_every_load_note_is_coded_and_worded_in_both_languages(name, data, code, chinese):
    (note,) = read_table(name, data).notes
    assert note.code == code
    assert note_text(note, "en") == str(note)
    assert chinese in note_text(note, "zh")


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
    assert any("已按中文 GBK/GB18030 编码读取" in info.value for info in data_page.info)


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
