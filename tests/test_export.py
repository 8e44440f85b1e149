"""JSON is lossless and checked on the way in; the text outline reads like C4.5's."""

from __future__ import annotations

import gc
import json

import numpy as np
import pandas as pd
import pytest

from treecore import ALGORITHMS, DataError, Dataset, grow
from treecore.io import from_json, node_label, to_json, to_text
from treecore.tree.lazy import collector_paused


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
@pytest.mark.parametrize("name", ["alpha", "melons3"])
def test_json_round_trip_is_lossless(request, name, algorithm):
    data = request.getfixturevalue(name)
    tree = grow(data, algorithm=algorithm)
    back = from_json(to_json(tree))
    assert back.schema == tree.schema
    assert back.nodes == tree.nodes
    assert back.n_steps == tree.n_steps
    assert back.settings == json.loads(json.dumps(tree.settings))
    np.testing.assert_array_equal(back.predict_proba(data.X), tree.predict_proba(data.X))
    assert to_json(back) == to_json(tree)


def test_json_keeps_integer_classes():
    frame = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "t": [0, 1, 0, 1]})
    tree = grow(Dataset.from_frame(frame, "t"))
    assert from_json(to_json(tree)).classes == (0, 1)


def _document(tree) -> dict:
    return json.loads(to_json(tree))


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("format"),
    lambda d: d.update(version=99),
    lambda d: d.update(nodes=[]),
    lambda d: d["nodes"][0].update(prediction=7),
    lambda d: d["nodes"][0].update(children=[]),
    lambda d: d["nodes"][0]["split"].update(feature_index=99),
    lambda d: d["nodes"][0]["split"].update(feature="other"),
    lambda d: d["nodes"][0]["split"].update(gain="high"),
    lambda d: d["nodes"][1].update(parent=42),
    lambda d: d["nodes"][1].update(node_id=0),
    lambda d: d["nodes"][1].update(stop_reason="tired"),
    lambda d: d["nodes"][0].update(class_counts=[1, "x"]),
    lambda d: d["schema"]["features"][0].update(kind="ordinal"),
])
def test_from_json_rejects_damaged_documents(melons3, damage):
    document = _document(grow(melons3, algorithm="id3"))
    damage(document)
    with pytest.raises(DataError):
        from_json(json.dumps(document, ensure_ascii=False))


@pytest.mark.parametrize("text", ["", "not json", "[]", "{\"format\": \"pickle\"}"])
def test_from_json_rejects_non_tree_text(text):
    with pytest.raises(DataError):
        from_json(text)


def test_text_outline(melons3):
    tree = grow(melons3, algorithm="id3")
    text = to_text(tree)
    assert text.splitlines()[:3] == ["纹理 = 清晰", "|   密度 ≤ 0.3815: 否 (2)", "|   密度 > 0.3815: 是 (7)"]
    assert text.count("\n") + 1 == tree.n_leaves + sum(
        1 for n in tree.iter_nodes() if n.split and n.node_id != 0)


def test_text_of_a_single_leaf(melons3):
    tree = grow(melons3, max_depth=0)
    assert to_text(tree) == "否 (17/8)"


def test_node_label_shows_weight_and_errors(alpha):
    tree = grow(alpha, algorithm="id3")
    assert any("/" in node_label(tree, leaf) for leaf in tree.iter_leaves())
    assert node_label(tree, tree.root) == "否 (17/8)"


def test_an_absolute_error_tree_names_its_medians_and_mae_everywhere():
    """A leaf of the absolute-error tree predicts its rows' median and spreads by their MAE:
    the outline, the rules and the drawing say so (a squared-error leaf: its mean and sd).
    x = 1…6, y = 1 2 4 | 10 11 14: the cut x ≤ 3.5 leaves AE 3 + 4 = 7 (x ≤ 2.5: 1 + 11;
    x ≤ 4.5: 11 + 3), medians 2 and 11, MAE 3/3 = 1 and 4/3."""
    from treecore.io import to_dot, to_rules

    table = pd.DataFrame({"x": [1.0, 2, 3, 4, 5, 6], "y": [1.0, 2, 4, 10, 11, 14]})
    data = Dataset.from_frame(table, "y", task="regression")
    tree = grow(data, task="regression", criterion="absolute_error", max_depth=1)
    left, right = (tree.node(c) for c in tree.root.children)
    assert (left.value, right.value) == (2.0, 11.0)
    assert to_text(tree) == "x ≤ 3.5: 2 (3; MAE 1)\nx > 3.5: 11 (3; MAE 1.33)"
    rules = to_rules(tree)
    assert "THEN y = 11  [coverage 3, MAE 1.333]" in rules and " sd " not in rules
    dot = to_dot(tree)
    assert "median = 2 · MAE = 1\\n" in dot and "mean = " not in dot
    squared = grow(data, task="regression", max_depth=1)
    assert "sd " in to_text(squared) and "mean = " in to_dot(squared)


@pytest.mark.parametrize("was_on", [True, False])
def test_an_export_pauses_the_garbage_collector_and_leaves_it_as_it_was(was_on):
    seen = []

    @collector_paused()
    def export(fail: bool) -> str:
        seen.append(gc.isenabled())
        if fail:
            raise ValueError("no")
        return "text"

    (gc.enable if was_on else gc.disable)()
    try:
        assert export(False) == "text"
        with pytest.raises(ValueError):
            export(True)
        assert seen == [False, False] and gc.isenabled() == was_on
    finally:
        gc.enable()
