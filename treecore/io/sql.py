"""A tree as one SQL ``CASE`` expression, flat at any depth.

Each leaf becomes one ``WHEN`` whose condition is its rule (the branch tests from the root,
tightened: a continuous feature tested twice on the path keeps its narrowest interval, a
nominal one the labels every test allows), and predicts the leaf's class or, for a regression
tree, its value. A row whose tested value is NULL, or a nominal value the tree never saw, meets
no branch of that node, so no leaf below it: the node's own ``WHEN`` (its rule, listed after
every deeper node) gives it the node's prediction, as a nested ``CASE`` with ``ELSE`` would.
Nested ``CASE`` expressions overflow SQLite's parser at about 19 levels; this form nests none,
so a tree of any depth is one statement for SQLite, MySQL and PostgreSQL alike.

Continuous columns are compared as numbers (``CAST(… AS REAL)``: a column a database holds as
text, as CSV imports often leave it, compares numerically, not alphabetically); nominal ones as
text (``CAST(… AS TEXT)``). Every name is a quoted identifier and every label a quoted literal.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data import Kind
from ..errors import DataError
from ..tree.lazy import collector_paused
from ..tree.nodes import Node, Tree
from .routes import routes

__all__ = ["sql_identifier", "sql_literal", "to_sql"]


def sql_identifier(name: str) -> str:
    """``name`` as a double-quoted SQL identifier (inner quotes doubled), whatever it contains.

    >>> print(sql_identifier('a"b c'))
    "a""b c"
    """
    if "\x00" in name:
        raise DataError("a name with a NUL character cannot be written in SQL",
                        code="nul_in_sql_name", column=name)
    return '"' + name.replace('"', '""') + '"'


def sql_literal(value) -> str:
    """A number as itself, anything else as a single-quoted SQL string (inner quotes doubled).

    >>> sql_literal("it's"), sql_literal(0.5)
    ("'it''s'", '0.5')
    """
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value)
    text = str(value)
    if "\x00" in text:
        raise DataError("a value with a NUL character cannot be written in SQL",
                        code="nul_in_sql_value")
    return "'" + text.replace("'", "''") + "'"


@dataclass(frozen=True)
class _Interval:
    """What the path allows of one continuous feature: ``low < x ≤ high`` (None: unbounded)."""

    low: float | None = None
    high: float | None = None

    def tightened(self, threshold: float, above: bool) -> "_Interval":
        if above:
            return _Interval(threshold if self.low is None else max(self.low, threshold),
                             self.high)
        return _Interval(self.low, threshold if self.high is None else min(self.high, threshold))

    def sql(self, column: str) -> list[str]:
        number = f"CAST({column} AS REAL)"
        tests = [] if self.low is None else [f"{number} > {float(self.low)!r}"]
        return tests + ([] if self.high is None else [f"{number} <= {float(self.high)!r}"])


def _paths(tree: Tree):
    """(node, what its path allows of each feature tested on it), for every node: a depth-first
    walk that tightens the parent's constraints by the branch taken (so the whole tree costs
    one pass, not one per node). Each constraint is ``(what it allows, its SQL test)``, in the
    order the features are first tested from the root; a test is written only where a branch
    changes it, and a nominal one lists its labels in the schema's order (so the SQL reads the
    same every time)."""
    labels = {f.name: f.labels for f in tree.schema.features if f.kind is Kind.NOMINAL}
    columns: dict[str, str] = {}
    stack = [(tree.root, {})]
    while stack:
        node, allowed = stack.pop()
        yield node, allowed
        if node.is_leaf:
            continue
        name = node.split.feature
        if name not in columns:
            columns[name] = sql_identifier(name)
        column = columns[name]
        for route in reversed(routes(tree, node)):
            narrower = dict(allowed)
            if route.above is not None:
                interval = allowed[name][0] if name in allowed else _Interval()
                interval = interval.tightened(node.split.threshold, route.above)
                narrower[name] = interval, " AND ".join(interval.sql(column))
            else:
                kept = frozenset(route.labels)
                kept = kept & allowed[name][0] if name in allowed else kept
                written = ", ".join(sql_literal(label) for label in labels[name] if label in kept)
                narrower[name] = kept, f"CAST({column} AS TEXT) IN ({written})"
            stack.append((tree.node(route.child), narrower))


def _tests(allowed: dict) -> str:
    """The SQL condition of a path's constraints (:func:`_paths`)."""
    return " AND ".join(test for _, test in allowed.values())


def _prediction(tree: Tree, node: Node) -> str:
    """What a node predicts, as an SQL literal: its class, or a regression node's value."""
    return sql_literal(node.value if tree.is_regression else tree.classes[node.prediction])


@collector_paused()
def to_sql(tree: Tree, table: str | None = None) -> str:
    """The tree's prediction as one flat SQL ``CASE`` expression (standard SQL; tested in
    SQLite), or with ``table`` a ``SELECT *, <expression> AS "prediction" FROM <table>`` query.

    **Missing values are not distributed**: at a node whose tested value is NULL (or a nominal
    value the tree never saw) the expression returns that node's own prediction (its majority
    class, or a regression node's value), where the tree itself would blend all branches. A
    database holds a missing cell as NULL: a marker text the tree's data was read with (such as
    ``?``) should be NULL in the table too. So the SQL agrees with the tree on rows without
    missing values; use ``to_python`` for exact handling.

    >>> import pandas as pd
    >>> from treecore import Dataset, grow
    >>> tree = grow(Dataset.from_frame(pd.read_csv("samples/lihang_loan.csv"), "类别"),
    ...             algorithm="id3")
    >>> print(to_sql(tree))
    CASE
      WHEN CAST("有自己的房子" AS TEXT) IN ('否') AND CAST("有工作" AS TEXT) IN ('否') THEN '否'
      WHEN CAST("有自己的房子" AS TEXT) IN ('否') AND CAST("有工作" AS TEXT) IN ('是') THEN '是'
      WHEN CAST("有自己的房子" AS TEXT) IN ('是') THEN '是'
      WHEN CAST("有自己的房子" AS TEXT) IN ('否') THEN '否'
      ELSE '是'
    END
    """
    if tree.root.is_leaf:
        expression = _prediction(tree, tree.root)
    else:
        paths = [(node, allowed) for node, allowed in _paths(tree) if node.depth]
        leaves = [(node, allowed) for node, allowed in paths if node.is_leaf]
        inner = sorted(((node, allowed) for node, allowed in paths if not node.is_leaf),
                       key=lambda pair: -pair[0].depth)    # deeper first; stable
        lines = ["CASE"] + [f"  WHEN {_tests(allowed)} THEN {_prediction(tree, node)}"
                            for node, allowed in leaves + inner]
        lines += [f"  ELSE {_prediction(tree, tree.root)}", "END"]
        expression = "\n".join(lines)
    if table is None:
        return expression
    return f"SELECT *, {expression} AS \"prediction\"\nFROM {sql_identifier(table)}"
