"""Post-pruning of regression trees: reduced-error pruning with the validation squared error,
α by a validation set or by k-fold cross-validation with the 1-SE rule, and the methods that
count training errors (PEP, EBP) refusing a regression tree.

The hand-worked tree. Training rows (x, y) = (1, 0), (2, 2), (3, 10), (4, 10); the root's mean
is 5.5. The cuts of x leave SSE 0 + 42.67 (s = 1.5), 2 + 0 (s = 2.5) and 56 + 0 (s = 3.5), so
the root cuts at 2.5: node 1 (x ≤ 2.5, mean 1) and node 2 (x > 2.5, mean 10, pure). Node 1
cuts at 1.5 into leaves of means 0 and 2 (nodes 3 and 4).

Validation rows (1, 1), (2, 1), (3, 9), (4, 12), bottom-up:

* node 1 reached by (1, 1) and (2, 1). Its subtree's SSE: (1 − 0)² + (1 − 2)² = 2; as a leaf of
  mean 1: 0 + 0 = 0 < 2, pruned. The tree's SSE goes 7 → 5, RMSE √(7/4) ≈ 1.323 → √(5/4) ≈ 1.118.
* the root, every row. Its subtree's SSE (node 1 now a leaf): 0 + (9 − 10)² + (12 − 10)² = 5;
  as a leaf of mean 5.5: 2 · 4.5² + 3.5² + 6.5² = 95 > 5, kept.

The pruned tree: x ≤ 2.5 → 1, else 10; 2 leaves, validation SSE 5 (unpruned: 7).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import treecore
from treecore import ConfigError, Dataset
from treecore.measures.evaluate import labelled
from treecore.pruning import (PRUNERS, ccp_path, prune_ccp, prune_ebp, prune_pep, prune_rep,
                              pruners_for, select_ccp_alpha)
from treecore.pruning.losses import path_losses
from treecore.io import to_json

from tests.conftest import SAMPLES


def _regression(x, y) -> Dataset:
    return Dataset.from_frame(pd.DataFrame({"x": x, "y": y}), "y", task="regression")


@pytest.fixture(scope="module")
def hand_tree():
    return treecore.grow(_regression([1.0, 2.0, 3.0, 4.0], [0.0, 2.0, 10.0, 10.0]),
                         algorithm="cart")


VALIDATION_X = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]})
VALIDATION_Y = [1.0, 1.0, 9.0, 12.0]


def _sse(tree, X, y) -> float:
    return float(((np.asarray(y) - tree.predict(X)) ** 2).sum())


@pytest.fixture(scope="module")
def diabetes() -> Dataset:
    return Dataset.from_frame(pd.read_csv(SAMPLES / "diabetes.csv"), "progression",
                              task="regression")


def test_the_hand_worked_tree_is_the_docstring_s(hand_tree):
    splits = {n.node_id: n.split.threshold for n in hand_tree.nodes if n.split}
    assert splits == {0: 2.5, 1: 1.5}
    assert [round(n.value, 6) for n in hand_tree.nodes] == [5.5, 1.0, 10.0, 0.0, 2.0]


@pytest.mark.parametrize("rule", ["strict", "no_worse"])
def test_rep_prunes_the_hand_worked_tree(hand_tree, rule):
    result = prune_rep(hand_tree, VALIDATION_X, VALIDATION_Y, rule=rule)
    figures = [(s.node_id, s.decision, s.figures["sse_subtree"], s.figures["sse_leaf"])
               for s in result.steps]
    assert figures == [(1, "prune", 2.0, 0.0), (0, "keep", 5.0, 95.0)]
    first = result.steps[0].figures
    assert first["rmse_before"] == pytest.approx(np.sqrt(7 / 4))
    assert first["rmse_after"] == pytest.approx(np.sqrt(5 / 4))
    assert first["validation_weight"] == 2.0
    assert [s.code for s in result.steps] == ["rep_sse.improves", "rep_sse.worse"]
    assert result.tree.n_leaves == 2
    assert _sse(result.tree, VALIDATION_X, VALIDATION_Y) == pytest.approx(5.0)
    assert "training mean" in result.steps[0].reason and "rmse" in result.steps[0].reason


def test_a_node_no_validation_row_reaches_is_a_tie(hand_tree):
    """Only x = 3 and 4 are validation rows: node 1's subtree and leaf both have SSE 0. The
    strict rule keeps it (no improvement); no_worse prunes it (the SSE does not increase)."""
    X, y = pd.DataFrame({"x": [3.0, 4.0]}), [9.0, 12.0]
    strict = prune_rep(hand_tree, X, y, rule="strict")
    assert strict.pruned == () and strict.steps[0].code == "rep_sse.no_gain"
    no_worse = prune_rep(hand_tree, X, y, rule="no_worse")
    assert no_worse.pruned == (1,) and no_worse.steps[0].code == "rep_sse.no_worse"


@given(st.lists(st.tuples(st.floats(0, 10), st.floats(-50, 50)), min_size=8, max_size=40),
       st.integers(0, 2 ** 16))
def test_rep_never_raises_the_validation_sse_nor_mutates_its_input(rows, seed):
    rng = np.random.default_rng(seed)
    x, y = (np.array(column, float) for column in zip(*rows))
    held = rng.random(len(x)) < 0.4
    if held.all() or not held.any():
        return
    tree = treecore.grow(_regression(x[~held], y[~held]), algorithm="cart")
    before = to_json(tree)
    X_val = pd.DataFrame({"x": x[held]})
    for rule in ("strict", "no_worse"):
        pruned = prune_rep(tree, X_val, y[held], rule=rule).tree
        assert _sse(pruned, X_val, y[held]) <= _sse(tree, X_val, y[held]) * (1 + 1e-9) + 1e-9
        assert pruned.n_leaves <= tree.n_leaves
    assert to_json(tree) == before


def test_path_losses_are_each_tree_s_validation_sse(diabetes):
    train, validation = diabetes.subset(np.arange(300)), diabetes.subset(np.arange(300, 442))
    path = ccp_path(treecore.grow(train, algorithm="cart", max_depth=6))
    expected = [_sse(tree, validation.X, validation.y) for tree in path.trees]
    np.testing.assert_allclose(path_losses(path, validation), expected, rtol=1e-9)


def test_alpha_by_validation_minimises_the_validation_mse(diabetes):
    train, validation = diabetes.subset(np.arange(300)), diabetes.subset(np.arange(300, 442))
    full = treecore.grow(train, algorithm="cart")
    chosen = select_ccp_alpha(train, validation=validation, one_se=False, tree=full)
    assert chosen.method == "validation"
    mse = [_sse(prune_ccp(full, alpha).tree, validation.X, validation.y) / validation.n_rows
           for alpha in chosen.alphas[[0, chosen.best_index, -1]]]
    np.testing.assert_allclose(chosen.errors[[0, chosen.best_index, -1]], mse, rtol=1e-9)
    assert chosen.errors[chosen.best_index] == chosen.errors.min()
    assert chosen.alpha == chosen.alphas[chosen.best_index]


def test_cv_one_se_rule_for_regression(diabetes):
    """5-fold CV: R_k is the held-out MSE, SE = s/√N with s² the variance of the rows' squared
    errors; the 1-SE rule takes the largest α within one SE of the minimum."""
    cv = select_ccp_alpha(diabetes, cv=5, seed=0)
    best = cv.best_index
    assert cv.method == "5-fold cv"
    assert cv.errors[cv.chosen_index] <= cv.errors[best] + cv.standard_errors[best]
    within = np.flatnonzero(cv.errors <= cv.errors[best] + cv.standard_errors[best] + 1e-12)
    assert cv.chosen_index == within.max() >= best
    assert cv.tree.n_leaves <= ccp_path(treecore.grow(diabetes, algorithm="cart")).n_leaves[best]
    assert 0 < cv.standard_errors[best] < cv.errors[best]
    plain = select_ccp_alpha(diabetes, cv=5, seed=0, one_se=False)
    assert plain.chosen_index == plain.best_index == best


def test_regression_folds_are_shuffled_not_stratified():
    from treecore.measures.evaluate import folds
    data = _regression(np.arange(10.0), np.arange(10.0))
    tests = [test for _, test in folds(data, 3, seed=1)]
    assert sorted(np.concatenate(tests).tolist()) == list(range(10))
    assert [len(test) for test in tests] == [4, 3, 3]


def test_the_registry_offers_only_what_prunes_a_regression_tree(hand_tree):
    assert pruners_for("regression") == ("rep", "ccp")
    assert pruners_for("classification") == tuple(PRUNERS)
    for prune in (prune_pep, prune_ebp):
        with pytest.raises(ConfigError, match="regression tree has no training errors"):
            prune(hand_tree)


def test_labelled_reads_numbers_for_a_regression_schema(hand_tree):
    rows = labelled(hand_tree.schema, VALIDATION_X, VALIDATION_Y)
    assert rows.y.tolist() == VALIDATION_Y


def test_rep_judges_a_least_absolute_deviation_tree_by_the_absolute_error():
    """Training (x, y) = (1, 1), (2, 1), (3, 3), (4, 3): both criteria cut at x = 2.5, the
    leaves predicting 1 and 3 and the root 2 (the mean, and the median of 1, 1, 3, 3).
    Validation rows (1, 2), (2, 2), (3, 2), (4, 5.5): the subtree's errors are 1, 1, 1, 2.5
    and the root's 0, 0, 0, 3.5. By absolute error the root alone is better (3.5 < 5.5), so a
    least-absolute-deviation tree is pruned to it; by squared error it is worse
    (12.25 > 1 + 1 + 1 + 6.25 = 9.25), so the least-squares tree keeps its split."""
    train = _regression([1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 3.0, 3.0])
    X, y = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]}), [2.0, 2.0, 2.0, 5.5]
    absolute = prune_rep(treecore.grow(train, algorithm="cart", criterion="absolute_error"), X, y)
    step = absolute.steps[0]
    assert (step.decision, step.code) == ("prune", "rep_ae.improves")
    assert (step.figures["ae_subtree"], step.figures["ae_leaf"]) == (5.5, 3.5)
    assert (step.figures["mae_before"], step.figures["mae_after"]) == (5.5 / 4, 3.5 / 4)
    assert "training median" in step.reason and absolute.tree.n_leaves == 1
    squared = prune_rep(treecore.grow(train, algorithm="cart"), X, y).steps[0]
    assert (squared.decision, squared.figures["sse_subtree"], squared.figures["sse_leaf"]) == \
        ("keep", 9.25, 12.25)


def test_alpha_by_validation_of_an_absolute_error_tree_minimises_the_validation_mae(diabetes):
    """Each α's error is the validation MAE of the tree prune_ccp gives at it. Two weakest links
    of this path have α_eff equal but for rounding (the same fraction summed two ways), and
    prune_ccp prunes them together: the tree between them is no candidate
    (:meth:`CCPPath.index_at`)."""
    train, validation = diabetes.subset(np.arange(300)), diabetes.subset(np.arange(300, 442))
    full = treecore.grow(train, algorithm="cart", criterion="absolute_error", max_depth=5)
    gaps = np.diff(np.unique(ccp_path(full).alphas))
    assert ((gaps > 0) & (gaps <= 1e-12 * np.unique(ccp_path(full).alphas)[1:])).any()
    chosen = select_ccp_alpha(train, validation=validation, one_se=False, tree=full)
    mae = [float(np.abs(validation.y - prune_ccp(full, alpha).tree.predict(validation.X)).mean())
           for alpha in chosen.alphas]
    np.testing.assert_allclose(chosen.errors, mae, rtol=1e-9)
    assert len(chosen.alphas) == len(set(path_leaves(full, chosen.alphas)))
    assert chosen.alpha == chosen.alphas[int(np.argmin(mae))]


def path_leaves(tree, alphas) -> list[int]:
    """The leaves of the tree prune_ccp gives at each α."""
    return [prune_ccp(tree, alpha).tree.n_leaves for alpha in alphas]
