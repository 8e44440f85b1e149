"""The Grow page's view of a regression node (CART's least-squares tree): the candidate cuts
with their squared errors, the squared error after every cut of one feature beside the node's
rows and the two region means, the criterion lens (squared against absolute error), and the
node inspector with a histogram of its targets. The figures come from
:mod:`ui.views.regression_view` and :mod:`ui.views.regression_lens`; this module lays them out
with Streamlit."""

from __future__ import annotations

import streamlit as st

from treecore import CRITERIA, Dataset, Tree
from treecore.io import number_text

from ui import state
from ui.i18n import split_note_text, t
from ui.models.growth import FEATURE, Grown
from ui.plain import plain, safe_figure
from ui.views import node_panel, regression_lens, regression_view

#: The words that differ for a tree grown by the absolute error: the squared error's key and
#: its absolute-error twin.
ABSOLUTE_KEYS = {
    "col.sse_before": "col.ae_before", "col.sse_after": "col.ae_after",
    "col.sse_decrease": "col.ae_decrease", "col.left_mean": "col.left_median",
    "col.right_mean": "col.right_median", "col.sse_cut": "col.ae_cut",
    "regression.candidates_caption": "regression.candidates_caption_absolute",
    "regression.threshold_title": "regression.threshold_title_absolute",
    "regression.sse_axis": "regression.ae_axis", "regression.means": "regression.medians",
    "regression.threshold_caption": "regression.threshold_caption_absolute",
    "regression.node_counts": "regression.node_counts_absolute",
    **{f"regression.{key}": f"regression.{key}_absolute"
       for key in ("groups_title", "group_cut_axis", "group_means_title", "mean_axis",
                   "groups_caption")}}


def words_for(tree: Tree, key: str, **params) -> str:
    """The text ``key`` in the session's language, for the criterion ``tree`` grew by."""
    absolute = tree.criterion == "absolute_error"
    return t(ABSOLUTE_KEYS.get(key, key) if absolute else key, **params)


def candidate_table(grown: Grown, train: Dataset, node_id: int) -> None:
    """Every feature's best cut at the node, the loss (SSE, or AE) before and after it and
    what the two regions predict (means, or medians)."""
    node = grown.tree.node(node_id)
    frame = regression_view.candidate_frame(grown.candidates(train, node_id),
                                            node.weighted_n_samples, node.impurity)
    frame["status"] = ["✅ " + t("grow.chosen") if status == "chosen" else
                       "⛔ " + (split_note_text(note) if note else t("grow.filtered"))
                       if status == "filtered" else ""
                       for status, note in zip(frame["status"], frame["note"])]
    number = {"format": "%.4g"}
    st.dataframe(frame.drop(columns="note"), hide_index=True, key="grow.candidates",
                 column_config={
                     "feature": st.column_config.TextColumn(t("col.feature")),
                     "test": st.column_config.TextColumn(t("col.test")),
                     **{name: st.column_config.NumberColumn(
                         words_for(grown.tree, f"col.{name}"), **number)
                        for name in ("sse_before", "sse_after", "sse_decrease", "left_mean",
                                     "right_mean", "rho")},
                     "status": st.column_config.TextColumn(t("col.status"))})
    st.caption(words_for(grown.tree, "regression.candidates_caption"))


def threshold_tab(grown: Grown, train: Dataset, node_id: int) -> None:
    """The loss (squared or absolute error) after each cut of the chosen feature, beside the
    node's rows."""
    tree = grown.tree
    options = list(grown.candidates(train, node_id).features)
    if not options:
        return
    split = tree.node(node_id).split
    default = st.session_state[FEATURE] if st.session_state[FEATURE] in options else (
        split.feature if split is not None else options[0])
    feature = st.selectbox(t("grow.feature"), options, **state.widget(FEATURE, default))
    if train.features[train.schema.index_of(feature)].is_nominal:
        groups_view(grown, train, node_id, feature)
        return
    curve, rows = grown.view("regression_rows", node_id, feature,
                             lambda: regression_view.node_rows(train, tree, node_id, feature))
    left, right = st.columns(2)
    left.plotly_chart(safe_figure(regression_view.loss_chart(curve, {
        "title": words_for(tree, "regression.threshold_title", feature=feature, node=node_id),
        "threshold": t("grow.threshold_axis", feature=feature),
        "y": words_for(tree, "regression.sse_axis"), "chosen": t("grow.chosen")})),
        key="grow.sse_chart")
    right.plotly_chart(safe_figure(regression_view.rows_chart(rows, curve, {
        "title": t("regression.rows_title", target=tree.schema.target, feature=feature,
                   node=node_id),
        "feature": feature, "target": tree.schema.target, "rows": t("regression.rows"),
        "means": words_for(tree, "regression.means")})), key="grow.rows_chart")
    st.caption(words_for(tree, "regression.threshold_caption"))
    if len(curve.loss) <= regression_view.CUTS_WRITTEN_OUT:
        st.markdown(f"**{plain(t('regression.cuts_table', feature=feature))}**")
        number = {"format": "%.4g"}
        st.dataframe(regression_view.cuts_frame(curve), hide_index=True, key="grow.cuts",
                     column_config={name: st.column_config.NumberColumn(
                         words_for(tree, f"col.{name}"), **number)
                         for name in ("cut", "sse_cut", "left_mean", "right_mean")})


def lens_tab(grown: Grown, train: Dataset, node_id: int) -> None:
    """One numeric feature at the node under both regression criteria: the share of the node's
    loss each cut removes, the rows with each criterion's best cut and what its regions
    predict (means or medians), and the two best cuts side by side."""
    tree = grown.tree
    numeric = [f.name for f in train.features if not f.is_nominal]
    if not numeric:
        st.info(t("rlens.numeric_only"))
        return
    split = tree.node(node_id).split
    chosen = st.session_state[FEATURE]
    default = chosen if chosen in numeric else (
        split.feature if split is not None and split.feature in numeric else numeric[0])
    feature = st.selectbox(t("grow.feature"), numeric, **state.widget(FEATURE, default))
    lens = grown.view("regression_lens", node_id, feature,
                      lambda: regression_lens.node_lens(train, tree, node_id, feature))
    if not len(lens.squared.thresholds):
        st.info(t("rlens.no_cut", feature=feature, node=node_id))
        return
    names = {c: t(f"rlens.{c}") for c in regression_lens.CRITERIA}
    left, right = st.columns(2)
    left.plotly_chart(safe_figure(regression_lens.lens_chart(lens, {
        **names, "title": t("rlens.title", feature=feature, node=node_id),
        "threshold": t("grow.threshold_axis", feature=feature),
        "share": t("rlens.share_axis"), "best": t("rlens.best")})), key="grow.rlens_chart")
    right.plotly_chart(safe_figure(regression_lens.lens_rows_chart(lens, {
        **names, "title": t("rlens.rows_title", target=tree.schema.target, feature=feature,
                            node=node_id),
        "feature": feature, "target": tree.schema.target, "rows": t("regression.rows")})),
        key="grow.rlens_rows")
    frame = regression_lens.lens_frame(lens)
    frame["criterion"] = [t(CRITERIA[c].label_key) for c in frame["criterion"]]
    number = {"format": "%.4g"}
    share = {"format": "percent"}
    st.dataframe(frame, hide_index=True, key="grow.rlens_table", column_config={
        "criterion": st.column_config.TextColumn(t("rlens.criterion")),
        "cut": st.column_config.NumberColumn(t("col.cut"), **number),
        "left": st.column_config.NumberColumn(t("rlens.left"), **number),
        "right": st.column_config.NumberColumn(t("rlens.right"), **number),
        "removed": st.column_config.NumberColumn(t("rlens.removed"), **share),
        "removed_other": st.column_config.NumberColumn(t("rlens.removed_other"), **share)})
    st.caption(t("rlens.caption"))


def groups_view(grown: Grown, train: Dataset, node_id: int, feature: str) -> None:
    """A nominal feature at the node: its values ordered by mean (or median) target, and the
    loss after each cut of that order (the best two groups the tree takes are among them)."""
    tree = grown.tree
    curve = grown.view("regression_groups", node_id, feature,
                       lambda: regression_view.node_groups(train, tree, node_id, feature))
    left, right = st.columns(2)
    left.plotly_chart(safe_figure(regression_view.group_loss_chart(curve, {
        "title": words_for(tree, "regression.groups_title", feature=feature, node=node_id),
        "cut": words_for(tree, "regression.group_cut_axis"),
        "y": words_for(tree, "regression.sse_axis"),
        "chosen": t("grow.chosen")})), key="grow.group_sse_chart")
    right.plotly_chart(safe_figure(regression_view.group_values_chart(curve, {
        "title": words_for(tree, "regression.group_means_title", target=tree.schema.target,
                           feature=feature),
        "value": feature, "mean": words_for(tree, "regression.mean_axis",
                                            target=tree.schema.target),
        "first": t("regression.first_group"), "second": t("regression.second_group")})),
        key="grow.group_means_chart")
    st.caption(words_for(tree, "regression.groups_caption"))
    if len(curve.loss) <= regression_view.CUTS_WRITTEN_OUT:
        st.dataframe(regression_view.groups_frame(curve), hide_index=True, key="grow.group_cuts",
                     column_config={
                         "first_group": st.column_config.TextColumn(t("col.first_group")),
                         "sse_cut": st.column_config.NumberColumn(
                             words_for(tree, "col.sse_cut"), format="%.4g")})


def inspector_tab(stage: Tree, train: Dataset, node_id: int, stop_words) -> None:
    """The selected node's rule, why it stopped, its mean and MSE, and its targets (the node is
    chosen by clicking it in the tree view, or in the picker under it)."""
    node = stage.node(node_id)
    st.markdown(f"**{t('grow.node')} #{node_id}**")
    left, right = st.columns(2)
    with left:
        node_panel.show_rule(stage, node_id, stop_words)
        st.markdown(words_for(stage, "regression.node_counts", rows=node.n_samples,
                              weighted=number_text(node.weighted_n_samples),
                              mean=number_text(node.value), mse=number_text(node.impurity)))
    with right:
        sample = stage.node_rows(train, node_id)
        st.plotly_chart(safe_figure(regression_view.histogram(train.y[sample.rows], {
            "title": t("regression.histogram", target=stage.schema.target, node=node_id),
            "count": t("regression.count")})), key="grow.target_histogram",
            config={"displayModeBar": False})
