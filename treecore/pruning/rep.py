"""Reduced-error pruning (REP) on a validation set.

Quinlan, "Simplifying decision trees" (1987), §3; 周志华《机器学习》§4.3.2 (后剪枝).
Each internal node t is examined bottom-up (deepest level first, left to right), the subtree
T_t of the current tree standing against a leaf labelled with t's training majority. With V_t
the validation rows reaching t (weighted; a row with a missing tested value reaches several
nodes with fractional weights), the validation errors are

    err(leaf t) = Σ_{i ∈ V_t} wᵢ [yᵢ ≠ majority(t)],   err(T_t) = Σ_{leaves l of T_t} err(leaf l),

and the subtree is replaced when

    err(leaf t) <  err(T_t)   (rule "strict": Zhou's worked example prunes only on an
                               improvement of validation accuracy and keeps a subtree on a tie)
    err(leaf t) ≤  err(T_t)   (rule "no_worse": Quinlan's REP, the simpler tree wins a tie).

Replacing T_t changes only the errors of the rows in V_t, so the accuracy of the whole tree
after the replacement is acc − (err(leaf t) − err(T_t)) / Σ w, and one bottom-up pass reaches
Quinlan's fixed point ("until any further replacement would increase the error"). The rows are
routed once, not once per node.
"""

from __future__ import annotations

import numpy as np

from ..growing import VALIDATION_RULES
from ..candidates import TIE_TOLERANCE
from ..errors import ConfigError
from ..evaluate import labelled
from ..tree import Tree
from .arrays import TreeArrays
from .result import KEEP, PRUNE, PruneResult, PruneStep


def prune_rep(tree: Tree, X_val, y_val=None, *, rule: str = "strict") -> PruneResult:
    """Reduced-error pruning of ``tree`` on the validation rows ``X_val, y_val``.

    ``X_val`` is a DataFrame of raw values or an encoded matrix with ``y_val`` the class
    labels, or a validation :class:`~treecore.Dataset` (then ``y_val`` is None and its row
    weights are used). ``rule`` is ``"strict"`` (Zhou) or ``"no_worse"`` (Quinlan 1987).
    """
    if rule not in VALIDATION_RULES:
        raise ConfigError(f"rule must be one of {VALIDATION_RULES}")
    data = labelled(tree.schema, X_val, y_val)
    arrays = TreeArrays.of(tree)
    reached = arrays.class_weights(data.X, data.y, data.weights)
    leaf_errors = reached.sum(axis=1) - reached[np.arange(len(reached)), arrays.prediction]
    total = float(data.weights.sum())
    current = np.where(arrays.is_leaf, leaf_errors, 0.0)   # errors of each node's current subtree
    tree_errors = float(current.sum())
    steps, pruned = [], []
    for p in arrays.bottom_up():
        subtree = float(current[arrays.children[p]].sum())
        leaf = float(leaf_errors[p])
        before, after = 1 - tree_errors / total, 1 - (tree_errors - subtree + leaf) / total
        prune = (leaf < subtree - TIE_TOLERANCE if rule == "strict"
                 else leaf <= subtree + TIE_TOLERANCE)
        current[p] = leaf if prune else subtree
        if prune:
            tree_errors += leaf - subtree
            pruned.append(int(arrays.ids[p]))
        steps.append(PruneStep(
            int(arrays.ids[p]),
            {"validation_weight": float(reached[p].sum()), "errors_subtree": subtree,
             "errors_leaf": leaf, "accuracy_before": before, "accuracy_after": after},
            PRUNE if prune else KEEP, *_reason(prune, leaf, subtree, before, after)))
    return PruneResult(tree.collapse(pruned), tuple(steps))


def _reason(prune: bool, leaf: float, subtree: float, before: float,
            after: float) -> tuple[str, str]:
    """The step's reason in English and its code."""
    change = f"validation accuracy {before:.1%} → {after:.1%} (errors {subtree:g} → {leaf:g})"
    if prune:
        improves = leaf < subtree - TIE_TOLERANCE
        why = "improves" if improves else "does not worsen (rule no_worse)"
        return (f"a leaf of the training majority {why} it: {change}; pruned",
                "rep.improves" if improves else "rep.no_worse")
    if abs(leaf - subtree) <= TIE_TOLERANCE:
        return (f"a leaf does not improve it: {change}; kept (rule strict needs an improvement)",
                "rep.no_gain")
    return f"a leaf would worsen it: {change}; kept", "rep.worse"
