"""A tree's nodes as numpy arrays in pre-order, the common ground of the pruning methods.

In pre-order the subtree of the node at position ``p`` is the contiguous block
``p : p + size[p]``, so a sum over the leaves of every subtree is one cumulative sum, and
removing a subtree is one slice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..tree import predict as _predict
from ..tree.lazy import NodeColumns
from ..tree.nodes import Tree


@dataclass(frozen=True, eq=False)
class TreeArrays:
    """Per-node arrays indexed by pre-order position.

    ``weighted_n`` is N(t), ``counts`` the weighted training class counts, ``prediction`` the
    training majority class, ``errors`` e(t) = N(t) − counts[prediction], the training errors
    the node would make as a leaf, ``impurity`` the node's by the tree's criterion. In a
    regression tree ``value`` is the training mean c_t (NaN in a classification tree) and
    ``counts`` has no columns.
    """

    tree: Tree
    ids: np.ndarray
    parent: np.ndarray
    depth: np.ndarray
    size: np.ndarray
    is_leaf: np.ndarray
    weighted_n: np.ndarray
    counts: np.ndarray
    prediction: np.ndarray
    value: np.ndarray
    impurity: np.ndarray

    @classmethod
    def of(cls, tree: Tree) -> "TreeArrays":
        """The arrays of ``tree``: from its node table when a compiled engine grew it
        (:class:`~treecore.tree.lazy.NodeColumns`, no node made), else from its nodes."""
        if tree.node_table is not None:
            return cls._of_columns(tree, tree.node_table, tree.nodes.is_leaf)
        nodes = list(tree.iter_preorder())
        position = {node.node_id: p for p, node in enumerate(nodes)}
        size = np.ones(len(nodes), np.int64)
        parent = np.array([-1 if n.parent is None else position[n.parent] for n in nodes])
        for p in range(len(nodes) - 1, 0, -1):          # children follow their parent
            size[parent[p]] += size[p]
        return cls(tree=tree,
                   ids=np.array([n.node_id for n in nodes]),
                   parent=parent,
                   depth=np.array([n.depth for n in nodes]),
                   size=size,
                   is_leaf=np.array([n.is_leaf for n in nodes]),
                   weighted_n=np.array([n.weighted_n_samples for n in nodes], float),
                   counts=np.array([n.class_counts for n in nodes], float),
                   prediction=np.array([n.prediction for n in nodes]),
                   value=np.array([np.nan if n.value is None else n.value for n in nodes]),
                   impurity=np.array([n.impurity for n in nodes], float))

    @classmethod
    def _of_columns(cls, tree: Tree, columns: NodeColumns, is_leaf: np.ndarray) -> "TreeArrays":
        """:meth:`of` a compiled tree, whose node table is by position: a node's children
        are consecutive positions after its own, so its subtree sizes sum up in descending
        order of position, and each child's pre-order place follows its parent's and its
        earlier siblings' subtrees, in ascending order of position."""
        parent = columns.parent.tolist()
        n = len(parent)
        size = [1] * n
        for i in range(n - 1, 0, -1):
            size[parent[i]] += size[i]
        place, next_place = [0] * n, [1] * n
        for i in range(1, n):
            up = parent[i]
            place[i] = next_place[up]
            next_place[up] += size[i]
            next_place[i] = place[i] + 1
        at = np.empty(n, np.int64)                    # the position at each pre-order place
        at[place] = np.arange(n)
        place = np.array(place)
        parent_of = columns.parent[at]
        return cls(tree=tree, ids=np.asarray(tree.nodes.id_at(at), np.int64),
                   parent=np.where(parent_of < 0, -1, place[np.maximum(parent_of, 0)]),
                   depth=columns.depth[at], size=np.array(size)[at],
                   is_leaf=is_leaf[at], weighted_n=columns.weighted_n[at].astype(float),
                   counts=columns.class_counts[at].astype(float),
                   prediction=columns.prediction[at], value=columns.value[at].astype(float),
                   impurity=columns.impurity[at].astype(float))

    @cached_property
    def position(self) -> dict[int, int]:
        return {int(node_id): p for p, node_id in enumerate(self.ids)}

    @cached_property
    def children(self) -> list[list[int]]:
        """Positions of each node's children."""
        out: list[list[int]] = [[] for _ in self.ids]
        for p, q in enumerate(self.parent):
            if q >= 0:
                out[q].append(p)
        return out

    @property
    def errors(self) -> np.ndarray:
        return self.weighted_n - self.counts[np.arange(len(self.ids)), self.prediction]

    def leaf_sum(self, values: np.ndarray) -> np.ndarray:
        """Σ of ``values`` over the leaves of each node's subtree (a leaf's own value)."""
        cumulative = np.concatenate([[0.0], np.cumsum(np.where(self.is_leaf, values, 0.0))])
        starts = np.arange(len(self.ids))
        return cumulative[starts + self.size] - cumulative[starts]

    def bottom_up(self) -> np.ndarray:
        """Positions of the internal nodes, deepest level first, left to right in a level.

        Every node comes after all its descendants. This is the order of Zhou's worked example
        (§4.3.2: nodes ⑥, ⑤, ②, ③, ①).
        """
        inner = np.flatnonzero(~self.is_leaf)
        return inner[np.lexsort((inner, -self.depth[inner]))]

    @cached_property
    def tree_position(self) -> np.ndarray:
        """The pre-order position of each node of ``tree.compiled`` (found by id, so no node
        need be made)."""
        by_id = np.argsort(self.ids)
        return by_id[np.searchsorted(self.ids[by_id], self.tree.compiled.node_id)]

    def routed_sum(self, X: np.ndarray, weights: np.ndarray, values) -> np.ndarray:
        """Σ wᵢ · values(i, t) over the rows reaching each node t, in one vectorised routing
        pass; ``values(rows, positions)`` gives the value of each (row, node) reached."""
        out = np.zeros(len(self.ids))
        for rows, pos, w in _predict.walk(self.tree.compiled, X, weights):
            at = self.tree_position[pos]
            out += np.bincount(at, weights=w * values(rows, at), minlength=out.size)
        return out

    def class_weights(self, X: np.ndarray, y: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """(nodes × classes): weighted class counts of the labelled rows ``X, y`` reaching each
        node, in one vectorised routing pass (a row with a missing tested value reaches several
        nodes with fractional weights)."""
        n_nodes, n_classes = self.counts.shape
        out = np.zeros(n_nodes * n_classes)
        for rows, pos, w in _predict.walk(self.tree.compiled, X, weights):
            out += np.bincount(self.tree_position[pos] * n_classes + y[rows], weights=w,
                               minlength=out.size)
        return out.reshape(n_nodes, n_classes)
