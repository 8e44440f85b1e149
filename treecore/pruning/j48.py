"""Error-based pruning as Weka 3's J48 runs it: the pruning of the ``"j48"`` preset.

Quinlan, *C4.5: Programs for Machine Learning* (1993), ch. 4, in the arithmetic of Weka's
``C45PruneableClassifierTree.prune`` and ``Stats.addErrs``. A node whose N training rows
(weighted) hold E outside its majority class is predicted to make E + addErrs(N, E) errors
(:func:`added_errors`). Bottom-up, after pruning its branches, each internal node t compares

    leaf   = predicted errors of t as one leaf,
    tree   = Σ predicted errors of the leaves of its subtree,
    branch = predicted errors of its largest branch (the last of the heaviest) if that branch
             received all of t's rows (subtree raising; rows routed afresh, each node's branch
             shares recomputed from the rows that reach it),

and becomes a leaf if leaf ≤ tree + 0.1 and leaf ≤ branch + 0.1 (within 10⁻⁶), else, if
branch ≤ tree + 0.1, takes the largest branch's test and subtrees: that subtree's nodes then
hold t's rows, their class counts and branch shares recomputed (``newDistribution``), and t is
pruned again. The raised node keeps t's id; the ids of the other nodes kept do not change.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace
from statistics import NormalDist

import numpy as np

from ..data import Dataset
from ..errors import ConfigError
from ..grow.growing import majority
from ..grow.j48 import route
from ..measures.criteria import entropy
from ..split.j48_selection import SMALL
from ..tree.nodes import Node, StopReason, Tree
from .ebp_steps import ebp_step
from .result import PruneResult, PruneStep

#: The margin by which Quinlan's program prefers the simpler tree.
MARGIN = 0.1

__all__ = ["added_errors", "prune_j48"]


def added_errors(n: float, errors: float, cf: float = 0.25) -> float:
    """Weka's ``Stats.addErrs(N, e, CF)``: how many errors to add to the e observed in N rows,
    the upper confidence limit U_CF(e, N) of the binomial times N, less e.

    * e = 0: N·(1 − CF^{1/N}) (the exact limit, Geigy Scientific Tables);
    * 0 < e < 1: interpolated between e = 0 and e = 1, as C4.5 does;
    * e + 0.5 ≥ N: max(N − e, 0);
    * otherwise the normal approximation with continuity correction, z = Φ⁻¹(1 − CF),
      f = (e + 0.5)/N:  U = (f + z²/2N + z·√(f/N − f²/N + z²/4N²)) / (1 + z²/N).

    CF is a Java ``float`` in Weka, so it is rounded to single precision first.

    Quinlan's ch. 4 prints U₂₅%(0, 6) = 0.206 and U₂₅%(1, 16) = 0.157, i.e. 1.24 and 1.51 added:

    >>> round(added_errors(6, 0), 3), round(added_errors(16, 1), 3)
    (1.238, 1.476)
    """
    cf = float(np.float32(cf))
    if errors < 1:
        base = n * (1 - cf ** (1 / n))
        return base if errors == 0 else base + errors * (added_errors(n, 1, cf) - base)
    if errors + 0.5 >= n:
        return max(n - errors, 0.0)
    z = NormalDist().inv_cdf(1 - cf)
    f = (errors + 0.5) / n
    r = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) \
        / (1 + z * z / n)
    return r * n - errors


class _Pruned:
    """A node while pruning: its test, children and the training rows that reach it."""

    __slots__ = ("node", "split", "children", "rows", "weights", "counts")

    def __init__(self, node: Node, children: list, rows, weights, counts):
        self.node, self.split, self.children = node, node.split, children
        self.rows, self.weights, self.counts = rows, weights, counts


def prune_j48(tree: Tree, dataset: Dataset, *, cf: float = 0.25,
              subtree_raising: bool = True) -> PruneResult:
    """J48's pruning of ``tree``, grown by the J48 preset on ``dataset`` (needed to route the
    training rows); ``cf`` is the confidence factor (``-C``), smaller prunes more."""
    if not 0 < cf < 1:
        raise ConfigError("cf must be between 0 and 1")
    if dataset.schema.feature_names != tree.schema.feature_names:
        raise ConfigError("dataset= must have the features of the tree it was grown on")
    return _Pruning(tree, dataset, cf, subtree_raising).run()


class _Pruning:
    def __init__(self, tree: Tree, dataset: Dataset, cf: float, raising: bool):
        self.tree, self.data, self.cf, self.raising = tree, dataset, cf, raising
        self.steps: list[PruneStep] = []

    # ------------------------------------------------------------------ figures
    def counts(self, rows, weights) -> np.ndarray:
        return np.bincount(self.data.y[rows], weights=weights,
                           minlength=self.data.n_classes).astype(float)

    def predicted(self, counts: np.ndarray) -> float:
        """E + addErrs(N, E) for a leaf of these class counts (0 for an empty leaf;
        ``getEstimatedErrorsForDistribution``)."""
        n = float(counts.sum())
        if abs(n) < SMALL:
            return 0.0
        errors = n - float(counts.max())
        return errors + added_errors(n, errors, self.cf)

    def subtree_errors(self, p: _Pruned) -> float:
        """Σ predicted errors of the leaves below ``p`` (``getEstimatedErrors``)."""
        if not p.children:
            return self.predicted(p.counts)
        return sum(self.subtree_errors(child) for child in p.children)

    def shares(self, split, rows, weights) -> np.ndarray:
        """Each branch's share of the known weight of these rows (equal shares if none is
        known; ``resetDistribution`` and ``addInstWithUnknown``)."""
        branch = split.branch_index(self.data.X[rows, split.feature_index])
        known = branch >= 0
        weight = np.bincount(branch[known], weights=weights[known],
                             minlength=len(split.branches))
        total = weight.sum()
        return weight / total if abs(total) >= SMALL else np.full(len(weight), 1 / len(weight))

    def parts(self, p: _Pruned, rows, weights):
        return route(p.split, self.data.X, rows, weights, self.shares(p.split, rows, weights))

    def branch_errors(self, p: _Pruned, rows, weights) -> float:
        """Predicted errors of ``p``'s subtree if these rows reached it
        (``getEstimatedErrorsForBranch``)."""
        if not p.children:
            return self.predicted(self.counts(rows, weights))
        return sum(self.branch_errors(child, r, w)
                   for child, (r, w) in zip(p.children, self.parts(p, rows, weights)))

    # ------------------------------------------------------------------ the walk
    def run(self) -> PruneResult:
        root = self.load(self.tree.root, np.arange(self.data.n_rows),
                         self.data.weights.astype(float))
        self.prune(root)
        return PruneResult(self.rebuilt(root), tuple(self.steps))

    def load(self, node: Node, rows, weights) -> _Pruned:
        """The mutable copy of ``node``'s subtree, with the rows growth sent to each node."""
        p = _Pruned(node, [], rows, weights, self.counts(rows, weights))
        if node.split is not None:
            parts = route(node.split, self.data.X, rows, weights, node.split.branch_fractions)
            p.children = [self.load(self.tree.node(c), r, w)
                          for c, (r, w) in zip(node.children, parts)]
        return p

    def prune(self, p: _Pruned) -> None:
        if not p.children:
            return
        for child in p.children:
            self.prune(child)
        weights = [float(w.sum()) for w in (c.weights for c in p.children)]
        largest = len(weights) - 1 - int(np.argmax(weights[::-1]))      # the last of the heaviest
        branch = (self.branch_errors(p.children[largest], p.rows, p.weights) if self.raising
                  else math.inf)
        leaf, subtree = self.predicted(p.counts), self.subtree_errors(p)
        n = float(p.counts.sum())
        figures = {"n": n, "errors_leaf": n - float(p.counts.max()),
                   "upper_rate": leaf / n if n > 0 else 0.0, "predicted_leaf": leaf,
                   "predicted_subtree": subtree, "predicted_branch": branch}
        if leaf - (subtree + MARGIN) < SMALL and leaf - (branch + MARGIN) < SMALL:
            self.steps.append(ebp_step(p.node.node_id, figures, "leaf"))
            p.children, p.split = [], None
            return
        if branch - (subtree + MARGIN) < SMALL:
            self.steps.append(ebp_step(p.node.node_id, figures, "raise"))
            raised = p.children[largest]
            p.split, p.children = raised.split, raised.children
            self.redistribute(p, p.rows, p.weights)
            self.prune(p)
            return
        self.steps.append(ebp_step(p.node.node_id, figures, "keep"))

    def redistribute(self, p: _Pruned, rows, weights) -> None:
        """Send these rows through ``p``'s subtree, recomputing every node's class counts and
        branch shares (``newDistribution``)."""
        p.rows, p.weights, p.counts = rows, weights, self.counts(rows, weights)
        if p.children:
            for child, (r, w) in zip(p.children, self.parts(p, rows, weights)):
                self.redistribute(child, r, w)

    # ------------------------------------------------------------------ the result
    def rebuilt(self, root: _Pruned) -> Tree:
        """The pruned tree, breadth first, each node with the statistics of its rows now and a
        test whose branch counts (hence shares r̃ᵥ) are those of these rows."""
        nodes, queue = [], deque([(root, None, 0, ())])
        while queue:
            p, parent, depth, path = queue.popleft()
            node, counts = p.node, p.counts
            n = float(counts.sum())
            if n > 0:
                distribution, prediction = tuple(map(float, counts / n)), int(majority(counts))
            else:
                distribution, prediction = node.distribution, node.prediction
            split = self.recounted(p) if p.children else None
            nodes.append(replace(
                node, parent=parent, depth=depth, path=path, n_samples=int(len(p.rows)),
                weighted_n_samples=n, class_counts=tuple(map(float, counts)),
                distribution=distribution, prediction=prediction,
                impurity=float(entropy(counts)), split=split,
                children=tuple(c.node.node_id for c in p.children),
                expanded_at=node.expanded_at if p.children else None,
                stop_reason=None if p.children else (node.stop_reason if node.is_leaf
                                                     else StopReason.PRUNED)))
            queue.extend((c, node.node_id, depth + 1, path + (label,))
                         for c, label in zip(p.children, split.branches if split else ()))
        return Tree(self.tree.schema, tuple(nodes), self.tree.settings, self.tree.n_steps)

    def recounted(self, p: _Pruned):
        """``p``'s test with the class counts of the known rows that reach it now in each
        branch."""
        split = p.split
        branch = split.branch_index(self.data.X[p.rows, split.feature_index])
        known = branch >= 0
        flat = np.bincount(branch[known] * self.data.n_classes + self.data.y[p.rows][known],
                           weights=p.weights[known],
                           minlength=len(split.branches) * self.data.n_classes)
        counts = flat.reshape(len(split.branches), self.data.n_classes)
        total = float(p.weights.sum())
        return replace(split, branch_counts=tuple(map(tuple, counts.tolist())),
                       rho=float(counts.sum()) / total if total > 0 else 0.0)
