"""A tree as text: lossless JSON (schema-checked on the way in) and a plain-text outline.

JSON is the model format of the app: ``from_json`` validates the document's shape and types
before building anything, so a hand-edited or hostile file gives a clear :class:`DataError`,
never code execution (no pickle, no eval).

>>> import pandas as pd
>>> from treecore import Dataset, grow
>>> tree = grow(Dataset.from_frame(pd.read_csv("../shared/examples/lihang_loan.csv"), "类别"),
...             algorithm="id3")
>>> print(to_text(tree))
有自己的房子 = 否
|   有工作 = 否: 否 (6)
|   有工作 = 是: 是 (3)
有自己的房子 = 是: 是 (6)
"""

from __future__ import annotations

import json
from dataclasses import fields

from .candidates import Candidate
from .dataset import Kind, Schema
from .errors import DataError
from .tree import Node, StopReason, Tree

FORMAT = "treecore.tree"
VERSION = 1

_CANDIDATE_FLOATS = ("rho", "gain", "split_info", "gain_ratio", "gini", "error", "impurity",
                     "decrease", "score")


def _candidate_dict(c: Candidate) -> dict:
    out = {f.name: getattr(c, f.name) for f in fields(Candidate)}
    out["kind"] = c.kind.value
    for name in ("branches", "subset", "branch_codes"):
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
            "stop_reason": None if n.stop_reason is None else n.stop_reason.value}


def to_json(tree: Tree) -> str:
    """The whole tree (schema, nodes with their statistics and splits, settings) as JSON."""
    return json.dumps({"format": FORMAT, "version": VERSION, "schema": tree.schema.to_dict(),
                       "settings": dict(tree.settings), "n_steps": tree.n_steps,
                       "nodes": [_node_dict(n) for n in tree.nodes]}, ensure_ascii=False)


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise DataError(f"this is not a valid tree file: {what}",
                        hint="load a JSON file exported by Tree Explorer")


def _number_list(value, what: str) -> tuple[float, ...]:
    _expect(isinstance(value, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                            for v in value), f"{what} must be a list of numbers")
    return tuple(float(v) for v in value)


def _candidate(data: dict, schema: Schema) -> Candidate:
    _expect(isinstance(data, dict), "a split must be an object")
    j = data.get("feature_index")
    _expect(isinstance(j, int) and 0 <= j < len(schema.features), "split feature out of range")
    feature = schema.features[j]
    _expect(data.get("feature") == feature.name and data.get("kind") == feature.kind.value,
            f"split on {data.get('feature')!r} does not match the schema")
    for name in _CANDIDATE_FLOATS:
        _expect(isinstance(data.get(name), (int, float)), f"split {name} must be a number")
    kwargs: dict = {name: float(data[name]) for name in _CANDIDATE_FLOATS}
    branches = data.get("branches")
    _expect(isinstance(branches, list) and all(isinstance(b, str) for b in branches),
            "split branches must be a list of texts")
    counts = data.get("branch_counts")
    _expect(isinstance(counts, list) and len(counts) == len(branches), "branch counts")
    kwargs["branch_counts"] = tuple(_number_list(row, "branch counts") for row in counts)
    threshold = data.get("threshold")
    if feature.kind is Kind.CONTINUOUS:
        _expect(isinstance(threshold, (int, float)), "a continuous split needs a threshold")
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
    midpoint = data.get("midpoint")
    return Candidate(feature=feature.name, feature_index=j, kind=feature.kind,
                     branches=tuple(branches), threshold=None if threshold is None else float(threshold),
                     midpoint=None if midpoint is None else float(midpoint),
                     eligible=bool(data.get("eligible", True)), note=str(data.get("note", "")),
                     forced=bool(data.get("forced", False)), **codes, **kwargs)


def _node(data: dict, schema: Schema, seen: set[int]) -> Node:
    _expect(isinstance(data, dict), "a node must be an object")
    ints = {name: data.get(name) for name in ("node_id", "depth", "n_samples", "prediction",
                                               "created_at")}
    _expect(all(isinstance(v, int) and v >= 0 for v in ints.values()), "node ids and counts")
    _expect(ints["prediction"] < len(schema.classes), "node prediction out of range")
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
    _expect(len(counts) == len(distribution) == len(schema.classes), "one count per class")
    path = data.get("path")
    _expect(isinstance(path, list) and all(isinstance(p, str) for p in path), "node path")
    reason = data.get("stop_reason")
    _expect(reason is None or reason in {r.value for r in StopReason}, "stop reason")
    expanded = data.get("expanded_at")
    _expect(expanded is None or isinstance(expanded, int), "expanded_at")
    return Node(parent=parent, path=tuple(path), class_counts=counts, distribution=distribution,
                weighted_n_samples=float(data.get("weighted_n_samples", sum(counts))),
                impurity=float(data.get("impurity", 0.0)), split=split, children=tuple(children),
                expanded_at=expanded, stop_reason=None if reason is None else StopReason(reason),
                **ints)


def from_json(text: str) -> Tree:
    """The tree saved by :func:`to_json`, after checking every field it uses."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise DataError(f"this is not JSON ({error})", hint="load a file exported by Tree Explorer")
    _expect(isinstance(data, dict) and data.get("format") == FORMAT, "the format marker is missing")
    _expect(data.get("version") == VERSION, f"unsupported version {data.get('version')!r}")
    raw_schema = data.get("schema")
    _expect(isinstance(raw_schema, dict) and isinstance(raw_schema.get("features"), list)
            and isinstance(raw_schema.get("classes"), list), "the schema")
    for feature in raw_schema["features"]:
        _expect(isinstance(feature, dict) and isinstance(feature.get("name"), str)
                and feature.get("kind") in (Kind.NOMINAL.value, Kind.CONTINUOUS.value)
                and isinstance(feature.get("labels"), list), "a feature of the schema")
    _expect(all(isinstance(c, (str, int, float, bool)) for c in raw_schema["classes"]), "classes")
    schema = Schema.from_dict(raw_schema)
    raw_nodes = data.get("nodes")
    _expect(isinstance(raw_nodes, list) and raw_nodes, "the nodes")
    seen: set[int] = set()
    nodes = []
    for raw in raw_nodes:
        node = _node(raw, schema, seen)
        _expect(node.node_id not in seen, "node ids must be unique")
        seen.add(node.node_id)
        nodes.append(node)
    _expect(all(c in seen for n in nodes for c in n.children), "a child id is missing")
    settings = data.get("settings") if isinstance(data.get("settings"), dict) else {}
    n_steps = data.get("n_steps") if isinstance(data.get("n_steps"), int) else 0
    return Tree(schema, tuple(nodes), settings, n_steps)


def node_label(tree: Tree, node: Node) -> str:
    """What a leaf predicts, in the book's style: ``是 (6)`` or ``是 (3.47/1.2)`` (weight/errors)."""
    label = tree.classes[node.prediction]
    weight = node.weighted_n_samples
    errors = weight - node.class_counts[node.prediction] if weight else 0.0
    if errors > 1e-9:
        return f"{label} ({weight:.4g}/{errors:.4g})"
    return f"{label} ({weight:.4g})"


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


def _branch_test(split: Candidate, branch: str) -> str:
    """``纹理 = 清晰``, ``密度 ≤ 0.3815`` or ``年龄 ∈ {青年}``: the test a branch stands for."""
    if split.kind is Kind.NOMINAL and split.subset is None:
        return f"{split.feature} = {branch}"
    return f"{split.feature} {branch}"
