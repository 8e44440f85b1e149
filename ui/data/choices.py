"""The choices made on the session's table: its target and the kind of tree it asks for, the
missing-value markers, each column's kind, and the table encoded with them as a
:class:`~treecore.data.Dataset`. Everything read from the table is cached on its source
(:func:`ui.state.source_key`) and the choices, never on the frame itself: at a million rows
hashing it would cost more than the work."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from treecore.data import (Dataset, Kind, KindGuess, guess_kinds, infer_task, known_targets,
                           marker_classes)
from treecore.errors import DataError

from ui import state
from ui.data import summary


def current_target() -> str:
    """The class column: the chosen one if it is a column of the table, else the last column."""
    columns = [str(c) for c in state.current_frame().columns]
    chosen = st.session_state[state.TARGET]
    return chosen if chosen in columns else columns[-1]


def set_target(target: str) -> None:
    """Choose the target column; what kind of tree it asks for is inferred again, and whether
    to leave out rows without a target value is asked again."""
    st.session_state[state.TARGET] = target
    st.session_state[state.TASK] = None
    st.session_state[state.UNLABELLED] = None


@st.cache_data(show_spinner=False, max_entries=16)
def _inferred_task(source: str, target: str, missing: tuple[str, ...], _frame: pd.DataFrame
                   ) -> str:
    """``infer_task`` of the target column, cached on the source and the choices."""
    return infer_task(_frame[target], missing)


def inferred_task() -> str:
    """The kind of tree the target's values ask for (:func:`treecore.data.infer_task`)."""
    return _inferred_task(state.source_key(), current_target(), missing_markers(),
                          state.current_frame())


def current_task() -> str:
    """``"classification"`` or ``"regression"``: the user's choice, else the inferred one."""
    return st.session_state[state.TASK] or inferred_task()


def set_task(task: str) -> None:
    st.session_state[state.TASK] = task


def missing_markers() -> tuple[str, ...]:
    return tuple(st.session_state[state.MISSING])


def set_missing_text(text: str) -> None:
    """Store the markers typed as a comma-separated list (an empty cell is always missing)."""
    markers = [m.strip() for m in text.split(",") if m.strip()]
    st.session_state[state.MISSING] = ("",) + tuple(dict.fromkeys(markers))


@st.cache_data(show_spinner=False, max_entries=16)
def _marker_classes(source: str, target: str, missing: tuple[str, ...], _frame: pd.DataFrame
                    ) -> dict[str, int]:
    return marker_classes(_frame[target], missing)


def target_marker_classes() -> dict[str, int]:
    """Values of the class column that look like missing-value markers but occur as often as
    a class, so they are read as classes (:func:`treecore.data.marker_classes`); cached
    on the source and the choices."""
    return _marker_classes(state.source_key(), current_target(), missing_markers(),
                           state.current_frame())


@st.cache_data(show_spinner=False, max_entries=16)
def _column_summary(source: str, target: str, missing: tuple[str, ...],
                    kinds: tuple[tuple[str, str], ...], _frame: pd.DataFrame) -> pd.DataFrame:
    return summary.column_summary(_frame, dict(kinds), missing, target)


def column_summary(kind_labels: dict[str, str]) -> pd.DataFrame:
    """The Data page's per-column summary (:func:`ui.data.summary.column_summary`) with the kinds
    labelled by ``kind_labels``, computed once per table and choices: it reads every cell,
    which at a million rows takes seconds, and the page reruns on every click."""
    return _column_summary(state.source_key(), current_target(), missing_markers(),
                           tuple(kind_labels.items()), state.current_frame())


def missing_text() -> str:
    """The markers as the text input shows them."""
    return ", ".join(m for m in missing_markers() if m)


@st.cache_data(show_spinner=False, max_entries=16)
def _guessed_kinds(source: str, target: str, missing: tuple[str, ...], _frame: pd.DataFrame
                   ) -> dict[str, KindGuess]:
    """``guess_kinds``, cached on the source and the choices it depends on (the frame is not
    hashed): it reads every column, and every page asks on every rerun."""
    return guess_kinds(_frame, target, missing=missing)


def _guesses() -> dict[str, KindGuess]:
    return _guessed_kinds(state.source_key(), current_target(), missing_markers(),
                          state.current_frame())


def inferred_kinds() -> dict[str, Kind]:
    """The kind of each column of the session's table, as inferred from its values."""
    return {name: guess.kind for name, guess in _guesses().items()}


def guessed_ignored() -> dict[str, str]:
    """The ignored columns guessed to be no attribute of their rows, each with the reason
    (:data:`treecore.data.IGNORE_REASONS`)."""
    kinds = effective_kinds()
    return {str(name): guess.reason for name, guess in _guesses().items()
            if guess.reason and kinds[name] is Kind.IGNORED}


def effective_kinds() -> dict[str, Kind]:
    """Each column's kind: the user's choice where there is one, else the inferred kind."""
    kinds = inferred_kinds()
    chosen = st.session_state[state.KINDS]
    return {name: Kind(chosen.get(str(name), kind)) for name, kind in kinds.items()}


def feature_columns() -> list[str]:
    """Every column except the target (whatever its kind)."""
    target = current_target()
    return [str(c) for c in state.current_frame().columns if str(c) != target]


def columns_of_kind(kind: Kind) -> list[str]:
    """The feature columns of ``kind``, in table order."""
    kinds = effective_kinds()
    return [name for name in feature_columns() if kinds[name] is kind]


def set_ignored(names: list[str]) -> None:
    """Ignore exactly ``names``; a column no longer ignored becomes nominal unless it was
    continuous by inference."""
    inferred = inferred_kinds()
    chosen = dict(st.session_state[state.KINDS])
    for name in feature_columns():
        if name in names:
            chosen[name] = Kind.IGNORED.value
        elif Kind(chosen.get(name, inferred[name])) is Kind.IGNORED:
            chosen[name] = (Kind.CONTINUOUS if inferred[name] is Kind.CONTINUOUS
                            else Kind.NOMINAL).value
    st.session_state[state.KINDS] = chosen


def set_continuous(names: list[str]) -> None:
    """Make ``names`` continuous and every other used feature nominal."""
    kinds = effective_kinds()
    chosen = dict(st.session_state[state.KINDS])
    for name in feature_columns():
        if kinds[name] is not Kind.IGNORED:
            chosen[name] = (Kind.CONTINUOUS if name in names else Kind.NOMINAL).value
    st.session_state[state.KINDS] = chosen


# ------------------------------------------------------------------------ rows without a target
@st.cache_data(show_spinner=False, max_entries=16)
def _unlabelled(source: str, target: str, missing: tuple[str, ...], task: str,
                _frame: pd.DataFrame) -> np.ndarray:
    """True for each row whose target is missing (:func:`treecore.data.known_targets`)."""
    return ~known_targets(_frame[target], frozenset(m.strip() for m in missing), task)


def unlabelled_mask() -> np.ndarray:
    """Which rows of the table have no value in the target column."""
    return _unlabelled(state.source_key(), current_target(), missing_markers(), current_task(),
                       state.current_frame())


def unlabelled_rows() -> np.ndarray:
    """The row numbers (as the preview and every message give them) of the rows with no
    value in the target column."""
    numbers = state.current_table().row_numbers
    unlabelled = unlabelled_mask()
    return (np.flatnonzero(unlabelled) + 1 if numbers is None
            else np.asarray(numbers)[unlabelled])


def leaving_out_unlabelled() -> bool:
    """Whether rows without a target value are left out: the table has some, and the user
    chose to grow without them (for the current target: choosing another asks again)."""
    return (st.session_state[state.UNLABELLED] == current_target()
            and bool(unlabelled_mask().any()))


def leave_out_unlabelled(leave_out: bool) -> None:
    st.session_state[state.UNLABELLED] = current_target() if leave_out else None


# ------------------------------------------------------------------------------- the Dataset
@st.cache_resource(show_spinner=False, max_entries=16)
def _build_dataset(source: str, target: str, kinds: tuple[tuple[str, str], ...],
                   missing: tuple[str, ...], task: str, leave_out: bool, _frame: pd.DataFrame,
                   _row_numbers=None, _unlabelled=None
                   ) -> tuple[Dataset | None, DataError | None]:
    """``Dataset.from_frame``, cached on the source and the choices (the frame is not hashed);
    with ``leave_out``, of the rows not marked in ``_unlabelled``, each keeping its number.

    A resource, not data: every rerun gets the same immutable Dataset object, so its
    fingerprint (the key of every fit) is computed once, not hashed again on each step."""
    if leave_out:
        numbers = (np.arange(1, len(_frame) + 1) if _row_numbers is None
                   else np.asarray(_row_numbers))
        _frame, _row_numbers = _frame[~_unlabelled], numbers[~_unlabelled]
    try:
        return Dataset.from_frame(_frame, target, kinds=dict(kinds), missing=missing,
                                  task=task, row_numbers=_row_numbers), None
    except DataError as error:
        return None, error


def current_dataset() -> tuple[Dataset | None, DataError | None]:
    """The session's table encoded with its target, task, kinds and missing markers:
    ``(dataset, None)``, or ``(None, error)`` saying what is wrong with the data (shown with
    :func:`ui.i18n.error_text`)."""
    frame = state.current_frame()
    columns = {str(c) for c in frame.columns}
    kinds = tuple(sorted((name, kind.value) for name, kind in effective_kinds().items()
                         if name in columns))
    leave_out = leaving_out_unlabelled()
    return _build_dataset(state.source_key(), current_target(), kinds, missing_markers(),
                          current_task(), leave_out, frame, state.current_table().row_numbers,
                          unlabelled_mask() if leave_out else None)
