"""``treecore.io.to_dot``: valid DOT for every tree, user names escaped, the view options."""

from __future__ import annotations

import re
import shutil
import subprocess

import pandas as pd
import pytest

from tests.conftest import SAMPLES
from treecore import Dataset, grow
from treecore.io import dot_escape, to_dot

HOSTILE = 'a "quoted" \\N name</script><b>&amp;\nsecond line'


def _dataset(name: str) -> Dataset:
    return Dataset.from_frame(pd.read_csv(SAMPLES / name), "好瓜", ignore=["编号"])


def _hostile_tree():
    frame = pd.DataFrame({HOSTILE: ["x\\", 'y"', "x\\", 'y"', "x\\", 'y"'],
                          "size": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
                          "class": ["</script>", 'k"\n', "</script>", 'k"\n', "</script>", 'k"\n']})
    return grow(Dataset.from_frame(frame, "class"), algorithm="id3")


def _graphviz_accepts(dot: str) -> str:
    """The SVG the ``dot`` program draws from ``dot`` (skips when Graphviz is not installed)."""
    if shutil.which("dot") is None:
        pytest.skip("the Graphviz `dot` program is not installed")
    result = subprocess.run(["dot", "-Tsvg"], input=dot.encode(), capture_output=True, timeout=30)
    assert result.returncode == 0, result.stderr.decode()
    assert not result.stderr.strip(), result.stderr.decode()   # no syntax warnings either
    return result.stdout.decode()


def _quoted_strings_closed(dot: str) -> bool:
    """Every line has balanced unescaped quotes (a name never ends its string early)."""
    return all(len(re.findall(r'(?<!\\)(?:\\\\)*"', line)) % 2 == 0 for line in dot.splitlines())


@pytest.mark.parametrize("text, expected", [
    ('say "hi"', 'say \\"hi\\"'),
    ("back\\slash", "back\\\\slash"),
    ("\\N", "\\\\N"),
    ("two\nlines\r\n", "two lines"),
    ("</script>", "</script>"),
])
def test_escape(text, expected):
    assert dot_escape(text) == expected


def test_hostile_names_give_valid_dot_drawn_as_text():
    dot = to_dot(_hostile_tree())
    assert _quoted_strings_closed(dot)
    assert "\n" not in dot.split('label="', 1)[1].split('"];', 1)[0]  # names stay on one line
    svg = _graphviz_accepts(dot)
    assert "<script" not in svg.lower()              # the name is text, never markup
    assert "&lt;/script&gt;" in svg
    assert "quoted" in svg and "\\N name" in svg      # the backslash is kept, not expanded


def test_watermelon_tree_nodes_edges_and_colours():
    tree = grow(_dataset("watermelon2.0.csv"), algorithm="id3")
    dot = to_dot(tree)
    assert dot.count("->") == tree.n_nodes - 1
    assert len(re.findall(r"^  n\d+ \[", dot, re.M)) == tree.n_nodes
    assert 'n0 [label="#0  纹理 = ?' in dot
    assert '[label="清晰"]' in dot and '[label="模糊"]' in dot
    pure_leaf = next(n for n in tree.iter_leaves() if n.weighted_n_samples >= 3)
    line = next(l for l in dot.splitlines() if l.startswith(f"  n{pure_leaf.node_id} ["))
    assert "→ " in line
    # a pure leaf has the full class colour; the impure root a paler one
    assert 'fillcolor="#0072b2"' in dot.lower() or 'fillcolor="#e69f00"' in dot.lower()
    _graphviz_accepts(dot)


def test_highlight_greyed_and_collapse():
    tree = grow(_dataset("watermelon2.0.csv"), algorithm="id3")
    child = tree.root.children[0]
    dot = to_dot(tree, highlight=child, greyed=tree.subtree_ids(child), max_depth=1,
                 labels={"samples": "样本数", "more": "更多"})
    line = next(l for l in dot.splitlines() if l.startswith(f"  n{child} ["))
    assert "penwidth=3" in line and "dashed" in line and "#EEEEEE" in line
    assert f"n{child}_more" in dot and 'label="更多"' in dot and "样本数 = " in dot
    assert all(tree.node(int(i)).depth <= 1 for i in re.findall(r"^  n(\d+) \[", dot, re.M))
    _graphviz_accepts(dot)


def test_drawn_nodes_only_the_other_branches_end_in_dots():
    tree = grow(_dataset("watermelon2.0.csv"), algorithm="id3")
    first = tree.root.children[0]
    drawn = {tree.root.node_id, first, *tree.node(first).children}
    undrawn_children = {child for i in drawn for child in tree.node(i).children} - drawn
    assert set(tree.root.children[1:]) <= undrawn_children
    dot = to_dot(tree, drawn=drawn, labels={"more": "更多"})
    boxes = {int(i) for i in re.findall(r'^  n(\d+) \[label="#', dot, re.M)}
    stubs = {int(i) for i in re.findall(r'^  n(\d+) \[label="更多", shape=plaintext', dot, re.M)}
    assert boxes == drawn and stubs == undrawn_children
    assert dot.count("->") == len(drawn) - 1 + len(stubs)      # every branch of a drawn node
    _graphviz_accepts(dot)


def test_partial_tree_shows_pending_leaves():
    tree = grow(_dataset("watermelon3.0.csv"), algorithm="cart")
    for step in range(tree.n_steps + 1):
        stage = tree.until(step)
        assert to_dot(stage, highlight=0).count("->") == stage.n_nodes - 1
    early = to_dot(tree.until(1))
    assert early.count("dotted") == sum(1 for n in tree.until(1).iter_leaves()
                                        if n.stop_reason is None) > 0
    _graphviz_accepts(to_dot(tree.until(2)))


def test_large_values_and_row_counts_are_written_out_with_thousands_grouped():
    """A house price and a root of 100,000 rows read as such, not as 4.056e+05 and 1e+05."""
    prices = pd.DataFrame({"area": [50.0, 60.0, 150.0, 160.0],
                           "price": [200_000.0, 210_000.0, 600_000.0, 612_449.0]})
    tree = grow(Dataset.from_frame(prices, "price", task="regression"), algorithm="cart",
                criterion="squared_error")
    dot = to_dot(tree)
    assert "mean = 405,612" in dot and "mean = 606,224" in dot and "→ 612,449" in dot
    assert "MSE = 25,000,000" in dot and "e+05" not in dot
    counts = pd.DataFrame({"x": [0.0, 1.0] * 50_000, "y": ["a", "b"] * 50_000})
    big = grow(Dataset.from_frame(counts, "y"), algorithm="cart", max_depth=1)
    assert "n = 100,000" in to_dot(big) and "a 50,000" in to_dot(big)
