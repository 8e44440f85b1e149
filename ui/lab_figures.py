"""Plotly figures of the Pruning lab and the Compare page, built from plain tables (no Streamlit,
no statistics: every number drawn was computed by treecore). Words are passed in translated.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from .figures import CHOSEN_COLOR, class_color, title

_LAYOUT = dict(template="plotly_white", margin=dict(l=10, r=10, t=70, b=10),
               legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
TRAIN_COLOR, VALIDATION_COLOR = "#0072B2", "#E69F00"
#: Marker symbol per tree in the CCP chart (cycled).
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "star", "x", "cross", "pentagon")


def accuracy_bars(table: pd.DataFrame, words: Mapping[str, str]) -> go.Figure:
    """Validation accuracy of each tree of a comparison table (columns ``tree``,
    ``validation_accuracy``), one coloured bar each, the value printed on it.
    ``words``: ``title``, ``accuracy``."""
    shown = table.dropna(subset=["validation_accuracy"])
    fig = go.Figure(go.Bar(
        x=shown["tree"].astype(str), y=shown["validation_accuracy"],
        marker_color=[class_color(i) for i in range(len(shown))],
        text=[f"{v:.1%}" for v in shown["validation_accuracy"]], textposition="auto",
        hovertemplate="%{x}: %{y:.1%}<extra></extra>"))
    fig.update_layout(title=title(words["title"]), height=340, yaxis=dict(
        title=words["accuracy"], tickformat=".0%", range=[0, 1.05]), showlegend=False, **_LAYOUT)
    return fig


def ccp_chart(points: pd.DataFrame, markers: Sequence[tuple[str, int, float]],
              words: Mapping[str, str]) -> go.Figure:
    """Training and validation accuracy against the number of leaves along the CCP path
    (``points`` from :func:`ui.pruning_lab.ccp_points`), one marker per named tree
    ``(name, leaves, validation accuracy)``. The x axis is logarithmic beyond 50 leaves.
    ``words``: ``title``, ``leaves``, ``accuracy``, ``train``, ``validation``."""
    fig = go.Figure()
    for column, name, color in (("train_accuracy", words["train"], TRAIN_COLOR),
                                ("validation_accuracy", words["validation"], VALIDATION_COLOR)):
        if points[column].notna().any():
            fig.add_trace(go.Scatter(
                x=points["leaves"], y=points[column], mode="lines+markers", name=name,
                line=dict(color=color), marker=dict(size=5, color=color),
                customdata=points["alpha"],
                hovertemplate="%{x} leaves, α = %{customdata:.4g}: %{y:.1%}<extra></extra>"))
    for i, (name, leaves, value) in enumerate(markers):
        if value is None or (isinstance(value, float) and np.isnan(value)):
            continue
        fig.add_trace(go.Scatter(
            x=[leaves], y=[value], mode="markers", name=name,
            marker=dict(symbol=SYMBOLS[i % len(SYMBOLS)], size=14, color=CHOSEN_COLOR,
                        line=dict(color="white", width=1.5)),
            hovertemplate=f"{name}: %{{x}} leaves, %{{y:.1%}}<extra></extra>"))
    log = len(points) and points["leaves"].max() > 50
    fig.update_layout(title=title(words["title"]), height=420, **_LAYOUT,
                      xaxis=dict(title=words["leaves"], type="log" if log else "linear"),
                      yaxis=dict(title=words["accuracy"], tickformat=".0%"))
    return fig


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
