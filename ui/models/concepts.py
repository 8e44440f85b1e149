"""The Concepts page's model: its session keys, and the information measures of the data at a
node of the grown tree, with their arithmetic written out. Pure functions of treecore values
(no Streamlit beyond the session helpers); every number comes from
:mod:`treecore.measures.information`.

>>> import numpy as np
>>> m = measures(np.array([[7, 2], [1, 4], [0, 3]]))      # 纹理 × 好瓜, watermelon 2.0
>>> round(m.mi, 3), round(m.hxy, 3) == round(m.hx + m.hy_x, 3)
(0.381, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np
import pandas as pd
import streamlit as st

import treecore
from treecore import Candidate, CandidateTable, Dataset, Kind, Node, NodeSample, Tree
from treecore.measures.criteria import gini, misclassification
from treecore.measures.information import (conditional_entropy, cross_entropy, entropy,
                                           joint_entropy, kl_divergence, mutual_information)

from ui.models import growth

# ------------------------------------------------------------------------------- session keys
NODE = "concepts_node"          #: node of the Grow page's tree on screen (None: Grow's step node)
X_COLUMN = "concepts_x"         #: first column of the pair (None: the node's split attribute)
Y_COLUMN = "concepts_y"         #: second column (None: the class)
KL_MODE = "concepts_kl_mode"    #: one of KL_MODES
KL_P = "concepts_kl_p"          #: node id of P (a child, or the first leaf)
KL_Q = "concepts_kl_q"          #: node id of Q (the second leaf)
KL_TEXT_P = "concepts_kl_text_p"   #: typed probabilities of P
KL_TEXT_Q = "concepts_kl_text_q"   #: typed probabilities of Q

KL_MODES = ("parent", "leaves", "typed")
DEFAULTS = {NODE: None, X_COLUMN: None, Y_COLUMN: None, KL_MODE: "parent", KL_P: None,
            KL_Q: None, KL_TEXT_P: "0.5, 0.5", KL_TEXT_Q: "0.9, 0.1"}
#: Terms of a sum written out before the rest is elided as "…".
SHOWN_TERMS = 6
#: Tolerance of the live checks of the identities (floating point, not the data).
TOLERANCE = 1e-9


def ensure_defaults() -> None:
    """The Grow page's defaults (the tree shown is its tree) and this page's own."""
    growth.ensure_defaults()
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value


# ------------------------------------------------------------------------------- impurity curves
def impurity_curves(points: int = 201) -> dict[str, np.ndarray]:
    """The three impurities of a two-class node against p, the share of the first class:
    entropy halved (so that all three peak at 0.5 when p = 0.5, as in Hastie et al. Fig. 9.3),
    Gini value and misclassification error.

    >>> curves = impurity_curves(5)
    >>> [round(float(v), 3) for v in curves["entropy_half"]]
    [0.0, 0.406, 0.5, 0.406, 0.0]
    """
    p = np.linspace(0.0, 1.0, points)
    counts = np.stack([p, 1.0 - p], axis=-1)
    return {"p": p, **node_impurities(counts)}


def node_impurities(counts) -> dict[str, np.ndarray]:
    """``entropy_half``, ``gini`` and ``error`` of class counts (last axis)."""
    return {"entropy_half": entropy(counts) / 2, "gini": gini(counts),
            "error": misclassification(counts)}


def two_class_view(class_counts: Sequence[float]) -> tuple[float, np.ndarray, int | None]:
    """(p, the node's counts as two classes, the class set against the rest or None).

    A two-class node is itself; a node of more classes is seen as its majority class against
    the rest (None for a two-class node).

    >>> two_class_view([3, 1])[0]
    0.75
    >>> p, counts, one = two_class_view([1, 5, 2]); round(p, 3), counts.tolist(), one
    (0.625, [5.0, 3.0], 1)
    """
    counts = np.asarray(class_counts, dtype=float)
    total = counts.sum()
    if len(counts) == 2:
        return (float(counts[0] / total) if total > 0 else 0.0), counts, None
    one = int(np.argmax(counts))
    pair = np.array([counts[one], total - counts[one]])
    return (float(pair[0] / total) if total > 0 else 0.0), pair, one


# ------------------------------------------------------------------------------- the node
def node_data(grown: growth.Grown, dataset: Dataset, node_id: int
              ) -> tuple[NodeSample, CandidateTable]:
    """(the training rows reaching the node with their weights, ID3's candidate table there:
    each attribute's multiway split, or best entropy cut of a continuous one), computed once
    per node of the fitted tree."""
    def make():
        sample = grown.tree.node_rows(dataset, node_id)
        return sample, treecore.split_candidates(dataset, "id3", "entropy", node=sample)
    return grown.view("concepts.node", node_id, "", make)


def cut_points(candidates: CandidateTable) -> dict[str, float]:
    """The threshold of each continuous attribute's candidate: the cut it is read at."""
    return {c.feature: c.threshold for c in candidates if c.kind is Kind.CONTINUOUS}


# ------------------------------------------------------------------------------- a pair of columns
@dataclass(frozen=True)
class PairTable:
    """The weighted count table of two columns at a node: ``counts[i, j]`` is the weight of the
    node's rows with X = ``x_values[i]`` and Y = ``y_values[j]`` (rows where either is missing
    left out; ``rho`` is the weight share kept). Values no row at the node has are left out."""

    x: str
    y: str
    x_values: tuple[str, ...]
    y_values: tuple[str, ...]
    counts: np.ndarray
    rho: float


def pair_columns(dataset: Dataset, thresholds: dict[str, float]) -> list[str]:
    """The columns a pair may use: the class, every nominal attribute, and every continuous
    attribute with a threshold at the node (it is read as the two sides of that cut)."""
    return [dataset.schema.target] + [
        f.name for f in dataset.features
        if f.kind is Kind.NOMINAL or (f.kind is Kind.CONTINUOUS and f.name in thresholds)]


def _column(dataset: Dataset, rows: np.ndarray, name: str, thresholds: dict[str, float]
            ) -> tuple[np.ndarray, tuple[str, ...]]:
    """(codes with NaN where missing, value labels) of column ``name`` on ``rows``."""
    if name == dataset.schema.target:
        return dataset.y[rows].astype(float), tuple(map(str, dataset.classes))
    j = dataset.schema.index_of(name)
    values = dataset.X[rows, j]
    if dataset.features[j].kind is Kind.NOMINAL:
        return values, dataset.features[j].labels
    t = thresholds[name]
    return np.where(np.isnan(values), np.nan, values > t), (f"≤ {t:.6g}", f"> {t:.6g}")


def pair_table(dataset: Dataset, sample: NodeSample, x: str, y: str,
               thresholds: dict[str, float]) -> PairTable:
    """The count table of columns ``x`` and ``y`` on the rows of ``sample``; a continuous
    column is cut at its ``thresholds`` entry."""
    x_codes, x_labels = _column(dataset, sample.rows, x, thresholds)
    y_codes, y_labels = _column(dataset, sample.rows, y, thresholds)
    known = ~np.isnan(x_codes) & ~np.isnan(y_codes)
    flat = np.bincount(x_codes[known].astype(int) * len(y_labels) + y_codes[known].astype(int),
                       weights=sample.weights[known], minlength=len(x_labels) * len(y_labels))
    counts = flat.reshape(len(x_labels), len(y_labels))
    rows, cols = counts.sum(1) > 0, counts.sum(0) > 0
    total = float(sample.weights.sum())
    return PairTable(x, y, tuple(np.asarray(x_labels, dtype=object)[rows]),
                     tuple(np.asarray(y_labels, dtype=object)[cols]), counts[rows][:, cols],
                     float(sample.weights[known].sum()) / total if total > 0 else 0.0)


def default_pair(node: Node, options: list[str], x: str | None, y: str | None, target: str
                 ) -> tuple[str, str]:
    """The pair shown unless the user chose one: the node's split attribute (else the first
    attribute) against the class."""
    attributes = [o for o in options if o != target] or [target]
    split = node.split.feature if node.split is not None else None
    return (x if x in options else split if split in options else attributes[0],
            y if y in options else target)


def count_frame(pair: PairTable) -> pd.DataFrame:
    """The count table with its margins (Σ), rows X's values, columns Y's."""
    frame = pd.DataFrame(pair.counts, index=pd.Index(pair.x_values, name=pair.x),
                         columns=list(pair.y_values))
    frame["Σ"] = frame.sum(axis=1)
    frame.loc["Σ"] = frame.sum(axis=0)
    return frame


def gain_statement(pair: PairTable, m: "Measures", candidates: CandidateTable, target: str
                   ) -> tuple[str, Candidate] | None:
    """(attribute, its candidate) when the pair is the class and an attribute with a
    candidate at the node: then ρ · I(class; attribute) is the candidate's gain (Zhou 式 4.12)."""
    if (pair.x == target) == (pair.y == target):
        return None
    attribute = pair.y if pair.x == target else pair.x
    return (attribute, candidates[attribute]) if attribute in candidates else None


@dataclass(frozen=True)
class Measures:
    """H(X), H(Y), H(X,Y), H(Y|X), H(X|Y) and I(X;Y) of a count table, in bits."""

    hx: float
    hy: float
    hxy: float
    hy_x: float
    hx_y: float
    mi: float


def measures(counts: np.ndarray) -> Measures:
    """Every measure of the information diagram, each from its own function."""
    counts = np.asarray(counts, dtype=float)
    return Measures(float(entropy(counts.sum(1))), float(entropy(counts.sum(0))),
                    float(joint_entropy(table=counts)), float(conditional_entropy(table=counts)),
                    float(conditional_entropy(table=counts.T)),
                    float(mutual_information(table=counts)))


# ------------------------------------------------------------------------------- the arithmetic
def share(part: float, whole: float) -> str:
    """A share as the books write it: ``9/17`` when both are whole numbers, else a decimal.

    >>> share(9, 17), share(7, 14), share(7.47, 15.2)
    ('9/17', '7/14', '0.4914')
    """
    if float(part).is_integer() and float(whole).is_integer():
        return f"{int(part)}/{int(whole)}"
    return f"{part / whole:.4g}"


def _sum(terms: list[str], joiner: str = " + ") -> str:
    if len(terms) > SHOWN_TERMS:
        terms = terms[:SHOWN_TERMS] + ["…"]
    return joiner.join(terms)


def _entropy_line(name: str, weights: np.ndarray, value: float) -> str:
    """``H(·) = −(a/n·log₂(a/n) + …) = value`` over the non-zero weights."""
    total = float(weights.sum())
    terms = [f"{share(w, total)}·log₂({share(w, total)})" for w in weights if w > 0]
    return f"{name} = −({_sum(terms)}) = {value:.3f}"


def _conditional_line(name: str, table: np.ndarray, value: float) -> str:
    """``H(A|B) = Σ p(b) H(A|B=b) = b/n·h + … = value`` (rows of ``table`` are B's values)."""
    weights = table.sum(1)
    total = float(weights.sum())
    terms = [f"{share(w, total)}·{float(entropy(row)):.3f}" for w, row in zip(weights, table)
             if w > 0]
    return f"{name} = Σ p·H = {_sum(terms)} = {value:.3f}"


def worked(pair: PairTable, m: Measures) -> list[str]:
    """The arithmetic from the count table, one line per measure, in the books' notation."""
    counts = pair.counts
    x, y = f"H({pair.x})", f"H({pair.y})"
    return [_entropy_line(x, counts.sum(1), m.hx),
            _entropy_line(y, counts.sum(0), m.hy),
            _entropy_line(f"H({pair.x}, {pair.y})", counts.ravel(), m.hxy),
            _conditional_line(f"H({pair.y}|{pair.x})", counts, m.hy_x),
            _conditional_line(f"H({pair.x}|{pair.y})", counts.T, m.hx_y),
            f"I({pair.x}; {pair.y}) = {y} − H({pair.y}|{pair.x}) = {m.hy:.3f} − {m.hy_x:.3f} "
            f"= {m.mi:.3f} = {x} − H({pair.x}|{pair.y}) = {m.hx:.3f} − {m.hx_y:.3f}"]


@dataclass(frozen=True)
class Check:
    """One property of the seed's list checked on the data: ``left`` relation ``right``."""

    key: str
    left: str
    right: str
    holds: bool


def checks(pair: PairTable, m: Measures) -> list[Check]:
    """Non-negativity, the chain rule both ways, conditioning reduces entropy, and the maximum
    log N, each with both sides written out (the ``key`` names its statement)."""
    n_x, n_y = len(pair.x_values), len(pair.y_values)
    smallest = min(m.hx, m.hy, m.hxy, m.hy_x, m.hx_y, m.mi)
    return [
        Check("nonnegative", f"min(H(X), H(Y), H(X,Y), H(Y|X), H(X|Y), I) = {smallest:.3f}",
              "0", smallest >= -TOLERANCE),
        Check("chain", f"H(X,Y) = {m.hxy:.4f}", f"H(X) + H(Y|X) = {m.hx:.3f} + {m.hy_x:.3f} "
              f"= {m.hx + m.hy_x:.4f}", abs(m.hxy - m.hx - m.hy_x) <= TOLERANCE),
        Check("chain", f"H(X,Y) = {m.hxy:.4f}", f"H(Y) + H(X|Y) = {m.hy:.3f} + {m.hx_y:.3f} "
              f"= {m.hy + m.hx_y:.4f}", abs(m.hxy - m.hy - m.hx_y) <= TOLERANCE),
        Check("conditioning", f"H(Y|X) = {m.hy_x:.3f}", f"H(Y) = {m.hy:.3f}",
              m.hy_x <= m.hy + TOLERANCE),
        Check("conditioning", f"H(X|Y) = {m.hx_y:.3f}", f"H(X) = {m.hx:.3f}",
              m.hx_y <= m.hx + TOLERANCE),
        Check("maximum", f"H(X) = {m.hx:.3f}", f"log₂ {n_x} = {math.log2(n_x):.3f}",
              m.hx <= math.log2(n_x) + TOLERANCE),
        Check("maximum", f"H(Y) = {m.hy:.3f}", f"log₂ {n_y} = {math.log2(n_y):.3f}",
              m.hy <= math.log2(n_y) + TOLERANCE),
    ]


# ------------------------------------------------------------------------------- two distributions
def parse_probabilities(text: str) -> np.ndarray:
    """Probabilities (or counts) typed as ``"0.2, 0.8"``, normalised. Raises ValueError naming
    the part that is not a non-negative number, or when they sum to 0.

    >>> parse_probabilities("1, 3").tolist()
    [0.25, 0.75]
    """
    parts = [p for p in text.replace("，", ",").replace(";", ",").replace(" ", ",").split(",") if p]
    values = []
    for part in parts:
        try:
            value = float(Fraction(part))
        except (ValueError, ZeroDivisionError):
            raise ValueError(part) from None
        if not value >= 0 or math.isinf(value):
            raise ValueError(part)
        values.append(value)
    if not values or sum(values) <= 0:
        raise ValueError(text)
    return np.asarray(values) / sum(values)


@dataclass(frozen=True)
class Divergence:
    """D(p‖q), D(q‖p), H(p,q), H(q,p), H(p) and H(q) of two distributions, in bits."""

    d_pq: float
    d_qp: float
    h_pq: float
    h_qp: float
    h_p: float
    h_q: float


def divergence(p, q) -> Divergence:
    """Both directions of the KL divergence and cross-entropy, with the two entropies."""
    return Divergence(float(kl_divergence(p, q)), float(kl_divergence(q, p)),
                      float(cross_entropy(p, q)), float(cross_entropy(q, p)),
                      float(entropy(p)), float(entropy(q)))


def bits(value: float) -> str:
    """A measure in bits to three places; ∞ where a divergence is infinite.

    >>> bits(0.20751), bits(float("inf"))
    ('0.208', '∞')
    """
    return "∞" if math.isinf(value) else f"{value:.3f}"


def node_path(tree: Tree, node_id: int) -> str:
    """The node's branch labels from the root joined by " → " ("" for the root); a compiled
    tree's node is made alone (:meth:`~treecore.tree.nodes.Tree.node_alone`), not with every
    node before it."""
    return " → ".join(tree.node_alone(node_id).path)


def kl_choices(tree: Tree, mode: str) -> list[int]:
    """The nodes P may be, ascending: any node but the root (mode "parent"), or any leaf
    ("leaves"); read from a compiled tree's arrays, no node made."""
    if mode == "parent":
        ids = tree.node_ids
        return ids[ids != tree.root.node_id].tolist()
    return tree.leaf_ids.tolist()


def kl_defaults(tree: Tree, mode: str, node_id: int, p: int | None, q: int | None
                ) -> tuple[int, int]:
    """The nodes of P and Q unless the user chose them: the node on screen's first child (or
    the node itself) against its parent; or the first two leaves."""
    choices = kl_choices(tree, mode)
    if mode == "parent":
        node = tree.node_alone(node_id)
        near = node.children[0] if node.children else node_id
        first = p if p in choices else near if near in choices else choices[0]
        return first, tree.node_alone(first).parent
    first = p if p in choices else choices[0]
    second = q if q in choices else next((c for c in choices if c != first), first)
    return first, second


def node_distribution(tree: Tree, node_id: int) -> np.ndarray:
    """The class distribution of a node's training rows (its weighted class counts, normalised;
    an empty node takes its parent's, as prediction does)."""
    node = tree.node_alone(node_id)
    counts = np.asarray(node.class_counts, dtype=float)
    return counts / counts.sum() if counts.sum() > 0 else np.asarray(node.distribution)


def gain_as_divergences(tree: Tree, node_id: int) -> list[tuple[int, float, float]]:
    """``(child, its weight share, D(child ‖ parent))`` for each child of a split node: the
    information gain of the split is Σ share · D (Cover & Thomas 式 2.35: I(X;Y) is the
    expected divergence of p(y|x) from p(y)). Only for rows with a known value (ρ = 1)."""
    node = tree.node_alone(node_id)
    parent = node_distribution(tree, node_id)
    weights = np.asarray([tree.node_alone(c).weighted_n_samples for c in node.children])
    return [(c, float(w / weights.sum()), float(kl_divergence(node_distribution(tree, c), parent)))
            for c, w in zip(node.children, weights)]
