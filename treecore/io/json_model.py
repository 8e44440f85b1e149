"""A tree as lossless JSON, the model format of the app, validated on the way in.

``from_json`` checks the document's shape and types before building anything, in time linear
in its size (every number finite and representable, every text valid Unicode, at most
:data:`MAX_NODES` nodes and :data:`MAX_DEPTH` levels), so a hand-edited or hostile file gives a
clear :class:`~treecore.errors.DataError`, never a traceback or code execution (no pickle, no
eval).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import fields

from ..algorithms import TASKS
from ..data import Kind, Schema
from ..errors import DataError
from ..split.candidates import Candidate
from ..tree.lazy import collector_paused
from ..tree.nodes import Node, StopReason, Tree

FORMAT = "treecore.tree"
VERSION = 1
#: Most nodes and levels a model file may have: beyond them a tree is no tree anyone grew here
#: (the views draw and export a tree recursively, one call per level).
MAX_NODES = 300_000
#: At most this many missing-value markers in a model's schema.
MAX_MARKERS = 1_000
MAX_DEPTH = 500

_CANDIDATE_FLOATS = ("rho", "gain", "split_info", "gain_ratio", "gini", "error", "impurity",
                     "decrease", "score")


#: The fields a candidate is written with, and the values of the enums written (an enum
#: member's ``value`` is a slow property, read once here rather than once per node).
_CANDIDATE_FIELDS = tuple(f.name for f in fields(Candidate))
_KIND_VALUES = {kind: kind.value for kind in Kind}
_REASON_VALUES = {reason: reason.value for reason in StopReason}


def _candidate_dict(c: Candidate) -> dict:
    out = {name: getattr(c, name) for name in _CANDIDATE_FIELDS}
    out["kind"] = _KIND_VALUES[c.kind]
    for name in ("branches", "subset", "branch_codes", "branch_values"):
        out[name] = None if out[name] is None else list(out[name])
    out["branch_counts"] = [list(row) for row in c.branch_counts]
    return out


def _node_dict(n: Node) -> dict:
    return {"node_id": n.node_id, "parent": n.parent, "depth": n.depth, "path": list(n.path),
            "n_samples": n.n_samples, "weighted_n_samples": n.weighted_n_samples,
            "class_counts": list(n.class_counts), "distribution": list(n.distribution),
            "impurity": n.impurity, "prediction": n.prediction, "created_at": n.created_at,
            "split": None if n.split is None else _candidate_dict(n.split),
            "children": list(n.children), "expanded_at": n.expanded_at,
            "stop_reason": None if n.stop_reason is None else _REASON_VALUES[n.stop_reason],
            "value": n.value,
            "feature_subset": None if n.feature_subset is None else list(n.feature_subset)}


@collector_paused()
def to_json(tree: Tree) -> str:
    """The whole tree (schema, nodes with their statistics and splits, settings) as JSON."""
    return json.dumps({"format": FORMAT, "version": VERSION, "schema": tree.schema.to_dict(),
                       "settings": dict(tree.settings), "n_steps": tree.n_steps,
                       "nodes": [_node_dict(n) for n in tree.nodes]}, ensure_ascii=False)


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise DataError(f"this is not a valid tree file: {what}", code="bad_model", detail=what,
                        hint="load a JSON file exported by Tree Explorer")


def _number(value, what: str) -> float:
    """``value`` as a finite float, or a DataError (a bool, a text, a list, 10**400, 1e999)."""
    _expect(isinstance(value, (int, float)) and not isinstance(value, bool),
            f"{what} must be a number")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    _expect(math.isfinite(number), f"{what} must be a finite number")
    return number


def _optional_number(value, what: str) -> float | None:
    return None if value is None else _number(value, what)


def _number_list(value, what: str) -> tuple[float, ...]:
    _expect(isinstance(value, list), f"{what} must be a list of numbers")
    return tuple(_number(v, what) for v in value)


def _check_texts(data) -> None:
    """Every text of the parsed document is valid Unicode: JSON's ``\\ud800`` escape makes a
    lone surrogate, which no file, page or export can hold. (Written out once, in C.)"""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        _expect(False, "a text holds an invalid character (a lone surrogate)")


def _candidate(data: dict, schema: Schema) -> Candidate:
    _expect(isinstance(data, dict), "a split must be an object")
    j = data.get("feature_index")
    _expect(isinstance(j, int) and 0 <= j < len(schema.features), "split feature out of range")
    feature = schema.features[j]
    _expect(data.get("feature") == feature.name and data.get("kind") == feature.kind.value,
            f"split on {data.get('feature')!r} does not match the schema")
    kwargs: dict = {name: _number(data.get(name), f"split {name}") for name in _CANDIDATE_FLOATS}
    branches = data.get("branches")
    _expect(isinstance(branches, list) and all(isinstance(b, str) for b in branches),
            "split branches must be a list of texts")
    counts = data.get("branch_counts")
    _expect(isinstance(counts, list) and len(counts) == len(branches), "branch counts")
    kwargs["branch_counts"] = tuple(_number_list(row, "branch counts") for row in counts)
    threshold = _optional_number(data.get("threshold"), "split threshold")
    midpoint = _optional_number(data.get("midpoint"), "split midpoint")
    if feature.kind is Kind.CONTINUOUS:
        _expect(threshold is not None, "a continuous split needs a threshold")
    codes = {}
    for name in ("subset", "branch_codes"):
        value = data.get(name)
        _expect(value is None or (isinstance(value, list) and all(
            isinstance(v, int) and 0 <= v < max(len(feature.labels), 1) for v in value)),
            f"split {name}")
        codes[name] = None if value is None else tuple(value)
    if feature.kind is Kind.NOMINAL:
        _expect((codes["subset"] is None) != (codes["branch_codes"] is None),
                "a nominal split needs either a subset or branch codes")
    values = data.get("branch_values")
    if values is not None:
        values = tuple(_number_list(values, "branch values"))
        _expect(len(values) == len(branches), "one value per branch")
    return Candidate(feature=feature.name, feature_index=j, kind=feature.kind, branch_values=values,
                     branches=tuple(branches), threshold=threshold, midpoint=midpoint,
                     eligible=bool(data.get("eligible", True)), note=str(data.get("note", "")),
                     forced=bool(data.get("forced", False)), **codes, **kwargs)


def _node(data: dict, schema: Schema, seen: set[int]) -> Node:
    _expect(isinstance(data, dict), "a node must be an object")
    ints = {name: data.get(name) for name in ("node_id", "depth", "n_samples", "prediction",
                                               "created_at")}
    _expect(all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**53
                for v in ints.values()), "node ids and counts")
    _expect(ints["depth"] <= MAX_DEPTH, f"the tree is deeper than {MAX_DEPTH} levels")
    _expect(ints["prediction"] < max(len(schema.classes), 1), "node prediction out of range")
    parent = data.get("parent")
    _expect(parent is None or parent in seen, "a node must come after its parent")
    children = data.get("children")
    _expect(isinstance(children, list) and all(isinstance(c, int) for c in children), "children")
    split = None if data.get("split") is None else _candidate(data["split"], schema)
    _expect((split is None) == (len(children) == 0), "a node has children exactly when it splits")
    if split is not None:
        _expect(len(children) == len(split.branches), "one child per branch")
    counts = _number_list(data.get("class_counts"), "class counts")
    distribution = _number_list(data.get("distribution"), "distribution")
    value = _optional_number(data.get("value"), "node value")
    if schema.is_regression:
        _expect(not counts and value is not None and tuple(distribution) == (value,),
                "a regression node has a value and no class counts")
    else:
        _expect(len(counts) == len(distribution) == len(schema.classes), "one count per class")
    path = data.get("path")
    _expect(isinstance(path, list) and all(isinstance(p, str) for p in path), "node path")
    reason = data.get("stop_reason")
    _expect(reason is None or reason in {r.value for r in StopReason}, "stop reason")
    expanded = data.get("expanded_at")
    _expect(expanded is None or isinstance(expanded, int), "expanded_at")
    subset = data.get("feature_subset")
    _expect(subset is None or (isinstance(subset, list) and all(
        isinstance(j, int) and 0 <= j < len(schema.features) for j in subset)), "feature subset")
    return Node(parent=parent, path=tuple(path), class_counts=counts, distribution=distribution,
                weighted_n_samples=_number(data.get("weighted_n_samples", sum(counts)),
                                           "weighted_n_samples"),
                impurity=_number(data.get("impurity", 0.0), "impurity"), split=split,
                children=tuple(children),
                expanded_at=expanded, stop_reason=None if reason is None else StopReason(reason),
                value=value, feature_subset=None if subset is None else tuple(subset), **ints)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _check_links(nodes: list[Node]) -> None:
    """Parents and children agree: one root, first; every other node is the child of its
    parent exactly once, one level deeper. With parents listed before children this makes the
    nodes one tree (no cycle, nothing shared, nothing unreachable). Linear in the nodes and
    their children, however many children a node has."""
    by_id = {n.node_id: n for n in nodes}
    links = Counter((n.node_id, child) for n in nodes for child in n.children)
    _expect(nodes[0].parent is None and nodes[0].depth == 0, "the first node must be the root")
    for node in nodes[1:]:
        parent = by_id.get(node.parent)
        _expect(parent is not None and links[parent.node_id, node.node_id] == 1,
                "each node must be a child of its parent exactly once")
        _expect(node.depth == parent.depth + 1, "a node must be one level below its parent")
    _expect(all(by_id[c].parent == n.node_id for n in nodes for c in n.children),
            "a child must name its parent")


def from_json(text: str) -> Tree:
    """The tree saved by :func:`to_json`, after checking every field it uses."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, TypeError, RecursionError) as error:
        raise DataError(f"this is not JSON ({error})", code="bad_model",
                        detail=f"not JSON ({error})", hint="load a file exported by Tree Explorer")
    _expect(isinstance(data, dict) and data.get("format") == FORMAT, "the format marker is missing")
    _check_texts(data)
    _expect(data.get("version") == VERSION, f"unsupported version {data.get('version')!r}")
    raw_schema = data.get("schema")
    _expect(isinstance(raw_schema, dict) and isinstance(raw_schema.get("features"), list)
            and isinstance(raw_schema.get("classes"), list), "the schema")
    for feature in raw_schema["features"]:
        _expect(isinstance(feature, dict) and isinstance(feature.get("name"), str)
                and feature.get("kind") in (Kind.NOMINAL.value, Kind.CONTINUOUS.value)
                and isinstance(feature.get("labels"), list), "a feature of the schema")
    _expect(all(isinstance(c, (str, int, float, bool)) for c in raw_schema["classes"]), "classes")
    _expect(raw_schema.get("task", "classification") in TASKS, "the schema's task")
    markers = raw_schema.get("missing", [])
    _expect(isinstance(markers, list) and len(markers) <= MAX_MARKERS
            and all(isinstance(m, str) for m in markers), "the missing-value markers")
    schema = Schema.from_dict(raw_schema)
    raw_nodes = data.get("nodes")
    _expect(isinstance(raw_nodes, list) and raw_nodes, "the nodes")
    _expect(len(raw_nodes) <= MAX_NODES, f"more than {MAX_NODES:,} nodes")
    seen: set[int] = set()
    nodes = []
    for raw in raw_nodes:
        node = _node(raw, schema, seen)
        _expect(node.node_id not in seen, "node ids must be unique")
        seen.add(node.node_id)
        nodes.append(node)
    _expect(all(c in seen for n in nodes for c in n.children), "a child id is missing")
    _check_links(nodes)
    settings = data.get("settings") if isinstance(data.get("settings"), dict) else {}
    n_steps = data.get("n_steps") if isinstance(data.get("n_steps"), int) else 0
    return Tree(schema, tuple(nodes), settings, n_steps)
