"""Grow: watch the tree grow split by split, see why each split won, and try another one.

Sidebar: algorithm, criterion, threshold style, pre-pruning limits, validation rows. Main: the
player (step controls), the tree as it stood after step k in the interactive view (click a node
to select it; the node split at step k is selected until then), the static drawing folded
below it, and the candidate table of the selected node; below, tabs about that node: the
inspector, the threshold chart, the criterion lens, the what-if override, the saved versions.
"""

import streamlit as st

from treecore import ALGORITHMS, CRITERIA, THRESHOLD_STYLES, ConfigError, Kind, StopReason
from treecore.io import number_text
from treecore.tree.flow import edge_weights, row_flow
from ui import guards, limits, page, state
from ui.data import choices
from ui.i18n import error_text, for_task, t
from ui.models import growth, scores
from ui.plain import code, plain, safe_figure
from ui.views import flow_view, grow_classification, grow_regression, node_panel, node_view
from ui.views.drawing import static_drawing, tree_chart
from ui.views.figures import class_chart, threshold_chart, value_chart
from ui.views.tree_widget import tree_view

#: Seconds per step offered by the player; the figures the threshold chart can plot.
SPEEDS = (0.5, 1.0, 2.0, 3.0)
PLOTS = ("score", "impurity")

growth.ensure_defaults()
S = st.session_state

st.title("🌱 " + t("grow.title"))

dataset = page.dataset_or_stop()


# ================================================================ sidebar: how the tree grows
def settings_sidebar() -> None:
    with st.sidebar:
        st.subheader("⚙️ " + t("grow.settings"))
        task, algorithm = choices.current_task(), growth.current_algorithm()
        st.selectbox(t("grow.algorithm"), growth.allowed_algorithms(task),
                     format_func=state.labels({a: t(f"algorithm.{a}") for a in ALGORITHMS}),
                     **state.widget(state.ALGORITHM, algorithm, growth.set_algorithm))
        criteria = growth.allowed_criteria(algorithm, task)
        st.selectbox(t("grow.criterion"), criteria,
                     format_func=state.labels({c: t(CRITERIA[c].label_key) for c in criteria}),
                     **state.widget(state.CRITERION, growth.current_criterion()))
        release8 = ALGORITHMS[algorithm].release8        # J48 reports a training value
        st.radio(t("grow.threshold_style"), THRESHOLD_STYLES, horizontal=True,
                 format_func=state.labels({s: t(f"threshold_style.{s}") for s in THRESHOLD_STYLES}),
                 help=t("grow.threshold_style_j48" if release8 else "grow.threshold_style_help"),
                 disabled=release8,
                 **state.widget(growth.THRESHOLD_STYLE, S[growth.THRESHOLD_STYLE]))
        st.markdown(f"**{t('grow.prepruning')}**")
        st.number_input(t("grow.max_depth"), min_value=0, step=1, help=t("grow.no_limit_help"),
                        **state.widget(growth.MAX_DEPTH, S[growth.MAX_DEPTH]))
        st.number_input(t("grow.min_leaf"), min_value=1, step=1,
                        **state.widget(growth.MIN_LEAF, S[growth.MIN_LEAF]))
        st.number_input(t("grow.min_gain"), min_value=0.0, step=0.01, format="%.3f",
                        help=t("grow.min_gain_help"),
                        **state.widget(growth.MIN_GAIN, S[growth.MIN_GAIN]))
        st.number_input(t("grow.max_leaves"), min_value=0, step=1, help=t("grow.no_limit_help"),
                        **state.widget(growth.MAX_LEAVES, S[growth.MAX_LEAVES]))
        with st.expander("✂️ " + t("grow.validation"), expanded=bool(S[growth.VALIDATION_TEXT])):
            st.text_input(t("grow.validation_rows"), help=t("grow.validation_help"),
                          placeholder="4, 5, 8-9",
                          **state.widget(growth.VALIDATION_TEXT, S[growth.VALIDATION_TEXT]))
            if S[state.DATASET] == "watermelon2.0":
                st.button(t("grow.zhou_split"), key="grow.zhou_split", icon="🍉",
                          on_click=growth.use_zhou_split)


settings_sidebar()
train, validation, rows_error = growth.training_split(dataset)
if rows_error:
    st.error(plain(t("grow.bad_rows", part=rows_error)), icon="⚠️")
params = growth.params_from_session()
refusals = guards.level_messages(train, growth.current_algorithm(), S[state.LANGUAGE])
for refusal in refusals:
    st.error(plain(refusal), icon="🚧")
if refusals:
    st.stop()
slow = guards.slow_fit_message(train, S[state.LANGUAGE], params["criterion"], S[growth.FORCE])
if slow:
    st.warning(slow, icon="⏳")
on_tick, fitted = page.fit_progress(limits.fit_estimate_seconds(train, params["criterion"],
                                                                S[growth.FORCE]))
try:
    with st.spinner(t("grow.growing")):
        grown = growth.cached_fit(train, params, S[growth.FORCE], growth.retry_requested(),
                                  on_tick)
except ConfigError as error:
    st.error(plain(t("grow.cannot_grow", message=error_text(error))), icon="⚠️")
    if S[growth.FORCE]:                       # a forced split may be what cannot grow
        st.button(t("grow.clear_forced"), key="grow.clear_forced", icon="🧹",
                  on_click=growth.clear_forced)
    st.stop()

fitted()
tree = grown.tree
if grown.stopped_early:
    page.deadline_notice(tree.n_steps, "grow.retry")
step = growth.clamp_step(S[growth.STEP], tree)
stage = tree.until(step)
focus = growth.step_node(tree, step)
classes = tree.classes
st.caption(t("grow.grown_by", algorithm=t(f"algorithm.{tree.settings['algorithm']}")) + " "
           + t("grow.summary", train=f"{train.n_rows:,}", steps=tree.n_steps,
               nodes=tree.n_nodes, leaves=tree.n_leaves,
               validation=f"{validation.n_rows:,}" if validation is not None else "0"))


# ================================================================ the player
def player() -> None:
    first, back, play, forward, last, slider, speed = st.columns([1, 1, 1, 1, 1, 6, 2],
                                                                vertical_alignment="bottom")
    first.button("⏮", key="grow.first", help=t("grow.first"), on_click=growth.set_step,
                 args=(0,), width="stretch", disabled=step == 0)
    back.button("◀", key="grow.back", help=t("grow.back"), on_click=growth.set_step,
                args=(step - 1,), width="stretch", disabled=step == 0)
    play.button("⏸" if S[growth.PLAYING] else "▶️", key="grow.play",
                help=t("grow.pause" if S[growth.PLAYING] else "grow.play"),
                on_click=growth.PLAYER.toggle, width="stretch", disabled=tree.n_steps == 0)
    forward.button("▶", key="grow.next", help=t("grow.next"), on_click=growth.set_step,
                   args=(step + 1,), width="stretch", disabled=step >= tree.n_steps)
    last.button("⏭", key="grow.last", help=t("grow.last"), on_click=growth.set_step,
                args=(tree.n_steps,), width="stretch", disabled=step >= tree.n_steps)
    if tree.n_steps > 0:
        slider.slider(t("grow.step"), 0, tree.n_steps,
                      **state.widget(growth.STEP, step, growth.set_step))
    speed.select_slider(t("grow.speed"), options=SPEEDS,
                        format_func=state.labels({s: t("grow.seconds", seconds=s) for s in SPEEDS}),
                        **state.widget(growth.SPEED, S[growth.SPEED]))


@st.fragment(run_every=S[growth.SPEED] if S[growth.PLAYING] else None)
def beat() -> None:
    """While playing, move one step per beat and redraw the page."""
    if S[growth.PLAYING] and growth.PLAYER.tick(S[growth.SPEED], tree.n_steps):
        st.rerun(scope="app")


player()
beat()


# ================================================================ the tree and the chosen split
def step_caption() -> str:
    if step == 0:
        return t("grow.step_zero", steps=tree.n_steps)
    node = tree.node(focus)
    return t("grow.step_k", step=step, steps=tree.n_steps, node=focus,
             test=node.split.describe())


st.markdown(f"**{plain(step_caption())}**")
selected = tree_view(tree, "grow.tree_view", select_key=growth.INSPECT,
                     collapsed_key=growth.COLLAPSED, step=step, focus=focus)
static_drawing(stage, "grow.drawn_depth", highlight=focus)
st.markdown(f"**{t('grow.candidates', node=selected)}**")
st.caption(CRITERIA[tree.criterion].formula)
with st.spinner(t("grow.computing")):
    if tree.is_regression:
        grow_regression.candidate_table(grown, train, selected)
    else:
        grow_classification.candidate_table(grown, train, selected)


# ================================================================ tabs about one node
def choose_feature(node_id: int) -> str:
    options = list(grown.candidates(train, node_id).features)
    split = tree.node(node_id).split
    default = S[growth.FEATURE] if S[growth.FEATURE] in options else (
        split.feature if split is not None and split.feature in options else options[0])
    return st.selectbox(t("grow.feature"), options, **state.widget(growth.FEATURE, default))


def threshold_tab(node_id: int, feature: str) -> None:
    kind = train.features[train.schema.index_of(feature)].kind
    if kind is Kind.CONTINUOUS:
        figure = st.radio(t("grow.plot"), PLOTS, horizontal=True,
                          format_func=state.labels({f: t(f"grow.plot_{f}") for f in PLOTS}),
                          key="grow.plot")
        curve = grown.view("curve", node_id, feature,
                           lambda: node_view.curve(train, tree, node_id, feature))
        words = {"title": t("grow.threshold_title", feature=feature, node=node_id),
                 "y": t(f"grow.plot_{figure}"),
                 "threshold": t("grow.threshold_axis", feature=feature),
                 "boundary": t("grow.boundary"), "other": t("grow.not_boundary"),
                 "chosen": t("grow.chosen"), "rows": t("grow.rows_by_class")}
        rows = grown.view("strip", node_id, feature,
                          lambda: node_view.strip(train, tree, node_id, feature))
        st.plotly_chart(safe_figure(threshold_chart(curve, rows, classes, figure, words)),
                        key="grow.threshold_chart")
        st.caption(t("grow.threshold_caption"))
    else:
        values, counts = grown.view("values", node_id, feature,
                                    lambda: node_view.value_counts(train, tree, node_id, feature))
        words = {"title": t("grow.values_title", feature=feature, node=node_id),
                 "value": feature, "count": t("grow.weighted_count")}
        st.plotly_chart(safe_figure(value_chart(values, counts, classes, words)),
                        key="grow.value_chart")


def stop_words(node) -> str:
    if node.split is not None:
        return t("stop.split", step=node.expanded_at, test=node.split.describe())
    if node.stop_reason is None:
        return t("stop.pending")
    return t(for_task(f"stop.{node.stop_reason.value}", tree.schema.task))


def inspector_tab(node_id: int) -> None:
    """What the selected node says (it is chosen by clicking it in the tree, or in the picker
    under the tree)."""
    node = stage.node(node_id)
    st.markdown(f"**{t('grow.node')} #{node_id}**")
    left, right = st.columns(2)
    with left:
        node_panel.show_rule(stage, node_id, stop_words)
        st.markdown(t("grow.node_counts", rows=node.n_samples,
                      weighted=number_text(node.weighted_n_samples),
                      impurity=f"{node.impurity:.3f}"))
    with right:
        chart = class_chart(classes, node.class_counts, {"count": t("grow.weighted_count")})
        st.plotly_chart(safe_figure(chart), key="grow.class_chart",
                        config={"displayModeBar": False})
    fractional = node_view.fractional_rows(train, stage, node_id)
    if len(fractional):
        st.markdown(f"**{t('grow.fractional', n=len(fractional))}**")
        st.dataframe(fractional, hide_index=True, key="grow.fractional_rows", column_config={
            "row": st.column_config.NumberColumn(t("col.row")),
            "class": st.column_config.TextColumn(tree.schema.target),
            "weight": st.column_config.NumberColumn(t("col.weight"), format="%.4f")})


def split_spec(node_id: int):
    """The split the user wants at the node: a feature, and a threshold or subset if it has one."""
    table = grown.candidates(train, node_id)
    best = table.best()
    features = list(table.features)
    feature = st.selectbox(t("whatif.feature"), features, key="grow.whatif_feature",
                           index=features.index(best.feature) if best else 0)
    candidate = table[feature]
    if candidate.kind is Kind.CONTINUOUS:
        threshold = st.number_input(t("whatif.threshold"), value=float(candidate.threshold),
                                    format="%.4f", key=f"grow.whatif_threshold.{feature}")
        return feature, threshold
    if candidate.subset is not None:
        labels = train.features[candidate.feature_index].labels
        subset = st.multiselect(t("whatif.subset"), labels, key=f"grow.whatif_subset.{feature}",
                                default=[labels[c] for c in candidate.subset])
        return feature, tuple(subset)
    return feature


def whatif_tab(node_id: int) -> None:
    node = tree.node(node_id)
    st.caption(t("whatif.intro", node=node_id))
    if not CRITERIA[tree.criterion].guided:
        st.info(plain(t("whatif.squared_error_only")), icon="ℹ️")
        return
    if node.stop_reason in (StopReason.PURE, StopReason.EMPTY_BRANCH):
        st.info(plain(t("whatif.cannot", reason=stop_words(node))), icon="ℹ️")
        return
    if not len(grown.candidates(train, node_id)):
        st.info(plain(t("whatif.cannot", reason=stop_words(node))), icon="ℹ️")
        return
    spec = split_spec(node_id)
    if st.button(t("whatif.try"), key="grow.whatif_try", icon="🔀"):
        S[growth.WHATIF] = (node.path, spec)
    if S[growth.WHATIF] is None:
        return
    path, tried = S[growth.WHATIF]
    try:
        with st.spinner(t("grow.growing")):
            other = growth.cached_fit(train, params, growth.with_forced(S[growth.FORCE], path,
                                                                        tried)).tree
    except ConfigError as error:
        st.error(plain(t("grow.cannot_grow", message=error_text(error))), icon="⚠️")
        return
    best = grown.candidates(train, growth.node_by_path(tree, path)).best()
    cost = growth.override_cost(best, other, path)
    cols = st.columns(3)
    if cost["difference"] is not None:
        cols[0].metric(t("whatif.score"), f"{cost['forced'].score:.3f}",
                       f"{cost['difference']:+.3f}", help=t("whatif.score_help",
                                                             best=cost["best"].describe()))
    judged = scores.judging(train).charted          # accuracy, or a regression tree's RMSE
    for col, name, data in zip(cols[1:], judged.labels, (train, validation)):
        now, then = scores.value(judged, tree, data), scores.value(judged, other, data)
        if then is not None:
            col.metric(t(name), judged.shown(then), judged.shown(then - now),
                       delta_color="inverse" if judged.lower_is_better else "normal")
    st.caption(t("whatif.compare", leaves=other.n_leaves, base_leaves=tree.n_leaves))
    tree_chart(other, "grow.whatif_drawn_depth", highlight=growth.node_by_path(other, path))
    adopt, discard = st.columns(2)
    adopt.button(t("whatif.adopt"), key="grow.whatif_adopt", icon="✅",
                 on_click=growth.adopt_whatif, width="stretch")
    discard.button(t("whatif.discard"), key="grow.whatif_discard", icon="↩️",
                   on_click=growth.discard_whatif, width="stretch")


def flow_tab() -> None:
    st.caption(t("flow.intro"))
    missing = flow_view.rows_with_missing(train)
    names = {None: t("flow.training"),
             **{i: t("flow.row_n", row=train.row_labels[i]) for i in missing}}
    row = st.selectbox(t("flow.row"), [None, *missing], index=1 if missing else 0,
                       format_func=state.labels(names), key="grow.flow_row")
    if row is None:
        st.caption(t("flow.training_caption" if missing else "flow.no_missing"))
        tree_chart(stage, "grow.flow_drawn_depth", flow=edge_weights(stage))
    else:
        flow_view.show_row_flow(stage, row_flow(stage, train.X[row]), "grow.flow")


def versions_tab() -> None:
    if S[growth.FORCE]:
        st.markdown(f"**{t('versions.forced')}**")
        for path, spec in S[growth.FORCE]:
            st.markdown(f"- {code(' → '.join(path) or t('versions.root'))}: {code(spec)}")
        st.button(t("grow.clear_forced"), key="grow.clear_forced_tab", icon="🧹",
                  on_click=growth.clear_forced)
    name_col, save_col = st.columns([3, 1], vertical_alignment="bottom")
    name = name_col.text_input(t("versions.name"), key=growth.VERSION_NAME,
                               placeholder=t("versions.placeholder"))
    save_col.button(t("versions.save"), key="grow.version_save", icon="💾",
                    disabled=not name.strip(), width="stretch",
                    on_click=growth.save_named_version)
    if S[growth.VERSIONS]:
        st.dataframe([{t("versions.name"): v["name"], t("sidebar.dataset"): v["dataset"],
                       t("grow.algorithm"): t(f"algorithm.{v['params']['algorithm']}"),
                       t("versions.forced"): len(v["force"])} for v in S[growth.VERSIONS]],
                     hide_index=True, key="grow.versions")


def lens_view(node_id: int) -> None:
    feature = choose_feature(node_id)
    st.caption(plain(t("grow.lens_feature", feature=feature, node=node_id)))
    with st.spinner(t("grow.computing")):
        grow_classification.lens_tab(grown, train, node_id, feature)


def threshold_view(node_id: int) -> None:
    feature = choose_feature(node_id)
    with st.spinner(t("grow.computing")):
        threshold_tab(node_id, feature)


def regression_threshold_view(node_id: int) -> None:
    with st.spinner(t("grow.computing")):
        grow_regression.threshold_tab(grown, train, node_id)


def regression_lens_view(node_id: int) -> None:
    with st.spinner(t("grow.computing")):
        grow_regression.lens_tab(grown, train, node_id)


st.divider()
if tree.is_regression:             # the least-squares tree: its node, every cut, the what-if
    views = {"tab.inspector": lambda: grow_regression.inspector_tab(stage, train, selected,
                                                                     stop_words),
             "tab.threshold": lambda: regression_threshold_view(selected),
             "tab.lens": lambda: regression_lens_view(selected),
             "tab.whatif": lambda: whatif_tab(selected)}
else:
    views = {"tab.inspector": lambda: inspector_tab(selected),
             "tab.threshold": lambda: threshold_view(selected),
             "tab.lens": lambda: lens_view(selected), "tab.flow": flow_tab,
             "tab.whatif": lambda: whatif_tab(selected), "tab.versions": versions_tab}
page.lazy_tabs({growth.tab_label(name): draw for name, draw in views.items()}, key=growth.TABS_KEY)
