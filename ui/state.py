"""Every session key, its default, and the table the session is working on (the choices made
on it are :mod:`ui.data.choices`).

Pages call :func:`ensure_defaults` first (so ``AppTest.from_file("pages/x.py")`` works alone),
then read the plain keys below. Widget-bound keys disappear from ``st.session_state`` when the
user switches pages, so widgets never own a choice: :func:`widget` gives a widget its own key,
seeds it from the plain value on every run and copies the new value back through a setter.

Only small picklable values live here (``runner.enforceSerializableSessionState``): an upload
is held by the server's store (:mod:`ui.data.uploads`) and named here by its digest, so nothing the
user uploaded is lost when switching pages, and a click does not pickle its bytes.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable

import pandas as pd
import streamlit as st

from treecore.data import DEFAULT_MISSING, Kind

from ui.data import uploads
from ui.data.loaders import LoadedTable, LoadError, ReadOptions, read_table
from ui.data.samples import DEFAULT_SAMPLE, SAMPLES, load_sample

# ------------------------------------------------------------------------------- plain keys
LANGUAGE = "language"            #: "en" or "zh"
DATASET = "dataset"              #: a sample id, or UPLOADED for the user's own file
UPLOAD_NAME = "upload_name"      #: file name of the last accepted upload
UPLOAD_DIGEST = "upload_digest"  #: sha256 of its bytes (held unmodified by ui.data.uploads)
UPLOAD_ERROR = "upload_error"    #: the LoadError that refused the last upload, or None
READ_OPTIONS = "read_options"    #: how to read the upload: {"encoding", "sheet", "header_row"}
TARGET = "target"                #: class column; None = the data set's default
TASK = "task"                    #: "classification" or "regression"; None = inferred from it
KINDS = "kinds"                  #: {column: Kind value} chosen over the inferred kinds
MISSING = "missing_markers"      #: cell texts read as missing (tuple of str)
UNLABELLED = "leave_out_unlabelled"  #: the target whose rows without a value the user left out
ALGORITHM = "algorithm"          #: "id3", "c45" or "cart"
CRITERION = "criterion"          #: None = the algorithm's own criterion
PRESENTATION = "presentation"    #: larger fonts for a projector
# the validation split shared by the Pruning lab, Compare and Predict pages (see ui.models.split)
SPLIT_MODE = "split_mode"        #: "random", "rows" (row numbers, as on Grow) or "upload"
SPLIT_RATIO = "split_ratio"      #: share of rows held out for validation (mode "random")
SPLIT_SEED = "split_seed"        #: seed of the random split
SPLIT_STRATIFIED = "split_stratified"  #: keep class shares in both parts
VALIDATION_NAME = "validation_name"    #: file name of a separate validation upload
VALIDATION_BYTES = "validation_bytes"  #: its bytes, unmodified

#: The DATASET value of an uploaded file.
UPLOADED = "upload"
#: Key of the file uploader widget (its value is gone after a page switch; see take_upload).
UPLOADER = "w_upload"

DEFAULTS: dict[str, Any] = {
    LANGUAGE: "en",
    DATASET: DEFAULT_SAMPLE,
    UPLOAD_NAME: None,
    UPLOAD_DIGEST: None,
    UPLOAD_ERROR: None,
    READ_OPTIONS: {},
    TARGET: SAMPLES[DEFAULT_SAMPLE].target,
    TASK: None,
    KINDS: {name: Kind.IGNORED.value for name in SAMPLES[DEFAULT_SAMPLE].ignored},
    MISSING: DEFAULT_MISSING,
    UNLABELLED: None,
    ALGORITHM: "cart",
    CRITERION: None,
    PRESENTATION: False,
    SPLIT_MODE: "random",
    SPLIT_RATIO: 0.3,
    SPLIT_SEED: 0,
    SPLIT_STRATIFIED: True,
    VALIDATION_NAME: None,
    VALIDATION_BYTES: None,
}


def ensure_defaults() -> None:
    """Give every plain key its default unless the session already has a value; if the
    server no longer holds the session's upload, say so before anything is drawn."""
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = dict(value) if isinstance(value, dict) else value
    if st.session_state[DATASET] == UPLOADED and upload_bytes() is None:
        _upload_forgotten()


def widget(name: str, value: Any, setter: Callable[[Any], None] | None = None) -> dict:
    """Keyword arguments binding a widget to a choice that must survive page switches.

    The widget's key is ``"w_" + name``; it is seeded with ``value`` on every run, and on change
    ``setter(new_value)`` is called (default: store it under the plain key ``name``).
    Use as ``st.selectbox(label, options, **widget(TARGET, current_target(), set_target))``.
    """
    key = "w_" + name
    st.session_state[key] = value
    return {"key": key, "on_change": _on_change, "args": (key, name, setter)}


def labels(names: dict) -> Callable[[Any], str]:
    """A widget's ``format_func`` from a dict of option → label. A bound method pickles and a
    lambda would not, and session state must stay serialisable (``.streamlit/config.toml``)."""
    return names.__getitem__


def _on_change(key: str, name: str, setter: Callable[[Any], None] | None) -> None:
    value = st.session_state[key]
    if setter is None:
        st.session_state[name] = value
    else:
        setter(value)


# ------------------------------------------------------------------------------- choosing data
def use_sample(sample_id: str) -> None:
    """Switch to a bundled sample with its default target and ignored columns."""
    sample = SAMPLES[sample_id]
    st.session_state[DATASET] = sample_id
    st.session_state[TARGET] = sample.target
    st.session_state[TASK] = None
    st.session_state[KINDS] = {name: Kind.IGNORED.value for name in sample.ignored}
    st.session_state[UNLABELLED] = None
    st.session_state[UPLOAD_ERROR] = None


def use_dataset(dataset: str) -> None:
    """Switch to ``dataset``: a sample id, or UPLOADED for the last accepted upload."""
    if dataset == UPLOADED:
        st.session_state[DATASET] = UPLOADED
        st.session_state[TARGET] = None
        st.session_state[TASK] = None
        st.session_state[KINDS] = {}
        st.session_state[UNLABELLED] = None
        st.session_state[UPLOAD_ERROR] = None
    else:
        use_sample(dataset)


#: A reading progress for a file name: ``progress_for(name)(fraction, stage)`` shows how far
#: reading it has come (:data:`ui.data.loaders.STAGES`); the Data page passes a progress bar.
ProgressFor = Callable[[str], Callable[[float, str], None]]


def take_upload(progress_for: ProgressFor | None = None) -> None:
    """``on_change`` of the file uploader: keep the file if it reads as a table, else say why.

    A refused file leaves the current data set as it was.
    """
    uploaded = st.session_state.get(UPLOADER)
    if uploaded is None:
        return
    data = uploaded.getvalue()
    digest = hashlib.sha256(data).hexdigest()
    try:
        _read_upload(uploaded.name, digest, ReadOptions(), data,
                     None if progress_for is None else progress_for(uploaded.name))
    except LoadError as error:
        st.session_state[UPLOAD_ERROR] = error
        return
    _hold_upload(uploaded.name, data, digest, {})
    use_dataset(UPLOADED)


def _hold_upload(name: str, data: bytes, digest: str, options: dict) -> None:
    """Make an accepted upload the session's: the server's store holds it (:mod:`ui.data.uploads`;
    also for a reload or a shared link), the session its name, digest and reading options."""
    uploads.server_store().keep(digest, name, data, options)
    st.session_state[UPLOAD_NAME] = name
    st.session_state[UPLOAD_DIGEST] = digest
    st.session_state[READ_OPTIONS] = options


def upload_bytes() -> bytes | None:
    """The session's upload, unmodified; None without one, or when the server has forgotten
    it (it forgets only uploads nobody used for an hour, and only when its memory is full)."""
    kept = uploads.server_store().get(st.session_state[UPLOAD_DIGEST])
    return None if kept is None else kept.data


def reopen_upload(digest: str) -> bool:
    """Open again the upload with this digest, read as it was last read, if the server still
    keeps it (a reload, or a link someone shared); False when it does not."""
    kept = uploads.server_store().get(digest)
    if kept is None:
        return False
    _hold_upload(kept.name, kept.data, digest, kept.options)
    use_dataset(UPLOADED)
    return True


def read_options() -> ReadOptions:
    """How the upload is read: the user's choices, ``None`` where the loader detects."""
    return ReadOptions(**st.session_state[READ_OPTIONS])


def set_read_option(name: str, value: Any) -> None:
    """Read the upload again with option ``name`` (encoding, sheet, header_row) set to
    ``value``; if it cannot be read so, say why and keep the table as it was."""
    chosen = {**st.session_state[READ_OPTIONS], name: value}
    data = upload_bytes()
    if data is None:
        return _upload_forgotten()
    try:
        _read_upload(st.session_state[UPLOAD_NAME], st.session_state[UPLOAD_DIGEST],
                     ReadOptions(**chosen), data)
    except LoadError as error:
        st.session_state[UPLOAD_ERROR] = error
        return
    _hold_upload(st.session_state[UPLOAD_NAME], data, st.session_state[UPLOAD_DIGEST], chosen)
    st.session_state[UPLOAD_ERROR] = None


def set_encoding(encoding: str) -> None:
    """``on_change`` of the encoding choice ("" = detect)."""
    set_read_option("encoding", encoding or None)


def set_sheet(sheet: str) -> None:
    set_read_option("sheet", sheet)


def set_header_row(row: int | None) -> None:
    """``on_change`` of the header row (None = detect)."""
    set_read_option("header_row", None if row is None else int(row))


def dataset_options() -> list[str]:
    """The data sets the user can pick: the upload (when there is one), then every sample."""
    upload = [UPLOADED] if st.session_state[UPLOAD_DIGEST] is not None else []
    return upload + list(SAMPLES)


def dataset_label(dataset: str | None = None) -> str:
    """Display name of ``dataset`` (default: the current one) in the session's language;
    an upload is its file name after a paper clip."""
    dataset = st.session_state[DATASET] if dataset is None else dataset
    if dataset == UPLOADED:
        return "📎 " + st.session_state[UPLOAD_NAME]
    return SAMPLES[dataset].name(st.session_state[LANGUAGE])


# ------------------------------------------------------------------------------- the table
@st.cache_resource(show_spinner=False, max_entries=8)
def _table_slot(name: str, digest: str, options: ReadOptions) -> dict:
    """Where the table read from one upload with these options is kept: cached on the file
    name, the bytes' hash (not the bytes themselves) and the options; filled by
    :func:`_read_upload`, outside the cache, so reading may draw its progress bar."""
    return {}


def _read_upload(name: str, digest: str, options: ReadOptions, data: bytes,
                 progress: Callable[[float, str], None] | None = None) -> LoadedTable:
    """``read_table`` of an upload, once per upload and options (:func:`_table_slot`).

    A shared resource, not data: every caller gets the same table, which nobody may modify.
    As data, each of the dozen calls of a page run unpickled a copy of it (at 100k rows, 2 ms
    each)."""
    slot = _table_slot(name, digest, options)
    if "table" not in slot:
        slot["table"] = read_table(name, data, options, progress)
    return slot["table"]


@st.cache_resource(show_spinner=False, max_entries=32)
def _read_sample(sample_id: str) -> LoadedTable:
    """A bundled sample as loaded (a shared resource, like :func:`_read_upload`)."""
    return load_sample(sample_id)


def current_table() -> LoadedTable:
    """The current data set as loaded (frame, encoding, delimiter, notes)."""
    if st.session_state[DATASET] == UPLOADED:
        data = upload_bytes()
        if data is not None:
            return _read_upload(st.session_state[UPLOAD_NAME], st.session_state[UPLOAD_DIGEST],
                                read_options(), data)
        _upload_forgotten()
    return _read_sample(st.session_state[DATASET])


def _upload_forgotten() -> None:
    """The server no longer holds the session's upload: back to the first sample, and the
    Data page says why and asks for the file again."""
    st.session_state[UPLOAD_DIGEST] = None
    use_sample(DEFAULT_SAMPLE)
    st.session_state[UPLOAD_ERROR] = LoadError(
        "The uploaded table is no longer held by the server (it keeps uploads nobody has used "
        "for an hour only while it has memory to spare). Upload the file again.",
        code="upload_gone")


def current_frame() -> pd.DataFrame:
    """The raw DataFrame of the current data set, as loaded (before any encoding)."""
    return current_table().frame


def source_key() -> str:
    """What the session's table was read from (a sample id, or the upload's digest and reading
    options): the cache key of everything computed from it."""
    dataset = st.session_state[DATASET]
    if dataset != UPLOADED:
        return dataset
    return f"upload:{st.session_state[UPLOAD_DIGEST]}:{read_options()!r}"
