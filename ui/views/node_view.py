"""What the Grow page shows about one node, as plain values: its candidate table as a frame,
its rows along one feature, the per-value class counts, the criterion lens curves, its rule and
the rows that reached it fractionally. Pure functions of treecore values (no Streamlit): the
figures come from ``treecore.split_candidates`` / ``threshold_curve``, never recomputed here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

import treecore
from treecore import ALGORITHMS, CandidateTable, Dataset, Kind, Tree, ThresholdCurve
from treecore.algorithms import Algorithm, Criterion, home_algorithm, lens_criteria
from treecore.io import node_conditions, number_text

#: Columns of the candidate table, in display order (keys of ``Candidate.as_record``).
CANDIDATE_COLUMNS = ("feature", "test", "gain", "gain_ratio", "split_info", "gini", "rho",
                     "score")
#: Most rows drawn in the strip under the threshold chart (evenly spaced in sorted order).
STRIP_LIMIT = 1500


def candidates(dataset: Dataset, tree: Tree, node_id: int) -> CandidateTable:
    """The candidate splits of ``node_id``, recomputed with the tree's own settings."""
    return treecore.split_candidates(dataset, node=(tree, node_id))


def candidate_frame(table: CandidateTable) -> pd.DataFrame:
    """One row per feature with the figures a textbook prints and a ``status``:
    ``"chosen"``, ``"filtered"`` (C4.5's below-average gain, or any other reason it could not
    be chosen; the reason is in ``note``) or ``""``."""
    records = table.to_records()
    frame = pd.DataFrame([{k: r[k] for k in CANDIDATE_COLUMNS} for r in records],
                         columns=list(CANDIDATE_COLUMNS))
    frame["status"] = ["chosen" if r["chosen"] else "" if r["eligible"] else "filtered"
                       for r in records]
    frame["note"] = [r["note"] for r in records]
    return frame


def curve(dataset: Dataset, tree: Tree, node_id: int, feature: str) -> ThresholdCurve:
    """Every candidate threshold (or subset) of ``feature`` at the node, under the tree's
    algorithm and criterion."""
    return treecore.threshold_curve(dataset, feature, tree.criterion, node=(tree, node_id))


@dataclass(frozen=True)
class Strip:
    """The node's rows along one feature, sorted: values, class codes and weights
    (at most :data:`STRIP_LIMIT`, evenly spaced)."""

    values: np.ndarray
    classes: np.ndarray
    weights: np.ndarray
    n_rows: int


def strip(dataset: Dataset, tree: Tree, node_id: int, feature: str) -> Strip:
    """The rows reaching ``node_id`` with a known value of ``feature``, in value order."""
    sample = tree.node_rows(dataset, node_id)
    values = dataset.X[sample.rows, dataset.schema.index_of(feature)]
    known = ~np.isnan(values)
    order = np.argsort(values[known], kind="stable")
    keep = order if len(order) <= STRIP_LIMIT else order[
        np.linspace(0, len(order) - 1, STRIP_LIMIT).astype(int)]
    return Strip(values[known][keep], dataset.y[sample.rows][known][keep],
                 sample.weights[known][keep], int(known.sum()))


def value_counts(dataset: Dataset, tree: Tree, node_id: int, feature: str
                 ) -> tuple[tuple[str, ...], np.ndarray]:
    """(values, weighted class counts per value) of a nominal feature at the node: the branch
    counts of its multiway split, as ID3 would make it."""
    sample = tree.node_rows(dataset, node_id)
    table = treecore.split_candidates(dataset, "id3", "entropy",
                                      node=treecore.NodeSample(sample.rows, sample.weights))
    candidate = table[feature]
    return candidate.branches, np.asarray(candidate.branch_counts, dtype=float)


# ------------------------------------------------------------------------ the criterion lens
def lens_names() -> tuple[str, ...]:
    """The criteria the lens compares (``treecore.algorithms.lens_criteria``), in order."""
    return tuple(c.name for c in lens_criteria())


def _picked_by(criterion: str, multiway: bool | None = None) -> str:
    """The presets whose own criterion this is (J48 aside), those splitting nominal features
    multiway or in two when ``multiway`` says which: ``"ID3"``, ``"CART"``, or ``""``."""
    return " · ".join(a.label for a in ALGORITHMS.values()
                      if a.default_criterion == criterion and not a.release8
                      and multiway in (None, a.multiway))


@dataclass(frozen=True)
class LensCurve:
    """One criterion in the lens: its ``curve`` over the node's thresholds, the ``figure`` of
    it that the lens plots (the criterion's ``lens_figure``) and the presets that split where
    it peaks (``picked_by``, may be empty)."""

    curve: ThresholdCurve
    figure: str
    picked_by: str


def lens_curves(dataset: Dataset, tree: Tree, node_id: int, feature: str
                ) -> dict[str, LensCurve]:
    """For a continuous feature: each lens criterion's curve (information gain, gain ratio, Gini
    index, misclassification error, …), grown by its home preset
    (``treecore.algorithms.home_algorithm``), all over the same thresholds of the node's rows.
    Empty for a nominal feature."""
    if dataset.features[dataset.schema.index_of(feature)].kind is not Kind.CONTINUOUS:
        return {}
    sample = tree.node_rows(dataset, node_id)
    node = treecore.NodeSample(sample.rows, sample.weights)
    criteria = lens_criteria()
    curves = treecore.threshold_curves(
        dataset, feature, [(home_algorithm(c.name), c.name) for c in criteria], node=node)
    return {c.name: LensCurve(curve, c.lens_figure, _picked_by(c.name))
            for c, curve in zip(criteria, curves)}


def _lens_presets() -> tuple[Algorithm, Algorithm]:
    """The presets whose curves give the nominal lens its groupings: the multiway one allowing
    the most criteria (C4.5) and the first binary one (CART)."""
    presets = [a for a in ALGORITHMS.values() if not a.release8]
    return (max((a for a in presets if a.multiway), key=lambda a: len(a.criteria)),
            next(a for a in presets if not a.multiway))


def _scored_by(preset: Algorithm, criterion: Criterion) -> str:
    """The criterion a ``preset`` curve is grown by to give ``criterion``'s lens figure: itself
    if the preset allows it, else one of the same impurity (gain and gain ratio are figures of
    every curve; a decrease is that of the curve's own impurity)."""
    if criterion.name in preset.criteria:
        return criterion.name
    same = [name for name in preset.criteria
            if treecore.CRITERIA[name].impurity == criterion.impurity]
    return same[0] if same else preset.criteria[0]


def nominal_lens(dataset: Dataset, tree: Tree, node_id: int, feature: str) -> pd.DataFrame:
    """For a nominal feature: every value grouping at the node (the multiway split of ID3 and
    C4.5, then each binary subset CART considers, one row each) with each lens criterion's
    figure (a column per :func:`lens_names`), ``multiway``, and ``picked_by``: the presets
    that would split the node this way (ID3 and C4.5 the multiway split, CART its best subset
    by its own criterion). The subsets come best first by that criterion. Empty for a
    continuous feature."""
    names = lens_names()
    if dataset.features[dataset.schema.index_of(feature)].kind is not Kind.NOMINAL:
        return pd.DataFrame(columns=["grouping", "multiway", *names, "picked_by"])
    sample = tree.node_rows(dataset, node_id)
    node = treecore.NodeSample(sample.rows, sample.weights)
    multiway, binary = _lens_presets()
    settings = sorted({(preset.name, _scored_by(preset, c))
                       for preset in (multiway, binary) for c in lens_criteria()})
    curves = dict(zip(settings, treecore.threshold_curves(dataset, feature, settings, node=node)))
    values, counts = value_counts(dataset, tree, node_id, feature)
    present = [v for v, c in zip(values, counts) if c.sum() > 0]
    own = curves[binary.name, _scored_by(binary, treecore.CRITERIA[binary.default_criterion])]
    subsets = own.subsets or ()
    frame = pd.DataFrame({
        "grouping": [" | ".join(present)] + [
            f"{{{', '.join(s)}}} | {{{', '.join(v for v in present if v not in s)}}}"
            for s in subsets],
        "multiway": [True] + [False] * len(subsets),
        **{c.name: np.r_[curves[multiway.name, _scored_by(multiway, c)].figures[c.lens_figure],
                         curves[binary.name, _scored_by(binary, c)].figures[c.lens_figure]]
           for c in lens_criteria()},
        "picked_by": ""})
    own_multiway = curves[multiway.name, _scored_by(multiway, treecore.CRITERIA[
        multiway.default_criterion])]
    if own_multiway.best is not None:
        frame.loc[0, "picked_by"] = " · ".join(a.label for a in ALGORITHMS.values()
                                               if a.multiway and not a.release8)
    if own.best is not None:
        frame.loc[1 + own.best, "picked_by"] = _picked_by(binary.default_criterion, False)
    ordered = frame.iloc[1:].sort_values(binary.default_criterion, ascending=False, kind="stable")
    return pd.concat([frame.iloc[:1], ordered], ignore_index=True)


def rule(tree: Tree, node_id: int) -> tuple[list[str], str]:
    """(conditions, prediction) of the node: its rule ``IF … AND … THEN class`` (a regression
    node predicts its mean)."""
    node = tree.node(node_id)
    label = number_text(node.value) if tree.is_regression else str(tree.classes[node.prediction])
    return node_conditions(tree, node_id), label


def fractional_rows(dataset: Dataset, tree: Tree, node_id: int) -> pd.DataFrame:
    """The rows that reached the node with part of their weight (a tested value was missing
    above it): row number, class and weight."""
    sample = tree.node_rows(dataset, node_id)
    part = ~np.isclose(sample.weights, np.round(sample.weights))
    rows = sample.rows[part]
    return pd.DataFrame({"row": dataset.row_labels[rows],
                         "class": [str(dataset.classes[c]) for c in dataset.y[rows]],
                         "weight": sample.weights[part]})
