"""Every limit that protects the server, in one place, and the pure checks that apply them.

The loaders (:mod:`ui.data.loaders`) refuse files over the size, row and column limits, counted
before the cells are read (Parquet metadata, an .xlsx's directory and row elements) or while
reading, stopping at the first row past the limit; the Grow page
refuses nominal features with more levels than a split can handle, warns before a fit that
would take long, stops a fit at a deadline (:func:`ui.models.growth.fit`) and draws a large tree
collapsed below a depth the user can raise. No Streamlit here: the page turns the results into
messages. The README's "Limits and guarantees" lists these values.

>>> from treecore import Dataset
>>> import pandas as pd
>>> frame = pd.DataFrame({"k": [f"c{i // 2}" for i in range(300)], "y": ["a", "b"] * 150})
>>> too_many_levels(Dataset.from_frame(frame, "y"), "id3")
[('k', 150, 100)]
>>> too_many_levels(Dataset.from_frame(frame, "y"), "cart")
[]
"""

from __future__ import annotations

from typing import Collection

import numpy as np

from treecore import ALGORITHMS, Dataset, Tree
from treecore.grow import presorted

# ------------------------------------------------------------------------------ uploads
#: Largest upload accepted, in bytes (matches ``server.maxUploadSize`` in .streamlit/config.toml).
MAX_UPLOAD_BYTES = 200 * 1024 * 1024
#: Largest number of data rows.
MAX_ROWS = 1_000_000
#: Largest number of columns.
MAX_COLUMNS = 500
#: Largest total uncompressed size an .xlsx may claim (an .xlsx is a zip archive).
MAX_XLSX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024
#: Largest size a Parquet file may unpack to in memory (its metadata's estimate first, then
#: counted while reading): Parquet compresses repeated values to almost nothing, so a 100 KB
#: file can hold a gigabyte. A table this large as CSV would be over the upload limit twice.
MAX_PARQUET_UNPACKED_BYTES = 512 * 1024 * 1024

# ------------------------------------------------------------------------------ splits
#: Most levels a nominal feature may have for a multiway split (ID3, C4.5): one branch each.
MAX_MULTIWAY_LEVELS = 100
#: Most levels a nominal feature may have at all: CART's subset search holds a levels × levels
#: table per node, and a feature with more levels than this is almost always an identifier.
MAX_LEVELS = 1000

# ------------------------------------------------------------------------------ fitting
#: Seconds per (row × feature) of a full-depth fit in the nodewise engine (a nominal feature or
#: a missing value), measured on 2 cores (two threads): (12 continuous + 8 nominal) columns,
#: 10 % of the cells missing, 100k rows C4.5 and CART 1.1 µs per cell, 300k rows C4.5 1.7 µs and
#: CART 1.5 µs (rows with a missing value go down every branch, so nodes stay large and the
#: tree grows faster than the rows); ID3 on 100k × 10 nominal cells 0.3 µs. Only used for the
#: warning below. (Forced splits and validation-set pre-pruning grow in the nodewise engine
#: too: on the same table at 100k rows, a forced root and a forced threshold below it take
#: what the unforced tree takes, and pre-pruning stops growth early.)
SECONDS_PER_CELL = 2e-6
#: The same for a regression tree by the absolute error (the nodewise engine, any table):
#: ``make_regression`` × 20 features at 100k rows 1.2 µs per cell, the same features as 12
#: continuous + 8 nominal columns with 10 % of the cells empty 3.2 µs (a loaded machine).
SECONDS_PER_CELL_ABSOLUTE = 3e-6
#: The same in the presorted engine (every feature continuous and known, two threads): CART
#: 100k × 20 0.17 µs and 1M × 20 0.27 µs per cell; a regression tree 0.29 µs and 0.49 µs.
SECONDS_PER_CELL_PRESORTED = 5e-7
#: A fit estimated to take longer than this is announced before it starts.
SLOW_FIT_SECONDS = 10.0
#: A fit still running after this many seconds stops; the tree grown so far is shown.
FIT_DEADLINE_SECONDS = 30.0

# ------------------------------------------------------------------------------ drawing
#: Most tree nodes drawn at once: below the depth where this is reached, subtrees collapse to
#: a "…" node until the user draws more levels.
MAX_DRAWN_NODES = 127
#: Most boxes side by side in a drawing: the page scales a wider one down to its width, until
#: its text is too small to read (soybean's tree drawn to depth 5 puts 32 boxes in a row).
MAX_DRAWN_WIDTH = 16


def too_many_levels(dataset: Dataset, algorithm: str) -> list[tuple[str, int, int]]:
    """``(feature, levels, limit)`` for each nominal feature over the algorithm's level limit."""
    limit = MAX_MULTIWAY_LEVELS if ALGORITHMS[algorithm].multiway else MAX_LEVELS
    return [(f.name, len(f.labels), limit) for f in dataset.features
            if f.is_nominal and len(f.labels) > limit]


def fit_estimate_seconds(dataset: Dataset, criterion: str | None = None,
                         force: Collection = ()) -> float:
    """A rough upper estimate of a full-depth fit's duration, from rows × features and the
    engine that will grow it (:func:`treecore.grow.presorted.applies`, which grows no forced
    split: ``force``, the splits forced, if any; the nodewise engine, at its own rate, for the
    absolute error).

    >>> import numpy as np, pandas as pd
    >>> numbers = pd.DataFrame({"x": np.arange(100_000.0), "y": ["a", "b"] * 50_000})
    >>> fit_estimate_seconds(Dataset.from_frame(numbers, "y"))
    0.05
    >>> fit_estimate_seconds(Dataset.from_frame(numbers.astype({"x": str}), "y",
    ...                                         kinds={"x": "nominal"}))
    0.2
    >>> fit_estimate_seconds(Dataset.from_frame(numbers, "y"), force=[((), "x")])
    0.2
    """
    if criterion == "absolute_error":
        rate = SECONDS_PER_CELL_ABSOLUTE
    elif presorted.applies(dataset, force, None):
        rate = SECONDS_PER_CELL_PRESORTED
    else:
        rate = SECONDS_PER_CELL
    return dataset.n_rows * dataset.n_features * rate


def collapse_depth(tree: Tree, max_nodes: int | None = None,
                   drawn: Collection[int] | None = None,
                   max_width: int | None = None) -> int | None:
    """The deepest level to draw so that at most ``max_nodes`` (default
    :data:`MAX_DRAWN_NODES`) nodes are drawn and no level holds more than ``max_width``
    (default :data:`MAX_DRAWN_WIDTH`) side by side, counting the "…" of each subtree collapsed
    below the last level (at least the root's level); ``None`` when the whole tree fits. With
    ``drawn``, of those nodes only (the others are not drawn).

    >>> import pandas as pd
    >>> from treecore import grow
    >>> frame = pd.DataFrame({"x": range(16), "y": list("abababababababab")})
    >>> tree = grow(Dataset.from_frame(frame, "y", kinds={"x": "continuous"}))
    >>> tree.n_nodes, collapse_depth(tree, 10), collapse_depth(tree, 1000)
    (31, 4, None)
    >>> collapse_depth(tree, 1000, max_width=1), collapse_depth(tree, 10, drawn=range(9))
    (0, None)
    """
    max_nodes = MAX_DRAWN_NODES if max_nodes is None else max_nodes
    max_width = MAX_DRAWN_WIDTH if max_width is None else max_width
    per_depth, inner_per_depth = _level_sizes(tree, drawn)
    if per_depth.sum() <= max_nodes and per_depth.max() <= max_width:
        return None
    deepest, total, widest = 0, 0, 0
    for depth, (nodes, inner) in enumerate(zip(per_depth.tolist(), inner_per_depth.tolist())):
        total += nodes
        widest = max(widest, nodes)
        if total > max_nodes or widest > max_width:
            break
        if inner <= max_width:
            deepest = depth
    return deepest


def _level_sizes(tree: Tree, drawn: Collection[int] | None) -> tuple[np.ndarray, np.ndarray]:
    """(nodes, inner nodes) at each depth of ``tree``, of the nodes ``drawn`` only when given;
    read from a compiled tree's node table when it has one, so that no node is made (making
    the 100k nodes of a big tree took most of a second), and the ``drawn`` nodes each made by
    itself (:meth:`~treecore.tree.nodes.Tree.node_alone`), not with every node before it."""
    table = tree.node_table
    if drawn is None and table is not None:
        inner = np.unique(table.parent[table.parent >= 0])
        levels = int(table.depth.max()) + 1
        return (np.bincount(table.depth, minlength=levels),
                np.bincount(table.depth[inner], minlength=levels))
    nodes = tree.iter_nodes() if drawn is None else (tree.node_alone(i) for i in drawn)
    depth, is_inner = np.array([(node.depth, not node.is_leaf) for node in nodes]).T
    levels = int(depth.max()) + 1
    return (np.bincount(depth, minlength=levels),
            np.bincount(depth[is_inner.astype(bool)], minlength=levels))
