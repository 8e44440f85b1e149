"""What both growth engines share: the parameters of a growth (:class:`GrowthConfig`), one
expanded node (:class:`GrowthStep`), the majority vote of a node and the settings a tree records.

:mod:`treecore.grow.builder` grows any data set in readable Python; :mod:`treecore.grow.presorted`
grows continuous, fully known data with compiled loops. Both speak in these terms.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cached_property
from typing import Callable, Iterator, Protocol, Sequence

import numpy as np

from ..algorithms import THRESHOLD_STYLES, resolve
from ..errors import ConfigError
from ..measures import squared_error
from ..measures.criteria import IMPURITIES
from ..split.candidates import TIE_TOLERANCE, Candidate, CandidateTable, assemble
from ..split.feature_draw import drawn_features
from ..tree.nodes import Node
from .kernel_rules import REASONS, WAITING

VALIDATION_RULES = ("strict", "no_worse")


@dataclass(frozen=True)
class GrowthConfig:
    """Everything that decides how a tree grows. Limits left at their defaults never stop a node.

    ``min_samples_split`` and ``min_samples_leaf`` are weighted row counts; ``min_gain`` is
    Li Hang's threshold ε on the chosen split's score (算法 5.2, 5.3); ``min_impurity_decrease``
    has scikit-learn's meaning, ``W_t / W · ρ · ΔI ≥ min_impurity_decrease``;
    ``validation_rule`` says whether validation pre-pruning needs a strict improvement (Zhou)
    or accepts a tie. ``task`` is ``"classification"`` or ``"regression"``, the kind of target
    the data set holds (the default criterion depends on it). ``max_features`` k makes each node
    score only k features drawn at random (a random forest's trees, Breiman 2001; the draw of
    :mod:`treecore.split.feature_draw`, seeded by ``random_state``); None scores every feature.
    """

    algorithm: str = "cart"
    criterion: str | None = None
    threshold_style: str = "midpoint"
    max_depth: int | None = None
    min_samples_split: float = 2
    min_samples_leaf: float = 1
    min_gain: float = 0.0
    min_impurity_decrease: float = 0.0
    max_leaves: int | None = None
    validation_rule: str = "strict"
    task: str = "classification"
    max_features: int | None = None
    random_state: int = 0

    def checked(self) -> "GrowthConfig":
        """Self, after checking every value; raises :class:`ConfigError` naming the bad one."""
        preset, criterion = resolve(self.algorithm, self.criterion, self.task)
        if self.threshold_style not in THRESHOLD_STYLES:
            raise ConfigError(f"threshold_style must be one of {THRESHOLD_STYLES}")
        if self.validation_rule not in VALIDATION_RULES:
            raise ConfigError(f"validation_rule must be one of {VALIDATION_RULES}")
        if self.max_depth is not None and self.max_depth < 0:
            raise ConfigError("max_depth must be ≥ 0 or None")
        if self.max_leaves is not None and self.max_leaves < 1:
            raise ConfigError("max_leaves must be ≥ 1 or None")
        if self.max_features is not None and self.max_features < 1:
            raise ConfigError("max_features must be ≥ 1 or None")
        if not 0 <= self.random_state < 2**63:
            raise ConfigError("random_state must be an integer in [0, 2⁶³)")
        for name in ("min_samples_split", "min_samples_leaf", "min_gain", "min_impurity_decrease"):
            if getattr(self, name) < 0:
                raise ConfigError(f"{name} must be ≥ 0")
        return replace(self, criterion=criterion.name)

    @classmethod
    def from_params(cls, config: "GrowthConfig | None" = None, **params) -> "GrowthConfig":
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ConfigError(f"unknown growth parameter {unknown[0]!r}; known: {sorted(known)}")
        return replace(config or cls(), **params).checked()


class Scored(Protocol):
    """Anything that builds a node's candidate table on demand (e.g. ``NodeScores``)."""

    def table(self) -> CandidateTable: ...


@dataclass(frozen=True)
class GrowthStep:
    """One expanded node: its candidates, the chosen split and the children it created.

    ``validation`` holds the validation-set correct weight (before, after) when growth is
    pre-pruned on a validation set; for a regression tree the validation rows' squared error
    Σ w (y − c)² (before, after).
    """

    step: int
    node_id: int
    path: tuple[str, ...]
    chosen: Candidate
    children: tuple[int, ...]
    validation: tuple[float, float] | None = None
    scored: "Scored | CandidateTable | None" = field(default=None, repr=False, compare=False)

    @cached_property
    def candidates(self) -> CandidateTable:
        """The node's candidate table, built on first use from the scores growth computed."""
        return self.scored if isinstance(self.scored, CandidateTable) else self.scored.table()


def majority(counts: np.ndarray) -> np.ndarray:
    """First class (in class order) whose weight is within tolerance of the largest, along the
    last axis: one class for a count vector, one per row for a table of nodes' counts."""
    counts = np.asarray(counts)
    return np.argmax(counts >= counts.max(axis=-1, keepdims=True) - TIE_TOLERANCE, axis=-1)


def forced_spec(force: Mapping, path: tuple[str, ...], branch_path: tuple[int, ...]):
    """The split ``force`` asks for at the node reached by ``path`` (branch labels from the
    root) and ``branch_path`` (branch indices): a key matches when each of its steps is the
    label or the index of the branch taken; None when no key matches."""
    for wanted, spec in force.items():
        if len(wanted) == len(path) and all(
                p == label or p == index for p, label, index in zip(wanted, path, branch_path)):
            return spec
    return None


def tree_settings(config: GrowthConfig, force: Mapping) -> dict:
    """The growth parameters a tree records, as plain values (forced splits as lists)."""
    return {**asdict(config), "force": [[list(p), spec] for p, spec in force.items()]}


class Deferred:
    """A node's scores, made on first use (the ``scored`` of a :class:`GrowthStep`)."""

    def __init__(self, make: Callable[[], Scored]):
        self._make = make

    def table(self) -> CandidateTable:
        return self._make().table()


@contextmanager
def collector_paused():
    """Pause Python's cyclic garbage collector while tens of thousands of acyclic objects are
    made: otherwise its passes over the growing heap take longer than making them."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def leaf_means(sums: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """The value c = S / W of every regression node from its sums (W, S, Q); a node no weight
    reached takes its parent's, so parents must come first."""
    weight = sums[:, 0]
    values = np.zeros(len(sums))
    np.divide(sums[:, 1], weight, out=values, where=weight > 0)
    for i in np.flatnonzero(weight <= 0):
        values[i] = values[parent[i]]
    return values


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
    impurity is the criterion's (the MSE for a regression node). Made without their
    ``__init__``: a tree may have tens of thousands (:meth:`ArrayNodeFactory.nodes` calls this
    with the garbage collector paused)."""
    a, ids = arrays, range(start, stop)
    regression = criterion.task == "regression"
    counts = a.counts[start:stop]
    impurity = squared_error.node_mse(counts) if regression \
        else IMPURITIES[criterion.impurity](counts)
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


class Deadline:
    """When growth must stop, ``max_seconds`` after it starts (None: never), and whom to tell
    how long it has run: ``on_tick(seconds)`` at each check, which every engine makes between
    nodes or between compiled chunks of about 10 ms of work, so a page can move a progress
    bar while the tree grows. Only checks made on the thread that set the deadline tell
    ``on_tick``: the threads sorting the features check it too, and a page may draw only from
    its own thread."""

    def __init__(self, max_seconds: float | None,
                 on_tick: Callable[[float], None] | None = None):
        self.start = time.monotonic()
        self.end = None if max_seconds is None else self.start + max_seconds
        self.on_tick = on_tick
        self.thread = threading.get_ident()

    def passed(self) -> bool:
        now = time.monotonic()
        if self.on_tick is not None and threading.get_ident() == self.thread:
            self.on_tick(now - self.start)
        return self.end is not None and now > self.end


class CompiledGrowth:
    """What the two compiled engines share: the deadline, growing once, and the tree and its
    growth steps made from the kernel's arrays. A subclass grows in :meth:`_grow` (checking
    :meth:`_late` between compiled chunks), builds the tree in :meth:`_build_tree` and scores
    one expanded node again in :meth:`_scores` when a view asks for its candidate table."""

    def __init__(self, dataset, config: GrowthConfig, max_seconds: float | None,
                 on_tick: Callable[[float], None] | None = None):
        self.data, self.config = dataset, config
        self.preset, self.criterion = resolve(config.algorithm, config.criterion, config.task)
        self.deadline = Deadline(max_seconds, on_tick)
        #: Growth ran out of time: the tree is partial, its waiting nodes leaves without a
        #: stop reason.
        self.stopped_early = False
        self._ran = False
        self._tree = None

    def _late(self) -> bool:
        if self.deadline.passed():
            self.stopped_early = True
        return self.stopped_early

    def run(self) -> None:
        """Grow until no node waits or the time is up (once)."""
        if not self._ran:
            self._ran = True
            self._grow()

    def tree(self):
        """The tree grown (partial, with waiting leaves, when the time ran out)."""
        self.run()
        if self._tree is None:
            self._tree = self._build_tree()
        return self._tree

    def steps(self) -> Iterator[GrowthStep]:
        """One :class:`GrowthStep` per expanded node, in growth order."""
        tree = self.tree()
        expanded = sorted((n for n in tree.iter_nodes() if n.split is not None),
                          key=lambda n: n.expanded_at)
        for node in expanded:
            yield self.step_of(tree, node)

    def step_of(self, tree, node: Node) -> GrowthStep:
        """The growth step that expanded ``node`` of this growth's ``tree``; its candidate
        table is scored when first asked for."""
        return GrowthStep(node.expanded_at, node.node_id, node.path, node.split, node.children,
                          scored=Deferred(lambda: self._scores(tree, node)))

    def steps_by_node(self) -> Mapping[int, GrowthStep]:
        """The growth steps by the id of the node each expanded (growing first), each made when
        first looked up: a page needs one step at a time, not the tens of thousands of a big
        tree at once."""
        return StepsByNode(self)

    def _grow(self) -> None:
        raise NotImplementedError

    def _build_tree(self):
        raise NotImplementedError

    def _scores(self, tree, node) -> Scored:
        raise NotImplementedError


class StepsByNode(Mapping):
    """A compiled growth's steps by node id (:meth:`CompiledGrowth.steps_by_node`), made on
    first lookup and kept. Shared between sessions through a cached fit: two sessions may make
    the same step at once, and either copy serves."""

    def __init__(self, growth: CompiledGrowth):
        self._growth, self._tree = growth, growth.tree()
        self._made: dict[int, GrowthStep] = {}

    def __getitem__(self, node_id: int) -> GrowthStep:
        step = self._made.get(node_id)
        if step is None:
            node = self._tree.node(node_id) if node_id in self._tree else None
            if node is None or node.split is None:
                raise KeyError(node_id)
            step = self._made[node_id] = self._growth.step_of(self._tree, node)
        return step

    def __iter__(self) -> Iterator[int]:
        return (node.node_id for node in self._tree.iter_nodes() if node.split is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)
