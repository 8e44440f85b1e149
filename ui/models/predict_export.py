"""The Predict & export page's model: which tree, the rows to classify, their predictions and
probabilities, the explained path of one row, and the files to download.

Routing and probabilities come from treecore (``Tree.predict_proba``, ``Tree.path``); this module
only lays them out. Server-side SVG/PNG rendering uses the ``graphviz`` package and Debian's
``dot`` program (installed by ``scripts/system-deps.sh``).
"""

from __future__ import annotations

import functools
import hashlib
import shutil
import threading
import weakref
from collections import OrderedDict
from typing import Callable, Mapping

import graphviz
import numpy as np
import pandas as pd
import streamlit as st

from treecore import Tree
from treecore.errors import DataError
from treecore.io import from_json, to_dot, to_json, to_python, to_rules, to_sql
from treecore.tree.flow import RowFlow
from treecore.tree.predict import most_probable

from ui.data.loaders import read_table
from ui.models import pruning_lab as lab

SOURCE = "predict_source"            #: which tree: one of SOURCES
ROWS_NAME = "predict_rows_name"      #: file name of the uploaded rows to classify
ROWS_BYTES = "predict_rows_bytes"    #: their bytes (None: classify the current data set)
ROWS_DIGEST = "predict_rows_digest"  #: their SHA-256, taken once when they are uploaded
MODEL_JSON = "predict_model_json"    #: the loaded model file's text
MODEL_DIGEST = "predict_model_digest"  #: its SHA-256, taken once when it is loaded
MODEL_NAME = "predict_model_name"    #: its file name
MODEL_ERROR = "predict_model_error"  #: the DataError that refused the last model file, or None
ROW = "predict_row"                  #: row (1-based) whose path is explained
ROWS_UPLOADER, MODEL_UPLOADER = "w_predict_rows", "w_predict_model"

SOURCES = ("grow", "lab", "model")
DEFAULTS = {SOURCE: "grow", ROWS_NAME: None, ROWS_BYTES: None, ROWS_DIGEST: None,
            MODEL_JSON: None, MODEL_DIGEST: None, MODEL_NAME: None, MODEL_ERROR: None, ROW: 1}
#: Largest tree rendered to SVG/PNG on the server (Graphviz's layout grows fast with size).
RENDER_LIMIT = 600


def ensure_defaults() -> None:
    lab.ensure_defaults()
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value


# ------------------------------------------------------------------------------- uploads
def take_rows() -> None:
    """``on_change`` of the rows uploader: keep the bytes (they survive page switches)."""
    uploaded = st.session_state.get(ROWS_UPLOADER)
    if uploaded is not None:
        st.session_state[ROWS_NAME] = uploaded.name
        st.session_state[ROWS_BYTES] = uploaded.getvalue()
        st.session_state[ROWS_DIGEST] = hashlib.sha256(st.session_state[ROWS_BYTES]).hexdigest()
        st.session_state[ROW] = 1


def clear_rows() -> None:
    st.session_state[ROWS_NAME] = st.session_state[ROWS_BYTES] = None
    st.session_state[ROWS_DIGEST] = None
    st.session_state[ROW] = 1


def take_model() -> None:
    """``on_change`` of the model uploader: keep a valid tree file and switch to it, or say why
    it was refused (the tree on screen stays)."""
    uploaded = st.session_state.get(MODEL_UPLOADER)
    if uploaded is None:
        return
    text = uploaded.getvalue().decode("utf-8", errors="replace")
    digest = hashlib.sha256(text.encode()).hexdigest()
    try:
        _load_model(digest, text)
    except DataError as error:
        st.session_state[MODEL_ERROR] = error
        return
    st.session_state.update({MODEL_JSON: text, MODEL_DIGEST: digest, MODEL_NAME: uploaded.name,
                             MODEL_ERROR: None, SOURCE: "model"})


@st.cache_resource(show_spinner=False, max_entries=8)
def _load_model(digest: str, _text: str) -> Tree:
    return from_json(_text)


def loaded_model() -> Tree:
    """The loaded model file's tree: ``from_json`` (schema-checked), cached on the digest
    taken when the file was loaded."""
    return _load_model(st.session_state[MODEL_DIGEST], st.session_state[MODEL_JSON])


@st.cache_resource(show_spinner=False, max_entries=4)
def _read_rows(digest: str, name: str, _data: bytes) -> pd.DataFrame:
    return read_table(name, _data).frame


def uploaded_rows() -> tuple[pd.DataFrame, str]:
    """The uploaded rows as a DataFrame (raises LoadError saying what is wrong), read once per
    file (by the digest taken when it was uploaded) and shared, so not to be changed; with
    the key naming them for :func:`cached_predictions`."""
    name, digest = st.session_state[ROWS_NAME], st.session_state[ROWS_DIGEST]
    return _read_rows(digest, name, st.session_state[ROWS_BYTES]), f"rows:{name}:{digest}"


# ------------------------------------------------------------------------------- predictions
def predictions(tree: Tree, frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with the predicted class and one probability column per class,
    ``P(<class>)`` (a regression tree: the predicted number), its cells read with the
    missing-value markers the tree's data was read with. Raises DataError when a feature
    column is absent or a number is not one."""
    X = tree.schema.encode(frame)
    out = frame.copy()
    target = tree.schema.target
    column = target if target not in frame.columns else f"{target} (predicted)"
    if tree.is_regression:
        out[column] = tree.predict(X)
        return out
    proba = tree.predict_proba(X)
    out[column] = np.asarray(tree.classes, dtype=object)[most_probable(proba)]
    for k, label in enumerate(tree.classes):
        out[f"P({label})"] = proba[:, k]
    return out


#: The latest predictions in the process, ``(id(tree), rows key) → (the tree, weakly; its
#: predictions)``, the most recent last: each is a copy of its table, so only a few are kept.
_PREDICTED: OrderedDict = OrderedDict()
_PREDICTED_KEPT = 2
_PREDICTED_LOCK = threading.Lock()


def cached_predictions(tree: Tree, frame: pd.DataFrame, rows_key: str) -> pd.DataFrame:
    """:func:`predictions`, kept for the latest (tree, rows) pairs: the page reruns on every
    click (a row number, an expander), and predicting every row each time took 0.16 s at 100k
    rows. ``rows_key`` names the rows (the frame is not hashed); the trees come from the
    caches, the same object on every rerun. The result is shared: not to be changed."""
    key = (id(tree), rows_key)
    with _PREDICTED_LOCK:
        held = _PREDICTED.get(key)
        if held is not None and held[0]() is tree:
            _PREDICTED.move_to_end(key)
            return held[1]
    result = predictions(tree, frame)
    with _PREDICTED_LOCK:
        _PREDICTED[key] = (weakref.ref(tree), result)
        while len(_PREDICTED) > _PREDICTED_KEPT:
            _PREDICTED.popitem(last=False)
    return result


#: What a spreadsheet takes for the start of a formula when a cell begins with it (OWASP's
#: "CSV injection" list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def formula_cells(frame: pd.DataFrame) -> pd.DataFrame:
    """Which text cells of ``frame`` a spreadsheet would run as a formula: they begin with one
    of :data:`FORMULA_STARTS` and are not a number (``-3.5`` stays a number)."""
    flags = pd.DataFrame(False, index=frame.index, columns=frame.columns)
    for column in frame.columns:
        values = frame[column]
        if values.dtype != object and not pd.api.types.is_string_dtype(values):
            continue
        text = values.astype("string")
        risky = text.str.startswith(FORMULA_STARTS).fillna(False)
        numbers = pd.to_numeric(text.where(risky), errors="coerce").notna()
        flags[column] = (risky & ~numbers).to_numpy(dtype=bool)
    return flags


def predictions_csv(result: pd.DataFrame) -> bytes:
    """The predictions as UTF-8 CSV for a spreadsheet: a text cell that would start a formula
    (:func:`formula_cells`) is written with a leading ``'``, which spreadsheets show as text
    and do not keep; every other cell as it is."""
    flags = formula_cells(result)
    if flags.to_numpy().any():
        result = result.copy()
        for column in flags.columns[flags.any()]:
            risky = flags[column].to_numpy()
            result[column] = result[column].astype(object)
            result.loc[risky, column] = "'" + result.loc[risky, column].astype(str)
    return result.to_csv(index=False).encode("utf-8")


def encode_row(tree: Tree, row: Mapping) -> np.ndarray:
    """One row (a mapping of feature name to raw value) encoded for ``tree``, as a 1-D array."""
    return tree.schema.encode_row(row)[0]


def explain(tree: Tree, flow: RowFlow, row: Mapping) -> pd.DataFrame:
    """The path of one row, as a table: one line per node it reaches (pre-order), with the test,
    the row's raw value (``row``: a mapping of feature name to raw value), the weight it arrives
    with, and where it went. ``flow`` is the row's :func:`~treecore.tree.flow.row_flow`: at a
    node whose value is missing (or unseen) the weight is split over the branches by their
    shares of the training rows (r̃ᵥ)."""
    lines = {}
    for step in flow.steps:
        node = tree.node(step.node_id)
        taken = [b for b in step.branches if b.weight > 0 or not step.missing]
        outcome = ", ".join(f"{b.label}: {b.weight:.4g}" for b in taken) if step.missing \
            else taken[0].label
        value = row.get(node.split.feature)
        lines[step.node_id] = {"node": step.node_id, "depth": node.depth, "test": step.test,
                               "value": "" if _is_empty(value) else str(value),
                               "weight": step.weight, "split": step.missing,
                               "outcome": outcome}
    for leaf in flow.leaves:
        node = tree.node(leaf.node_id)
        lines[leaf.node_id] = {"node": leaf.node_id, "depth": node.depth, "test": "",
                               "value": "", "weight": leaf.weight, "split": False,
                               "outcome": _leaf_outcome(tree, node)}
    return pd.DataFrame([lines[node.node_id] for node in tree.iter_preorder(only=lines)],
                        columns=["node", "depth", "test", "value", "weight", "split",
                                 "outcome"])


def _is_empty(value) -> bool:
    """Whether a raw cell is empty (None, NaN, NA): shown blank, not as "nan". A marker the
    user wrote ("?", "NA") is shown as written."""
    return value is None or (pd.api.types.is_scalar(value) and bool(pd.isna(value)))


def _leaf_outcome(tree: Tree, node) -> str:
    """What a leaf on a row's path predicts: its class and class shares, or its mean."""
    if tree.is_regression:
        return f"→ {node.value:.6g}"
    shares = ", ".join(f"{c} {p:.3g}" for c, p in zip(tree.classes, node.distribution))
    return f"→ {tree.classes[node.prediction]} ({shares})"


# ------------------------------------------------------------------------------- downloads
class RenderError(RuntimeError):
    """Graphviz could not draw the tree (e.g. the ``dot`` program is not installed)."""


#: Why no picture of the tree can be made on this machine.
NO_GRAPHVIZ = "Graphviz's dot program is not installed (apt-get install graphviz)"


def can_render() -> bool:
    """Whether Graphviz's ``dot`` program is here to draw the tree as SVG or PNG."""
    return shutil.which("dot") is not None


def render(tree: Tree, labels: Mapping[str, str], fmt: str) -> bytes:
    """The tree's DOT text (:func:`treecore.io.to_dot` with ``labels``) drawn by Graphviz's
    ``dot`` as ``fmt`` ("svg" or "png"). The page calls it only when the file is asked for:
    drawing a tree of a few hundred nodes takes a second."""
    try:
        return graphviz.Source(to_dot(tree, labels=labels)).pipe(format=fmt)
    except graphviz.ExecutableNotFound as error:
        raise RenderError(NO_GRAPHVIZ) from error
    except graphviz.CalledProcessError as error:
        raise RenderError(f"Graphviz failed: {error.stderr.decode(errors='replace')[:300]}"
                          ) from error


def text_downloads(tree: Tree, labels: Mapping[str, str]
                   ) -> dict[str, tuple[Callable[[], bytes], str]]:
    """The text exports: file name → (what writes the file's UTF-8 bytes, MIME type). Each is
    written only when its file is asked for: a tree of 100k nodes takes seconds per format,
    which every rerun of the page would pay otherwise. ``labels`` are the DOT file's words."""
    return {"rules.txt": (functools.partial(_utf8, to_rules, tree), "text/plain"),
            "tree_predict.py": (functools.partial(_utf8, to_python, tree), "text/x-python"),
            "tree_case.sql": (functools.partial(_utf8, to_sql, tree), "application/sql"),
            "tree.json": (functools.partial(_utf8, to_json, tree), "application/json"),
            "tree.dot": (functools.partial(_utf8, to_dot, tree, labels=labels),
                         "text/vnd.graphviz")}


def _utf8(write: Callable[..., str], *args, **kwargs) -> bytes:
    """What ``write`` returns, as UTF-8."""
    return write(*args, **kwargs).encode("utf-8")
