"""Bagging (Breiman 1996): the bootstrap sample of each member and the out-of-bag estimate.

Each member t is grown on a bootstrap sample: n draws with replacement from the n training rows,
so a row appears cₜ(x) ∈ {0, 1, 2, …} times, and about 1/e ≈ 36.8% of the rows are not drawn
(Zhou 《机器学习》 §8.3, 式 8.18: lim (1 − 1/m)ᵐ = 1/e). The count is the row's weight in that
member (a row drawn twice weighs 2, as in scikit-learn); a row not drawn is *out of bag* for t,
so the members that did not see x vote on it: H^oob(x) = arg max_y Σₜ I(hₜ(x) = y) · I(x ∉ Dₜ)
(式 8.20), and the out-of-bag error ε^oob = 1/|D| Σ I(H^oob(x) ≠ y) (式 8.21) estimates the
generalisation error without a held-out set. As scikit-learn does, the vote averages the
members' class probabilities (for regression, their values).

Every draw is a function of (the ensemble's seed, t), so the counts of member t are drawn again
when asked instead of being kept for every member and row.

>>> counts = bootstrap_counts(seed=3, member=0, n_rows=10)
>>> int(counts.sum()), np.array_equal(counts, bootstrap_counts(3, 0, 10))
(10, True)
"""

from __future__ import annotations

import numpy as np


def member_seed(seed: int, member: int) -> int:
    """The seed of member ``member`` of an ensemble seeded by ``seed`` (in [0, 2⁶³)): a child
    of numpy's ``SeedSequence``, so members' draws are independent and need no order."""
    state = np.random.SeedSequence(seed, spawn_key=(member,)).generate_state(1, np.uint64)[0]
    return int(state >> np.uint64(1))


def bootstrap_counts(seed: int, member: int, n_rows: int) -> np.ndarray:
    """How often each of ``n_rows`` rows is drawn into the bootstrap sample of ``member``."""
    rng = np.random.default_rng(member_seed(seed, member))
    return np.bincount(rng.integers(0, n_rows, n_rows), minlength=n_rows)


class OutOfBag:
    """The members' out-of-bag predictions, added member by member: their sum per row (class
    probabilities, or a value), how many members voted on each row, and the out-of-bag error
    after each member (ε^oob of the members so far, over the rows some member left out).

    ``targets`` are the rows' class positions (classification) or numbers (regression).
    """

    def __init__(self, targets: np.ndarray, width: int, classification: bool):
        self.targets, self.classification = targets, classification
        self.sums = np.zeros((len(targets), width))
        self.votes = np.zeros(len(targets), np.int64)
        self.errors: list[float] = []

    def add(self, rows: np.ndarray, predictions: np.ndarray) -> None:
        """One member's predictions (rows × width) for the ``rows`` it left out (none, when
        its bootstrap sample drew every row: a small table can)."""
        self.sums[rows] += predictions.reshape(len(rows), self.sums.shape[1])
        self.votes[rows] += 1
        self.errors.append(self._error())

    def _error(self) -> float:
        """ε^oob (classification: share of wrong votes; regression: mean squared error) over
        the rows that have a vote; NaN before any row has one."""
        voted = self.votes > 0
        if not voted.any():
            return float("nan")
        if self.classification:
            return float(np.mean(self.sums[voted].argmax(axis=1) != self.targets[voted]))
        mean = self.sums[voted, 0] / self.votes[voted]
        return float(np.mean((mean - self.targets[voted]) ** 2))

    @property
    def all_voted(self) -> bool:
        return bool((self.votes > 0).all())

    def averaged(self) -> np.ndarray:
        """The mean out-of-bag prediction of every row (zero for a row no member left out, as
        scikit-learn's)."""
        return self.sums / np.maximum(self.votes, 1)[:, None]
