"""Plotly figures of the Pruning lab and the Compare page, built from plain tables (no Streamlit,
no statistics: every number drawn was computed by treecore). Words are passed in translated.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ui.models.scores import Score
from ui.views.figures import CHOSEN_COLOR, TEMPLATE, class_color, title

_LAYOUT = dict(template=TEMPLATE, margin=dict(l=10, r=10, t=70, b=10),
               legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
TRAIN_COLOR, VALIDATION_COLOR = "#0072B2", "#E69F00"
#: Marker symbol per tree in the CCP chart (cycled).
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "star", "x", "cross", "pentagon")


def _axis_format(score: Score) -> dict:
    """A percentage axis from 0 for accuracy; the figure's own range for an error."""
    return dict(tickformat=".0%", range=[0, 1.05]) if score.fmt.endswith("%") else {}


def validation_bars(table: pd.DataFrame, score: Score, words: Mapping[str, str]) -> go.Figure:
    """``score`` on the validation rows of each tree of a comparison table (columns ``tree``,
    ``validation_<score>``), one coloured bar each, the value printed on it.
    ``words``: ``title``, ``axis``."""
    column = f"validation_{score.name}"
    shown = table.dropna(subset=[column])
    fig = go.Figure(go.Bar(
        x=shown["tree"].astype(str), y=shown[column],
        marker_color=[class_color(i) for i in range(len(shown))],
        text=[score.shown(v) for v in shown[column]], textposition="auto",
        hovertemplate=f"%{{x}}: %{{y:{score.fmt}}}<extra></extra>"))
    fig.update_layout(title=title(words["title"]), height=420, showlegend=False, **_LAYOUT,
                      yaxis=dict(title=words["axis"], **_axis_format(score)))
    return fig


def ccp_chart(points: pd.DataFrame, markers: Sequence[tuple[str, int, float]],
              words: Mapping[str, str], score: Score, chosen: tuple[int, str] | None = None
              ) -> go.Figure:
    """``score`` on the training and validation rows against the number of leaves along the
    CCP path (``points`` from :func:`ui.models.pruning_lab.ccp_points`, α in the hover), one marker
    per named tree ``(name, leaves, value)``, and a dashed line at ``chosen``
    ``(leaves, label)``: the subtree of CCP's chosen α. The x axis is logarithmic beyond 50
    leaves; a second x axis on top labels some subtrees with their α. ``words``: ``title``,
    ``leaves``, ``alpha``, ``axis``, ``train``, ``validation``."""
    fig = go.Figure()
    for part, name, color in (("train", words["train"], TRAIN_COLOR),
                              ("validation", words["validation"], VALIDATION_COLOR)):
        column = f"{part}_{score.name}"
        if points[column].notna().any():
            fig.add_trace(go.Scatter(
                x=points["leaves"], y=points[column], mode="lines+markers", name=name,
                line=dict(color=color), marker=dict(size=5, color=color),
                customdata=points["alpha"],
                hovertemplate=f"%{{x}} leaves, α = %{{customdata:.4g}}: %{{y:{score.fmt}}}"
                              "<extra></extra>"))
    for i, (name, leaves, value) in enumerate(markers):
        if value is None or (isinstance(value, float) and np.isnan(value)):
            continue
        fig.add_trace(go.Scatter(
            x=[leaves], y=[value], mode="markers", name=name,
            marker=dict(symbol=SYMBOLS[i % len(SYMBOLS)], size=14, color=CHOSEN_COLOR,
                        line=dict(color="white", width=1.5)),
            hovertemplate=f"{name}: %{{x}} leaves, %{{y:{score.fmt}}}<extra></extra>"))
    if chosen is not None:                  # a trace, not a shape: right on a log axis too
        drawn = points[[f"train_{score.name}", f"validation_{score.name}"]].to_numpy(float)
        fig.add_trace(go.Scatter(
            x=[chosen[0]] * 2, y=[np.nanmin(drawn), np.nanmax(drawn)], mode="lines",
            name=chosen[1], line=dict(color=CHOSEN_COLOR, dash="dash", width=1.5),
            hoverinfo="skip"))
    scale = "log" if len(points) and points["leaves"].max() > 50 else "linear"
    below = dict(_LAYOUT, legend=dict(orientation="h", yanchor="top", y=-0.2, x=0),
                 margin=dict(l=10, r=10, t=100, b=10))  # many names: under the plot, not the title
    at, alphas = _alpha_ticks(points)
    if fig.data:                    # plotly draws an axis that a trace uses: the first line is
        fig.data[0].xaxis = "x2"    # drawn against the top axis, which matches x's scale
    fig.update_layout(title=title(words["title"]), height=520, **below,
                      xaxis=dict(title=words["leaves"], type=scale),
                      xaxis2=dict(title=words["alpha"], type=scale, overlaying="x", side="top",
                                  matches="x", tickvals=at, ticktext=alphas, showgrid=False),
                      yaxis=dict(title=words["axis"],
                                 **({"tickformat": ".0%"} if score.fmt.endswith("%") else {})))
    return fig


def _alpha_ticks(points: pd.DataFrame, count: int = 6) -> tuple[list, list[str]]:
    """Up to ``count`` subtrees of the path spread evenly over the log of its leaves: their
    leaves (where the top axis puts a tick) and their α (its label)."""
    if not len(points):
        return [], []
    leaves = points["leaves"].to_numpy(float)
    wanted = np.geomspace(1, leaves.max(), count)
    rows = sorted({int(np.abs(np.log(leaves) - np.log(w)).argmin()) for w in wanted})
    return leaves[rows].tolist(), [f"{a:.4g}" for a in points["alpha"].to_numpy()[rows]]


def agreement_heatmap(matrix: pd.DataFrame, words: Mapping[str, str]) -> go.Figure:
    """The share of validation rows on which each pair of trees predicts the same class
    (a square frame indexed and labelled by tree name). ``words``: ``title``."""
    names = [str(n) for n in matrix.index]
    fig = go.Figure(go.Heatmap(
        z=matrix.to_numpy(dtype=float), x=names, y=names, zmin=0, zmax=1, colorscale="Greens",
        text=[[f"{v:.0%}" for v in row] for row in matrix.to_numpy(dtype=float)],
        texttemplate="%{text}", hovertemplate="%{y} · %{x}: %{z:.1%}<extra></extra>"))
    fig.update_layout(title=title(words["title"]), height=120 + 60 * len(names),
                      yaxis=dict(autorange="reversed"), **_LAYOUT)
    return fig


def predicted_scatter(frame: pd.DataFrame, words: Mapping[str, str]) -> go.Figure:
    """Each regression tree's prediction of the rows against their actual value (``frame``:
    ``actual`` and one column per tree), one colour per tree, with the diagonal where
    predicted = actual. ``words``: ``title``, ``actual``, ``predicted``, ``identity``."""
    fig = go.Figure()
    for i, name in enumerate(c for c in frame.columns if c != "actual"):
        fig.add_trace(go.Scatter(
            x=frame["actual"], y=frame[name], mode="markers", name=str(name),
            marker=dict(size=6, color=class_color(i), opacity=0.65),
            hovertemplate=f"{name}: %{{x:.4g}} → %{{y:.4g}}<extra></extra>"))
    low, high = float(frame.min().min()), float(frame.max().max())
    fig.add_trace(go.Scatter(x=[low, high], y=[low, high], mode="lines", name=words["identity"],
                             line=dict(color="#9E9E9E", dash="dot"), hoverinfo="skip"))
    span = [low - 0.03 * (high - low), high + 0.03 * (high - low)]   # one scale on both axes
    fig.update_layout(title=title(words["title"]), height=480, **_LAYOUT,
                      xaxis=dict(title=words["actual"], range=span),
                      yaxis=dict(title=words["predicted"], range=span))
    return fig
