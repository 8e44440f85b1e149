"""Predict & export: classify uploaded rows (missing values included) with a chosen tree,
explain one row's path, and download the tree as rules, Python, SQL, JSON, DOT, SVG or PNG.

The tree is the Grow page's, the Pruning lab's post-pruned tree, or a model file (JSON) loaded
here, e.g. one downloaded from this page before. A download reruns nothing: every file is
made when asked for (a rerun still running when the next button is clicked would have replaced
the file that button asks for), and no rerun pays for writing files nobody asked for.
"""

import functools

import streamlit as st

from treecore import ConfigError
from treecore.errors import DataError
from treecore.tree.flow import row_flow
from ui import page, state
from ui.data import choices
from ui.data.loaders import ACCEPTED_TYPES, LoadError
from ui.i18n import error_text, for_task, t
from ui.models import growth, split, predict_export as pe, pruning_lab as lab
from ui.plain import plain
from ui.views import flow_view

pe.ensure_defaults()
S = st.session_state


st.title("🔮 " + t("predict.title"))
dataset, data_error = choices.current_dataset()


# ================================================================ which tree
def tree_from_session():
    """(tree, description) of the chosen source, or (None, error message)."""
    source = S[pe.SOURCE]
    if source == "model":
        if S[pe.MODEL_JSON] is None:
            return None, t("predict.no_model")
        return pe.loaded_model(), t("predict.from_model", name=S[pe.MODEL_NAME])
    if dataset is None:
        return None, t("grow.no_data", message=error_text(data_error))
    params, force = growth.params_from_session(), S[growth.FORCE]
    if source == "grow":
        train, _, _ = growth.training_split(dataset)
        return growth.cached_fit(train, params, force).tree, t("predict.from_grow")
    chosen = split.current_split(dataset)
    method = lab.current(lab.METHOD, lab.methods_for(dataset))
    unpruned = lab.unpruned_tree(chosen.train, params, force)
    pruned = lab.cached_post_prune(method, unpruned, chosen.train, chosen.validation,
                                   lab.options_from_session(), lab.unpruned_params(params), force)
    if pruned.tree is None:
        return None, t("lab.needs_validation")
    return pruned.tree, t("predict.from_lab", method=t(f"method.{method}"))


source_col, model_col = st.columns([2, 3])
with source_col:
    st.radio(t("predict.source"), pe.SOURCES,
             format_func=state.labels({s: t(f"predict.source_{s}") for s in pe.SOURCES}),
             **state.widget(pe.SOURCE, S[pe.SOURCE]))
with model_col:
    st.file_uploader(t("predict.model_upload"), type=["json"], key=pe.MODEL_UPLOADER,
                     on_change=pe.take_model)
    if S[pe.MODEL_ERROR]:
        st.error(plain(t("predict.bad_model", message=error_text(S[pe.MODEL_ERROR]))), icon="⚠️")

try:
    with st.spinner(t("grow.growing")):
        tree, about = tree_from_session()
except (ConfigError, DataError) as error:
    tree, about = None, error_text(error)
if tree is None:
    st.error(plain(about), icon="⚠️")
    st.stop()
st.caption(plain(t("predict.tree_caption", about=about, leaves=tree.n_leaves, depth=tree.depth,
                   target=tree.schema.target,
                   classes=", ".join(map(str, tree.classes)) or t("regression.a_number"))))


# ================================================================ rows and predictions
task = "regression" if tree.is_regression else "classification"
st.subheader("📥 " + t(for_task("predict.rows", task)))
upload_col, clear_col = st.columns([4, 1], vertical_alignment="bottom")
upload_col.file_uploader(t(for_task("predict.rows_upload", task)), type=list(ACCEPTED_TYPES),
                         key=pe.ROWS_UPLOADER, on_change=pe.take_rows)
clear_col.button(t("predict.use_dataset"), key="predict.clear_rows", icon="↩️",
                 on_click=pe.clear_rows, disabled=S[pe.ROWS_BYTES] is None)


def rows_frame():
    """(the rows to predict, their name, their key): the upload, else the current data set's
    table."""
    if S[pe.ROWS_BYTES] is not None:
        frame, key = pe.uploaded_rows()
        return frame, "📎 " + S[pe.ROWS_NAME], key
    return state.current_frame(), state.dataset_label(), state.source_key()


try:
    frame, frame_name, rows_key = rows_frame()
    result = pe.cached_predictions(tree, frame, rows_key)
except (LoadError, DataError) as error:
    st.error(plain(t(for_task("predict.bad_rows", task), message=error_text(error))), icon="⚠️")
    result = None
if result is not None:
    st.caption(plain(t(for_task("predict.rows_caption", task), rows=f"{len(result):,}",
                       name=frame_name, target=tree.schema.target)))
    page.user_rows(result.head(1000), "predict.table", hide_index=True)
    st.download_button(t("predict.download_predictions"),
                       functools.partial(pe.predictions_csv, result),
                       file_name="predictions.csv", mime="text/csv", icon="⬇️",
                       key="predict.download_csv", help=t("predict.download_formulas"),
                       on_click="ignore")

    st.subheader("🧭 " + t("predict.path"))
    number = st.number_input(t("predict.row"), min_value=1, max_value=len(frame), step=1,
                             **state.widget(pe.ROW, min(int(S[pe.ROW]), len(frame))))
    raw = {name: value for name, value in frame.iloc[int(number) - 1].items()}
    flow = row_flow(tree, pe.encode_row(tree, raw))
    path = pe.explain(tree, flow, raw)
    st.dataframe(path, hide_index=True, key="predict.path", column_config={
        "node": st.column_config.NumberColumn(t("predict.node")),
        "depth": st.column_config.NumberColumn(t("col.depth")),
        "test": st.column_config.TextColumn(t("predict.test")),
        "value": st.column_config.TextColumn(t("predict.value")),
        "weight": st.column_config.NumberColumn(t("col.weight"), format="%.4f"),
        "split": st.column_config.CheckboxColumn(t("predict.split")),
        "outcome": st.column_config.TextColumn(t("predict.outcome"))})
    if path["split"].any():
        st.caption(t(for_task("predict.path_split", task)))
    with st.expander("💧 " + t("flow.predict"), expanded=bool(path["split"].any())):
        flow_view.show_row_flow(tree, flow, "predict.flow")


# ================================================================ downloads
st.subheader("📦 " + t("predict.downloads"))
dot_labels = {"samples": t("grow.dot_samples")}
files = pe.text_downloads(tree, dot_labels)
columns = [column for row in range(2) for column in st.columns(4)]
for column, (name, (write, mime)) in zip(columns, files.items()):
    column.download_button(name, write, file_name=name, mime=mime, icon="⬇️",
                           key=f"predict.download.{name}", width="stretch", on_click="ignore")
if tree.n_nodes > pe.RENDER_LIMIT:
    st.info(t("predict.too_large", nodes=tree.n_nodes, limit=pe.RENDER_LIMIT), icon="ℹ️")
elif not pe.can_render():
    st.error(t("predict.render_failed", message=pe.NO_GRAPHVIZ), icon="⚠️")
else:
    for column, fmt, mime in ((columns[len(files)], "svg", "image/svg+xml"),
                              (columns[len(files) + 1], "png", "image/png")):
        column.download_button(f"tree.{fmt}", functools.partial(pe.render, tree, dot_labels, fmt),
                               file_name=f"tree.{fmt}", mime=mime, icon="🖼️",
                               key=f"predict.download.{fmt}", width="stretch", on_click="ignore")
st.caption(t(for_task("predict.sql_note", task)))
