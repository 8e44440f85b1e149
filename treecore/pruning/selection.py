"""Choosing the cost-complexity parameter α: a validation set, or k-fold cross-validation.

Breiman et al., *Classification and Regression Trees* (1984), §3.4 and §11.5 (ch. 8 for
regression trees). The tree T grown on all of ``dataset`` gives the path α₀ = 0 < α₁ < … < α_K
(distinct values) with subtrees T₀ ⊇ T₁ ⊇ … ⊇ T_K (the root); T_k is optimal for
α ∈ [α_k, α_{k+1}). Its error R_k is the mean loss ℓ of :mod:`.losses` over the rows scored:
the error rate of a classification tree, the mean squared error of a regression tree (the mean
absolute error of a least-absolute-deviation one).

* Validation set: R_k is measured on the validation rows.
* k-fold CV (seeded; stratified by class for classification): each fold's training part grows
  its own tree; T_k is represented in every fold by the subtree for the geometric mean
  β_k = √(α_k α_{k+1}) (β_K = ∞, the root), as Breiman et al. and rpart map α between trees.
  R_k = the weighted loss of all held-out rows over their total weight.

The standard error is that of a mean of N' scored rows, SE(R_k) = s_k / √N' with
s_k² = mean(ℓ²) − R_k² (§3.4.3; for the 0-1 loss s² = R(1 − R), the binomial SE of §11.5).
With ``one_se`` the chosen α is the largest α_k whose R_k ≤ min R + SE of that minimum (the
1-SE rule); otherwise the α_k of the minimum (the smallest on a tie).

``max_seconds`` bounds the whole choice with one deadline: the tree on all of ``dataset`` (when
it is grown here), every fold's tree and the path computations between them. A partial tree
would give a wrong α, so running out of time raises :class:`~treecore.errors.TimeLimitError`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ..data import Dataset
from ..errors import ConfigError, TimeLimitError
from ..grow.engines import grow
from ..measures.evaluate import folds, labelled
from ..tree.nodes import Tree
from .ccp import ccp_path, prune_ccp
from .losses import mean_and_standard_error, path_moments
from .pruner import TASKS, Option, Pruner, PruneRequest
from .result import PruneResult


@dataclass(frozen=True)
class CCPSelection:
    """The chosen ``alpha`` and ``result`` (the full-data tree pruned at it, with the log of the
    prunes), with the figures: the distinct path ``alphas``, their ``errors`` and
    ``standard_errors``, the index of the minimum and of the choice, and ``method``
    ("validation" or "k-fold cv")."""

    alpha: float
    result: PruneResult
    alphas: np.ndarray
    errors: np.ndarray
    standard_errors: np.ndarray
    best_index: int
    chosen_index: int
    method: str

    @property
    def tree(self) -> Tree:
        return self.result.tree


def select_ccp_alpha(dataset: Dataset, *, algorithm: str = "cart", criterion: str | None = None,
                     validation=None, cv: int | None = None, one_se: bool = True, seed: int = 0,
                     tree: Tree | None = None, max_seconds: float | None = None,
                     **growth) -> CCPSelection:
    """Grow a tree on ``dataset`` and choose its α by ``validation`` (a Dataset or
    ``(X_val, y_val)``) or by ``cv``-fold cross-validation (5 folds if neither is given).
    ``growth`` holds further :func:`~treecore.grow` parameters (e.g. ``max_depth``); ``tree``
    is that tree when the caller has already grown it (the folds still grow their own).

    ``max_seconds`` (None: no bound) is one deadline for the whole choice. When it passes
    before the tree or a fold's tree is fully grown, or between folds, a
    :class:`~treecore.errors.TimeLimitError` is raised: code ``"time_limit"`` with ``params``
    ``seconds``, ``done`` (folds finished) and ``folds`` (k) for cross-validation, code
    ``"time_limit_tree"`` with ``seconds`` when the tree for the validation set was not grown."""
    if validation is not None and cv is not None:
        raise ConfigError("choose α by a validation set or by cross-validation, not both")
    k = cv or 5
    deadline = None if max_seconds is None else time.monotonic() + max_seconds

    def fit(data: Dataset) -> Tree | None:
        """The tree grown on ``data`` in the time left; None when there is none left or the
        tree came back partial."""
        if deadline is None:
            return grow(data, algorithm=algorithm, criterion=criterion, **growth)
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        grown = grow(data, algorithm=algorithm, criterion=criterion, max_seconds=left, **growth)
        return grown if grown.is_complete else None

    def out_of_time(done: int) -> TimeLimitError:
        if validation is not None:
            return TimeLimitError(
                f"Choosing α by the validation set did not finish within {max_seconds:g} s "
                "(the tree to prune was still growing); use fewer rows or a maximum depth.",
                code="time_limit_tree", params={"seconds": max_seconds})
        return TimeLimitError(
            f"Choosing α by {k}-fold cross-validation did not finish within {max_seconds:g} s "
            f"({done} of {k} folds done); use a validation set, fewer rows or a maximum depth.",
            params={"seconds": max_seconds, "done": done, "folds": k})

    full = tree if tree is not None else fit(dataset)
    if full is None:
        raise out_of_time(0)
    path = ccp_path(full)
    alphas = np.unique(path.alphas)
    last = path.index_at(alphas)              # the tree prune_ccp gives at each α …
    _, first = np.unique(last, return_index=True)
    alphas, last = alphas[first], last[first]  # … each tree once, at the least α giving it
    if validation is not None:
        rows = labelled(full.schema, validation) if isinstance(validation, Dataset) else \
            labelled(full.schema, *validation)
        sums = path_moments(path, rows, last)
        scored, method = rows, "validation"
    else:
        sums = _cv_losses(dataset, fit, alphas, k, seed, out_of_time)
        scored, method = dataset, f"{k}-fold cv"
    errors, ses = mean_and_standard_error(*sums, float(scored.weights.sum()), scored.n_rows)
    best = int(np.argmin(errors))
    chosen = int(np.flatnonzero(errors <= errors[best] + ses[best] + 1e-12).max()) if one_se \
        else best
    return CCPSelection(float(alphas[chosen]), prune_ccp(full, alphas[chosen]), alphas,
                        errors, ses, best, chosen, method)


def _cv_losses(dataset: Dataset, fit, alphas: np.ndarray, k: int, seed: int,
               out_of_time) -> tuple[np.ndarray, np.ndarray]:
    """Σ over folds of the held-out rows' Σwℓ and Σwℓ² at each β_k. ``fit`` returns None when
    time has run out: ``out_of_time(folds done)`` is raised."""
    betas = np.sqrt(alphas * np.r_[alphas[1:], np.inf])
    first, second = np.zeros(len(alphas)), np.zeros(len(alphas))
    for done, (train, test) in enumerate(folds(dataset, k, seed=seed)):
        fold_tree, held_out = fit(dataset.subset(train)), dataset.subset(test)
        if fold_tree is None:
            raise out_of_time(done)
        fold_path = ccp_path(fold_tree)
        fold_first, fold_second = path_moments(fold_path, held_out, fold_path.index_at(betas))
        first, second = first + fold_first, second + fold_second
    return first, second


def _run(request: PruneRequest) -> PruneResult:
    """CCP with α chosen as the options say (the validation rows, or k folds grown by the
    request's recipe within its time bound): the tree pruned at that α."""
    by_cv = request.options["ccp_select"] == "cv"
    return select_ccp_alpha(request.train, validation=None if by_cv else request.validation,
                            cv=request.options["folds"] if by_cv else None, tree=request.tree,
                            max_seconds=request.max_seconds, **request.growth).result


#: CCP as interfaces offer it: both kinds of tree; α by the validation rows (which it then
#: needs) or by k-fold cross-validation (which grows k trees of its own).
PRUNER = Pruner(
    "ccp", _run, TASKS, reasons=("ccp.prune", "ccp.keep"),
    figures=("alpha_eff", "alpha", "cost_leaf", "cost_subtree", "leaves"),
    options=(Option("ccp_select", "validation", choices=("validation", "cv")),
             Option("folds", 5, low=2, high=20, step=1, shown_when={"ccp_select": "cv"})),
    validation={"ccp_select": "validation"}, grows={"ccp_select": "cv"})
