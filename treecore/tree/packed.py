"""The tree packed for the compiled walk of :mod:`.predict`: one 16-byte record per node, in
depth-first (pre-)order.

A walk down a deep tree is a chain of loads, each waiting for the last. What makes it fast is
how much of the tree stays in the processor's caches, and how often the next node is a
neighbour of this one. So a node is 16 bytes, four to a cache line, and nodes are numbered in
the order a depth-first walk meets them: a node's first child is the next record.

A record is two unsigned 64-bit words, ``key`` and ``meta``:

========== ========================================= ===========================================
kind       ``key``                                   ``meta`` bits 0–31
========== ========================================= ===========================================
LEAF       row of the leaf in ``leaf_source``        —
THRESHOLD  the threshold t (a float64's bits)        the right child (x > t); the left is next
SUBSET     bit c set: code c goes left (c < 64)      the right child; the left is next
BRANCHES   start of the node's codes in              start of its branches in ``children`` and
           ``code_child``; their number in the       ``fractions``
           upper 32 bits
========== ========================================= ===========================================

``meta`` bits 32–55 hold the feature, bits 56–63 the kind. A binary node's two r̃ᵥ are the
row of ``binary_fractions`` at its position. BRANCHES takes every nominal split the others do
not (multiway, a subset of a feature with more than 64 levels): ``code_child`` has the child
of each code (−1 for a code the node never saw), ``n_branches`` the number of branches.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from ..jit import njit

#: Kinds of a packed node.
LEAF, THRESHOLD, SUBSET, BRANCHES = 0, 1, 2, 3
#: Bits of ``meta``: the child or branch start (0–31), the feature (32–55), the kind (56–63).
FEATURE_SHIFT, KIND_SHIFT = 32, 56
#: Features a packed tree can test: those that fit the 24 bits of ``meta``.
MAX_FEATURES = 1 << 24
#: Levels a SUBSET node's 64-bit mask can hold.
MASK_LEVELS = 64


@dataclass(frozen=True)
class PackedTree:
    """The records (``nodes``, shape (n, 2): key, meta) and their side tables; ``levels[j]``
    is the number of codes of nominal feature ``j`` (a code at or past it is missing);
    ``position[p]`` is the :class:`~.predict.CompiledTree` position of packed node ``p`` and
    ``leaf_source[k]`` that of the leaf whose key is ``k``."""

    nodes: np.ndarray
    binary_fractions: np.ndarray
    code_child: np.ndarray
    children: np.ndarray
    fractions: np.ndarray
    n_branches: np.ndarray
    levels: np.ndarray
    position: np.ndarray
    leaf_source: np.ndarray

    @property
    def thresholds(self) -> np.ndarray:
        """The ``key`` column read as float64: a THRESHOLD node's threshold."""
        return self.nodes.view(np.float64)

    def leaf_rows(self, values: np.ndarray) -> np.ndarray:
        """The rows of ``values`` (one per compiled node) that belong to leaves, in leaf-key
        order, as contiguous floats: what the walk blends at each leaf it reaches."""
        return np.ascontiguousarray(values[self.leaf_source], dtype=float)


def pack(compiled, leaf: np.ndarray, nominal: np.ndarray) -> PackedTree:
    """``compiled`` (a :class:`~.predict.CompiledTree`, its nodes being leaves where ``leaf``
    and nominal splits where ``nominal``) as a :class:`PackedTree`."""
    position = _preorder(compiled.child_offset, compiled.n_children, compiled.children)
    packed_of = np.full(len(compiled.kind), -1, np.int64)
    packed_of[position] = np.arange(len(position))
    feature = compiled.feature[position]
    if feature.max(initial=0) >= MAX_FEATURES:
        raise ValueError(f"a tree can be packed for prediction over at most {MAX_FEATURES:,} "
                         "features")
    codes = _Codes(compiled, position, nominal[position])
    kind = np.where(leaf[position], LEAF, THRESHOLD)
    kind[codes.nodes] = np.where(codes.fit_a_mask(compiled, position, feature), SUBSET, BRANCHES)

    nodes = np.zeros((len(position), 2), np.uint64)
    link = np.zeros(len(position), np.int64)
    first = compiled.child_offset[position]
    binary = np.flatnonzero((kind == THRESHOLD) | (kind == SUBSET))
    link[binary] = packed_of[compiled.children[first[binary] + 1]]
    binary_fractions = np.zeros((len(position), 2))
    binary_fractions[binary] = compiled.fractions[first[binary, None] + np.arange(2)]
    threshold = np.flatnonzero(kind == THRESHOLD)
    nodes.view(np.float64)[threshold, 0] = compiled.threshold[position[threshold]]
    subset = kind[codes.nodes] == SUBSET
    nodes[codes.nodes[subset], 0] = codes.left_masks()[subset]
    leaves = np.flatnonzero(kind == LEAF)
    nodes[leaves, 0] = np.arange(len(leaves), dtype=np.uint64)

    branches = np.flatnonzero(kind == BRANCHES)
    n_branches = np.zeros(len(position), np.int64)
    n_branches[branches] = compiled.n_children[position[branches]]
    children = segments(first[branches], n_branches[branches])
    link[branches] = np.cumsum(n_branches[branches]) - n_branches[branches]
    code_child, code_start = codes.children_of(compiled, ~subset, packed_of)
    nodes[branches, 0] = code_start
    nodes[:, 1] = (link.astype(np.uint64) | feature.clip(0).astype(np.uint64) << FEATURE_SHIFT
                   | kind.astype(np.uint64) << KIND_SHIFT)
    return PackedTree(nodes, binary_fractions, code_child, packed_of[compiled.children[children]],
                      compiled.fractions[children], n_branches, codes.levels, position,
                      position[leaves])


def segments(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The indices ``starts[k]``, ``starts[k] + 1``, …, ``starts[k] + lengths[k] - 1`` of every
    segment ``k``, one after the other."""
    within = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return np.repeat(starts, lengths) + within


class _Codes:
    """The code maps of a compiled tree's nominal splits, in packed order: ``nodes`` (packed
    positions), ``owner`` (the index in ``nodes`` of each entry), ``code`` and ``branch``
    (the entry's code and its branch, −1 for none); ``levels`` per feature."""

    def __init__(self, compiled, position: np.ndarray, nominal: np.ndarray):
        self.nodes = np.flatnonzero(nominal)
        self.compiled_nodes = compiled_nodes = position[self.nodes]
        self.n_codes = compiled.n_codes[compiled_nodes]
        self.owner = np.repeat(np.arange(len(self.nodes)), self.n_codes)
        entries = segments(compiled.code_offset[compiled_nodes], self.n_codes)
        self.code = entries - np.repeat(compiled.code_offset[compiled_nodes], self.n_codes)
        self.branch = compiled.code_map[entries]
        feature = compiled.feature[compiled_nodes]
        self.levels = np.zeros(compiled.feature.max(initial=-1) + 1, np.int64)
        self.levels[feature] = self.n_codes

    def fit_a_mask(self, compiled, position: np.ndarray, feature: np.ndarray) -> np.ndarray:
        """Per node, whether a 64-bit mask routes it: two branches, every code of its
        feature in one of them, at most :data:`MASK_LEVELS` codes."""
        unknown = np.bincount(self.owner, self.branch < 0, minlength=len(self.nodes))
        return ((compiled.n_children[position[self.nodes]] == 2) & (unknown == 0)
                & (self.n_codes <= MASK_LEVELS)
                & (self.n_codes == self.levels[feature[self.nodes]]))

    def left_masks(self) -> np.ndarray:
        """Per node, the bits of the codes of branch 0 (meaningful where :meth:`fit_a_mask`)."""
        left = (self.branch == 0) & (self.code < MASK_LEVELS)
        bits = np.left_shift(np.uint64(1), self.code[left].astype(np.uint64))
        masks = np.zeros(len(self.nodes), np.uint64)
        np.bitwise_or.at(masks, self.owner[left], bits)
        return masks

    def children_of(self, compiled, chosen: np.ndarray, packed_of: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
        """(``code_child`` of the ``chosen`` nodes, in order; each chosen node's key: the start
        of its codes there, and their number in the upper 32 bits)."""
        entry = chosen[self.owner]
        node = self.compiled_nodes[self.owner[entry]]
        branch = self.branch[entry]
        child = compiled.children[compiled.child_offset[node] + np.maximum(branch, 0)]
        code_child = np.where(branch >= 0, packed_of[child], -1)
        n_codes = self.n_codes[chosen]
        start = np.cumsum(n_codes) - n_codes
        return code_child, start.astype(np.uint64) | n_codes.astype(np.uint64) << np.uint64(32)


@njit(cache=True)
def _preorder(child_offset, n_children, children):
    """Positions in the order a depth-first walk from the root meets them, branch 0 first."""
    order = np.empty(len(child_offset), np.int64)
    pending = np.empty(len(child_offset), np.int64)
    pending[0], top, k = 0, 1, 0
    while top > 0:
        top -= 1
        node = pending[top]
        order[k] = node
        k += 1
        for b in range(n_children[node] - 1, -1, -1):
            pending[top] = children[child_offset[node] + b]
            top += 1
    return order[:k]
