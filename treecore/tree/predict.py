"""Routing rows down a tree. A row whose tested value is missing splits into one particle per
branch with weight × r̃ᵥ (Quinlan 1993, ch. 2; Zhou §4.4.2), and its class distribution is the
weighted blend of the leaves it reaches.

Prediction (:func:`predict_proba`, :func:`apply`) walks each row down the flat arrays of
:class:`CompiledTree` in one compiled loop. :func:`walk` gives every particle level by level,
vectorised with numpy, for what needs the weight at inner nodes too (decision paths, pruning).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator, Sequence

import numpy as np
from ..jit import njit

from ..data import Kind
from ..data.schema import THREADS
from . import packed as _packed
from .packed import FEATURE_SHIFT, KIND_SHIFT, MAX_FEATURES, PackedTree, pack, segments

#: ``CompiledTree.kind`` of a leaf, a threshold split and a nominal split.
LEAF, CONTINUOUS_SPLIT, NOMINAL_SPLIT = 0, 1, 2


@dataclass(frozen=True)
class CompiledTree:
    """The tree as flat arrays indexed by node position (not id).

    ``code_map[code_offset[i] + code]`` is the branch of a nominal code at node ``i`` (−1 for a
    code the node does not know); ``children[child_offset[i] + b]`` the position of branch ``b``'s
    child and ``fractions`` at the same index its r̃ᵥ; ``node_id[i]`` the id of the node at
    position ``i`` (the engines that compile a tree themselves number nodes by position).
    """

    kind: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    code_offset: np.ndarray
    n_codes: np.ndarray
    code_map: np.ndarray
    child_offset: np.ndarray
    n_children: np.ndarray
    children: np.ndarray
    fractions: np.ndarray
    distribution: np.ndarray
    node_id: np.ndarray

    @cached_property
    def packed(self) -> PackedTree:
        """The same tree packed for the compiled walk (:func:`.packed.pack`), made once."""
        return pack(self, self.kind == LEAF, self.kind == NOMINAL_SPLIT)

    @cached_property
    def leaf_distribution(self) -> np.ndarray:
        """The leaves' class distributions (or values) in the packed tree's leaf order."""
        return self.packed.leaf_rows(self.distribution)


def compile_tree(tree) -> CompiledTree:
    """Flatten ``tree`` (any object with ``nodes`` in parent-before-child order)."""
    position = {node.node_id: i for i, node in enumerate(tree.nodes)}
    n = len(tree.nodes)
    kind = np.zeros(n, np.int8)
    feature = np.full(n, -1, np.int64)
    threshold = np.zeros(n)
    code_offset = np.zeros(n, np.int64)
    n_codes = np.zeros(n, np.int64)
    child_offset = np.zeros(n, np.int64)
    n_children = np.zeros(n, np.int64)
    code_map, children, fractions = [], [], []
    for i, node in enumerate(tree.nodes):
        if node.is_leaf:
            continue
        split = node.split
        feature[i] = split.feature_index
        child_offset[i], n_children[i] = len(children), len(node.children)
        children.extend(position[c] for c in node.children)
        fractions.extend(split.branch_fractions)
        if split.kind is Kind.CONTINUOUS:
            kind[i], threshold[i] = CONTINUOUS_SPLIT, split.threshold
            continue
        kind[i] = NOMINAL_SPLIT
        levels = len(tree.schema.features[split.feature_index].labels)
        code_offset[i], n_codes[i] = len(code_map), levels
        if split.subset is not None:
            code_map.extend(np.where(np.isin(np.arange(levels), split.subset), 0, 1))
        else:
            branch_of = np.full(levels, -1)
            branch_of[list(split.branch_codes)] = np.arange(len(split.branch_codes))
            code_map.extend(branch_of)
    distribution = np.array([node.distribution for node in tree.nodes], dtype=float)
    return CompiledTree(kind, feature, threshold, code_offset, n_codes,
                        np.asarray(code_map, np.int64), child_offset, n_children,
                        np.asarray(children, np.int64), np.asarray(fractions, float), distribution,
                        np.array([node.node_id for node in tree.nodes], np.int64))


def without_subtrees(compiled: CompiledTree, keep: np.ndarray, leaves: np.ndarray
                     ) -> CompiledTree:
    """``compiled`` with the nodes at positions ``leaves`` made leaves and only the positions
    ``keep`` left (:meth:`treecore.tree.nodes.Tree.collapse`: a kept node's children are all kept
    unless it became a leaf). The tables of branches and nominal codes stay as they are; the
    entries of removed nodes are never read."""
    new_position = np.cumsum(keep) - 1
    inner = (compiled.n_children > 0) & ~leaves
    return CompiledTree(np.where(leaves, LEAF, compiled.kind)[keep].astype(np.int8),
                        np.where(inner, compiled.feature, -1)[keep], compiled.threshold[keep],
                        compiled.code_offset[keep], compiled.n_codes[keep], compiled.code_map,
                        compiled.child_offset[keep], np.where(inner, compiled.n_children, 0)[keep],
                        new_position[compiled.children], compiled.fractions,
                        compiled.distribution[keep], compiled.node_id[keep])


def walk(compiled: CompiledTree, X: np.ndarray, weights: np.ndarray | None = None
         ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Yield ``(rows, positions, weights)`` of all particles, one tree level at a time."""
    n = X.shape[0]
    rows = np.arange(n)
    pos = np.zeros(n, np.int64)
    w = np.ones(n) if weights is None else np.asarray(weights, float)
    while rows.size:
        yield rows, pos, w
        inner = compiled.n_children[pos] > 0
        rows, pos, w = descend(compiled, X, rows[inner], pos[inner], w[inner])


def descend(compiled: CompiledTree, X: np.ndarray, rows: np.ndarray, pos: np.ndarray,
            w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The particles ``(rows, pos, w)``, each at an inner node, sent one level down: to the
    branch of the row's value, or, where it is missing, to every branch with weight × r̃ᵥ;
    returns the particles at the children (their positions from ``compiled.children``)."""
    branch = _branches(compiled, X[rows, compiled.feature[pos]], pos)
    known = branch >= 0
    moved_pos = compiled.children[compiled.child_offset[pos[known]] + branch[known]]
    split_rows, split_pos, split_w = _distribute(compiled, rows[~known], pos[~known], w[~known])
    return (np.concatenate([rows[known], split_rows]), np.concatenate([moved_pos, split_pos]),
            np.concatenate([w[known], split_w]))


def _branches(compiled: CompiledTree, values: np.ndarray, pos: np.ndarray) -> np.ndarray:
    """Branch index of each particle's value at its node; −1 where the value is missing."""
    branch = np.full(len(values), -1, np.int64)
    known = ~np.isnan(values)
    continuous = known & (compiled.kind[pos] == CONTINUOUS_SPLIT)
    branch[continuous] = values[continuous] > compiled.threshold[pos[continuous]]
    nominal = known & (compiled.kind[pos] == NOMINAL_SPLIT)
    codes = values[nominal].astype(np.int64)
    in_range = (codes >= 0) & (codes < compiled.n_codes[pos[nominal]])
    looked_up = np.full(len(codes), -1, np.int64)
    looked_up[in_range] = compiled.code_map[compiled.code_offset[pos[nominal]][in_range]
                                            + codes[in_range]]
    branch[nominal] = looked_up
    return branch


def _distribute(compiled: CompiledTree, rows, pos, w):
    """Split each particle over all branches of its node, weight × r̃ᵥ; drop zero weights."""
    counts = compiled.n_children[pos]
    slot = segments(compiled.child_offset[pos], counts)
    new_w = np.repeat(w, counts) * compiled.fractions[slot]
    keep = new_w > 0
    return np.repeat(rows, counts)[keep], compiled.children[slot][keep], new_w[keep]


def predict_proba(tree, X: np.ndarray) -> np.ndarray:
    """Σ over the leaves a row reaches of (its weight there) × (the leaf's class distribution)."""
    compiled = tree.compiled
    proba = np.zeros((X.shape[0], compiled.distribution.shape[1]))
    _route(compiled, _matrix(X), proba, np.zeros(0, np.int64))
    return proba


def blend(tree, X: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Σ over the leaves a row reaches of (its weight there) × ``values[leaf id]``: what the tree
    would predict if its leaves held ``values`` (gradient boosting's Newton values), by the
    walk of :func:`predict_proba`."""
    out = np.zeros((X.shape[0], 1))
    _route(tree.compiled, _matrix(X), out, np.zeros(0, np.int64),
           np.asarray(values, float)[tree.compiled.node_id].reshape(-1, 1))
    return out[:, 0]


def _matrix(X) -> np.ndarray:
    """``X`` as a float matrix, copied only when it is not one (either memory order will do)."""
    X = np.asarray(X)
    return X if X.dtype == np.float64 else X.astype(float)


#: Rows per task of the walk; tasks are shared out to :data:`THREADS` threads as they finish.
ROWS_PER_TASK = 16_384


def _route(compiled: CompiledTree, X: np.ndarray, proba: np.ndarray, heaviest: np.ndarray,
           distribution: np.ndarray | None = None) -> None:
    """:func:`_route_rows` over all rows of ``X``, in tasks of :data:`ROWS_PER_TASK` rows run on
    :data:`THREADS` threads (the kernel releases the GIL); a small ``X`` runs here. The leaves
    blend ``distribution`` (by node position; default the tree's own)."""
    packed = compiled.packed
    leaf_values = (compiled.leaf_distribution if distribution is None
                   else packed.leaf_rows(distribution))
    arrays = (packed.nodes, packed.thresholds, packed.binary_fractions, packed.code_child,
              packed.children, packed.fractions, packed.n_branches, packed.levels,
              packed.position, leaf_values, X, proba, heaviest)
    n = X.shape[0]
    if n <= ROWS_PER_TASK or THREADS < 2:
        _route_rows(*arrays, 0, n)
        return
    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(lambda start: _route_rows(*arrays, start, min(start + ROWS_PER_TASK, n)),
                      range(0, n, ROWS_PER_TASK)))


#: Rows copied at a time into a row-major block by :func:`_route_rows`.
BLOCK_ROWS = 512
_ONE, _LOW = np.uint64(1), np.uint64(0xFFFF_FFFF)
_FEATURE_SHIFT, _KIND_SHIFT = np.uint64(FEATURE_SHIFT), np.uint64(KIND_SHIFT)
_FEATURE_MASK = np.uint64(MAX_FEATURES - 1)


@njit(cache=True, nogil=True)
def _route_rows(nodes, thresholds, binary_fractions, code_child, children, fractions,
                n_branches, levels, position, leaf_values, X, proba, heaviest, start, stop):
    """Rows ``start``…``stop - 1`` of ``X`` from the root to their leaves through the
    :class:`~.packed.PackedTree` arrays, depth first: a known value takes one branch, a missing
    one (or a code the node never saw) every branch with weight × r̃ᵥ, branch 0 first. Adds
    weight × ``leaf_values`` of each leaf reached to ``proba`` (when it has rows) and writes the
    compiled position of the leaf with the largest weight to ``heaviest`` (when it has rows;
    ties to the lowest position). ``X`` is read a block of rows at a time, copied row by row,
    so a column-major ``X`` costs no more than a row-major one. Positions are unsigned, so
    numba adds no test for a negative index."""
    pending_pos = np.empty(len(nodes) + 1, np.uint64)
    pending_w = np.empty(len(nodes) + 1)
    block = np.empty((BLOCK_ROWS, X.shape[1]))
    for block_start in range(start, stop, BLOCK_ROWS):
        block_stop = min(block_start + BLOCK_ROWS, stop)
        block[:block_stop - block_start] = X[block_start:block_stop]
        for r in range(block_start, block_stop):
            row = block[r - block_start]
            pending_pos[0], pending_w[0], top = 0, 1.0, 1
            best_w, best_pos = -1.0, 0
            while top > 0:
                top -= 1
                pos, w = pending_pos[top], pending_w[top]
                while True:                    # down the known branches, no stack
                    meta = nodes[pos, 1]
                    kind = meta >> _KIND_SHIFT
                    if kind == _packed.LEAF:
                        break
                    value = row[(meta >> _FEATURE_SHIFT) & _FEATURE_MASK]
                    link = meta & _LOW
                    if kind == _packed.THRESHOLD:
                        if value > thresholds[pos, 0]:
                            pos = link
                            continue
                        if value <= thresholds[pos, 0]:
                            pos += _ONE
                            continue
                    elif kind == _packed.SUBSET:
                        if -1.0 < value < levels[(meta >> _FEATURE_SHIFT) & _FEATURE_MASK]:
                            pos = pos + _ONE if nodes[pos, 0] >> np.uint64(value) & _ONE else link
                            continue
                    elif -1.0 < value < np.float64(nodes[pos, 0] >> np.uint64(32)):
                        child = code_child[(nodes[pos, 0] & _LOW) + np.uint64(value)]
                        if child >= 0:
                            pos = np.uint64(child)
                            continue
                    break                      # missing, or a code the node never saw
                if kind == _packed.LEAF:
                    leaf = nodes[pos, 0]
                    if len(proba):
                        for c in range(leaf_values.shape[1]):
                            proba[r, c] += w * leaf_values[leaf, c]
                    if w > best_w or (w == best_w and position[pos] < best_pos):
                        best_w, best_pos = w, position[pos]
                elif kind == _packed.BRANCHES:         # every branch, weight × r̃ᵥ
                    for b in range(n_branches[pos] - 1, -1, -1):
                        share = w * fractions[link + np.uint64(b)]
                        if share > 0.0:
                            pending_pos[top] = children[link + np.uint64(b)]
                            pending_w[top] = share
                            top += 1
                else:
                    for b, child in ((1, link), (0, pos + _ONE)):
                        share = w * binary_fractions[pos, b]
                        if share > 0.0:
                            pending_pos[top], pending_w[top] = child, share
                            top += 1
            if len(heaviest):
                heaviest[r] = best_pos


def most_probable(proba: np.ndarray) -> np.ndarray:
    """Column of the highest probability; a tie (within 1e-12) goes to the first class."""
    return _first_within(np.ascontiguousarray(proba, dtype=float), 1e-12)


@njit(cache=True, nogil=True)
def _first_within(proba, tolerance):
    """Per row, the first column within ``tolerance`` of the row's largest value (0 for a row
    holding NaN, as numpy's ``argmax(proba >= proba.max(axis=1) - tolerance)`` gives)."""
    best = np.zeros(proba.shape[0], np.int64)
    for r in range(proba.shape[0]):
        top = proba[r, 0]
        for c in range(proba.shape[1]):
            if not proba[r, c] <= top:         # larger, or NaN
                top = proba[r, c]
                if np.isnan(top):
                    break
        if np.isnan(top):
            continue
        c = 0
        while proba[r, c] < top - tolerance:
            c += 1
        best[r] = c
    return best


def apply(tree, X: np.ndarray) -> np.ndarray:
    """Leaf id per row: the leaf holding the largest share of the row's weight (ties to the
    first in node order)."""
    compiled = tree.compiled
    heaviest = np.zeros(X.shape[0], np.int64)
    _route(compiled, _matrix(X), np.zeros((0, 0)), heaviest)
    return compiled.node_id[heaviest]


def leaf_shares(tree, X: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rows, leaf ids, shares): each row's share of its weight in each leaf it reaches, one
    triple per particle (the shares of a row sum to 1). A row that takes one branch at every
    node is one particle of share 1 in its leaf (:func:`apply`); a row that may go down
    several (:func:`_may_split`) gives the particles of :func:`walk`."""
    X = _matrix(X)
    compiled = tree.compiled
    may_split = _may_split(compiled, X)
    if not may_split.any():
        return np.arange(X.shape[0]), apply(tree, X), np.ones(X.shape[0])
    split, whole = np.flatnonzero(may_split), np.flatnonzero(~may_split)
    parts = [(split[rows], pos, w) for rows, pos, w in walk(compiled, X[split])]
    at_leaf = [compiled.n_children[pos] == 0 for _, pos, _ in parts]
    leaves = [pos[leaf] for (_, pos, _), leaf in zip(parts, at_leaf)]
    return (np.concatenate([whole] + [rows[leaf] for (rows, _, _), leaf in zip(parts, at_leaf)]),
            np.concatenate([apply(tree, X[whole])] + [compiled.node_id[p] for p in leaves]),
            np.concatenate([np.ones(len(whole))]
                           + [w[leaf] for (_, _, w), leaf in zip(parts, at_leaf)]))


def _may_split(compiled: CompiledTree, X: np.ndarray) -> np.ndarray:
    """Whether each row of ``X`` may go down more than one branch of some node: it has a
    missing value, or a code that a node testing its nominal feature never saw (whether or not
    the row reaches that node)."""
    may = np.isnan(X).any(axis=1)
    nominal = np.flatnonzero(compiled.kind == NOMINAL_SPLIT)
    counts = compiled.n_codes[nominal]
    slots = segments(compiled.code_offset[nominal], counts)
    unseen = compiled.code_map[slots] < 0
    unseen_feature = np.repeat(compiled.feature[nominal], counts)[unseen]
    unseen_code = (slots - np.repeat(compiled.code_offset[nominal], counts))[unseen]
    for feature in np.unique(compiled.feature[nominal]):
        code = np.trunc(X[:, feature])                                # as the walks read it
        fewest = counts[compiled.feature[nominal] == feature].min()   # every node saw below
        may |= (code < 0) | (code >= fewest) | np.isin(code, unseen_code[unseen_feature == feature])
    return may


def route_weights(tree, X: np.ndarray, weights: np.ndarray | None,
                  node_ids: Sequence[int]) -> np.ndarray:
    """(rows × len(node_ids)): the weight with which each row reaches each of those nodes."""
    compiled = tree.compiled
    wanted = np.full(compiled.node_id.max() + 1, -1)               # by node id
    wanted[np.asarray(node_ids, np.int64)] = np.arange(len(node_ids))
    column = wanted[compiled.node_id]                               # by position
    out = np.zeros((X.shape[0], len(node_ids)))
    for rows, pos, w in walk(compiled, X, weights):
        hit = column[pos] >= 0
        np.add.at(out, (rows[hit], column[pos[hit]]), w[hit])
    return out
