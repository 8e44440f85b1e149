"""The criterion lens of a regression node: the squared error and the absolute error side by
side along one feature, as plain values and plotly figures (no Streamlit here).

A cut s splits the node's rows D into R₁ = {x ≤ s} and R₂ = {x > s}. The squared error scores it
by SSE(R₁) + SSE(R₂), SSE(R) = Σ w (y − c)² about the region's mean c (Li Hang 式 5.21); the
absolute error by AE(R₁) + AE(R₂), AE(R) = Σ w |y − m| about its weighted median m
(:mod:`treecore.measures.absolute_error`). The two losses have different units, so each curve is the
share of the node's own loss a cut removes, 1 − (L(R₁) + L(R₂)) / L(D), which puts both on the
scale 0 to 1: where they peak apart, a few far-off targets pull the squared error's cut.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from treecore import Dataset, Tree
from treecore.split.least_squares import AbsoluteCurve, CutCurve, absolute_curve, cut_curve

from ui.views.regression_view import (CHOSEN_COLOR, CURVE_COLOR, MEAN_COLOR, ROW_COLOR, NodeRows,
                                      scatter_rows)

#: The criteria the lens compares, in its order (their names are treecore's).
CRITERIA = ("squared_error", "absolute_error")
#: The line colour of each criterion.
COLORS = {"squared_error": CURVE_COLOR, "absolute_error": MEAN_COLOR}


@dataclass(frozen=True)
class Lens:
    """One feature at one node under both criteria: every cut's squared error (with the region
    means), every cut's absolute error (with the region medians), and the rows to draw."""

    squared: CutCurve
    absolute: AbsoluteCurve
    rows: NodeRows

    def removed(self, criterion: str) -> np.ndarray:
        """The share of the node's loss each cut removes, 1 − (L(R₁) + L(R₂)) / L(D) (0 where
        the node has no loss to remove)."""
        if criterion == "squared_error":
            loss, parent = self.squared.sse, self.squared.parent_sse
        else:
            loss, parent = self.absolute.ae, self.absolute.parent_ae
        return 1.0 - loss / parent if parent > 0 else np.zeros(len(loss))

    def best(self, criterion: str) -> int | None:
        """The position of the cut leaving the least loss (the first of equals), or None."""
        removed = self.removed(criterion)
        return int(np.argmax(removed)) if len(removed) else None

    def leaf_values(self, criterion: str, cut: int) -> tuple[float, float]:
        """What the two regions of a cut predict: their means or their medians."""
        if criterion == "squared_error":
            return float(self.squared.left_mean[cut]), float(self.squared.right_mean[cut])
        return float(self.absolute.left_median[cut]), float(self.absolute.right_median[cut])


def node_lens(dataset: Dataset, tree: Tree, node_id: int, feature: str) -> Lens:
    """The :class:`Lens` of a continuous ``feature`` over the rows that reach ``node_id``
    (those with the value missing left out)."""
    sample = tree.node_rows(dataset, node_id)
    values = dataset.X[sample.rows, dataset.schema.index_of(feature)]
    targets = dataset.y[sample.rows]
    known = ~np.isnan(values)
    return Lens(cut_curve(values, targets, sample.weights),
                absolute_curve(values, targets, sample.weights),
                scatter_rows(values[known], targets[known]))


def lens_frame(lens: Lens) -> pd.DataFrame:
    """One row per criterion: its best cut s, what the two regions predict there and the share
    of the node's loss it removes; also how much of the *other* criterion's loss that cut
    removes, so the price of each choice in the other's terms is visible."""
    rows = []
    for criterion in CRITERIA:
        best = lens.best(criterion)
        if best is None:
            continue
        other = CRITERIA[1 - CRITERIA.index(criterion)]
        left, right = lens.leaf_values(criterion, best)
        rows.append({"criterion": criterion, "cut": float(lens.squared.thresholds[best]),
                     "left": left, "right": right,
                     "removed": float(lens.removed(criterion)[best]),
                     "removed_other": float(lens.removed(other)[best])})
    return pd.DataFrame(rows, columns=["criterion", "cut", "left", "right", "removed",
                                       "removed_other"])


def lens_chart(lens: Lens, words: dict) -> go.Figure:
    """The share of the node's loss removed at every cut, one line per criterion, each one's
    best cut starred (``words``: title, threshold, share, best, and each criterion's name)."""
    figure = go.Figure()
    x = lens.squared.thresholds
    for criterion in CRITERIA:
        removed = lens.removed(criterion)
        figure.add_trace(go.Scatter(x=x, y=removed, mode="lines+markers", name=words[criterion],
                                    line=dict(color=COLORS[criterion]), marker=dict(size=4)))
        best = lens.best(criterion)
        if best is not None:
            figure.add_trace(go.Scatter(
                x=[x[best]], y=[removed[best]], mode="markers", showlegend=False,
                name=words["best"], hovertemplate=f"{words['best']}: %{{x:.4g}}<extra></extra>",
                marker=dict(size=14, color=COLORS[criterion], symbol="star",
                            line=dict(color=CHOSEN_COLOR, width=1))))
    figure.update_layout(title=words["title"], xaxis_title=words["threshold"],
                         yaxis_title=words["share"], yaxis=dict(range=[0, 1.02]), height=360,
                         margin=dict(l=10, r=10, t=50, b=10),
                         legend=dict(orientation="h", y=-0.25))
    return figure


def lens_rows_chart(lens: Lens, words: dict) -> go.Figure:
    """The node's rows as target against feature, with each criterion's best cut drawn as the
    steps of what its two regions predict: means for the squared error, medians for the
    absolute error (``words``: title, feature, target, rows, and each criterion's name)."""
    rows = lens.rows
    figure = go.Figure(go.Scattergl(x=rows.values, y=rows.targets, mode="markers",
                                    marker=dict(size=5, color=ROW_COLOR, opacity=0.6),
                                    name=words["rows"]))
    for criterion, dash in zip(CRITERIA, ("solid", "dash")):
        best = lens.best(criterion)
        if best is None:
            continue
        s = lens.squared.thresholds[best]
        left, right = lens.leaf_values(criterion, best)
        figure.add_trace(go.Scatter(
            x=[rows.values.min(), s, s, rows.values.max()], y=[left, left, right, right],
            mode="lines", name=words[criterion],
            line=dict(color=COLORS[criterion], width=3, dash=dash)))
    figure.update_layout(title=words["title"], xaxis_title=words["feature"],
                         yaxis_title=words["target"], height=360,
                         margin=dict(l=10, r=10, t=50, b=10), legend=dict(orientation="h", y=-0.25))
    return figure
