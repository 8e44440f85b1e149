"""Criteria are pure functions of weighted class counts; the registries are consistent."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treecore import ALGORITHMS, CRITERIA, ConfigError
from treecore.algorithms import resolve
from treecore.measures.criteria import (IMPURITIES, entropy, gini, impurity_decrease,
                                        information_gain, misclassification,
                                        weighted_child_impurity)
from treecore.measures.information import gain_ratio, split_information


@pytest.mark.parametrize("counts, ent, gin, err", [
    ([5, 5], 1.0, 0.5, 0.5),
    ([10, 0], 0.0, 0.0, 0.0),
    ([1, 1, 1, 1], 2.0, 0.75, 0.75),
    ([0, 0], 0.0, 0.0, 0.0),                        # an empty node has impurity 0
    ([3, 1], 0.811278124459, 0.375, 0.25),
])
def test_impurities(counts, ent, gin, err):
    assert float(entropy(counts)) == pytest.approx(ent)
    assert float(gini(counts)) == pytest.approx(gin)
    assert float(misclassification(counts)) == pytest.approx(err)


@pytest.mark.parametrize("impurity", list(IMPURITIES.values()))
def test_scale_invariant_and_fractional(impurity):
    assert float(impurity([2.5, 7.5])) == pytest.approx(float(impurity([1, 3])))
    assert float(impurity([0.2, 0.6])) == pytest.approx(float(impurity([100, 300])))


@pytest.mark.parametrize("impurity", list(IMPURITIES.values()))
def test_vectorised_over_leading_axes(impurity):
    counts = np.random.default_rng(0).uniform(0, 5, size=(4, 3, 2))
    expected = np.array([[float(impurity(c)) for c in block] for block in counts])
    np.testing.assert_allclose(impurity(counts), expected)


def test_information_gain_is_entropy_minus_conditional_entropy():
    branches = np.array([[4, 1], [1, 4], [2, 2]], float)
    h = float(entropy(branches.sum(0)))
    conditional = sum(b.sum() / branches.sum() * float(entropy(b)) for b in branches)
    assert float(information_gain(branches)) == pytest.approx(h - conditional)
    assert float(weighted_child_impurity(branches, entropy)) == pytest.approx(conditional)
    assert float(information_gain(branches, rho=0.5)) == pytest.approx(0.5 * (h - conditional))


def test_gini_decrease():
    branches = np.array([[0, 6], [6, 3]], float)     # Li Hang, 有自己的房子
    assert float(weighted_child_impurity(branches, gini)) == pytest.approx(0.2667, abs=1e-4)
    assert float(impurity_decrease(branches, gini)) == pytest.approx(0.48 - 0.26667, abs=1e-4)


def test_gain_never_negative_and_zero_for_useless_split():
    assert float(information_gain([[2, 2], [3, 3]])) == pytest.approx(0.0, abs=1e-15)
    assert float(information_gain([[2, 2], [3, 3]])) >= 0.0


def test_split_info_counts_missing_as_an_outcome():
    assert float(split_information([8, 8])) == pytest.approx(1.0)
    assert float(split_information([4, 4], missing_weight=8)) == pytest.approx(1.5)
    assert float(split_information([17])) == 0.0


def test_gain_ratio_is_zero_where_iv_is_zero():
    assert float(gain_ratio(0.5, 0.0)) == 0.0
    assert float(gain_ratio(0.5, 2.0)) == 0.25
    np.testing.assert_allclose(gain_ratio([0.5, 1.0], [1.0, 0.0]), [0.5, 0.0])


# ------------------------------------------------------------------------------ registries
def test_every_algorithm_names_known_criteria():
    for name, preset in ALGORITHMS.items():
        assert preset.name == name
        assert preset.default_criterion in preset.criteria
        assert set(preset.criteria) <= set(CRITERIA)
        assert {CRITERIA[c].task for c in preset.criteria} == {"classification"}
        assert {CRITERIA[c].task for c in preset.regression_criteria} <= {"regression"}
    for name, criterion in CRITERIA.items():
        assert criterion.name == name
        # class-count impurities live in criteria.IMPURITIES; the squared error of a
        # regression node's sums in treecore.measures.squared_error (tests/test_regression.py)
        assert criterion.impurity in IMPURITIES or criterion.task == "regression"


def test_resolve_defaults_and_errors():
    assert resolve("c45")[1].name == "gain_ratio"
    assert resolve("cart")[1].name == "gini"
    assert resolve("id3", "gini")[1].name == "gini"
    with pytest.raises(ConfigError):
        resolve("c50")
    with pytest.raises(ConfigError):
        resolve("cart", "chi2")
    with pytest.raises(ConfigError):
        resolve("cart", "gain_ratio")


@given(st.lists(st.lists(st.floats(0, 50), min_size=3, max_size=3), min_size=1, max_size=5),
       st.floats(0.05, 1.0), st.floats(0, 20))
@settings(max_examples=80, deadline=None)
def test_compiled_figures_follow_the_criteria_formulas(branches, rho, missing):
    """The kernel behind every candidate's figures (``splitting.partition_figures``) agrees
    with the formulas of this module, for every criterion."""
    from treecore.split.proposals import partition_figures

    counts = np.array(branches)
    for criterion in (c for c in CRITERIA.values() if c.task == "classification"):
        impurity = IMPURITIES[criterion.impurity]
        got = partition_figures(counts, rho, missing, criterion)
        gain = information_gain(counts, rho)
        iv = split_information(counts.sum(axis=1), missing)
        expected = {"gain": gain, "split_info": iv, "gain_ratio": gain_ratio(gain, iv),
                    "gini": weighted_child_impurity(counts, gini),
                    "error": weighted_child_impurity(counts, misclassification),
                    "impurity": weighted_child_impurity(counts, impurity),
                    "decrease": impurity_decrease(counts, impurity, rho)}
        expected["score"] = expected["gain_ratio" if criterion.score == "gain_ratio"
                                     else "decrease"]
        for name, value in expected.items():
            assert float(got[name]) == pytest.approx(float(value), abs=1e-9), (criterion.name, name)
