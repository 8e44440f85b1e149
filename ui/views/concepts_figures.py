"""Plotly figures of the Concepts page, from numbers the engine computed (no Streamlit). Words
are passed in, already translated.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from ui.models.concepts import Measures
from ui.views.figures import CHOSEN_COLOR, TEMPLATE, class_color, title

_LAYOUT = dict(template=TEMPLATE, margin=dict(l=10, r=10, t=90, b=10),
               legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
#: Colour and dash of each impurity curve.
IMPURITY_STYLE = {"entropy_half": ("#0072B2", "solid"), "gini": ("#E69F00", "dash"),
                  "error": ("#CC79A7", "dot")}
X_COLOR, Y_COLOR = "#0072B2", "#E69F00"


def impurity_chart(curves: Mapping[str, np.ndarray], node: Mapping[str, float] | None,
                   words: Mapping[str, str]) -> go.Figure:
    """Entropy/2, Gini value and misclassification error of a two-class node against p (Hastie
    et al. Fig. 9.3), and the node on screen marked on each curve at its own p.

    ``curves`` from :func:`ui.models.concepts.impurity_curves`; ``node`` maps ``p`` and each curve
    name to the node's value (None: no node marked); ``words`` names each curve and gives
    ``title``, ``p``, ``impurity`` and ``node``.
    """
    fig = go.Figure()
    for name, (color, dash) in IMPURITY_STYLE.items():
        fig.add_trace(go.Scatter(x=curves["p"], y=curves[name], mode="lines", name=words[name],
                                 line=dict(color=color, dash=dash, width=2.5),
                                 hovertemplate="p = %{x:.3f}: %{y:.4f}<extra></extra>"))
    if node is not None:
        fig.add_trace(go.Scatter(
            x=[node["p"]] * len(IMPURITY_STYLE), y=[node[name] for name in IMPURITY_STYLE],
            mode="markers", name=words["node"],
            marker=dict(color=CHOSEN_COLOR, size=12, symbol="circle",
                        line=dict(color="white", width=1.5)),
            hovertemplate="p = %{x:.3f}: %{y:.4f}<extra></extra>"))
        fig.add_vline(x=node["p"], line=dict(color=CHOSEN_COLOR, dash="dot", width=1))
    fig.update_layout(title=title(words["title"]), height=400, xaxis_title=words["p"],
                      yaxis=dict(title=words["impurity"], range=[0, 0.55]), **_LAYOUT)
    return fig


# ------------------------------------------------------------------------------- the two circles
def lens_area(r1: float, r2: float, d: float) -> float:
    """Area of the overlap of two circles of radii r1, r2 whose centres are d apart.

    >>> round(lens_area(1, 1, 0), 4) == round(math.pi, 4), lens_area(1, 1, 2)
    (True, 0.0)
    """
    if d >= r1 + r2:
        return 0.0
    if d <= abs(r1 - r2):
        return math.pi * min(r1, r2) ** 2
    a1 = r1 * r1 * math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1))
    a2 = r2 * r2 * math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2))
    kite = 0.5 * math.sqrt((-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2))
    return a1 + a2 - kite


def centre_distance(r1: float, r2: float, overlap: float) -> float:
    """The distance between the centres at which the two circles overlap by ``overlap``
    (bisection: the overlap shrinks as the circles move apart)."""
    near, far = abs(r1 - r2), r1 + r2
    if overlap >= lens_area(r1, r2, near) - 1e-12:
        return near
    if overlap <= 0:
        return far
    for _ in range(80):
        middle = (near + far) / 2
        near, far = (middle, far) if lens_area(r1, r2, middle) > overlap else (near, middle)
    return (near + far) / 2


def information_diagram(m: Measures, names: tuple[str, str], words: Mapping[str, str]
                        ) -> go.Figure:
    """The two-circle picture of H(X) and H(Y) with honest areas: each circle's area is its
    entropy, their overlap I(X;Y), the parts outside it H(X|Y) and H(Y|X), and the union
    H(X,Y) (Cover & Thomas Fig. 2.2). ``names`` are the two columns; ``words``: ``title``.
    """
    r1, r2 = math.sqrt(m.hx / math.pi), math.sqrt(m.hy / math.pi)
    d = centre_distance(r1, r2, min(m.mi, m.hx, m.hy))
    fig = go.Figure()
    for cx, r, color in ((0.0, r1, X_COLOR), (d, r2, Y_COLOR)):
        fig.add_shape(type="circle", x0=cx - r, x1=cx + r, y0=-r, y1=r, xref="x", yref="y",
                      line=dict(color=color, width=3), fillcolor=color, opacity=0.28)
    left_edge, right_edge = min(-r1, d - r2), max(r1, d + r2)
    middle = (max(d - r2, -r1) + min(r1, d + r2)) / 2 if m.mi > 0 else d / 2   # of the overlap
    top = max(r1, r2)
    labels = [((left_edge + min(d - r2, r1)) / 2, 0, f"H({names[0]}|{names[1]})<br>{m.hx_y:.3f}"),
              ((max(r1, d - r2) + right_edge) / 2, 0,
               f"H({names[1]}|{names[0]})<br>{m.hy_x:.3f}"),
              (0.0, top * 1.15, f"<b>H({names[0]}) = {m.hx:.3f}</b>"),
              (d, top * 1.35, f"<b>H({names[1]}) = {m.hy:.3f}</b>")]
    fig.add_trace(go.Scatter(x=[x for x, _, _ in labels], y=[y for _, y, _ in labels],
                             mode="text", text=[text for _, _, text in labels],
                             textfont=dict(size=13), hoverinfo="skip", showlegend=False))
    fig.add_annotation(x=middle, y=0, ax=middle, ay=-top * 1.35, axref="x", ayref="y",
                       text=f"<b>I({names[0]}; {names[1]}) = {m.mi:.3f}</b>", showarrow=True,
                       arrowhead=2, font=dict(size=13, color=CHOSEN_COLOR),
                       arrowcolor=CHOSEN_COLOR)
    span = max(right_edge - left_edge, 2 * top, 0.5)
    fig.update_xaxes(visible=False, range=[left_edge - 0.15 * span, right_edge + 0.15 * span])
    fig.update_yaxes(visible=False, scaleanchor="x", scaleratio=1,
                     range=[-top * 1.6 - 0.05, top * 1.6 + 0.05])
    fig.update_layout(title=title(words["title"].format(joint=f"{m.hxy:.3f}")), height=440,
                      **_LAYOUT)
    return fig


def distributions_chart(classes: Sequence, p: Sequence[float], q: Sequence[float],
                        words: Mapping[str, str]) -> go.Figure:
    """P and Q side by side per outcome. ``words``: ``p``, ``q``, ``outcome``, ``probability``."""
    labels = [str(c) for c in classes]
    fig = go.Figure([go.Bar(x=labels, y=list(p), name=words["p"], marker_color=class_color(0),
                            hovertemplate="%{x}: %{y:.4f}<extra>P</extra>"),
                     go.Bar(x=labels, y=list(q), name=words["q"], marker_color=class_color(1),
                            hovertemplate="%{x}: %{y:.4f}<extra>Q</extra>")])
    fig.update_layout(barmode="group", height=320, xaxis_title=words["outcome"],
                      yaxis=dict(title=words["probability"], range=[0, 1.05]), **_LAYOUT)
    fig.update_layout(margin=dict(l=10, r=10, t=40, b=10))
    return fig
