"""Home: what the app does, and one click to start on a textbook example."""

import streamlit as st

from ui import state
from ui.data.samples import SAMPLES
from ui.i18n import t

#: The samples offered as one-click starts, in the order of the books.
STARTERS = ("watermelon2.0", "watermelon3.0", "watermelon2.0alpha", "lihang_loan",
            "lihang_regression")

state.ensure_defaults()
lang = st.session_state[state.LANGUAGE]

st.title("🌳 " + t("app.title"))
st.markdown(f"**{t('home.tagline')}**")
st.markdown(t("home.what"))

st.subheader(t("home.start"))
columns = st.columns(2)
for position, sample_id in enumerate(STARTERS):
    column = columns[position % 2]
    if column.button(SAMPLES[sample_id].name(lang), key=f"home.start.{sample_id}",
                     icon="🌱", width="stretch"):
        state.use_sample(sample_id)
        st.switch_page("pages/grow.py")

st.subheader(t("home.own_data"))
if st.button(t("home.to_data"), key="home.to_data", icon="📄"):
    st.switch_page("pages/data.py")
