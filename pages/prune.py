"""Pruning lab: the unpruned, pre-pruned and post-pruned trees side by side on one train /
validation split, their accuracies, the CCP path, and a replay of a method's decisions.

Sidebar: the split (random share, row numbers, or a validation upload), pre-pruning, the
post-pruning method and its options. The growth settings (algorithm, criterion, limits, forced
splits) are the Grow page's.
"""

import streamlit as st

from treecore import ConfigError
from ui import growth, page, pruning_lab as lab, split, state
from ui.drawing import tree_chart
from ui.lab_figures import accuracy_bars, ccp_chart
from ui.i18n import error_text, percent, reason_text, t
from ui.plain import plain

lab.ensure_defaults()
S = st.session_state


st.title("✂️ " + t("lab.title"))
st.caption(t("lab.intro"))
dataset = page.dataset_or_stop()
page.classification_only(dataset)


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
    st.radio(t("lab.preprune"), lab.PREPRUNING,
             format_func=state.labels({m: t(f"prepruning.{m}") for m in lab.PREPRUNING}),
             **state.widget(lab.PREPRUNE, S[lab.PREPRUNE]))
    st.selectbox(t("lab.method"), lab.METHODS,
                 format_func=state.labels({m: t(f"method.{m}") for m in lab.METHODS}),
                 **state.widget(lab.METHOD, S[lab.METHOD], lab.setter(lab.METHOD)))
    method = S[lab.METHOD]
    if method == "rep":
        st.radio(t("lab.rep_rule"), ("strict", "no_worse"), horizontal=True,
                 format_func=state.labels({r: t(f"rule.{r}") for r in ("strict", "no_worse")}),
                 **state.widget(lab.REP_RULE, S[lab.REP_RULE], lab.setter(lab.REP_RULE)))
    elif method == "ebp":
        st.slider(t("lab.cf"), 0.01, 0.5, step=0.01,
                  **state.widget(lab.CF, float(S[lab.CF]), lab.setter(lab.CF)))
    elif method == "ccp":
        st.radio(t("lab.ccp_select"), lab.CCP_SELECTIONS,
                 format_func=state.labels({c: t(f"ccp_select.{c}") for c in lab.CCP_SELECTIONS}),
                 **state.widget(lab.CCP_SELECT, S[lab.CCP_SELECT], lab.setter(lab.CCP_SELECT)))
        if S[lab.CCP_SELECT] == "cv":
            st.number_input(t("lab.folds"), min_value=2, max_value=20, step=1,
                            **state.widget(lab.CV_FOLDS, int(S[lab.CV_FOLDS])))


with st.sidebar:
    split_sidebar()
    pruning_sidebar()


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
        prepruned = lab.prepruned_tree(train, validation, params, force, S[lab.PREPRUNE],
                                       unpruned, retry)
        post = {m: lab.cached_post_prune(m, unpruned, train, validation, options,
                                          lab.unpruned_params(params), force)
                for m in lab.methods_to_run(S[lab.METHOD], train, options)}
except ConfigError as error:
    st.error(plain(t("grow.cannot_grow", message=error_text(error))), icon="⚠️")
    st.stop()

partial = [tree for tree in (unpruned, prepruned) if tree is not None and not tree.is_complete]
if partial:
    page.deadline_notice(partial[0].n_steps, "lab.retry")
method = S[lab.METHOD]
chosen = post[method]
forced = ", ".join(f"{' → '.join(p) or t('versions.root')}: {s}" for p, s in force) or "—"
st.caption(t("lab.summary", train=f"{train.n_rows:,}",
             validation=f"{validation.n_rows:,}" if validation is not None else "0",
             algorithm=t(f"algorithm.{params['algorithm']}"),
             criterion=t(f"criterion.{growth.current_criterion()}"), forced=forced))


def method_name(m: str) -> str:
    name = t(f"method.{m}")
    if m == "ccp" and post[m].alpha is not None:
        name += f" (α = {post[m].alpha:.4g})"
    return name


def tree_column(column, title: str, tree, missing: str, key: str) -> None:
    with column:
        st.markdown(f"**{title}**")
        if tree is None:
            st.info(missing, icon="ℹ️")
            return
        st.caption(t("lab.tree_caption", leaves=tree.n_leaves, depth=tree.depth,
                     train=percent(growth.accuracy(tree, train)),
                     validation=percent(growth.accuracy(tree, validation))))
        tree_chart(tree, key)


needs_validation = t("lab.needs_validation")
left, middle, right = st.columns(3)
tree_column(left, "🌳 " + t("lab.unpruned"), unpruned, "", "lab.drawn_depth.unpruned")
tree_column(middle, "🌱 " + t("lab.prepruned", how=t(f"prepruning.{S[lab.PREPRUNE]}")),
            prepruned, needs_validation, "lab.drawn_depth.prepruned")
why_missing = needs_validation if chosen.error in (None, "needs_validation") \
    else error_text(chosen.error)                   # CCP's α selection ran out of time
tree_column(right, "✂️ " + t("lab.postpruned", method=method_name(method)), chosen.tree,
            why_missing, "lab.drawn_depth.postpruned")


# ================================================================ comparison
st.divider()
named = {t("lab.unpruned"): unpruned, t("lab.prepruned_short"): prepruned,
         **{method_name(m): post[m].tree for m in post}}
table = lab.comparison(named, train, validation)
table_col, bars_col = st.columns([3, 2])
with table_col:
    st.subheader("📋 " + t("lab.table"))
    shown = table.assign(train_accuracy=table["train_accuracy"].map(percent),
                         validation_accuracy=table["validation_accuracy"].map(percent))
    st.dataframe(shown, hide_index=True, key="lab.table", column_config={
        "tree": st.column_config.TextColumn(t("col.tree")),
        "train_accuracy": st.column_config.TextColumn(t("col.train_acc")),
        "validation_accuracy": st.column_config.TextColumn(t("col.val_acc")),
        "leaves": st.column_config.NumberColumn(t("col.leaves")),
        "depth": st.column_config.NumberColumn(t("col.depth"))})
with bars_col:
    if validation is not None:
        st.plotly_chart(accuracy_bars(table, {"title": t("lab.bars_title"),
                                              "accuracy": t("col.val_acc")}),
                        key="lab.bars", config={"displayModeBar": False})

with st.spinner(t("grow.computing")):
    points = lab.cached_ccp_points(unpruned, train, validation, params, force)
markers = [(name, tree.n_leaves, growth.accuracy(tree, validation) if validation is not None
            else growth.accuracy(tree, train)) for name, tree in named.items() if tree is not None]
st.plotly_chart(ccp_chart(points, markers, {
    "title": t("lab.ccp_title"), "leaves": t("col.leaves"), "accuracy": t("lab.accuracy"),
    "train": t("col.train_acc"), "validation": t("col.val_acc")}), key="lab.ccp_chart")
st.caption(t("lab.ccp_caption" if validation is not None else "lab.ccp_caption_train"))


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
judged, greyed = lab.replay_frame(unpruned, chosen.result, k)
verdict = "✂️ " + t("decision.prune") if step.decision == "prune" else "✅ " + t("decision.keep")
st.markdown(t("lab.replay_step", k=k + 1, n=len(steps), node=judged,
              test=unpruned.node(judged).split.describe(), verdict=verdict))
tree_col, figures_col = st.columns([3, 2])
with tree_col:
    tree_chart(unpruned, "lab.drawn_depth.replay", highlight=judged, greyed=greyed)
    st.caption(t("lab.replay_caption"))
with figures_col:
    st.markdown(f"**{t('lab.figures')}**")
    st.dataframe([{t("col.figure"): t(f"fig.{name}"), t("col.value"): f"{value:.6g}"}
                  for name, value in step.figures.items()], hide_index=True, key="lab.figures")
    st.markdown(f"**{t('lab.reason')}**")
    st.info(reason_text(step), icon="💬")
