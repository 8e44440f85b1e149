"""The nodewise engine's finished tree (:mod:`treecore.grow.nodewise`), made from its node
arrays: the routing arrays prediction reads (:func:`routing`), at once, and the :class:`Node` and
:class:`Candidate` objects a view reads (:class:`NodeFactory`), when first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..data import Feature
from ..measures import absolute_error, kernels, squared_error
from ..split.proposals import FIGURES, Proposal, partition_figures, subset_labels
from ..split.candidates import Candidate
from ..split.splitting import build_candidate
from ..tree.packed import segments
from ..tree.predict import CONTINUOUS_SPLIT, LEAF, NOMINAL_SPLIT, CompiledTree
from .array_nodes import ArrayNodeFactory
from .kernel_rules import entry_rows
from .nodewise_arrays import MULTIWAY, NONE, NOTES, SUBSET, THRESHOLD, Nodes, Slots, Table


def children_of(arrays: Nodes, expanded: np.ndarray) -> np.ndarray:
    """The children of the ``expanded`` nodes, one node's after another (each node's children
    are consecutive ids from ``first_child``)."""
    return segments(arrays.first_child[expanded], arrays.n_children[expanded])


def _branch_counts(in_counts: np.ndarray, regression: bool) -> np.ndarray:
    """The branch counts a candidate carries: class weights, or a regression branch's
    weight W alone (one column, as :mod:`treecore.split.least_squares` makes them)."""
    return in_counts[..., :1] if regression else in_counts


def _branch_fractions(arrays: Nodes, expanded: np.ndarray, children: np.ndarray,
                      regression: bool) -> np.ndarray:
    """r̃ᵥ of each child of the ``expanded`` nodes (listed as :func:`children_of` lists them),
    by the very operations of :attr:`treecore.split.candidates.Candidate.branch_fractions`, so the
    routing arrays equal those compiled from the nodes to the last bit: the nodes with k
    branches at once, each one's k weights summed along a row as numpy sums k weights."""
    weights = _branch_counts(arrays.in_counts[children], regression).sum(axis=1)
    fractions = np.empty_like(weights)
    n_children = arrays.n_children[expanded]
    starts = np.cumsum(n_children) - n_children
    for count in np.unique(n_children).tolist():
        at = starts[n_children == count][:, None] + np.arange(count)
        branch_weights = weights[at]
        total = branch_weights.sum(axis=1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            fractions[at] = np.where(total > 0, branch_weights / total, 1.0 / count)
    return fractions


def split_routing(arrays: Nodes, expanded: np.ndarray, subsets: np.ndarray, levels: np.ndarray,
                  regression: bool) -> CompiledTree:
    """The routing arrays (:class:`~treecore.tree.predict.CompiledTree`) of the ``expanded``
    nodes alone, at positions 0, 1, … in their order (``node_id`` gives their ids); their
    ``children`` are node ids. No distribution is attached."""
    split_kind = arrays.split_kind[expanded]
    kind = np.where(split_kind == THRESHOLD, CONTINUOUS_SPLIT, NOMINAL_SPLIT).astype(np.int8)
    threshold = np.where(split_kind == THRESHOLD, arrays.threshold[expanded], 0.0)
    n_children = arrays.n_children[expanded].astype(np.int64)
    children = children_of(arrays, expanded)
    nominal, subset = split_kind != THRESHOLD, split_kind == SUBSET
    n_codes = np.where(nominal, levels[arrays.feature[expanded]], 0).astype(np.int64)
    code_offset = np.where(nominal, np.cumsum(n_codes) - n_codes, 0)
    code_map = segments(np.zeros(len(expanded), np.int64), n_codes)   # value v → branch v,
    code_map[np.repeat(subset, n_codes)] = 1                      # or a subset's rest → 1
    subset_len = arrays.subset_len[expanded[subset]].astype(np.int64)
    members = subsets[segments(arrays.subset_at[expanded[subset]].astype(np.int64), subset_len)]
    code_map[np.repeat(code_offset[subset], subset_len) + members] = 0   # its members → 0
    return CompiledTree(kind, arrays.feature[expanded].astype(np.int64), threshold, code_offset,
                        n_codes, code_map,
                        np.cumsum(n_children) - n_children, n_children, children,
                        _branch_fractions(arrays, expanded, children, regression),
                        np.zeros((0, 0)), np.asarray(expanded, np.int64))


def routing(arrays: Nodes, subsets: np.ndarray, levels: np.ndarray,
            distribution: np.ndarray, regression: bool) -> CompiledTree:
    """The arrays :func:`treecore.tree.predict.compile_tree` would make of the finished nodes (ids
    are positions here; a node's children are consecutive ids)."""
    n = len(arrays.start)
    expanded = np.flatnonzero(arrays.expanded_at >= 0)
    split = split_routing(arrays, expanded, subsets, levels, regression)

    def spread(values: np.ndarray, leaf_value) -> np.ndarray:
        out = np.full(n, leaf_value, values.dtype)
        out[expanded] = values
        return out

    return CompiledTree(spread(split.kind, LEAF), spread(split.feature, -1),
                        spread(split.threshold, 0.0), spread(split.code_offset, 0),
                        spread(split.n_codes, 0), split.code_map, spread(split.child_offset, 0),
                        spread(split.n_children, 0), split.children, split.fractions,
                        distribution, np.arange(n))


def _proposal(j: int, how: int, feature: Feature, branch_counts, rho: float, missing: float,
              threshold: float, midpoint: float, subset: tuple[int, ...] | None,
              note: str = "") -> Proposal:
    """A split on feature ``j`` of kind ``how`` (:data:`~.nodewise_arrays.THRESHOLD`,
    :data:`~.nodewise_arrays.MULTIWAY` or :data:`~.nodewise_arrays.SUBSET`) as the builder's
    :mod:`treecore.split.proposals` makes it."""
    if how == THRESHOLD:
        return Proposal(j, branch_counts, rho, missing, None, threshold=threshold,
                        midpoint=midpoint, note=note)
    if how == MULTIWAY:
        return Proposal(j, branch_counts, rho, missing, feature.labels,
                        branch_codes=tuple(range(len(feature.labels))), note=note)
    return Proposal(j, branch_counts, rho, missing, subset_labels(feature, subset),
                    subset=subset, note=note)


def scored_proposals(slots: Slots, s: int, table: Table, sorted_entries: np.ndarray,
                     features, multiway: bool, threshold_style: str) -> list[Proposal]:
    """The proposal of every feature the engine scored in slot ``s``, in column order, as the
    builder's :func:`~treecore.split.proposals.feature_proposals` makes them: a continuous
    feature's cut between the values of its sorted segment at the slot's ``cut_at`` and the
    next (the node's segment, read before the node is split), a nominal feature's values or
    subset, each with its note. Copied out of the slot, which the next chunk overwrites."""
    proposals = []
    for j, status in enumerate(slots.status[s].tolist()):
        if status == NONE:
            continue
        c = int(table.continuous_at[j])
        how = THRESHOLD if c >= 0 else MULTIWAY if multiway else SUBSET
        counts = slots.branch_counts[s, j, :slots.n_branches[s, j]].copy()
        lower = upper = 0.0
        subset = None
        if how == THRESHOLD:
            at = slots.cut_at[s, j]
            lower, upper = table.columns[j][entry_rows(sorted_entries[c, at:at + 2])].tolist()
        elif how == SUBSET:
            subset = tuple(np.flatnonzero(slots.member[s, j, :table.levels[j]]).tolist())
        midpoint = float(kernels.midpoints(np.array([lower]), np.array([upper]))[0])
        proposals.append(_proposal(j, how, features[j], counts, float(slots.rho[s, j]),
                                   float(slots.missing[s, j]),
                                   midpoint if threshold_style == "midpoint" else lower,
                                   midpoint, subset, NOTES.get(status, "")))
    return proposals


class NodeFactory(ArrayNodeFactory):
    """The nodewise tree's nodes: threshold, multiway and subset splits (``subsets`` holds the
    codes of every subset split, located by ``subset_at`` and ``subset_len``); ``given`` holds
    the chosen candidate of the nodes split by the builder's rule (a forced split's figures
    are not in the arrays: :mod:`treecore.grow.nodewise_guided`), by id."""

    def __init__(self, arrays: Nodes, subsets: np.ndarray, *args,
                 given: Mapping[int, Candidate] | None = None):
        super().__init__(arrays, arrays.n_rows, *args)
        self.subsets = subsets
        self.given = dict(given or {})
        #: Every node's branch counts are padded to the widest split in the tree, whichever
        #: nodes are made at once, so a figure never depends on how the nodes were asked for.
        self.widest = int(arrays.n_children.max(initial=0))

    def _splits(self, start: int, stop: int) -> dict:
        """The chosen candidate of every expanded node of ids ``start`` … ``stop`` − 1, its
        figures computed in one call over the branch counts padded with empty branches (which
        change no figure)."""
        a = self.arrays
        expanded = start + np.flatnonzero(a.expanded_at[start:stop] >= 0)
        given = {i: self.given[i] for i in expanded.tolist() if i in self.given}
        expanded = expanded[~np.isin(expanded, list(given))]
        if not len(expanded):
            return given
        n_children = a.n_children[expanded]
        padded = np.zeros((len(expanded), self.widest, a.counts.shape[1]))
        children = children_of(a, expanded)
        padded[np.repeat(np.arange(len(expanded)), n_children),
               children - np.repeat(a.first_child[expanded], n_children)] = a.in_counts[children]
        regression = self.criterion.task == "regression"
        figures, means = self._figures(padded, a.rho[expanded], a.missing[expanded],
                                       a.known_loss[expanded])
        values = [dict(zip(FIGURES, row)) for row in zip(*(figures[name].tolist()
                                                           for name in FIGURES))]
        counts = _branch_counts(padded, regression).tolist()
        midpoints = kernels.midpoints(a.lower[expanded], a.upper[expanded]).tolist()
        chosen, n_children = a.feature[expanded].tolist(), n_children.tolist()
        kinds, thresholds = a.split_kind[expanded].tolist(), a.threshold[expanded].tolist()
        rhos, missings = a.rho[expanded].tolist(), a.missing[expanded].tolist()
        splits = {}
        for at, i in enumerate(expanded.tolist()):
            j, how = chosen[at], kinds[at]
            feature = self.features[j]
            branch_counts, rho, missing = counts[at][:n_children[at]], rhos[at], missings[at]
            subset = tuple(self.subsets[a.subset_at[i]:a.subset_at[i]
                                        + a.subset_len[i]].tolist()) if how == SUBSET else None
            proposal = _proposal(j, how, feature, branch_counts, rho, missing,
                                 thresholds[at], midpoints[at], subset)
            splits[i] = build_candidate(proposal, feature, values[at],
                                        None if means is None else tuple(means[at]))
        return {**splits, **given}

    def _figures(self, branch_counts: np.ndarray, rho: np.ndarray, missing: np.ndarray,
                 known_loss: np.ndarray) -> tuple[dict, list | None]:
        """The figures of the chosen splits (by name, one value per split) and, for a
        regression tree, what each branch predicts: the squared error's figures of the known
        rows and each branch's mean, or by the absolute error the figures from the branches'
        AE and that of the known rows (``known_loss``) and each branch's median; the decrease
        and score scaled by ρ."""
        if self.criterion.task != "regression":
            return partition_figures(branch_counts, rho, missing, self.criterion), None
        if self.criterion.name == "absolute_error":
            table = absolute_error.figures(branch_counts, known_loss)
            values = branch_counts[..., absolute_error.MEDIAN]
        else:
            table = squared_error.figures(branch_counts)
            values = branch_counts[..., squared_error.SUM] \
                / np.maximum(branch_counts[..., squared_error.WEIGHT], 1e-300)
        figures = {name: table[:, k] for k, name in enumerate(FIGURES)}
        figures["decrease"], figures["score"] = figures["decrease"] * rho, figures["score"] * rho
        return figures, values.tolist()
