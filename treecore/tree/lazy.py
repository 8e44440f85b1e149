"""A compiled tree's nodes, made as far as a view reaches (:class:`LazyNodes`).

A compiled growth ends with arrays, not :class:`~treecore.tree.nodes.Node` objects: prediction
reads the arrays, and a view of the first growth steps of a tree of 100k nodes needs a handful
of nodes. Ids follow creation order, so every stage of growth is a prefix of the nodes. Pruning
keeps them lazy too: a pruned tree's nodes are the grown tree's, less the subtrees cut away.
Whoever makes many nodes at once (the engines' node factories, the tree view's faces) does it
with the garbage collector paused (:func:`collector_paused`).
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from dataclasses import replace
from typing import Callable, Iterator, NamedTuple, Sequence

import numpy as np


@contextmanager
def collector_paused():
    """Pause Python's cyclic garbage collector while tens of thousands of acyclic objects are
    made: otherwise its passes over the growing heap take longer than making them (every 700
    new containers start a collection, and a collection of the older generations walks every
    object alive). Also a decorator: ``@collector_paused()`` (the exports of a big tree, whose
    millions of small lists and strings cost 40 % more with the collector on)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class NodeColumns(NamedTuple):
    """What pruning reads of every node, as arrays by position (a compiled engine's node
    table; by id until subtrees are pruned away): ``parent`` (its position, −1 for the root),
    ``depth``, ``weighted_n`` N(t), ``class_counts`` (no columns in a regression tree), the
    majority class ``prediction``, a regression node's mean ``value`` (NaN in a
    classification tree), the node's ``impurity`` by the tree's criterion, and whether it is
    ``waiting``: not expanded and not stopped either (growth ended before it came to it)."""

    parent: np.ndarray
    depth: np.ndarray
    weighted_n: np.ndarray
    class_counts: np.ndarray
    prediction: np.ndarray
    value: np.ndarray
    impurity: np.ndarray
    waiting: np.ndarray


class LazyNodes(Sequence):
    """A tree's nodes, made as far as they are asked for: ``make(start, stop, earlier)`` makes
    the nodes at positions ``start`` … ``stop`` − 1 (``earlier``: those before) only when a view
    or an export reaches them. Nodes follow creation order, so the tree as it stood after step k
    is a prefix (:meth:`stage`), and the first stages of a big tree cost what they show.
    ``created_at`` and ``expanded_at`` (−1: never) are every node's growth steps, which answer a
    stage's size without making a node, and ``is_leaf`` (by default, the nodes never expanded)
    its leaves; ``columns`` (:class:`NodeColumns`, when the maker has them) answer what pruning
    reads of every node, and let a pruned tree stay lazy (:meth:`collapsed`). ``ids`` are the
    node ids by position: None while they are the positions (a grown tree), ascending ids with
    gaps once subtrees are pruned away. The made prefix grows at least twofold. A node asked for
    by itself (:meth:`alone`: a row's path through a big tree) is made alone, with the
    ancestors making it reads, and the prefix takes it over when it gets there: a node is made
    once. Thread-safe (cached trees are shared between sessions); pickles as the plain tuple of
    nodes."""

    def __init__(self, make: Callable[[int, int, tuple], tuple],
                 created_at: np.ndarray, expanded_at: np.ndarray,
                 columns: NodeColumns | None = None, ids: np.ndarray | None = None,
                 is_leaf: np.ndarray | None = None):
        if np.any(np.diff(created_at) < 0):
            raise ValueError("lazily made nodes must be numbered in creation order")
        self._make = make
        self.created_at, self.expanded_at = created_at, expanded_at
        self.columns = columns
        self.ids = ids
        self.is_leaf = expanded_at < 0 if is_leaf is None else is_leaf
        self._nodes: tuple = ()
        self._alone: dict[int, object] = {}          # made alone, beyond the made prefix
        self._lock = threading.RLock()               # making a node alone makes its parent

    def _made(self, count: int) -> tuple:
        """At least the first ``count`` nodes (all of them once every node is made)."""
        if len(self._nodes) < count:
            with self._lock:
                made = len(self._nodes)
                if made < count:
                    stop = max(count, min(len(self), 2 * made))
                    span = self._make(made, stop, self._nodes)
                    if self._alone:
                        span = tuple(self._alone.pop(at, node)
                                     for at, node in enumerate(span, made))
                    self._nodes += span
                    if stop == len(self):
                        self._make = None
        return self._nodes

    def __len__(self) -> int:
        return len(self.created_at)

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, stride = index.indices(len(self))
            return self._made(stop if stride > 0 else start + 1)[index]
        at = index + len(self) if index < 0 else index
        if not 0 <= at < len(self):
            raise IndexError(index)
        alone = self._alone.get(at) if at >= len(self._nodes) else None
        return alone if alone is not None else self._made(at + 1)[at]

    def alone(self, at: int):
        """The node at position ``at``, made by itself when the made prefix does not reach it
        (with its ancestors, which making it reads): walking one row's path through a tree of
        100k nodes makes the nodes on the path, not the 100k."""
        with self._lock:
            if at < len(self._nodes):
                return self._nodes[at]
            if at not in self._alone:
                self._alone[at] = self._make(at, at + 1, _Alone(self))[0]
            return self._alone[at]

    def _source(self, positions: Sequence[int], earlier) -> list:
        """This tree's nodes at ``positions`` (ascending), for a tree made from it: each alone
        when the derived tree makes a node alone (``earlier`` is then :class:`_Alone`), else
        from the made prefix."""
        if isinstance(earlier, _Alone):
            return [self.alone(at) for at in positions]
        made = self._made(positions[-1] + 1)
        return [made[at] for at in positions]

    def __iter__(self) -> Iterator:
        at = 0
        while at < len(self):
            made = self._made(at + 1)
            yield from made[at:]
            at = len(made)

    def __eq__(self, other) -> bool:
        if isinstance(other, (tuple, LazyNodes)):
            return self._made(len(self)) == tuple(other)
        return NotImplemented

    __hash__ = None

    def __reduce__(self):
        return tuple, (self._made(len(self)),)

    @property
    def n_made(self) -> int:
        """How many nodes are made so far (the first ones, and those made alone)."""
        return len(self._nodes) + len(self._alone)

    @property
    def n_leaves(self) -> int:
        return int(self.is_leaf.sum())

    def created_by(self, step: int) -> int:
        """How many nodes exist after growth step ``step``: they are the first ones."""
        return int(np.searchsorted(self.created_at, step, side="right"))

    def expanded_in(self, step: int) -> int | None:
        """The id of the node expanded in growth step ``step``, or None."""
        hit = np.flatnonzero(self.expanded_at == step)
        return int(self.id_at(hit[0])) if len(hit) else None

    def id_at(self, positions):
        """The node ids at ``positions`` (a position or an array of them)."""
        return positions if self.ids is None else self.ids[positions]

    def position(self, node_id: int) -> int | None:
        """The position of the node with id ``node_id``, or None when the tree has no such node."""
        if self.ids is None:
            return node_id if 0 <= node_id < len(self) else None
        found = self.positions(np.array([node_id]))
        return int(found[0]) if len(found) else None

    def positions(self, node_ids: np.ndarray) -> np.ndarray:
        """The positions of those of ``node_ids`` the tree has (the ids are ascending)."""
        ids = np.arange(len(self)) if self.ids is None else self.ids
        at = np.searchsorted(ids, node_ids)
        found = at < len(ids)
        found[found] = ids[at[found]] == node_ids[found]
        return at[found]

    def stage(self, step: int) -> "LazyNodes":
        """The nodes as they stood after growth step ``step``
        (:meth:`treecore.tree.nodes.Tree.until`), made as lazily: the nodes created by then,
        those expanded later shown still waiting."""
        count = self.created_by(step)
        later = self.expanded_at[:count] > step
        return LazyNodes(lambda start, stop, earlier: tuple(
            waiting(node) if later[at] else node
            for at, node in enumerate(self._source(range(start, stop), earlier), start)),
            self.created_at[:count], np.where(later, -1, self.expanded_at[:count]),
            ids=None if self.ids is None else self.ids[:count],
            is_leaf=self.is_leaf[:count] | later)

    def collapsed(self, node_ids, reason) -> tuple["LazyNodes", np.ndarray, np.ndarray]:
        """The nodes with each inner node of ``node_ids`` made a leaf stopped for ``reason``
        (:meth:`treecore.tree.nodes.Tree.collapse`) and its descendants removed, made as
        lazily (it needs :attr:`columns`); with the mask of the positions kept and of those
        made leaves (by position here), so routing arrays can be cut alike. A node's parent
        comes before it, so marking the nodes below a cut spreads one generation a pass."""
        parent, n = self.columns.parent, len(self)
        leaves = np.zeros(n, bool)
        leaves[self.positions(np.fromiter(node_ids, np.int64))] = True
        leaves &= ~self.is_leaf
        has_parent, above = parent >= 0, np.maximum(parent, 0)
        blocked = leaves.copy()
        while True:
            spread = blocked | (has_parent & blocked[above])
            if np.array_equal(spread, blocked):
                break
            blocked = spread
        keep = ~(has_parent & blocked[above])
        kept, leaf_at = np.flatnonzero(keep), leaves[keep]
        new_position = np.cumsum(keep) - 1
        kept_parent = parent[keep]
        columns = self.columns._replace(
            parent=np.where(kept_parent < 0, -1, new_position[np.maximum(kept_parent, 0)]),
            waiting=(self.columns.waiting & ~leaves)[keep],
            **{name: getattr(self.columns, name)[keep]
               for name in NodeColumns._fields if name not in ("parent", "waiting")})

        def make(start: int, stop: int, earlier) -> tuple:
            source = self._source(kept[start:stop].tolist(), earlier)
            return tuple(pruned_leaf(node, reason) if leaf_at[k] else node
                         for k, node in enumerate(source, start))

        nodes = LazyNodes(make, self.created_at[keep], self.expanded_at[keep], columns,
                          np.asarray(self.id_at(kept), np.int64), (self.is_leaf | leaves)[keep])
        return nodes, keep, leaves


class _Alone:
    """What making one node alone passes as ``earlier`` (the nodes before it): each asked for
    is made alone in turn (:meth:`LazyNodes.alone`)."""

    def __init__(self, nodes: LazyNodes):
        self.nodes = nodes

    def __getitem__(self, at: int):
        return self.nodes.alone(at)


def waiting(node):
    """``node`` (a :class:`~treecore.tree.nodes.Node`) as it stood before its split: a leaf
    still waiting (no split, no stop reason)."""
    return replace(node, split=None, children=(), expanded_at=None, stop_reason=None)


def pruned_leaf(node, reason):
    """``node`` made a leaf by pruning: its split and children gone, stopped for ``reason``
    (a leaf stays as it is)."""
    return node if node.is_leaf else replace(node, split=None, children=(), stop_reason=reason)
