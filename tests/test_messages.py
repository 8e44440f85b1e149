"""Coded errors and pruning reasons: every raise site of DataError / LoadError gives a ``code``
and ``params``; ``ui.i18n`` words them in English and 中文 (Chinese naming the column and row);
the Data page and the Pruning lab show them in the session's language."""

from __future__ import annotations

import ast
import gzip
import io
import pickle
import zipfile
from pathlib import Path

import openpyxl
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import treecore
from treecore import Dataset
from treecore.errors import ConfigError, DataError, TreecoreError
from treecore.io import from_json, sql_identifier, sql_literal
from treecore.pruning import prune_ccp, prune_ebp, prune_pep, prune_rep
from ui import limits, state
from ui.data.loaders import LoadError, ReadOptions, read_table
from ui.data.loading import text
from ui.data.samples import load_sample
from ui.i18n import TRANSLATIONS, error_text, reason_text

ROOT = Path(__file__).resolve().parent.parent
#: The modules whose DataError / LoadError raises must all carry a code.
CODED_MODULES = (*(f"treecore/data/{name}.py" for name in ("columns", "schema", "dataset")),
                 "treecore/io/json_model.py", "treecore/io/sql.py", "ui/data/loaders.py",
                 *(f"ui/data/loading/{name}.py" for name in ("encodings", "errors", "excel",
                                                       "layout", "parquet", "text", "archives")))

MELONS = pd.DataFrame({"色泽": ["青绿", "乌黑", "青绿", "乌黑"], "密度": [0.6, 0.7, 0.4, 0.3],
                       "好瓜": ["是", "是", "否", "否"]})


def _from_frame(frame: pd.DataFrame, target: str = "好瓜", **kwargs):
    return lambda: Dataset.from_frame(frame, target, **kwargs)


def _xlsx(rows: list[list]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def _parquet(table: pa.Table) -> bytes:
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


def _raise(error: Exception):
    raise error


def _melons() -> Dataset:
    return Dataset.from_frame(MELONS, "好瓜")


#: (code, a call that raises it): one entry per DataError raise site and per LoadError code.
DATA_ERRORS = [
    ("column_absent", lambda: _melons().schema.encode(MELONS.drop(columns="密度"))),
    ("unknown_class", lambda: _melons().schema.encode_classes(["是", "也许"])),
    ("not_a_column", _from_frame(MELONS, kinds={"重量": "continuous"})),
    ("no_features", _from_frame(MELONS, ignore=["色泽", "密度"])),
    ("no_columns", _from_frame(pd.DataFrame(), "好瓜")),
    ("no_name", _from_frame(MELONS.rename(columns={"密度": "Unnamed: 1"}))),
    ("duplicate_name", _from_frame(MELONS.set_axis(["色泽", "色泽", "好瓜"], axis=1))),
    ("target_not_a_column", _from_frame(MELONS, "甜度")),
    ("no_rows", _from_frame(MELONS.iloc[:0])),
    ("not_a_number", _from_frame(MELONS, kinds={"色泽": "continuous"})),
    ("infinite", _from_frame(MELONS.assign(密度=[0.6, float("inf"), 0.4, 0.3]))),
    ("all_missing", _from_frame(MELONS.assign(色泽=["?"] * 4))),
    ("target_missing", _from_frame(MELONS.assign(好瓜=["是", "是", "", "否"]))),
    ("target_value_missing", _from_frame(MELONS.assign(密度=[0.6, None, 0.4, 0.3]), "密度",
                                         task="regression")),
    ("continuous_target", _from_frame(MELONS, "密度")),
    ("one_class", _from_frame(MELONS.assign(好瓜=["是"] * 4))),
    ("weight_column_absent", _from_frame(MELONS, weights="权重")),
    ("weights_count", _from_frame(MELONS, weights=[1.0, 2.0])),
    ("weights_negative", _from_frame(MELONS.assign(w=[1, -1, 1, 1]), weights="w")),
    ("weights_zero", _from_frame(MELONS.assign(w=[0, 0, 0, 0]), weights="w")),
    ("bad_model", lambda: from_json("{}")),
    ("bad_model", lambda: from_json("not json")),
    ("nul_in_sql_name", lambda: sql_identifier("a\x00b")),
    ("nul_in_sql_value", lambda: sql_literal("a\x00b")),
]

LOAD_ERRORS = [
    ("file_too_large", lambda: read_table("big.csv", b"a,b\n" + b"1,2\n" * 300)),
    ("empty_file", lambda: read_table("empty.csv", b"  \n")),
    ("old_excel", lambda: read_table("old.xls", b"a,b\n1,2\n")),
    ("too_many_columns", lambda: read_table("wide.csv", ",".join(f"c{i}" for i in range(501))
                                            .encode() + b"\n")),
    ("too_many_rows", lambda: read_table("long.parquet", _parquet(pa.table({"a": range(300)})))),
    ("rows_over_limit", lambda: read_table("long.csv", b"a,b\n" + b"1,2\n" * 300)),
    ("duplicate_header", lambda: read_table("dup.csv", "色泽,色泽\n1,2\n".encode())),
    ("bad_encoding", lambda: read_table("utf16.csv", b"\xff\xfe" + "a,b\n".encode("utf-16-le")
                                        + b"\x00\xdc")),
    ("bad_encoding", lambda: read_table("utf8.csv", "é,b\n".encode("latin-1"),
                                        ReadOptions(encoding="UTF-8"))),
    ("binary", lambda: read_table("junk.csv", bytes(range(256)) * 4)),
    ("no_header", lambda: text.scan_records("", ",")),
    ("parser", lambda: _raise(text.parser_error("Error tokenizing data"))),
    ("parser_line", lambda: _raise(text.parser_error("Expected 2 fields in line 7, saw 3"))),
    ("header_past_end", lambda: read_table("x.csv", b"a,b\n1,2\n", ReadOptions(header_row=5))),
    ("field_count", lambda: read_table("ragged.csv", b"a,b,c\n1,2\n")),
    ("bad_quotes", lambda: read_table("quotes.csv", b'a,b\n1,"' + b"x" * 140_000 + b'"\n')),
    ("bad_xlsx", lambda: read_table("damaged.xlsx", b"PK\x03\x04 damaged")),
    ("xlsx_too_large", lambda: read_table("bomb.xlsx", _zip({"xl/workbook.xml": b"x" * 2000}))),
    ("not_a_workbook", lambda: read_table("other.xlsx", _zip({"readme.txt": b"hello"}))),
    ("bad_excel", lambda: read_table("junk.xlsx", _zip({"xl/workbook.xml": b"<junk"}))),
    ("empty_sheet", lambda: read_table("empty.xlsx", _xlsx([]))),
    ("no_such_sheet", lambda: read_table("x.xlsx", _xlsx([["a"]]), ReadOptions(sheet="other"))),
    ("bad_parquet", lambda: read_table("broken.parquet", b"PAR1 broken")),
    ("nested_column", lambda: read_table("nested.parquet", _parquet(
        pa.table({"tags": [[1, 2], [3]], "y": ["a", "b"]})))),
    ("parquet_too_large", lambda: read_table("wide.parquet", _parquet(
        pa.table({"a": range(300)})))),
    ("archive_tables", lambda: read_table("two.zip", _zip({"a.csv": b"x", "b.csv": b"y"}))),
    ("archive_too_large", lambda: read_table("big.csv.gz", gzip.compress(b"1,2\n" * 1000))),
    ("bad_archive", lambda: read_table("cut.csv.gz", b"\x1f\x8b not gzip")),
]


#: Limits lowered for the size tests, so their files stay small.
SMALL_LIMITS = {"file_too_large": ("MAX_UPLOAD_BYTES", 1000), "too_many_rows": ("MAX_ROWS", 100),
                "rows_over_limit": ("MAX_ROWS", 100),
                "xlsx_too_large": ("MAX_XLSX_UNCOMPRESSED_BYTES", 1000),
                "parquet_too_large": ("MAX_PARQUET_UNPACKED_BYTES", 1000),
                "archive_too_large": ("MAX_UPLOAD_BYTES", 1000)}


def _raised(call, kind: type[Exception]) -> Exception:
    with pytest.raises(kind) as caught:
        call()
    return caught.value


def _check_rendering(error) -> None:
    """Both languages render from the table with every placeholder filled; Chinese names the
    column and the row the error points at; English says what ``str(error)`` says, except
    that lists are joined rather than printed as Python lists."""
    assert f"error.{error.code}" in TRANSLATIONS
    en, zh = error_text(error, "en"), error_text(error, "zh")
    assert zh != en and "{" not in zh + en
    if "column" in error.params:
        assert str(error.params["column"]) in zh
    if "row" in error.params:
        assert f"第 {error.params['row']} 行" in zh
    if not any(isinstance(v, list) for v in error.params.values()) and "JSON" not in str(error):
        assert en == str(error)


@pytest.mark.parametrize("code, call", DATA_ERRORS, ids=[c for c, _ in DATA_ERRORS])
def test_each_data_error_has_its_code_and_renders_in_both_languages(code, call):
    error = _raised(call, DataError)
    assert error.code == code
    _check_rendering(error)


@pytest.mark.parametrize("code, call", LOAD_ERRORS, ids=[c for c, _ in LOAD_ERRORS])
def test_each_load_error_has_its_code_and_renders_in_both_languages(code, call, monkeypatch):
    if code in SMALL_LIMITS:
        monkeypatch.setattr(limits, *SMALL_LIMITS[code])
    error = _raised(call, LoadError)
    assert error.code == code
    _check_rendering(error)


def _raise_calls(path: Path) -> list[ast.Call]:
    """Every ``DataError(...)`` / ``LoadError(...)`` constructed in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", None) in ("DataError", "LoadError")]


@pytest.mark.parametrize("module", CODED_MODULES)
def test_every_raise_site_names_a_code_the_ui_can_word(module):
    calls = _raise_calls(ROOT / module)
    assert calls
    for call in calls:
        codes = [k.value.value for k in call.keywords if k.arg == "code"]
        assert codes, f"{module}:{call.lineno} has no code"
        assert f"error.{codes[0]}" in TRANSLATIONS, f"{module}:{call.lineno}"


def test_every_code_is_tested():
    in_source = {k.value.value for module in CODED_MODULES for call in _raise_calls(ROOT / module)
                 for k in call.keywords if k.arg == "code"}
    assert in_source == {code for code, _ in DATA_ERRORS + LOAD_ERRORS}


def test_coded_errors_survive_pickling_for_the_session_state():
    for error in (_raised(DATA_ERRORS[-5][1], DataError),
                  _raised(dict(LOAD_ERRORS)["duplicate_header"], LoadError)):
        copy = pickle.loads(pickle.dumps(error))
        assert (str(copy), copy.code, copy.params) == (str(error), error.code, error.params)


def test_an_error_without_a_known_code_falls_back_to_its_text():
    assert error_text(TreecoreError("plain"), "zh") == "plain"
    assert error_text(DataError("odd", code="no_such_code"), "zh") == "odd."
    assert error_text("a message", "zh") == "a message"


def test_an_impossible_forced_split_is_worded_with_the_path_and_the_note():
    data = _watermelons()
    error = _raised(lambda: treecore.grow(data, force={(): "甜度"}, algorithm="id3"), ConfigError)
    assert error.code == "forced_split" and error.params["path"] == ()
    assert error_text(error, "zh") == ("无法在 根结点 按“甜度”划分：没有该属性，或该结点处没有它的已知取值。"
                                       "请取消指定的划分，或另选一个划分。")
    assert "cannot split at root" in error_text(error, "en")


# ------------------------------------------------------------------------------ pruning reasons
def _watermelons() -> Dataset:
    return Dataset.from_frame(load_sample("watermelon2.0").frame, "好瓜", ignore=["编号"])


def _steps():
    data = _watermelons()
    tree = treecore.grow(data, algorithm="id3")
    yield from prune_rep(tree, data, rule="strict").steps
    yield from prune_rep(tree, data, rule="no_worse").steps
    yield from prune_pep(tree).steps
    yield from prune_ebp(tree, cf=0.25).steps
    yield from prune_ebp(tree, cf=0.25, dataset=data).steps
    yield from prune_ccp(tree, 0.05).steps


def test_every_prune_step_has_a_code_worded_in_both_languages():
    steps = list(_steps())
    for step in steps:
        method = step.code.partition(".")[0]
        assert {f"reason.{method}", f"reason.{step.code}"} <= set(TRANSLATIONS), step.code
        en, zh = reason_text(step, "en"), reason_text(step, "zh")
        assert en != zh and "{" not in en + zh
    assert {"rep", "pep", "ebp", "ccp"} == {s.code.partition(".")[0] for s in steps}


def test_a_step_without_a_code_keeps_the_engines_reason():
    step = next(_steps())
    uncoded = type(step)(step.node_id, step.figures, step.decision, step.reason)
    assert reason_text(uncoded, "zh") == step.reason


# ------------------------------------------------------------------------------ the pages, in 中文
def test_data_page_names_the_column_and_row_of_a_missing_class_in_chinese(make_app):
    at = make_app("app.py")
    at.session_state[state.LANGUAGE] = "zh"
    at.run()
    at.switch_page("pages/data.py").run()
    table = "色泽,密度,好瓜\n青绿,0.6,是\n乌黑,0.7,\n青绿,0.4,否\n".encode()
    at.file_uploader(key=state.UPLOADER).upload("melons.csv", table, "text/csv").run()
    assert not at.exception
    assert [e.value for e in at.error] == [
        "列“好瓜”第 2 行：类别（目标列）的值是缺失值。请选择另一列作为类别、填写该值，"
        "或去掉没有类别的行。"]
    assert at.button(key="data.leave_out").label == "去掉没有类别的 1 行再生成：第 2 行"


def test_a_refused_upload_is_worded_in_chinese(make_app):
    at = make_app("app.py")
    at.session_state[state.LANGUAGE] = "zh"
    at.run()
    at.switch_page("pages/data.py").run()
    at.file_uploader(key=state.UPLOADER).upload("empty.csv", b"", "text/csv").run()
    assert at.error[0].value == "文件未载入。文件是空的。请上传有表头行和数据行的数据表。"


def test_pruning_lab_replay_gives_the_reason_in_chinese(make_app):
    at = make_app("pages/prune.py")
    at.session_state[state.LANGUAGE] = "zh"
    at.run()
    at.button(key="lab.zhou").click().run()
    assert not at.exception and not at.error
    reason = at.info[-1].value
    assert "验证集精度" in reason and reason.endswith(("剪枝。", "保留。"))
