"""Plotly figures of the Grow page, built from treecore values (no Streamlit, no statistics:
every number drawn comes from the engine). Axis words are passed in, already translated.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio

from treecore import ThresholdCurve
from treecore.io import CLASS_COLORS, number_text

from ui.views.node_view import LensCurve, Strip, lens_names

#: Most points of a threshold curve drawn (evenly spaced; the chosen one is always kept).
CURVE_LIMIT = 2000
CHOSEN_COLOR = "#C2185B"
#: The one thing plotly's "plotly_white" template still gives a figure under Streamlit's theme
#: (which draws fonts, grid and background whatever the template): its colours for traces that
#: have none of their own. Naming "plotly_white" builds its 7 KB into every figure, about 12 ms,
#: and st.plotly_chart builds it again; this costs well under 1 ms.
TEMPLATE = {"layout": {"colorway": list(pio.templates["plotly_white"].layout.colorway)}}
_LAYOUT = dict(template=TEMPLATE, margin=dict(l=10, r=10, t=90, b=10),
               legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))


def title(text: str) -> dict:
    """A title at the top of the figure, above the legend (which sits just above the plot)."""
    return dict(text=text, y=0.98, yref="container", yanchor="top", x=0, xanchor="left")


def class_color(index: int) -> str:
    """The colour of class ``index``, the same as in the drawn tree."""
    return CLASS_COLORS[index % len(CLASS_COLORS)]


def _shown(n: int, keep: int | None) -> np.ndarray:
    """Indices of at most CURVE_LIMIT entries, evenly spaced, always including ``keep``."""
    if n <= CURVE_LIMIT:
        return np.arange(n)
    picked = set(np.linspace(0, n - 1, CURVE_LIMIT).astype(int).tolist())
    if keep is not None:
        picked.add(keep)
    return np.array(sorted(picked))


def threshold_chart(curve: ThresholdCurve, rows: Strip, classes: Sequence, figure: str,
                    words: Mapping[str, str]) -> go.Figure:
    """A continuous feature at one node: ``curve.figures[figure]`` at every candidate threshold
    (boundary points as filled diamonds, the others as small circles, the chosen threshold a
    star and a vertical line); beneath it, the node's rows along the feature, one lane per class.

    ``words``: ``title``, ``y`` (the figure's name), ``threshold``, ``boundary``, ``other``,
    ``chosen``, ``rows``.
    """
    idx = _shown(len(curve), curve.best)
    x, y = curve.threshold[idx], curve.figures[figure][idx]
    boundary = curve.is_boundary[idx]
    traces = [go.Scatter(x=x, y=y, mode="lines", line=dict(color="#90A4AE", width=1.5),
                         showlegend=False, hoverinfo="skip")]
    for mask, name, marker in ((boundary, words["boundary"], dict(symbol="diamond", size=9,
                                                               color="#37474F")),
                               (~boundary, words["other"], dict(symbol="circle-open", size=6,
                                                                 color="#78909C"))):
        traces.append(go.Scatter(x=x[mask], y=y[mask], mode="markers", name=name, marker=marker,
                                 hovertemplate="%{x:.6g}: %{y:.4f}<extra></extra>"))
    shapes = []
    if curve.best is not None:
        best_x = float(curve.threshold[curve.best])
        traces.append(go.Scatter(x=[best_x], y=[float(curve.figures[figure][curve.best])],
                                 mode="markers", name=f"{words['chosen']} {best_x:.6g}",
                                 marker=dict(symbol="star", size=16, color=CHOSEN_COLOR)))
        shapes = [dict(type="line", x0=best_x, x1=best_x, xref=axis, y0=0, y1=1,
                       yref=f"{y_axis} domain", line=dict(color=CHOSEN_COLOR, dash="dot"))
                  for axis, y_axis in (("x", "y"), ("x2", "y2"))]
    for code, label in enumerate(classes):
        mine = rows.classes == code
        if mine.any():
            traces.append(go.Scatter(
                x=rows.values[mine], y=[str(label)] * int(mine.sum()), mode="markers",
                name=str(label), legendgroup="classes", xaxis="x2", yaxis="y2",
                marker=dict(color=class_color(code), size=7, symbol="line-ns-open", line_width=2),
                hovertemplate="%{x:.6g}<extra>%{y}</extra>"))
    # Two rows sharing the x axis, laid out as make_subplots(rows=2, shared_xaxes=True,
    # row_heights=[0.72, 0.28], vertical_spacing=0.06) would, but given whole to the
    # constructor: add_trace(row=…) and update_layout cost some 40 ms here, this a few.
    return go.Figure(traces, layout={
        **_LAYOUT, "title": title(words["title"]), "height": 470, "shapes": shapes,
        "xaxis": {"anchor": "y", "matches": "x2", "showticklabels": False},
        "xaxis2": {"anchor": "y2", "title": {"text": words["threshold"]}},
        "yaxis": {"anchor": "x", "domain": [0.3232, 1.0], "title": {"text": words["y"]}},
        "yaxis2": {"anchor": "x2", "domain": [0.0, 0.2632], "type": "category",
                   "title": {"text": words["rows"]}}})


def value_chart(values: Sequence[str], counts: np.ndarray, classes: Sequence,
                words: Mapping[str, str]) -> go.Figure:
    """A nominal feature at one node: stacked bars of the weighted class counts per value.
    ``words``: ``title``, ``value``, ``count``."""
    fig = go.Figure()
    for code, label in enumerate(classes):
        fig.add_trace(go.Bar(x=[str(v) for v in values], y=counts[:, code], name=str(label),
                             marker_color=class_color(code),
                             hovertemplate="%{x}: %{y:.4g}<extra>" + str(label) + "</extra>"))
    fig.update_layout(barmode="stack", title=title(words["title"]), height=380,
                      xaxis_title=words["value"], yaxis_title=words["count"], **_LAYOUT)
    return fig


def class_chart(classes: Sequence, counts: Sequence[float], words: Mapping[str, str]
                ) -> go.Figure:
    """A node's weighted class counts as horizontal bars. ``words``: ``count``."""
    labels = [str(c) for c in classes]
    bars = go.Bar(x=list(counts), y=labels, orientation="h",
                  marker_color=[class_color(i) for i in range(len(labels))],
                  text=[number_text(c) for c in counts], textposition="auto",
                  hovertemplate="%{y}: %{text}<extra></extra>")
    # the layout given whole to the constructor: update_layout costs 7 ms a call, this 1 ms
    return go.Figure(bars, layout={**_LAYOUT, "height": 60 + 34 * len(labels),
                                   "xaxis": {"title": {"text": words["count"]}},
                                   "yaxis": {"type": "category", "autorange": "reversed"},
                                   "margin": {"l": 10, "r": 10, "t": 10, "b": 10}})


#: Colour and line dash of the lens's curves, in the order of its criteria (cycled).
LENS_STYLES = (("#0072B2", "solid"), ("#009E73", "dash"), ("#E69F00", "solid"),
               ("#CC79A7", "dot"), ("#56B4E9", "dashdot"), ("#D55E00", "longdash"))


def lens_style(position: int) -> tuple[str, str]:
    """The (colour, dash) of the lens's ``position``-th criterion."""
    return LENS_STYLES[position % len(LENS_STYLES)]


def criterion_lens(curves: Mapping[str, LensCurve], words: Mapping[str, str]) -> go.Figure:
    """The criteria side by side for one continuous feature at one node: each curve divided by
    its own maximum (so all peak at 1), with a marker where ID3, C4.5 and CART split (one marker
    naming every algorithm that splits at the same threshold).

    ``curves`` comes from :func:`ui.views.node_view.lens_curves`; ``words`` has one name per curve
    key plus ``title``, ``threshold``, ``scaled`` and ``splits_here`` (with ``{algorithm}``).
    """
    fig = go.Figure()
    marks: dict[float, list[tuple[str, float]]] = {}     # threshold → (algorithm, height)
    for position, (name, lens) in enumerate(curves.items()):
        (color, dash), curve, algorithm = lens_style(position), lens.curve, lens.picked_by
        values = np.asarray(curve.figures[lens.figure], dtype=float)
        top = np.nanmax(values) if len(values) else 0.0
        scaled = values / top if top > 0 else np.zeros_like(values)
        idx = _shown(len(curve), curve.best)
        fig.add_trace(go.Scatter(x=curve.threshold[idx], y=scaled[idx], mode="lines",
                                 name=words[name], line=dict(color=color, dash=dash, width=2),
                                 customdata=values[idx],
                                 hovertemplate="%{x:.6g}: %{customdata:.4f}<extra></extra>"))
        if algorithm and curve.best is not None:
            marks.setdefault(float(curve.threshold[curve.best]), []).append(
                (algorithm, float(scaled[curve.best])))
    for x, found in marks.items():
        names = " · ".join(name for name, _ in found)
        fig.add_trace(go.Scatter(
            x=[x], y=[max(y for _, y in found)], mode="markers+text", text=[names],
            marker=dict(color=CHOSEN_COLOR, size=13, symbol="triangle-down"),
            textposition="top center", textfont=dict(color=CHOSEN_COLOR), showlegend=False,
            hovertemplate=words["splits_here"].format(algorithm=names)
            + " %{x:.6g}<extra></extra>"))
    fig.update_layout(title=title(words["title"]), height=420, xaxis_title=words["threshold"],
                      yaxis=dict(title=words["scaled"], range=[-0.05, 1.18]), **_LAYOUT)
    return fig


#: Most value groupings drawn by the nominal lens (the table beneath lists them all).
GROUPING_LIMIT = 24


def nominal_lens_chart(frame, words: Mapping[str, str]) -> go.Figure:
    """The criteria side by side for one nominal feature at one node: one group of bars per value
    grouping (the multiway split, then the binary subsets), each criterion divided by its own
    maximum over the groupings, the algorithms' picks named at the right. At most
    :data:`GROUPING_LIMIT` groupings, in the frame's order.

    ``frame`` comes from :func:`ui.views.node_view.nominal_lens`; ``words`` has one name per
    criterion column (:func:`ui.views.node_view.lens_names`) plus ``title`` and ``scaled``; the
    multiway row is marked ▣.
    """
    shown = frame.head(GROUPING_LIMIT)
    labels = [("▣ " if multiway else "") + grouping
              for grouping, multiway in zip(shown["grouping"], shown["multiway"])]
    fig = go.Figure()
    for position, name in enumerate(lens_names()):
        color, dash = lens_style(position)
        values = frame[name].to_numpy(dtype=float)
        top = values.max() if len(values) else 0.0
        scaled = (values / top if top > 0 else np.zeros_like(values))[:len(shown)]
        fig.add_trace(go.Bar(y=labels, x=scaled, orientation="h", name=words[name],
                             marker=dict(color=color, pattern_shape="/" if dash != "solid" else ""),
                             customdata=values[:len(shown)],
                             hovertemplate="%{y}: %{customdata:.4f}<extra>" + words[name]
                             + "</extra>"))
    for label, picked in zip(labels, shown["picked_by"]):
        if picked:
            fig.add_annotation(x=1.02, y=label, xref="x", yref="y", text=f"◀ {picked}",
                               showarrow=False, xanchor="left",
                               font=dict(color=CHOSEN_COLOR, size=13))
    fig.update_layout(title=title(words["title"]), barmode="group", bargap=0.25,
                      height=160 + 95 * len(shown),
                      xaxis=dict(title=words["scaled"], range=[0, 1.35]),
                      yaxis=dict(type="category", autorange="reversed"), **_LAYOUT)
    return fig
