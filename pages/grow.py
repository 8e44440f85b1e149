"""Grow page (placeholder; the real page grows and shows the tree)."""

import streamlit as st

from ui import state
from ui.i18n import t

state.ensure_defaults()
st.title("🌱 " + t("grow.title"))
