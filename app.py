"""Tree Explorer: the router. Reads the link it was opened with, registers every page, draws
the shared sidebar, runs the page, and writes the view back into the address bar."""

import streamlit as st

from ui import preload, share, sidebar, state
from ui.i18n import t

st.set_page_config(page_title="Tree Explorer", page_icon="🌳", layout="wide")
preload.start()
state.ensure_defaults()
share.read_link_once()

page = st.navigation([
    st.Page("pages/home.py", title=t("nav.home"), icon="🏠", default=True),
    st.Page("pages/data.py", title=t("nav.data"), icon="📄"),
    st.Page("pages/grow.py", title=t("nav.grow"), icon="🌱"),
    st.Page("pages/concepts.py", title=t("nav.concepts"), icon="💡"),
    st.Page("pages/prune.py", title=t("nav.prune"), icon="✂️"),
    st.Page("pages/compare.py", title=t("nav.compare"), icon="⚖️"),
    st.Page("pages/ensembles.py", title=t("nav.ensembles"), icon="🌲"),
    st.Page("pages/predict.py", title=t("nav.predict"), icon="🔮"),
])
sidebar.render()
try:
    page.run()
finally:                # also when the page stops early (st.stop) or asks for a rerun
    share.write_link()
