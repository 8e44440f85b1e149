"""The value every pruning method returns: the new tree and the log of its decisions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..tree.nodes import Tree

PRUNE, KEEP = "prune", "keep"


@dataclass(frozen=True)
class PruneStep:
    """One examined node: the figures the method compared, its decision and why, in words.

    ``decision`` is ``"prune"`` (the subtree became a leaf, or for subtree raising was replaced
    by its largest branch) or ``"keep"``. ``code`` names the outcome of the comparison as
    ``"<method>.<outcome>"`` (e.g. ``"rep.worse"``, ``"ccp.prune"``): with ``figures`` it is
    all an interface needs to word ``reason`` (English) in its own language.
    """

    node_id: int
    figures: Mapping[str, float] = field(default_factory=dict)
    decision: str = KEEP
    reason: str = ""
    code: str = ""


@dataclass(frozen=True)
class PruneResult:
    """A pruned tree (a new value; the input is untouched) and the ordered decisions; ``alpha``
    is the cost-complexity parameter the tree was pruned at (CCP's), None for other methods."""

    tree: Tree
    steps: tuple[PruneStep, ...]
    alpha: float | None = None

    @property
    def pruned(self) -> tuple[int, ...]:
        """Ids of the nodes whose subtree was replaced, in decision order."""
        return tuple(step.node_id for step in self.steps if step.decision == PRUNE)
