"""Zhou Table 4.2 (watermelon 2.0, §4.3): pre-pruning on a validation set and reduced-error pruning.

The engine's unpruned tree with 脐部 forced at the root is the book's 图 4.5 node for node:
① 脐部; ② 色泽 under 凹陷 (青绿 是, 乌黑 是, 浅白 否); ③ 根蒂 under 稍凹 (蜷缩 否, 硬挺 是 from the
parent's tied majority); ④ the 平坦 leaf (否); ⑤ 色泽 under 稍凹→稍蜷 (青绿 是, 浅白 是);
⑥ 纹理 under …→乌黑 (清晰 否, 稍糊 是, 模糊 是). Our ids (breadth-first creation order):
① 0, ② 1, ③ 2, ⑤ 8, ⑥ 11.
"""


import pandas as pd
import pytest

import treecore
from treecore.errors import ConfigError
from treecore.measures.evaluate import labelled
from treecore.pruning import prune_rep

from tests.conftest import SAMPLES
BOOK = {"①": 0, "②": 1, "③": 2, "⑤": 8, "⑥": 11}


@pytest.fixture(scope="module")
def zhou():
    frame = pd.read_csv(SAMPLES / "watermelon2.0.csv")
    train = frame[frame["编号"].isin([1, 2, 3, 6, 7, 10, 14, 15, 16, 17])]
    val = frame[frame["编号"].isin([4, 5, 8, 9, 11, 12, 13])]
    data = treecore.Dataset.from_frame(train, "好瓜")
    tree = treecore.grow(data, algorithm="id3", force={(): "脐部"})
    return data, tree, val.drop(columns="好瓜"), val["好瓜"]


def _accuracy(tree, X, y):
    return float((tree.predict(X) == y.to_numpy()).mean())


def test_unpruned_tree_is_figure_4_5(zhou):
    _, tree, X, y = zhou
    splits = {n.node_id: n.split.feature for n in tree.nodes if n.split}
    assert splits == {BOOK["①"]: "脐部", BOOK["②"]: "色泽", BOOK["③"]: "根蒂", BOOK["⑤"]: "色泽",
                      BOOK["⑥"]: "纹理"}
    labels = {n.path: tree.classes[n.prediction] for n in tree.iter_leaves()}
    assert labels[("稍凹", "硬挺")] == "是" and labels[("平坦",)] == "否"
    assert labels[("稍凹", "稍蜷", "乌黑", "模糊")] == "是"
    assert round(_accuracy(tree, X, y), 3) == 0.429


def test_validation_pre_pruning(zhou):
    data, _, X, y = zhou
    tree = treecore.grow(data, algorithm="id3", force={(): "脐部"}, validation=(X, y))
    assert tree.n_leaves == 3
    assert round(_accuracy(tree, X, y), 3) == 0.714


def test_rep_strict_reproduces_the_book(zhou):
    _, tree, X, y = zhou
    result = prune_rep(tree, X, y, rule="strict")
    by_book = [(step.node_id, step.decision, round(step.figures["accuracy_before"], 3),
                round(step.figures["accuracy_after"], 3)) for step in result.steps]
    assert by_book == [
        (BOOK["⑥"], "prune", 0.429, 0.571),   # 纹理: 42.9% → 57.1%, pruned
        (BOOK["⑤"], "keep", 0.571, 0.571),    # 色泽 under 稍蜷: still 57.1%, not pruned
        (BOOK["②"], "prune", 0.571, 0.714),   # 色泽 under 凹陷: → 71.4%, pruned
        (BOOK["③"], "keep", 0.714, 0.714),    # 根蒂: 71.4%, no improvement, kept
        (BOOK["①"], "keep", 0.714, 0.429),    # 脐部: 42.9%, kept
    ]
    assert round(_accuracy(result.tree, X, y), 3) == 0.714
    assert "kept" in result.steps[1].reason and "improve" in result.steps[1].reason


def test_rep_no_worse_prunes_ties(zhou):
    _, tree, X, y = zhou
    result = prune_rep(tree, X, y, rule="no_worse")
    assert result.pruned == (BOOK["⑥"], BOOK["⑤"], BOOK["②"], BOOK["③"])
    assert result.tree.n_leaves == 3 and round(_accuracy(result.tree, X, y), 3) == 0.714


def test_rep_accepts_a_validation_dataset_and_an_encoded_matrix(zhou):
    _, tree, X, y = zhou
    encoded = tree.schema.encode(X)
    expected = prune_rep(tree, X, y).pruned
    assert prune_rep(tree, encoded, y).pruned == expected
    assert prune_rep(tree, labelled(tree.schema, X, y)).pruned == expected
    with pytest.raises(ConfigError):
        prune_rep(tree, X, y, rule="sometimes")
