"""What both growth engines share: the parameters of a growth (:class:`GrowthConfig`), one
expanded node (:class:`GrowthStep`), the majority vote of a node and the settings a tree records.

:mod:`treecore.grow.builder` grows any data set in readable Python; :mod:`treecore.grow.presorted`
grows continuous, fully known data with compiled loops. Both speak in these terms.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cached_property
from typing import Callable, Iterator, Protocol

import numpy as np

from ..algorithms import THRESHOLD_STYLES, resolve
from ..errors import ConfigError
from ..split.candidates import TIE_TOLERANCE, Candidate, CandidateTable
from ..tree.nodes import Node

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


def check_guided(criterion, force, validation) -> None:
    """Raise :class:`ConfigError` when forced splits or validation rows are asked of a criterion
    that does not take them (:attr:`treecore.algorithms.Criterion.guided`)."""
    if not criterion.guided and (force or validation is not None):
        raise ConfigError(f"forced splits and validation-set pre-pruning are not grown by "
                          f"the {criterion.label.lower()}; use the squared error")


def tree_settings(config: GrowthConfig, force: Mapping) -> dict:
    """The growth parameters a tree records, as plain values (forced splits as lists)."""
    return {**asdict(config), "force": [[list(p), spec] for p, spec in force.items()]}


class Deferred:
    """A node's scores, made on first use (the ``scored`` of a :class:`GrowthStep`)."""

    def __init__(self, make: Callable[[], Scored]):
        self._make = make

    def table(self) -> CandidateTable:
        return self._make().table()


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
        #: By node id, the validation figures (before, after) of each split node, when growth
        #: is pre-pruned on validation rows (NaN at other nodes); None otherwise.
        self.validation_figures: np.ndarray | None = None
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
        figures = self.validation_figures
        return GrowthStep(node.expanded_at, node.node_id, node.path, node.split, node.children,
                          None if figures is None else tuple(figures[node.node_id].tolist()),
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
        """Each growth step expanded one node: no node need be made to count them."""
        return self._tree.n_steps
