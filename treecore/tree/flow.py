"""How weight flows down a tree, for the flow view (Zhou §4.4.2; Quinlan 1993, ch. 2).

Training rows: the weight reaching each node is stored on it (``Node.weighted_n_samples``),
fractional where rows with a missing value were distributed, so :func:`edge_weights` only reads
it. One row: at a node whose tested value is missing (or a value the tree never saw) the row goes
down every branch v with its weight × r̃ᵥ, r̃ᵥ being the share of the node's training weight
with a known value that went to branch v; the row's class probabilities are the blend of the
leaves it reaches, each leaf's class distribution weighted by the weight that arrived there.
:func:`row_flow` writes these steps out from ``Tree.path``, the same routing prediction uses.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .nodes import Tree


@dataclass(frozen=True)
class Branch:
    """One branch a row's weight takes at a node: ``weight = arriving weight × fraction``.
    ``known_weight`` is the training weight with a known value that went this way (r̃ᵥ's
    numerator; its denominator is the sum over the node's branches)."""

    label: str
    child: int
    fraction: float
    known_weight: float
    weight: float


@dataclass(frozen=True)
class FlowStep:
    """An internal node the row reaches: its weight there, and where that weight goes
    (one branch with fraction 1 when the value is known, every branch when it is ``missing``)."""

    node_id: int
    test: str
    weight: float
    missing: bool
    branches: tuple[Branch, ...]

    @property
    def known_total(self) -> float:
        """Σᵥ of the branches' known training weight (r̃ᵥ's denominator)."""
        return sum(b.known_weight for b in self.branches)


@dataclass(frozen=True)
class Arrival:
    """A leaf the row reaches, with the weight that arrived and the leaf's class distribution."""

    node_id: int
    weight: float
    distribution: tuple[float, ...]


@dataclass(frozen=True)
class RowFlow:
    """One row's way down the tree: the steps at internal nodes (pre-order), the leaves it lands
    in, and the blended class probabilities Σ_leaves weight × distribution."""

    steps: tuple[FlowStep, ...]
    leaves: tuple[Arrival, ...]
    probabilities: np.ndarray


def edge_weights(tree: Tree) -> dict[int, float]:
    """The training weight flowing along each edge: child id → the child's weighted rows."""
    return {node.node_id: node.weighted_n_samples for node in tree.iter_nodes()
            if node.parent is not None}


def row_flow(tree: Tree, row: np.ndarray) -> RowFlow:
    """The flow of one encoded row (a row of ``Dataset.X`` or of ``Schema.encode``) down ``tree``.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> data = Dataset.from_frame(pd.read_csv("samples/watermelon2.0alpha.csv"), "好瓜")
    >>> tree = grow(data, algorithm="id3")
    >>> flow = row_flow(tree, data.X[7])                 # 编号 8: 纹理 missing
    >>> first = flow.steps[0]
    >>> first.test, first.missing, [f"{b.known_weight:g}/{first.known_total:g}"
    ...                             for b in first.branches]
    ('纹理 = ?', True, ['7/15', '5/15', '3/15'])
    >>> round(float(flow.probabilities.sum()), 12)
    1.0
    """
    row = np.asarray(row, dtype=float)
    reached = dict(tree.path(row))
    steps, leaves = [], []
    for node in tree.iter_preorder(only=reached):
        weight = reached[node.node_id]
        if node.is_leaf:
            leaves.append(Arrival(node.node_id, weight, tuple(node.distribution)))
            continue
        split = node.split
        branch = int(split.branch_index(row[None, split.feature_index])[0])
        missing = branch < 0                            # missing, or a value never seen
        fractions = split.branch_fractions if missing else np.eye(len(node.children))[branch]
        known = split.branch_weights
        steps.append(FlowStep(node.node_id, split.describe(), weight, missing, tuple(
            Branch(split.branches[i], node.children[i], float(fractions[i]), float(known[i]),
                   reached.get(node.children[i], 0.0))
            for i in range(len(node.children)) if missing or i == branch)))
    probabilities = sum((leaf.weight * np.asarray(leaf.distribution) for leaf in leaves),
                        np.zeros(len(tree.classes)))
    return RowFlow(tuple(steps), tuple(leaves), probabilities)
