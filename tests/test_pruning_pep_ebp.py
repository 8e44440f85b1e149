"""PEP and C4.5's EBP on small examples worked by hand, plus EBP with missing values."""


import numpy as np
import pandas as pd
import pytest

import treecore
from treecore.errors import ConfigError
from treecore.pruning import prune_ebp, prune_pep, upper_error_rate
from treecore.io import from_json, to_json

from tests.conftest import SAMPLES


@pytest.fixture(scope="module")
def small():
    """11 rows: A=a,B=x: 4 是; A=a,B=y: 1 是 + 1 否; A=b: 5 否 (3 with B=x, 2 with B=y).

    ID3 grows: root A → (a) B → x: 是 (4/0), y: 是 (1/1, a tie goes to the first class);
                        (b) 否 (5/0).
    """
    rows = ([("a", "x", "是")] * 4 + [("a", "y", "是"), ("a", "y", "否")]
            + [("b", "x", "否")] * 3 + [("b", "y", "否")] * 2)
    frame = pd.DataFrame(rows, columns=["A", "B", "好"])
    return treecore.grow(treecore.Dataset.from_frame(frame, "好"), algorithm="id3")


def _by_path(tree):
    return {n.path: n for n in tree.nodes}


def test_pep_by_hand(small):
    """Top-down.

    Root (N = 11, e = 5 as a leaf of 否): n'(t) = 5 + ½ = 5.5. Its leaves make Σe = 0 + 1 + 0 = 1
    with L = 3, so n'(T) = 1 + 3/2 = 2.5, SE = √(2.5 · (11 − 2.5) / 11) = √1.93182 = 1.38990;
    5.5 > 2.5 + 1.3899 = 3.8899: kept.
    Node A=a (N = 6, e = 1): n'(t) = 1.5; leaves Σe = 0 + 1 = 1, L = 2, n'(T) = 2,
    SE = √(2 · 4 / 6) = 1.15470; 1.5 ≤ 3.1547: pruned. Leaf A=b is not examined.
    """
    result = prune_pep(small)
    root, a = result.steps
    assert (root.decision, a.decision) == ("keep", "prune")
    assert root.figures["corrected_leaf"] == 5.5 and root.figures["corrected_subtree"] == 2.5
    assert root.figures["standard_error"] == pytest.approx(1.38990, abs=1e-5)
    assert a.figures["corrected_subtree"] == 2 and a.figures["threshold"] == pytest.approx(3.15470,
                                                                                          abs=1e-5)
    assert result.tree.n_leaves == 2 and _by_path(small)[("a",)].node_id == a.node_id


def test_upper_limit_matches_quinlan_and_the_binomial():
    """Quinlan (1993) ch. 4 prints U₂₅%(0, 6) = 0.206, U(0, 9) = 0.143, U(0, 1) = 0.750 (exact:
    1 − 0.25^{1/N}) and U(1, 16) = 0.157, the normal approximation of his program; the exact root
    of (1 − p)^16 + 16 p (1 − p)^15 = 0.25 is 0.1596."""
    assert np.round(upper_error_rate([0, 0, 0], [6, 9, 1]), 3).tolist() == [0.206, 0.143, 0.75]
    p = float(upper_error_rate(1, 16))
    assert (1 - p) ** 16 + 16 * p * (1 - p) ** 15 == pytest.approx(0.25, abs=1e-12)
    assert round(p, 4) == 0.1596
    # E < 1: linear interpolation between U(0, N) and U(1, N)
    u0, u1 = upper_error_rate([0, 1], [10, 10])
    assert float(upper_error_rate(0.3, 10)) == pytest.approx(u0 + 0.3 * (u1 - u0))
    assert float(upper_error_rate(0, 0)) == 0.0


@pytest.mark.parametrize("cf", [0.001, 0.25, 0.5, 0.9])
def test_upper_limit_is_the_root_of_the_binomial_equation(cf):
    """For whole and fractional E ≥ 1 and N up to 10⁵, U_CF(E, N) solves
    I_{1−p}(N − E, E + 1) = CF, checked with scipy's incomplete beta (an independent
    implementation) at the root and one part in 10⁹ either side of it."""
    from scipy.special import betainc
    rng = np.random.default_rng(7)
    n = np.concatenate([rng.uniform(2, 60, 300), rng.uniform(60, 1e5, 300), np.arange(2, 40.0)])
    errors = np.minimum(1 + rng.uniform(0, 1, len(n)) * (n - 1), n - 0.5)
    p = upper_error_rate(errors, n, cf)
    assert np.allclose(betainc(n - errors, errors + 1, 1 - p), cf, rtol=0, atol=1e-9)
    assert (betainc(n - errors, errors + 1, 1 - p * (1 - 1e-9)) >= cf).all()
    assert (betainc(n - errors, errors + 1, 1 - p * (1 + 1e-9)) <= cf).all()


def test_ebp_by_hand(small):
    """Bottom-up, CF = 25 %.

    Node A=a: leaf (4/0): 4 · (1 − 0.25^{1/4}) = 4 · 0.29289 = 1.17157; leaf (1/1): U(1, 2) solves
    (1 − p)² + 2p(1 − p) = 1 − p² = 0.25, p = √0.75 = 0.86603, 2 · 0.86603 = 1.73205; subtree
    2.90362. As a leaf (N = 6, E = 1): U(1, 6) solves (1 − p)⁵ (1 + 5p) = 0.25, p = 0.389479,
    6 · 0.389479 = 2.33688 ≤ 2.90362 + 0.1: replaced by a leaf.
    Root: leaf A=b (5/0): 5 · (1 − 0.25^{1/5}) = 5 · 0.24214 = 1.21071; subtree 2.33688 + 1.21071
    = 3.54759. As a leaf (N = 11, E = 5): U(5, 11) = 0.59842, 6.58262 > 3.54759 + 0.1: kept.
    """
    result = prune_ebp(small)
    a, root = result.steps
    assert a.figures["predicted_subtree"] == pytest.approx(1.17157 + 1.73205, abs=1e-5)
    p = a.figures["upper_rate"]
    assert (1 - p) ** 5 * (1 + 5 * p) == pytest.approx(0.25, abs=1e-12)
    assert a.figures["predicted_leaf"] == pytest.approx(2.33688, abs=1e-5)
    assert a.decision == "prune" and root.decision == "keep"
    assert root.figures["predicted_subtree"] == pytest.approx(3.54759, abs=1e-5)
    assert root.figures["predicted_leaf"] == pytest.approx(6.58262, abs=1e-5)
    assert result.tree.n_leaves == 2


def test_ebp_with_missing_values():
    """watermelon 2.0α: C4.5 distributes rows with a missing value, so N and E are fractional.
    Each step compares N · U(E, N) with the sum of the branches' estimates; 纹理=模糊 (N = 3.4,
    E = 0.2 < 1, interpolated) is pruned to a leaf at CF = 25 %."""
    frame = pd.read_csv(SAMPLES / "watermelon2.0alpha.csv")
    data = treecore.Dataset.from_frame(frame, "好瓜")
    tree = treecore.grow(data, algorithm="c45")
    result = prune_ebp(tree)
    fuzzy = next(s for s in result.steps if tree.node(s.node_id).path == ("模糊",))
    assert fuzzy.figures["n"] == pytest.approx(3.4) and fuzzy.figures["errors_leaf"] == \
        pytest.approx(0.2)
    assert fuzzy.decision == "prune"
    for step in result.steps:
        f = step.figures
        assert f["predicted_leaf"] == pytest.approx(f["n"] * float(upper_error_rate(
            f["errors_leaf"], f["n"])))
    assert any(abs(s.figures["n"] - round(s.figures["n"])) > 1e-6 for s in result.steps)
    assert result.tree.n_leaves < tree.n_leaves
    raised = prune_ebp(tree, subtree_raising=True, dataset=data)
    assert [s.decision for s in raised.steps] == [s.decision for s in result.steps] or \
        raised.tree.n_leaves <= tree.n_leaves


def test_subtree_raising_needs_the_training_rows(small):
    with pytest.raises(ConfigError, match="dataset="):
        prune_ebp(small, subtree_raising=True)
    with pytest.raises(ConfigError):
        prune_ebp(small, cf=1.5)


def test_subtree_raising_moves_rows_into_the_largest_branch():
    """A root test that hardly separates anything: its largest branch, relabelled with all rows,
    predicts fewer errors than the whole tree, so it is raised into the root's place."""
    rng = np.random.default_rng(3)
    n = 400
    frame = pd.DataFrame({"noise": rng.choice(["p", "q"], n, p=[0.9, 0.1]),
                          "x": rng.normal(size=n)})
    frame["y"] = np.where(frame["x"] > 0, "pos", "neg")
    data = treecore.Dataset.from_frame(frame, "y")
    tree = treecore.grow(data, algorithm="c45", criterion="entropy", force={(): "noise"})
    result = prune_ebp(tree, subtree_raising=True, dataset=data)
    pruned = result.tree
    assert pruned.root.node_id != tree.root.node_id
    assert pruned.root.parent is None and pruned.root.weighted_n_samples == pytest.approx(n)
    for node in pruned.nodes:                      # statistics re-counted from the rows
        if node.children:
            assert sum(pruned.node(c).weighted_n_samples for c in node.children) == \
                pytest.approx(node.weighted_n_samples)
    assert (pruned.predict(frame) == frame["y"].to_numpy()).mean() > 0.97
    assert from_json(to_json(pruned)).n_leaves == pruned.n_leaves


def test_subtree_raising_below_a_node_later_made_a_leaf():
    """A child's subtree is raised in place of the child, then the node itself becomes a leaf:
    the nodes dropped are its children as they are after the raising (found by hypothesis; the
    stale list of children raised a KeyError)."""
    full = pd.DataFrame({
        "n0": ["a"] * 16, "n1": ["a"] * 16,
        "c2": [0.0] * 8 + [0.5, 0.5, 0.5, 0.0, 0.5, 0.5, 0.5, 1.0],
        "n3": list("aaaabaaaaaababca"),
        "t": list("xxxxyxyxxxxxxzxz"),
    })
    train = treecore.Dataset.from_frame(full.drop(index=1), "t")
    tree = treecore.grow(train, algorithm="id3", criterion="entropy")
    pruned = prune_ebp(tree, cf=0.05, subtree_raising=True, dataset=train).tree
    assert pruned.n_leaves <= tree.n_leaves
    ids = {node.node_id for node in pruned.iter_nodes()}
    assert all(set(node.children) <= ids for node in pruned.iter_nodes())
