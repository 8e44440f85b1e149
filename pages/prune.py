"""Pruning lab: the unpruned, pre-pruned and post-pruned trees side by side on one train /
validation split, their scores (accuracy; RMSE and R² for a regression tree), the CCP path,
and a replay of a method's decisions.

Sidebar: the split (random share, row numbers, or a validation upload), pre-pruning, the
post-pruning method and its options, those that apply to the data set's kind of tree (each
drawn from its spec in the registry, :data:`treecore.pruning.PRUNERS`). The growth settings
(algorithm, criterion, limits, forced splits) are the Grow page's.
"""

import streamlit as st

from treecore import CRITERIA, ConfigError
from treecore.pruning import PRUNERS, pruners_for
from ui import page, state
from ui.i18n import error_text, for_task, reason_text, t
from ui.models import growth, pruning_lab as lab, scores, split
from ui.plain import plain, safe_figure
from ui.views.drawing import tree_chart
from ui.views.lab_figures import ccp_chart, validation_bars

lab.ensure_defaults()
S = st.session_state


st.title("✂️ " + t("lab.title"))
st.caption(t("lab.intro"))
dataset = page.dataset_or_stop()
task = dataset.schema.task
judged = scores.judging(dataset)


# ================================================================ sidebar
def split_sidebar() -> None:
    st.subheader("🔀 " + t("lab.split"))
    st.button(t("lab.zhou"), key="lab.zhou", icon="🍉", help=t("lab.zhou_help"),
              on_click=lab.use_zhou_preset)
    st.radio(t("lab.split_mode"), split.MODES, horizontal=True,
             format_func=state.labels({m: t(f"split.{m}") for m in split.MODES}),
             **state.widget(state.SPLIT_MODE, S[state.SPLIT_MODE]))
    mode = S[state.SPLIT_MODE]
    if mode == "random":
        st.slider(t("lab.ratio"), 0.1, 0.9, step=0.05,
                  **state.widget(state.SPLIT_RATIO, float(S[state.SPLIT_RATIO])))
        st.number_input(t("lab.seed"), min_value=0, step=1,
                        **state.widget(state.SPLIT_SEED, int(S[state.SPLIT_SEED])))
        if not dataset.is_regression:            # a number to predict has no classes
            st.checkbox(t("lab.stratified"),
                        **state.widget(state.SPLIT_STRATIFIED, bool(S[state.SPLIT_STRATIFIED])))
    elif mode == "rows":
        st.text_input(t("grow.validation_rows"), help=t("grow.validation_help"),
                      placeholder="4, 5, 8-9",
                      **state.widget(growth.VALIDATION_TEXT, S[growth.VALIDATION_TEXT]))
    else:
        st.file_uploader(t("lab.validation_upload"), key=split.UPLOADER,
                         on_change=split.take_validation_upload)
        if S[state.VALIDATION_NAME]:
            st.caption("📎 " + plain(S[state.VALIDATION_NAME]))


def pruning_sidebar() -> None:
    st.subheader("✂️ " + t("lab.pruning"))
    modes = lab.prepruning_for(dataset, growth.current_criterion())
    methods = lab.methods_for(dataset)
    st.radio(t("lab.preprune"), modes,
             format_func=state.labels({m: t(for_task(f"prepruning.{m}", dataset.schema.task))
                                       for m in modes}),
             **state.widget(lab.PREPRUNE, lab.current(lab.PREPRUNE, modes)))
    st.selectbox(t("lab.method"), methods,
                 format_func=state.labels({m: t(f"method.{m}") for m in methods}),
                 **state.widget(lab.METHOD, lab.current(lab.METHOD, methods),
                                lab.setter(lab.METHOD)))
    for option in lab.shown_options(lab.current(lab.METHOD, methods)):
        option_widget(option)


def option_widget(option) -> None:
    """One option of the chosen method, drawn from its spec (:class:`treecore.pruning.Option`):
    a radio for choices, a number box for whole numbers, a slider otherwise. Its label is
    ``lab.<name>`` and a choice's ``<name>.<choice>``, worded for the tree's task where that
    differs (:func:`ui.i18n.for_task`)."""
    key = lab.option_key(option.name)
    label = t(for_task(f"lab.{option.name}", task, growth.current_criterion()))
    bound = state.widget(key, S[key], lab.setter(key))
    if option.choices:
        st.radio(label, option.choices, **bound, format_func=state.labels(
            {c: t(for_task(f"{option.name}.{c}", task)) for c in option.choices}))
    elif option.whole:
        st.number_input(label, min_value=option.low, max_value=option.high, step=option.step,
                        **bound)
    else:
        st.slider(label, option.low, option.high, step=option.step, **bound)


with st.sidebar:
    split_sidebar()
    pruning_sidebar()
    if dataset.is_regression:
        regression = pruners_for("regression")
        st.caption(t("lab.regression_methods",
                     methods=" / ".join(t(f"method.{m}") for m in regression),
                     others=" / ".join(t(f"method.{m}") for m in PRUNERS if m not in regression)))


# ================================================================ the trees
chosen_split = split.current_split(dataset)
if chosen_split.error:
    st.error(plain(t("lab.bad_split", message=error_text(chosen_split.error))), icon="⚠️")
train, validation = chosen_split.train, chosen_split.validation
params, force = growth.params_from_session(), S[growth.FORCE]
options = lab.options_from_session()
try:
    with st.spinner(t("grow.growing")):
        retry = growth.retry_requested()
        unpruned = lab.unpruned_tree(train, params, force, retry)
        preprune = lab.current(lab.PREPRUNE,
                               lab.prepruning_for(dataset, growth.current_criterion()))
        method = lab.current(lab.METHOD, lab.methods_for(dataset))
        prepruned = lab.prepruned_tree(train, validation, params, force, preprune, unpruned,
                                       retry)
        post = {m: lab.cached_post_prune(m, unpruned, train, validation, options,
                                          lab.unpruned_params(params), force)
                for m in lab.methods_to_run(method, train, options)}
except ConfigError as error:
    st.error(plain(t("grow.cannot_grow", message=error_text(error))), icon="⚠️")
    st.stop()

partial = [tree for tree in (unpruned, prepruned) if tree is not None and not tree.is_complete]
if partial:
    page.deadline_notice(partial[0].n_steps, "lab.retry")
chosen = post[method]
forced = ", ".join(f"{' → '.join(p) or t('versions.root')}: {s}" for p, s in force) or "—"
st.caption(t("lab.summary", train=f"{train.n_rows:,}",
             validation=f"{validation.n_rows:,}" if validation is not None else "0",
             algorithm=t(f"algorithm.{params['algorithm']}"),
             criterion=t(CRITERIA[growth.current_criterion()].label_key), forced=forced))


def method_name(m: str) -> str:
    """The method's name, with the α its tree was pruned at when it has one (CCP's)."""
    name, alpha = t(f"method.{m}"), post[m].alpha
    return name if alpha is None else f"{name} (α = {alpha:.4g})"


def tree_column(column, title: str, tree, missing: str, key: str) -> None:
    with column:
        st.markdown(f"**{title}**")
        if tree is None:
            st.info(missing, icon="ℹ️")
            return
        st.caption(t(judged.caption, **scores.caption_values(tree, train, validation)))
        tree_chart(tree, key)


needs_validation = t("lab.needs_validation")
left, middle, right = st.columns(3)
tree_column(left, "🌳 " + t("lab.unpruned"), unpruned, "", "lab.drawn_depth.unpruned")
tree_column(middle, "🌱 " + t("lab.prepruned", how=t(for_task(f"prepruning.{preprune}",
                                                             dataset.schema.task))),
            prepruned, needs_validation, "lab.drawn_depth.prepruned")
if prepruned is unpruned:
    middle.caption(t("lab.no_limits"))
why_missing = needs_validation if chosen.error in (None, "needs_validation") \
    else error_text(chosen.error)                   # the method failed (CCP out of time)
tree_column(right, "✂️ " + t("lab.postpruned", method=method_name(method)), chosen.tree,
            why_missing, "lab.drawn_depth.postpruned")


# ================================================================ comparison
st.divider()
named = {t("lab.unpruned"): unpruned, t("lab.prepruned_short"): prepruned,
         **{method_name(m): post[m].tree for m in post}}
table = scores.comparison(named, train, validation)
charted = judged.charted
st.subheader("📋 " + t("lab.table"))
page.score_table(table, judged, "lab.table")

with st.spinner(t("grow.computing")):
    points = lab.cached_ccp_points(unpruned, train, validation, params, force)
markers = [(name, tree.n_leaves,
            scores.value(charted, tree, validation if validation is not None else train))
           for name, tree in named.items() if tree is not None]
with_alpha = next((pruned for pruned in post.values() if pruned.alpha is not None), None)
chosen_alpha = None if with_alpha is None else (
    with_alpha.tree.n_leaves, t("lab.chosen_alpha", alpha=f"{with_alpha.alpha:.4g}"))
bars_col, ccp_col = st.columns([1, 2])
if validation is not None:
    bars_col.plotly_chart(safe_figure(validation_bars(table, charted, {
        "title": t(for_task("lab.bars_title", task)), "axis": t(charted.labels[1])})),
        key="lab.bars", config={"displayModeBar": False})
with ccp_col:
    st.plotly_chart(safe_figure(ccp_chart(points, markers, {
        "title": t(for_task("lab.ccp_title", task)), "leaves": t("col.leaves"),
        "alpha": t("lab.alpha_axis"), "axis": t(charted.axis), "train": t(charted.labels[0]),
        "validation": t(charted.labels[1])}, charted, chosen_alpha)), key="lab.ccp_chart")
    st.caption(t(for_task("lab.ccp_caption" if validation is not None
                          else "lab.ccp_caption_train", task, growth.current_criterion())))


# ================================================================ replay
st.divider()
st.subheader("⏯️ " + t("lab.replay", method=method_name(method)))
if chosen.result is None or not chosen.result.steps:
    st.info(why_missing if chosen.error else t("lab.nothing_to_replay"), icon="ℹ️")
    st.stop()
steps = chosen.result.steps
k = lab.clamp_replay(S[lab.REPLAY], chosen.result)
first, back, forward, last, slider = st.columns([1, 1, 1, 1, 8], vertical_alignment="bottom")
first.button("⏮", key="lab.first", help=t("grow.first"), on_click=lab.set_replay, args=(0,),
             width="stretch", disabled=k == 0)
back.button("◀", key="lab.back", help=t("grow.back"), on_click=lab.set_replay, args=(k - 1,),
            width="stretch", disabled=k == 0)
forward.button("▶", key="lab.next", help=t("grow.next"), on_click=lab.set_replay,
               args=(k + 1,), width="stretch", disabled=k >= len(steps) - 1)
last.button("⏭", key="lab.last", help=t("grow.last"), on_click=lab.set_replay,
            args=(len(steps) - 1,), width="stretch", disabled=k >= len(steps) - 1)
if len(steps) > 1:
    slider.slider(t("lab.decision"), 1, len(steps),
                  **state.widget(lab.REPLAY + "_slider", k + 1, lab.set_replay_number))

step = steps[k]
replayed, greyed = lab.replay_frame(unpruned, chosen.result, k)
verdict = "✂️ " + t("decision.prune") if step.decision == "prune" else "✅ " + t("decision.keep")
st.markdown(t("lab.replay_step", k=k + 1, n=len(steps), node=replayed,
              test=unpruned.node_alone(replayed).split.describe(), verdict=verdict))
tree_col, figures_col = st.columns([3, 2])
with tree_col:
    tree_chart(unpruned, "lab.drawn_depth.replay", highlight=replayed, greyed=greyed)
    st.caption(t("lab.replay_caption"))
with figures_col:
    st.markdown(f"**{t('lab.figures')}**")
    st.dataframe([{t("col.figure"): t(f"fig.{name}"), t("col.value"): f"{value:.6g}"}
                  for name, value in step.figures.items()], hide_index=True, key="lab.figures")
    st.markdown(f"**{t('lab.reason')}**")
    st.info(reason_text(step), icon="💬")
