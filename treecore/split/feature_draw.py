"""The random feature subsets of a random forest: which features a node may split on.

Breiman (2001) grows each tree of a random forest on a bootstrap sample and, at every node,
looks for the best split among k features drawn at random, not among all d (Zhou 《机器学习》
§8.3 随机森林: "从该结点的属性集合中随机选择一个包含 k 个属性的子集", with k = log₂ d
recommended; scikit-learn's classifier takes k = √d). The draw follows scikit-learn's splitter:
features are drawn one at a time without replacement (a Fisher–Yates shuffle taken step by step),
and a drawn feature that takes one value at the node (it offers no cut) does not count toward k,
so drawing goes on until k features that can cut have been scored or every feature has been
drawn.

The draw is a pure function of (seed, node id, step): a counter-based generator (splitmix64,
Steele, Lea & Flood 2014) rather than a stream, so it needs no state carried between nodes, is
the same whatever order or thread grows the nodes, and a view can draw a node's subset again
from the seed, its id and how many features it drew (:func:`drawn_features`).

>>> drawn_features(seed=7, node_id=0, n_features=5, n_drawn=5) == drawn_features(7, 0, 5, 5)
True
>>> sorted(drawn_features(seed=7, node_id=0, n_features=5, n_drawn=5))
[0, 1, 2, 3, 4]
>>> resolve_max_features("sqrt", 20), resolve_max_features(0.5, 20), resolve_max_features(None, 20)
(4, 10, None)
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import numpy as np
from ..jit import njit

from ..errors import ConfigError

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1, _MIX_2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)


@njit(cache=True, nogil=True, inline="always")
def splitmix64(x):
    """splitmix64's output function of the 64-bit counter ``x`` (arithmetic modulo 2⁶⁴)."""
    z = np.uint64(x) + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _MIX_1
    z = (z ^ (z >> np.uint64(27))) * _MIX_2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True, inline="always")
def node_key(seed, node_id):
    """The key of one node's draws: two mixes, so nearby seeds and ids give unrelated keys."""
    return splitmix64(splitmix64(np.uint64(seed)) + np.uint64(node_id))


@njit(cache=True, nogil=True, inline="always")
def draw_next(order, step, key):
    """Step ``step`` of the Fisher–Yates shuffle of ``order`` (positions ``step…`` not drawn
    yet): swaps a uniformly drawn remaining feature into position ``step`` and returns it."""
    remaining = np.uint64(len(order) - step)
    pick = step + np.int64(splitmix64(key + np.uint64(step)) % remaining)
    order[step], order[pick] = order[pick], order[step]
    return order[step]


@njit(cache=True)
def _drawn(seed, node_id, n_features, n_drawn):
    order = np.arange(n_features)
    key = node_key(seed, node_id)
    for step in range(n_drawn):
        draw_next(order, step, key)
    return order[:n_drawn]


def drawn_features(seed: int, node_id: int, n_features: int, n_drawn: int) -> tuple[int, ...]:
    """The first ``n_drawn`` features (column indices, in draw order) that growth with ``seed``
    drew at node ``node_id``: the compiled engines record only ``n_drawn`` per node. The
    arguments are taken as Python ints (a seed is below 2⁶³), so every caller's integers reach
    the one compiled form."""
    return tuple(_drawn(int(seed), int(node_id), int(n_features), int(n_drawn)).tolist())


def resolve_max_features(max_features, n_features: int) -> int | None:
    """scikit-learn's ``max_features`` as a count k (None: every feature): ``"sqrt"`` ⌊√d⌋,
    ``"log2"`` ⌊log₂ d⌋ (Zhou's recommendation), a fraction f of (0, 1] ⌊f·d⌋, an integer as
    it is; also ``"third"`` ⌊d/3⌋, Breiman's choice for regression (Hastie, Tibshirani &
    Friedman, *ESL* §15.3: "for regression, the default value for m is ⌊p/3⌋"); at least 1."""
    if max_features is None:
        return None
    if isinstance(max_features, str):
        rules = {"sqrt": math.sqrt, "log2": math.log2, "third": lambda d: d / 3}
        if max_features not in rules:
            raise ConfigError(f"max_features must be 'sqrt', 'log2', 'third', an integer, a "
                              f"fraction or None, not {max_features!r}")
        return max(1, int(rules[max_features](n_features)))
    if isinstance(max_features, (bool, np.bool_)):
        raise ConfigError(f"max_features must be a number, not {max_features!r}")
    if isinstance(max_features, Integral):
        if not 1 <= max_features <= n_features:
            raise ConfigError(f"max_features must be in [1, {n_features}], got {max_features}")
        return int(max_features)
    if isinstance(max_features, Real) and 0.0 < max_features <= 1.0:
        return max(1, int(max_features * n_features))
    raise ConfigError(f"max_features must be a fraction in (0, 1], got {max_features!r}")
