"""The sidebar every page shares: language, presentation mode, current data set, algorithm."""

from __future__ import annotations

import streamlit as st

from ui import share, state
from ui.i18n import LANGUAGES, t
from ui.models import growth
from ui.plain import plain

#: CSS injected in presentation mode: larger text everywhere, for a projector.
PRESENTATION_CSS = """
<style>
  html { font-size: 20px; }
  .stApp p, .stApp li, .stApp label, .stApp input, .stApp button { font-size: 1.15rem; }
  .stApp h1 { font-size: 2.6rem; }
  .stApp h2 { font-size: 2.0rem; }
  .stApp h3 { font-size: 1.6rem; }
</style>
"""


def render() -> None:
    """Draw the shared sidebar (called by app.py before the page runs)."""
    with st.sidebar:
        st.radio(t("sidebar.language"), list(LANGUAGES), format_func=LANGUAGES.__getitem__,
                 horizontal=True, **state.widget(state.LANGUAGE, st.session_state[state.LANGUAGE]))
        st.toggle(t("sidebar.presentation"), help=t("sidebar.presentation_help"),
                  **state.widget(state.PRESENTATION, st.session_state[state.PRESENTATION]))
        st.divider()
        _current_data()
        st.caption(t("sidebar.algorithm", name=t(f"algorithm.{growth.current_algorithm()}")))
        _link()
    if st.session_state[state.PRESENTATION]:
        st.markdown(PRESENTATION_CSS, unsafe_allow_html=True)


def _current_data() -> None:
    rows, columns = state.current_frame().shape
    st.caption(t("sidebar.dataset"))
    st.markdown(f"**{state.dataset_label()}**")
    st.caption(t("sidebar.shape", rows=f"{rows:,}", columns=columns))


def _link() -> None:
    """The view's address to copy (``st.code`` has a copy button), and what a link could not
    restore."""
    unused = st.session_state.get(share.UNUSED)
    if unused:
        st.warning("\n".join(f"- {plain(t(f'share.unused.{reason}', param=param, value=value))}"
                             for param, value, reason in unused), icon="🔗")
        st.button(t("share.dismiss"), key="share.dismiss", on_click=share.forget_unused)
    with st.expander("🔗 " + t("share.title")):
        st.code(share.link(), language=None, wrap_lines=True)
        st.caption(t("share.help"))
