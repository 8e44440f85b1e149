"""A tree as a standalone Python module: ``predict(row)`` (and ``predict_proba`` for a
classification tree), giving the tree's results, missing values included."""

from __future__ import annotations

from ..data import Kind
from ..tree.nodes import Node, Tree
from .routes import routes

_PY_HEADER = '''"""Predict with a decision tree exported by Tree Explorer (treecore).

predict(row) takes a dict of feature name -> raw value and returns the predicted class;
predict_proba(row) returns {class: probability}. A missing value (None, NaN, an absent key,
or a text in MISSING, the markers the tree's data was read with) and a nominal value the
tree never saw are handled as the tree does (C4.5): the row goes down every branch of that
node with its weight times the branch's share of the training rows, and the class
distributions of the leaves it reaches are blended. Ties go to the first class in CLASSES.
Standard library only.
"""

import math

CLASSES = @CLASSES@
MISSING = frozenset(@MISSING@)


def _missing(value):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return True
    return str(value).strip() in MISSING


def _label(value):
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _blend(row, parts):
    total = [0.0] * max(len(CLASSES), 1)
    for fraction, child in parts:
        if fraction > 0:
            for k, p in enumerate(child(row)):
                total[k] += fraction * p
    return total
'''

_PY_FOOTER = '''

def predict_proba(row):
    """{class: probability} for one row (a dict of feature name -> raw value)."""
    return dict(zip(CLASSES, _n0(row)))


def predict(row):
    """The predicted class of one row (a dict of feature name -> raw value)."""
    probabilities = _n0(row)
    top = max(probabilities)
    return CLASSES[next(k for k, p in enumerate(probabilities) if p >= top - 1e-12)]
'''


_PY_REGRESSION_FOOTER = '''

def predict(row):
    """The predicted number of one row (a dict of feature name -> raw value): the mean of the
    leaf it reaches, blended by weight over the leaves where a tested value is missing."""
    return _n0(row)[0]
'''


def _py_node(tree: Tree, node: Node) -> str:
    """One generated function ``_n<id>(row)`` returning the node's class probabilities.
    Names and labels appear only as ``repr`` literals, so any text yields valid code."""
    head = f"\n\ndef _n{node.node_id}(row):\n"
    if node.is_leaf:
        return head + f"    return {[float(p) for p in node.distribution]!r}\n"
    branches = routes(tree, node)
    blend = ", ".join(f"({r.fraction!r}, _n{r.child})" for r in branches)
    body = f"    value = row.get({node.split.feature!r})\n    if not _missing(value):\n"
    if node.split.kind is Kind.CONTINUOUS:
        low, high = branches
        body += (f"        return _n{low.child}(row) if float(value) <= "
                 f"{float(node.split.threshold)!r} else _n{high.child}(row)\n")
    else:
        body += "        value = _label(value)\n"
        for r in branches:
            body += f"        if value in {frozenset(r.labels)!r}:\n" \
                    f"            return _n{r.child}(row)\n"
    return head + body + f"    return _blend(row, ({blend},))\n"


def to_python(tree: Tree) -> str:
    """A standalone Python module defining ``predict(row: dict) -> class`` and
    ``predict_proba(row: dict) -> dict``, giving the same results as the tree, missing values
    included (distributed by branch fractions and blended, as :mod:`treecore.tree.predict`). For a
    regression tree ``predict(row)`` returns the predicted number (and there is no
    ``predict_proba``).

    One function per node (recursion depth = tree depth). Every name and label is written as a
    Python literal (``repr``), so any column name or value yields valid code.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> namespace = {}
    >>> exec(to_python(tree), namespace)
    >>> namespace["predict"]({"有自己的房子": "否", "有工作": "是"})
    '是'
    >>> namespace["predict_proba"]({"有自己的房子": "否", "有工作": None})
    {'否': 0.6666666666666666, '是': 0.3333333333333333}
    """
    header = (_PY_HEADER.replace("@CLASSES@", repr(list(tree.classes)))
              .replace("@MISSING@", repr(list(tree.schema.missing))))
    if tree.is_regression:
        header = header.replace("returns the predicted class;\npredict_proba(row) returns "
                                "{class: probability}", "returns the predicted number")
    footer = _PY_REGRESSION_FOOTER if tree.is_regression else _PY_FOOTER
    return header + "".join(_py_node(tree, node) for node in tree.iter_preorder()) + footer
