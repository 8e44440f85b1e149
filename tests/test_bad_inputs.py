"""The bad-input corpus (tests/data/bad/, expectations in EXPECTED.json) at two levels: the
loaders with ``Dataset.from_frame``, and the Data page through AppTest. Every file gets its
specific message or loads; none gets a traceback; the uploaded bytes are never modified."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.conftest import shown
from treecore import Dataset, DataError, infer_task
from ui import state
from ui.data import uploads
from ui.data.loaders import LoadError, read_table
from ui.guards import level_messages

BAD = Path(__file__).resolve().parent / "data" / "bad"
EXPECTED: dict[str, dict] = json.loads((BAD / "EXPECTED.json").read_text(encoding="utf-8"))
NAMES = sorted(EXPECTED)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_the_corpus_is_complete():
    files = {p.name for p in BAD.iterdir()} - {"EXPECTED.json", "make_corpus.py", "__pycache__"}
    assert files == set(EXPECTED)
    assert len(files) >= 40
    assert {e["level"] for e in EXPECTED.values()} == {"loader", "engine", "ok"}


def outcome(name: str, data: bytes) -> tuple[str, str]:
    """(level reached, message): loader refusal, engine refusal, or ok with notes/limits."""
    expected = EXPECTED[name]
    try:
        table = read_table(name, data)
    except LoadError as error:
        return "loader", str(error)
    frame = table.frame
    try:
        target = str(frame.columns[-1])              # the kind of tree the Data page infers
        dataset = Dataset.from_frame(frame, target, kinds=expected.get("kinds"),
                                     task=infer_task(frame[target]))
    except DataError as error:
        return "engine", str(error)
    messages = list(map(str, table.notes))
    if "limit" in expected:
        messages += level_messages(dataset, expected["limit"], "en")
    return "ok", " ".join(messages)


@pytest.mark.parametrize("name", NAMES)
def test_loader_and_engine(name):
    expected = EXPECTED[name]
    data = (BAD / name).read_bytes()
    before = sha256(data)
    level, message = outcome(name, data)
    assert (level, name) == (expected["level"], name), message
    for fragment in expected["message"]:
        assert fragment in message
    assert sha256(data) == before == sha256((BAD / name).read_bytes())


# ------------------------------------------------------------------------------ Data page
MIME = {".csv": "text/csv", ".tsv": "text/tab-separated-values", ".txt": "text/plain",
        ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ".xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
        ".xls": "application/vnd.ms-excel", ".parquet": "application/octet-stream"}


@pytest.mark.parametrize("name", NAMES)
def test_data_page(data_page, name):
    """Upload through the Data page: an error box with the message, or the success line."""
    at, expected = data_page, EXPECTED[name]
    data = (BAD / name).read_bytes()
    before = sha256(data)
    at.file_uploader(key=state.UPLOADER).upload(name, data, MIME[Path(name).suffix]).run()
    if "kinds" in expected:
        continuous = [c for c, kind in expected["kinds"].items() if kind == "continuous"]
        at.multiselect(key="w_continuous").set_value(continuous).run()
    assert not at.exception, at.exception
    errors = shown(at.error)
    if expected["level"] == "ok":
        assert not errors and len(at.success) == 1
        assert at.session_state[state.DATASET] == state.UPLOADED
        assert sha256(uploads.server_store().get(at.session_state[state.UPLOAD_DIGEST]).data
                      ) == before
        notes = shown([*at.info, *at.warning])
        for fragment in expected["message"]:
            assert fragment in notes
    elif expected["level"] == "loader":                 # refused; the sample on screen stays
        assert "The file was not loaded" in errors
        assert at.session_state[state.DATASET] != state.UPLOADED
    else:
        assert not at.success
    if expected["level"] != "ok":
        for fragment in expected["message"]:
            assert fragment in errors
