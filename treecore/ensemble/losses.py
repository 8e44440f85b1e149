"""The losses gradient boosting minimises: each gives the start F₀, the residuals a round's
trees are fitted to, and the value of each leaf.

Friedman (2001, "Greedy function approximation: a gradient boosting machine", algorithm 1):
round t fits a regression tree to the negative gradient of the loss at the current model,
rₙ = −∂L(yₙ, F(xₙ))/∂F(xₙ) (Li Hang 式 8.27, Zhou §8.2's 残差 generalised), then gives each
leaf R the value that lowers the loss most. Here that value is one Newton step,

    γ_R = Σ_{n∈R} wₙ rₙ / Σ_{n∈R} wₙ hₙ,     hₙ = ∂²L/∂F² at xₙ,

which is what scikit-learn computes: for squared error h = 1, so γ_R is the mean residual of
the leaf, the least-squares tree's own value (Li Hang 算法 8.3, 提升树: fit the residuals,
nothing more to search); for log-loss h = p(1 − p) (Friedman's algorithm 5, "LK_TreeBoost"),
with his factor (K − 1)/K on the multiclass numerator.

Scores F are arrays (rows, K): one column for squared error and for two classes (the log-odds
of ``classes_[1]``), one per class for K > 2 (symmetric: F₀'s columns sum to 0).
"""

from __future__ import annotations

import numpy as np

from .boosting import softmax

#: A leaf whose Σ w h is below this gets the value 0 (no step helps it), as in scikit-learn.
TINY_HESSIAN = 1e-150


class SquaredError:
    """L(y, F) = ½ (y − F)²: the residual is r = y − F, the seed's yₙ − sₜ(xₙ)."""

    n_columns = 1
    numerator_factor = 1.0

    def targets(self, y: np.ndarray) -> np.ndarray:
        """The target as a (rows, 1) array of numbers."""
        return np.asarray(y, dtype=float)[:, None]

    def initial(self, targets: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """F₀: the weighted mean, the constant of least squared error."""
        return np.average(targets, axis=0, weights=weights)

    def negative_gradient(self, targets: np.ndarray, raw: np.ndarray) -> np.ndarray:
        return targets - raw

    def hessian(self, targets: np.ndarray, raw: np.ndarray) -> np.ndarray:
        return np.ones_like(raw)

    def mean_loss(self, targets: np.ndarray, raw: np.ndarray, weights: np.ndarray) -> float:
        """The weighted mean squared error Σ w (y − F)² / Σ w (scikit-learn's ``train_score_``)."""
        return float(np.average(((targets - raw) ** 2).sum(axis=1), weights=weights))


class LogLoss:
    """The negative log-likelihood of the classes (交叉熵), with p = σ(F) for two classes and
    p = softmax(F) for more: the residual is r = ⟦y = k⟧ − pₖ, the curvature h = pₖ(1 − pₖ)."""

    def __init__(self, n_classes: int):
        self.n_classes = n_classes
        self.n_columns = 1 if n_classes == 2 else n_classes
        self.numerator_factor = 1.0 if n_classes == 2 else (n_classes - 1) / n_classes

    def targets(self, y: np.ndarray) -> np.ndarray:
        """Class positions as indicator columns (for two classes: is it ``classes_[1]``)."""
        y = np.asarray(y)
        if self.n_classes == 2:
            return (y == 1).astype(float)[:, None]
        return (y[:, None] == np.arange(self.n_classes)).astype(float)

    def initial(self, targets: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """F₀ from the weighted class shares p (kept within machine epsilon of 0 and 1): the
        log-odds ln(p / (1 − p)) for two classes, ln pₖ − mean ln p for more."""
        eps = np.finfo(float).eps
        share = np.clip(np.average(targets, axis=0, weights=weights), eps, 1 - eps)
        if self.n_classes == 2:
            return np.log(share / (1 - share))
        return np.log(share) - np.log(share).mean()

    def probabilities(self, raw: np.ndarray) -> np.ndarray:
        """The probability of each class, columns in ``classes_`` order."""
        if self.n_classes == 2:
            positive = 1 / (1 + np.exp(-raw[:, 0]))
            return np.column_stack([1 - positive, positive])
        return softmax(raw)

    def _fitted(self, raw: np.ndarray) -> np.ndarray:
        """p for each score column (two classes: the positive class's only)."""
        probabilities = self.probabilities(raw)
        return probabilities[:, 1:] if self.n_classes == 2 else probabilities

    def negative_gradient(self, targets: np.ndarray, raw: np.ndarray) -> np.ndarray:
        return targets - self._fitted(raw)

    def hessian(self, targets: np.ndarray, raw: np.ndarray) -> np.ndarray:
        fitted = self._fitted(raw)
        return fitted * (1 - fitted)

    def mean_loss(self, targets: np.ndarray, raw: np.ndarray, weights: np.ndarray) -> float:
        """The weighted mean of −ln p(yₙ) (scikit-learn's ``train_score_`` is twice this for
        two classes, its binomial deviance)."""
        probabilities = self.probabilities(raw)
        if self.n_classes == 2:
            chosen = np.where(targets[:, 0] == 1, probabilities[:, 1], probabilities[:, 0])
        else:
            chosen = (probabilities * targets).sum(axis=1)
        return float(np.average(-np.log(np.maximum(chosen, np.finfo(float).tiny)),
                                weights=weights))


#: ``loss=`` choices of the regressor and the classifier.
REGRESSION_LOSSES = {"squared_error": SquaredError}
CLASSIFICATION_LOSSES = {"log_loss": LogLoss}


def newton_leaf_values(leaves: np.ndarray, n_nodes: int, residuals: np.ndarray,
                       curvature: np.ndarray, weights: np.ndarray, factor: float) -> np.ndarray:
    """γ of every leaf, by node id: factor · Σ w r / Σ w h over the rows in the leaf (0 where
    Σ w h is tiny); NaN for ids no row reached (inner nodes)."""
    numerator = np.bincount(leaves, weights * residuals, minlength=n_nodes)
    denominator = np.bincount(leaves, weights * curvature, minlength=n_nodes)
    reached = np.bincount(leaves, minlength=n_nodes) > 0
    values = np.full(n_nodes, np.nan)
    steady = reached & (np.abs(denominator) < TINY_HESSIAN)
    moving = reached & ~steady
    values[steady] = 0.0
    values[moving] = factor * numerator[moving] / denominator[moving]
    return values
