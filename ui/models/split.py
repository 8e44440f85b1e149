"""The training / validation split shared by the Pruning lab, Compare and Predict pages.

Three ways to choose the validation rows (:data:`MODES`): a seeded random share (stratified or
not), row numbers typed as on the Grow page (the same session value, so Zhou's Table 4.2 split
chosen there holds here too), or a separate uploaded file. :func:`make_split` is a pure function
of the Dataset and those choices; :func:`current_split` reads them from the session.

>>> import pandas as pd
>>> from treecore import Dataset
>>> data = Dataset.from_frame(pd.DataFrame({"x": list("aabbaabbab"), "y": list("0011001101")}), "y")
>>> split = make_split(data, "random", ratio=0.3, seed=1)
>>> split.train.n_rows, split.validation.n_rows, split.error
(6, 4, None)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np
import streamlit as st

from treecore import Dataset
from treecore.errors import TreecoreError
from treecore.measures.evaluate import labelled, stratified_split

from ui import state
from ui.data.loaders import LoadError, read_table
from ui.models import growth
from ui.notice import Notice

MODES = ("random", "rows", "upload")


@dataclass(frozen=True, eq=False)
class Split:
    """Training rows, validation rows (None when there are none) and why the choice failed:
    a coded :class:`~ui.notice.Notice`, or the error of an uploaded validation table (both
    shown with :func:`ui.i18n.error_text`)."""

    train: Dataset
    validation: Dataset | None
    error: Notice | LoadError | TreecoreError | None = None


def random_split(dataset: Dataset, ratio: float, seed: int, stratified: bool = True) -> Split:
    """Hold out ``ratio`` of the rows, per class when ``stratified``, by a seeded shuffle (a
    regression target has no classes: its rows are shuffled as a whole)."""
    if not 0 < ratio < 1:
        return Split(dataset, None, Notice(f"the validation share must be between 0 and 1, "
                                           f"not {ratio}", "split_share", {"ratio": ratio}))
    if stratified and not dataset.is_regression:
        train, val = stratified_split(dataset.y, validation_size=ratio, seed=seed)
    else:
        order = np.random.default_rng(seed).permutation(dataset.n_rows)
        take = min(max(int(round(ratio * dataset.n_rows)), 1), dataset.n_rows - 1)
        val, train = np.sort(order[:take]), np.sort(order[take:])
    if len(val) == 0:
        return Split(dataset, None, Notice("too few rows to hold any out for validation",
                                           "split_too_few"))
    return Split(dataset.subset(train), dataset.subset(val))


def rows_split(dataset: Dataset, text: str) -> Split:
    """Hold out the rows whose numbers are typed in ``text`` (e.g. ``"4, 5, 8-9"``)."""
    try:
        rows = growth.parse_rows(text)
    except ValueError as error:
        return Split(dataset, None, Notice(f"{error} is not a row number or a range such as 8-9",
                                           "split_bad_rows", {"part": str(error)}))
    train, validation = growth.split_rows(dataset, rows)
    if validation is None:
        return Split(dataset, None, Notice("none of these row numbers is in the data",
                                           "split_no_rows"))
    if train.n_rows == 0:
        return Split(dataset, None, Notice("every row is held out: no training rows are left",
                                           "split_all_held"))
    return Split(train, validation)


def upload_split(dataset: Dataset, name: str | None, data: bytes | None) -> Split:
    """Train on all of ``dataset``; validate on the uploaded table (same columns and classes),
    read with the data set's own missing-value markers."""
    if data is None:
        return Split(dataset, None, Notice("upload a validation table with the same columns",
                                           "split_no_upload"))
    try:
        frame = read_table(name, data).frame
        target = dataset.schema.target
        if target not in frame.columns:
            return Split(dataset, None, Notice(f"the validation table has no class column "
                                               f"{target!r}", "split_no_target",
                                               {"column": target}))
        X = dataset.schema.encode(frame)
        validation = labelled(dataset.schema, X, frame[target].tolist())
    except (LoadError, TreecoreError) as error:
        return Split(dataset, None, error)
    return Split(dataset, validation)


def make_split(dataset: Dataset, mode: str, *, ratio: float = 0.3, seed: int = 0,
               stratified: bool = True, rows: str = "", upload_name: str | None = None,
               upload: bytes | None = None) -> Split:
    """The split chosen by ``mode`` (one of :data:`MODES`)."""
    if mode == "rows":
        return rows_split(dataset, rows)
    if mode == "upload":
        return upload_split(dataset, upload_name, upload)
    return random_split(dataset, ratio, seed, stratified)


@st.cache_resource(show_spinner=False, max_entries=16)
def _cached_split(fingerprint: str, choice: tuple, _dataset: Dataset, _upload: bytes | None
                  ) -> Split:
    mode, ratio, seed, stratified, rows, name, digest = choice
    return make_split(_dataset, mode, ratio=ratio, seed=seed, stratified=stratified, rows=rows,
                      upload_name=name, upload=_upload)


def current_split(dataset: Dataset) -> Split:
    """The session's split of ``dataset``, cached on its fingerprint and the choices (the same
    Split object on every rerun, so the fits downstream are cache hits)."""
    s = st.session_state
    mode = s[state.SPLIT_MODE]
    upload = s[state.VALIDATION_BYTES] if mode == "upload" else None
    digest = None if upload is None else hashlib.sha256(upload).hexdigest()
    choice = (mode, float(s[state.SPLIT_RATIO]), int(s[state.SPLIT_SEED]),
              bool(s[state.SPLIT_STRATIFIED]), s.get(growth.VALIDATION_TEXT, ""),
              s[state.VALIDATION_NAME], digest)
    return _cached_split(dataset.fingerprint(), choice, dataset, upload)


def take_validation_upload() -> None:
    """``on_change`` of the validation uploader: keep the file's bytes (they survive page
    switches) and switch to mode "upload"."""
    uploaded = st.session_state.get(UPLOADER)
    if uploaded is None:
        return
    st.session_state[state.VALIDATION_NAME] = uploaded.name
    st.session_state[state.VALIDATION_BYTES] = uploaded.getvalue()
    st.session_state[state.SPLIT_MODE] = "upload"


#: Key of the validation file uploader widget.
UPLOADER = "w_validation_upload"
