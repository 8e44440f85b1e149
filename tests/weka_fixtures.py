"""Weka's example data sets and the J48/Id3 trees recorded from them (``tests/data/weka/``,
written by ``scripts/record_weka_j48.py``), and our trees in the same form."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pandas as pd

from treecore import Tree

WEKA = Path(__file__).parent / "data" / "weka"


def read_arff(path: Path) -> tuple[pd.DataFrame, str]:
    """(table, class column) of a dense ARFF file: numeric attributes as floats, nominal ones
    as Categoricals in their declared order, ``?`` missing; the class is the last attribute."""
    names, domains, rows = [], [], []
    lines = iter(path.read_text().splitlines())
    for line in lines:
        text = line.strip()
        if text.lower().startswith("@attribute"):
            name, kind = _attribute(text[len("@attribute"):].strip())
            names.append(name)
            domains.append(kind)
        elif text.lower().startswith("@data"):
            break
    for line in lines:
        if line.strip() and not line.lstrip().startswith("%"):
            rows.append([cell.strip() for cell in next(csv.reader(
                io.StringIO(line), quotechar="'", skipinitialspace=True))])
    columns = {}
    for i, (name, domain) in enumerate(zip(names, domains)):
        cells = [None if row[i] == "?" else row[i] for row in rows]
        columns[name] = (pd.to_numeric(pd.Series(cells, dtype=object)) if domain is None
                         else pd.Categorical(cells, categories=domain))
    return pd.DataFrame(columns), names[-1]


def _attribute(text: str) -> tuple[str, list[str] | None]:
    """(name, declared values or None for numeric) of an ``@attribute`` line's rest."""
    if text[0] in "'\"":
        end = text.index(text[0], 1)
        name, rest = text[1:end], text[end + 1:].strip()
    else:
        name, rest = text.split(None, 1)
    if not rest.startswith("{"):
        return name, None
    inner = rest[1:rest.rindex("}")]
    values = next(csv.reader(io.StringIO(inner), quotechar="'", skipinitialspace=True))
    return name, [v.strip() for v in values]


def fixture(name: str) -> dict:
    return json.loads((WEKA / f"{name}.json").read_text())


def names() -> list[str]:
    return sorted(p.stem for p in WEKA.glob("*.json"))


def as_weka(tree: Tree, node_id: int | None = None) -> dict:
    """Our tree in the recorded form: leaves with their class and weighted count and errors
    (two decimals, as Weka prints them), internal nodes with their test."""
    node = tree.root if node_id is None else tree.node(node_id)
    if node.is_leaf:
        counts = node.class_counts
        total = sum(counts)
        return {"class": tree.schema.classes[node.prediction], "weight": round(total, 2),
                "errors": round(total - (counts[node.prediction] if total > 0 else 0.0), 2)}
    split = node.split
    out = {"attribute": split.feature, "kind": "numeric" if split.threshold is not None
           else "nominal", "branches": []}
    if split.threshold is not None:
        out["threshold"] = round(split.threshold, 6)
    values = ("<=", ">") if split.threshold is not None else split.branches
    out["branches"] = [{"value": value, "node": as_weka(tree, child)}
                       for value, child in zip(values, node.children)]
    return out


def differences(ours: dict, weka: dict, path: str = "root", tolerance: float = 0.011
                ) -> list[str]:
    """Where two trees in the recorded form differ (empty when they are equal node for node:
    tests, thresholds to six decimals, leaf classes, weights and errors to Weka's two decimals;
    branches are matched by their value, whatever order the values were declared in)."""
    if ("branches" in ours) != ("branches" in weka):
        kind = lambda t: f"split on {t['attribute']}" if "branches" in t else f"leaf {t['class']}"
        return [f"{path}: ours {kind(ours)}, Weka's {kind(weka)}"]
    if "branches" not in weka:
        found = []
        if weka["class"] is not None and ours["class"] != weka["class"]:
            found.append(f"{path}: class {ours['class']} ≠ {weka['class']}")
        for key in ("weight", "errors"):
            if weka[key] is not None and abs(ours[key] - weka[key]) > tolerance:
                found.append(f"{path}: {key} {ours[key]} ≠ {weka[key]}")
        return found
    if ours["attribute"] != weka["attribute"]:
        return [f"{path}: split on {ours['attribute']} ≠ {weka['attribute']}"]
    if "threshold" in weka and abs(ours["threshold"] - weka["threshold"]) > 1e-6:
        return [f"{path}: {weka['attribute']} ≤ {ours['threshold']} ≠ {weka['threshold']}"]
    mine = {b["value"]: b["node"] for b in ours["branches"]}
    if set(mine) != {b["value"] for b in weka["branches"]}:
        return [f"{path}: branches {sorted(mine)} ≠ {sorted(b['value'] for b in weka['branches'])}"]
    return [d for b in weka["branches"]
            for d in differences(mine[b["value"]], b["node"],
                                 f"{path} → {weka['attribute']} {b['value']}", tolerance)]
