"""The Grow page's view of a classification node: the candidate table with the figures the
books print, and the criterion lens comparing every criterion of the registry at the node. The
figures come from :mod:`ui.views.node_view` and :mod:`ui.views.figures`; this module lays them
out with Streamlit (its regression twin is :mod:`ui.views.grow_regression`)."""

from __future__ import annotations

import streamlit as st

from treecore import CRITERIA, Dataset

from ui.i18n import split_note_text, t
from ui.models.growth import Grown
from ui.plain import safe_figure
from ui.views import node_view
from ui.views.figures import criterion_lens, nominal_lens_chart


def candidate_table(grown: Grown, train: Dataset, node_id: int) -> None:
    """The candidate splits of a classification node: each feature's best split, its figures
    as the books print them, the chosen one and why the others could not be chosen."""
    table = grown.candidates(train, node_id)
    frame = node_view.candidate_frame(table)
    frame["status"] = [
        "✅ " + t("grow.chosen") if status == "chosen" else
        "⛔ " + (split_note_text(note) if note else t("grow.filtered"))
        if status == "filtered" else ""
        for status, note in zip(frame["status"], frame["note"])]
    number = {"format": "%.3f"}
    st.dataframe(
        frame.drop(columns="note"), hide_index=True, key="grow.candidates",
        column_config={
            "feature": st.column_config.TextColumn(t("col.feature")),
            "test": st.column_config.TextColumn(t("col.test")),
            "gain": st.column_config.NumberColumn(t("col.gain"), **number),
            "gain_ratio": st.column_config.NumberColumn(t("col.gain_ratio"), **number),
            "split_info": st.column_config.NumberColumn(t("col.split_info"), **number),
            "gini": st.column_config.NumberColumn(t("col.gini"), **number),
            "rho": st.column_config.NumberColumn(t("col.rho"), help=t("col.rho_help"), **number),
            "score": st.column_config.NumberColumn(t("col.score"), help=t("col.score_help"),
                                                   **number),
            "status": st.column_config.TextColumn(t("col.status"))})
    if table.criterion == "gain_ratio":
        st.caption(t("grow.average_gain", value=f"{table.average_gain:.3f}"))


def lens_tab(grown: Grown, train: Dataset, node_id: int, feature: str) -> None:
    """The criteria of the registry side by side at a node: along a continuous feature's
    thresholds, or over every value grouping of a nominal one (with the groupings' table)."""
    tree = grown.tree
    curves = grown.view("lens", node_id, feature,
                        lambda: node_view.lens_curves(train, tree, node_id, feature))
    words = {"scaled": t("grow.lens_scaled"), "splits_here": t("grow.lens_splits_here"),
             **{name: t(CRITERIA[name].lens_key) for name in node_view.lens_names()}}
    if curves:
        st.plotly_chart(safe_figure(criterion_lens(curves, {
            **words, "title": t("grow.lens_title", feature=feature, node=node_id,
                                count=len(node_view.lens_names())),
            "threshold": t("grow.threshold_axis", feature=feature)})), key="grow.lens_chart")
        st.caption(t("grow.lens_caption"))
        return
    groupings = grown.view("nominal_lens", node_id, feature,
                           lambda: node_view.nominal_lens(train, tree, node_id, feature))
    st.plotly_chart(safe_figure(nominal_lens_chart(groupings, {
        **words, "title": t("lens.nominal_title", feature=feature, node=node_id,
                            count=len(node_view.lens_names()))})),
        key="grow.nominal_lens_chart")
    st.caption(t("lens.nominal_caption"))
    number = {"format": "%.3f"}
    st.dataframe(groupings, hide_index=True, key="grow.nominal_lens", column_config={
        "grouping": st.column_config.TextColumn(t("lens.grouping")),
        "multiway": st.column_config.CheckboxColumn(t("lens.multiway")),
        **{name: st.column_config.NumberColumn(t(CRITERIA[name].lens_key), **number)
           for name in node_view.lens_names()},
        "picked_by": st.column_config.TextColumn(t("lens.picked_by"))})
