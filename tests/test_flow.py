"""treecore.flow and the flow view's frames: Zhou §4.4's fractional weights of rows 8 and 10 of
watermelon 2.0α (7/15, 5/15, 3/15 at the root), the blended prediction equal to
``predict_proba``, the training weight on every edge, and the DOT edges drawn by weight."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import grow
from treecore.io import to_dot
from treecore.tree.flow import edge_weights, row_flow
from ui.views import flow_view


@pytest.fixture(scope="module")
def alpha_tree(alpha):
    return grow(alpha, algorithm="id3")


def _position(dataset, row_label: int) -> int:
    return int(np.flatnonzero(dataset.row_labels == row_label)[0])


@pytest.mark.parametrize("row", [8, 10])
def test_rows_8_and_10_split_seven_five_three_fifteenths_at_the_root(alpha, alpha_tree, row):
    flow = row_flow(alpha_tree, alpha.X[_position(alpha, row)])
    root = flow.steps[0]
    assert root.node_id == 0 and root.test == "纹理 = ?" and root.missing
    assert [b.label for b in root.branches] == ["清晰", "稍糊", "模糊"]
    assert [b.weight for b in root.branches] == pytest.approx([7 / 15, 5 / 15, 3 / 15])
    frame = flow_view.steps_frame(flow)
    assert list(frame["share"][:3]) == ["7/15", "5/15", "3/15"]
    assert list(frame["weight"][:3]) == ["1 × 7/15 = 0.4667", "1 × 5/15 = 0.3333",
                                         "1 × 3/15 = 0.2"]
    assert sum(leaf.weight for leaf in flow.leaves) == pytest.approx(1.0)


def test_the_blend_is_the_prediction(alpha, alpha_tree):
    proba = alpha_tree.predict_proba(alpha.X)
    for i in range(alpha.n_rows):
        flow = row_flow(alpha_tree, alpha.X[i])
        np.testing.assert_allclose(flow.probabilities, proba[i])
        leaves = flow_view.leaves_frame(flow, alpha_tree)
        blend = leaves.iloc[-1][list(map(str, alpha_tree.classes))].to_numpy(dtype=float)
        np.testing.assert_allclose(blend, proba[i])
        assert list(leaves["node"]) == [str(leaf.node_id) for leaf in flow.leaves] + [""]
        assert leaves["path"].iloc[-1] == "Σ"


def test_a_known_value_takes_one_branch_with_all_its_weight(alpha, alpha_tree):
    flow = row_flow(alpha_tree, alpha.X[0])             # 编号 1: 纹理 = 清晰 known
    root = flow.steps[0]
    assert not root.missing and len(root.branches) == 1
    assert (root.branches[0].label, root.branches[0].fraction) == ("清晰", 1.0)
    assert flow_view.steps_frame(flow)["share"][0] == "1"


def test_training_weight_on_each_edge_is_fractional_where_rows_were_distributed(alpha_tree):
    weights = edge_weights(alpha_tree)
    root_children = [weights[c] for c in alpha_tree.root.children]
    assert root_children == pytest.approx([7 + 2 * 7 / 15, 5 + 2 * 5 / 15, 3 + 2 * 3 / 15])
    for node in alpha_tree.iter_nodes():
        if node.children:
            assert sum(weights[c] for c in node.children) == pytest.approx(
                node.weighted_n_samples)


def test_dot_edges_are_as_wide_as_their_weight(alpha, alpha_tree):
    flow = row_flow(alpha_tree, alpha.X[_position(alpha, 8)])
    dot = to_dot(alpha_tree, flow=flow_view.edge_flow(flow))
    widths = {int(child): float(width) for child, width in
              re.findall(r"-> n(\d+) \[[^\]]*penwidth=([\d.]+), color=\"#1565C0\"", dot)}
    first = alpha_tree.root.children
    assert [widths[c] for c in first] == pytest.approx([8.0, 1 + 7 * 5 / 7, 1 + 7 * 3 / 7])
    assert 'label="清晰\\nw = 0.4667"' in dot
    assert "style=dotted" in dot                         # the branches the row does not take
    assert "penwidth" not in to_dot(alpha_tree).split("->", 1)[1].split("\n")[0]


@given(st.lists(st.sampled_from([0.0, 1.0, 2.0, np.nan]), min_size=6, max_size=6))
@settings(max_examples=40, deadline=None)
def test_every_row_leaves_its_whole_weight_in_the_leaves(alpha_tree, values):
    flow = row_flow(alpha_tree, np.array(values))
    assert sum(leaf.weight for leaf in flow.leaves) == pytest.approx(1.0)
    for step in flow.steps:
        assert sum(b.weight for b in step.branches) == pytest.approx(step.weight)
