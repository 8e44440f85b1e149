"""Candidate generation: threshold sweep, boundary points, CART subsets, multiway, forcing,
and the deterministic choice of the best candidate."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import ALGORITHMS, CRITERIA
from treecore.measures import cut_scan, entropy_terms, kernels, node_cuts
from treecore.split.candidates import TIE_TOLERANCE, choose
from treecore.measures.criteria import IMPURITIES, impurity_decrease
from treecore.data import Feature, Kind
from treecore.split import proposals
from treecore.split.proposals import (EXHAUSTIVE_LEVELS, NodeData, SplitRules, subset_memberships,
                                      sweep)
from treecore.split.splitting import (binary_candidate, continuous_candidate, forced_candidate,
                                      multiway_candidate, node_candidates)

CONT = Feature("x", Kind.CONTINUOUS)


def rules(algorithm="cart", criterion=None, **kwargs) -> SplitRules:
    preset = ALGORITHMS[algorithm]
    return SplitRules(preset, CRITERIA[criterion or preset.default_criterion], **kwargs)


def node(x, y, w=None, n_classes=None) -> NodeData:
    X = np.asarray(x, float).reshape(len(y), -1)
    y = np.asarray(y, np.int64)
    w = np.ones(len(y)) if w is None else np.asarray(w, float)
    return NodeData(X, y, w, n_classes or int(y.max()) + 1)


# ------------------------------------------------------------------------------ sweep
def test_sweep_cuts_between_distinct_values():
    cuts = sweep(np.array([3.0, 1.0, 2.0, 2.0, 5.0]), np.array([0, 0, 1, 0, 1]), np.ones(5), 2)
    np.testing.assert_array_equal(cuts.lower, [1, 2, 3])
    np.testing.assert_array_equal(cuts.upper, [2, 3, 5])
    np.testing.assert_array_equal(cuts.midpoint, [1.5, 2.5, 4])
    np.testing.assert_array_equal(cuts.left_counts, [[1, 0], [2, 1], [3, 1]])
    np.testing.assert_array_equal(cuts.total_counts, [3, 2])
    # blocks: 1 → {0}, 2 → {0, 1} mixed, 3 → {0}, 5 → {1}: every cut touches a change
    assert cuts.is_boundary.all()


def test_sweep_boundary_points():
    cuts = sweep(np.arange(6.0), np.array([0, 0, 0, 1, 1, 0]), np.ones(6), 2)
    assert cuts.is_boundary.tolist() == [False, False, True, False, True]


def test_sweep_weights():
    cuts = sweep(np.array([1.0, 2.0]), np.array([0, 1]), np.array([0.25, 2.0]), 2)
    np.testing.assert_array_equal(cuts.left_counts, [[0.25, 0]])


def test_continuous_candidate_midpoint_and_data_style():
    data = node([1, 2, 3, 4], [0, 0, 1, 1])
    mid = continuous_candidate(data, 0, CONT, rules())
    assert (mid.threshold, mid.midpoint, mid.gini) == (2.5, 2.5, 0.0)
    assert mid.branch_counts == ((2, 0), (0, 2))
    low = continuous_candidate(data, 0, CONT, rules(threshold_style="data"))
    assert (low.threshold, low.midpoint) == (2.0, 2.5)
    np.testing.assert_array_equal(low.branch_index(np.array([2.0, 2.2, np.nan])), [0, 1, -1])


def test_continuous_single_value_has_no_candidate():
    assert continuous_candidate(node([1, 1, 1], [0, 1, 0]), 0, CONT, rules()) is None
    assert continuous_candidate(node([np.nan, np.nan], [0, 1]), 0, CONT, rules()) is None


def test_continuous_tie_goes_to_lowest_threshold():
    data = node([1, 2, 3, 4], [0, 1, 1, 0])     # cuts 1.5 and 3.5 score the same
    assert continuous_candidate(data, 0, CONT, rules()).threshold == 1.5


def test_continuous_missing_values_scale_by_rho():
    data = node([1, 2, np.nan, np.nan], [0, 1, 0, 1])
    candidate = continuous_candidate(data, 0, CONT, rules("id3"))
    assert candidate.rho == 0.5
    assert candidate.gain == pytest.approx(0.5 * 1.0)
    assert candidate.split_info == pytest.approx(1.5)      # two branches + unknown outcome


def test_min_samples_leaf_restricts_cuts():
    data = node([1, 2, 3, 4, 5, 6], [1, 0, 0, 0, 0, 0])
    assert continuous_candidate(data, 0, CONT, rules()).threshold == 1.5
    assert continuous_candidate(data, 0, CONT, rules(min_samples_leaf=2)).threshold == 2.5
    tiny = continuous_candidate(node([1, 2], [0, 1]), 0, CONT, rules(min_samples_leaf=2))
    assert not tiny.eligible and tiny.note == "leaf too small"


samples = st.integers(2, 30).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 6), min_size=n, max_size=n),
    st.lists(st.integers(0, 2), min_size=n, max_size=n),
    st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.0]), min_size=n, max_size=n),
    st.sampled_from(sorted(IMPURITIES)),
    st.sampled_from([1, 2, 3.5])))


@settings(max_examples=150, deadline=None)
@given(samples)
def test_boundary_search_finds_the_full_optimum(sample):
    """Only boundary points (and the ends of the valid range) are searched; the best score must
    equal the best over every valid cut (Fayyad & Irani 1992)."""
    values, labels, weights, impurity, min_leaf = sample
    x, y, w = np.array(values, float), np.array(labels), np.array(weights)
    cuts = sweep(x, y, w, 3)
    if len(cuts.lower) == 0:
        return
    branch_counts = cuts.branch_counts()
    decrease = impurity_decrease(branch_counts, IMPURITIES[impurity])
    valid = (branch_counts.sum(axis=2) >= min_leaf - TIE_TOLERANCE).all(axis=1)
    criterion = next(c for c in CRITERIA if CRITERIA[c].impurity == impurity)
    candidate = continuous_candidate(NodeData(x[:, None], y, w, 3), 0, CONT,
                                     rules("cart" if criterion != "gain_ratio" else "c45",
                                           criterion, min_samples_leaf=min_leaf))
    if not valid.any():
        assert not candidate.eligible
        return
    assert candidate.eligible
    assert candidate.decrease == pytest.approx(decrease[valid].max(), abs=1e-9)
    # the sweep's own search (threshold charts) lands on the compiled search's cut
    assert cuts.midpoint[cuts.best(decrease, valid)] == pytest.approx(candidate.threshold)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 2)), min_size=2, max_size=60),
       st.sampled_from([1.0, 2.0]))
def test_the_entropy_scan_reads_unit_counts_from_its_table_to_the_same_bits(rows, min_leaf):
    """With unit weights the scan looks each c · log₂ c up (an engine's table of the counts)
    instead of computing it: the same cut, the same recorded decreases to the last bit."""
    keys = np.array(sorted(k for k, _ in rows), np.int64)
    labels = np.array([label for _, label in sorted(rows)], np.int64)
    total = np.bincount(labels, minlength=3).astype(float)
    assert entropy_terms.xlog2x_table(4).tolist() == [0.0, 0.0, 2.0, 3 * np.log2(3), 8.0]
    table = entropy_terms.xlog2x_table(len(rows))
    outcomes = []
    for counts_table in (np.zeros(0), table):
        scratch = cut_scan.cut_scratch(3, counts_table)
        scratch[1][:] = 0.0                          # the decreases kept, zeros after
        left, right = np.zeros(3), np.zeros(3)
        status, end = cut_scan.best_cut_of_sorted(keys, labels, np.zeros(0), total, 0, min_leaf,
                                                  TIE_TOLERANCE, scratch, left, right)
        outcomes.append((status, end, left.tolist(), scratch[1].tolist()))
    assert outcomes[0][:3] == outcomes[1][:3]
    assert np.array_equal(outcomes[0][3], outcomes[1][3])


def _cut_with_record(keys, labels, weights, impurity_code, min_leaf, tolerance, room):
    """best_cut_of_sorted with a record of ``room`` kept cuts: (status, end, left, right)."""
    total = np.bincount(labels, weights=weights if len(weights) else None,
                        minlength=3).astype(float)
    scratch = (np.empty(room, np.int32), np.empty(room),
               *cut_scan.cut_scratch(3, np.zeros(0))[2:])
    left, right = np.zeros(3), np.zeros(3)
    status, end = cut_scan.best_cut_of_sorted(keys, labels, weights, total, impurity_code,
                                              min_leaf, tolerance, scratch, left, right)
    return status, end, left.tolist(), right.tolist()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 2), st.sampled_from([0.5, 1, 2])),
                min_size=2, max_size=80),
       st.sampled_from(sorted(IMPURITIES)), st.booleans(), st.sampled_from([1.0, 3.0]),
       st.sampled_from([TIE_TOLERANCE, 0.01, 0.1]), st.sampled_from([1, 2, 3]))
def test_a_full_record_of_kept_cuts_gives_the_same_cut(rows, impurity, unit, min_leaf,
                                                       tolerance, room):
    """The scan keeps only the cuts that may still win (each beats every cut before it and
    lies within the tolerance of the best) in a record of a few places; when more tie than
    it holds it scans again from the best decrease. Whatever the record's size, the cut is
    the one a record with room for every cut gives: the first within tolerance of the best
    (wide tolerances make long runs of such cuts)."""
    rows = sorted(rows)
    keys = np.array([k for k, _, _ in rows], np.int64)
    labels = np.array([label for _, label, _ in rows], np.int64)
    weights = np.zeros(0) if unit else np.array([w for _, _, w in rows], float)
    code = kernels.IMPURITY_CODES[impurity]
    every_cut = _cut_with_record(keys, labels, weights, code, min_leaf, tolerance, len(rows))
    assert _cut_with_record(keys, labels, weights, code, min_leaf, tolerance, room) == every_cut


def _scan_record(scan, keys, labels, weights, min_leaf, every_cut, tolerance):
    """(cuts kept, best decrease, any cut, any allowed, the kept cuts' ends and decreases) of
    ``scan`` (:func:`cut_scan._scan`'s signature) over these rows by Gini."""
    total = np.bincount(labels, weights=weights, minlength=3).astype(float)
    scratch = cut_scan.cut_scratch(3, np.zeros(0))
    n_kept, top, any_cut, any_allowed = scan(keys, labels, weights, total, 1,
                                             min_leaf - tolerance, every_cut, tolerance, scratch,
                                             np.zeros(3), -1.0)
    kept = min(n_kept, len(scratch[0]))
    return (n_kept, top, any_cut, any_allowed, scratch[0][:kept].tolist(),
            scratch[1][:kept].tolist())


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 2),
                          st.floats(0.01, 3.0, allow_nan=False)), min_size=2, max_size=120),
       st.sampled_from([1.0, 2.5, 6.0]), st.booleans(),
       st.sampled_from([TIE_TOLERANCE, 0.01]))
def test_the_weighted_gini_scan_keeps_the_general_scans_cuts_to_the_same_bits(
        rows, min_leaf, every_cut, tolerance):
    """With weights (C4.5's fractions, a forest's draws, AdaBoost's), the Gini scan scores only
    the cuts its bound lets through; it keeps the very cuts, with the very decreases, that the
    general scan scoring every boundary point keeps."""
    rows = sorted(rows)
    keys = np.array([k for k, _, _ in rows], np.int64)
    labels = np.array([label for _, label, _ in rows], np.int64)
    weights = np.array([w for _, _, w in rows], float)
    general = _scan_record(cut_scan._scan_cuts, keys, labels, weights, min_leaf, every_cut,
                           tolerance)
    assert _scan_record(cut_scan._scan, keys, labels, weights, min_leaf, every_cut,
                        tolerance) == general


# ------------------------------------------------------------------------------ CART subsets
def _best_subset_by_brute_force(level_counts, impurity):
    levels = range(len(level_counts))
    best = -np.inf
    for size in range(1, len(level_counts)):
        for left in combinations(levels, size):
            member = np.isin(np.arange(len(level_counts)), left)
            branches = np.stack([level_counts[member].sum(0), level_counts[~member].sum(0)])
            best = max(best, float(impurity_decrease(branches, impurity)))
    return best


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 3).flatmap(lambda k: st.lists(
    st.lists(st.integers(0, 6), min_size=k, max_size=k).filter(lambda r: sum(r) > 0),
    min_size=2, max_size=7)), st.sampled_from(["gini", "entropy"]))
def test_cart_subset_is_the_exact_best(level_counts, criterion):
    """Two classes via Breiman's ordering, more classes exhaustively: both exact."""
    level_counts = np.array(level_counts, float)
    n_levels, n_classes = level_counts.shape
    X = np.repeat(np.arange(n_levels), n_classes).astype(float)
    y = np.tile(np.arange(n_classes), n_levels)
    data = NodeData(X[:, None], y, level_counts.ravel(), n_classes)
    feature = Feature("a", Kind.NOMINAL, tuple(f"v{i}" for i in range(n_levels)))
    candidate = binary_candidate(data, 0, feature, rules("cart", criterion))
    expected = _best_subset_by_brute_force(level_counts, IMPURITIES[criterion])
    assert candidate.decrease == pytest.approx(expected, abs=1e-9)


def test_subset_memberships_exhaustive_lists_each_partition_once():
    memberships = subset_memberships(np.ones((4, 3)), exhaustive=True)
    assert len(memberships) == 2 ** 3 - 1 and memberships[:, 0].all()
    assert len({tuple(m) for m in memberships}) == len(memberships)


def test_many_levels_use_the_ordering_heuristic():
    rng = np.random.default_rng(1)
    n_levels = EXHAUSTIVE_LEVELS + 3
    level_counts = rng.integers(1, 9, size=(n_levels, 3)).astype(float)
    memberships = subset_memberships(level_counts, exhaustive=False)
    assert len(memberships) <= 3 * (n_levels - 1) and memberships[:, 0].all()
    X = np.repeat(np.arange(n_levels), 3).astype(float)
    data = NodeData(X[:, None], np.tile(np.arange(3), n_levels), level_counts.ravel(), 3)
    feature = Feature("a", Kind.NOMINAL, tuple(map(str, range(n_levels))))
    candidate = binary_candidate(data, 0, feature, rules())
    assert candidate.eligible and 0 < len(candidate.subset) < n_levels


def test_binary_routing_and_labels():
    feature = Feature("a", Kind.NOMINAL, ("p", "q", "r"))
    data = node([0, 1, 2, 0, 1, 2], [0, 1, 1, 0, 1, 1])
    candidate = binary_candidate(data, 0, feature, rules())
    assert candidate.subset == (0,) and candidate.branches == ("∈ {p}", "∉ {p}")
    np.testing.assert_array_equal(candidate.branch_index(np.array([0, 1, 2, np.nan])),
                                  [0, 1, 1, -1])


# ------------------------------------------------------------------------------ multiway
def test_multiway_has_one_branch_per_domain_value():
    feature = Feature("a", Kind.NOMINAL, ("p", "q", "r"))
    candidate = multiway_candidate(node([0, 0, 1, 1], [0, 0, 1, 1]), 0, feature, rules("id3"))
    assert candidate.branches == ("p", "q", "r")
    assert candidate.branch_counts == ((2, 0), (0, 2), (0, 0))   # r: an empty branch
    assert candidate.gain == pytest.approx(1.0)
    np.testing.assert_array_equal(candidate.branch_fractions, [0.5, 0.5, 0.0])
    np.testing.assert_array_equal(candidate.branch_index(np.array([2, 0, np.nan])), [2, 0, -1])


def test_multiway_one_value_is_ineligible():
    feature = Feature("a", Kind.NOMINAL, ("p", "q"))
    candidate = multiway_candidate(node([0, 0], [0, 1]), 0, feature, rules("id3"))
    assert not candidate.eligible


def test_used_attributes_are_excluded():
    features = (Feature("a", Kind.NOMINAL, ("p", "q")), CONT)
    data = node([[0, 1], [1, 2], [0, 3], [1, 4]], [0, 1, 0, 1])
    assert node_candidates(data, features, rules("id3")).features == ("a", "x")
    assert node_candidates(data, features, rules("id3", excluded=frozenset({0}))).features == ("x",)


# ------------------------------------------------------------------------------ choosing
def _fake(feature_index, score, gain=None, eligible=True):
    from treecore.split.candidates import Candidate
    return Candidate(feature=f"f{feature_index}", feature_index=feature_index, kind=Kind.NOMINAL,
                     branches=("a", "b"), branch_counts=((1, 0), (0, 1)), rho=1.0,
                     gain=score if gain is None else gain, split_info=1.0, gain_ratio=score,
                     gini=0.0, error=0.0, impurity=0.0, decrease=score, score=score,
                     branch_codes=(0, 1), eligible=eligible)


def test_choose_ties_go_to_the_first_column():
    table = choose((_fake(0, 0.5), _fake(1, 0.5 + 1e-12), _fake(2, 0.4)), CRITERIA["entropy"])
    assert table.best().feature == "f0"
    table = choose((_fake(0, 0.9, eligible=False), _fake(1, 0.5)), CRITERIA["entropy"])
    assert table.best().feature == "f1"
    assert choose((_fake(0, 0.9, eligible=False),), CRITERIA["gini"]).best() is None


def test_choose_average_gain_filter():
    """C4.5: a high ratio with below-average gain loses to the best ratio above average."""
    candidates = (_fake(0, score=0.9, gain=0.1), _fake(1, score=0.3, gain=0.5),
                  _fake(2, score=0.2, gain=0.6))
    table = choose(candidates, CRITERIA["gain_ratio"])
    assert table.average_gain == pytest.approx(0.4)
    assert not table["f0"].eligible and table["f0"].note == "gain below average"
    assert table.best().feature == "f1"
    assert choose(candidates, CRITERIA["entropy"]).best().feature == "f0"


def test_table_indexing_and_records():
    table = choose((_fake(0, 0.5), _fake(1, 0.7)), CRITERIA["entropy"])
    assert table["f1"] is table[1] and "f0" in table and len(table) == 2
    records = table.to_records()
    assert [r["chosen"] for r in records] == [False, True]
    with pytest.raises(KeyError):
        table["nope"]


# ------------------------------------------------------------------------------ forcing
def test_forced_threshold_subset_and_feature():
    features = (Feature("a", Kind.NOMINAL, ("p", "q", "r")), CONT)
    data = node([[0, 1], [1, 2], [2, 3], [0, 4]], [0, 1, 1, 0])
    at = forced_candidate(data, features, rules(), ("x", 2.7))
    assert at.threshold == 2.7 and at.forced and at.branch_counts == ((1, 1), (1, 1))
    subset = forced_candidate(data, features, rules(), ("a", ["q", "r"]))
    assert subset.subset == (1, 2) and subset.forced
    assert forced_candidate(data, features, rules(), "a").forced
    assert forced_candidate(data, features, rules(), "nope") is None
    empty = forced_candidate(data, features, rules(), ("x", 100.0))
    assert not empty.eligible and empty.note == "one side empty"


@pytest.mark.parametrize("algorithm", ["c45", "cart"])
def test_a_large_node_searched_on_two_threads_finds_what_one_thread_finds(algorithm):
    """Past THREADED_SEARCH row × feature visits the continuous features are searched half on
    each of two threads; the proposals are those of one search over every feature."""
    rng = np.random.default_rng(4)
    n, n_features = 30_000, 9
    X = rng.normal(size=(n, n_features)).round(2)
    X[rng.random(X.shape) < 0.1] = np.nan
    y = rng.integers(0, 3, n)
    weights = np.where(rng.random(n) < 0.2, 0.5, 1.0)
    data = NodeData(X, y, weights, 3)
    found_rules = rules(algorithm)
    assert n * n_features >= proposals.THREADED_SEARCH
    columns = np.arange(n_features)
    found = proposals.continuous_proposals(data, columns, found_rules)
    one = node_cuts.best_cuts(X, y, weights, 3, columns,
                             kernels.IMPURITY_CODES[found_rules.criterion.impurity], 1.0,
                             TIE_TOLERANCE)
    status, lower, upper, left, right, known, complete = one
    for j, proposal in enumerate(found):
        assert proposal is not None and status[j] != cut_scan.NO_CUT
        np.testing.assert_array_equal(proposal.branch_counts, np.stack([left[j], right[j]]))
        assert proposal.threshold == (lower[j] + upper[j]) / 2
        assert proposal.rho == known[j] / weights.sum()
