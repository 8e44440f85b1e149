"""Growing a tree as C4.5 release 8 does, in Weka 3's J48 arithmetic (``algorithm="j48"``).

Quinlan's program (and Weka's ``C45PruneableClassifierTree.buildTree``) grows in two passes:

1. **grow**: a node of N weighted rows stays a leaf when N < 2M or one class holds all of them
   (within 10⁻⁶); otherwise :func:`.selection.choose` picks a split, and a leaf stays when
   none has a positive gain ratio. Rows whose value of the split attribute is missing go down
   every branch with their weight × r̃ᵥ, the branch's share of the known weight (a share of
   at most 10⁻⁶ takes none of it: ``ClassifierSplitModel.split``);
2. **collapse**: top-down, a subtree whose leaves misclassify at least as many training rows as
   its root would as one leaf (less 10⁻³) becomes that leaf (``collapse()``; Quinlan 1993,
   ch. 4). Weka does this for the unpruned tree (``-U``) too.

Growth is readable Python with numpy per node (this slice of the preset does not run in the
compiled engines); the nodes are then numbered breadth first like every other tree, and a
growth step is one expanded node of the collapsed tree. Error-based pruning with subtree
raising is :func:`treecore.pruning.j48.prune_j48`; one node's split is chosen by
:mod:`treecore.split.j48_selection` (the two-branch rule with M, the numeric minimum per side,
the MDL-corrected gain of a cut, the cut as a data value, the average-gain filter, no zero-gain
split, the gain and split info of rows with a missing value).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import numpy as np

from ..algorithms import CRITERIA
from ..data import Dataset, Kind
from ..errors import ConfigError
from ..measures.criteria import entropy
from ..split.candidates import Candidate, CandidateTable
from ..split.j48_selection import (SMALL, Split, attribute_splits, averaged_features, choose,
                                   data_threshold, threshold_split)
from ..split.proposals import FIGURES, Proposal, partition_figures
from ..split.splitting import build_candidate
from ..tree.nodes import Node, StopReason, Tree
from .growing import CompiledGrowth, GrowthConfig, forced_spec, majority, tree_settings

#: ``collapse()`` keeps a subtree only if it saves more than this many training errors.
COLLAPSE_SLACK = 1e-3


class _Draft:
    """A node while J48 grows and collapses it: its rows, their weights and class counts."""

    __slots__ = ("rows", "weights", "counts", "candidate", "children", "stop", "depth", "path",
                 "branch_path")

    def __init__(self, rows, weights, n_classes, y, depth, path=(), branch_path=()):
        self.rows, self.weights, self.depth = rows, weights, depth
        self.path, self.branch_path = path, branch_path
        self.counts = np.bincount(y[rows], weights=weights, minlength=n_classes).astype(float)
        self.candidate: Candidate | None = None
        self.children: list[_Draft] = []
        self.stop: StopReason | None = None

    @property
    def errors(self) -> float:
        """Training rows (weighted) not of the majority class (``Distribution.numIncorrect``)."""
        return float(self.counts.sum() - self.counts.max())


def split_candidate(split: Split, feature, threshold: float | None) -> Candidate:
    """The :class:`Candidate` of a J48 split, every textbook figure filled in, with J48's own
    (MDL-corrected) gain and gain ratio as ``gain``, ``gain_ratio`` and ``score``."""
    known = float(split.branch_counts.sum())
    rho = known / split.total_weight if split.total_weight > 0 else 0.0
    figures = partition_figures(split.branch_counts, rho, split.total_weight - known,
                                CRITERIA["gain_ratio"])
    values = {name: float(figures[name]) for name in FIGURES}
    values.update(gain=split.gain, gain_ratio=split.gain_ratio, score=split.gain_ratio)
    if feature.kind is Kind.CONTINUOUS:
        proposal = Proposal(split.feature_index, split.branch_counts, rho,
                            split.total_weight - known, None, threshold=threshold,
                            midpoint=split.midpoint)
    else:
        proposal = Proposal(split.feature_index, split.branch_counts, rho,
                            split.total_weight - known, feature.labels,
                            branch_codes=tuple(range(len(feature.labels))))
    return build_candidate(proposal, feature, values)


def route(candidate: Candidate, X: np.ndarray, rows: np.ndarray, weights: np.ndarray,
          fractions: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """(rows, weights) of each branch: a row with the value missing goes down every branch whose
    share ``fractions`` exceeds 10⁻⁶, with its weight × that share."""
    return candidate.split_rows(X, rows, weights, np.where(fractions > SMALL, fractions, 0.0))


class J48Growth(CompiledGrowth):
    """One run of J48's growth; offers ``steps()``, ``run()``, ``tree()`` and ``stopped_early``
    like the other engines. ``min_samples_leaf`` is J48's M (``-M``); ``max_depth`` also
    stops growth; J48 has no other pre-pruning limit and no validation-set pre-pruning.
    ``force`` (as :func:`treecore.grow.engines.grow_steps` takes it) puts a caller's split at a node
    J48 would consider splitting: an attribute's own J48 split, chosen or not, or a numeric cut
    at a given threshold; collapse keeps a forced split."""

    def __init__(self, dataset: Dataset, config: GrowthConfig, *, force=None, validation=None,
                 max_seconds: float | None = None, on_tick=None):
        if validation is not None:
            raise ConfigError("C4.5 (J48) has no validation-set pre-pruning: Quinlan's program "
                              "prunes after growth")
        super().__init__(dataset, config, max_seconds, on_tick)
        self.force = {tuple(path): spec for path, spec in (force or {}).items()}
        self.min_leaf = float(config.min_samples_leaf)
        self.averaged = averaged_features(dataset.features, dataset.n_rows)
        self.sorted_values = {j: np.unique(dataset.X[~np.isnan(dataset.X[:, j]), j])
                              for j, f in enumerate(dataset.features) if f.kind is Kind.CONTINUOUS}
        self.root: _Draft | None = None
        self._rows_of: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    # ------------------------------------------------------------------ growth
    def _grow(self) -> None:
        data = self.data
        self.root = _Draft(np.arange(data.n_rows), data.weights.astype(float), data.n_classes,
                           data.y, 0)
        waiting = [self.root]
        while waiting:
            if self._late():
                return
            self._expand(waiting.pop(), waiting)
        collapse(self.root)

    def _expand(self, draft: _Draft, waiting: list) -> None:
        total = float(draft.counts.sum())
        if total <= SMALL:
            draft.stop = StopReason.EMPTY_BRANCH
            return
        if total - draft.counts.max() < SMALL:
            draft.stop = StopReason.PURE
            return
        if total - 2 * self.min_leaf < -SMALL:
            draft.stop = StopReason.MIN_SAMPLES_LEAF
            return
        if self.config.max_depth is not None and draft.depth >= self.config.max_depth:
            draft.stop = StopReason.MAX_DEPTH
            return
        splits = self._splits(draft.rows, draft.weights)
        spec = forced_spec(self.force, draft.path, draft.branch_path)
        if spec is not None:
            draft.candidate = self._forced(draft, splits, spec)
        else:
            at, _ = choose(splits, self.averaged)
            if at is None:
                draft.stop = StopReason.NO_USEFUL_SPLIT
                return
            draft.candidate = self._candidate(splits[at])
        fractions = draft.candidate.branch_fractions
        parts = route(draft.candidate, self.data.X, draft.rows, draft.weights, fractions)
        for b, (label, (rows, weights)) in enumerate(zip(draft.candidate.branches, parts)):
            draft.children.append(_Draft(rows, weights, self.data.n_classes, self.data.y,
                                         draft.depth + 1, draft.path + (label,),
                                         draft.branch_path + (b,)))
        waiting.extend(reversed(draft.children))

    def _forced(self, draft: _Draft, splits: list[Split | None], spec) -> Candidate:
        """The split ``spec`` asks for: a feature name (its J48 split here) or
        ``(name, threshold)`` for a numeric feature."""
        name, detail = (spec, None) if isinstance(spec, str) else (spec[0], spec[1])
        data = self.data
        j = next((i for i, f in enumerate(data.features) if f.name == name), None)
        split = None
        if j is not None and detail is None:
            split = splits[j]
        elif j is not None and data.features[j].kind is Kind.CONTINUOUS:
            split = threshold_split(data.X[draft.rows, j], data.y[draft.rows], draft.weights, j,
                                    data.n_classes, float(detail))
        if split is None:
            where = "the root" if not draft.path else " → ".join(draft.path)
            raise ConfigError(f"cannot split {where} on {spec!r}: C4.5 (J48) offers no such "
                              "split here", code="forced_split",
                              params={"path": draft.path, "spec": spec, "note": ""})
        threshold = None if detail is None else float(detail)
        candidate = (self._candidate(split) if threshold is None else
                     split_candidate(split, data.features[j], threshold))
        return replace(candidate, forced=True)

    def _splits(self, rows: np.ndarray, weights: np.ndarray) -> list[Split | None]:
        data = self.data
        return attribute_splits(data.X[rows], data.y[rows], weights, data.features,
                                data.n_classes, self.min_leaf)

    def _candidate(self, split: Split) -> Candidate:
        j = split.feature_index
        threshold = None if split.midpoint is None else \
            data_threshold(self.sorted_values[j], split.midpoint)
        return split_candidate(split, self.data.features[j], threshold)

    # ------------------------------------------------------------------ the tree
    def _build_tree(self) -> Tree:
        """Number the drafts breadth first and make the nodes; the k-th internal node in that
        order is expanded at step k."""
        data = self.data
        nodes: list[Node] = []
        queue = deque([(self.root, None, (), 0)])
        step = 0
        while queue:
            draft, parent, path, created = queue.popleft()
            node_id = len(nodes)
            total = float(draft.counts.sum())
            if total > 0:
                distribution = tuple(map(float, draft.counts / total))
                prediction = int(majority(draft.counts))
            else:
                distribution, prediction = nodes[parent].distribution, nodes[parent].prediction
            expanded = None
            if draft.children:
                step += 1
                expanded = step
            first_child = node_id + len(queue) + 1
            children = tuple(range(first_child, first_child + len(draft.children)))
            nodes.append(Node(node_id=node_id, parent=parent, depth=draft.depth, path=path,
                              n_samples=int(len(draft.rows)), weighted_n_samples=total,
                              class_counts=tuple(map(float, draft.counts)),
                              distribution=distribution, impurity=float(entropy(draft.counts)),
                              prediction=prediction, created_at=created,
                              split=draft.candidate if draft.children else None,
                              children=children if draft.children else (),
                              expanded_at=expanded,
                              stop_reason=None if draft.children else draft.stop))
            self._rows_of[node_id] = (draft.rows, draft.weights)
            for label, child in zip(draft.candidate.branches if draft.children else (),
                                    draft.children):
                queue.append((child, node_id, path + (label,), expanded))
        return Tree(data.schema, tuple(nodes), tree_settings(self.config, self.force), step)

    def _scores(self, tree: Tree, node: Node) -> "_NodeScores":
        """The scores of an expanded node, its candidate table made by :meth:`table`."""
        return _NodeScores(self, *self._rows_of[node.node_id])


class _NodeScores:
    """One node's rows, scored again when a view asks for the node's candidate table."""

    def __init__(self, growth: J48Growth, rows: np.ndarray, weights: np.ndarray):
        self.growth, self.rows, self.weights = growth, rows, weights

    def table(self) -> CandidateTable:
        """Every attribute's J48 split, the chosen one marked."""
        splits = self.growth._splits(self.rows, self.weights)
        at, average = choose(splits, self.growth.averaged)
        usable = [s for s in splits if s is not None]
        candidates = tuple(self.growth._candidate(s) for s in usable)
        index = None if at is None else usable.index(splits[at])
        return CandidateTable(candidates, "gain_ratio", average, index)


def collapse(root: _Draft) -> None:
    """Weka's ``collapse()``, top-down: a subtree whose leaves make at least as many training
    errors as its root would as a leaf (less 10⁻³; ``getTrainingErrors``) becomes that leaf."""
    leaf_errors = {}
    for draft in reversed(list(_preorder(root))):          # children before their parents
        leaf_errors[id(draft)] = (sum(leaf_errors[id(c)] for c in draft.children)
                                  if draft.children else draft.errors)
    waiting = [root]
    while waiting:
        draft = waiting.pop()
        if draft.children and not draft.candidate.forced and \
                leaf_errors[id(draft)] >= draft.errors - COLLAPSE_SLACK:
            draft.children, draft.candidate, draft.stop = [], None, StopReason.COLLAPSED
        waiting.extend(draft.children)


def _preorder(root: _Draft):
    waiting = [root]
    while waiting:
        draft = waiting.pop()
        yield draft
        waiting.extend(draft.children)
