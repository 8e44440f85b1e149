"""Data: choose or upload a table, look at it, say which column is the class and how to read
the others, and check that a tree can be grown from it; the first tree then starts growing
while the page is read (:mod:`ui.models.grow_ahead`)."""

import streamlit as st

from treecore.algorithms import TASKS
from treecore.data import Kind
from treecore.io import number_text
from ui import limits, page, state
from ui.data import choices
from ui.data.loaders import ACCEPTED_TYPES, ENCODINGS
from ui.data.summary import class_balance_figure, target_histogram
from ui.guards import level_messages
from ui.i18n import error_text, for_task, note_text, row_list, t
from ui.models.grow_ahead import grow_ahead
from ui.plain import plain, safe_figure

#: Rows shown in the preview.
PREVIEW_ROWS = 20

state.ensure_defaults()
st.title("📄 " + t("data.title"))

# ---------------------------------------------------------------- choose the data
st.subheader(t("data.choose"))
choose, upload = st.columns(2)
dataset_names = {dataset: state.dataset_label(dataset) for dataset in state.dataset_options()}
choose.selectbox(
    t("data.dataset"), list(dataset_names), format_func=dataset_names.__getitem__,
    **state.widget(state.DATASET, st.session_state[state.DATASET], state.use_dataset))
upload.file_uploader(t("data.upload"), type=list(ACCEPTED_TYPES), key=state.UPLOADER,
                     help=t("data.upload_help", limit=limits.MAX_UPLOAD_BYTES // 2**20,
                            rows=f"{limits.MAX_ROWS:,}"),
                     on_change=state.take_upload, args=(page.reading_progress,))
if st.session_state[state.UPLOAD_ERROR]:
    st.error(plain(t("data.upload_refused",
                     message=error_text(st.session_state[state.UPLOAD_ERROR]))), icon="🚫")

table = state.current_table()
frame = table.frame
for note in table.notes:
    st.info(plain(note_text(note)), icon="ℹ️")

# ---------------------------------------------------------------- how the upload is read
if st.session_state[state.DATASET] == state.UPLOADED:
    options = state.read_options()
    with st.expander(t("data.reading"), expanded=bool(table.notes)):
        encoding, sheet, header = st.columns(3)
        if table.encoding:
            encodings = {"": t("data.detect"), **{name: name for name in ENCODINGS}}
            encoding.selectbox(t("data.encoding"), list(encodings),
                               format_func=state.labels(encodings),
                               **state.widget("read_encoding", options.encoding or "",
                                              state.set_encoding))
        if len(table.sheets) > 1:
            sheet.selectbox(t("data.sheet"), list(table.sheets),
                            **state.widget("read_sheet", options.sheet or table.sheet,
                                           state.set_sheet))
        header.number_input(t("data.header_row"), min_value=1, step=1,
                            placeholder=t("data.detect"),
                            **state.widget("read_header", options.header_row,
                                           state.set_header_row))

# ---------------------------------------------------------------- preview
st.subheader(t("data.preview"))
if table.encoding:
    delimiter = "TAB" if table.delimiter == "\t" else f"“{table.delimiter}”"
    st.caption(t("data.read_as", encoding=table.encoding, delimiter=delimiter))
page.user_rows(frame.head(PREVIEW_ROWS), "data.preview", hide_index=True, height="content")
st.caption(t("data.preview_caption", shown=min(PREVIEW_ROWS, len(frame)), rows=f"{len(frame):,}"))

# ---------------------------------------------------------------- columns
st.subheader(t("data.columns"))
target = choices.current_target()
features = choices.feature_columns()
left, right = st.columns(2)
left.selectbox(t("data.target"), [str(c) for c in frame.columns],
               **state.widget(state.TARGET, target, choices.set_target))
right.text_input(t("data.missing"), **state.widget(state.MISSING, choices.missing_text(),
                                                   choices.set_missing_text))
left.multiselect(t("data.ignored"), features, help=t("data.ignored_help"),
                 **state.widget("ignored", choices.columns_of_kind(Kind.IGNORED),
                                choices.set_ignored))
right.multiselect(t("data.continuous"), features, help=t("data.continuous_help"),
                  **state.widget("continuous", choices.columns_of_kind(Kind.CONTINUOUS),
                                 choices.set_continuous))
guessed = choices.guessed_ignored()
if guessed:
    by_reason: dict[str, list[str]] = {}
    for name, reason in guessed.items():
        by_reason.setdefault(reason, []).append(f"“{name}”")
    reasons = "; ".join(t(f"ignored.{reason}", column=t("list.separator").join(names))
                        for reason, names in by_reason.items())
    st.info(plain(t("data.guessed_ignored", columns=reasons)), icon="ℹ️")

task = choices.current_task()
left.radio(t("data.task"), TASKS, horizontal=True,
           format_func=state.labels({name: t(f"task.{name}") for name in TASKS}),
           **state.widget(state.TASK, task, choices.set_task))
if task == "regression" and choices.inferred_task() == "regression":
    st.info(plain(t("data.task_assumed_regression", target=target)), icon="ℹ️")
if task == "classification":
    for value, count in choices.target_marker_classes().items():
        st.info(plain(t("data.marker_class", column=target, value=value, count=count)),
                icon="ℹ️")

kinds = {name: t(f"kind.{kind.value}") for name, kind in choices.effective_kinds().items()}
kinds[target] = t("kind.target")
summary, balance = st.columns([3, 2])
summary.markdown(f"**{t('data.summary')}**")
summary.dataframe(
    choices.column_summary(kinds), hide_index=True, key="data.summary",
    column_config={
        "column": st.column_config.TextColumn(t("summary.column")),
        "kind": st.column_config.TextColumn(t("summary.kind")),
        "distinct": st.column_config.NumberColumn(t("summary.distinct")),
        "missing": st.column_config.ProgressColumn(t("summary.missing"), format="percent",
                                                   min_value=0.0, max_value=1.0),
        "examples": st.column_config.TextColumn(t("summary.examples")),
    })
if task == "regression":
    balance.markdown(f"**{plain(t('data.target_histogram', target=target))}**")
    histogram = target_histogram(frame, target, count_label=t("summary.count"))
    balance.plotly_chart(safe_figure(histogram), key="data.target_histogram",
                         config={"displayModeBar": False})
else:
    balance.markdown(f"**{plain(t('data.class_balance', target=target))}**")
    bars = class_balance_figure(frame, target, count_label=t("summary.count"))
    balance.plotly_chart(safe_figure(bars), key="data.class_balance",
                         config={"displayModeBar": False})

# ---------------------------------------------------------------- check
st.subheader(t("data.check"))
dataset, error = choices.current_dataset()
if error:
    st.error(plain(error_text(error)), icon="⚠️")
    if error.code in ("target_missing", "target_value_missing"):
        unlabelled = choices.unlabelled_rows()
        st.button(t(for_task("data.leave_out_unlabelled", task), n=len(unlabelled),
                    rows=row_list(unlabelled)),
                  key="data.leave_out", on_click=choices.leave_out_unlabelled, args=(True,))
else:
    if choices.leaving_out_unlabelled():
        unlabelled = choices.unlabelled_rows()
        st.info(t(for_task("data.unlabelled_left_out", task), n=len(unlabelled),
                  rows=row_list(unlabelled)), icon="✂️")
        st.button(t("data.keep_unlabelled"), key="data.keep_unlabelled",
                  on_click=choices.leave_out_unlabelled, args=(False,))
    if dataset.is_regression:
        st.success(t("data.summary_line_regression", rows=dataset.n_rows,
                     features=len(dataset.feature_names), mean=number_text(dataset.y.mean()),
                     sd=number_text(dataset.y.std())), icon="✅")
    else:
        st.success(t("data.summary_line", rows=dataset.n_rows,
                     features=len(dataset.feature_names), classes=len(dataset.classes)),
                   icon="✅")
    for message in level_messages(dataset, st.session_state[state.ALGORITHM],
                                  st.session_state[state.LANGUAGE]):
        st.warning(plain(message), icon="🚧")
    grow_ahead(dataset)                   # while the person reads this page
    if st.button(t("data.next"), key="data.next", icon="🌱", type="primary"):
        st.switch_page("pages/grow.py")
