"""Reduced-error pruning (REP) on a validation set, for classification and regression trees.

Quinlan, "Simplifying decision trees" (1987), §3; 周志华《机器学习》§4.3.2 (后剪枝).
Each internal node t is examined bottom-up (deepest level first, left to right), the subtree
T_t of the current tree standing against a leaf predicting what t predicts from its training
rows. With V_t the validation rows reaching t (weighted; a row with a missing tested value
reaches several nodes with fractional weights) and ℓ the loss of :mod:`.losses`, the
validation losses are

    L(leaf t) = Σ_{i ∈ V_t} wᵢ ℓᵢ(t),   L(T_t) = Σ_{leaves l of T_t} L(leaf l),

where for a classification tree ℓᵢ(t) = [yᵢ ≠ majority(t)] (L counts errors) and for a
regression tree ℓᵢ(t) = (yᵢ − c_t)², c_t the training mean of t (L is the validation squared
error, SSE), or for a least-absolute-deviation tree ℓᵢ(t) = |yᵢ − c_t|, c_t the training median
of t (L is the validation absolute error, AE). The subtree is replaced when

    L(leaf t) <  L(T_t)   (rule "strict": Zhou's worked example prunes only on an
                           improvement of validation accuracy and keeps a subtree on a tie)
    L(leaf t) ≤  L(T_t)   (rule "no_worse": Quinlan's REP, the simpler tree wins a tie; for a
                           regression tree, "does not increase the validation SSE").

Replacing T_t changes only the losses of the rows in V_t, so the whole tree's loss after the
replacement is L − L(T_t) + L(leaf t), and one bottom-up pass reaches Quinlan's fixed point
("until any further replacement would increase the error"). The rows are routed once, not once
per node. A step's figures speak the tree's measure: errors and accuracy before / after for
classification, SSE and RMSE = √(SSE / Σw) before / after for regression (AE and
MAE = AE / Σw for a least-absolute-deviation tree).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import ConfigError
from ..grow.growing import VALIDATION_RULES
from ..measures.evaluate import labelled
from ..split.candidates import TIE_TOLERANCE
from ..tree.nodes import Tree
from .arrays import TreeArrays
from .losses import loss_power, node_losses
from .pruner import TASKS, Option, Pruner, PruneRequest
from .result import KEEP, PRUNE, PruneResult, PruneStep


@dataclass(frozen=True)
class _Measure:
    """How a kind of tree words REP: the loss's figure name, the whole tree's score from its
    loss and weight, and the code prefix and words of its reasons."""

    loss: str                                   # figure name of L: "errors" or "sse"
    score: str                                  # figure name of the score: "accuracy", "rmse"
    of_loss: Callable[[float, float], float]    # (L, Σw) → score
    code: str                                   # step codes "<code>.<outcome>"
    leaf: str                                   # what the leaf predicts
    better: str                                 # how the score improves, in words
    fmt: str                                    # how a score prints


MEASURES = {
    "classification": _Measure("errors", "accuracy", lambda loss, w: 1 - loss / w, "rep",
                               "a leaf of the training majority", "improves", ".1%"),
    "regression": _Measure("sse", "rmse", lambda loss, w: math.sqrt(max(loss, 0.0) / w),
                           "rep_sse", "a leaf of the training mean", "lowers", ".4g"),
    "absolute_error": _Measure("ae", "mae", lambda loss, w: loss / w, "rep_ae",
                               "a leaf of the training median", "lowers", ".4g"),
}
#: What a step's comparison found (its code is "<measure's code>.<outcome>", :func:`_reason`).
OUTCOMES = ("improves", "no_worse", "no_gain", "worse")


def prune_rep(tree: Tree, X_val, y_val=None, *, rule: str = "strict") -> PruneResult:
    """Reduced-error pruning of ``tree`` on the validation rows ``X_val, y_val``.

    ``X_val`` is a DataFrame of raw values or an encoded matrix with ``y_val`` the class
    labels (the numbers, for a regression tree), or a validation :class:`~treecore.Dataset`
    (then ``y_val`` is None and its row weights are used). ``rule`` is ``"strict"`` (Zhou) or
    ``"no_worse"`` (Quinlan 1987).

    A regression tree worked by hand: a root split at x ≤ 2.5 into leaves of training means
    1 and 3, validation rows (x, y) = (1, 1.5), (2, 2.5), (3, 2.0), (4, 3.0). The root's
    training mean is 2. Kept as it is, the tree's validation SSE is
    (1.5 − 1)² + (2.5 − 1)² + (2 − 3)² + (3 − 3)² = 0.25 + 2.25 + 1 + 0 = 3.5; as one leaf of
    mean 2 it is 0.25 + 0.25 + 0 + 1 = 1.5 < 3.5, so the root is pruned (by either rule)
    and the validation RMSE drops from √(3.5/4) ≈ 0.935 to √(1.5/4) ≈ 0.612.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> train = Dataset.from_frame(pd.DataFrame({"x": [1., 2., 3., 4.], "y": [1., 1., 3., 3.]}),
    ...                            "y", task="regression")
    >>> tree = grow(train, algorithm="cart", task="regression")
    >>> step = prune_rep(tree, pd.DataFrame({"x": [1., 2., 3., 4.]}), [1.5, 2.5, 2., 3.]).steps[0]
    >>> step.decision, step.figures["sse_subtree"], step.figures["sse_leaf"]
    ('prune', 3.5, 1.5)
    """
    if rule not in VALIDATION_RULES:
        raise ConfigError(f"rule must be one of {VALIDATION_RULES}")
    measure = MEASURES["absolute_error" if tree.is_regression and loss_power(tree) == 1
                       else tree.schema.task]
    data = labelled(tree.schema, X_val, y_val)
    arrays = TreeArrays.of(tree)
    leaf_losses = node_losses(arrays, data)
    reached = arrays.routed_sum(data.X, data.weights, lambda rows, at: 1.0)
    total = float(data.weights.sum())
    current = np.where(arrays.is_leaf, leaf_losses, 0.0)   # loss of each node's current subtree
    tree_loss = float(current.sum())
    steps, pruned = [], []
    for p in arrays.bottom_up():
        subtree = float(current[arrays.children[p]].sum())
        leaf = float(leaf_losses[p])
        before = measure.of_loss(tree_loss, total)
        after = measure.of_loss(tree_loss - subtree + leaf, total)
        prune = (leaf < subtree - TIE_TOLERANCE if rule == "strict"
                 else leaf <= subtree + TIE_TOLERANCE)
        current[p] = leaf if prune else subtree
        if prune:
            tree_loss += leaf - subtree
            pruned.append(int(arrays.ids[p]))
        steps.append(PruneStep(
            int(arrays.ids[p]),
            {"validation_weight": float(reached[p]), f"{measure.loss}_subtree": subtree,
             f"{measure.loss}_leaf": leaf, f"{measure.score}_before": before,
             f"{measure.score}_after": after},
            PRUNE if prune else KEEP, *_reason(measure, prune, leaf, subtree, before, after)))
    return PruneResult(tree.collapse(pruned), tuple(steps))


def _reason(measure: _Measure, prune: bool, leaf: float, subtree: float, before: float,
            after: float) -> tuple[str, str]:
    """The step's reason in English and its code."""
    change = (f"validation {measure.score} {before:{measure.fmt}} → {after:{measure.fmt}} "
              f"({measure.loss} {subtree:g} → {leaf:g})")
    if prune:
        improves = leaf < subtree - TIE_TOLERANCE
        why = measure.better if improves else "does not worsen (rule no_worse)"
        return (f"{measure.leaf} {why} it: {change}; pruned",
                f"{measure.code}.{'improves' if improves else 'no_worse'}")
    if abs(leaf - subtree) <= TIE_TOLERANCE:
        return (f"a leaf does not improve it: {change}; kept (rule strict needs an improvement)",
                f"{measure.code}.no_gain")
    return f"a leaf would worsen it: {change}; kept", f"{measure.code}.worse"


def _run(request: PruneRequest) -> PruneResult:
    return prune_rep(request.tree, request.validation, rule=request.options["rule"])


#: REP as interfaces offer it: both kinds of tree, always on validation rows, by either rule.
PRUNER = Pruner(
    "rep", _run, TASKS,
    reasons=tuple(f"{m.code}.{outcome}" for m in MEASURES.values() for outcome in OUTCOMES),
    figures=("validation_weight", "errors_subtree", "errors_leaf", "accuracy_before",
             "accuracy_after", "sse_subtree", "sse_leaf", "rmse_before", "rmse_after",
             "ae_subtree", "ae_leaf", "mae_before", "mae_after"),
    options=(Option("rule", "strict", choices=VALIDATION_RULES),), validation=True)
