"""What the explorer shows of a regression node (CART's least-squares tree), as plain values and
plotly figures: no Streamlit here, so each builder is tested alone.

A regression node is its rows' mean c and their squared error; a candidate cut s of a feature
splits them into R₁ = {x ≤ s} and R₂ = {x > s}, scored by SSE(R₁) + SSE(R₂)
(:mod:`treecore.split.least_squares`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from treecore import Dataset, Tree
from treecore.split.candidates import CandidateTable
from treecore.split.least_squares import (AbsoluteCurve, CutCurve, GroupCurve, absolute_curve,
                                          cut_curve, group_curve, node_candidates,
                                          shown_decrease)

#: At most this many of a node's rows are drawn in its scatter (evenly spaced in value order).
SCATTER_LIMIT = 5_000
CURVE_COLOR, CHOSEN_COLOR, ROW_COLOR, MEAN_COLOR = "#1565C0", "#C2185B", "#90A4AE", "#E65100"


def candidates(dataset: Dataset, tree: Tree, node_id: int) -> CandidateTable:
    """The best cut of every feature at ``node_id``, recomputed from its rows (for a leaf, or a
    node whose growth step kept no table)."""
    sample = tree.node_rows(dataset, node_id)
    node = tree.node(node_id)
    return node_candidates(dataset.X[sample.rows], dataset.y[sample.rows], sample.weights,
                           dataset.features,
                           min_samples_leaf=float(tree.settings.get("min_samples_leaf", 1)),
                           threshold_style=tree.settings.get("threshold_style", "midpoint"),
                           chosen=node.split.feature if node.split is not None else None,
                           criterion=tree.criterion)


def candidate_frame(table: CandidateTable, node_weight: float, node_impurity: float
                    ) -> pd.DataFrame:
    """One row per feature: the test, the node's loss before and after the split (SSE, or by
    the absolute error AE: W times the node's MSE or MAE), its decrease (W times the
    candidate's decrease, so for a feature with missing values the decrease on its known rows
    scaled by ρ, as growth compares them; rounding noise shown as 0,
    :func:`~treecore.split.least_squares.shown_decrease`), what the two groups predict (means,
    or medians), ρ and a ``status`` (``"chosen"``, ``"filtered"`` with a ``note``, or
    ``""``)."""
    before = node_weight * node_impurity
    rows = []
    for i, c in enumerate(table):
        decrease = shown_decrease(c.decrease * node_weight, before)
        left, right = c.branch_values or (np.nan, np.nan)
        rows.append({"feature": c.feature, "test": c.describe(), "sse_before": before,
                     "sse_after": before - decrease, "sse_decrease": decrease,
                     "left_mean": left, "right_mean": right, "rho": c.rho,
                     "status": "chosen" if i == table.chosen_index else
                     "" if c.eligible else "filtered", "note": c.note})
    return pd.DataFrame(rows, columns=["feature", "test", "sse_before", "sse_after",
                                       "sse_decrease", "left_mean", "right_mean", "rho",
                                       "status", "note"])


@dataclass(frozen=True)
class NodeRows:
    """A node's rows along one feature, in value order (at most :data:`SCATTER_LIMIT`)."""

    values: np.ndarray
    targets: np.ndarray
    n_rows: int


def node_rows(dataset: Dataset, tree: Tree, node_id: int, feature: str
              ) -> tuple[CutCurve | AbsoluteCurve, NodeRows]:
    """(every cut of ``feature`` at the node by the tree's criterion, the node's rows along
    it)."""
    sample = tree.node_rows(dataset, node_id)
    values = dataset.X[sample.rows, dataset.schema.index_of(feature)]
    curve = absolute_curve if tree.criterion == "absolute_error" else cut_curve
    return curve(values, dataset.y[sample.rows], sample.weights), \
        scatter_rows(values, dataset.y[sample.rows])


def scatter_rows(values: np.ndarray, targets: np.ndarray) -> NodeRows:
    """Rows to draw as target against feature: in value order, at most :data:`SCATTER_LIMIT`
    of them, evenly spaced in that order."""
    order = np.argsort(values, kind="stable")
    keep = order if len(order) <= SCATTER_LIMIT else order[
        np.linspace(0, len(order) - 1, SCATTER_LIMIT).astype(int)]
    return NodeRows(values[keep], targets[keep], len(order))


#: A node with at most this many cuts of a feature gets them written out as a table.
CUTS_WRITTEN_OUT = 30


def cuts_frame(curve: CutCurve | AbsoluteCurve) -> pd.DataFrame:
    """Every cut as a row, as the books write them out: s, m(s) = SSE(R₁) + SSE(R₂), c₁, c₂
    (by the absolute error: AE(R₁) + AE(R₂) and the two medians)."""
    return pd.DataFrame({"cut": curve.thresholds, "sse_cut": curve.loss,
                         "left_mean": curve.left_value, "right_mean": curve.right_value})


def loss_chart(curve: CutCurve | AbsoluteCurve, words: dict) -> go.Figure:
    """The loss left at every cut, L(R₁) + L(R₂) (``words``: title, threshold, y, chosen), the
    least marked."""
    figure = go.Figure(go.Scatter(x=curve.thresholds, y=curve.loss, mode="lines+markers",
                                  line=dict(color=CURVE_COLOR), marker=dict(size=5),
                                  name=words["y"]))
    if len(curve.loss):
        best = int(np.argmin(curve.loss))
        figure.add_trace(go.Scatter(x=[curve.thresholds[best]], y=[curve.loss[best]],
                                    mode="markers", name=words["chosen"],
                                    marker=dict(size=13, color=CHOSEN_COLOR, symbol="star")))
    figure.update_layout(title=words["title"], xaxis_title=words["threshold"],
                         yaxis_title=words["y"], height=340, margin=dict(l=10, r=10, t=50, b=10),
                         legend=dict(orientation="h", y=-0.25))
    return figure


def rows_chart(rows: NodeRows, curve: CutCurve | AbsoluteCurve, words: dict) -> go.Figure:
    """The node's rows as target against feature, with what the two regions of the best cut
    predict (means, or medians) drawn as steps (``words``: title, feature, target, rows,
    means)."""
    figure = go.Figure(go.Scattergl(x=rows.values, y=rows.targets, mode="markers",
                                    marker=dict(size=5, color=ROW_COLOR, opacity=0.7),
                                    name=words["rows"]))
    if len(curve.loss):
        best = int(np.argmin(curve.loss))
        s, low, high = curve.thresholds[best], rows.values.min(), rows.values.max()
        figure.add_trace(go.Scatter(
            x=[low, s, s, high], y=[curve.left_value[best]] * 2 + [curve.right_value[best]] * 2,
            mode="lines", line=dict(color=MEAN_COLOR, width=3, shape="linear"),
            name=words["means"]))
    figure.update_layout(title=words["title"], xaxis_title=words["feature"],
                         yaxis_title=words["target"], height=340,
                         margin=dict(l=10, r=10, t=50, b=10), legend=dict(orientation="h", y=-0.25))
    return figure


def node_groups(dataset: Dataset, tree: Tree, node_id: int, feature: str) -> GroupCurve:
    """A nominal feature's values at the node, ordered by mean (or median) target, and the
    loss of every cut of that order by the tree's criterion
    (:func:`treecore.split.least_squares.group_curve`)."""
    sample = tree.node_rows(dataset, node_id)
    j = dataset.schema.index_of(feature)
    return group_curve(dataset.X[sample.rows, j], dataset.y[sample.rows], sample.weights,
                       dataset.features[j].labels, tree.criterion)


def _cut_names(curve: GroupCurve) -> list[str]:
    """Each cut of the ordered values as ``last of the first group | first of the second``."""
    return [f"{a} | {b}" for a, b in zip(curve.labels, curve.labels[1:])]


def group_loss_chart(curve: GroupCurve, words: dict) -> go.Figure:
    """The loss (SSE(R₁) + SSE(R₂), or AE(R₁) + AE(R₂)) at every cut of the values in order
    (``words``: title, cut, y, chosen), the least marked."""
    names = _cut_names(curve)
    figure = go.Figure(go.Scatter(x=names, y=curve.loss, mode="lines+markers",
                                  line=dict(color=CURVE_COLOR), marker=dict(size=6),
                                  name=words["y"]))
    if len(curve.loss):
        best = int(np.argmin(curve.loss))
        figure.add_trace(go.Scatter(x=[names[best]], y=[curve.loss[best]], mode="markers",
                                    name=words["chosen"],
                                    marker=dict(size=13, color=CHOSEN_COLOR, symbol="star")))
    figure.update_layout(title=words["title"], xaxis_title=words["cut"], yaxis_title=words["y"],
                         height=380, margin=dict(l=10, r=10, t=50, b=10),
                         legend=dict(x=0.99, xanchor="right", y=0.99, yanchor="top",
                                     bgcolor="rgba(255,255,255,0.8)"))
    return figure


def group_values_chart(curve: GroupCurve, words: dict) -> go.Figure:
    """What each value's rows predict (mean or median target), in the order the cuts follow,
    coloured by the group the least loss puts it in (``words``: title, value, mean, first,
    second)."""
    best = int(np.argmin(curve.loss)) if len(curve.loss) else len(curve.labels) - 1
    first = np.arange(len(curve.labels)) <= best
    figure = go.Figure()
    for members, name, color in ((first, words["first"], MEAN_COLOR),
                                 (~first, words["second"], CURVE_COLOR)):
        figure.add_trace(go.Bar(x=np.asarray(curve.labels, dtype=object)[members],
                                y=curve.values[members], name=name, marker_color=color,
                                customdata=curve.weights[members],
                                hovertemplate="%{x}: %{y:.4g} (w = %{customdata:.4g})"))
    figure.update_layout(title=words["title"], xaxis_title=words["value"],
                         yaxis_title=words["mean"], height=380, bargap=0.2,
                         xaxis=dict(categoryorder="array", categoryarray=list(curve.labels)),
                         margin=dict(l=10, r=10, t=50, b=10),
                         legend=dict(x=0.01, xanchor="left", y=0.99, yanchor="top",
                                     bgcolor="rgba(255,255,255,0.8)"))
    return figure


def groups_frame(curve: GroupCurve) -> pd.DataFrame:
    """Every cut of the ordered values as a row: the first group, the loss it leaves."""
    return pd.DataFrame({"first_group": [", ".join(curve.labels[:i + 1])
                                         for i in range(len(curve.loss))],
                         "sse_cut": curve.loss})


def histogram(targets: np.ndarray, words: dict) -> go.Figure:
    """The targets of a node's rows (``words``: title, count)."""
    figure = go.Figure(go.Histogram(x=targets, marker_color=CURVE_COLOR, nbinsx=30))
    figure.update_layout(title=words["title"], yaxis_title=words["count"], height=260,
                         margin=dict(l=10, r=10, t=40, b=10), bargap=0.05)
    return figure
