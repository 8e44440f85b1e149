"""What the Data page shows about a table: a per-column summary and the class balance.

Pure pandas and plotly (no Streamlit), so the numbers are unit-testable.

>>> import pandas as pd
>>> frame = pd.DataFrame({"色泽": ["青绿", "?", "乌黑", "青绿"], "好瓜": ["是", "是", "否", "否"]})
>>> column_summary(frame, {"色泽": "nominal", "好瓜": "nominal"},
...                ("", "?"))[["column", "distinct", "missing"]]
  column  distinct  missing
0     色泽         2     0.25
1     好瓜         2     0.00
"""

from __future__ import annotations

from typing import Iterable, Mapping

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from treecore.data import marker_classes, missing_mask
from treecore.io import number_text

#: How many distinct values the "Values" column lists before "…".
N_EXAMPLES = 5


def distinct_texts(known: pd.Series) -> tuple[int, list[str]]:
    """(how many distinct texts the values of ``known`` are written as, the first
    :data:`N_EXAMPLES` of them in order of appearance).

    Numbers are written as text only for the examples: distinct numbers are distinct texts
    (told apart by their bits, so 0.0 and -0.0 are two, as their texts are).
    """
    if not _is_plain_numbers(known):
        distinct = pd.unique(known.astype(str))
        return len(distinct), list(distinct[:N_EXAMPLES])
    values = known.to_numpy()
    bits = values.view(f"u{values.dtype.itemsize}") if values.dtype.kind == "f" else values
    distinct = pd.unique(bits)                    # hashed, in order of appearance
    first = distinct[:N_EXAMPLES].view(values.dtype)
    return len(distinct), list(pd.Series(first, dtype=known.dtype).astype(str))


def _is_plain_numbers(column: pd.Series) -> bool:
    """Integers or floats in a NumPy dtype (not booleans, not nullable types)."""
    return isinstance(column.dtype, np.dtype) and column.dtype.kind in "iuf"


def column_summary(frame: pd.DataFrame, kinds: Mapping[str, str], markers: Iterable[str],
                   target: str | None = None) -> pd.DataFrame:
    """One row per column: name, kind (as given in ``kinds``), number of distinct known values,
    fraction missing (0..1) and the first few distinct values, each cell read as the engine
    reads it: in the ``target`` column a marker that occurs as often as a class is a class
    (:func:`treecore.data.marker_classes`)."""
    markers = frozenset(m.strip() for m in markers)
    rows = []
    for name in frame.columns:
        column = frame[name]
        read_as_missing = markers - set(marker_classes(column, markers)) if str(name) == target \
            else markers
        known = column[~missing_mask(column, read_as_missing)]
        n_distinct, first = distinct_texts(known)
        examples = ", ".join(first) + (", …" if n_distinct > N_EXAMPLES else "")
        rows.append({"column": str(name), "kind": kinds[str(name)], "distinct": n_distinct,
                     "missing": 1 - len(known) / len(column) if len(column) else 0.0,
                     "examples": examples})
    return pd.DataFrame(rows, columns=["column", "kind", "distinct", "missing", "examples"])


def class_balance_figure(frame: pd.DataFrame, target: str, *, count_label: str) -> go.Figure:
    """A small bar chart of how many rows each class of ``target`` has (first-seen order)."""
    counts = frame[target].astype(str).value_counts(sort=False)
    figure = go.Figure(go.Bar(x=counts.index.tolist(), y=counts.to_numpy().tolist(),
                              text=[number_text(n) for n in counts.to_numpy().tolist()],
                              textposition="auto",
                              marker_color="#2E7D32"))
    figure.update_layout(height=260, margin=dict(l=10, r=10, t=10, b=10),
                         xaxis_title=str(target), yaxis_title=count_label,
                         xaxis_type="category")
    return figure


def target_histogram(frame: pd.DataFrame, target: str, *, count_label: str) -> go.Figure:
    """A small histogram of a numeric target (a regression tree's number to predict); cells
    that are not numbers are left out."""
    values = pd.to_numeric(frame[target], errors="coerce").dropna()
    figure = go.Figure(go.Histogram(x=values.to_numpy(), marker_color="#1565C0", nbinsx=30))
    figure.update_layout(height=260, margin=dict(l=10, r=10, t=10, b=10),
                         xaxis_title=str(target), yaxis_title=count_label, bargap=0.05)
    return figure
