"""Pessimistic error pruning (PEP): no validation set, a continuity correction instead.

Quinlan, "Simplifying decision trees" (1987), §4. With N(t) the (weighted) training rows at
node t, e(t) the errors t makes as a leaf of its majority class and L(t) the leaves of the
subtree T_t, the continuity-corrected error counts are

    n'(t)   = e(t) + 1/2
    n'(T_t) = Σ_{l ∈ L(t)} e(l) + |L(t)| / 2
    SE      = √( n'(T_t) · (N(t) − n'(T_t)) / N(t) )      (0 when n'(T_t) ≥ N(t))

and T_t is replaced by a leaf when n'(t) ≤ n'(T_t) + SE. Nodes are examined top-down from the
root; the nodes below a pruned one are not examined. Every leaf of T_t counts 1/2, including
leaves that no training row reached.
"""

from __future__ import annotations

import math

import numpy as np

from ..tree.nodes import Tree
from .arrays import TreeArrays
from .pruner import Pruner, PruneRequest
from .result import KEEP, PRUNE, PruneResult, PruneStep


def prune_pep(tree: Tree) -> PruneResult:
    """Pessimistic error pruning of ``tree`` (training statistics stored on its nodes only);
    a classification tree only (a regression tree has no errors to count)."""
    PRUNER.require_task(tree)
    arrays = TreeArrays.of(tree)
    errors = arrays.errors
    subtree_errors = arrays.leaf_sum(errors)
    n_leaves = arrays.leaf_sum(np.ones(len(errors)))
    steps, pruned = [], []
    p = 0
    while p < len(arrays.ids):                  # pre-order; skip the block of a pruned subtree
        if arrays.is_leaf[p]:
            p += 1
            continue
        n = float(arrays.weighted_n[p])
        leaf = float(errors[p]) + 0.5
        subtree = float(subtree_errors[p] + n_leaves[p] / 2)
        se = math.sqrt(subtree * (n - subtree) / n) if 0 < subtree < n else 0.0
        prune = leaf <= subtree + se
        figures = {"n": n, "errors_leaf": float(errors[p]), "corrected_leaf": leaf,
                   "errors_subtree": float(subtree_errors[p]), "leaves": float(n_leaves[p]),
                   "corrected_subtree": subtree, "standard_error": se,
                   "threshold": subtree + se}
        relation = "≤" if prune else ">"
        reason = (f"as a leaf e + 1/2 = {leaf:g} {relation} subtree's Σe + L/2 + SE = "
                  f"{subtree:g} + {se:.3f} = {subtree + se:.3f}; "
                  + ("pruned" if prune else "kept"))
        steps.append(PruneStep(int(arrays.ids[p]), figures, PRUNE if prune else KEEP, reason,
                               "pep.prune" if prune else "pep.keep"))
        if prune:
            pruned.append(int(arrays.ids[p]))
            p += int(arrays.size[p])
        else:
            p += 1
    return PruneResult(tree.collapse(pruned), tuple(steps))


def _run(request: PruneRequest) -> PruneResult:
    return prune_pep(request.tree)


#: PEP as interfaces offer it: classification trees (it counts training errors), no options.
PRUNER = Pruner("pep", _run, ("classification",), reasons=("pep.prune", "pep.keep"),
                figures=("n", "errors_leaf", "corrected_leaf", "errors_subtree", "leaves",
                         "corrected_subtree", "standard_error", "threshold"))
