"""A tree as text: lossless JSON (schema-checked on the way in) and a plain-text outline.

JSON is the model format of the app: ``from_json`` validates the document's shape and types
before building anything, in time linear in its size (every number finite and representable,
every text valid Unicode, at most :data:`MAX_NODES` nodes and :data:`MAX_DEPTH` levels), so a
hand-edited or hostile file gives a clear :class:`DataError`, never a traceback or code
execution (no pickle, no eval). The text outline and the rules write a line break or other
control character in a name or value as its escape (``\\n``), so a label cannot forge a line.

>>> import pandas as pd
>>> from treecore import Dataset, grow
>>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
...             algorithm="id3")
>>> print(to_text(tree))
有自己的房子 = 否
|   有工作 = 否: 否 (6)
|   有工作 = 是: 是 (3)
有自己的房子 = 是: 是 (6)
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, fields

from .algorithms import TASKS
from .candidates import Candidate
from .dataset import Kind, Schema
from .errors import DataError
from .tree import Node, StopReason, Tree

FORMAT = "treecore.tree"
VERSION = 1
#: Most nodes and levels a model file may have: beyond them a tree is no tree anyone grew here
#: (the views draw and export a tree recursively, one call per level).
MAX_NODES = 300_000
#: At most this many missing-value markers in a model's schema.
MAX_MARKERS = 1_000
MAX_DEPTH = 500

_CANDIDATE_FLOATS = ("rho", "gain", "split_info", "gain_ratio", "gini", "error", "impurity",
                     "decrease", "score")


def _candidate_dict(c: Candidate) -> dict:
    out = {f.name: getattr(c, f.name) for f in fields(Candidate)}
    out["kind"] = c.kind.value
    for name in ("branches", "subset", "branch_codes", "branch_values"):
        out[name] = None if out[name] is None else list(out[name])
    out["branch_counts"] = [list(row) for row in c.branch_counts]
    return out


def _node_dict(n: Node) -> dict:
    return {"node_id": n.node_id, "parent": n.parent, "depth": n.depth, "path": list(n.path),
            "n_samples": n.n_samples, "weighted_n_samples": n.weighted_n_samples,
            "class_counts": list(n.class_counts), "distribution": list(n.distribution),
            "impurity": n.impurity, "prediction": n.prediction, "created_at": n.created_at,
            "split": None if n.split is None else _candidate_dict(n.split),
            "children": list(n.children), "expanded_at": n.expanded_at,
            "stop_reason": None if n.stop_reason is None else n.stop_reason.value,
            "value": n.value,
            "feature_subset": None if n.feature_subset is None else list(n.feature_subset)}


def to_json(tree: Tree) -> str:
    """The whole tree (schema, nodes with their statistics and splits, settings) as JSON."""
    return json.dumps({"format": FORMAT, "version": VERSION, "schema": tree.schema.to_dict(),
                       "settings": dict(tree.settings), "n_steps": tree.n_steps,
                       "nodes": [_node_dict(n) for n in tree.nodes]}, ensure_ascii=False)


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise DataError(f"this is not a valid tree file: {what}", code="bad_model", detail=what,
                        hint="load a JSON file exported by Tree Explorer")


def _number(value, what: str) -> float:
    """``value`` as a finite float, or a DataError (a bool, a text, a list, 10**400, 1e999)."""
    _expect(isinstance(value, (int, float)) and not isinstance(value, bool),
            f"{what} must be a number")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    _expect(math.isfinite(number), f"{what} must be a finite number")
    return number


def _optional_number(value, what: str) -> float | None:
    return None if value is None else _number(value, what)


def _number_list(value, what: str) -> tuple[float, ...]:
    _expect(isinstance(value, list), f"{what} must be a list of numbers")
    return tuple(_number(v, what) for v in value)


def _check_texts(data) -> None:
    """Every text of the parsed document is valid Unicode: JSON's ``\\ud800`` escape makes a
    lone surrogate, which no file, page or export can hold. (Written out once, in C.)"""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        _expect(False, "a text holds an invalid character (a lone surrogate)")


def _candidate(data: dict, schema: Schema) -> Candidate:
    _expect(isinstance(data, dict), "a split must be an object")
    j = data.get("feature_index")
    _expect(isinstance(j, int) and 0 <= j < len(schema.features), "split feature out of range")
    feature = schema.features[j]
    _expect(data.get("feature") == feature.name and data.get("kind") == feature.kind.value,
            f"split on {data.get('feature')!r} does not match the schema")
    kwargs: dict = {name: _number(data.get(name), f"split {name}") for name in _CANDIDATE_FLOATS}
    branches = data.get("branches")
    _expect(isinstance(branches, list) and all(isinstance(b, str) for b in branches),
            "split branches must be a list of texts")
    counts = data.get("branch_counts")
    _expect(isinstance(counts, list) and len(counts) == len(branches), "branch counts")
    kwargs["branch_counts"] = tuple(_number_list(row, "branch counts") for row in counts)
    threshold = _optional_number(data.get("threshold"), "split threshold")
    midpoint = _optional_number(data.get("midpoint"), "split midpoint")
    if feature.kind is Kind.CONTINUOUS:
        _expect(threshold is not None, "a continuous split needs a threshold")
    codes = {}
    for name in ("subset", "branch_codes"):
        value = data.get(name)
        _expect(value is None or (isinstance(value, list) and all(
            isinstance(v, int) and 0 <= v < max(len(feature.labels), 1) for v in value)),
            f"split {name}")
        codes[name] = None if value is None else tuple(value)
    if feature.kind is Kind.NOMINAL:
        _expect((codes["subset"] is None) != (codes["branch_codes"] is None),
                "a nominal split needs either a subset or branch codes")
    values = data.get("branch_values")
    if values is not None:
        values = tuple(_number_list(values, "branch values"))
        _expect(len(values) == len(branches), "one value per branch")
    return Candidate(feature=feature.name, feature_index=j, kind=feature.kind, branch_values=values,
                     branches=tuple(branches), threshold=threshold, midpoint=midpoint,
                     eligible=bool(data.get("eligible", True)), note=str(data.get("note", "")),
                     forced=bool(data.get("forced", False)), **codes, **kwargs)


def _node(data: dict, schema: Schema, seen: set[int]) -> Node:
    _expect(isinstance(data, dict), "a node must be an object")
    ints = {name: data.get(name) for name in ("node_id", "depth", "n_samples", "prediction",
                                               "created_at")}
    _expect(all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**53
                for v in ints.values()), "node ids and counts")
    _expect(ints["depth"] <= MAX_DEPTH, f"the tree is deeper than {MAX_DEPTH} levels")
    _expect(ints["prediction"] < max(len(schema.classes), 1), "node prediction out of range")
    parent = data.get("parent")
    _expect(parent is None or parent in seen, "a node must come after its parent")
    children = data.get("children")
    _expect(isinstance(children, list) and all(isinstance(c, int) for c in children), "children")
    split = None if data.get("split") is None else _candidate(data["split"], schema)
    _expect((split is None) == (len(children) == 0), "a node has children exactly when it splits")
    if split is not None:
        _expect(len(children) == len(split.branches), "one child per branch")
    counts = _number_list(data.get("class_counts"), "class counts")
    distribution = _number_list(data.get("distribution"), "distribution")
    value = _optional_number(data.get("value"), "node value")
    if schema.is_regression:
        _expect(not counts and value is not None and tuple(distribution) == (value,),
                "a regression node has a value and no class counts")
    else:
        _expect(len(counts) == len(distribution) == len(schema.classes), "one count per class")
    path = data.get("path")
    _expect(isinstance(path, list) and all(isinstance(p, str) for p in path), "node path")
    reason = data.get("stop_reason")
    _expect(reason is None or reason in {r.value for r in StopReason}, "stop reason")
    expanded = data.get("expanded_at")
    _expect(expanded is None or isinstance(expanded, int), "expanded_at")
    subset = data.get("feature_subset")
    _expect(subset is None or (isinstance(subset, list) and all(
        isinstance(j, int) and 0 <= j < len(schema.features) for j in subset)), "feature subset")
    return Node(parent=parent, path=tuple(path), class_counts=counts, distribution=distribution,
                weighted_n_samples=_number(data.get("weighted_n_samples", sum(counts)),
                                           "weighted_n_samples"),
                impurity=_number(data.get("impurity", 0.0), "impurity"), split=split,
                children=tuple(children),
                expanded_at=expanded, stop_reason=None if reason is None else StopReason(reason),
                value=value, feature_subset=None if subset is None else tuple(subset), **ints)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _check_links(nodes: list[Node]) -> None:
    """Parents and children agree: one root, first; every other node is the child of its
    parent exactly once, one level deeper. With parents listed before children this makes the
    nodes one tree (no cycle, nothing shared, nothing unreachable). Linear in the nodes and
    their children, however many children a node has."""
    by_id = {n.node_id: n for n in nodes}
    links = Counter((n.node_id, child) for n in nodes for child in n.children)
    _expect(nodes[0].parent is None and nodes[0].depth == 0, "the first node must be the root")
    for node in nodes[1:]:
        parent = by_id.get(node.parent)
        _expect(parent is not None and links[parent.node_id, node.node_id] == 1,
                "each node must be a child of its parent exactly once")
        _expect(node.depth == parent.depth + 1, "a node must be one level below its parent")
    _expect(all(by_id[c].parent == n.node_id for n in nodes for c in n.children),
            "a child must name its parent")


def from_json(text: str) -> Tree:
    """The tree saved by :func:`to_json`, after checking every field it uses."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, TypeError, RecursionError) as error:
        raise DataError(f"this is not JSON ({error})", code="bad_model",
                        detail=f"not JSON ({error})", hint="load a file exported by Tree Explorer")
    _expect(isinstance(data, dict) and data.get("format") == FORMAT, "the format marker is missing")
    _check_texts(data)
    _expect(data.get("version") == VERSION, f"unsupported version {data.get('version')!r}")
    raw_schema = data.get("schema")
    _expect(isinstance(raw_schema, dict) and isinstance(raw_schema.get("features"), list)
            and isinstance(raw_schema.get("classes"), list), "the schema")
    for feature in raw_schema["features"]:
        _expect(isinstance(feature, dict) and isinstance(feature.get("name"), str)
                and feature.get("kind") in (Kind.NOMINAL.value, Kind.CONTINUOUS.value)
                and isinstance(feature.get("labels"), list), "a feature of the schema")
    _expect(all(isinstance(c, (str, int, float, bool)) for c in raw_schema["classes"]), "classes")
    _expect(raw_schema.get("task", "classification") in TASKS, "the schema's task")
    markers = raw_schema.get("missing", [])
    _expect(isinstance(markers, list) and len(markers) <= MAX_MARKERS
            and all(isinstance(m, str) for m in markers), "the missing-value markers")
    schema = Schema.from_dict(raw_schema)
    raw_nodes = data.get("nodes")
    _expect(isinstance(raw_nodes, list) and raw_nodes, "the nodes")
    _expect(len(raw_nodes) <= MAX_NODES, f"more than {MAX_NODES:,} nodes")
    seen: set[int] = set()
    nodes = []
    for raw in raw_nodes:
        node = _node(raw, schema, seen)
        _expect(node.node_id not in seen, "node ids must be unique")
        seen.add(node.node_id)
        nodes.append(node)
    _expect(all(c in seen for n in nodes for c in n.children), "a child id is missing")
    _check_links(nodes)
    settings = data.get("settings") if isinstance(data.get("settings"), dict) else {}
    n_steps = data.get("n_steps") if isinstance(data.get("n_steps"), int) else 0
    return Tree(schema, tuple(nodes), settings, n_steps)


_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def visible(value: object) -> str:
    """``value`` as text with line breaks and other control characters written as their
    escapes, so one name or label stays on one line of an outline or a rule.

    >>> print(visible("yes\\nIF x = 1 THEN y = 2"))
    yes\\nIF x = 1 THEN y = 2
    """
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(value))


def regression_words(tree: Tree, words: Mapping[str, str]) -> tuple[str, str]:
    """What a regression node's value and impurity are called in ``words``: its mean and MSE
    (squared error), or its median and MAE (absolute error)."""
    if tree.criterion == "absolute_error":
        return words["median"], words["mae"]
    return words["mean"], words["mse"]


def _spread(tree: Tree, node: Node, digits: int) -> str:
    """The spread of a regression node's rows to ``digits`` significant digits: sd = √MSE about
    the mean (squared error), or the MAE about the median (absolute error)."""
    if tree.criterion == "absolute_error":
        return f"MAE {node.impurity:.{digits}g}"
    return f"sd {math.sqrt(node.impurity):.{digits}g}"


def node_label(tree: Tree, node: Node) -> str:
    """What a leaf predicts, in the book's style: ``是 (6)`` or ``是 (3.47/1.2)`` (weight/errors);
    for a regression tree its value (mean or median), weight and the spread of its rows:
    ``5.06 (5; sd 0.472)``, or ``4.91 (5; MAE 0.378)`` by the absolute error."""
    if tree.is_regression:
        return f"{node.value:.4g} ({node.weighted_n_samples:.4g}; {_spread(tree, node, 3)})"
    label = visible(tree.classes[node.prediction])
    weight = node.weighted_n_samples
    errors = weight - node.class_counts[node.prediction] if weight else 0.0
    if errors > 1e-9:
        return f"{label} ({weight:.4g}/{errors:.4g})"
    return f"{label} ({weight:.4g})"


def to_text(tree: Tree) -> str:
    """An indented outline of the tree in C4.5's style: one line per branch test."""
    lines: list[str] = []

    def visit(node: Node, indent: int) -> None:
        for branch, child_id in zip(node.split.branches, node.children):
            child = tree.node(child_id)
            test = _branch_test(node.split, branch)
            prefix = "|   " * indent + test
            if child.is_leaf:
                lines.append(f"{prefix}: {node_label(tree, child)}")
            else:
                lines.append(prefix)
                visit(child, indent + 1)

    if tree.root.is_leaf:
        return node_label(tree, tree.root)
    visit(tree.root, 0)
    return "\n".join(lines)


def node_conditions(tree: Tree, node_id: int) -> list[str]:
    """The branch tests on the way from the root to ``node_id``: the IF part of its rule.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> node_conditions(tree, 3)
    ['有自己的房子 = 否', '有工作 = 否']
    """
    chain = tree.ancestors(node_id)
    return [_branch_test(parent.split, child.path[-1]) for parent, child in zip(chain, chain[1:])]


def _branch_test(split: Candidate, branch: str) -> str:
    """``纹理 = 清晰``, ``密度 ≤ 0.3815`` or ``年龄 ∈ {青年}``: the test a branch stands for."""
    if split.kind is Kind.NOMINAL and split.subset is None:
        return f"{visible(split.feature)} = {visible(branch)}"
    return f"{visible(split.feature)} {visible(branch)}"


# ------------------------------------------------------------------------------------ DOT
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
    """Node text: the test (or the predicted class), the weighted class counts, the row count;
    for a regression node the test (or → its value), its mean and MSE (or median and MAE), the
    row count."""
    if tree.is_regression:
        head = node.split.describe() if node.split is not None else f"→ {node.value:.4g}"
        value, impurity = regression_words(tree, words)
        lines = [f"#{node.node_id}  {head}",
                 f"{value} = {node.value:.4g} · {impurity} = {node.impurity:.4g}",
                 f"{words['samples']} = {node.weighted_n_samples:.4g}"]
        return "\\n".join(dot_escape(line) for line in lines)
    counts = " · ".join(f"{label} {count:.4g}" for label, count in
                        zip(tree.classes, node.class_counts))
    head = node.split.describe() if node.split is not None else f"→ {tree.classes[node.prediction]}"
    lines = [f"#{node.node_id}  {head}", counts, f"{words['samples']} = {node.weighted_n_samples:.4g}"]
    return "\\n".join(dot_escape(line) for line in lines)


#: Pen width of an edge carrying all the weight in a flow drawing (an edge with none: 1).
FLOW_WIDTH = 8.0


def _flow_label(flow, child: int) -> str:
    return "" if flow is None else f"\\nw = {flow.get(child, 0.0):.4g}"


def _flow_style(weight: float, top: float) -> str:
    """The pen width of an edge carrying ``weight`` of at most ``top``; dotted when none."""
    if weight <= 0 or top <= 0:
        return ', penwidth=1, style=dotted, color="#BBBBBB"'
    return f', penwidth={1 + (FLOW_WIDTH - 1) * weight / top:.2f}, color="#1565C0"'


def to_dot(tree: Tree, *, highlight: int | None = None, greyed=(), class_colors=None,
           max_depth: int | None = None, labels=None, flow=None) -> str:
    """The tree as Graphviz DOT text (drawn by ``st.graphviz_chart`` or the ``dot`` program).

    Each node shows its test (internal) or predicted class (leaf), the weighted class counts and
    the weighted row count, filled with its majority class's colour (lighter when impure); a
    node still waiting to be expanded (``Tree.until``) has a dotted border. Edges carry the
    branch labels. ``highlight`` outlines one node; ``greyed`` nodes are drawn grey and
    dashed (e.g. a subtree a pruning method removes); below ``max_depth`` a subtree collapses to
    a "…" node. ``labels`` overrides :data:`DOT_WORDS`. ``flow`` maps a child's id to the
    weight flowing along the edge into it (:mod:`treecore.flow`): each edge is then labelled
    with its weight w and drawn with a width proportional to it, an edge without weight thin
    and dotted. Every name is data, escaped.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> dot = to_dot(tree, highlight=0)
    >>> dot.splitlines()[0], dot.count("->")
    ('digraph tree {', 4)
    >>> print(next(line for line in dot.splitlines() if line.startswith("  n0 ")))
      n0 [label="#0  有自己的房子 = ?\\n否 6 · 是 9\\nn = 15", fillcolor="#f5d796", penwidth=3, color="#C2185B"];
    """
    colors = tuple(class_colors or CLASS_COLORS)
    words = {**DOT_WORDS, **(labels or {})}
    greyed = set(greyed)
    if tree.is_regression:
        values = [node.value for node in tree.iter_nodes()]
        low, high = min(values), max(values)
    out = ["digraph tree {",
           '  graph [rankdir=TB, nodesep=0.25, ranksep=0.45, fontname="sans-serif"];',
           '  node [shape=box, style="rounded,filled", fontname="sans-serif", fontsize=11, '
           'color="#555555"];',
           '  edge [fontname="sans-serif", fontsize=10, color="#777777"];']
    for node in tree.iter_nodes():
        if max_depth is not None and node.depth > max_depth:
            continue
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
            style = ", style=dashed" if child in greyed else ""
            if flow is not None:
                style += _flow_style(flow.get(child, 0.0), max(flow.values(), default=0.0))
            out.append(f'  n{node.node_id} -> n{child} [label="{dot_escape(branch)}'
                       f'{_flow_label(flow, child)}"{style}];')
    out.append("}")
    return "\n".join(out)


# ------------------------------------------------------------------------------ rules and code
@dataclass(frozen=True)
class Route:
    """Which known values send a row down one branch of a node.

    ``labels`` (nominal: the value labels of this branch) or ``above`` (continuous: False for
    ``x ≤ threshold``, True for ``x > threshold``). A value in no branch (missing, or a nominal
    value the tree never saw) goes down every branch with weight × ``fraction`` (r̃ᵥ).
    """

    child: int
    fraction: float
    labels: tuple[str, ...] | None = None
    above: bool | None = None


def routes(tree: Tree, node: Node) -> list[Route]:
    """The branches of an internal node as :class:`Route` values, in branch order: the one
    description of routing that the Python and SQL exports both render (as ``predict`` routes:
    a binary nominal split sends every known label outside its subset to the second branch)."""
    split = node.split
    fractions = [float(f) for f in split.branch_fractions]
    if split.kind is Kind.CONTINUOUS:
        return [Route(child, fraction, above=bool(b)) for b, (child, fraction)
                in enumerate(zip(node.children, fractions))]
    labels = tree.schema.features[split.feature_index].labels
    if split.subset is not None:
        first = tuple(labels[c] for c in split.subset)
        groups = [first, tuple(label for label in labels if label not in first)]
    else:
        groups = [(labels[c],) for c in split.branch_codes]
    return [Route(child, fraction, labels=group) for child, fraction, group
            in zip(node.children, fractions, groups)]


def to_rules(tree: Tree) -> str:
    """One if-then rule per leaf, with its coverage (the weighted training rows reaching it) and
    confidence (the share of them in the predicted class); for a regression tree the leaf's
    value and the spread of its rows instead of the confidence: its mean and sd = √MSE, or by
    the absolute error its median and MAE.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> print(to_rules(tree))
    IF 有自己的房子 = 否 AND 有工作 = 否 THEN 类别 = 否  [coverage 6, confidence 100.0%]
    IF 有自己的房子 = 否 AND 有工作 = 是 THEN 类别 = 是  [coverage 3, confidence 100.0%]
    IF 有自己的房子 = 是 THEN 类别 = 是  [coverage 6, confidence 100.0%]
    """
    lines = []
    for leaf in tree.iter_preorder():
        if not leaf.is_leaf:
            continue
        conditions = " AND ".join(node_conditions(tree, leaf.node_id)) or "TRUE"
        weight = leaf.weighted_n_samples
        if tree.is_regression:
            lines.append(f"IF {conditions} THEN {visible(tree.schema.target)} = "
                         f"{leaf.value:.6g}  [coverage {weight:.4g}, {_spread(tree, leaf, 4)}]")
            continue
        share = (leaf.class_counts[leaf.prediction] / weight if weight
                 else leaf.distribution[leaf.prediction])
        lines.append(f"IF {conditions} THEN {visible(tree.schema.target)} = "
                     f"{visible(tree.classes[leaf.prediction])}  [coverage {weight:.4g}, "
                     f"confidence {share:.1%}]")
    return "\n".join(lines)


_PY_HEADER = '''"""Predict with a decision tree exported by Tree Explorer (treecore).

predict(row) takes a dict of feature name -> raw value and returns the predicted class;
predict_proba(row) returns {class: probability}. A missing value (None, NaN, an absent key,
or a text in MISSING, the markers the tree's data was read with) and a nominal value the tree never saw are handled as the
tree does (C4.5): the row goes down every branch of that node with its weight times the
branch's share of the training rows, and the class distributions of the leaves it reaches
are blended. Ties go to the first class in CLASSES. Standard library only.
"""

import math

CLASSES = @CLASSES@
MISSING = frozenset(@MISSING@)


def _missing(value):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return True
    return str(value).strip() in MISSING


def _label(value):
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _blend(row, parts):
    total = [0.0] * max(len(CLASSES), 1)
    for fraction, child in parts:
        if fraction > 0:
            for k, p in enumerate(child(row)):
                total[k] += fraction * p
    return total
'''

_PY_FOOTER = '''

def predict_proba(row):
    """{class: probability} for one row (a dict of feature name -> raw value)."""
    return dict(zip(CLASSES, _n0(row)))


def predict(row):
    """The predicted class of one row (a dict of feature name -> raw value)."""
    probabilities = _n0(row)
    top = max(probabilities)
    return CLASSES[next(k for k, p in enumerate(probabilities) if p >= top - 1e-12)]
'''


_PY_REGRESSION_FOOTER = '''

def predict(row):
    """The predicted number of one row (a dict of feature name -> raw value): the mean of the
    leaf it reaches, blended by weight over the leaves where a tested value is missing."""
    return _n0(row)[0]
'''


def _py_node(tree: Tree, node: Node) -> str:
    """One generated function ``_n<id>(row)`` returning the node's class probabilities.
    Names and labels appear only as ``repr`` literals, so any text yields valid code."""
    head = f"\n\ndef _n{node.node_id}(row):\n"
    if node.is_leaf:
        return head + f"    return {[float(p) for p in node.distribution]!r}\n"
    branches = routes(tree, node)
    blend = ", ".join(f"({r.fraction!r}, _n{r.child})" for r in branches)
    body = f"    value = row.get({node.split.feature!r})\n    if not _missing(value):\n"
    if node.split.kind is Kind.CONTINUOUS:
        low, high = branches
        body += (f"        return _n{low.child}(row) if float(value) <= "
                 f"{float(node.split.threshold)!r} else _n{high.child}(row)\n")
    else:
        body += "        value = _label(value)\n"
        for r in branches:
            body += f"        if value in {frozenset(r.labels)!r}:\n" \
                    f"            return _n{r.child}(row)\n"
    return head + body + f"    return _blend(row, ({blend},))\n"


def to_python(tree: Tree) -> str:
    """A standalone Python module defining ``predict(row: dict) -> class`` and
    ``predict_proba(row: dict) -> dict``, giving the same results as the tree, missing values
    included (distributed by branch fractions and blended, as :mod:`treecore.predict`). For a
    regression tree ``predict(row)`` returns the predicted number (and there is no
    ``predict_proba``).

    One function per node (recursion depth = tree depth). Every name and label is written as a
    Python literal (``repr``), so any column name or value yields valid code.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> namespace = {}
    >>> exec(to_python(tree), namespace)
    >>> namespace["predict"]({"有自己的房子": "否", "有工作": "是"})
    '是'
    >>> namespace["predict_proba"]({"有自己的房子": "否", "有工作": None})
    {'否': 0.6666666666666666, '是': 0.3333333333333333}
    """
    header = (_PY_HEADER.replace("@CLASSES@", repr(list(tree.classes)))
              .replace("@MISSING@", repr(list(tree.schema.missing))))
    if tree.is_regression:
        header = header.replace("returns the predicted class;\npredict_proba(row) returns "
                                "{class: probability}", "returns the predicted number")
    footer = _PY_REGRESSION_FOOTER if tree.is_regression else _PY_FOOTER
    return header + "".join(_py_node(tree, node) for node in tree.iter_preorder()) + footer
