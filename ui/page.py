"""What the tree pages do first: get the session's data set, or say what is wrong with it."""

from __future__ import annotations

import streamlit as st

from treecore import Dataset

from . import growth, limits, state
from .i18n import error_text, t


def dataset_or_stop() -> Dataset:
    """The session's Dataset; without one, an error box saying why, and the page stops here."""
    dataset, error = state.current_dataset()
    if dataset is None:
        st.error(t("grow.no_data", message=error_text(error)), icon="⚠️")
        st.stop()
    return dataset


def classification_only(dataset: Dataset) -> None:
    """On a page that so far shows classification trees only: for a regression data set, say
    so and where its tree can be seen, and stop the page here."""
    if dataset.is_regression:
        st.info(t("regression.classification_only"), icon="ℹ️")
        st.stop()


def deadline_notice(steps: int, key: str) -> None:
    """The note on a tree stopped at the fit deadline, with its "Grow again" button."""
    st.warning(t("limits.deadline", seconds=f"{limits.FIT_DEADLINE_SECONDS:.0f}", steps=steps),
               icon="⏱️")
    st.button(t("limits.retry"), key=key, icon="🔁", on_click=growth.ask_retry)
