"""The Concepts page for a regression tree: what CART's squared error decrease is.

At a node t split into children c, the law of total variance splits the node's squared error
into the part left inside the children and the part between them,

    W_t · MSE(t) = Σ_c W_c · MSE(c) + Σ_c W_c · (ȳ_c − ȳ_t)²,

so the decrease CART maximises, SSE(t) − Σ_c SSE(c), is the between-children term; for two
children it is W₁W₂/W_t · (c₁ − c₂)², large when the two means differ and the rows are shared
evenly (Li Hang 式 5.21 chooses the cut that makes it largest). Every figure is read from the
tree's nodes (weights, means, MSE), so nothing is recomputed from the rows.

>>> import pandas as pd
>>> from treecore import Dataset, grow
>>> data = Dataset.from_frame(pd.read_csv("samples/lihang_regression.csv"), "y", task="regression")
>>> parts = decomposition(grow(data, max_depth=1), 0)
>>> round(parts.total, 2), round(parts.within, 2), round(parts.between, 2), parts.holds
(27.63, 3.36, 24.27, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from treecore import Tree


@dataclass(frozen=True)
class SquaredErrorParts:
    """A split node's squared error, W·MSE, and its two parts (weighted sums of squares)."""

    total: float                            #: W_t · MSE(t)
    children: tuple[tuple[int, float, float, float], ...]  #: (id, W_c, ȳ_c, W_c · MSE(c))
    mean: float                             #: ȳ_t

    @property
    def within(self) -> float:
        """Σ_c W_c · MSE(c): what the children leave."""
        return sum(sse for *_, sse in self.children)

    @property
    def between(self) -> float:
        """Σ_c W_c · (ȳ_c − ȳ_t)²: the squared error decrease of the split."""
        return sum(w * (mean - self.mean) ** 2 for _, w, mean, _ in self.children)

    @property
    def holds(self) -> bool:
        """Whether total = within + between, to rounding."""
        return abs(self.total - self.within - self.between) <= 1e-9 * max(1.0, self.total)


def decomposition(tree: Tree, node_id: int) -> SquaredErrorParts | None:
    """The parts of the squared error at split node ``node_id``; None for a leaf."""
    node = tree.node(node_id)
    if node.split is None:
        return None
    children = tuple((c.node_id, c.weighted_n_samples, float(c.value),
                      c.weighted_n_samples * c.impurity) for c in tree.children(node_id))
    return SquaredErrorParts(node.weighted_n_samples * node.impurity, children, float(node.value))


def worked(parts: SquaredErrorParts) -> list[str]:
    """The arithmetic, line by line, with the node's numbers."""
    lines = [f"SSE(t) = W·MSE(t) = {parts.total:.4f}"]
    lines += [f"  child #{cid}: W = {w:g}, ȳ = {mean:.4f}, SSE = {sse:.4f}, "
              f"W·(ȳ − {parts.mean:.4f})² = {w * (mean - parts.mean) ** 2:.4f}"
              for cid, w, mean, sse in parts.children]
    lines.append(f"within = {parts.within:.4f}, between = {parts.between:.4f}, "
                 f"within + between = {parts.within + parts.between:.4f}")
    if len(parts.children) == 2:
        (_, w1, c1, _), (_, w2, c2, _) = parts.children
        lines.append(f"between = W₁W₂/W · (c₁ − c₂)² = {w1:g}·{w2:g}/{w1 + w2:g} · "
                     f"({c1:.4f} − {c2:.4f})² = {w1 * w2 / (w1 + w2) * (c1 - c2) ** 2:.4f}")
    return lines
