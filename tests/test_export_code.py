"""Rules, Python and SQL exports: same predictions as the tree, and valid whatever the names."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

from treecore import ALGORITHMS, Dataset, grow
from treecore.io import node_conditions, to_python, to_rules, to_sql

from tests.conftest import SAMPLES

#: Column names and values that break naive code generation.
HOSTILE = ['it\'s "quoted"', "two words", "select", "class", "纹理", "back\\slash",
           "new\nline", "</script>", "def", "'; DROP TABLE t; --"]


def _melons3() -> pd.DataFrame:
    return pd.read_csv(SAMPLES / "watermelon3.0.csv").drop(columns="编号")


def _hostile() -> pd.DataFrame:
    """watermelon 3.0 with every feature renamed to a hostile name and hostile labels."""
    frame = _melons3()
    features = [c for c in frame.columns if c != "好瓜"]
    names = dict(zip(features, HOSTILE))
    frame = frame.rename(columns=names | {"好瓜": "from"})
    for column in frame.columns[:2]:                      # nominal values with quotes etc.
        frame[column] = frame[column].map(lambda v: f"{v} '\"\\\n</script>")
    frame["from"] = frame["from"].map({"是": "yes 'good'", "否": 'no "bad"'})
    return frame


def _exec(source: str) -> dict:
    namespace: dict = {}
    exec(compile(source, "<exported>", "exec"), namespace)
    return namespace


def _records(frame: pd.DataFrame) -> list[dict]:
    return [{k: (None if isinstance(v, float) and np.isnan(v) else v) for k, v in row.items()}
            for row in frame.to_dict("records")]


def _sqlite_predictions(frame: pd.DataFrame, expression: str) -> list:
    with sqlite3.connect(":memory:") as db:
        frame.to_sql("t", db, index=False)
        return [row[0] for row in db.execute(f"SELECT {expression} FROM t")]


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
@pytest.mark.parametrize("make", [_melons3, _hostile], ids=["melons3", "hostile"])
def test_python_and_sql_predict_as_the_tree(algorithm, make):
    frame = make()
    target = frame.columns[-1]
    tree = grow(Dataset.from_frame(frame, target), algorithm=algorithm)
    assert tree.n_leaves > 2
    features = frame.drop(columns=target)
    expected = list(tree.predict(features))
    module = _exec(to_python(tree))
    assert [module["predict"](row) for row in _records(features)] == expected
    assert _sqlite_predictions(features, to_sql(tree)) == expected
    with sqlite3.connect(":memory:") as db:
        features.to_sql("my table", db, index=False)
        rows = db.execute(to_sql(tree, table="my table")).fetchall()
    assert [row[-1] for row in rows] == expected


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_python_blends_missing_values_as_the_tree(algorithm):
    frame = pd.read_csv(SAMPLES / "watermelon2.0alpha.csv").drop(columns="编号")
    tree = grow(Dataset.from_frame(frame, "好瓜"), algorithm=algorithm)
    features = frame.drop(columns="好瓜")
    module = _exec(to_python(tree))
    proba = tree.predict_proba(features)
    rows = _records(features) + [{"纹理": "never seen", "色泽": "?"}, {}]
    more = pd.DataFrame([{c: r.get(c) for c in features.columns} for r in rows[-2:]])
    proba = np.vstack([proba, tree.predict_proba(more)])
    for row, expected in zip(rows, proba):
        got = module["predict_proba"](row)
        assert list(got.values()) == pytest.approx(list(expected), abs=1e-12)
    assert [module["predict"](r) for r in rows] == list(tree.predict(pd.concat([features, more])))


def test_sql_sends_null_to_the_node_majority():
    frame = _melons3()
    tree = grow(Dataset.from_frame(frame, "好瓜"), algorithm="id3")
    root = tree.root
    row = frame.drop(columns="好瓜").iloc[[0]].copy()
    row[root.split.feature] = None
    assert _sqlite_predictions(row, to_sql(tree)) == [tree.classes[root.prediction]]


def test_rules_give_coverage_and_confidence():
    frame = _melons3()
    tree = grow(Dataset.from_frame(frame, "好瓜"), algorithm="c45")
    rules = to_rules(tree).splitlines()
    assert len(rules) == tree.n_leaves
    coverage = sum(float(r.split("coverage ")[1].split(",")[0]) for r in rules)
    assert coverage == pytest.approx(len(frame))
    assert all(r.startswith("IF ") and " THEN 好瓜 = " in r and "confidence" in r for r in rules)


@pytest.mark.parametrize("algorithm", ["c45", "cart"])
def test_each_rule_is_its_leafs_path_in_preorder(algorithm):
    """The rules, written in one walk down the tree, are the leaves in pre-order, each with
    the tests on its path from the root (``node_conditions``, which walks up from the leaf)."""
    rng = np.random.default_rng(4)
    frame = pd.DataFrame({"x": rng.normal(size=500), "c": rng.choice(list("abcd"), size=500)})
    frame["y"] = np.where(frame.x + (frame.c == "a") + rng.normal(size=500) > 0, "u", "v")
    tree = grow(Dataset.from_frame(frame, "y"), algorithm=algorithm)
    leaves = [node for node in tree.iter_preorder() if node.is_leaf]
    assert len(leaves) > 20 and tree.depth > 4
    conditions = [rule[3:rule.index(" THEN ")] for rule in to_rules(tree).splitlines()]
    assert conditions == [" AND ".join(node_conditions(tree, leaf.node_id)) for leaf in leaves]


def test_hostile_names_compile_and_quote():
    frame = _hostile()
    tree = grow(Dataset.from_frame(frame, "from"), algorithm="cart")
    compile(to_python(tree), "<exported>", "exec")
    features = frame.drop(columns="from")
    with sqlite3.connect(":memory:") as db:
        features.to_sql('we"ird\ntable', db, index=False)
        rows = db.execute(to_sql(tree, table='we"ird\ntable')).fetchall()
    assert [row[-1] for row in rows] == list(tree.predict(features))
