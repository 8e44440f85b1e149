"""On-demand explanations of one node: its candidate table and the score at every threshold.

A tree stores only the chosen split of each node; the competing candidates are recomputed here,
for the node on screen, from the rows that reach it (``Tree.node_rows``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..algorithms import resolve
from ..data import Dataset, Kind
from ..errors import ConfigError
from ..measures import kernels
from ..split import j48_selection
from ..split.candidates import CandidateTable
from ..split.proposals import (EXHAUSTIVE_LEVELS, NodeData, SplitRules, ThresholdSweep, known_share,
                               leaves_large_enough, partition_figures, subset_table, sweep,
                               value_counts)
from ..split.splitting import feature_candidate, node_candidates
from .nodes import NodeSample, Tree


def _node_context(dataset: Dataset, node, algorithm: str | None, criterion: str | None):
    """(NodeData, SplitRules) for ``node``: None (the root), a NodeSample, or (tree, node_id)."""
    tree, excluded, min_leaf, style = None, frozenset(), 1.0, "midpoint"
    if isinstance(node, tuple):
        tree, node_id = node
        settings = tree.settings
        algorithm = algorithm or settings.get("algorithm")
        criterion = criterion or settings.get("criterion")
        min_leaf = float(settings.get("min_samples_leaf", 1.0))
        style = settings.get("threshold_style", "midpoint")
        preset, _ = resolve(algorithm, criterion)
        if preset.multiway:
            excluded = frozenset(a.split.feature_index for a in tree.ancestors(node_id)[:-1]
                                 if a.split.kind is Kind.NOMINAL and a.split.subset is None)
        node = tree.node_rows(dataset, node_id)
    preset, crit = resolve(algorithm or "cart", criterion)
    if node is None:
        node = NodeSample(np.arange(dataset.n_rows), dataset.weights.astype(float))
    if dataset.is_regression:
        raise ConfigError("a regression node's candidates are scored by squared error: "
                          "use treecore.split.least_squares.node_candidates")
    data = NodeData(dataset.X[node.rows], dataset.y[node.rows], node.weights, dataset.n_classes)
    return data, SplitRules(preset, crit, style, min_leaf, excluded)


def split_candidates(dataset: Dataset, algorithm: str = "cart", criterion: str | None = None,
                     node: NodeSample | tuple[Tree, int] | None = None) -> CandidateTable:
    """The best candidate of each feature at ``node`` (the root by default), with the choice.

    ``node`` may be ``(tree, node_id)``: the tree's algorithm, criterion and limits are then used
    unless given, and attributes used up on the path are left out.
    """
    data, rules = _node_context(dataset, node, algorithm if not isinstance(node, tuple) else None,
                                criterion)
    return node_candidates(data, dataset.features, rules)


@dataclass(frozen=True)
class ThresholdCurve:
    """Every candidate split of one feature at one node, with its figures.

    For a continuous feature one entry per cut (``threshold``, ``midpoint``, ``is_boundary``);
    for a nominal feature under a binary algorithm one entry per value subset (``subsets``); for
    a multiway split a single entry. ``figures`` maps a figure name (``gain``, ``gain_ratio``,
    ``gini``, ``error``, ``impurity``, ``decrease``, ``score``) to an array over the entries;
    ``valid`` marks the entries that respect the leaf-size limit; ``best`` is the chosen entry.
    """

    feature: str
    kind: Kind
    labels: tuple[str, ...]
    threshold: np.ndarray | None
    midpoint: np.ndarray | None
    is_boundary: np.ndarray | None
    subsets: tuple[tuple[str, ...], ...] | None
    figures: dict
    valid: np.ndarray
    best: int | None

    def __len__(self) -> int:
        return len(self.valid)

    @property
    def score(self) -> np.ndarray:
        return self.figures["score"]

    @property
    def impurity(self) -> np.ndarray:
        return self.figures["impurity"]


def _continuous_curve(feature: str, cuts: ThresholdSweep, rho: float, missing_weight: float,
                      rules: SplitRules) -> ThresholdCurve:
    branch_counts = cuts.branch_counts()
    figures = partition_figures(branch_counts, rho, missing_weight, rules.criterion)
    valid = leaves_large_enough(branch_counts, rules.min_samples_leaf)
    return ThresholdCurve(feature, Kind.CONTINUOUS, (), cuts.thresholds(rules.threshold_style),
                          cuts.midpoint, cuts.is_boundary, None, figures, valid,
                          cuts.best(figures["decrease"], valid))


def _j48_curve(feature: str, data: NodeData, j: int, cuts: ThresholdSweep,
               training_values: np.ndarray, rules: SplitRules, rho: float,
               missing_weight: float) -> ThresholdCurve:
    """The cuts of a numeric attribute as the J48 preset weighs them
    (:func:`treecore.split.j48_selection.cut_curve`): its MDL-corrected gain and gain ratio at every
    cut, the cut it keeps, each placed at the training value J48 reports (the largest not above
    the midpoint); ``valid`` marks the cuts that leave J48's minimum per side. Boundary points
    and the partition's other figures (impurity, Gini, error) are the sweep's (``cuts``), found
    by each cut's lower value."""
    curve = j48_selection.cut_curve(data.X[:, j], data.y, data.weights, data.n_classes,
                                    rules.min_samples_leaf)
    midpoint = kernels.midpoints(curve.lower, curve.upper)
    known = training_values[~np.isnan(training_values)]
    at = np.searchsorted(known, midpoint + j48_selection.SMALL, side="left") - 1
    same = np.searchsorted(cuts.lower, curve.lower)
    figures = partition_figures(cuts.branch_counts()[same], rho, missing_weight, rules.criterion)
    figures.update(gain=curve.gain, gain_ratio=curve.gain_ratio, decrease=curve.gain,
                   score=curve.gain_ratio)
    return ThresholdCurve(feature, Kind.CONTINUOUS, (), known[at], midpoint,
                          cuts.is_boundary[same], None, figures, curve.allowed, curve.best)


def threshold_curve(dataset: Dataset, feature: str, criterion: str | None = None, *,
                    algorithm: str = "cart", node: NodeSample | tuple[Tree, int] | None = None
                    ) -> ThresholdCurve:
    """Every candidate threshold (or value subset) of ``feature`` at ``node`` with its score."""
    data, rules = _node_context(dataset, node, algorithm if not isinstance(node, tuple) else None,
                                criterion)
    j = dataset.schema.index_of(feature)
    spec = dataset.features[j]
    known = ~np.isnan(data.X[:, j])
    rho, missing_weight = known_share(data.weights, known)
    if spec.kind is Kind.CONTINUOUS:
        cuts = sweep(data.X[known, j], data.y[known], data.weights[known], data.n_classes)
        if rules.algorithm.release8:
            return _j48_curve(feature, data, j, cuts, np.sort(dataset.X[:, j]), rules, rho,
                              missing_weight)
        return _continuous_curve(feature, cuts, rho, missing_weight, rules)
    candidate = feature_candidate(data, j, spec, SplitRules(rules.algorithm, rules.criterion,
                                                            rules.threshold_style,
                                                            rules.min_samples_leaf))
    chosen = candidate if candidate is not None and candidate.eligible else None
    counts = value_counts(data, j, len(spec.labels))
    if rules.algorithm.multiway:
        figures = partition_figures(counts[None], rho, missing_weight, rules.criterion)
        return ThresholdCurve(feature, spec.kind, spec.labels, None, None, None, None, figures,
                              np.array([chosen is not None]), 0 if chosen is not None else None)
    present = np.flatnonzero(counts.sum(axis=1) > 0)
    memberships, branch_counts, figures = subset_table(
        counts, present, rho, missing_weight, rules.criterion,
        exhaustive=len(present) <= EXHAUSTIVE_LEVELS)
    subsets = tuple(tuple(spec.labels[c] for c in present[m]) for m in memberships)
    valid = leaves_large_enough(branch_counts, rules.min_samples_leaf)
    best = None
    if chosen is not None:
        chosen_labels = tuple(spec.labels[c] for c in chosen.subset)
        best = next((i for i, s in enumerate(subsets) if s == chosen_labels), None)
    return ThresholdCurve(feature, spec.kind, spec.labels, None, None, None, subsets, figures,
                          valid, best)


def threshold_curves(dataset: Dataset, feature: str, settings, *,
                     node: NodeSample | None = None) -> list[ThresholdCurve]:
    """:func:`threshold_curve` of one feature at one node under several ``(algorithm,
    criterion)`` settings; a continuous feature is sorted and swept once for all of them."""
    j = dataset.schema.index_of(feature)
    if dataset.features[j].kind is not Kind.CONTINUOUS:
        return [threshold_curve(dataset, feature, criterion, algorithm=algorithm, node=node)
                for algorithm, criterion in settings]
    data, _ = _node_context(dataset, node, "cart", None)
    known = ~np.isnan(data.X[:, j])
    rho, missing_weight = known_share(data.weights, known)
    cuts = sweep(data.X[known, j], data.y[known], data.weights[known], data.n_classes)
    return [_continuous_curve(feature, cuts, rho, missing_weight,
                              SplitRules(*resolve(algorithm, criterion)))
            for algorithm, criterion in settings]
