"""What both growth engines share: the parameters of a growth (:class:`GrowthConfig`), one
expanded node (:class:`GrowthStep`), the majority vote of a node and the settings a tree records.

:mod:`treecore.builder` grows any data set in readable Python; :mod:`treecore.presorted` grows
continuous, fully known data with compiled loops. Both speak in these terms.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cached_property
from typing import Callable, Mapping, Protocol

import numpy as np

from .algorithms import THRESHOLD_STYLES, resolve
from .candidates import TIE_TOLERANCE, Candidate, CandidateTable
from .errors import ConfigError

VALIDATION_RULES = ("strict", "no_worse")


@dataclass(frozen=True)
class GrowthConfig:
    """Everything that decides how a tree grows. Limits left at their defaults never stop a node.

    ``min_samples_split`` and ``min_samples_leaf`` are weighted row counts; ``min_gain`` is
    Li Hang's threshold ε on the chosen split's score (算法 5.2, 5.3); ``min_impurity_decrease``
    has scikit-learn's meaning, ``W_t / W · ρ · ΔI ≥ min_impurity_decrease``;
    ``validation_rule`` says whether validation pre-pruning needs a strict improvement (Zhou)
    or accepts a tie.
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

    def checked(self) -> "GrowthConfig":
        """Self, after checking every value; raises :class:`ConfigError` naming the bad one."""
        preset, criterion = resolve(self.algorithm, self.criterion)
        if self.threshold_style not in THRESHOLD_STYLES:
            raise ConfigError(f"threshold_style must be one of {THRESHOLD_STYLES}")
        if self.validation_rule not in VALIDATION_RULES:
            raise ConfigError(f"validation_rule must be one of {VALIDATION_RULES}")
        if self.max_depth is not None and self.max_depth < 0:
            raise ConfigError("max_depth must be ≥ 0 or None")
        if self.max_leaves is not None and self.max_leaves < 1:
            raise ConfigError("max_leaves must be ≥ 1 or None")
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
    pre-pruned on a validation set.
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
