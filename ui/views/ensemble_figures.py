"""Plotly figures of the Forests & boosting page, built from arrays the ensembles computed (no
Streamlit, no statistics of their own beyond counting). Words are passed in translated.

>>> import numpy as np
>>> fig = bootstrap_chart(np.array([0, 2, 1, 0, 1, 1]), {"title": "t", "times": "k",
...                       "rows": "n", "expected": "e"})
>>> fig.data[0].y.tolist()
[2, 3, 1]
"""

from __future__ import annotations

from math import exp, factorial
from typing import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from ui.views.figures import CHOSEN_COLOR, TEMPLATE, class_color, title
from ui.views.lab_figures import TRAIN_COLOR, VALIDATION_COLOR

_LAYOUT = dict(template=TEMPLATE, margin=dict(l=10, r=10, t=70, b=10),
               legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
OOB_COLOR, SINGLE_COLOR, ROW_COLOR = "#009E73", "#7F7F7F", "#56B4E9"
#: Most rows drawn one bar each in the weights chart (the heaviest are kept).
BARS_LIMIT = 300


def rounds_chart(curves: Mapping[str, np.ndarray], current: int, words: Mapping[str, str], *,
                 single: Mapping[str, float] | None = None, percent: bool = True) -> go.Figure:
    """Error (or loss) after each round: one line per named curve (``train``, ``validation``,
    ``oob``; entry t−1 is the ensemble of t members), the single tree's figures as dashed
    horizontal lines labelled above them (training's at the left, validation's at the right,
    so neither sits on the axis's ticks when it is 0), round ``current`` marked. ``words``:
    ``title``, ``rounds``, ``error`` and a name per curve."""
    colors = {"train": TRAIN_COLOR, "validation": VALIDATION_COLOR, "oob": OOB_COLOR}
    fig = go.Figure()
    fmt = ".1%" if percent else ".4g"
    for name, values in curves.items():
        values = np.asarray(values, dtype=float)
        fig.add_trace(go.Scatter(
            x=np.arange(1, len(values) + 1), y=values, mode="lines", name=words[name],
            line=dict(color=colors.get(name, SINGLE_COLOR), width=2),
            hovertemplate=f"%{{x}}: %{{y:{fmt}}}<extra>{words[name]}</extra>"))
    for name, value in (single or {}).items():
        if value is not None and np.isfinite(value):
            fig.add_hline(y=value, line=dict(color=colors.get(name, SINGLE_COLOR), dash="dash",
                                             width=1.5),
                          annotation_text=words[f"single_{name}"],
                          annotation_position="top left" if name == "train" else "top right")
    fig.add_vline(x=current, line=dict(color=CHOSEN_COLOR, width=1.5, dash="dot"))
    fig.update_layout(title=title(words["title"]), height=380, **_LAYOUT,
                      xaxis=dict(title=words["rounds"]),
                      yaxis=dict(title=words["error"], tickformat=".0%" if percent else None,
                                 rangemode="tozero"))
    return fig


def bootstrap_chart(counts: np.ndarray, words: Mapping[str, str]) -> go.Figure:
    """How many rows a bootstrap sample drew 0, 1, 2, … times, beside the number a Poisson(1)
    law expects, N·e⁻¹/k! (the limit of Binomial(N, 1/N); k = 0 gives the ≈ 36.8 % of rows
    left out of the bag, Zhou 式 2.1). ``words``: ``title``, ``times``, ``rows``,
    ``expected``."""
    counts = np.asarray(counts, dtype=np.int64)
    tally = np.bincount(counts)
    k = np.arange(len(tally))
    expected = [len(counts) * exp(-1) / factorial(int(i)) for i in k]
    fig = go.Figure(go.Bar(x=k, y=tally, name=words["rows"], marker_color=ROW_COLOR,
                           hovertemplate="%{x}×: %{y:,}<extra></extra>"))
    fig.add_trace(go.Scatter(x=k, y=expected, mode="markers+lines", name=words["expected"],
                             line=dict(color=SINGLE_COLOR, dash="dot"),
                             hovertemplate="%{x}×: %{y:,.1f}<extra></extra>"))
    fig.update_layout(title=title(words["title"]), height=320, **_LAYOUT,
                      xaxis=dict(title=words["times"], dtick=1), yaxis=dict(title=words["rows"]))
    return fig


def weights_chart(weights: np.ndarray, wrong: np.ndarray, row_labels: Sequence,
                  words: Mapping[str, str]) -> go.Figure:
    """AdaBoost's weight uₙ of every row in one round, one bar a row (the heaviest
    :data:`BARS_LIMIT` rows when there are more), red where that round's member errs.
    ``words``: ``title``, ``row``, ``weight``, ``right``, ``wrong``."""
    weights, wrong = np.asarray(weights, dtype=float), np.asarray(wrong, dtype=bool)
    rows = np.arange(len(weights))
    if len(rows) > BARS_LIMIT:
        rows = np.sort(np.argsort(-weights, kind="stable")[:BARS_LIMIT])
    labels = [str(row_labels[i]) for i in rows]
    fig = go.Figure()
    for flag, name, color in ((False, words["right"], TRAIN_COLOR),
                              (True, words["wrong"], CHOSEN_COLOR)):
        keep = rows[wrong[rows] == flag]
        fig.add_trace(go.Bar(x=[str(row_labels[i]) for i in keep], y=weights[keep], name=name,
                             marker_color=color,
                             hovertemplate="%{x}: %{y:.4g}<extra>" + name + "</extra>"))
    fig.update_layout(title=title(words["title"]), height=340, barmode="overlay", **_LAYOUT,
                      xaxis=dict(title=words["row"], type="category", categoryorder="array",
                                 categoryarray=labels, showticklabels=len(labels) <= 60),
                      yaxis=dict(title=words["weight"], rangemode="tozero"))
    return fig


def residuals_chart(member: np.ndarray, residuals: np.ndarray, step: float,
                    words: Mapping[str, str]) -> go.Figure:
    """Gradient boosting's round t: each row's residual yₙ − sₜ₋₁(xₙ) against the member's
    output gₜ(xₙ), with the line r = αₜ·g that the one-variable linear regression fits.
    ``words``: ``title``, ``member``, ``residual``, ``rows``, ``line``."""
    member, residuals = np.asarray(member, dtype=float), np.asarray(residuals, dtype=float)
    fig = go.Figure(go.Scattergl(x=member, y=residuals, mode="markers", name=words["rows"],
                                 marker=dict(size=5, color=ROW_COLOR, opacity=0.6)))
    if len(member):
        ends = np.array([member.min(), member.max()])
        fig.add_trace(go.Scatter(x=ends, y=step * ends, mode="lines", name=words["line"],
                                 line=dict(color=CHOSEN_COLOR, width=2.5)))
    fig.update_layout(title=title(words["title"]), height=380, **_LAYOUT,
                      xaxis=dict(title=words["member"]), yaxis=dict(title=words["residual"]))
    return fig


def running_sum_chart(sums: np.ndarray, target: float | None, current: int,
                      words: Mapping[str, str]) -> go.Figure:
    """One row's prediction after each round, s₁ … s_T, with its true value dashed (when it
    is a number). ``words``: ``title``, ``rounds``, ``prediction``, ``truth``."""
    sums = np.asarray(sums, dtype=float)
    fig = go.Figure(go.Scatter(x=np.arange(1, len(sums) + 1), y=sums, mode="lines+markers",
                               name=words["prediction"], line=dict(color=TRAIN_COLOR),
                               marker=dict(size=4)))
    if target is not None:
        fig.add_hline(y=target, line=dict(color=VALIDATION_COLOR, dash="dash"),
                      annotation_text=words["truth"], annotation_position="top left")
    fig.add_vline(x=current, line=dict(color=CHOSEN_COLOR, width=1.5, dash="dot"))
    fig.update_layout(title=title(words["title"]), height=340, **_LAYOUT,
                      xaxis=dict(title=words["rounds"]), yaxis=dict(title=words["prediction"]))
    return fig


def votes_chart(shares: np.ndarray, classes: Sequence, current: int,
                words: Mapping[str, str]) -> go.Figure:
    """A row's vote share for each class as trees are added (``shares``: rounds × classes,
    row t−1 the shares among the first t trees). ``words``: ``title``, ``rounds``,
    ``share``."""
    shares = np.asarray(shares, dtype=float)
    x = np.arange(1, len(shares) + 1)
    fig = go.Figure([go.Scatter(x=x, y=shares[:, k], mode="lines", name=str(label),
                                line=dict(color=class_color(k), width=2), stackgroup="votes",
                                hovertemplate="%{x}: %{y:.0%}<extra>" + str(label) + "</extra>")
                     for k, label in enumerate(classes)])
    fig.add_vline(x=current, line=dict(color=CHOSEN_COLOR, width=1.5, dash="dot"))
    fig.update_layout(title=title(words["title"]), height=340, **_LAYOUT,
                      xaxis=dict(title=words["rounds"]),
                      yaxis=dict(title=words["share"], tickformat=".0%", range=[0, 1]))
    return fig


def importance_chart(names: Sequence[str], impurity: np.ndarray,
                     permutation: tuple[np.ndarray, np.ndarray, int] | None,
                     words: Mapping[str, str]) -> go.Figure:
    """Each feature's impurity importance and, when measured, its permutation importance
    ``(mean, spread over the repeats, rows)`` beside it; features ordered by the last measure
    drawn. ``words``: ``title``, ``impurity``, ``permutation``, ``importance``."""
    impurity = np.asarray(impurity, dtype=float)
    key = impurity if permutation is None else np.asarray(permutation[0], dtype=float)
    order = np.argsort(key, kind="stable")
    labels = [str(names[i]) for i in order]
    bars = [go.Bar(y=labels, x=impurity[order], orientation="h", name=words["impurity"],
                   marker_color=TRAIN_COLOR)]
    if permutation is not None:
        mean, spread, _ = (np.asarray(part) for part in permutation)
        bars.append(go.Bar(y=labels, x=mean[order], orientation="h",
                           name=words["permutation"], marker_color=VALIDATION_COLOR,
                           error_x=dict(type="data", array=spread[order])))
    fig = go.Figure(bars)
    fig.update_layout(title=title(words["title"]), barmode="group",
                      height=120 + 28 * len(labels), **_LAYOUT,
                      xaxis=dict(title=words["importance"]),
                      yaxis=dict(type="category", categoryorder="array", categoryarray=labels))
    return fig
