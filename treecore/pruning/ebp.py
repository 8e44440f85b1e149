"""C4.5's error-based pruning (EBP), C4.5's default pruning.

Quinlan, *C4.5: Programs for Machine Learning* (1993), ch. 4. A node with N training rows (weighted;
fractional where rows with a missing value were distributed) of which E are not of its majority
class is predicted to make N · U_CF(E, N) errors on unseen cases, U_CF being the upper
confidence limit of the binomial (:mod:`.binomial`). Bottom-up, for each internal node t:

    leaf   = N(t) · U_CF(e(t), N(t))                    t as a leaf of its majority class
    tree   = Σ over the branches of their predicted errors (after pruning them)
    branch = predicted errors of t's largest branch if it received all of t's rows
             (subtree raising only; its leaves relabelled by the majority of their new rows)

t becomes a leaf if leaf ≤ tree + 0.1 and leaf ≤ branch + 0.1; with subtree raising the largest
branch replaces t if branch ≤ tree + 0.1, and the raised subtree is then re-examined with all
of t's rows. The 0.1 is the margin by which Quinlan's program prefers the simpler tree.

Subtree replacement needs only the statistics stored on the nodes. Subtree raising moves rows
into another subtree, so it needs the training rows: pass ``dataset=`` (the Dataset the tree was
grown on). Rows are then routed as C4.5 does: a row with a missing tested value goes down every
branch with weight × (branch's share of the known weight of the rows at that node).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..algorithms import ALGORITHMS, CRITERIA
from ..data import Dataset
from ..errors import ConfigError
from ..measures.criteria import IMPURITIES
from ..tree.nodes import Node, StopReason, Tree
from .arrays import TreeArrays
from .binomial import upper_error_rate
from .j48 import prune_j48
from .pruner import Option, Pruner, PruneRequest
from .ebp_steps import ebp_step
from .result import PruneResult, PruneStep

#: Quinlan's program replaces a subtree when that costs at most this many predicted errors.
MARGIN = 0.1

__all__ = ["prune_ebp", "upper_error_rate"]


def prune_ebp(tree: Tree, *, cf: float = 0.25, subtree_raising: bool | None = None,
              dataset: Dataset | None = None) -> PruneResult:
    """C4.5 error-based pruning with confidence factor ``cf`` (smaller prunes more).

    ``subtree_raising=True`` also considers replacing a node by its largest branch; it needs
    ``dataset``, the training Dataset the tree was grown on, to re-route rows. A tree grown by
    the J48 preset is pruned by J48's rules (:func:`.j48.prune_j48`; subtree raising on unless
    ``subtree_raising=False``), and always needs ``dataset``.
    """
    PRUNER.require_task(tree)
    if not 0 < cf < 1:
        raise ConfigError("cf must be between 0 and 1")
    preset = ALGORITHMS.get(tree.settings.get("algorithm"))
    if preset is not None and preset.release8:
        if dataset is None:
            raise ConfigError("J48's pruning re-routes the training rows: pass dataset=, the "
                              "Dataset the tree was grown on")
        return prune_j48(tree, dataset, cf=cf, subtree_raising=subtree_raising is not False)
    if subtree_raising:
        if dataset is None:
            raise ConfigError("subtree raising re-routes the training rows: pass dataset=, the "
                              "Dataset the tree was grown on")
        return _Raising(tree, dataset, cf).run()
    return _replace_subtrees(tree, cf)


def _decide(leaf: float, subtree: float, branch: float = np.inf) -> str:
    """"leaf", "raise" or "keep" by Quinlan's comparisons with the 0.1 margin."""
    if leaf <= subtree + MARGIN and leaf <= branch + MARGIN:
        return "leaf"
    return "raise" if branch <= subtree + MARGIN else "keep"


def _replace_subtrees(tree: Tree, cf: float) -> PruneResult:
    """Subtree replacement only, bottom-up over the stored node statistics."""
    arrays = TreeArrays.of(tree)
    errors, n = arrays.errors, arrays.weighted_n
    rate = upper_error_rate(errors, n, cf)
    as_leaf = n * rate
    current = as_leaf.copy()                 # predicted errors of each node's current subtree
    steps, pruned = [], []
    for p in arrays.bottom_up():
        subtree = float(current[arrays.children[p]].sum())
        outcome = _decide(float(as_leaf[p]), subtree)
        figures = {"n": float(n[p]), "errors_leaf": float(errors[p]), "upper_rate": float(rate[p]),
                   "predicted_leaf": float(as_leaf[p]), "predicted_subtree": subtree}
        steps.append(ebp_step(int(arrays.ids[p]), figures, outcome))
        if outcome == "leaf":
            pruned.append(int(arrays.ids[p]))
        else:
            current[p] = subtree
    return PruneResult(tree.collapse(pruned), tuple(steps))


class _Raising:
    """Quinlan's recursive EstimateErrors with subtree raising, on a mutable copy of the nodes."""

    def __init__(self, tree: Tree, dataset: Dataset, cf: float):
        if dataset.schema.feature_names != tree.schema.feature_names:
            raise ConfigError("dataset= must have the features of the tree it was grown on")
        self.tree, self.data, self.cf = tree, dataset, cf
        self.impurity = IMPURITIES[CRITERIA[tree.criterion].impurity]
        self.nodes: dict[int, Node] = {node.node_id: node for node in tree.nodes}
        self.root = tree.root.node_id
        self.steps: list[PruneStep] = []

    def run(self) -> PruneResult:
        data = self.data
        self.estimate(self.root, np.arange(data.n_rows), data.weights.astype(float), True)
        order, queue = [], [self.root]
        while queue:                                  # breadth first: parents before children
            order.append(self.nodes[queue.pop(0)])
            queue.extend(order[-1].children)
        return PruneResult(Tree(self.tree.schema, tuple(order), self.tree.settings,
                                self.tree.n_steps), tuple(self.steps))

    def estimate(self, node_id: int, rows: np.ndarray, weights: np.ndarray, update: bool) -> float:
        """Predicted errors of the subtree at ``node_id`` for these rows; with ``update``, also
        store the rows' statistics on its nodes and prune it."""
        node = self.nodes[node_id]
        counts = np.bincount(self.data.y[rows], weights=weights, minlength=self.data.n_classes)
        n = float(counts.sum())
        best = node.prediction
        if n > 0 and counts.max() > counts[best]:
            best = int(np.argmax(counts))
        errors = n - float(counts[best])
        rate = float(upper_error_rate(errors, n, self.cf))
        if update:
            node = self.nodes[node_id] = replace(
                node, n_samples=len(rows), weighted_n_samples=n,
                class_counts=tuple(map(float, counts)), prediction=best,
                distribution=tuple(map(float, counts / n)) if n > 0 else node.distribution,
                impurity=float(self.impurity(counts)))
        if node.is_leaf:
            return n * rate
        parts = node.split.split_rows(self.data.X, rows, weights,
                                      _known_shares(node, self.data.X, rows, weights))
        subtree = sum(self.estimate(child, r, w, update) for child, (r, w) in
                      zip(node.children, parts))
        if not update:
            return subtree
        node = self.nodes[node_id]            # a child may have been replaced by a raised one
        largest = len(parts) - 1 - int(np.argmax([w.sum() for _, w in parts][::-1]))
        raised = node.children[largest]
        branch = self.estimate(raised, rows, weights, False)
        outcome = _decide(n * rate, subtree, branch)
        self.steps.append(ebp_step(node_id, {
            "n": n, "errors_leaf": errors, "upper_rate": rate, "predicted_leaf": n * rate,
            "predicted_subtree": subtree, "predicted_branch": branch}, outcome))
        if outcome == "leaf":
            self._drop(node.children)
            self.nodes[node_id] = replace(node, split=None, children=(),
                                          stop_reason=StopReason.PRUNED)
            return n * rate
        if outcome == "raise":
            self._raise(node, raised)
            return self.estimate(raised, rows, weights, True)
        return subtree

    def _drop(self, node_ids) -> None:
        for node_id in node_ids:
            self._drop(self.nodes.pop(node_id).children)

    def _raise(self, node: Node, raised: int) -> None:
        """Put the subtree of ``raised`` where ``node`` stands; drop ``node`` and its other
        branches."""
        self._drop(c for c in node.children if c != raised)
        del self.nodes[node.node_id]
        if node.parent is None:
            self.root = raised
        else:
            parent = self.nodes[node.parent]
            self.nodes[node.parent] = replace(parent, children=tuple(
                raised if c == node.node_id else c for c in parent.children))
        cut = len(self.nodes[raised].path)
        stack = [raised]
        while stack:
            moved = self.nodes[stack.pop()]
            self.nodes[moved.node_id] = replace(
                moved, depth=moved.depth - 1, path=node.path + moved.path[cut:],
                parent=node.parent if moved.node_id == raised else moved.parent)
            stack.extend(moved.children)


def _known_shares(node: Node, X: np.ndarray, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Each branch's share of the known weight of these rows (the stored r̃ᵥ if none known)."""
    branch = node.split.branch_index(X[rows, node.split.feature_index])
    known = branch >= 0
    shares = np.bincount(branch[known], weights=weights[known], minlength=len(node.children))
    return shares / shares.sum() if shares.sum() > 0 else node.branch_fractions


def _run(request: PruneRequest) -> PruneResult:
    return prune_ebp(request.tree, cf=request.options["cf"], dataset=request.train)


#: EBP as interfaces offer it: classification trees (it counts training errors), the
#: confidence factor as its option; the training rows re-routed for a J48 tree.
PRUNER = Pruner("ebp", _run, ("classification",), reasons=("ebp.leaf", "ebp.raise", "ebp.keep"),
                figures=("n", "errors_leaf", "upper_rate", "predicted_leaf", "predicted_subtree",
                         "predicted_branch"),
                options=(Option("cf", 0.25, low=0.01, high=0.5, step=0.01),))
