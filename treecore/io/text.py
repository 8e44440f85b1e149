"""A tree as text: C4.5's indented outline and one if-then rule per leaf.

Both write a line break or other control character in a name or value as its escape (``\\n``),
so a label cannot forge a line.

>>> import pandas as pd
>>> from treecore import Dataset, grow
>>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
...             algorithm="id3")
>>> print(to_text(tree))
有自己的房子 = 否
|   有工作 = 否: 否 (6)
|   有工作 = 是: 是 (3)
有自己的房子 = 是: 是 (6)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

import numpy as np

from ..data import Kind
from ..split.candidates import Candidate
from ..tree.lazy import collector_paused
from ..tree.nodes import Node, Tree

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def visible(value: object) -> str:
    """``value`` as text with line breaks and other control characters written as their
    escapes, so one name or label stays on one line of an outline or a rule.

    >>> print(visible("yes\\nIF x = 1 THEN y = 2"))
    yes\\nIF x = 1 THEN y = 2
    """
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(value))


#: Integer digits up to which :func:`number_text` writes a number out in full.
FULL_DIGITS = 9


def number_text(value: float, digits: int = 4) -> str:
    """``value`` to ``digits`` significant digits as ``format(value, ".4g")`` writes it, except
    that a number of up to :data:`FULL_DIGITS` integer digits keeps them all, thousands
    grouped, with no exponent: a house price of 405,612 or a root of 100,000 rows (``.4g``:
    ``4.056e+05``, ``1e+05``).

    >>> [number_text(v) for v in (405612.3, 100000, 1234.5, 5.5625, 0.012345, 2.1e10, 0.0)]
    ['405,612', '100,000', '1,234', '5.562', '0.01234', '2.1e+10', '0']
    """
    if not math.isfinite(value) or value == 0 or not 1 <= abs(value) < 10 ** FULL_DIGITS:
        return f"{value:.{digits}g}"
    decimals = max(digits - (math.floor(math.log10(abs(value))) + 1), 0)
    text = f"{value:,.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def regression_words(tree: Tree, words: Mapping[str, str]) -> tuple[str, str]:
    """What a regression node's value and impurity are called in ``words``: its mean and MSE
    (squared error), or its median and MAE (absolute error)."""
    if tree.criterion == "absolute_error":
        return words["median"], words["mae"]
    return words["mean"], words["mse"]


#: Classes a node's counts name (:func:`class_details`); more are summed up as "…".
SHOWN_CLASSES = 4


def class_details(counts: np.ndarray, classes: Sequence) -> list[str]:
    """Each row of ``counts`` (a node's weight per class) as its classes of positive weight: in
    class order when there are at most :data:`SHOWN_CLASSES` classes, else the largest
    :data:`SHOWN_CLASSES` first (ties in class order) and "…" for the rest, so a node of
    soybean's 19 classes stays one short line.

    >>> class_details(np.array([[6, 9], [0, 5]]), ["否", "是"])
    ['否 6 · 是 9', '是 5']
    >>> counts = np.array([[0, 2, 5, 1, 1, 3], [0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0]])
    >>> class_details(counts, "abcdef")
    ['c 5 · f 3 · b 2 · d 1 · …', 'c 1', '']
    """
    if counts.shape[1] <= SHOWN_CLASSES:
        return [" · ".join(f"{classes[k]} {number_text(c)}" for k, c in enumerate(row) if c > 0)
                for row in counts.tolist()]
    order = np.argsort(-counts, axis=1, kind="stable")[:, :SHOWN_CLASSES + 1]
    largest = np.take_along_axis(counts, order, axis=1)
    details = []
    for codes, weights in zip(order.tolist(), largest.tolist()):
        shown = [f"{classes[k]} {number_text(c)}"
                 for k, c in zip(codes[:SHOWN_CLASSES], weights) if c > 0]
        if weights[SHOWN_CLASSES] > 0:
            shown.append("…")
        details.append(" · ".join(shown))
    return details


def _spread(tree: Tree, node: Node, digits: int) -> str:
    """The spread of a regression node's rows to ``digits`` significant digits: sd = √MSE about
    the mean (squared error), or the MAE about the median (absolute error)."""
    if tree.criterion == "absolute_error":
        return f"MAE {number_text(node.impurity, digits)}"
    return f"sd {number_text(math.sqrt(node.impurity), digits)}"


def node_label(tree: Tree, node: Node) -> str:
    """What a leaf predicts, in the book's style: ``是 (6)`` or ``是 (3.47/1.2)`` (weight/errors);
    for a regression tree its value (mean or median), weight and the spread of its rows:
    ``5.06 (5; sd 0.472)``, or ``4.91 (5; MAE 0.378)`` by the absolute error."""
    if tree.is_regression:
        return (f"{number_text(node.value)} ({number_text(node.weighted_n_samples)}; "
                f"{_spread(tree, node, 3)})")
    label = visible(tree.classes[node.prediction])
    weight = node.weighted_n_samples
    errors = weight - node.class_counts[node.prediction] if weight else 0.0
    if errors > 1e-9:
        return f"{label} ({number_text(weight)}/{number_text(errors)})"
    return f"{label} ({number_text(weight)})"


def to_text(tree: Tree) -> str:
    """An indented outline of the tree in C4.5's style: one line per branch test."""
    lines: list[str] = []

    def visit(node: Node, indent: int) -> None:
        for branch, child_id in zip(node.split.branches, node.children):
            child = tree.node(child_id)
            test = _branch_test(node.split, branch)
            prefix = "|   " * indent + test
            if child.is_leaf:
                lines.append(f"{prefix}: {node_label(tree, child)}")
            else:
                lines.append(prefix)
                visit(child, indent + 1)

    if tree.root.is_leaf:
        return node_label(tree, tree.root)
    visit(tree.root, 0)
    return "\n".join(lines)


def node_conditions(tree: Tree, node_id: int) -> list[str]:
    """The branch tests on the way from the root to ``node_id``: the IF part of its rule.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> node_conditions(tree, 3)
    ['有自己的房子 = 否', '有工作 = 否']
    """
    chain = tree.ancestors(node_id)
    return [_branch_test(parent.split, child.path[-1]) for parent, child in zip(chain, chain[1:])]


def _leaf_conditions(tree: Tree):
    """(leaf, :func:`node_conditions` of it) for every leaf in pre-order: one walk that adds
    each branch's test to its parent's, not a walk up from every leaf."""
    stack = [(tree.root, ())]
    while stack:
        node, tests = stack.pop()
        if node.is_leaf:
            yield node, tests
            continue
        for branch, child in reversed(tuple(zip(node.split.branches, node.children))):
            stack.append((tree.node(child), tests + (_branch_test(node.split, branch),)))


def _branch_test(split: Candidate, branch: str) -> str:
    """``纹理 = 清晰``, ``密度 ≤ 0.3815`` or ``年龄 ∈ {青年}``: the test a branch stands for."""
    if split.kind is Kind.NOMINAL and split.subset is None:
        return f"{visible(split.feature)} = {visible(branch)}"
    return f"{visible(split.feature)} {visible(branch)}"


@collector_paused()
def to_rules(tree: Tree) -> str:
    """One if-then rule per leaf, with its coverage (the weighted training rows reaching it) and
    confidence (the share of them in the predicted class); for a regression tree the leaf's
    value and the spread of its rows instead of the confidence: its mean and sd = √MSE, or by
    the absolute error its median and MAE.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> print(to_rules(tree))
    IF 有自己的房子 = 否 AND 有工作 = 否 THEN 类别 = 否  [coverage 6, confidence 100.0%]
    IF 有自己的房子 = 否 AND 有工作 = 是 THEN 类别 = 是  [coverage 3, confidence 100.0%]
    IF 有自己的房子 = 是 THEN 类别 = 是  [coverage 6, confidence 100.0%]
    """
    lines = []
    for leaf, tests in _leaf_conditions(tree):
        conditions = " AND ".join(tests) or "TRUE"
        weight = leaf.weighted_n_samples
        if tree.is_regression:
            lines.append(f"IF {conditions} THEN {visible(tree.schema.target)} = "
                         f"{number_text(leaf.value, 6)}  [coverage {number_text(weight)}, "
                         f"{_spread(tree, leaf, 4)}]")
            continue
        share = (leaf.class_counts[leaf.prediction] / weight if weight
                 else leaf.distribution[leaf.prediction])
        lines.append(f"IF {conditions} THEN {visible(tree.schema.target)} = "
                     f"{visible(tree.classes[leaf.prediction])}  [coverage {number_text(weight)}, "
                     f"confidence {share:.1%}]")
    return "\n".join(lines)
