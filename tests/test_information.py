"""treecore.information against independent computations (scipy, scikit-learn, plain loops),
the identities of information theory as property tests, and the textbooks' figures."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn.metrics import mutual_info_score

import treecore
from treecore.measures.information import (conditional_entropy, contingency, cross_entropy, entropy,
                                           gain_ratio, joint_entropy, kl_divergence,
                                           mutual_information, self_information, split_information)

from .conftest import SAMPLES

LN2 = math.log(2)


def printed(value, book):
    """Equal to a textbook figure to its printed precision (examples/README.md)."""
    assert abs(float(value) - book) <= 0.001, (float(value), book)


# ------------------------------------------------------------------------------- strategies
labels = st.lists(st.integers(0, 3), min_size=1, max_size=40)
pairs = st.integers(1, 40).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 3), min_size=n, max_size=n),
    st.lists(st.integers(0, 2), min_size=n, max_size=n),
    st.lists(st.floats(0.1, 5), min_size=n, max_size=n)))
distributions = st.integers(1, 6).flatmap(lambda k: st.tuples(
    st.lists(st.floats(0, 10), min_size=k, max_size=k).filter(lambda p: sum(p) > 0.01),
    st.lists(st.floats(0.01, 10), min_size=k, max_size=k)))
tables = st.integers(1, 4).flatmap(lambda r: st.integers(1, 4).flatmap(lambda c: st.lists(
    st.lists(st.floats(0, 20), min_size=c, max_size=c), min_size=r, max_size=r))).filter(
    lambda t: sum(map(sum, t)) > 0.01)


def _h(weights) -> float:
    """Entropy in bits by a plain loop over the weights (the independent reference)."""
    total = sum(weights)
    return -sum(w / total * math.log2(w / total) for w in weights if w > 0)


# ------------------------------------------------------------------------------- against others
@given(labels)
@settings(max_examples=60, deadline=None)
def test_entropy_equals_scipy_on_counts_and_labels(values):
    counts = np.bincount(values)
    assert float(entropy(counts)) == pytest.approx(stats.entropy(counts, base=2), abs=1e-12)
    assert float(entropy([f"v{v}" for v in values])) == pytest.approx(float(entropy(counts)))


@given(pairs)
@settings(max_examples=80, deadline=None)
def test_mutual_information_equals_scikit_learn_in_bits(pair):
    x, y, _ = pair
    assert float(mutual_information(x, y)) == pytest.approx(mutual_info_score(x, y) / LN2,
                                                            abs=1e-12)
    assert float(mutual_information(x, y, base=math.e)) == pytest.approx(mutual_info_score(x, y),
                                                                         abs=1e-12)


@given(pairs)
@settings(max_examples=60, deadline=None)
def test_conditional_and_joint_entropy_by_plain_loops(pair):
    x, y, w = pair
    rows = list(zip(x, y, w))
    joint = {}
    for a, b, weight in rows:
        joint[(a, b)] = joint.get((a, b), 0.0) + weight
    total = sum(w)
    conditional = 0.0
    for a in set(x):
        part = [weight for (xa, _), weight in joint.items() if xa == a]
        conditional += sum(part) / total * _h(part)
    assert float(joint_entropy(x, y, weights=w)) == pytest.approx(_h(list(joint.values())))
    assert float(conditional_entropy(y, x, weights=w)) == pytest.approx(conditional, abs=1e-12)


@given(distributions)
@settings(max_examples=60, deadline=None)
def test_kl_and_cross_entropy_against_scipy_and_a_loop(pq):
    p, q = map(np.asarray, pq)
    pn, qn = p / p.sum(), q / q.sum()
    assert float(kl_divergence(p, q)) == pytest.approx(stats.entropy(p, q, base=2), abs=1e-9)
    loop = -sum(a * math.log2(b) for a, b in zip(pn, qn) if a > 0)
    assert float(cross_entropy(p, q)) == pytest.approx(loop, abs=1e-9)


def test_self_information_and_infinities():
    assert float(self_information(0.25)) == 2.0
    assert float(self_information(0.3, base=10)) == pytest.approx(-math.log10(0.3))
    assert float(self_information(0.0)) == math.inf
    assert float(kl_divergence([1, 1], [1, 0])) == math.inf      # q misses an outcome of p
    assert float(kl_divergence([1, 0], [1, 1])) == pytest.approx(1.0)


def test_contingency_counts_weighted_pairs():
    xs, ys, table = contingency(["b", "a", "a"], ["u", "v", "v"], [1.5, 2, 1])
    assert xs.tolist() == ["a", "b"] and ys.tolist() == ["u", "v"]
    assert table.tolist() == [[0, 3], [1.5, 0]]


# ------------------------------------------------------------------------------- identities
@given(tables)
@settings(max_examples=150, deadline=None)
def test_the_identities_of_the_information_diagram(table):
    t = np.asarray(table)
    hx, hy = float(entropy(t.sum(1))), float(entropy(t.sum(0)))
    hxy = float(joint_entropy(table=t))
    hy_x, hx_y = float(conditional_entropy(table=t)), float(conditional_entropy(table=t.T))
    i = float(mutual_information(table=t))
    assert min(hx, hy, hxy, hy_x, hx_y, i) >= 0                        # non-negativity
    assert hxy == pytest.approx(hx + hy_x, abs=1e-9)                   # chain rule
    assert hxy == pytest.approx(hy + hx_y, abs=1e-9)
    assert hy_x <= hy + 1e-9 and hx_y <= hx + 1e-9                     # conditioning reduces
    assert i == pytest.approx(hx + hy - hxy, abs=1e-9)                 # the two circles
    assert i == pytest.approx(float(mutual_information(table=t.T)), abs=1e-9)   # symmetric
    assert max(hx, hy) <= hxy + 1e-9 <= hx + hy + 2e-9
    assert hx <= math.log2(np.count_nonzero(t.sum(1))) + 1e-9          # the maximum log N


@given(distributions)
@settings(max_examples=100, deadline=None)
def test_kl_is_cross_entropy_minus_entropy_and_gibbs(pq):
    p, q = pq
    assert float(kl_divergence(p, q)) == pytest.approx(
        float(cross_entropy(p, q)) - float(entropy(p)), abs=1e-9)
    assert float(kl_divergence(p, q)) >= 0
    assert float(kl_divergence(p, p)) == pytest.approx(0, abs=1e-12)
    assert float(cross_entropy(p, q)) >= float(entropy(p)) - 1e-9


def test_kl_is_not_symmetric():
    assert float(kl_divergence([1, 1], [1, 3])) != pytest.approx(float(kl_divergence([1, 3],
                                                                                      [1, 1])))


@given(st.lists(st.integers(1, 5), min_size=1, max_size=6))
@settings(max_examples=40, deadline=None)
def test_maximum_entropy_is_log_n_for_the_uniform_distribution(sizes):
    n = len(sizes)
    assert float(entropy([1.0] * n)) == pytest.approx(math.log2(n))
    assert float(entropy(sizes)) <= math.log2(n) + 1e-12


@given(pairs)
@settings(max_examples=60, deadline=None)
def test_integer_weights_equal_duplicated_rows(pair):
    x, y, w = pair
    counts = [int(round(v)) + 1 for v in w]
    xx = [a for a, c in zip(x, counts) for _ in range(c)]
    yy = [b for b, c in zip(y, counts) for _ in range(c)]
    for measure in (joint_entropy, mutual_information):
        assert float(measure(x, y, weights=counts)) == pytest.approx(float(measure(xx, yy)))
    assert float(conditional_entropy(y, x, weights=counts)) == pytest.approx(
        float(conditional_entropy(yy, xx)))


def test_bases_scale_every_measure():
    t = [[3, 1], [0, 4]]
    for measure in (joint_entropy, conditional_entropy, mutual_information):
        assert float(measure(table=t, base=math.e)) == pytest.approx(float(measure(table=t)) * LN2)
    assert float(kl_divergence([1, 2], [2, 1], base=4)) == pytest.approx(
        float(kl_divergence([1, 2], [2, 1])) / 2)


def test_vectorised_over_leading_axes():
    counts = np.random.default_rng(1).uniform(0, 5, size=(3, 4, 2))
    expected = [[float(entropy(row)) for row in block] for block in counts]
    np.testing.assert_allclose(entropy(counts), expected)
    np.testing.assert_allclose(mutual_information(table=counts),
                               [float(mutual_information(table=block)) for block in counts])


# ------------------------------------------------------------------------------- the books
@pytest.fixture(scope="module")
def melon_frame():
    return pd.read_csv(SAMPLES / "watermelon2.0.csv")


def test_mutual_information_is_zhous_gain_of_texture(melon_frame, melons):
    """I(好瓜; 纹理) = Gain(D, 纹理) = 0.381 (Zhou §4.2.1), and the engine's candidate agrees."""
    info = float(mutual_information(melon_frame["纹理"], melon_frame["好瓜"]))
    printed(info, 0.381)
    printed(entropy(melon_frame["好瓜"].tolist()), 0.998)
    gain = treecore.split_candidates(melons, "id3")["纹理"].gain
    assert info == pytest.approx(gain, abs=1e-12)


@pytest.mark.parametrize("feature, gain", [("色泽", 0.109), ("根蒂", 0.143), ("敲声", 0.141),
                                           ("纹理", 0.381), ("脐部", 0.289), ("触感", 0.006)])
def test_every_gain_of_zhous_table_is_a_mutual_information(melon_frame, feature, gain):
    printed(mutual_information(melon_frame[feature], melon_frame["好瓜"]), gain)


def test_li_hangs_conditional_entropy_and_gain():
    frame = pd.read_csv(SAMPLES / "lihang_loan.csv")
    printed(entropy(frame["类别"].tolist()), 0.971)
    house = frame["有自己的房子"]
    printed(entropy(frame["类别"].tolist()) - conditional_entropy(frame["类别"], house), 0.420)


@pytest.mark.parametrize("feature, iv", [("触感", 0.874), ("色泽", 1.580), ("编号", 4.088)])
def test_intrinsic_value_is_the_entropy_of_the_attribute(melon_frame, feature, iv):
    sizes = melon_frame[feature].value_counts().to_numpy()
    printed(split_information(sizes), iv)
    assert float(split_information(sizes)) == pytest.approx(
        float(entropy(melon_frame[feature].astype(str).tolist())))


def test_gain_ratio_of_texture(melon_frame):
    gain = mutual_information(melon_frame["纹理"], melon_frame["好瓜"])
    iv = split_information(melon_frame["纹理"].value_counts().to_numpy())
    assert float(gain_ratio(gain, iv)) == pytest.approx(float(gain) / float(iv))
