"""One node's candidate splits scored as :class:`~treecore.split.candidates.Candidate` values: a
proposal (:mod:`treecore.split.proposals`) with its figures becomes a candidate; every feature's
best candidate makes the node's table, the chosen one by the criterion's rule (Zhou §4.2:
information gain, gain ratio with the average-gain filter, Gini index).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Mapping, Sequence

import numpy as np

from ..algorithms import Criterion
from ..data import Feature, Kind
from .candidates import Candidate, CandidateTable, assemble, choose, choose_index
from .proposals import (FIGURES, NodeData, Proposal, SplitRules, binary_proposal,
                        continuous_proposals, feature_proposals, interval_labels, multiway_proposal,
                        partition_figures, threshold_proposal)


def build_candidate(proposal: Proposal, feature: Feature, figures: Mapping[str, float],
                    branch_values: tuple[float, ...] | None = None) -> Candidate:
    """The :class:`Candidate` of a scored proposal; ``figures`` maps each of :data:`FIGURES`
    to its value (a Python float); ``branch_values`` are a regression split's branch means."""
    p = proposal
    counts = p.branch_counts.tolist() if isinstance(p.branch_counts, np.ndarray) else \
        p.branch_counts
    return assemble(Candidate, feature=feature.name, feature_index=p.feature_index,
                    kind=feature.kind,
                    branches=interval_labels(p.threshold) if p.branches is None else
                    tuple(p.branches),
                    branch_counts=tuple(map(tuple, counts)), rho=float(p.rho), **figures,
                    threshold=p.threshold, midpoint=p.midpoint, subset=p.subset,
                    branch_codes=p.branch_codes, eligible=not p.note, note=p.note,
                    forced=p.forced, branch_values=branch_values)


@dataclass(frozen=True, eq=False)
class NodeScores:
    """Proposals of one node scored together: branch counts are padded with empty branches
    (which change no figure) so one vectorised call gives every figure of every feature."""

    proposals: tuple[Proposal, ...]
    features: Sequence[Feature] | Mapping[int, Feature]
    criterion: Criterion
    _built: dict = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, proposals, features, criterion: Criterion) -> "NodeScores":
        return cls(tuple(proposals), features, criterion)

    @cached_property
    def _padded(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        widest = max(len(p.branch_counts) for p in self.proposals)
        n_classes = self.proposals[0].branch_counts.shape[1]
        padded = np.zeros((len(self.proposals), widest, n_classes))
        for i, proposal in enumerate(self.proposals):
            padded[i, :len(proposal.branch_counts)] = proposal.branch_counts
        return (padded, np.array([p.rho for p in self.proposals]),
                np.array([p.missing_weight for p in self.proposals]))

    @cached_property
    def _eligible(self) -> np.ndarray:
        return np.array([not p.note for p in self.proposals], dtype=bool)

    @cached_property
    def figures(self) -> dict:
        """Every figure of every proposal, in one vectorised call (numpy's per-call cost, not
        the arithmetic, dominates at one node, so all features cost about what one does)."""
        return partition_figures(*self._padded, self.criterion)

    @cached_property
    def choice(self) -> tuple[int | None, float, np.ndarray]:
        """(index of the chosen proposal or None, average gain, below-average mask)."""
        if not self.proposals:
            return None, 0.0, self._eligible
        return choose_index(self.figures["gain"], self.figures["score"], self._eligible,
                            self.criterion)

    def chosen(self) -> Candidate | None:
        index = self.choice[0]
        return None if index is None else self.candidate(index)

    def candidate(self, i: int) -> Candidate:
        """The :class:`Candidate` of proposal ``i``, with all its figures (built once)."""
        if i not in self._built:
            self._built[i] = self._build(i)
        return self._built[i]

    def _build(self, i: int) -> Candidate:
        p = self.proposals[i]
        return build_candidate(p, self.features[p.feature_index],
                               {name: float(self.figures[name][i]) for name in FIGURES})

    def table(self) -> CandidateTable:
        """All candidates with the criterion's choice marked (see :func:`choose`)."""
        return choose(tuple(self.candidate(i) for i in range(len(self.proposals))), self.criterion)


def _single(proposal: Proposal | None, feature: Feature, rules: SplitRules) -> Candidate | None:
    if proposal is None:
        return None
    return NodeScores.of([proposal], {proposal.feature_index: feature},
                         rules.criterion).candidate(0)


# ------------------------------------------------------------------------ public per feature
def continuous_candidate(node: NodeData, j: int, feature: Feature, rules: SplitRules,
                         threshold: float | None = None) -> Candidate | None:
    """The best bi-partition of continuous feature ``j`` (or the one at ``threshold``)."""
    if threshold is not None:
        return _single(threshold_proposal(node, j, rules, threshold), feature, rules)
    return _single(continuous_proposals(node, [j], rules)[0], feature, rules)


def multiway_candidate(node: NodeData, j: int, feature: Feature,
                       rules: SplitRules) -> Candidate | None:
    """One branch per value of nominal feature ``j`` (see :func:`multiway_proposal`)."""
    return _single(multiway_proposal(node, j, feature, rules), feature, rules)


def binary_candidate(node: NodeData, j: int, feature: Feature, rules: SplitRules,
                     subset: tuple[int, ...] | None = None) -> Candidate | None:
    """The best (or the given) "subset vs rest" split of nominal feature ``j``."""
    return _single(binary_proposal(node, j, feature, rules, subset), feature, rules)


def feature_candidate(node: NodeData, j: int, feature: Feature,
                      rules: SplitRules) -> Candidate | None:
    """The best split on feature ``j`` under ``rules`` (None when it cannot split at all)."""
    if feature.kind is Kind.CONTINUOUS:
        return continuous_candidate(node, j, feature, rules)
    if rules.algorithm.multiway:
        return multiway_candidate(node, j, feature, rules)
    return binary_candidate(node, j, feature, rules)


# ---------------------------------------------------------------------------------- a node
def score_node(node: NodeData, features: tuple[Feature, ...], rules: SplitRules) -> NodeScores:
    """Every usable feature's best split at ``node``, scored; ``.chosen()`` is the choice."""
    columns = [j for j in range(len(features)) if j not in rules.excluded]
    return NodeScores.of(feature_proposals(node, features, columns, rules), features,
                         rules.criterion)


def node_candidates(node: NodeData, features: tuple[Feature, ...],
                    rules: SplitRules) -> CandidateTable:
    """The best candidate of every usable feature, in column order, and the criterion's choice."""
    return score_node(node, features, rules).table()


def forced_candidate(node: NodeData, features: tuple[Feature, ...], rules: SplitRules,
                     spec) -> Candidate | None:
    """The split a caller asked for: a feature name (its best split), ``(name, threshold)`` for a
    continuous feature, or ``(name, labels)`` for a binary nominal subset."""
    name, detail = (spec, None) if isinstance(spec, str) else (spec[0], spec[1])
    j = next((i for i, f in enumerate(features) if f.name == name), None)
    if j is None:
        return None
    feature = features[j]
    if detail is None:
        candidate = feature_candidate(node, j, feature, rules)
        return None if candidate is None else replace(candidate, forced=True)
    if feature.kind is Kind.CONTINUOUS:
        return continuous_candidate(node, j, feature, rules, threshold=float(detail))
    labels = [detail] if isinstance(detail, str) else list(detail)
    codes = tuple(feature.labels.index(str(label)) for label in labels
                  if str(label) in feature.labels)
    return binary_candidate(node, j, feature, rules, subset=codes)
