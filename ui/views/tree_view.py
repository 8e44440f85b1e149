"""The interactive tree view's model: what each node shows, where it goes, what is on screen.

Pure functions of treecore values (no Streamlit), unit-tested alone. A tree becomes a
:class:`TreeView`: the nodes drawn (a growth stage, collapsed subtrees folded into one marker
each), their positions (:mod:`ui.views.tree_layout`), texts and colours, as flat arrays. Its
:meth:`TreeView.payload` is the JSON the browser component (:mod:`ui.views.tree_widget`) draws; what
changes on a click (the selected node and its path) travels apart (:func:`selection`), so a
click never rebuilds the tree's description on the server.

How a node reads is decided in one place, :func:`node_texts`; its colour in
:func:`fill_colors`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Collection, Mapping, Sequence

import numpy as np

from treecore import Node, Tree
from treecore.tree.lazy import collector_paused
from treecore.io import CLASS_COLORS, VALUE_SCALE, class_details, number_text, regression_words

from ui.views.tree_layout import tidy_layout

#: What a node is on screen (the ``kind`` array of a view).
INTERNAL, LEAF, WAITING, COLLAPSED = 0, 1, 2, 3
#: The words a view uses; callers pass translations with the same keys.
WORDS = {"samples": "n", "mean": "mean", "mse": "MSE", "median": "median", "mae": "MAE",
         "hidden": "+{n} nodes", "fit": "Fit to screen", "zoom_in": "Zoom in",
         "zoom_out": "Zoom out", "minimap": "Overview", "toggle": "Collapse or expand",
         "help": "Drag to pan, scroll or pinch to zoom, click a node to select it, "
                 "double-click (or its ± tab) to collapse or expand it."}


def node_texts(tree: Tree, nodes: Sequence[Node], words: Mapping[str, str]
               ) -> dict[str, list[str]]:
    """The texts of ``nodes``, column by column: each one's title as a split node and as a leaf
    (a stage of growth may show a node before its split), a detail line (its largest class
    counts, or a regression node's mean or median and its spread), its size, and the branch
    label on the edge into it. With :func:`fill_colors` the one place a node's look is decided.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> node_texts(tree, [tree.node(1)], WORDS)
    {'split_title': ['#1  有工作 = ?'], 'leaf_title': ['#1  → 否'], 'detail': ['否 6 · 是 3'],
     'size': ['n = 9'], 'edge': ['否']}
    """
    if tree.is_regression:                         # a mean (or median) and its spread
        value, impurity = regression_words(tree, words)
        leaf = [f"#{n.node_id}  → {number_text(n.value)}" for n in nodes]
        detail = [f"{value} = {number_text(n.value)} · {impurity} = {number_text(n.impurity)}"
                  for n in nodes]
    else:
        classes = tree.classes
        leaf = [f"#{n.node_id}  → {classes[n.prediction]}" for n in nodes]
        detail = class_details(np.array([n.class_counts for n in nodes], dtype=float)
                                .reshape(len(nodes), len(classes)), classes)
    return {"split_title": [f"#{n.node_id}  {n.split.describe()}" if n.split is not None
                            else title for n, title in zip(nodes, leaf)],
            "leaf_title": leaf, "detail": detail,
            "size": [f"{words['samples']} = {number_text(n.weighted_n_samples)}" for n in nodes],
            "edge": [str(n.path[-1]) if n.path else "" for n in nodes]}


def value_colors(values: np.ndarray, scale: Sequence[str] = VALUE_SCALE,
                 bounds: tuple[float, float] | None = None) -> list[str]:
    """A regression node's fill: its value on the sequential ``scale`` between the lowest and
    the highest node value, or the tree's ``bounds`` when ``values`` are some of its nodes
    (the rule of the DOT drawing, ``treecore.io.dot``).

    >>> value_colors(np.array([0.0, 1.0]))
    ['#e3f2fd', '#0d47a1']
    >>> value_colors(np.array([0.0]), bounds=(0.0, 1.0))
    ['#e3f2fd']
    """
    values = np.asarray(values, dtype=float)
    if bounds is not None:
        low, high = bounds
    else:
        low, high = (values.min(), values.max()) if len(values) else (0.0, 0.0)
    share = np.full(len(values), 0.5) if high <= low else (values - low) / (high - low)
    ends = np.array([[int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in scale], dtype=float)
    return hex_colors(np.rint(ends[0] + share[:, None] * (ends[1] - ends[0])).astype(int))


def fill_colors(predictions: np.ndarray, distributions: np.ndarray,
                colors: Sequence[str] = CLASS_COLORS) -> list[str]:
    """Each node's fill: its class colour at opacity (p₁ − p₂)/(1 − p₂) of its two largest class
    shares, at least 0.12, over white (the rule of the DOT drawing, ``treecore.io.dot``).

    >>> fill_colors(np.array([0, 1]), np.array([[1.0, 0.0], [0.5, 0.5]]))
    ['#0072b2', '#fcf3e0']
    """
    dist = np.atleast_2d(np.asarray(distributions, dtype=float))
    if dist.shape[1] < 2:
        dist = np.hstack([dist, np.zeros((len(dist), 1))])
    top = -np.sort(-dist, axis=1)
    first, second = top[:, 0], top[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        alpha = np.where(second >= 1, 1.0, (first - second) / (1 - second))
    alpha = 0.12 + 0.88 * np.clip(np.nan_to_num(alpha), 0.0, 1.0)
    palette = np.array([[int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in colors], dtype=float)
    rgb = palette[np.asarray(predictions) % len(colors)]
    return hex_colors(np.rint(255 - alpha[:, None] * (255 - rgb)).astype(int))


def hex_colors(rgb: np.ndarray) -> list[str]:
    """Each row of 0–255 integers (red, green, blue) as ``#rrggbb``; each distinct colour is
    formatted once (a big tree has 100k nodes and a few hundred colours).

    >>> hex_colors(np.array([[0, 114, 178], [255, 255, 255], [0, 114, 178]]))
    ['#0072b2', '#ffffff', '#0072b2']
    """
    packed = (rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]
    distinct, at = np.unique(packed, return_inverse=True)
    names = np.array(["#%06x" % p for p in distinct.tolist()], dtype=object)
    return names[at.reshape(-1)].tolist()


def json_strings(texts: Sequence[str]) -> list[str]:
    r"""Each text as a JSON string literal, all encoded in one call: the list is dumped with a
    control character between its items (inside a string JSON escapes it), then split there.

    >>> json_strings(['a "b"', "c\x01d", ""])
    ['"a \\"b\\""', '"c\\u0001d"', '""']
    """
    if not texts:
        return []
    return json.dumps(list(texts), ensure_ascii=False, separators=("\x01", ":"))[1:-1].split("\x01")


@dataclass(frozen=True, eq=False)
class TreeFaces:
    """The faces and growth steps of a tree's first nodes (all of them, or as many as hold the
    stages viewed so far), in the tree's node order: computed once per tree and extended when a
    later stage needs more (the costly part of a view of a big tree), then every stage and
    collapsed set is a selection from them."""

    ids: np.ndarray
    parent: np.ndarray          #: position of the parent, -1 for the root
    created: np.ndarray
    expanded: np.ndarray        #: growth step that expanded the node; a large number if never
    waiting: np.ndarray         #: a leaf without a stop reason (growth stopped before it)
    split_title: list[str]
    leaf_title: list[str]
    detail: list[str]
    size: list[str]
    fill: list[str]
    edge: list[str]             #: the branch label on the edge into the node
    words: Mapping[str, str] = field(default_factory=dict)
    #: each node's depth, and the positions of the nodes of each depth (for level-wise passes)
    depth: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    levels: list = field(default_factory=list)
    #: every text column as JSON strings, one per node: a view's JSON is joined from them
    json: Mapping[str, list[str]] = field(default_factory=dict)


NEVER = np.iinfo(np.int64).max


def tree_faces(tree: Tree, words: Mapping[str, str] | None = None, count: int | None = None
               ) -> TreeFaces:
    """The faces of the first ``count`` nodes of ``tree`` (None: every node;
    :func:`node_texts`, :func:`fill_colors`), as arrays (made with the garbage collector
    paused: a tree of 100k nodes makes a million strings, and the collector's passes over them
    would take longer than making them). A node's face does not depend on how many are made:
    a regression node's colour is placed between the whole tree's lowest and highest value."""
    with collector_paused():
        return _tree_faces(tree, {**WORDS, **(words or {})}, tree.n_nodes if count is None
                           else min(count, tree.n_nodes))


def _tree_faces(tree: Tree, words: Mapping[str, str], count: int) -> TreeFaces:
    nodes = list(tree.nodes[:count])
    ids = np.fromiter((n.node_id for n in nodes), dtype=np.int64, count=len(nodes))
    position = {int(i): k for k, i in enumerate(ids)}
    parent = np.fromiter((-1 if n.parent is None else position[n.parent] for n in nodes),
                         dtype=np.int64, count=len(nodes))
    texts = node_texts(tree, nodes, words)
    distributions = (None if tree.is_regression
                     else np.array([n.distribution for n in nodes], dtype=float))
    predictions = np.fromiter((n.prediction for n in nodes), dtype=np.int64, count=len(nodes))
    depth = np.fromiter((n.depth for n in nodes), dtype=np.int64, count=len(nodes))
    order = np.argsort(depth, kind="stable")
    cuts = np.searchsorted(depth[order], np.arange(int(depth.max(initial=0)) + 2))
    levels = [order[cuts[d]:cuts[d + 1]] for d in range(len(cuts) - 1)]
    if tree.is_regression:
        fill = value_colors(np.array([n.value for n in nodes], dtype=float),
                            bounds=tree.value_range)
    else:
        fill = fill_colors(predictions, distributions)
    columns = {**texts, "fill": fill}
    return TreeFaces(
        ids=ids, parent=parent,
        created=np.fromiter((n.created_at for n in nodes), dtype=np.int64, count=len(nodes)),
        expanded=np.fromiter((NEVER if n.expanded_at is None or not n.children
                              else n.expanded_at for n in nodes), dtype=np.int64,
                             count=len(nodes)),
        waiting=np.fromiter((not n.children and n.stop_reason is None for n in nodes),
                            dtype=bool, count=len(nodes)),
        **texts, fill=fill, words=words, depth=depth, levels=levels,
        json={name: json_strings(column) for name, column in columns.items()})


@dataclass(frozen=True, eq=False)
class TreeView:
    """The nodes on screen, in tree order, with their positions and looks."""

    ids: np.ndarray
    parent: np.ndarray          #: position (in this view) of the parent, -1 for the root
    x: np.ndarray
    depth: np.ndarray
    kind: np.ndarray            #: INTERNAL, LEAF, WAITING or COLLAPSED
    hidden: np.ndarray          #: nodes folded into a collapsed marker (0 elsewhere)
    title: list[str]
    detail: list[str]
    size: list[str]
    fill: list[str]
    edge: list[str]
    grey: np.ndarray            #: drawn grey (e.g. a subtree a pruning removes)
    words: Mapping[str, str]
    faces: TreeFaces | None = field(default=None, repr=False)
    keep: np.ndarray | None = field(default=None, repr=False)    #: positions in ``faces``

    @property
    def n_nodes(self) -> int:
        return len(self.ids)

    @property
    def n_edges(self) -> int:
        return int((self.parent >= 0).sum())

    def position(self, node_id: int) -> int | None:
        """Where ``node_id`` is in this view's arrays, or None when it is not drawn."""
        hit = np.flatnonzero(self.ids == node_id)
        return int(hit[0]) if len(hit) else None

    def path(self, node_id: int | None) -> list[int]:
        """The ids from the root down to ``node_id`` (empty when it is not drawn)."""
        k = None if node_id is None else self.position(node_id)
        chain: list[int] = []
        while k is not None and k >= 0:
            chain.append(int(self.ids[k]))
            k = int(self.parent[k])
        return chain[::-1]

    def payload(self) -> dict:
        """The view as plain JSON values for the browser (columns, not one dict per node)."""
        return {
            "ids": self.ids.tolist(), "parent": self.parent.tolist(),
            "x": np.round(self.x, 3).tolist(), "depth": self.depth.tolist(),
            "kind": self.kind.tolist(), "hidden": self.hidden.tolist(),
            "grey": self.grey.astype(int).tolist(), "title": self.title,
            "detail": self.detail, "size": self.size, "fill": self.fill, "edge": self.edge,
            "words": dict(self.words)}


def build_view(faces: TreeFaces, *, step: int | None = None, collapsed: Collection[int] = (),
               greyed: Collection[int] = ()) -> TreeView:
    """The view of the tree described by ``faces`` as it stood after ``step`` growth steps
    (None: the whole tree), each node of ``collapsed`` drawn as one marker standing for its
    subtree, ``greyed`` nodes grey. Time linear in the number of nodes."""
    n = len(faces.ids)
    step_cut = NEVER - 1 if step is None else step
    present = faces.created <= step_cut
    split = faces.expanded <= step_cut          # internal at this stage
    folded = np.isin(faces.ids, np.fromiter(collapsed, dtype=np.int64)) & split
    # a node is drawn when its parent is drawn and open (split, not folded): one pass per depth
    drawn = present.copy()
    opens = split & ~folded
    parent = faces.parent
    has_parent = parent >= 0
    for level in faces.levels[1:]:
        up = parent[level]
        drawn[level] &= drawn[up] & opens[up]
    # the size of each subtree at this stage (what a collapsed marker stands for): deepest first
    below = np.zeros(n, dtype=np.int64)
    for level in reversed(faces.levels[1:]):
        here = level[present[level]]
        np.add.at(below, parent[here], below[here] + 1)
    keep = np.flatnonzero(drawn)
    remap = np.full(n, -1, dtype=np.int64)
    remap[keep] = np.arange(len(keep))
    sub_parent = np.where(has_parent[keep], remap[parent[keep]], -1)
    lay = tidy_layout(sub_parent)
    kind = np.where(split[keep], np.where(folded[keep], COLLAPSED, INTERNAL),
                    np.where(faces.waiting[keep] | (faces.expanded[keep] != NEVER), WAITING,
                             LEAF))
    titles = [faces.split_title[k] if split[k] else faces.leaf_title[k] for k in keep]
    grey = np.isin(faces.ids[keep], np.fromiter(greyed, dtype=np.int64))
    return TreeView(
        ids=faces.ids[keep], parent=sub_parent, x=lay.x, depth=lay.depth, kind=kind,
        hidden=np.where(kind == COLLAPSED, below[keep], 0), title=titles,
        detail=[faces.detail[k] for k in keep], size=[faces.size[k] for k in keep],
        fill=[faces.fill[k] for k in keep], edge=[faces.edge[k] for k in keep], grey=grey,
        words=faces.words, faces=faces, keep=keep)


def selection(view: TreeView, selected: int | None, focus: int | None = None) -> dict:
    """What changes on a click: the selected node, its path from the root (highlighted), and
    the node of the growth step (outlined)."""
    path = view.path(selected)
    return {"selected": selected if path else None, "path": path,
            "focus": focus if focus is not None and view.position(focus) is not None else None}


def encode_view(view: TreeView) -> tuple[str, bytes]:
    """``encode(view.payload())``, faster: the text columns are joined from the JSON strings
    computed once per tree (:attr:`TreeFaces.json`), so a new stage of a 15,000-node tree is
    encoded in milliseconds. The bytes parse to the same JSON as the payload."""
    faces, keep = view.faces, view.keep
    if faces is None or not faces.json:
        return encode(view.payload())
    split = (view.kind == INTERNAL) | (view.kind == COLLAPSED)
    pick = faces.json
    titles = [pick["split_title"][k] if s else pick["leaf_title"][k]
              for k, s in zip(keep.tolist(), split.tolist())]

    def column(strings) -> str:
        return "[" + ",".join(strings) + "]"

    def numbers(values) -> str:
        return json.dumps(values, separators=(",", ":"))

    parts = {
        "ids": numbers(view.ids.tolist()), "parent": numbers(view.parent.tolist()),
        "x": numbers(np.round(view.x, 3).tolist()), "depth": numbers(view.depth.tolist()),
        "kind": numbers(view.kind.tolist()), "hidden": numbers(view.hidden.tolist()),
        "grey": numbers(view.grey.astype(int).tolist()), "title": column(titles),
        **{name: column([pick[name][k] for k in keep.tolist()])
           for name in ("detail", "size", "fill", "edge")},
        "words": json.dumps(dict(view.words), ensure_ascii=False, separators=(",", ":"))}
    body = ("{" + ",".join(f'"{key}":{value}' for key, value in parts.items()) + "}"
            ).encode("utf-8")
    return hashlib.blake2b(body, digest_size=8).hexdigest(), body


def encode(payload: dict) -> tuple[str, bytes]:
    """``payload`` as compact UTF-8 JSON, and a short digest of it (the browser parses a tree
    description again only when its digest changes)."""
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return hashlib.blake2b(body, digest_size=8).hexdigest(), body


def message(digest: str, body: bytes, dynamic: Mapping) -> tuple[dict, bytes]:
    """What the component receives: a head of small, changing values (the digest of the tree
    description included), sent as JSON, and the tree description as bytes. The head is what
    makes the browser redraw: Streamlit sends a component new arguments when its JSON
    arguments change, not when only its bytes do."""
    return {**dynamic, "digest": digest}, body
