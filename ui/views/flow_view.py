"""The flow of weight down a tree (Zhou §4.4.2; C4.5), shown on the Grow and Predict pages: the
tree with edges as wide as the weight they carry, and one row's weight split r̃ᵥ · w at each node
where its value is missing, the leaves it lands in and the blended prediction, step by step.

The frames are pure functions of a :class:`treecore.tree.flow.RowFlow`; :func:`show_row_flow` draws
them with Streamlit.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from treecore import Dataset, Tree
from treecore.tree.flow import RowFlow

from ui import limits
from ui.i18n import t
from ui.models.concepts import share
from ui.views.drawing import tree_chart


#: Most rows with a missing value offered to follow (the first ones in the table).
MAX_ROWS_OFFERED = 200


def rows_with_missing(dataset: Dataset) -> list[int]:
    """Positions of the first :data:`MAX_ROWS_OFFERED` rows with a missing attribute value."""
    if not dataset.has_missing_values:
        return []
    return np.flatnonzero(np.isnan(dataset.X).any(axis=1))[:MAX_ROWS_OFFERED].tolist()


def edge_flow(flow: RowFlow) -> dict[int, float]:
    """The row's weight along each edge it takes: child id → weight."""
    return {branch.child: branch.weight for step in flow.steps for branch in step.branches}


def steps_frame(flow: RowFlow) -> pd.DataFrame:
    """One line per branch the row's weight takes: the node, its test, whether the value is
    missing, the weight arriving, the branch, r̃ᵥ (``7/15`` as the book writes it; 1 for the
    branch of a known value) and the arithmetic ``w × r̃ᵥ = weight``."""
    lines = []
    for step in flow.steps:
        for branch in step.branches:
            fraction = share(branch.known_weight, step.known_total) if step.missing else "1"
            lines.append({"node": step.node_id, "test": step.test, "missing": step.missing,
                          "arriving": step.weight, "branch": branch.label, "share": fraction,
                          "weight": f"{step.weight:.4g} × {fraction} = {branch.weight:.4g}"})
    return pd.DataFrame(lines, columns=["node", "test", "missing", "arriving", "branch", "share",
                                        "weight"])


def leaves_frame(flow: RowFlow, tree: Tree) -> pd.DataFrame:
    """The leaves the row lands in: weight, and each class's share of the leaf times that
    weight; the last line (Σ, its node blank) is the blend, the row's class probabilities."""
    classes = [str(c) for c in tree.classes]
    lines = [{"node": str(leaf.node_id), "path": " → ".join(tree.node(leaf.node_id).path),
              "weight": leaf.weight,
              **{c: leaf.weight * p for c, p in zip(classes, leaf.distribution)}}
             for leaf in flow.leaves]
    lines.append({"node": "", "path": "Σ", "weight": sum(leaf.weight for leaf in flow.leaves),
                  **dict(zip(classes, flow.probabilities))})
    return pd.DataFrame(lines, columns=["node", "path", "weight", *classes])


def blend_lines(flow: RowFlow, tree: Tree) -> list[str]:
    """``P(c) = w₁·p₁ + w₂·p₂ + … = P`` for each class, from the leaves reached."""
    return [f"P({c}) = " + " + ".join(f"{leaf.weight:.4g}·{leaf.distribution[k]:.3g}"
                                      for leaf in flow.leaves)
            + f" = {flow.probabilities[k]:.4f}" for k, c in enumerate(tree.classes)]


def _row_chart(tree: Tree, key: str, weights: dict[int, float]) -> None:
    """The tree with the row's weight on its edges (:func:`edge_flow`): whole when it is small
    enough to draw whole, else only the root and the nodes the weight reaches, each branch it
    does not take ending in "…" (drawn to a few levels, a large tree's many branches would
    shrink it to an unreadable strip)."""
    if limits.collapse_depth(tree) is None:
        tree_chart(tree, key, flow=weights)
        return
    reached = {tree.root.node_id, *(child for child, weight in weights.items() if weight > 0)}
    st.caption(t("flow.reached_only", reached=len(reached), nodes=f"{tree.n_nodes:,}"))
    tree_chart(tree, key, flow=weights, drawn=reached)


def show_row_flow(tree: Tree, flow: RowFlow, key: str) -> None:
    """Draw the tree with a row's flow (:func:`~treecore.tree.flow.row_flow`), its steps, the
    leaves and the blended prediction."""
    _row_chart(tree, f"{key}.drawn_depth", edge_flow(flow))
    st.markdown(f"**{t('flow.steps')}**")
    st.dataframe(steps_frame(flow), hide_index=True, key=f"{key}.steps", column_config={
        "node": st.column_config.NumberColumn(t("predict.node")),
        "test": st.column_config.TextColumn(t("predict.test")),
        "missing": st.column_config.CheckboxColumn(t("flow.missing")),
        "arriving": st.column_config.NumberColumn(t("flow.arriving"), format="%.4g"),
        "branch": st.column_config.TextColumn(t("flow.branch")),
        "share": st.column_config.TextColumn("r̃ᵥ", help=t("flow.share_help")),
        "weight": st.column_config.TextColumn(t("flow.weight"))})
    st.markdown(f"**{t('flow.leaves')}**")
    st.dataframe(leaves_frame(flow, tree), hide_index=True, key=f"{key}.leaves", column_config={
        "node": st.column_config.TextColumn(t("flow.leaf")),
        "path": st.column_config.TextColumn(t("flow.path")),
        "weight": st.column_config.NumberColumn(t("col.weight"), format="%.4g"),
        **{str(c): st.column_config.NumberColumn(str(c), format="%.4f") for c in tree.classes}})
    st.code("\n".join(blend_lines(flow, tree)), language=None, wrap_lines=True)
