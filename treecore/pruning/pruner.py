"""What a post-pruning method tells an interface about itself, and the one call every method
answers: a :class:`Pruner` holds a method's function and its declarations, and each method's
module defines its own (``PRUNER``), which :data:`.registry.PRUNERS` lists.

An interface offers a method for the kinds of tree it prunes (``tasks``), draws each of its
``options`` from the :class:`Option`'s spec (choices, or a range of numbers), asks for
validation rows when :meth:`Pruner.needs_validation` says so, runs it by :meth:`Pruner.prune`,
and words each step of its log from the step's code (``reasons``) and figures (``figures``).

A :data:`Condition` on a method's options is True, False, or the values some options must have:

>>> holds({"ccp_select": "cv"}, {"ccp_select": "cv", "folds": 5}), holds(False, {})
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Union

from ..algorithms import TASKS
from ..data import Dataset
from ..errors import ConfigError
from ..tree.nodes import Tree
from .result import PruneResult

__all__ = ["TASKS", "Condition", "holds", "Option", "PruneRequest", "Pruner"]

#: True, False, or option name → the value it must have (every one of them).
Condition = Union[bool, Mapping[str, Any]]


def holds(condition: Condition, options: Mapping[str, Any]) -> bool:
    """Whether ``condition`` holds for these option values."""
    if isinstance(condition, bool):
        return condition
    return all(options.get(name) == value for name, value in condition.items())


@dataclass(frozen=True)
class Option:
    """One setting of a method: ``name`` (its keyword in the options), its ``default``, and the
    values it takes: ``choices``, or the numbers from ``low`` to ``high`` by ``step`` (whole
    numbers when the default is an int, :attr:`whole`). ``shown_when``: the condition on the
    method's options under which it applies (CCP's folds, for α by cross-validation only).

    An option name means one setting across methods: two methods with an option of the same
    name share its value.
    """

    name: str
    default: Any
    choices: tuple = ()
    low: float | None = None
    high: float | None = None
    step: float | None = None
    shown_when: Condition = True

    def __post_init__(self):
        if bool(self.choices) == (self.low is not None):
            raise ConfigError(f"option {self.name!r} takes choices or a range of numbers")

    @property
    def whole(self) -> bool:
        """A range of whole numbers (typed in a number box rather than slid)."""
        return not self.choices and isinstance(self.default, int)


@dataclass(frozen=True)
class PruneRequest:
    """What a method may use: the ``tree`` to prune, the ``train`` rows it grew on, the
    ``validation`` rows (None without them), the method's ``options`` (every one of its
    :class:`Option` names, defaults filled in), the ``growth`` recipe of ``tree`` (the keyword
    arguments of :func:`~treecore.grow` it was grown with, ``force`` among them; for a method
    growing trees of its own) and ``max_seconds``, the bound on that growth (None: none)."""

    tree: Tree
    train: Dataset | None = None
    validation: Dataset | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    growth: Mapping[str, Any] = field(default_factory=dict)
    max_seconds: float | None = None


@dataclass(frozen=True)
class Pruner:
    """A post-pruning method as interfaces offer it.

    ``run`` prunes (a :class:`PruneRequest` in, a :class:`~.result.PruneResult` out; it may
    raise a :class:`~treecore.errors.TreecoreError`, e.g. out of time). ``tasks``: the kinds of
    tree it prunes. ``reasons``: every ``PruneStep.code`` its steps may carry
    (``"<method>.<outcome>"``), ``figures``: every name of their figures. ``options``: its
    settings. ``validation``: when it needs validation rows; ``grows``: when it grows trees of
    its own (it needs the growth recipe then, and time).
    """

    name: str
    run: Callable[[PruneRequest], PruneResult]
    tasks: tuple[str, ...]
    reasons: tuple[str, ...]
    figures: tuple[str, ...]
    options: tuple[Option, ...] = ()
    validation: Condition = False
    grows: Condition = False

    def prunes(self, task: str) -> bool:
        return task in self.tasks

    def settings(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """This method's options from ``options`` (which may hold other methods' too), each
        missing one at its default."""
        return {o.name: options.get(o.name, o.default) for o in self.options}

    def needs_validation(self, options: Mapping[str, Any]) -> bool:
        return holds(self.validation, self.settings(options))

    def grows_trees(self, options: Mapping[str, Any]) -> bool:
        return holds(self.grows, self.settings(options))

    @property
    def may_grow(self) -> bool:
        """Whether some choice of its options has it grow trees of its own."""
        return self.grows is not False

    def shown_options(self, options: Mapping[str, Any]) -> tuple[Option, ...]:
        """The options that apply with these values (:attr:`Option.shown_when`)."""
        settings = self.settings(options)
        return tuple(o for o in self.options if holds(o.shown_when, settings))

    def prune(self, tree: Tree, *, train: Dataset | None = None,
              validation: Dataset | None = None, options: Mapping[str, Any] | None = None,
              growth: Mapping[str, Any] | None = None, max_seconds: float | None = None
              ) -> PruneResult:
        """Prune ``tree`` by this method (the arguments are :class:`PruneRequest`'s; options
        not given take their defaults)."""
        return self.run(PruneRequest(tree, train, validation, self.settings(options or {}),
                                     dict(growth or {}), max_seconds))

    def require_task(self, tree: Tree) -> None:
        """Refuse, with a message, a tree of a kind this method does not prune."""
        if not self.prunes(tree.schema.task):
            method = self.name.upper()
            raise ConfigError(f"{method} prunes {' and '.join(self.tasks)} trees: a "
                              f"{tree.schema.task} tree has no training errors to count",
                              code="pruner_task", params={"method": method})
