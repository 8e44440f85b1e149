"""Candidate splits of one node: every feature, every threshold or value subset, scored.

Three ways to split, as the books define them:

* **nominal multiway** (ID3, C4.5): one branch per value of the attribute's domain; a value no
  training row at the node has gives an empty branch (Hunt's third case, Zhou 图 4.2 line 12);
* **nominal binary** (CART): a subset of the values against the rest; the exact best subset, for
  two classes by ordering values by class proportion (Breiman et al. 1984, Theorem 4.5), for more
  classes exhaustively up to :data:`EXHAUSTIVE_LEVELS` values and by the same ordering applied to
  each class in turn beyond that (a heuristic, documented as such);
* **continuous bi-partition** (Zhou §4.4.1, 式 4.7–4.8): sort once, sweep every midpoint between
  neighbouring distinct values with cumulative weighted class counts.

Rows whose value is missing take no part in scoring; the gain is scaled by ρ, the known weight
fraction (Zhou 式 4.12), and IV counts the unknown rows as one more outcome (Quinlan 1993).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..algorithms import Algorithm, Criterion
from ..data import Feature, Kind
from ..measures import cut_scan, kernels, node_cuts
from .candidates import TIE_TOLERANCE, first_best
from .memberships import subset_memberships

#: Up to this many values present at a node, CART's nominal subsets are enumerated exhaustively.
EXHAUSTIVE_LEVELS = 12
#: Row × feature visits of a node's threshold search above which its continuous features are
#: searched on two threads, half of them each (a handover costs tens of microseconds).
THREADED_SEARCH = 200_000


@dataclass(frozen=True)
class NodeData:
    """The rows reaching one node: encoded features, class codes and (fractional) weights."""

    X: np.ndarray
    y: np.ndarray
    weights: np.ndarray
    n_classes: int

    @property
    def total_weight(self) -> float:
        return float(self.weights.sum())

    def class_counts(self, mask: np.ndarray | None = None) -> np.ndarray:
        y, w = (self.y, self.weights) if mask is None else (self.y[mask], self.weights[mask])
        return np.bincount(y, weights=w, minlength=self.n_classes).astype(float)


@dataclass(frozen=True)
class SplitRules:
    """What the algorithm allows at a node: criterion, nominal split style, threshold style,
    smallest leaf (weighted) and the features already used up on the path."""

    algorithm: Algorithm
    criterion: Criterion
    threshold_style: str = "midpoint"
    min_samples_leaf: float = 1.0
    excluded: frozenset[int] = frozenset()


# ------------------------------------------------------------------------------------ figures
#: The figures every candidate carries (see :class:`~treecore.split.candidates.Candidate`).
FIGURES = kernels.FIGURE_COLUMNS


def partition_figures(branch_counts, rho, missing_weight, criterion: Criterion) -> dict:
    """Every textbook figure of one or many partitions (branch counts along axes −2, −1).

    Returns arrays of ``gain``, ``split_info``, ``gain_ratio``, ``gini``, ``error``,
    ``impurity``, ``decrease`` and ``score`` (see :class:`~treecore.split.candidates.Candidate`),
    computed by :func:`treecore.measures.kernels.figures` with the formulas of
    :mod:`treecore.measures.criteria`.
    """
    counts = np.asarray(branch_counts, dtype=float)
    lead = counts.shape[:-2]
    flat = np.ascontiguousarray(counts.reshape((-1,) + counts.shape[-2:]))
    columns = kernels.figures(flat, np.broadcast_to(np.asarray(rho, float), lead).reshape(-1),
                              np.broadcast_to(np.asarray(missing_weight, float), lead).reshape(-1),
                              kernels.IMPURITY_CODES[criterion.impurity],
                              criterion.score == "gain_ratio")
    return {name: columns[:, i].reshape(lead) for i, name in enumerate(kernels.FIGURE_COLUMNS)}


# ---------------------------------------------------------------------------- continuous
@dataclass(frozen=True)
class ThresholdSweep:
    """Every cut between neighbouring distinct values of a continuous feature at a node.

    ``left_counts[i]`` are the weighted class counts of rows with value ≤ ``lower[i]``;
    ``midpoint[i] = (lower[i] + upper[i]) / 2``. A cut is a *boundary point* unless the values
    on both sides of it are pure in the same class (Fayyad & Irani 1992); for entropy, Gini and
    misclassification error an optimal cut is always a boundary point or an end of the range
    allowed by the leaf-size limit, so only those are searched.
    """

    lower: np.ndarray
    upper: np.ndarray
    left_counts: np.ndarray
    total_counts: np.ndarray
    is_boundary: np.ndarray

    @property
    def midpoint(self) -> np.ndarray:
        return kernels.midpoints(self.lower, self.upper)

    def branch_counts(self) -> np.ndarray:
        """(cuts, 2, k): left and right counts of every cut."""
        return np.stack([self.left_counts, self.total_counts - self.left_counts], axis=1)

    def thresholds(self, style: str) -> np.ndarray:
        return self.midpoint if style == "midpoint" else self.lower

    def best(self, decrease: np.ndarray, valid: np.ndarray) -> int | None:
        """The cut :func:`treecore.measures.node_cuts.best_cuts` chooses, from this sweep's figures:
        the highest ``decrease`` among the valid boundary points and the first and last valid cut,
        ties to the lowest threshold; None when no cut is valid."""
        searchable = valid & self.is_boundary
        allowed = np.flatnonzero(valid)
        if allowed.size:
            searchable[[allowed[0], allowed[-1]]] = True
        return first_best(decrease, searchable)


def sweep(values: np.ndarray, y: np.ndarray, weights: np.ndarray, n_classes: int) -> ThresholdSweep:
    """Sort once and accumulate weighted class counts: O(n log n) for all cuts of a feature."""
    order = np.argsort(values, kind="stable")
    v, labels, w = values[order], y[order], weights[order]
    onehot = np.zeros((len(v), n_classes))
    onehot[np.arange(len(v)), labels] = w
    cumulative = np.cumsum(onehot, axis=0)
    ends = np.flatnonzero(v[1:] != v[:-1])            # last position of each block but the final
    block_ends = np.append(ends, len(v) - 1)
    block_counts = np.diff(np.vstack([np.zeros(n_classes), cumulative[block_ends]]), axis=0)
    present = block_counts > 0
    pure = present.sum(axis=1) == 1
    pure_class = block_counts.argmax(axis=1)
    same_pure = pure[:-1] & pure[1:] & (pure_class[:-1] == pure_class[1:])
    return ThresholdSweep(lower=v[ends], upper=v[ends + 1], left_counts=cumulative[ends],
                          total_counts=cumulative[-1], is_boundary=~same_pure)


def interval_labels(threshold: float) -> tuple[str, str]:
    return (f"≤ {threshold:.6g}", f"> {threshold:.6g}")


def subset_labels(feature: Feature, subset) -> tuple[str, str]:
    names = ", ".join(feature.labels[c] for c in sorted(subset))
    return (f"∈ {{{names}}}", f"∉ {{{names}}}")


def known_share(weights: np.ndarray, known: np.ndarray) -> tuple[float, float]:
    """(ρ, weight of the rows whose value is missing) of a node's rows with ``weights``, where
    ``known`` marks the rows whose value is known (Zhou 式 4.9: ρ = Σ_{x∈D̃} w_x / Σ_{x∈D} w_x)."""
    total = float(weights.sum())
    known_weight = float(weights[known].sum())
    return (known_weight / total if total > 0 else 0.0), total - known_weight


# ----------------------------------------------------------------------------- proposals
class Proposal(NamedTuple):
    """One feature's proposed split before it is scored: branch counts and routing.

    A non-empty ``note`` says why it may not be chosen (e.g. "leaf too small").
    """

    feature_index: int
    branch_counts: np.ndarray
    rho: float
    missing_weight: float
    branches: tuple[str, ...] | None      # None: "≤ t" / "> t", made when a candidate is built
    threshold: float | None = None
    midpoint: float | None = None
    subset: tuple[int, ...] | None = None
    branch_codes: tuple[int, ...] | None = None
    note: str = ""
    forced: bool = False


def continuous_proposals(node: NodeData, columns, rules: SplitRules) -> list[Proposal | None]:
    """The best bi-partition of each continuous feature in ``columns`` (one compiled pass each:
    sort, then sweep the cuts between distinct values; see
    :func:`treecore.measures.node_cuts.best_cuts`)."""
    columns = np.asarray(columns, dtype=np.int64)
    status, lower, upper, left, right, known, complete = _best_cuts(node, columns, rules)
    total = node.total_weight
    return cut_proposals(columns, status, lower, upper, left, right,
                         np.where(complete, 1.0, known / total),
                         np.where(complete, 0.0, total - known), rules.threshold_style)


def _best_cuts(node: NodeData, columns: np.ndarray, rules: SplitRules) -> tuple[np.ndarray, ...]:
    """:func:`treecore.measures.node_cuts.best_cuts` of ``columns`` at the node; at a large node
    on two threads, half the columns each (the kernel releases the GIL)."""
    def search(part: np.ndarray) -> tuple[np.ndarray, ...]:
        return node_cuts.best_cuts(node.X, node.y, node.weights, node.n_classes, part,
                                   kernels.IMPURITY_CODES[rules.criterion.impurity],
                                   float(rules.min_samples_leaf), TIE_TOLERANCE)

    if len(columns) < 2 or len(node.y) * len(columns) < THREADED_SEARCH:
        return search(columns)
    first, second = np.array_split(columns, 2)
    with ThreadPoolExecutor(1) as pool:
        other = pool.submit(search, second)
        mine = search(first)
        return tuple(np.concatenate(halves) for halves in zip(mine, other.result()))


def cut_proposals(columns, status, lower, upper, left, right, rho, missing_weight,
                  threshold_style: str) -> list[Proposal | None]:
    """Proposals from the compiled threshold search's results, one per feature of ``columns``
    (None where the feature has no cut): the threshold is reported as the midpoint
    ``(lower + upper) / 2`` or as ``lower``, the largest value on the left (``threshold_style``).
    """
    branch_counts = np.stack([left, right], axis=1)
    midpoints = kernels.midpoints(lower, upper)
    thresholds = midpoints if threshold_style == "midpoint" else lower
    return [None if status[f] == cut_scan.NO_CUT else
            Proposal(int(j), branch_counts[f], float(rho[f]), float(missing_weight[f]), None,
                     threshold=float(thresholds[f]), midpoint=float(midpoints[f]),
                     note="leaf too small" if status[f] == cut_scan.ONLY_SMALL_LEAVES else "")
            for f, j in enumerate(columns)]


def threshold_proposal(node: NodeData, j: int, rules: SplitRules, threshold: float) -> Proposal:
    """The bi-partition of continuous feature ``j`` at a given ``threshold`` (x ≤ t | x > t)."""
    values = node.X[:, j]
    known = ~np.isnan(values)
    rho, missing_weight = known_share(node.weights, known)
    left = known & (values <= threshold)
    counts = np.stack([node.class_counts(left), node.class_counts(known & ~left)])
    return Proposal(j, counts, rho, missing_weight, interval_labels(threshold),
                    threshold=float(threshold), note=_caller_split_note(counts, rules), forced=True)


def value_counts(node: NodeData, j: int, n_levels: int) -> np.ndarray:
    """(levels, k) weighted class counts of each value of nominal feature ``j`` (known rows)."""
    values = node.X[:, j]
    known = ~np.isnan(values)
    codes = values[known].astype(np.int64)
    flat = np.bincount(codes * node.n_classes + node.y[known], weights=node.weights[known],
                       minlength=n_levels * node.n_classes)
    return flat.reshape(n_levels, node.n_classes)


def multiway_proposal(node: NodeData, j: int, feature: Feature,
                      rules: SplitRules) -> Proposal | None:
    """One branch per value of the domain. Quinlan's C4.5 requires at least two branches
    holding ``min_samples_leaf`` (weighted) rows; empty branches are allowed."""
    known = ~np.isnan(node.X[:, j])
    if not known.any():
        return None
    rho, missing_weight = known_share(node.weights, known)
    counts = value_counts(node, j, len(feature.labels))
    weights = counts.sum(axis=1)
    note = ""
    if (weights > 0).sum() < 2:
        note = "one value only"
    elif (weights >= max(rules.min_samples_leaf, TIE_TOLERANCE) - TIE_TOLERANCE).sum() < 2:
        note = "leaf too small"
    return Proposal(j, counts, rho, missing_weight, feature.labels,
                    branch_codes=tuple(range(len(feature.labels))), note=note)


def subset_table(counts: np.ndarray, present: np.ndarray, rho: float, missing_weight: float,
                 criterion: Criterion, exhaustive: bool):
    """Memberships, (s, 2, k) branch counts and figures of the candidate subsets."""
    level_counts = counts[present]
    memberships = subset_memberships(level_counts, exhaustive)
    left = memberships.astype(float) @ level_counts
    branch_counts = np.stack([left, level_counts.sum(0) - left], axis=1)
    return memberships, branch_counts, partition_figures(branch_counts, rho, missing_weight,
                                                         criterion)


def binary_proposal(node: NodeData, j: int, feature: Feature, rules: SplitRules,
                    subset: tuple[int, ...] | None = None) -> Proposal | None:
    """The best "subset vs rest" split of nominal feature ``j`` (or the given ``subset``)."""
    known = ~np.isnan(node.X[:, j])
    if not known.any():
        return None
    rho, missing_weight = known_share(node.weights, known)
    counts = value_counts(node, j, len(feature.labels))
    if subset is not None:
        member = np.isin(np.arange(len(feature.labels)), subset)
        branch_counts = np.stack([counts[member].sum(0), counts[~member].sum(0)])
        chosen = tuple(sorted(subset))
        return Proposal(j, branch_counts, rho, missing_weight, subset_labels(feature, chosen),
                        subset=chosen, note=_caller_split_note(branch_counts, rules), forced=True)
    present = np.flatnonzero(counts.sum(axis=1) > 0)
    if len(present) < 2:
        return None
    memberships, branch_counts, figures = subset_table(
        counts, present, rho, missing_weight, rules.criterion,
        exhaustive=node.n_classes > 2 and len(present) <= EXHAUSTIVE_LEVELS)
    valid = leaves_large_enough(branch_counts, rules.min_samples_leaf)
    at = first_best(figures["decrease"], valid)
    note = ""
    if at is None:
        at, note = first_best(figures["decrease"], np.ones(len(valid), bool)), "leaf too small"
    chosen = tuple(int(c) for c in present[memberships[at]])
    return Proposal(j, branch_counts[at], rho, missing_weight, subset_labels(feature, chosen),
                    subset=chosen, note=note)


def leaves_large_enough(branch_counts: np.ndarray, min_leaf: float) -> np.ndarray:
    """Per partition (axis 0 of ``branch_counts``, branches × classes after it): whether every
    branch holds at least ``min_leaf`` weight."""
    return (np.asarray(branch_counts).sum(axis=-1) >= min_leaf - TIE_TOLERANCE).all(axis=-1)


def _caller_split_note(branch_counts: np.ndarray, rules: SplitRules) -> str:
    """Why a caller-given binary split may not be used: a side empty, or smaller than a leaf."""
    weights = branch_counts.sum(axis=1)
    if (weights > 0).sum() < 2:
        return "one side empty"
    if (weights < rules.min_samples_leaf - TIE_TOLERANCE).any():
        return "leaf too small"
    return ""


def feature_proposals(node: NodeData, features, columns, rules: SplitRules) -> list[Proposal]:
    """The proposal of every feature in ``columns`` that can split at all, in column order."""
    continuous = [j for j in columns if features[j].kind is Kind.CONTINUOUS]
    found = (dict(zip(continuous, continuous_proposals(node, continuous, rules))) if continuous
             else {})
    for j in columns:
        if features[j].kind is Kind.NOMINAL:
            make = multiway_proposal if rules.algorithm.multiway else binary_proposal
            found[j] = make(node, j, features[j], rules)
    return [found[j] for j in columns if found[j] is not None]


# ------------------------------------------------------------------------------- scoring
