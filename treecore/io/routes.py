"""Which known values send a row down each branch of a node: the one description of routing
that the Python and SQL exports both render."""

from __future__ import annotations

from dataclasses import dataclass

from ..data import Kind
from ..tree.nodes import Node, Tree


@dataclass(frozen=True)
class Route:
    """Which known values send a row down one branch of a node.

    ``labels`` (nominal: the value labels of this branch) or ``above`` (continuous: False for
    ``x ≤ threshold``, True for ``x > threshold``). A value in no branch (missing, or a nominal
    value the tree never saw) goes down every branch with weight × ``fraction`` (r̃ᵥ).
    """

    child: int
    fraction: float
    labels: tuple[str, ...] | None = None
    above: bool | None = None


def routes(tree: Tree, node: Node) -> list[Route]:
    """The branches of an internal node as :class:`Route` values, in branch order: the one
    description of routing that the Python and SQL exports both render (as ``predict`` routes:
    a binary nominal split sends every known label outside its subset to the second branch)."""
    split = node.split
    fractions = [float(f) for f in split.branch_fractions]
    if split.kind is Kind.CONTINUOUS:
        return [Route(child, fraction, above=bool(b)) for b, (child, fraction)
                in enumerate(zip(node.children, fractions))]
    labels = tree.schema.features[split.feature_index].labels
    if split.subset is not None:
        first = tuple(labels[c] for c in split.subset)
        groups = [first, tuple(label for label in labels if label not in first)]
    else:
        groups = [(labels[c],) for c in split.branch_codes]
    return [Route(child, fraction, labels=group) for child, fraction, group
            in zip(node.children, fractions, groups)]
