"""What the pages share: the session's data set (or what is wrong with it), the notes on a fit's
progress and deadline, and the tables and tabs several pages draw alike."""

from __future__ import annotations

from typing import Callable, Mapping

import pandas as pd
import streamlit as st

from treecore import Dataset

from ui import limits
from ui.data import choices
from ui.i18n import error_text, t
from ui.models import growth, scores


def dataset_or_stop() -> Dataset:
    """The session's Dataset; without one, an error box saying why, and the page stops here."""
    dataset, error = choices.current_dataset()
    if dataset is None:
        st.error(t("grow.no_data", message=error_text(error)), icon="⚠️")
        st.stop()
    return dataset


def reading_progress(name: str) -> Callable[[float, str], None]:
    """A progress bar for reading the file ``name``, and what moves it stage by stage
    (:data:`ui.data.loaders.STAGES`), gone when reading is done; given to
    :func:`ui.state.take_upload`."""
    bar = st.progress(0.0, text=t("data.reading.decode", name=name))

    def move(fraction: float, stage: str) -> None:
        if stage == "done":
            bar.empty()
        else:
            bar.progress(fraction, text=t(f"data.reading.{stage}", name=name))
    return move


def fit_progress(expected_seconds: float) -> tuple[Callable[[float], None], Callable[[], None]]:
    """A progress bar for a fit expected to take ``expected_seconds`` (:func:`ui.limits.
    fit_estimate_seconds`): ``(on_tick, done)``, ``on_tick(seconds)`` moving it (at most ten
    times a second) and ``done()`` removing it. A fit expected to take under a second gets
    none: a bar that flashes by tells nothing."""
    if expected_seconds < 1.0:
        return (lambda seconds: None), (lambda: None)
    bar, shown = st.empty(), [-1.0]

    def on_tick(seconds: float) -> None:
        if seconds - shown[0] >= 0.1:
            shown[0] = seconds
            bar.progress(min(seconds / expected_seconds, 0.99),
                         text=t("grow.growing_for", seconds=f"{seconds:.0f}",
                                expected=f"{expected_seconds:.0f}"))
    return on_tick, bar.empty


def deadline_notice(steps: int, key: str) -> None:
    """The note on a tree stopped at the fit deadline, with its "Grow again" button."""
    st.warning(t("limits.deadline", seconds=f"{limits.FIT_DEADLINE_SECONDS:.0f}", steps=steps),
               icon="⏱️")
    st.button(t("limits.retry"), key=key, icon="🔁", on_click=growth.ask_retry)


def score_table(table: pd.DataFrame, judged: scores.Judging, key: str, **more_columns) -> None:
    """A comparison table (:func:`ui.models.scores.comparison`): the tree, its scores as they print,
    leaves and depth, and ``more_columns`` (name → column config)."""
    columns = {"tree": st.column_config.TextColumn(t("col.tree"))}
    for score in judged.scores:
        for part, label in zip(scores.PARTS, score.labels):
            columns[f"{part}_{score.name}"] = st.column_config.TextColumn(t(label))
    columns |= {"leaves": st.column_config.NumberColumn(t("col.leaves")),
                "depth": st.column_config.NumberColumn(t("col.depth")), **more_columns}
    st.dataframe(scores.shown(table, judged), hide_index=True, key=key, column_config=columns)


def lazy_tabs(tabs: Mapping[str, Callable[[], None]], key: str) -> None:
    """Tabs of which only the open one runs (``st.tabs(on_change="rerun")``), so a click pays
    for what is on screen, not for every tab; ``tabs`` maps each label to what draws it."""
    for tab, draw in zip(st.tabs(list(tabs), key=key, on_change="rerun"), tabs.values()):
        if tab.open:
            with tab:
                draw()


def user_rows(frame: pd.DataFrame, key: str, **options) -> None:
    """Rows of the user's table as they wrote them: a column of dates with no time of day (a
    spreadsheet's date cells, read as midnight) shows ``2024-01-01``, not ``2024-01-01
    00:00:00``; ``options`` go to ``st.dataframe``."""
    dates = {}
    for name in frame.columns:
        if not pd.api.types.is_datetime64_any_dtype(frame[name]):
            continue
        known = frame[name].dropna()
        if (known == known.dt.normalize()).all():
            dates[name] = st.column_config.DatetimeColumn(format="YYYY-MM-DD")
    st.dataframe(frame, key=key, column_config=dates, **options)
