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
from treecore.io import node_conditions

#: Columns of the candidate table, in display order (keys of ``Candidate.as_record``).
CANDIDATE_COLUMNS = ("feature", "test", "gain", "gain_ratio", "split_info", "gini", "rho",
                     "score")
#: The lens: (figure name, algorithm, criterion) per curve; each algorithm's mark is the
#: engine's choice on its own curve.
LENS = (("gain", "id3", "entropy"), ("gain_ratio", "c45", "gain_ratio"),
        ("gini_decrease", "cart", "gini"), ("error_decrease", "cart", "misclassification"))
#: The nominal lens: the (algorithm, criterion) settings whose curves give every figure of the
#: multiway split (ID3) and of every binary subset (CART), each scored by Gini and by error.
NOMINAL_LENS = (("id3", "gini"), ("id3", "misclassification"), ("cart", "gini"),
                ("cart", "misclassification"))
#: The figure columns of the nominal lens, as named in :data:`LENS`.
LENS_FIGURES = tuple(name for name, _, _ in LENS)
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


def nominal_lens(dataset: Dataset, tree: Tree, node_id: int, feature: str) -> pd.DataFrame:
    """For a nominal feature: every value grouping at the node (ID3's and C4.5's multiway split,
    then each binary subset CART considers, one row each) with its information gain, gain ratio,
    Gini decrease and error decrease (the figures of :data:`LENS`), ``multiway``, and
    ``picked_by``: the algorithms that would split the node this way (ID3 and C4.5 the multiway
    split, CART its best Gini subset). The subsets come best Gini decrease first. Empty for a
    continuous feature."""
    if dataset.features[dataset.schema.index_of(feature)].kind is not Kind.NOMINAL:
        return pd.DataFrame(columns=["grouping", "multiway", *LENS_FIGURES, "picked_by"])
    sample = tree.node_rows(dataset, node_id)
    node = treecore.NodeSample(sample.rows, sample.weights)
    by_gini, by_error, subsets_gini, subsets_error = treecore.threshold_curves(
        dataset, feature, NOMINAL_LENS, node=node)
    values, counts = value_counts(dataset, tree, node_id, feature)
    present = [v for v, c in zip(values, counts) if c.sum() > 0]
    subsets = subsets_gini.subsets or ()
    frame = pd.DataFrame({
        "grouping": [" | ".join(present)] + [
            f"{{{', '.join(s)}}} | {{{', '.join(v for v in present if v not in s)}}}"
            for s in subsets],
        "multiway": [True] + [False] * len(subsets),
        "gain": np.r_[by_gini.figures["gain"], subsets_gini.figures["gain"]],
        "gain_ratio": np.r_[by_gini.figures["gain_ratio"], subsets_gini.figures["gain_ratio"]],
        "gini_decrease": np.r_[by_gini.figures["decrease"], subsets_gini.figures["decrease"]],
        "error_decrease": np.r_[by_error.figures["decrease"], subsets_error.figures["decrease"]],
        "picked_by": ""})
    if by_gini.best is not None:
        frame.loc[0, "picked_by"] = "ID3 · C4.5"
    if subsets_gini.best is not None:
        frame.loc[1 + subsets_gini.best, "picked_by"] = "CART"
    binary = frame.iloc[1:].sort_values("gini_decrease", ascending=False, kind="stable")
    return pd.concat([frame.iloc[:1], binary], ignore_index=True)


def rule(tree: Tree, node_id: int) -> tuple[list[str], str]:
    """(conditions, prediction) of the node: its rule ``IF … AND … THEN class`` (a regression
    node predicts its mean)."""
    node = tree.node(node_id)
    label = f"{node.value:.4g}" if tree.is_regression else str(tree.classes[node.prediction])
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
