"""A tree as Graphviz DOT: class colours or a sequential scale of the value, a highlighted path,
greyed nodes, the weight flowing along each edge; every user text escaped."""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..tree.nodes import Node, Tree
from .text import class_details, number_text, regression_words

#: Class colours (colour-blind friendly, Okabe-Ito), cycled when there are more classes.
CLASS_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
                "#999999")
#: The words a drawn node uses; callers pass translations with the same keys.
DOT_WORDS = {"samples": "n", "more": "…", "mean": "mean", "mse": "MSE", "median": "median",
             "mae": "MAE"}
#: A regression node's fill, from the lowest node value to the highest (a sequential scale).
VALUE_SCALE = ("#E3F2FD", "#0D47A1")
_HIGHLIGHT = "#C2185B"
_GREY = "#9E9E9E"


def dot_escape(text: object) -> str:
    """``text`` as the inside of a DOT double-quoted string, shown literally.

    Backslashes and quotes are escaped (so a name cannot end the string or start a Graphviz
    escape such as ``\\N``) and line breaks become spaces. Labels are quoted strings, never
    HTML-like labels, so ``<``, ``>`` and ``&`` are plain text.

    >>> dot_escape('a "b" \\\\ c\\nd')
    'a \\\\"b\\\\" \\\\\\\\ c d'
    """
    text = str(text).replace("\\", "\\\\").replace('"', '\\"')
    return " ".join(text.splitlines()) if ("\n" in text or "\r" in text) else text


def _fill(color: str, distribution) -> str:
    """The class colour, lighter the less pure the node (as scikit-learn's exporter):
    opacity (p₁ − p₂)/(1 − p₂) of the two largest class shares, at least 0.12."""
    shares = sorted(distribution, reverse=True) + [0.0]
    alpha = 1.0 if shares[1] >= 1 else (shares[0] - shares[1]) / (1 - shares[1])
    alpha = 0.12 + 0.88 * max(0.0, min(1.0, alpha))
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - alpha * (255 - c)):02x}" for c in rgb)


def _value_fill(value: float, low: float, high: float) -> str:
    """The colour of a regression node's value on :data:`VALUE_SCALE` between the tree's lowest
    and highest node values."""
    share = 0.5 if high <= low else (value - low) / (high - low)
    ends = [[int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in VALUE_SCALE]
    return "#" + "".join(f"{round(a + share * (b - a)):02x}" for a, b in zip(*ends))


def _dot_label(tree: Tree, node: Node, words) -> str:
    """Node text: the test (or the predicted class), the largest weighted class counts
    (:func:`~treecore.io.text.class_details`), the row count;
    for a regression node the test (or → its value), its mean and MSE (or median and MAE), the
    row count."""
    if tree.is_regression:
        head = (node.split.describe() if node.split is not None
                else f"→ {number_text(node.value)}")
        value, impurity = regression_words(tree, words)
        lines = [f"#{node.node_id}  {head}",
                 f"{value} = {number_text(node.value)} · {impurity} = "
                 f"{number_text(node.impurity)}",
                 f"{words['samples']} = {number_text(node.weighted_n_samples)}"]
        return "\\n".join(dot_escape(line) for line in lines)
    counts = class_details(np.array([node.class_counts], dtype=float), tree.classes)[0]
    head = node.split.describe() if node.split is not None else f"→ {tree.classes[node.prediction]}"
    lines = [f"#{node.node_id}  {head}", counts,
             f"{words['samples']} = {number_text(node.weighted_n_samples)}"]
    return "\\n".join(dot_escape(line) for line in lines if line)


#: Pen width of an edge carrying all the weight in a flow drawing (an edge with none: 1).
FLOW_WIDTH = 8.0


def _flow_label(flow, child: int) -> str:
    return "" if flow is None else f"\\nw = {flow.get(child, 0.0):.4g}"


def _flow_style(weight: float, top: float) -> str:
    """The pen width of an edge carrying ``weight`` of at most ``top``; dotted when none."""
    if weight <= 0 or top <= 0:
        return ', penwidth=1, style=dotted, color="#BBBBBB"'
    return f', penwidth={1 + (FLOW_WIDTH - 1) * weight / top:.2f}, color="#1565C0"'


def _drawn_nodes(tree: Tree, max_depth: int | None, drawn) -> Iterator[Node]:
    """The nodes to draw, in id order: to ``max_depth``, and only those ``drawn`` when given
    (a compiled tree's made alone: a row's nodes in a big tree, not the whole tree)."""
    if drawn is None:
        return tree.iter_nodes(max_depth)
    nodes = (tree.node_alone(node_id) for node_id in sorted(drawn))
    return nodes if max_depth is None else (node for node in nodes if node.depth <= max_depth)


def to_dot(tree: Tree, *, highlight: int | None = None, greyed=(), class_colors=None,
           max_depth: int | None = None, labels=None, flow=None, drawn=None) -> str:
    """The tree as Graphviz DOT text (drawn by ``st.graphviz_chart`` or the ``dot`` program).

    Each node shows its test (internal) or predicted class (leaf), its largest weighted class
    counts (:func:`~treecore.io.text.class_details`) and the weighted row count, filled with its
    majority class's colour (lighter when impure); a node still waiting to be expanded
    (``Tree.until``) has a dotted border. Edges carry the branch labels. ``highlight``
    outlines one node; ``greyed`` nodes are drawn grey and dashed (e.g. a subtree a pruning
    method removes); below ``max_depth`` a subtree collapses to a "…" node. ``labels``
    overrides :data:`DOT_WORDS`. ``flow`` maps a child's id to the weight flowing along the
    edge into it (:mod:`treecore.tree.flow`): each edge is then labelled with its weight w and
    drawn with a width proportional to it, an edge without weight thin and dotted. ``drawn``
    (node ids, the root among them) draws only those nodes: a branch to a child not drawn ends
    in a "…" (e.g. the branches a row's weight does not take). Every name is data, escaped.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> dot = to_dot(tree, highlight=0)
    >>> dot.splitlines()[0], dot.count("->")
    ('digraph tree {', 4)
    >>> print(next(line for line in dot.splitlines() if line.startswith("  n0 ")))
      n0 [label="#0  有自己的房子 = ?\\n否 6 · 是 9\\nn = 15", fillcolor="#f5d796", penwidth=3,
      color="#C2185B"];
    """
    colors = tuple(class_colors or CLASS_COLORS)
    words = {**DOT_WORDS, **(labels or {})}
    greyed = set(greyed)
    if tree.is_regression:
        low, high = tree.value_range
    out = ["digraph tree {",
           '  graph [rankdir=TB, nodesep=0.25, ranksep=0.45, fontname="sans-serif"];',
           '  node [shape=box, style="rounded,filled", fontname="sans-serif", fontsize=11, '
           'color="#555555"];',
           '  edge [fontname="sans-serif", fontsize=10, color="#777777"];']
    for node in _drawn_nodes(tree, max_depth, drawn):
        attrs = [f'label="{_dot_label(tree, node, words)}"']
        if node.node_id in greyed:
            attrs += ['fillcolor="#EEEEEE"', 'style="rounded,filled,dashed"',
                      f'fontcolor="{_GREY}"', f'color="{_GREY}"']
        else:
            fill = _value_fill(node.value, low, high) if tree.is_regression else \
                _fill(colors[node.prediction % len(colors)], node.distribution)
            attrs.append(f'fillcolor="{fill}"')
            if tree.is_regression and node.value > (low + high) / 2:
                attrs.append('fontcolor="white"')
            if node.is_leaf and node.stop_reason is None:       # waiting to be expanded
                attrs.append('style="rounded,filled,dotted"')
        if node.node_id == highlight:
            attrs += ["penwidth=3", f'color="{_HIGHLIGHT}"']
        out.append(f"  n{node.node_id} [{', '.join(attrs)}];")
        if node.is_leaf:
            continue
        if max_depth is not None and node.depth >= max_depth:
            out.append(f'  n{node.node_id}_more [label="{dot_escape(words["more"])}", '
                       'shape=plaintext, style=""];')
            out.append(f'  n{node.node_id} -> n{node.node_id}_more [style=dashed];')
            continue
        for branch, child in zip(node.split.branches, node.children):
            if drawn is not None and child not in drawn:
                out.append(f'  n{child} [label="{dot_escape(words["more"])}", shape=plaintext, '
                           'style=""];')
            style = ", style=dashed" if child in greyed else ""
            if flow is not None:
                style += _flow_style(flow.get(child, 0.0), max(flow.values(), default=0.0))
            out.append(f'  n{node.node_id} -> n{child} [label="{dot_escape(branch)}'
                       f'{_flow_label(flow, child)}"{style}];')
    out.append("}")
    return "\n".join(out)
