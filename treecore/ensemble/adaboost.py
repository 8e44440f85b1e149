"""AdaBoost with decision trees: the seed's AdaBoost-DTree for two classes, SAMME for more.

Lin Hsuan-Tien's AdaBoost-DTree ("Machine Learning Techniques", lecture 11), Li Hang's
算法 8.1 and Zhou's 图 8.3 for two classes. Every row starts with the weight u¹ₙ = 1/N; round t
grows a tree gₜ on the rows weighted by uᵗ and measures its weighted error

    εₜ = Σₙ uᵗₙ ⟦yₙ ≠ gₜ(xₙ)⟧ / Σₙ uᵗₙ;

the scaling factor ◆ₜ = √((1 − εₜ) / εₜ) multiplies the weight of every row gₜ got wrong and
divides the weight of every row it got right, so that gₜ's error on the new weights is exactly
1/2 (the next tree must learn something else); gₜ votes with αₜ = ln ◆ₜ = ½ ln((1 − εₜ)/εₜ),
and G(x) = sign Σₜ αₜ gₜ(x) with gₜ(x) = ±1.

For K > 2 classes it is SAMME (Zhu, Zou, Rosset & Hastie, "Multi-class AdaBoost", 2009):
αₜ = ln((1 − εₜ)/εₜ) + ln(K − 1), G(x) = argmax_k Σₜ αₜ ⟦gₜ(x) = k⟧, and a wrong row's weight
grows by exp(αₜ) relative to a right one's; written the seed's way, wrong rows ×◆ₜ and right
rows ÷◆ₜ with ◆ₜ = √((K − 1)(1 − εₜ)/εₜ), which is the seed's ◆ₜ at K = 2. SAMME at K = 2
gives αₜ = ln((1 − εₜ)/εₜ) = 2 × the seed's αₜ: every vote doubled, so the same G(x), and
the same weights once normalised. That is scikit-learn's ``AdaBoostClassifier`` (SAMME): its
``estimator_weights_`` are twice ours for two classes, its predictions and decision function
are ours.

Weights are kept normalised, Σₙ uᵗₙ = 1 (Li Hang's 规范化因子 Zₜ; the seed's unnormalised
uᵗ⁺¹ sums to Σₙ uᵗₙ · 2√(εₜ(1 − εₜ)) at K = 2, so it is ours times Πₛ₍ₛ₌₁…ₜ₎ Zₛ, and εₜ is
the same either way). Each tree grows on N·uᵗ (mean weight 1), so the engine's tolerances see
the sizes they are made for, with no minimum leaf weight (as scikit-learn's row counts, which
weights do not change).

Where scikit-learn stops, so does this: a tree without error (εₜ = 0) is kept with the vote
scikit-learn gives it (1 in SAMME's scale, ½ in the seed's), and boosting ends; a tree no
better than chance (εₜ ≥ 1 − 1/K, at K = 2 εₜ ≥ ½) is dropped and boosting ends, an error if
it was the first. Weights are kept above machine epsilon, as scikit-learn keeps them.

>>> import numpy as np
>>> X = np.array([[1.0], [2.0], [3.0], [4.0], [5.0]])
>>> model = AdaBoostClassifier(n_estimators=2).fit(X, ["a", "a", "b", "b", "a"])
>>> model.estimator_errors_.round(3).tolist(), model.estimator_weights_.round(3).tolist()
([0.2, 0.25], [0.693, 0.549])
>>> model.predict(X).tolist()
['a', 'a', 'b', 'b', 'b']
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..estimators.sklearn_compat import BaseEstimator, ClassifierMixin
from ..grow.growing import GrowthConfig
from ..measures.evaluate import accuracy
from ..tree.inspection import impurity_importances
from ..tree.predict import most_probable
from .boosting import BoostedEnsemble, check_count, class_positions, softmax
from .members import MemberGrower, keep_going

#: A tree without error stops boosting with this vote in SAMME's scale (scikit-learn's).
PERFECT_VOTE = 1.0


class AdaBoostClassifier(ClassifierMixin, BoostedEnsemble, BaseEstimator):
    """AdaBoost of decision trees: the seed's binary form, SAMME for more classes.

    Parameters
    ----------
    n_estimators : the most rounds T (fewer when a tree is perfect or no better than chance).
    max_depth : the depth of each tree (1: a decision stump).
    algorithm, criterion : how each tree grows (``treecore.ALGORITHMS``; None: the
        algorithm's own criterion).
    random_state : accepted for scikit-learn's API; boosting is deterministic.

    Attributes
    ----------
    estimators_ : the trees g₁ … g_T, each a :class:`~treecore.Tree`.
    estimator_errors_ : εₜ, each tree's weighted error on the weights it grew on.
    scaling_factors_ : ◆ₜ, by which a wrong row's weight is multiplied and a right one's
        divided after round t.
    estimator_weights_ : αₜ, each tree's vote: ln ◆ₜ for two classes (the seed's), SAMME's
        ln((1 − εₜ)/εₜ) + ln(K − 1) = 2 ln ◆ₜ for more.
    misclassified_ : (T × N booleans) which training rows tree t got wrong (rows of weight 0,
        absent, are not among the N): one byte a row a round (50 MB for a million rows and
        50 rounds), from which :meth:`staged_sample_weights` rebuilds the weights uᵗ (eight
        bytes a row a round, kept only while read).
    classes_, n_classes_, n_features_in_, feature_names_in_ : as scikit-learn's.
    """

    _stage_metric = staticmethod(accuracy)

    def __init__(self, *, n_estimators=50, max_depth=1, algorithm="cart", criterion=None,
                 random_state=None):
        self.n_estimators = n_estimators
        self.max_depth = max_depth
        self.algorithm = algorithm
        self.criterion = criterion
        self.random_state = random_state

    # ------------------------------------------------------------------- learning
    def fit(self, X, y, sample_weight=None, on_round=None) -> "AdaBoostClassifier":
        """Boost trees on features ``X`` and classes ``y``; ``sample_weight`` gives u¹ (normalised;
        a row of weight 0 is absent); ``on_round(done, total)`` is told after each round and
        may stop the fit (:data:`.members.RoundHook`)."""
        check_count("n_estimators", self.n_estimators)
        config = GrowthConfig.from_params(algorithm=self.algorithm, criterion=self.criterion,
                                          max_depth=self.max_depth, min_samples_split=0,
                                          min_samples_leaf=0)
        dataset, labels = self._dataset(X, y, sample_weight, "classification")
        self.classes_ = np.unique(labels)          # with classes only weight-0 rows have
        truth = class_positions(self.classes_, dataset.schema)[dataset.y]
        self.n_classes_ = len(self.classes_)
        grower = MemberGrower(dataset, config)
        self._initial_weights = dataset.weights / dataset.weights.sum()
        weights = self._initial_weights
        members, errors, factors, wrongs = [], [], [], []
        for t in range(self.n_estimators):
            member = grower.grow(weights=weights * (len(weights) / weights.sum()))
            wrong = self._votes_of(member, dataset.X) != truth
            error = float(weights[wrong].sum() / weights.sum())
            if error >= 1 - 1 / self.n_classes_:
                if not members:
                    raise ValueError("BaseClassifier in AdaBoostClassifier ensemble is worse "
                                     "than random, ensemble can not be fit.")
                break
            members.append(member)
            errors.append(error)
            wrongs.append(wrong)
            if error == 0:
                factors.append(np.inf)
                break
            factors.append(np.sqrt((self.n_classes_ - 1) * (1 - error) / error))
            weights = reweighted(weights, wrong, factors[-1])
            if not keep_going(on_round, len(members), self.n_estimators):
                break
        self.estimators_ = members
        self.estimator_errors_ = np.array(errors)
        self.scaling_factors_ = np.array(factors)
        self.estimator_weights_ = self._votes(self.scaling_factors_)
        self.misclassified_ = np.array(wrongs)
        return self

    def _votes(self, factors: np.ndarray) -> np.ndarray:
        """αₜ from ◆ₜ: SAMME's ln((1 − εₜ)/εₜ) + ln(K − 1) = 2 ln ◆ₜ, halved for two classes
        into the seed's ln ◆ₜ; a perfect tree (◆ₜ = ∞) gets scikit-learn's vote, likewise."""
        samme = 2 * np.log(factors)
        samme[np.isinf(factors)] = PERFECT_VOTE
        return samme / 2 if self.n_classes_ == 2 else samme

    def _votes_of(self, member, encoded: np.ndarray) -> np.ndarray:
        """The class (position in ``classes_``) tree ``member`` gives each encoded row."""
        codes = most_probable(member.predict_proba(encoded))
        return class_positions(self.classes_, member.schema)[codes]

    @property
    def feature_importances_(self) -> np.ndarray:
        """scikit-learn's: the members' normalised impurity importances
        (:func:`treecore.tree.inspection.impurity_importances`) averaged with the votes αₜ."""
        if not hasattr(self, "estimators_"):
            raise self._not_fitted()
        per_tree = np.array([impurity_importances(tree) for tree in self.estimators_])
        return self.estimator_weights_ @ per_tree / self.estimator_weights_.sum()

    def staged_sample_weights(self) -> Iterator[np.ndarray]:
        """u¹, u², …, u^T: the weights (Σ = 1) each tree grew on, rebuilt round by round from
        ``misclassified_`` and ``scaling_factors_`` by the update ``fit`` made."""
        if not hasattr(self, "estimators_"):
            raise self._not_fitted()
        weights = self._initial_weights
        for wrong, factor in zip(self.misclassified_, self.scaling_factors_):
            yield weights
            weights = reweighted(weights, wrong, factor)

    # ------------------------------------------------------------------- using
    def _initial_raw(self, n_rows: int) -> np.ndarray:
        return np.zeros((n_rows, self.n_classes_))

    def _round_raw(self, t: int, encoded: np.ndarray) -> np.ndarray:
        """αₜ on the class tree t gives, −αₜ/(K − 1) on each other class (SAMME's coding,
        which for two classes is αₜ gₜ(x) = ±αₜ in each column)."""
        K = self.n_classes_
        chosen = np.arange(K) == self._votes_of(self.estimators_[t], encoded)[:, None]
        return self.estimator_weights_[t] * np.where(chosen, 1.0, -1.0 / (K - 1))

    def _decision(self, raw: np.ndarray, total_vote: float) -> np.ndarray:
        """scikit-learn's decision function from the summed votes: divided by Σαₜ; for two
        classes one column, the second class's minus the first's = 2 Σₜ αₜ gₜ(x) / Σₜ αₜ,
        whose sign is the seed's G(x)."""
        scores = raw / total_vote
        return scores[:, 1] - scores[:, 0] if self.n_classes_ == 2 else scores

    def decision_function(self, X) -> np.ndarray:
        """The weighted vote of the trees, as scikit-learn's (see :meth:`_decision`):
        shape (rows,) for two classes (positive: ``classes_[1]``), (rows, K) for more."""
        return self._decision(self._raw(X), self.estimator_weights_.sum())

    def staged_decision_function(self, X) -> Iterator[np.ndarray]:
        """The decision function after round 1, 2, …, T."""
        totals = np.cumsum(self.estimator_weights_) if hasattr(self, "estimators_") else ()
        for raw, total in zip(self._staged_raw(X), totals):
            yield self._decision(raw, total)

    def _labels(self, decision: np.ndarray) -> np.ndarray:
        if self.n_classes_ == 2:
            return self.classes_[(decision > 0).astype(int)]
        return self.classes_[np.argmax(decision, axis=1)]

    def predict(self, X) -> np.ndarray:
        """G(x): the sign of the vote for two classes, the class of the largest vote for more."""
        return self._labels(self.decision_function(X))

    def staged_predict(self, X) -> Iterator[np.ndarray]:
        """G after round 1, 2, …, T."""
        for decision in self.staged_decision_function(X):
            yield self._labels(decision)

    def predict_proba(self, X) -> np.ndarray:
        """scikit-learn's probabilities from the decision function d (Zhu et al. eq. 15):
        softmax(d / (K − 1)), for two classes softmax((−d/2, d/2)); columns in ``classes_``."""
        decision = self.decision_function(X)
        if self.n_classes_ == 2:
            return softmax(np.column_stack([-decision, decision]) / 2)
        return softmax(decision / (self.n_classes_ - 1))


def reweighted(weights: np.ndarray, wrong: np.ndarray, factor: float) -> np.ndarray:
    """The next round's weights: a wrong row's ×◆, a right row's ÷◆, normalised to Σ = 1 and
    kept above machine epsilon (as scikit-learn keeps them)."""
    updated = weights * np.where(wrong, factor, 1 / factor)
    return np.maximum(updated / updated.sum(), np.finfo(float).eps)
