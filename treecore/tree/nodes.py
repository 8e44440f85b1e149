"""The tree as an immutable value: nodes that carry every statistic a view needs.

Node ids are given in creation order, which is breadth-first growth order: the root is 0 and the
children of the node expanded at step k are numbered after every node that existed before step k.
So ids never change while a tree grows (``until(k)`` keeps them) or when it is pruned (a pruned
tree keeps the ids of the nodes it keeps), and a view can compare two stages node by node.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Container, Iterator, Mapping, Sequence

import numpy as np

from ..data import Dataset, Schema
from ..split.candidates import Candidate
from . import predict as _predict
from .lazy import LazyNodes, NodeColumns, pruned_leaf, waiting


class StopReason(str, Enum):
    """Why a node is a leaf. The first three are Hunt's stopping cases (Zhou 图 4.2)."""

    PURE = "pure"                                # case 1: all rows in one class
    NO_FEATURES = "no_features"                  # case 2: no attribute left to test
    IDENTICAL = "identical"                      # case 2: rows identical on every attribute left
    EMPTY_BRANCH = "empty_branch"                # case 3: no training row; parent's majority
    MAX_DEPTH = "max_depth"
    MIN_SAMPLES_SPLIT = "min_samples_split"
    MIN_SAMPLES_LEAF = "min_samples_leaf"        # every split would leave a leaf too small
    MIN_GAIN = "min_gain"                        # best gain below the threshold ε (Li Hang 5.2)
    MIN_IMPURITY_DECREASE = "min_impurity_decrease"
    MAX_LEAVES = "max_leaves"
    VALIDATION = "validation"                    # pre-pruning: validation accuracy not improved
    PRUNED = "pruned"                            # post-pruning replaced the subtree by a leaf
    NO_USEFUL_SPLIT = "no_useful_split"          # C4.5 release 8: no split of positive gain ratio
    COLLAPSED = "collapsed"                      # C4.5 release 8: the subtree saved no training
                                                 # error


@dataclass(frozen=True)
class Node:
    """One node with its statistics, so views never need the training rows.

    ``class_counts`` are weighted (fractional where rows with a missing value were distributed);
    ``n_samples`` counts the rows that reach the node with any weight. ``distribution`` is the
    class distribution used for prediction (the parent's for an empty node). ``split`` is the
    chosen candidate of an internal node; ``created_at`` and ``expanded_at`` are growth steps.

    In a regression tree ``value`` is the node's prediction, the weighted mean c = Σwᵢyᵢ / Σwᵢ
    of its rows' targets (Li Hang 式 5.20), ``distribution`` is ``(value,)``, ``impurity`` the
    mean squared error about it and ``class_counts`` is empty.

    ``feature_subset`` lists the features (column indices, in draw order) a node scored when
    growth draws a random subset at each node (``max_features``,
    :mod:`treecore.split.feature_draw`); None when growth scores every feature (no ``max_features``)
    or the node stopped before it was scored.
    """

    node_id: int
    parent: int | None
    depth: int
    path: tuple[str, ...]
    n_samples: int
    weighted_n_samples: float
    class_counts: tuple[float, ...]
    distribution: tuple[float, ...]
    impurity: float
    prediction: int
    created_at: int
    split: Candidate | None = None
    children: tuple[int, ...] = ()
    expanded_at: int | None = None
    stop_reason: StopReason | None = None
    value: float | None = None
    feature_subset: tuple[int, ...] | None = None

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def branch_fractions(self) -> np.ndarray:
        return self.split.branch_fractions if self.split is not None else np.empty(0)


@dataclass(frozen=True)
class NodeSample:
    """The training rows reaching a node: positions in the data set and their weights."""

    rows: np.ndarray
    weights: np.ndarray

    @property
    def fractional(self) -> np.ndarray:
        """Positions of rows that arrived with part of their weight (a value was missing above)."""
        return self.rows[~np.isclose(self.weights, np.round(self.weights))]


@dataclass(frozen=True, eq=False)
class Tree:
    """An immutable decision tree: a schema, nodes keyed by id, and how it was grown.

    ``settings`` records the growth parameters (algorithm, criterion, limits) as plain values.
    ``nodes`` is a tuple, or :class:`LazyNodes`; ``prebuilt`` may hold the routing arrays when
    growth already had them (they must describe the same nodes).
    """

    schema: Schema
    nodes: Sequence[Node]
    settings: Mapping = field(default_factory=dict)
    n_steps: int = 0
    prebuilt: "_predict.CompiledTree | None" = field(default=None, repr=False)

    # ------------------------------------------------------------------------- structure
    @cached_property
    def _position(self) -> dict[int, int]:
        return {node.node_id: i for i, node in enumerate(self.nodes)}

    @cached_property
    def compiled(self) -> "_predict.CompiledTree":
        """Flat arrays of the tree for vectorised routing (built once per tree)."""
        return self.prebuilt if self.prebuilt is not None else _predict.compile_tree(self)

    @property
    def node_table(self) -> NodeColumns | None:
        """The node table of a compiled tree whose nodes are made lazily (what pruning and the
        tree-wide figures read without making a node), or None."""
        return self.nodes.columns if isinstance(self.nodes, LazyNodes) else None

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def node(self, node_id: int) -> Node:
        if isinstance(self.nodes, LazyNodes):
            at = self.nodes.position(node_id)
            if at is None:
                raise KeyError(node_id)
            return self.nodes[at]
        return self.nodes[self._position[node_id]]

    def node_alone(self, node_id: int) -> Node:
        """The node with id ``node_id``; a compiled tree's made by itself if not made yet
        (:meth:`LazyNodes.alone`), not with every node before it: for the few nodes a row
        reaches in a big tree."""
        if isinstance(self.nodes, LazyNodes):
            at = self.nodes.position(node_id)
            if at is None:
                raise KeyError(node_id)
            return self.nodes.alone(at)
        return self.node(node_id)

    def __contains__(self, node_id: int) -> bool:
        if isinstance(self.nodes, LazyNodes):
            return self.nodes.position(node_id) is not None
        return node_id in self._position

    def iter_nodes(self, max_depth: int | None = None) -> Iterator[Node]:
        """Nodes in id (breadth-first growth) order; with ``max_depth``, only those at most that
        deep (a compiled tree's deeper nodes are then not made)."""
        if max_depth is None:
            return iter(self.nodes)
        if self.node_table is not None:
            shallow = np.flatnonzero(self.node_table.depth <= max_depth).tolist()
            return (self.nodes[at] for at in shallow)
        return (node for node in self.nodes if node.depth <= max_depth)

    def iter_preorder(self, start: int = 0, only: Container[int] | None = None
                      ) -> Iterator[Node]:
        """Nodes depth-first, each before its children, branches in order; with ``only`` (ids,
        ``start``'s among them), the walk enters no other node: a row's path is walked
        without visiting, or making (:meth:`node_alone`), the rest of a big tree."""
        find = self.node if only is None else self.node_alone
        stack = [start]
        while stack:
            node = find(stack.pop())
            yield node
            stack.extend(child for child in reversed(node.children)
                         if only is None or child in only)

    def iter_leaves(self) -> Iterator[Node]:
        return (node for node in self.nodes if node.is_leaf)

    def children(self, node_id: int) -> tuple[Node, ...]:
        return tuple(self.node(c) for c in self.node(node_id).children)

    def ancestors(self, node_id: int) -> list[Node]:
        """The nodes from the root down to ``node_id`` (inclusive)."""
        chain = [self.node(node_id)]
        while chain[-1].parent is not None:
            chain.append(self.node(chain[-1].parent))
        return chain[::-1]

    @property
    def n_nodes(self) -> int:
        return len(self.nodes)

    @property
    def node_ids(self) -> np.ndarray:
        """Every node's id, in node order (a compiled tree's from its ids, no node made)."""
        if isinstance(self.nodes, LazyNodes):
            return np.asarray(self.nodes.id_at(np.arange(len(self.nodes))), np.int64)
        return np.array([node.node_id for node in self.nodes], np.int64)

    @property
    def leaf_ids(self) -> np.ndarray:
        """Every leaf's id, in node order (a compiled tree's from its arrays, no node made)."""
        if isinstance(self.nodes, LazyNodes):
            return self.node_ids[self.nodes.is_leaf]
        return np.array([node.node_id for node in self.iter_leaves()], np.int64)

    @property
    def n_leaves(self) -> int:
        if isinstance(self.nodes, LazyNodes):
            return self.nodes.n_leaves
        return sum(1 for _ in self.iter_leaves())

    @property
    def depth(self) -> int:
        if self.node_table is not None:
            return int(self.node_table.depth.max())
        return max(node.depth for node in self.nodes)

    @cached_property
    def value_range(self) -> tuple[float, float]:
        """A regression tree's lowest and highest node value (its drawings' colour scale), read
        from the routing arrays when growth handed them over, so no node need be made."""
        values = self.prebuilt.distribution[:, 0] if self.prebuilt is not None \
            else np.array([node.value for node in self.nodes], dtype=float)
        return (float(values.min()), float(values.max())) if len(values) else (0.0, 0.0)

    @property
    def is_complete(self) -> bool:
        """Every leaf says why it is one: growth ran to the end (not a stage of it, nor a growth
        stopped early, whose waiting nodes are leaves without a stop reason), read from the
        node table when the nodes are made lazily."""
        if self.node_table is not None:
            return not self.node_table.waiting.any()
        return all(leaf.stop_reason is not None for leaf in self.iter_leaves())

    @property
    def feature_names(self) -> tuple[str, ...]:
        return self.schema.feature_names

    @property
    def classes(self) -> tuple:
        return self.schema.classes

    @property
    def is_regression(self) -> bool:
        return self.schema.is_regression

    @property
    def criterion(self) -> str:
        return self.settings.get("criterion", "gini")

    # ------------------------------------------------------------------------- stages
    def until(self, step: int) -> "Tree":
        """The tree as it stood after ``step`` growth steps (``until(0)`` is the root alone).

        Nodes created later are absent; nodes expanded later are shown as leaves, still waiting
        (no split, no stop reason). Lazily made nodes stay lazy (:meth:`LazyNodes.stage`), and
        the routing arrays a compiled tree came with are cut to the stage, so routing a row
        through a stage of a big tree makes no node either.
        """
        if isinstance(self.nodes, LazyNodes):
            stage = self.nodes.stage(step)
            return Tree(self.schema, stage, self.settings, min(step, self.n_steps),
                        prebuilt=None if self.prebuilt is None else self._stage_routing(stage))
        kept = tuple(waiting(node) if node.expanded_at is not None and node.expanded_at > step
                     else node for node in self.nodes if node.created_at <= step)
        return Tree(self.schema, kept, self.settings, min(step, self.n_steps))

    def _stage_routing(self, stage: LazyNodes) -> "_predict.CompiledTree":
        """The routing arrays of ``stage`` (a prefix of this tree's nodes) cut from this tree's:
        the nodes created later removed, those expanded later made leaves."""
        keep = np.zeros(self.n_nodes, bool)
        keep[:len(stage)] = True
        leaves = np.zeros(self.n_nodes, bool)
        leaves[:len(stage)] = stage.is_leaf & ~self.nodes.is_leaf[:len(stage)]
        return _predict.without_subtrees(self.prebuilt, keep, leaves)

    def expanded_in(self, step: int) -> int | None:
        """The id of the node split in growth step ``step``, or None."""
        if isinstance(self.nodes, LazyNodes):
            return self.nodes.expanded_in(step)
        return next((n.node_id for n in self.nodes if n.expanded_at == step), None)

    def prefix_holding(self, step: int | None) -> int:
        """How many of the first nodes hold the tree as it stood after growth step ``step``
        (None: the whole tree): exactly those created by then when the nodes are made lazily,
        else all of them."""
        if step is None or not isinstance(self.nodes, LazyNodes):
            return self.n_nodes
        return self.nodes.created_by(step)

    def collapse(self, node_ids, reason: StopReason = StopReason.PRUNED) -> "Tree":
        """A new tree in which each node of ``node_ids`` is a leaf; its descendants are removed.
        A compiled tree's nodes stay lazy, and its routing arrays are cut to match, so pruning
        a big tree makes no node (:meth:`LazyNodes.collapsed`)."""
        if self.node_table is not None:
            nodes, keep, leaves = self.nodes.collapsed(node_ids, reason)
            return Tree(self.schema, nodes, self.settings, self.n_steps,
                        prebuilt=_predict.without_subtrees(self.compiled, keep, leaves))
        targets = set(node_ids)
        removed: set[int] = set()
        for node in self.nodes:             # parents come before their children
            if node.parent is not None and (node.parent in targets or node.parent in removed):
                removed.add(node.node_id)
        kept = tuple(pruned_leaf(node, reason) if node.node_id in targets else node
                     for node in self.nodes if node.node_id not in removed)
        return Tree(self.schema, kept, self.settings, self.n_steps)

    def subtree_ids(self, node_id: int) -> list[int]:
        """``node_id`` and all its descendants."""
        return [node.node_id for node in self.iter_preorder(node_id)]

    # ------------------------------------------------------------------------- rows
    def node_rows(self, dataset: Dataset, node_id: int) -> NodeSample:
        """The training rows reaching ``node_id`` with a positive (fractional) weight, in row
        order (see :meth:`routed_rows`)."""
        rows, weights = self.routed_rows(dataset, node_id)
        order = np.argsort(rows)
        keep = order[weights[order] > 0]
        return NodeSample(rows[keep], weights[keep])

    def routed_rows(self, dataset: Dataset, node_id: int) -> tuple[np.ndarray, np.ndarray]:
        """(rows, weights) reaching ``node_id`` in the order growth saw them: the rows are sent
        down the splits on the path from the root exactly as growth sent them
        (:meth:`Candidate.split_rows`), so only the rows on that path are touched."""
        rows, weights = np.arange(dataset.n_rows), dataset.weights.astype(float)
        chain = self.ancestors(node_id)
        for parent, child in zip(chain[:-1], chain[1:]):
            branch = parent.children.index(child.node_id)
            rows, weights = parent.split.split_rows(dataset.X, rows, weights)[branch]
        return rows, weights

    # ------------------------------------------------------------------------- prediction
    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities (columns in ``classes`` order) for a DataFrame or encoded matrix."""
        return _predict.predict_proba(self, self._encoded(X))

    def predict(self, X) -> np.ndarray:
        """Predicted class labels (a tie goes to the first class in ``classes`` order), or for
        a regression tree the predicted numbers: the value of the leaf a row reaches, blended
        by weight over the leaves where a tested value is missing."""
        if self.is_regression:
            return _predict.predict_proba(self, self._encoded(X))[:, 0]
        return np.asarray(self.classes, dtype=object)[_predict.most_probable(self.predict_proba(X))]

    def apply(self, X) -> np.ndarray:
        """The id of the leaf each row lands in (the heaviest one where a row was split)."""
        return _predict.apply(self, self._encoded(X))

    def decision_path(self, X) -> np.ndarray:
        """(rows × nodes) weight with which each row passes each node, columns in node order."""
        return _predict.route_weights(self, self._encoded(X), None, self.node_ids)

    def path(self, row) -> list[tuple[int, float]]:
        """The nodes one row passes, with its weight at each (several branches where a tested
        value is missing). ``row`` is a mapping of feature name to value, or an encoded row."""
        if isinstance(row, Mapping) or hasattr(row, "to_dict"):
            encoded = self.schema.encode_row(row)
        else:
            encoded = np.asarray(row, dtype=float)[None, :]
        weights = self.decision_path(encoded)[0]
        reached = np.flatnonzero(weights > 0)
        return list(zip(self.node_ids[reached].tolist(), weights[reached].tolist()))

    def _encoded(self, X) -> np.ndarray:
        if isinstance(X, np.ndarray) and X.dtype.kind == "f" and X.ndim == 2:
            return X
        if hasattr(X, "columns"):                      # a DataFrame of raw values
            return self.schema.encode(X)
        return np.asarray(X, dtype=float)
