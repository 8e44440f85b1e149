"""The interactive tree view on a page: a Streamlit component (``components.v1`` served from
``ui/views/tree_frontend/``: plain HTML, CSS and JS, no frontend build, nothing fetched from the
network) drawing :mod:`ui.views.tree_view`'s
model on a canvas, and the widgets around it (path, searchable node picker, collapse buttons).

Why this component: a tree of 15,000 nodes must pan, zoom and stay readable. Plotly
(Scattergl) pans and zooms natively, but its labels have a fixed pixel size and it tells
Streamlit nothing about the zoom, so a big tree is either unlabelled or a smear of overlapping
text, and it has no place for an overview map or a collapse tab. Graphviz SVG in a pan/zoom
viewer (``components.v1.html``) scales labels down to nothing and cannot send a click back.
Maintained components (streamlit-agraph on vis.js, streamlit-flow on React Flow) draw one DOM
or physics object per node: slow at 15,000, and each brings a frontend bundle. One canvas
drawing only the nodes in view, with labels where they fit at a fixed, readable size (larger
in presentation mode), does all of it in one small file we own (``tree_frontend/tree_view.js``).
It is a components.v1 component rather than v2 (inline, no iframe) because a v2 component's
state is an unpicklable object in Streamlit 1.67, which our
``runner.enforceSerializableSessionState`` refuses; a v1 component's value is plain JSON.

The tree's description is built once per (tree, step, collapsed set, language) and cached as
bytes; a click changes only the small JSON head (selected node, its path), and the browser
parses the description again only when its digest changes.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Collection, Mapping
from weakref import WeakKeyDictionary

import streamlit as st
import streamlit.components.v1 as components

from treecore import Tree

from ui import state
from ui.i18n import t
from ui.views.node_choice import MAX_PICKER_OPTIONS
from ui.views.tree_view import (COLLAPSED, INTERNAL, TreeFaces, TreeView, build_view, encode_view,
                                message, selection, tree_faces)


@functools.cache
def _component():
    """The component: index.html, tree_view.js and tree_view.css in ui/views/tree_frontend/,
    served by Streamlit itself (components.v1 speaks to it by postMessage; nothing is built or
    fetched). Declared on first use, inside a script run: Streamlit registers, and so serves, a
    component only when it is declared in one, and this module may be imported on the app's
    background thread (:mod:`ui.preload`)."""
    return components.declare_component(
        "tree_view", path=str(Path(__file__).with_name("tree_frontend")))


#: Presentation mode draws labels this much larger (fonts, boxes, tabs, overview).
PRESENTATION_SCALE = 1.6
#: Most steps of the path shown under the view (the root, then the nearest ancestors).
MAX_CRUMBS = 12
#: Pixel height of the view: at most this (normal, presentation), less for a shallow tree.
MAX_HEIGHT = (560, 820)

_LOCK = threading.Lock()
#: Per tree object: its faces per language (computed once), and its recent views.
_FACES: "WeakKeyDictionary[Tree, dict]" = WeakKeyDictionary()
_VIEWS: "WeakKeyDictionary[Tree, OrderedDict]" = WeakKeyDictionary()
_VIEWS_PER_TREE = 12


def view_words() -> dict[str, str]:
    """The view's words in the session's language."""
    return {"samples": t("grow.dot_samples"), "mean": t("regression.value"),
            "mse": t("regression.mse"), "median": t("regression.median"),
            "mae": t("regression.mae"), "hidden": t("view.hidden"), "fit": t("view.fit"),
            "zoom_in": t("view.zoom_in"), "zoom_out": t("view.zoom_out"),
            "minimap": t("view.minimap"), "help": t("view.help")}


def faces_of(tree: Tree, words: Mapping[str, str], step: int | None = None) -> TreeFaces:
    """:func:`ui.views.tree_view.tree_faces` of as many first nodes as hold ``tree`` after
    ``step`` (None: the whole tree), kept per tree object and language and extended (at least
    twofold) when a later step needs more."""
    lang = "\n".join(words.values())
    needed = tree.prefix_holding(step)
    with _LOCK:
        known = _FACES.setdefault(tree, {})
        if lang in known and len(known[lang].ids) >= needed:
            return known[lang]
        made = len(known[lang].ids) if lang in known else 0
    faces = tree_faces(tree, words, max(needed, 2 * made))
    with _LOCK:
        if lang not in known or len(known[lang].ids) < len(faces.ids):
            known[lang] = faces
    return faces


def cached_view(tree: Tree, words: Mapping[str, str], step: int | None,
                collapsed: Collection[int] = (), greyed: Collection[int] = ()
                ) -> tuple[TreeView, str, bytes, dict]:
    """(view, digest, encoded description, picker labels) of ``tree`` at ``step``, computed
    once per (tree, language, step, collapsed set, greyed set) and kept for the last
    :data:`_VIEWS_PER_TREE` of them."""
    faces = faces_of(tree, words, step)
    key = (id(faces), step, frozenset(collapsed), frozenset(greyed))
    with _LOCK:
        recent = _VIEWS.setdefault(tree, OrderedDict())
        if key in recent:
            recent.move_to_end(key)
            return recent[key]
    view = build_view(faces, step=step, collapsed=collapsed, greyed=greyed)
    digest, body = encode_view(view)
    labels = {int(i): f"{title}   ⟵ {edge}" if edge else title
              for i, title, edge in zip(view.ids.tolist(), view.title, view.edge)}
    made = (view, digest, body, labels)
    with _LOCK:
        recent[key] = made
        while len(recent) > _VIEWS_PER_TREE:
            recent.popitem(last=False)
    return made


def view_height(view: TreeView, scale: float) -> int:
    """Pixels for the view: enough for every level of a shallow tree with full labels, at
    most :data:`MAX_HEIGHT`."""
    levels = int(view.depth.max()) + 1 if view.n_nodes else 1
    level_px = (3 * round(12 * scale * 1.3) + 8 * scale) + 40 * scale
    most = MAX_HEIGHT[1] if scale > 1 else MAX_HEIGHT[0]
    return int(min(most, max(240 * scale, 40 * scale + levels * level_px)))


# ------------------------------------------------------------------------------- callbacks
def _on_event(key: str, select_key: str, collapsed_key: str) -> None:
    """The component's value changed: ``{"event": "select" | "toggle", "id": node id, "n": a
    nonce}`` (the nonce makes clicking the same node twice a change)."""
    value = st.session_state.get(key)
    if not isinstance(value, Mapping) or not isinstance(value.get("id"), int):
        return
    if value.get("event") == "select":
        st.session_state[select_key] = value["id"]
    elif value.get("event") == "toggle":
        toggle(collapsed_key, value["id"])


def toggle(collapsed_key: str, node_id: int) -> None:
    """Collapse ``node_id``'s subtree, or expand it if it is collapsed."""
    folded = set(st.session_state[collapsed_key])
    folded ^= {node_id}
    st.session_state[collapsed_key] = tuple(sorted(folded))


def expand_all(collapsed_key: str) -> None:
    st.session_state[collapsed_key] = ()


def _choose(widget_key: str, select_key: str) -> None:
    value = st.session_state[widget_key]
    if value is not None:
        st.session_state[select_key] = int(value)


# ------------------------------------------------------------------------------- the view
def tree_view(tree: Tree, key: str, *, select_key: str, collapsed_key: str,
              step: int | None = None, focus: int | None = None,
              greyed: Collection[int] = ()) -> int | None:
    """Draw ``tree`` (as it stood after ``step`` growth steps; None: whole) in the interactive
    view with widget key ``key``, and return the selected node: the id under ``select_key`` in
    session state when it is drawn, else ``focus`` (the node of the growth step, outlined).
    Clicking a node stores its id under ``select_key``; the collapsed subtrees are the ids
    under ``collapsed_key``. Below the view: the path to the selected node (each step
    clickable), a searchable node picker (the keyboard's way to select) and collapse buttons.
    """
    S = st.session_state
    scale = PRESENTATION_SCALE if S[state.PRESENTATION] else 1.0
    token = f"{id(tree):x}"
    if S.get(f"{key}.tree") != token:           # the folds belong to the tree they were made in
        S[f"{key}.tree"] = token
        S[collapsed_key] = ()
    view, digest, body, labels = cached_view(tree, view_words(), step, S[collapsed_key], greyed)
    chosen = S[select_key]
    selected = chosen if chosen is not None and chosen in labels else focus
    head = {**selection(view, selected, focus), "scale": scale,
            "height": view_height(view, scale), "tree": token}
    head, body = message(digest, body, head)
    _component()(key=key, head=head, body=body, default=None,
                 on_change=functools.partial(_on_event, key, select_key, collapsed_key))
    st.caption(t("view.caption", drawn=f"{view.n_nodes:,}", nodes=f"{tree.n_nodes:,}"))
    path = head["path"]
    if len(path) > MAX_CRUMBS:                      # the root, then the nearest ancestors
        path = [path[0], *path[-(MAX_CRUMBS - 1):]]
    if len(path) > 1:
        crumbs = {i: _short(labels[i]) for i in path}
        st.session_state[f"{key}.path"] = selected
        st.pills(t("view.path"), path, format_func=state.labels(crumbs), key=f"{key}.path",
                 on_change=_choose, args=(f"{key}.path", select_key))
    picker, fold, unfold = st.columns([6, 2, 2], vertical_alignment="bottom")
    with picker:
        _picker(view, labels, key, select_key, selected)
    position = view.position(selected) if selected is not None else None
    if position is not None and view.kind[position] in (INTERNAL, COLLAPSED):
        folded = view.kind[position] == COLLAPSED
        fold.button(t("view.expand" if folded else "view.collapse"), key=f"{key}.fold",
                    icon="➕" if folded else "➖", on_click=toggle,
                    args=(collapsed_key, int(selected)), width="stretch")
    if S[collapsed_key]:
        unfold.button(t("view.expand_all"), key=f"{key}.expand_all", icon="🌳",
                      on_click=expand_all, args=(collapsed_key,), width="stretch")
    return selected


def _short(label: str, most: int = 32) -> str:
    head = label.split("   ⟵ ")[0]
    return head if len(head) <= most else head[:most - 1] + "…"


def _picker(view: TreeView, labels: dict, key: str, select_key: str, selected) -> None:
    """The node picker: a searchable select box over the drawn nodes, or for a very big view
    a number input of the node id."""
    widget_key = "w_" + select_key
    if len(labels) <= MAX_PICKER_OPTIONS:
        options = list(labels)
        st.session_state[widget_key] = selected if selected in labels else None
        st.selectbox(t("view.select"), options, format_func=state.labels(labels),
                     placeholder=t("view.select_placeholder"), key=widget_key,
                     on_change=_choose, args=(widget_key, select_key))
    else:
        st.session_state[widget_key] = selected
        st.number_input(t("view.goto"), min_value=0, step=1, key=widget_key,
                        on_change=_choose, args=(widget_key, select_key))
