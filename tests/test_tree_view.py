"""The interactive tree view's pure parts: the Walker layout (ui.views.tree_layout) and the view
model
(ui.views.tree_view): stages, collapsed subtrees, selection, the bytes sent to the browser."""

from __future__ import annotations

import json
import random
import time

import numpy as np
import pytest
from hypothesis import given, strategies as st

from treecore import grow
from treecore.io.dot import CLASS_COLORS, _fill
from ui.views.tree_layout import children_lists, tidy_layout
from ui.views.tree_view import (COLLAPSED, INTERNAL, LEAF, WAITING, WORDS, build_view, encode,
                                encode_view, fill_colors, json_strings, message, selection,
                                tree_faces)


# ------------------------------------------------------------------------------- layout
def random_tree(n: int, most_children: int, seed: int) -> list[int]:
    """A parent array of ``n`` nodes, parents before children, children of a node adjacent."""
    rng = random.Random(seed)
    parent, frontier = [-1], [0]
    while len(parent) < n:
        node = frontier.pop(rng.randrange(len(frontier)))
        for _ in range(rng.randint(2, most_children)):
            parent.append(node)
            frontier.append(len(parent) - 1)
    return parent


def assert_tidy(parent: list[int]) -> None:
    lay = tidy_layout(parent)
    kids = children_lists(parent)
    for level in np.unique(lay.depth):
        row = np.sort(lay.x[lay.depth == level])
        assert (np.diff(row) >= 1 - 1e-9).all(), f"overlap at depth {level}"
    for node, children in enumerate(kids):
        if children:
            assert lay.x[node] == pytest.approx((lay.x[children[0]] + lay.x[children[-1]]) / 2)
            assert all(lay.x[a] < lay.x[b] for a, b in zip(children, children[1:]))
            assert all(lay.depth[c] == lay.depth[node] + 1 for c in children)
    assert lay.x.min() == 0


@pytest.mark.parametrize("n", [1, 2, 3, 7, 60, 400])
@pytest.mark.parametrize("most_children", [2, 3, 8])
def test_layout_never_overlaps_and_centres_parents(n, most_children):
    for seed in range(3):
        assert_tidy(random_tree(n, most_children, seed)[:n])


def test_layout_of_a_forest_puts_the_roots_side_by_side():
    lay = tidy_layout([-1, 0, 0, -1, 3, 3])
    assert lay.depth.tolist() == [0, 1, 1, 0, 1, 1]
    assert lay.x[3] > lay.x[0] and lay.x[4] >= lay.x[2] + 1


def test_layout_tucks_small_subtrees_in():
    """Walker, not one column per leaf: a leaf beside a deep subtree takes no extra column
    below it, so the tree is narrower than its number of leaves."""
    parent = [-1]
    for _ in range(200):                            # a caterpillar: a leaf at every level
        spine = len(parent) - 1 if len(parent) == 1 else len(parent) - 2
        parent += [spine, spine]
    lay = tidy_layout(parent)
    n_leaves = sum(1 for children in children_lists(parent) if not children)
    assert lay.width < 0.6 * n_leaves                # one column per leaf: n_leaves


@pytest.mark.parametrize("shape", ["chain", "bushy", "caterpillar"])
def test_layout_is_linear_on_15000_nodes(shape):
    if shape == "chain":
        parent = [-1] + list(range(14_999))
    elif shape == "bushy":
        parent = random_tree(15_000, 2, 0)[:15_000]
    else:
        parent = [-1]
        while len(parent) < 15_000:
            spine = len(parent) - 1 if len(parent) == 1 else len(parent) - 2
            parent += [spine, spine]
    start = time.perf_counter()
    lay = tidy_layout(parent)
    elapsed = time.perf_counter() - start
    assert len(lay.x) == len(parent)
    # About 0.02–0.07 s idle; a clean-clone CI run once took 2.2 s (a stalled machine). A
    # quadratic layout would take minutes on 15,000 nodes, so the bound only catches that.
    assert elapsed < 10.0, elapsed
    if shape == "chain":
        assert np.allclose(lay.x, 0) and lay.depth[-1] == 14_999


# ------------------------------------------------------------------------------- the model
@pytest.fixture(scope="module")
def melon_tree(melons):
    return grow(melons, algorithm="id3")


def test_fill_colors_follow_the_dot_drawing(melon_tree):
    nodes = list(melon_tree.iter_nodes())
    ours = fill_colors(np.array([n.prediction for n in nodes]),
                       np.array([n.distribution for n in nodes]))
    assert ours == [_fill(CLASS_COLORS[n.prediction % len(CLASS_COLORS)], n.distribution)
                    for n in nodes]


def test_whole_tree_one_node_array_and_one_edge_per_child(melon_tree):
    view = build_view(tree_faces(melon_tree))
    assert view.n_nodes == melon_tree.n_nodes
    assert view.n_edges == view.n_nodes - 1
    assert set(view.kind[view.parent >= 0].tolist()) <= {INTERNAL, LEAF}
    assert view.title[0] == "#0  纹理 = ?"
    assert view.edge[view.position(1)] in melon_tree.root.split.branches
    payload = json.loads(encode(view.payload())[1])
    assert len(payload["x"]) == len(payload["title"]) == melon_tree.n_nodes
    # one row per depth, no two nodes of a row closer than one unit
    for level in np.unique(view.depth):
        assert (np.diff(np.sort(view.x[view.depth == level])) >= 1 - 1e-9).all()


@pytest.mark.parametrize("step", [0, 1, 2, 3, 4, 5])
def test_a_stage_shows_the_nodes_of_tree_until_step(melon_tree, step):
    view = build_view(tree_faces(melon_tree), step=step)
    stage = melon_tree.until(step)
    assert view.ids.tolist() == [n.node_id for n in stage.iter_nodes()]
    assert view.n_edges == view.n_nodes - 1
    waiting = {n.node_id for n in stage.iter_leaves()
               if melon_tree.node(n.node_id).children}
    assert {int(i) for i, k in zip(view.ids, view.kind) if k == WAITING} == waiting
    for node_id, title in zip(view.ids.tolist(), view.title):
        node = stage.node(node_id)
        assert ("→" in title) == node.is_leaf


def test_a_collapsed_subtree_is_one_marker_counting_its_nodes(melon_tree):
    faces = tree_faces(melon_tree)
    internal = [n.node_id for n in melon_tree.iter_nodes() if n.children and n.parent is not None]
    folded = internal[0]
    below = len(melon_tree.subtree_ids(folded)) - 1
    view = build_view(faces, collapsed={folded, 999})
    k = view.position(folded)
    assert view.kind[k] == COLLAPSED and view.hidden[k] == below
    assert view.n_nodes == melon_tree.n_nodes - below
    assert view.n_edges == view.n_nodes - 1
    assert not set(melon_tree.subtree_ids(folded)[1:]) & set(view.ids.tolist())
    # a collapsed node not yet split at this stage is a plain leaf
    early = build_view(faces, step=0, collapsed={0})
    assert early.kind.tolist() == [WAITING] and early.hidden.tolist() == [0]


def test_the_selection_carries_the_path_from_the_root(melon_tree):
    view = build_view(tree_faces(melon_tree))
    deepest = max(melon_tree.iter_nodes(), key=lambda n: n.depth).node_id
    chosen = selection(view, deepest, focus=0)
    assert chosen["path"] == [n.node_id for n in melon_tree.ancestors(deepest)]
    assert chosen["selected"] == deepest and chosen["focus"] == 0
    assert selection(view, 12345)["path"] == [] and selection(view, 12345)["selected"] is None
    folded = build_view(tree_faces(melon_tree), collapsed={0})
    assert selection(folded, deepest) == {"selected": None, "path": [], "focus": None}


def test_the_message_is_a_head_line_and_the_tree(melon_tree):
    view = build_view(tree_faces(melon_tree))
    digest, body = encode(view.payload())
    head, rest = message(digest, body, {**selection(view, 1), "scale": 1.6})
    assert head == {"selected": 1, "path": [0, 1], "focus": None, "scale": 1.6,
                                "digest": digest}
    assert rest == body
    assert encode(view.payload())[0] == digest                  # stable
    assert encode(build_view(tree_faces(melon_tree), collapsed={1}).payload())[0] != digest


def test_names_stay_text(melons):
    """A hostile class or value name is data in the JSON, never markup or code."""
    frame_tree = grow(melons, algorithm="id3")
    words = {**WORDS, "samples": "<b>n</b>"}
    view = build_view(tree_faces(frame_tree, words))
    body = encode(view.payload())[1].decode("utf-8")
    assert json.loads(body)["size"][0] == "<b>n</b> = 17"


def test_the_static_drawing_downloads(melon_tree):
    """The Graphviz picture stays for downloads: the whole tree as DOT, and as SVG by `dot`."""
    import shutil

    from ui.views.drawing import _dot_source, _svg

    dot = _dot_source(melon_tree, 0, "n")
    assert dot.startswith("digraph tree {") and dot.count("->") == melon_tree.n_nodes - 1
    if shutil.which("dot"):
        svg = _svg(melon_tree, 0, "n")
        assert b"<svg" in svg and "纹理".encode() in svg


@pytest.mark.parametrize("step, collapsed", [(None, ()), (2, ()), (None, (1,)), (0, (0,))])
def test_the_fast_encoding_is_the_payload(melons3, step, collapsed):
    tree = grow(melons3, algorithm="c45")
    view = build_view(tree_faces(tree), step=step, collapsed=collapsed)
    digest, body = encode_view(view)
    assert json.loads(body) == view.payload()


def test_a_regression_tree_shows_means_on_a_value_scale():
    """A regression node reads → its mean, with its MSE; its fill is its value on the DOT
    drawing's sequential scale."""
    import pandas as pd

    from tests.conftest import SAMPLES
    from treecore import Dataset
    from treecore.io.dot import _value_fill
    from ui.views.tree_view import value_colors

    frame = pd.read_csv(SAMPLES / "lihang_regression.csv")
    tree = grow(Dataset.from_frame(frame, "y", task="regression"), algorithm="cart")
    view = build_view(tree_faces(tree))
    assert view.n_edges == view.n_nodes - 1 == tree.n_nodes - 1
    leaf = next(n for n in tree.iter_nodes() if n.is_leaf)
    k = view.position(leaf.node_id)
    assert view.title[k] == f"#{leaf.node_id}  → {leaf.value:.4g}"
    assert view.detail[k].startswith(f"mean = {leaf.value:.4g} · MSE = ")
    values = [n.value for n in tree.iter_nodes()]
    assert value_colors(np.array(values)) == [_value_fill(v, min(values), max(values))
                                              for v in values]


@pytest.mark.parametrize("task", ["classification", "regression"])
def test_the_faces_of_a_stage_are_those_of_the_whole_tree(task):
    """A stage's view is made from the faces of the first nodes alone (the nodes a compiled
    growth makes lazily): every face, a regression node's colour included, equals the whole
    tree's, and so does every view of the stage."""
    import pandas as pd

    from tests.conftest import SAMPLES
    from treecore import Dataset

    if task == "regression":
        data = Dataset.from_frame(pd.read_csv(SAMPLES / "lihang_regression.csv"), "y",
                                  task="regression")
    else:
        data = Dataset.from_frame(pd.read_csv(SAMPLES / "watermelon3.0.csv"), "好瓜")
    tree = grow(data, algorithm="cart")
    whole = tree_faces(tree)
    for step in range(tree.n_steps + 1):
        count = tree.prefix_holding(step)
        assert count == tree.until(step).n_nodes
        part = tree_faces(tree, count=count)
        for name in ("ids", "parent", "created", "expanded", "waiting", "depth"):
            assert getattr(part, name).tolist() == getattr(whole, name)[:count].tolist()
        for name in ("split_title", "leaf_title", "detail", "size", "fill", "edge"):
            assert getattr(part, name) == getattr(whole, name)[:count]
        assert build_view(part, step=step).payload() == build_view(whole, step=step).payload()


@given(texts=st.lists(st.text()))
def test_json_strings_encode_each_text_as_json_does(texts):
    """The faces' JSON is encoded in one call per column; each item is what json.dumps makes of
    that text alone (quotes, backslashes, control characters, any Unicode)."""
    assert json_strings(texts) == [json.dumps(t, ensure_ascii=False) for t in texts]
