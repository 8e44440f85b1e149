"""Where each node of a drawn tree goes: a tidy layout in time linear in the number of nodes.

Pure Python and numpy (no Streamlit, no plotly), so it is unit-tested alone. The input is a
forest of plain arrays (each node's parent position, children in branch order), so the same
code lays out a whole tree, a stage of its growth or a tree with collapsed subtrees.

The algorithm is Walker's, in the linear-time form of Buchheim, Jünger and Leipert (2002,
"Improving Walker's algorithm to run in linear time"): nodes of one depth share a row (y is the
depth), neighbours in a row are at least one unit apart, a parent is centred over its first and
last child, and a subtree is pushed right only as far as its contour requires, so small
subtrees tuck in beside big ones instead of each leaf getting a column of its own. Iterative
(no recursion), so a 500-level chain lays out like a bushy tree.

>>> lay = tidy_layout([-1, 0, 0, 1, 1])
>>> lay.x.tolist(), lay.depth.tolist()
([1.0, 0.5, 1.5, 0.0, 1.0], [0, 1, 1, 2, 2])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

#: Horizontal distance between neighbouring nodes of one row, in layout units.
DISTANCE = 1.0


@dataclass(frozen=True)
class Layout:
    """Positions of the nodes of a forest, in the order of the parent array given.

    ``x`` in layout units (0 is the leftmost node), ``depth`` the row; ``width`` is the span of
    ``x`` plus one unit.
    """

    x: np.ndarray
    depth: np.ndarray

    @property
    def width(self) -> float:
        return float(self.x.max() - self.x.min() + DISTANCE) if len(self.x) else 0.0


def children_lists(parent: Sequence[int]) -> list[list[int]]:
    """Each position's children in order of position (the branch order when the positions are
    given parents first, children in branch order, as a tree's node ids are)."""
    kids: list[list[int]] = [[] for _ in parent]
    for i, p in enumerate(parent):
        if p >= 0:
            kids[p].append(i)
    return kids


def tidy_layout(parent: Sequence[int], children: list[list[int]] | None = None) -> Layout:
    """Walker/Buchheim positions for the forest given by ``parent`` (-1 for a root; several
    roots are laid side by side). ``children`` defaults to :func:`children_lists`."""
    n = len(parent)
    parent = [int(p) for p in parent]
    kids = children_lists(parent) if children is None else children
    if n == 0:
        return Layout(np.zeros(0), np.zeros(0, dtype=np.int32))
    roots = [i for i in range(n) if parent[i] < 0]
    # A virtual root joins a forest into one tree (it is dropped from the result).
    top = n
    kids = kids + [roots]
    par = parent + [-1]
    par = [top if p < 0 else p for p in par[:n]] + [-1]
    size = n + 1

    number = [0] * size                  # position among siblings, 1-based
    left_sibling = [-1] * size
    leftmost_sibling = [-1] * size
    for v in range(size):
        ch = kids[v]
        for k, w in enumerate(ch):
            number[w] = k + 1
            left_sibling[w] = ch[k - 1] if k else -1
            leftmost_sibling[w] = ch[0]
    prelim = [0.0] * size
    mod = [0.0] * size
    shift = [0.0] * size
    change = [0.0] * size
    thread = [-1] * size
    ancestor = list(range(size))
    default_ancestor = [ch[0] if ch else -1 for ch in kids]

    def next_left(v: int) -> int:
        ch = kids[v]
        return ch[0] if ch else thread[v]

    def next_right(v: int) -> int:
        ch = kids[v]
        return ch[-1] if ch else thread[v]

    def apportion(v: int, default: int) -> int:
        w = left_sibling[v]
        if w < 0:
            return default
        vip = vop = v
        vim = w
        vom = leftmost_sibling[vip]
        sip, sop, sim, som = mod[vip], mod[vop], mod[vim], mod[vom]
        nr, nl = next_right(vim), next_left(vip)
        while nr >= 0 and nl >= 0:
            vim, vip = nr, nl
            vom, vop = next_left(vom), next_right(vop)
            ancestor[vop] = v
            gap = (prelim[vim] + sim) - (prelim[vip] + sip) + DISTANCE
            if gap > 0:
                a = ancestor[vim]
                wm = a if par[a] == par[v] else default
                subtrees = number[v] - number[wm]
                change[v] -= gap / subtrees
                shift[v] += gap
                change[wm] += gap / subtrees
                prelim[v] += gap
                mod[v] += gap
                sip += gap
                sop += gap
            sim += mod[vim]
            sip += mod[vip]
            som += mod[vom]
            sop += mod[vop]
            nr, nl = next_right(vim), next_left(vip)
        if nr >= 0 and next_right(vop) < 0:
            thread[vop] = nr
            mod[vop] += sim - sop
        if nl >= 0 and next_left(vom) < 0:
            thread[vom] = nl
            mod[vom] += sip - som
            default = v
        return default

    # first walk: children before parents, siblings left to right (a post-order)
    order: list[int] = []
    stack = [top]
    while stack:
        v = stack.pop()
        order.append(v)
        stack.extend(kids[v])               # reversed preorder visits the last child first
    for v in reversed(order):
        ch = kids[v]
        w = left_sibling[v]
        if ch:
            s = c = 0.0                     # execute the shifts of v's children
            for u in reversed(ch):
                prelim[u] += s
                mod[u] += s
                c += change[u]
                s += shift[u] + c
            mid = (prelim[ch[0]] + prelim[ch[-1]]) / 2
            if w >= 0:
                prelim[v] = prelim[w] + DISTANCE
                mod[v] = prelim[v] - mid
            else:
                prelim[v] = mid
        else:
            prelim[v] = prelim[w] + DISTANCE if w >= 0 else 0.0
        p = par[v]
        if p >= 0:
            default_ancestor[p] = apportion(v, default_ancestor[p])

    # second walk: x = prelim + the sum of the ancestors' mods
    x = [0.0] * size
    depth = [0] * size
    acc = [0.0] * size                      # sum of the mods above a node
    for v in order:                         # a preorder
        x[v] = prelim[v] + acc[v]
        below = acc[v] + mod[v]
        d = depth[v] + 1
        for w in kids[v]:
            acc[w] = below
            depth[w] = d
    xs = np.asarray(x[:n], dtype=float)
    xs -= xs.min()
    return Layout(xs, np.asarray(depth[:n], dtype=np.int32) - 1)
