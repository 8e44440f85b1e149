"""What the tree pages do first: get the session's data set, or say what is wrong with it."""

from __future__ import annotations

from typing import Callable, Mapping

import pandas as pd
import streamlit as st

from treecore import Dataset

from . import growth, limits, scores, state
from .i18n import error_text, t


def dataset_or_stop() -> Dataset:
    """The session's Dataset; without one, an error box saying why, and the page stops here."""
    dataset, error = state.current_dataset()
    if dataset is None:
        st.error(t("grow.no_data", message=error_text(error)), icon="⚠️")
        st.stop()
    return dataset


def deadline_notice(steps: int, key: str) -> None:
    """The note on a tree stopped at the fit deadline, with its "Grow again" button."""
    st.warning(t("limits.deadline", seconds=f"{limits.FIT_DEADLINE_SECONDS:.0f}", steps=steps),
               icon="⏱️")
    st.button(t("limits.retry"), key=key, icon="🔁", on_click=growth.ask_retry)


def score_table(table: pd.DataFrame, judged: scores.Judging, key: str, **more_columns) -> None:
    """A comparison table (:func:`ui.scores.comparison`): the tree, its scores as they print,
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
