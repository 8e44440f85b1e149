"""A compiled engine's tree as Python objects: each node's value and impurity from the kernel's
node arrays, and its :class:`~treecore.tree.nodes.Node` and chosen
:class:`~treecore.split.candidates.Candidate` objects, made when a view first asks
(:class:`ArrayNodeFactory`); and the resizing of those arrays while growth runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Sequence

import numpy as np

from ..measures import absolute_error, squared_error
from ..measures.criteria import IMPURITIES
from ..split.candidates import Candidate, assemble
from ..split.feature_draw import drawn_features
from ..tree.lazy import NodeColumns, collector_paused
from ..tree.nodes import Node
from .growing import GrowthConfig, majority
from .kernel_rules import REASONS, WAITING


def leaf_values(stats: np.ndarray, parent: np.ndarray, absolute: bool = False) -> np.ndarray:
    """What every regression node predicts from its statistics: the mean c = S / W of its sums
    (W, S, Q), or with ``absolute`` its weighted median
    (:data:`treecore.measures.absolute_error.MEDIAN`); a node no weight reached takes its
    parent's, so parents must come first."""
    weight = stats[:, 0]
    values = np.zeros(len(stats))
    if absolute:
        values[weight > 0] = stats[weight > 0, absolute_error.MEDIAN]
    else:
        np.divide(stats[:, 1], weight, out=values, where=weight > 0)
    for i in np.flatnonzero(weight <= 0):
        values[i] = values[parent[i]]
    return values


def node_impurity(stats: np.ndarray, criterion) -> np.ndarray:
    """Every node's impurity from its statistics: the criterion's of its class weights, a
    regression node's MSE, or by the absolute error its MAE = AE / W."""
    if criterion.task != "regression":
        return IMPURITIES[criterion.impurity](stats)
    if criterion.name != "absolute_error":
        return squared_error.node_mse(stats)
    weight = stats[:, 0]
    out = np.zeros(len(stats))
    np.divide(stats[:, absolute_error.DEVIATION], weight, out=out, where=weight > 0)
    return out


def leaf_votes(counts: np.ndarray, parent: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(class distribution, majority class) of every node from its class counts; a node no
    weight reached (Hunt's empty branch) takes its parent's, so parents must come first."""
    totals = counts.sum(axis=1)
    filled = totals > 0
    distribution = np.zeros_like(counts)
    distribution[filled] = counts[filled] / totals[filled, None]
    prediction = majority(counts)
    for i in np.flatnonzero(~filled):
        distribution[i], prediction[i] = distribution[parent[i]], prediction[parent[i]]
    return distribution, prediction


def resize_nodes(nodes, capacity: int, unset: Sequence[str] = ()) -> None:
    """Every node array of a compiled engine (a NamedTuple of arrays by node id) resized in
    place to ``capacity`` nodes along its first axis: to grow, or to trim to the finished tree.
    The nodes kept stay; new room is zeroed, and set to −1 in the fields ``unset`` (an engine
    whose kernel reads −1 as "not set yet"). The system moves the pages rather than copying them
    (``realloc``), and filling the new room at once takes its pages in bulk: a page first
    touched inside the compiled loop costs several times more. No view of the arrays may be
    held meanwhile."""
    kept = len(nodes[0])
    for array in nodes:
        array.resize((capacity, *array.shape[1:]), refcheck=False)
    for name in unset:
        getattr(nodes, name)[kept:] = -1


def nodes_from_arrays(splits: Mapping[int, Candidate], arrays, n_samples: np.ndarray,
                      start: int, stop: int, earlier: Sequence[Node], *, config: GrowthConfig,
                      criterion, n_features: int, distribution: np.ndarray,
                      prediction: np.ndarray) -> tuple[Node, ...]:
    """The :class:`Node` objects of ids ``start`` … ``stop`` − 1 of a compiled engine's node
    arrays, ``earlier`` holding those of ids below ``start`` (a node's parent has a lower id, so
    its path is known): ``arrays`` has ``parent``, ``depth``, ``weight``, ``created_at``,
    ``expanded_at``, ``first_child`` (the children of an expanded node are consecutive ids from
    it), ``counts`` (class weights, or a regression node's sums (W, S, Q)), ``stop`` (codes of
    :data:`~treecore.grow.kernel_rules.REASONS`) and ``n_drawn``; ``n_samples`` counts each
    node's rows; ``splits`` holds the chosen candidate of each expanded node of the range. The
    impurity is the criterion's (:func:`node_impurity`). Made without their
    ``__init__``: a tree may have tens of thousands (:meth:`ArrayNodeFactory.nodes` calls this
    with the garbage collector paused)."""
    a, ids = arrays, range(start, stop)
    regression = criterion.task == "regression"
    counts = a.counts[start:stop]
    impurity = node_impurity(counts, criterion)
    parent, first_child = a.parent[start:stop].tolist(), a.first_child[:stop].tolist()
    paths: dict[int, tuple[str, ...]] = {}
    for i, up in zip(ids, parent):
        if up < 0:
            paths[i] = ()
        else:
            split, path = (splits[up], paths[up]) if up >= start else \
                (earlier[up].split, earlier[up].path)
            paths[i] = path + (split.branches[i - first_child[up]],)
    children = {i: tuple(range(first_child[i], first_child[i] + len(split.branches)))
                for i, split in splits.items()}
    depth, n_samples = a.depth[start:stop].tolist(), n_samples[start:stop].tolist()
    weight, created_at = a.weight[start:stop].tolist(), a.created_at[start:stop].tolist()
    expanded_at = a.expanded_at[start:stop].tolist()
    counts = [()] * len(ids) if regression else counts.tolist()
    impurity, prediction = impurity.tolist(), prediction[start:stop].tolist()
    values = distribution[start:stop, 0].tolist() if regression else [None] * len(ids)
    distribution = distribution[start:stop].tolist()
    stop_reasons = [REASONS[s] if s != WAITING else None for s in a.stop[start:stop].tolist()]
    feature_subsets = drawn_subsets(config, n_features, a.n_drawn, ids) or [None] * len(ids)
    return tuple(
        assemble(Node, node_id=i, parent=None if i == 0 else parent[k], depth=depth[k],
                 path=paths[i], n_samples=n_samples[k], weighted_n_samples=weight[k],
                 class_counts=tuple(counts[k]), distribution=tuple(distribution[k]),
                 impurity=impurity[k], prediction=prediction[k], created_at=created_at[k],
                 split=splits.get(i), children=children.get(i, ()),
                 expanded_at=expanded_at[k] if i in splits else None,
                 stop_reason=stop_reasons[k], value=values[k], feature_subset=feature_subsets[k])
        for k, i in enumerate(ids))


class ArrayNodeFactory:
    """What a compiled tree's :class:`Node` and :class:`Candidate` objects are made of, kept by
    its :class:`~treecore.tree.lazy.LazyNodes` until a view asks: the kernel's node arrays
    (trimmed), each node's row count, the features, the growth settings and the criterion; not
    the rows. Each engine's subclass makes the chosen candidates (:meth:`_splits`)."""

    def __init__(self, arrays, n_samples: np.ndarray, features, config: GrowthConfig,
                 criterion, distribution: np.ndarray, prediction: np.ndarray):
        self.arrays, self.n_samples, self.features = arrays, n_samples, features
        self.config, self.criterion = config, criterion
        self.distribution, self.prediction = distribution, prediction

    def nodes(self, start: int, stop: int, earlier: Sequence[Node]) -> tuple[Node, ...]:
        """The nodes of ids ``start`` … ``stop`` − 1 (:func:`nodes_from_arrays`), ``earlier``
        being those below, their candidates made with the garbage collector paused."""
        with collector_paused():
            return nodes_from_arrays(self._splits(start, stop), self.arrays, self.n_samples,
                                     start, stop, earlier, config=self.config,
                                     criterion=self.criterion, n_features=len(self.features),
                                     distribution=self.distribution, prediction=self.prediction)

    def columns(self) -> NodeColumns:
        """What pruning reads of every node, from the arrays (no node made): the figures
        :func:`nodes_from_arrays` gives the nodes."""
        a, n = self.arrays, len(self.arrays.parent)
        impurity = node_impurity(a.counts, self.criterion)
        waiting = (a.stop == WAITING) & (a.expanded_at < 0)
        if self.criterion.task == "regression":
            return NodeColumns(a.parent, a.depth, a.weight, np.zeros((n, 0)), self.prediction,
                               self.distribution[:, 0], impurity, waiting)
        return NodeColumns(a.parent, a.depth, a.weight, a.counts, self.prediction,
                           np.full(n, np.nan), impurity, waiting)

    def _splits(self, start: int, stop: int) -> dict[int, Candidate]:
        """The chosen candidate of every expanded node of ids ``start`` … ``stop`` − 1."""
        raise NotImplementedError


def drawn_subsets(config: GrowthConfig, n_features: int, n_drawn: np.ndarray,
                  ids: range) -> list | None:
    """The features each node of ``ids`` scored, from how many it drew (−1: not scored), when
    growth draws random subsets (``config.max_features``); None when it scores every feature."""
    if config.max_features is None:
        return None
    return [None if count < 0 else drawn_features(config.random_state, i, n_features, count)
            for i, count in zip(ids, n_drawn[ids.start:ids.stop].tolist())]
