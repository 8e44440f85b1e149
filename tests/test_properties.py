"""Invariants of the engine on random data (hypothesis): weights, order, conservation of weight,
probabilities, JSON, forcing, exactness on training rows, and every algorithm × criterion."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from treecore import ALGORITHMS, CRITERIA, Dataset, Kind, Tree, grow
from treecore.io import from_json, to_json

PAIRS = [(a, c) for a, preset in ALGORITHMS.items() for c in preset.criteria]
assert {c for _, c in PAIRS} == {c for c in CRITERIA if CRITERIA[c].task == "classification"}

NOMINAL_VALUES = ["a", "b", "c", "d"]
CONTINUOUS_VALUES = [0.0, 0.5, 1.0, 1.5, 2.0, 3.5, 7.0]


@st.composite
def frames(draw, missing: bool = True, min_rows: int = 4, max_rows: int = 30) -> pd.DataFrame:
    """A table of 1–4 nominal/continuous features (few distinct values, so ties and repeated
    rows are common), NaN holes if ``missing``, and a target with 2–3 classes."""
    n = draw(st.integers(min_rows, max_rows))
    kinds = draw(st.lists(st.sampled_from(["nominal", "continuous"]), min_size=1, max_size=4))
    columns = {}
    for j, kind in enumerate(kinds):
        pool = NOMINAL_VALUES[:draw(st.integers(2, 4))] if kind == "nominal" else CONTINUOUS_VALUES
        values = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
        if missing:
            holes = draw(st.lists(st.booleans(), min_size=n, max_size=n))
            values = [None if hole else v for v, hole in zip(values, holes)]
            assume(any(v is not None for v in values))
        columns[f"{kind[0]}{j}"] = (pd.Series(values, dtype=object) if kind == "nominal"
                                    else pd.Series(values, dtype=float))
    target = draw(st.lists(st.sampled_from(["x", "y", "z"]), min_size=n, max_size=n))
    assume(len(set(target)) >= 2)
    return pd.DataFrame({**columns, "t": target})


def dataset(frame: pd.DataFrame, **kwargs) -> Dataset:
    return Dataset.from_frame(frame, "t", **kwargs)


algorithms = st.sampled_from(PAIRS)
#: The presets of Hunt's TreeGenerate. The J48 preset follows Weka's J48 instead, so three
#: invariants below do not hold for it by design (tests/test_j48.py holds it to Weka): J48
#: counts rows, not weights, in two rules (a numeric attribute needs twice the minimum per side
#: in known rows; a nominal attribute of ≥ 0.3 × rows values leaves the average gain), it forces
#: only a split its own rules offer (an attribute whose corrected gain is ≤ 0 offers none), and
#: it leaves a leaf where no split has a positive gain ratio or where a subtree saves no
#: training error, not only where rows agree.
textbook = st.sampled_from([p for p in PAIRS if not ALGORITHMS[p[0]].release8])


def canonical(tree: Tree, node_id: int = 0):
    """The tree's shape in terms of labels, independent of code and branch order: each node's
    weighted class counts by class label, its test, and its children sorted by branch."""
    node = tree.node(node_id)
    counts = tuple(sorted((str(c), w) for c, w in zip(tree.classes, node.class_counts)))
    split = node.split
    if split is None:
        return counts
    kids = [canonical(tree, c) for c in node.children]
    labels = tree.schema.features[split.feature_index].labels
    if split.kind is Kind.CONTINUOUS:
        return counts, (split.feature, split.threshold), tuple(kids)
    if split.subset is not None:
        left = tuple(sorted(labels[c] for c in split.subset))
        right = tuple(sorted(set(labels) - set(left)))
        branches = sorted([(left, kids[0]), (right, kids[1])], key=lambda b: b[0])
    else:
        branches = sorted(zip(split.branches, kids), key=lambda b: b[0])
    return counts, (split.feature, "nominal"), tuple(branches)


def same(a, b) -> bool:
    """Equal structures, numbers compared to 1e-9 (sums of weights differ in the last bits)."""
    if isinstance(a, float) or isinstance(b, float):
        return bool(np.isclose(a, b, rtol=1e-9, atol=1e-9))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def first_seen_rows(frame: pd.DataFrame) -> list[int]:
    """Positions of the rows holding the first occurrence of some value of some column."""
    firsts = set()
    for column in frame.columns:
        firsts.update(frame[column].astype(str).drop_duplicates().index)
    return sorted(firsts)


# ------------------------------------------------------------------------------ properties
@given(frames(), st.data(), textbook)
def test_integer_weights_equal_duplicated_rows(frame, data, pair):
    """Weight k is the row k times; weight 0 is the row absent."""
    algorithm, criterion = pair
    weights = np.array(data.draw(st.lists(st.integers(0, 3), min_size=len(frame),
                                          max_size=len(frame))))
    repeated = frame.loc[frame.index.repeat(weights)].reset_index(drop=True)
    assume(repeated["t"].nunique() >= 2 and repeated.notna().any().all())
    weighted = grow(dataset(frame, weights=weights), algorithm=algorithm, criterion=criterion)
    duplicated = grow(dataset(repeated), algorithm=algorithm, criterion=criterion)
    assert same(canonical(weighted), canonical(duplicated))


@given(frames(), st.randoms(use_true_random=False), algorithms)
def test_row_order_does_not_change_the_tree(frame, random, pair):
    """Shuffle the rows, keeping the first occurrence of every value (and class) in its order.

    Labels are coded in first-seen order, and an exact tie between two CART value subsets goes to
    the first in that order, so a shuffle that reorders first occurrences may pick the other of
    two equally good subsets; every other row moves freely.
    """
    algorithm, criterion = pair
    frame = frame.reset_index(drop=True)
    firsts = first_seen_rows(frame)
    rest = [i for i in range(len(frame)) if i not in set(firsts)]
    random.shuffle(rest)
    order = firsts + rest
    shuffled = frame.iloc[order].reset_index(drop=True)
    first = grow(dataset(frame), algorithm=algorithm, criterion=criterion)
    second = grow(dataset(shuffled), algorithm=algorithm, criterion=criterion)
    assert same(canonical(first), canonical(second))


@given(frames(), st.randoms(use_true_random=False),
       st.sampled_from([p for p in PAIRS if ALGORITHMS[p[0]].multiway]))
def test_any_row_order_gives_the_same_multiway_tree(frame, random, pair):
    """ID3 and C4.5 break ties by column order and threshold only: any shuffle is harmless."""
    algorithm, criterion = pair
    order = list(range(len(frame)))
    random.shuffle(order)
    shuffled = frame.iloc[order].reset_index(drop=True)
    first = grow(dataset(frame), algorithm=algorithm, criterion=criterion)
    second = grow(dataset(shuffled), algorithm=algorithm, criterion=criterion)
    assert same(canonical(first), canonical(second))


@given(frames(), algorithms)
def test_children_weights_sum_to_the_parents(frame, pair):
    algorithm, criterion = pair
    data = dataset(frame)
    tree = grow(data, algorithm=algorithm, criterion=criterion)
    assert tree.root.weighted_n_samples == pytest.approx(len(frame))
    for node in tree.iter_nodes():
        assert sum(node.class_counts) == pytest.approx(node.weighted_n_samples)
        if node.split is not None:
            kids = tree.children(node.node_id)
            assert sum(k.weighted_n_samples for k in kids) == pytest.approx(node.weighted_n_samples)
            np.testing.assert_allclose(np.sum([k.class_counts for k in kids], axis=0),
                                       node.class_counts, atol=1e-9)
            assert node.split.branch_fractions.sum() == pytest.approx(1.0)


@given(frames(), frames(min_rows=1, max_rows=10), algorithms)
def test_probabilities_sum_to_one(frame, other, pair):
    algorithm, criterion = pair
    tree = grow(dataset(frame), algorithm=algorithm, criterion=criterion)
    for column in tree.feature_names:           # rows with holes, unseen values, any values
        if column not in other:
            other[column] = np.nan
    other = other[list(tree.feature_names)]
    for X in (dataset(frame).X, other):
        proba = tree.predict_proba(X)
        assert (proba >= -1e-12).all()
        np.testing.assert_allclose(proba.sum(axis=1), 1.0)


@given(frames(), algorithms)
def test_json_round_trip_predicts_identically(frame, pair):
    algorithm, criterion = pair
    data = dataset(frame)
    tree = grow(data, algorithm=algorithm, criterion=criterion)
    back = from_json(to_json(tree))
    np.testing.assert_array_equal(back.predict_proba(data.X), tree.predict_proba(data.X))
    np.testing.assert_array_equal(back.apply(data.X), tree.apply(data.X))
    assert back.nodes == tree.nodes


@given(frames(), st.data(), textbook)
def test_forced_split_is_honoured(frame, data, pair):
    algorithm, criterion = pair
    ds = dataset(frame)
    assume(len(set(ds.y)) >= 2)
    j = data.draw(st.integers(0, ds.n_features - 1))
    known = ds.X[:, j][~np.isnan(ds.X[:, j])]
    assume(len(np.unique(known)) >= 2)
    feature = ds.features[j]
    if feature.kind is Kind.CONTINUOUS and data.draw(st.booleans()):
        cut = float(data.draw(st.sampled_from(sorted(np.unique(known))[:-1])))
        tree = grow(ds, algorithm=algorithm, criterion=criterion, force={(): (feature.name, cut)})
        assert tree.root.split.threshold == cut
    else:
        tree = grow(ds, algorithm=algorithm, criterion=criterion, force={(): feature.name})
    assert tree.root.split.feature == feature.name and tree.root.split.forced
    first_child = tree.root.children[0]
    assert tree.node(first_child).parent == 0


@given(frames(missing=False), textbook)
def test_training_rows_predicted_exactly(frame, pair):
    """An unpruned tree fits its training rows exactly when no two identical rows disagree."""
    algorithm, criterion = pair
    features = [c for c in frame.columns if c != "t"]
    assume(frame.groupby(features, dropna=False)["t"].nunique().max() == 1)
    data = dataset(frame)
    tree = grow(data, algorithm=algorithm, criterion=criterion)
    np.testing.assert_array_equal(tree.predict(data.X), frame["t"].to_numpy())


@pytest.mark.parametrize("algorithm, criterion", PAIRS)
@settings(max_examples=25)
@given(frame=frames())
def test_every_algorithm_and_criterion_runs(algorithm, criterion, frame):
    data = dataset(frame)
    tree = grow(data, algorithm=algorithm, criterion=criterion)
    tree.predict(data.X)
    tree.decision_path(data.X)
    for node in tree.iter_nodes():
        assert node.is_leaf == (node.split is None)
        assert node.is_leaf == (node.stop_reason is not None)
