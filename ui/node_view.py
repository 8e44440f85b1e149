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
from treecore import CandidateTable, Dataset, Kind, Tree, ThresholdCurve
from treecore.export import node_conditions

#: Columns of the candidate table, in display order (keys of ``Candidate.as_record``).
CANDIDATE_COLUMNS = ("feature", "test", "gain", "gain_ratio", "split_info", "gini", "rho",
                     "score")
#: The lens: (figure name, algorithm, criterion) per curve; each algorithm's mark is the
#: engine's choice on its own curve.
LENS = (("gain", "id3", "entropy"), ("gain_ratio", "c45", "gain_ratio"),
        ("gini_decrease", "cart", "gini"), ("error_decrease", "cart", "misclassification"))
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


def lens_curves(dataset: Dataset, tree: Tree, node_id: int, feature: str
                ) -> dict[str, tuple[ThresholdCurve, str]]:
    """For a continuous feature: ``{figure: (curve, figure key in curve.figures)}`` for
    information gain (ID3), gain ratio (C4.5), Gini decrease and misclassification decrease
    (CART), all over the same thresholds of the node's rows. Empty for a nominal feature."""
    if dataset.features[dataset.schema.index_of(feature)].kind is not Kind.CONTINUOUS:
        return {}
    sample = tree.node_rows(dataset, node_id)
    node = treecore.NodeSample(sample.rows, sample.weights)
    key = {"gain": "gain", "gain_ratio": "gain_ratio"}
    curves = treecore.threshold_curves(dataset, feature, [(a, c) for _, a, c in LENS], node=node)
    return {name: (curve, key.get(name, "decrease")) for (name, _, _), curve in zip(LENS, curves)}


def rule(tree: Tree, node_id: int) -> tuple[list[str], str]:
    """(conditions, predicted class) of the node: its rule ``IF … AND … THEN class``."""
    node = tree.node(node_id)
    return node_conditions(tree, node_id), str(tree.classes[node.prediction])


def fractional_rows(dataset: Dataset, tree: Tree, node_id: int) -> pd.DataFrame:
    """The rows that reached the node with part of their weight (a tested value was missing
    above it): row number, class and weight."""
    sample = tree.node_rows(dataset, node_id)
    part = ~np.isclose(sample.weights, np.round(sample.weights))
    rows = sample.rows[part]
    return pd.DataFrame({"row": dataset.row_labels[rows],
                         "class": [str(dataset.classes[c]) for c in dataset.y[rows]],
                         "weight": sample.weights[part]})
