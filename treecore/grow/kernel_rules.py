"""What both compiled engines (:mod:`treecore.grow.presorted`, :mod:`treecore.grow.nodewise`)
share, written once: the stop reasons they write, Hunt's first case, the pre-pruning limits
before and after a node's split is chosen and the choice itself, each in the order of the
readable builder (:class:`treecore.grow.builder.Growth`); the work per compiled call (so a
deadline is checked about every 10 ms) and the packed entry of a sorted row.

The rules read a node's statistics and the growth parameters as :class:`Rules` (made by
:func:`rules_of`), so each engine keeps its own node arrays.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from ..jit import njit

from ..measures import kernels
from ..measures.sorting import row_of, ties_previous
from ..split.candidates import TIE_TOLERANCE
from ..split.proposals import EXHAUSTIVE_LEVELS
from ..tree.nodes import StopReason

#: Stop reasons by the codes the kernels write (−1: not stopped, still waiting); VALIDATION is
#: written after growth, by :mod:`treecore.grow.validation_cut`.
REASONS = (StopReason.PURE, StopReason.NO_FEATURES, StopReason.IDENTICAL,
           StopReason.EMPTY_BRANCH, StopReason.MAX_DEPTH, StopReason.MIN_SAMPLES_SPLIT,
           StopReason.MIN_SAMPLES_LEAF, StopReason.MIN_GAIN, StopReason.MIN_IMPURITY_DECREASE,
           StopReason.MAX_LEAVES, StopReason.VALIDATION)
(WAITING, PURE, NO_FEATURES, IDENTICAL, EMPTY_BRANCH, MAX_DEPTH, MIN_SAMPLES_SPLIT,
 MIN_SAMPLES_LEAF, MIN_GAIN, MIN_IMPURITY_DECREASE, MAX_LEAVES,
 VALIDATION) = range(-1, len(REASONS))

#: Threads sharing the presorted engine's chunks of nodes.
GROWTH_THREADS = 2
#: Row × feature visits per compiled call: about 10 ms, so a deadline is never missed by more.
WORK_PER_CALL = 2_000_000

#: Columns of the kernel's figures (:data:`treecore.measures.kernels.FIGURE_COLUMNS`) the choice
#: reads.
GAIN, DECREASE, SCORE = (kernels.FIGURE_COLUMNS.index(name)
                         for name in ("gain", "decrease", "score"))

# counters: positions in the kernel's counter array
N_NODES, NEXT_NODE, STEPS = range(3)

#: A sorted position holds one 64-bit entry: row << 32 | rank of the value << 8 | class. One
#: array per feature is all a partition moves (8 bytes a row, no branch), and a node's scan
#: unpacks its segment once.
RANK_BITS, CLASS_BITS = 24, 8
#: Where the row starts in a packed entry: above the rank and the class.
ROW_SHIFT = 32
MAX_ROWS, MAX_CLASSES = 2**RANK_BITS - 1, 2**CLASS_BITS - 1
#: The value rank of a missing value in a sorted segment: after every known value.
MISSING_RANK = MAX_ROWS


@njit(cache=True, inline="always")
def pack_entry(row, rank, label):
    """The entry of a row whose value has ``rank`` among its feature's, of class ``label``."""
    return (row << ROW_SHIFT) | (rank << CLASS_BITS) | label


def upper_entries(out: np.ndarray) -> np.ndarray:
    """The upper half of an int64 array's memory as 32-bit places, one a position of ``out``:
    where a feature's sorted entries are put for :func:`pack_sorted` to pack in place."""
    return out.view(np.uint32)[len(out):]


@njit(cache=True, nogil=True)
def pack_sorted(entries, values, labels, out):
    """One feature's rows in value order (``entries`` as
    :func:`~treecore.measures.sorting.pack_order` writes them, row << 1 | tie, missing values
    last) packed into ``out``: each row with the rank of its value, how many distinct values
    come before it (:data:`MISSING_RANK` for a missing one), and its class. ``entries`` may be
    the :func:`upper_entries` of ``out``: entry q, at 32-bit place n + q, is read before
    ``out[q]`` (places 2q and 2q + 1, at most n + q) is written."""
    rank = 0
    for q in range(len(out)):
        entry = entries[q]
        row = row_of(entry)
        if q > 0 and not ties_previous(entry):
            rank += 1
        out[q] = pack_entry(row, MISSING_RANK if np.isnan(values[row]) else rank, labels[row])


@njit(cache=True, inline="always")
def entry_row(entry):
    """The row of a packed entry."""
    return entry >> ROW_SHIFT


def entry_rows(entries: np.ndarray) -> np.ndarray:
    """The rows of an array of packed entries (:func:`entry_row` in numpy, for Python)."""
    return entries >> ROW_SHIFT


@njit(cache=True, inline="always")
def entry_rank(entry):
    """The rank of a packed entry's value among its feature's distinct values."""
    return (entry >> CLASS_BITS) & MAX_ROWS


@njit(cache=True, inline="always")
def entry_class(entry):
    """The class of a packed entry's row."""
    return entry & MAX_CLASSES


# ------------------------------------------------------------------------------------ the rules
class Rules(NamedTuple):
    """The growth parameters as the kernels read them (−1: no limit). ``multiway`` and
    ``exhaustive_levels`` say how a nominal feature splits (the presorted engine has none);
    ``absolute``: a regression tree by the absolute error (the nodewise engine grows it)."""

    regression: bool
    absolute: bool
    impurity_code: int
    ratio_score: bool
    average_gain_filter: bool
    midpoint: bool
    multiway: bool
    exhaustive_levels: int
    max_depth: int
    max_leaves: int
    min_samples_split: float
    min_samples_leaf: float
    min_gain: float
    min_impurity_decrease: float
    root_weight: float
    tolerance: float
    max_features: int
    seed: int


def rules_of(dataset, config, preset, criterion) -> Rules:
    """The growth parameters of a :class:`~treecore.grow.growing.GrowthConfig` for growing
    ``dataset`` by the ``preset`` and ``criterion`` it resolves to, as the kernels read them."""
    return Rules(dataset.is_regression, criterion.name == "absolute_error",
                 kernels.IMPURITY_CODES.get(criterion.impurity, -1),
                 criterion.score == "gain_ratio", criterion.average_gain_filter,
                 config.threshold_style == "midpoint", preset.multiway, EXHAUSTIVE_LEVELS,
                 -1 if config.max_depth is None else int(config.max_depth),
                 -1 if config.max_leaves is None else int(config.max_leaves),
                 float(config.min_samples_split), float(config.min_samples_leaf),
                 float(config.min_gain), float(config.min_impurity_decrease),
                 float(dataset.weights.sum()), TIE_TOLERANCE,
                 -1 if config.max_features is None else int(config.max_features),
                 int(config.random_state))


@njit(cache=True, inline="always")
def pure(counts, one_target, rules):
    """Hunt's first case: every row of the node in one class (at most one class weight above
    the tolerance), or for a regression node one target value (``one_target``, found as its
    sums were summed)."""
    if rules.regression:
        return one_target == 1
    classes_present = 0
    for c in counts:
        if c > rules.tolerance:
            classes_present += 1
    return classes_present <= 1


@njit(cache=True, inline="always")
def limit_before_split(depth, weight, rules):
    """The limits checked before a node is scored, after Hunt's first two cases: the maximum
    depth, then the least weight a node must have to be split; :data:`WAITING` if neither."""
    if rules.max_depth >= 0 and depth >= rules.max_depth:
        return MAX_DEPTH
    if weight < rules.min_samples_split - rules.tolerance:
        return MIN_SAMPLES_SPLIT
    return WAITING


@njit(cache=True, inline="always")
def limit_after_choice(weight, figures, leaves_after, rules):
    """The limits checked once the split is known: its score (the least gain), its impurity
    decrease weighted by the node's share of the root's weight (scikit-learn's
    ``min_impurity_decrease``), and the leaves the tree would have (``leaves_after``);
    :data:`WAITING` if none applies."""
    if figures[SCORE] < rules.min_gain - rules.tolerance:
        return MIN_GAIN
    weighted_decrease = weight / rules.root_weight * figures[DECREASE]
    if weighted_decrease < rules.min_impurity_decrease - rules.tolerance:
        return MIN_IMPURITY_DECREASE
    if rules.max_leaves >= 0 and leaves_after > rules.max_leaves:
        return MAX_LEAVES
    return WAITING


@njit(cache=True, inline="always")
def _competes(j, status, eligible, figures, average, rules):
    """Whether feature j's candidate competes: eligible, and past Quinlan's average-gain filter
    where the criterion applies it."""
    return status[j] == eligible and not (
        rules.average_gain_filter and figures[j, GAIN] < average - rules.tolerance)


@njit(cache=True, inline="always")
def choose(status, eligible, figures, rules, tie):
    """The chosen feature (or −1) by :func:`treecore.split.candidates.choose_index`'s rule: among
    the candidates whose ``status`` is ``eligible`` (a split leaving its leaves large enough),
    and with Quinlan's filter those whose gain is at least the average gain (Zhou §4.2.2), the
    highest score; scores within ``tie`` of it tie, and ties go to the first."""
    gain_sum, n_eligible = 0.0, 0
    for j in range(len(status)):
        if status[j] == eligible:
            gain_sum += figures[j, GAIN]
            n_eligible += 1
    if n_eligible == 0:
        return -1
    average = gain_sum / n_eligible
    top = -np.inf
    for j in range(len(status)):
        if _competes(j, status, eligible, figures, average, rules) and figures[j, SCORE] > top:
            top = figures[j, SCORE]
    for j in range(len(status)):
        if _competes(j, status, eligible, figures, average, rules) and \
                figures[j, SCORE] >= top - tie:
            return j
    return -1
