"""Cost-complexity (weakest-link) pruning.

Breiman, Friedman, Olshen and Stone, *Classification and Regression Trees* (1984), ch. 3 (§3.3).
With W the weight of the root, each node t costs R(t) = W(t)/W · i(t), i the tree's criterion
impurity (Gini, or entropy for entropy/gain ratio; ``cost="error"`` uses the misclassification
rate 1 − maxₖ pₖ instead, rpart's cost; for a regression tree the mean squared error about the
node's mean, so R(t) is the node's SSE over W), and a subtree costs R(T_t) = Σ_{leaves l} R(l).
The cost-complexity of a tree is R_α(T) = R(T) + α |leaves(T)|. Node t's weakest-link value is

    α_eff(t) = (R(t) − R(T_t)) / (|leaves(T_t)| − 1),

and the path prunes, one node at a time, the internal node of smallest α_eff (the first in
pre-order on a tie) until only the root remains. The path holds, for the full tree and after each
prune, α_eff and R of the tree. This is scikit-learn's ``cost_complexity_pruning_path``, computed
in the same order of floating-point operations, so both give the same numbers on the same tree.
``prune_ccp(tree, α)`` keeps pruning while α_eff ≤ α: the smallest subtree minimising R_α.
"""

from __future__ import annotations

import heapq

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, NamedTuple, Sequence

import numpy as np
from ..jit import njit

from ..data import Dataset
from ..errors import ConfigError
from ..measures.criteria import misclassification
from ..tree.nodes import Tree
from .arrays import TreeArrays
from .losses import path_losses
from .result import KEEP, PRUNE, PruneResult, PruneStep

COSTS = ("impurity", "error")
#: α_eff and α are compared with this relative tolerance (they are sums of floating terms).
_RELATIVE = 1e-9


def _pruning_bound(alpha):
    """The largest α_eff a link may have to be pruned at ``alpha``: α, to rounding."""
    return alpha * (1 + _RELATIVE) + 1e-15


@dataclass(frozen=True)
class CCPPath:
    """``alphas[i]``, ``impurities[i]`` = R(T_i) and ``n_leaves[i]`` of the i-th tree of the
    sequence (``trees[0]`` is the input tree). ``pruned[i]`` is the node id pruned to reach
    ``trees[i + 1]``. ``trees`` is a lazy sequence: each tree is built when first indexed."""

    alphas: np.ndarray
    impurities: np.ndarray
    trees: Sequence[Tree]
    pruned: tuple[int, ...]
    n_leaves: np.ndarray

    def index_at(self, alphas: np.ndarray) -> np.ndarray:
        """The index i of ``trees`` that :func:`prune_ccp` gives at each α of ``alphas``: the
        links before the first whose α_eff exceeds α (to :func:`_pruning_bound`'s rounding)."""
        reached = np.maximum.accumulate(self.alphas)
        return np.searchsorted(reached, _pruning_bound(np.asarray(alphas, float)),
                               side="right") - 1


class _PrunedTrees(Sequence):
    """``trees[i]``: the input tree with the first i weakest links collapsed, built on demand."""

    def __init__(self, tree: Tree, pruned: tuple[int, ...]):
        self._tree, self._pruned = tree, pruned
        self._build = lru_cache(maxsize=64)(lambda i: tree.collapse(pruned[:i]) if i else tree)

    def __len__(self) -> int:
        return len(self._pruned) + 1

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        return self._build(i % len(self))


class _Link(NamedTuple):
    """One prune of the sequence: the node, its α_eff, R(t), R(T_t), |leaves(T_t)|, and R of the
    whole tree after the prune (as arrays, one item a prune, in :meth:`_WeakestLinks.links`)."""

    node_id: int
    alpha: float
    cost_node: float
    cost_subtree: float
    leaves: int
    cost_after: float


class _WeakestLinks:
    """Iterate the prunes of the sequence; ``cost`` is R of the unpruned tree."""

    def __init__(self, tree: Tree, cost: str):
        if cost not in COSTS:
            raise ConfigError(f"cost must be one of {COSTS}")
        self.arrays = arrays = TreeArrays.of(tree)
        n = arrays.weighted_n
        impurity = arrays.impurity if cost == "impurity" else misclassification(arrays.counts)
        self.r_node = n * impurity / n[0]
        self.r_branch, self.leaves = _subtree_costs(arrays.parent, arrays.is_leaf, self.r_node)
        self.cost = float(self.r_branch[0])

    def links(self) -> _Link:
        """The whole sequence, each field an array in the order of the prunes."""
        arrays = self.arrays
        at, *figures = _weakest_links(arrays.parent, arrays.size, arrays.is_leaf, self.r_node,
                                      self.r_branch.copy(), self.leaves.copy())
        return _Link(arrays.ids[at], *figures)

    def __iter__(self) -> Iterator[_Link]:
        return map(_Link._make, zip(*(field.tolist() for field in self.links())))


@njit(cache=True)
def _subtree_costs(parent, is_leaf, r_node):
    """R(T_t) and |leaves(T_t)| of every node (pre-order positions): each leaf's R added to its
    ancestors, leaf by leaf in pre-order and nearest ancestor first (the order of
    scikit-learn's sums)."""
    r_branch = np.where(is_leaf, r_node, 0.0)
    leaves = np.zeros(len(parent), np.int64)
    for q in range(len(parent)):
        if not is_leaf[q]:
            continue
        leaves[q] = 1
        up = parent[q]
        while up >= 0:
            r_branch[up] += r_node[q]
            leaves[up] += 1
            up = parent[up]
    return r_branch, leaves


@njit(cache=True)
def _weakest_links(parent, size, is_leaf, r_node, r_branch, leaves):
    """The whole weakest-link sequence of the tree whose subtree costs are ``r_branch`` and
    ``leaves`` (updated in place): per prune, the position pruned, its α_eff (≥ 0), R(t),
    R(T_t), |leaves(T_t)| and R of the tree after it. The smallest α_eff is pruned first, the
    first in pre-order on a tie; its subtree leaves the race and its ancestors' α_eff are
    recomputed, each by the same operations as scikit-learn's. The candidates wait in a
    heap ordered by (α_eff, position), so the next prune is found in O(log n); an entry whose
    node was recomputed or pruned since is passed by."""
    n = len(parent)
    alpha = np.full(n, np.inf)
    for p in range(n):
        if not is_leaf[p]:
            alpha[p] = (r_node[p] - r_branch[p]) / (leaves[p] - 1)
    waiting = [(alpha[p], p) for p in range(n) if not is_leaf[p]]
    heapq.heapify(waiting)
    inner = len(waiting)
    at, alpha_eff = np.empty(inner, np.int64), np.empty(inner)
    cost_node, cost_branch = np.empty(inner), np.empty(inner)
    n_leaves, cost_after = np.empty(inner, np.int64), np.empty(inner)
    k = 0
    while len(waiting):
        value, p = heapq.heappop(waiting)
        if value != alpha[p]:
            continue
        at[k], alpha_eff[k] = p, max(alpha[p], 0.0)
        cost_node[k], cost_branch[k], n_leaves[k] = r_node[p], r_branch[p], leaves[p]
        alpha[p:p + size[p]] = np.inf
        removed, change = leaves[p] - 1, r_node[p] - r_branch[p]
        up = parent[p]
        while up >= 0:
            leaves[up] -= removed
            r_branch[up] += change
            alpha[up] = (r_node[up] - r_branch[up]) / (leaves[up] - 1)
            heapq.heappush(waiting, (alpha[up], np.int64(up)))
            up = parent[up]
        leaves[p], r_branch[p] = 1, r_node[p]
        cost_after[k] = r_branch[0]
        k += 1
    return (at[:k], alpha_eff[:k], cost_node[:k], cost_branch[:k], n_leaves[:k],
            cost_after[:k])


def ccp_path(tree: Tree, *, cost: str = "impurity") -> CCPPath:
    """The weakest-link pruning sequence of ``tree``: α_eff and R(T) after each prune."""
    sequence = _WeakestLinks(tree, cost)
    links = sequence.links()
    pruned = tuple(links.node_id.tolist())
    return CCPPath(np.concatenate([[0.0], links.alpha]),
                   np.concatenate([[sequence.cost], links.cost_after]),
                   _PrunedTrees(tree, pruned), pruned,
                   tree.n_leaves - np.concatenate([[0], np.cumsum(links.leaves - 1)]))


def path_accuracy(path: CCPPath, data: Dataset, indices: Sequence[int] | None = None) -> np.ndarray:
    """Weighted accuracy on the labelled rows ``data`` of ``path.trees[i]`` for each i of
    ``indices`` (all by default): 1 − the misclassified weight of :func:`.losses.path_losses`
    over the rows' weight, from one routing pass through the unpruned tree."""
    return 1 - path_losses(path, data, indices) / data.weights.sum()


def prune_ccp(tree: Tree, alpha: float, *, cost: str = "impurity") -> PruneResult:
    """The subtree of the weakest-link sequence for ``alpha``: prune while α_eff ≤ α."""
    if alpha < 0:
        raise ConfigError("alpha must be ≥ 0")
    steps, pruned = [], []
    for link in _WeakestLinks(tree, cost):
        figures = {"alpha_eff": link.alpha, "alpha": float(alpha), "cost_leaf": link.cost_node,
                   "cost_subtree": link.cost_subtree, "leaves": float(link.leaves)}
        said = (f"weakest link α_eff = (R(t) − R(T_t)) / (|leaves| − 1) = ({link.cost_node:.6g} − "
                f"{link.cost_subtree:.6g}) / ({link.leaves} − 1) = {link.alpha:.6g}")
        if link.alpha > _pruning_bound(alpha):
            steps.append(PruneStep(link.node_id, figures, KEEP, f"{said} > α = {alpha:.6g}: "
                                   "kept, and every other subtree has a larger α_eff",
                                   "ccp.keep"))
            break
        pruned.append(link.node_id)
        steps.append(PruneStep(link.node_id, figures, PRUNE,
                               f"{said} ≤ α = {alpha:.6g}: pruned", "ccp.prune"))
    return PruneResult(tree.collapse(pruned), tuple(steps), float(alpha))
