"""The measures of information theory, in bits unless ``base`` says otherwise.

Shannon's definitions as the textbooks print them (李航《统计学习方法》§5.2.2; 周志华《机器学习》
§4.2.1 and Appendix C; Cover & Thomas, *Elements of Information Theory*, 2nd ed., ch. 2), and the
two figures Quinlan's C4.5 builds on them. The split criteria (:mod:`treecore.measures.criteria`)
use these functions, so each formula exists once.

Two ways to hand in data:

* **a distribution**: numbers along the last axis, counts, weighted counts or probabilities
  (normalised here, so ``[8, 9]``, ``[0.8, 0.9]`` and ``[8/17, 9/17]`` are the same
  distribution), as ``scipy.stats.entropy`` takes them; leading axes are independent
  distributions;
* **labels**: one value per row, with optional ``weights`` per row; :func:`contingency`
  counts them. A one-variable measure reads numbers without ``weights`` as a distribution, so
  give numeric labels with weights (or count them first); the two-variable measures always
  take labels.

A two-variable measure takes the rows' ``x`` and ``y`` values, or their count ``table``
(``table[i, j]`` = weight of the rows with X = xᵢ and Y = yⱼ; the Concepts page and the split
criteria pass tables). 0 · log 0 = 0 throughout, and an empty distribution has entropy 0.

>>> round(float(entropy([8, 9])), 3)               # Zhou: Ent(D) of watermelon 2.0
0.998
>>> round(float(mutual_information(table=[[7, 2], [1, 4], [0, 3]])), 3)   # I(好瓜; 纹理)
0.381
"""

from __future__ import annotations

import numpy as np

#: An intrinsic value below this is treated as 0 (the gain ratio is then 0, not a division).
_TINY = 1e-12


# ------------------------------------------------------------------------------- inputs
def contingency(x, y, weights=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(x values, y values, table)``: the weighted count of each pair of values.

    >>> xs, ys, table = contingency(["a", "a", "b"], [0, 1, 1], weights=[1, 2, 0.5])
    >>> xs.tolist(), ys.tolist(), table.tolist()
    (['a', 'b'], [0, 1], [[1.0, 2.0], [0.0, 0.5]])
    """
    x_values, x_codes = np.unique(np.asarray(x), return_inverse=True)
    y_values, y_codes = np.unique(np.asarray(y), return_inverse=True)
    w = np.ones(len(x_codes)) if weights is None else np.asarray(weights, dtype=float)
    flat = np.bincount(x_codes.ravel() * len(y_values) + y_codes.ravel(), weights=w,
                       minlength=len(x_values) * len(y_values))
    return x_values, y_values, flat.reshape(len(x_values), len(y_values))


def _distribution(values, weights=None) -> np.ndarray:
    """Numbers are a distribution as they are; anything else is a sequence of labels, counted."""
    array = np.asarray(values)
    if array.dtype.kind in "iuf" and weights is None:
        return array.astype(float)
    return contingency(array, np.zeros(len(array), dtype=int), weights)[2][:, 0]


def _probabilities(counts) -> np.ndarray:
    """Counts normalised along the last axis (an all-zero vector stays zero)."""
    counts = np.asarray(counts, dtype=float)
    total = counts.sum(axis=-1, keepdims=True)
    return counts / np.where(total > 0, total, 1.0)


def _table(x, y, weights, table) -> np.ndarray:
    return np.asarray(table, dtype=float) if table is not None else contingency(x, y, weights)[2]


def _log(p, base) -> np.ndarray:
    """log_base p where p > 0, and 0 where p = 0 (so that 0 · log 0 = 0)."""
    p = np.asarray(p, dtype=float)
    return np.log2(np.where(p > 0, p, 1.0)) / np.log2(base)


# ------------------------------------------------------------------------------- one variable
def self_information(p, base=2) -> np.ndarray:
    """Self-information I(x) = −log p(x): the surprise of an outcome of probability p
    (Cover & Thomas §2.1). A certain outcome tells nothing, a fair coin's face one bit, and
    information adds for independent outcomes: I(pq) = I(p) + I(q).

    >>> float(self_information(1.0)), float(self_information(0.5)), float(self_information(1/8))
    (0.0, 1.0, 3.0)
    """
    with np.errstate(divide="ignore"):
        return -np.log2(np.asarray(p, dtype=float)) / np.log2(base)


def entropy(labels_or_probabilities, *, weights=None, base=2) -> np.ndarray:
    """Entropy H(X) = −Σᵢ pᵢ log pᵢ, the expected self-information (Li Hang 式 5.7; Zhou's
    Ent(D), 式 4.1). 0 ≤ H(X) ≤ log N for N values, the maximum when all are equally likely.

    >>> float(entropy([1, 1, 1, 1])), float(entropy([5, 0])), float(entropy([0, 0]))
    (2.0, 0.0, 0.0)
    >>> round(float(entropy(["是", "是", "否"])), 3)      # labels, counted
    0.918
    >>> round(float(entropy(["是", "否"], weights=[2, 1])), 3)
    0.918
    >>> round(float(entropy([0.5, 0.5], base=np.e)), 4)   # nats: ln 2
    0.6931
    """
    p = _probabilities(_distribution(labels_or_probabilities, weights))
    return np.maximum(-(p * _log(p, base)).sum(axis=-1), 0.0)


# ------------------------------------------------------------------------------- two variables
def joint_entropy(x=None, y=None, *, weights=None, table=None, base=2) -> np.ndarray:
    """Joint entropy H(X, Y) = −Σᵢⱼ p(xᵢ, yⱼ) log p(xᵢ, yⱼ) (Cover & Thomas 式 2.8): the entropy
    of the pair. max(H(X), H(Y)) ≤ H(X, Y) ≤ H(X) + H(Y), equal on the right when X and Y are
    independent.

    >>> float(joint_entropy([0, 0, 1, 1], [0, 1, 0, 1]))
    2.0
    >>> float(joint_entropy(table=[[1, 0], [0, 1]]))       # Y a copy of X: H(X, Y) = H(X)
    1.0
    """
    t = _table(x, y, weights, table)
    return entropy(t.reshape(t.shape[:-2] + (-1,)), base=base)


def expected_over_rows(table, measure) -> np.ndarray:
    """Σᵢ p(xᵢ) · f(Y | X = xᵢ): ``measure`` of each row of a count ``table`` (axis −1 within a
    row, rows along axis −2), averaged with the rows' shares of the total weight. With
    f = :func:`entropy` this is the conditional entropy H(Y|X); with another impurity it is
    the impurity left after a split (Zhou 式 4.6's Gini index).

    >>> float(expected_over_rows([[1, 1], [4, 0]], entropy))     # 2/6 · 1 + 4/6 · 0
    0.3333333333333333
    """
    table = np.asarray(table, dtype=float)
    row_weights = table.sum(axis=-1)
    total = row_weights.sum(axis=-1, keepdims=True)
    shares = row_weights / np.where(total > 0, total, 1.0)
    return (shares * measure(table)).sum(axis=-1)


def conditional_entropy(y=None, x=None, *, weights=None, table=None, base=2) -> np.ndarray:
    """Conditional entropy H(Y|X) = Σᵢ p(xᵢ) H(Y | X = xᵢ) (Li Hang 式 5.8): what is left
    unknown about Y once X is known. Chain rule: H(X, Y) = H(X) + H(Y|X); conditioning
    reduces entropy: H(Y|X) ≤ H(Y). Note the order: ``y`` first, as in H(Y|X); a ``table``'s
    rows are the values of X.

    >>> round(float(conditional_entropy(table=[[0, 6], [6, 3]])), 3)  # Li Hang: H(D | 有自己的房子)
    0.551
    >>> float(conditional_entropy(["a", "b", "a", "b"], [0, 1, 0, 1]))  # Y determined by X
    0.0
    """
    return expected_over_rows(_table(x, y, weights, table), lambda t: entropy(t, base=base))


def mutual_information(x=None, y=None, *, weights=None, table=None, base=2) -> np.ndarray:
    """Mutual information I(X; Y) = H(Y) − H(Y|X) = H(X) + H(Y) − H(X, Y) (Li Hang 式 5.9:
    the information gain g(D, A) = H(D) − H(D|A) is I(A; D); Zhou 式 4.2's Gain(D, a)).
    Symmetric and never negative; 0 exactly when X and Y are independent.

    >>> round(float(mutual_information(table=[[0, 6], [6, 3]])), 3)  # Li Hang: g(D, 有自己的房子)
    0.42
    >>> float(mutual_information([0, 0, 1, 1], [0, 1, 0, 1]))         # independent
    0.0
    """
    t = _table(x, y, weights, table)
    decrease = entropy(t.sum(axis=-2), base=base) - conditional_entropy(table=t, base=base)
    return np.maximum(decrease, 0.0)


# ------------------------------------------------------------------------------- two distributions
def cross_entropy(p, q, *, base=2) -> np.ndarray:
    """Cross-entropy H(p, q) = −Σᵢ pᵢ log qᵢ: the average code length of outcomes drawn from p
    with a code made for q (Cover & Thomas §5.4). H(p, q) ≥ H(p), equal only when q = p;
    infinite where q gives 0 to an outcome p allows.

    >>> float(cross_entropy([1, 1], [1, 1])), round(float(cross_entropy([1, 1], [1, 3])), 4)
    (1.0, 1.2075)
    >>> float(cross_entropy([1, 0], [0, 1]))
    inf
    """
    p, q = _probabilities(p), _probabilities(q)
    with np.errstate(divide="ignore"):
        logs = np.where(p > 0, np.log2(np.where(p > 0, q, 1.0)), 0.0) / np.log2(base)
    return -(p * logs).sum(axis=-1)


def kl_divergence(p, q, *, base=2) -> np.ndarray:
    """Relative entropy (KL divergence) D(p‖q) = Σᵢ pᵢ log (pᵢ / qᵢ) = H(p, q) − H(p)
    (Cover & Thomas 式 2.26; Zhou Appendix C.3). Never negative (Gibbs' inequality), 0 only
    when p = q, and not symmetric: D(p‖q) ≠ D(q‖p) in general.

    >>> (round(float(kl_divergence([1, 1], [1, 3])), 4),
    ...  round(float(kl_divergence([1, 3], [1, 1])), 4))
    (0.2075, 0.1887)
    """
    p, q = _probabilities(p), _probabilities(q)
    with np.errstate(divide="ignore"):
        ratio = np.where(p > 0, p / np.where(p > 0, q, 1.0), 1.0)    # p/0 = inf: D infinite
    return np.maximum((p * np.log2(ratio)).sum(axis=-1) / np.log2(base), 0.0)


# ------------------------------------------------------------------------------- C4.5
def split_information(branch_weights, missing_weight=0.0, *, base=2) -> np.ndarray:
    """Intrinsic value IV(a) = −Σᵥ |Dᵛ|/|D| log |Dᵛ|/|D| (Zhou 式 4.4; Li Hang's H_A(D)):
    the entropy of the attribute itself, H(A), so it grows with the number of values
    (IV(编号) = log₂ 17 on watermelon 2.0). ``branch_weights`` holds each branch's weight (last
    axis); following Quinlan (C4.5, ch. 2) rows with an unknown value form one more outcome,
    ``missing_weight``.

    >>> round(float(split_information([12, 5])), 3)          # Zhou: IV(触感) = 0.874
    0.874
    >>> float(split_information([4, 4], missing_weight=8))
    1.5
    """
    weights = np.asarray(branch_weights, dtype=float)
    missing = np.broadcast_to(np.asarray(missing_weight, dtype=float), weights.shape[:-1])
    return entropy(np.concatenate([weights, missing[..., None]], axis=-1), base=base)


def gain_ratio(gain, iv) -> np.ndarray:
    """Gain ratio Gain_ratio(D, a) = Gain(D, a) / IV(a) (Zhou 式 4.3; Li Hang 式 5.10):
    I(A; D) / H(A), the information gain per bit of the attribute's own entropy; 0 where
    IV = 0 (an attribute with one value tells nothing).

    >>> float(gain_ratio(0.5, 2.0)), float(gain_ratio(0.5, 0.0))
    (0.25, 0.0)
    """
    gain = np.asarray(gain, dtype=float)
    iv = np.asarray(iv, dtype=float)
    return np.where(iv > _TINY, gain / np.where(iv > _TINY, iv, 1.0), 0.0)
