"""Security: nothing a user supplies is unpickled, evaluated, executed or injected as HTML; the
model JSON is validated before use; hostile names stay text in every export; XSRF protection
is on and the app binds to 127.0.0.1 unless told otherwise."""

from __future__ import annotations

import ast
import json
import time
import re
import shutil
import sqlite3
import subprocess
import tomllib
from pathlib import Path

import numpy as np
import pytest

from treecore import Dataset, DataError, grow
from treecore.io import from_json, to_dot, to_json, to_python, to_rules, to_sql, to_text
from ui.data.loaders import read_table

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad"
SOURCES = sorted([ROOT / "app.py", *ROOT.glob("treecore/**/*.py"), *ROOT.glob("ui/**/*.py"),
                  *ROOT.glob("pages/*.py")])
FORBIDDEN_MODULES = {"pickle", "cPickle", "dill", "shelve", "marshal", "joblib", "cloudpickle"}
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__"}
HTML_CALLS = {"html"}                     # st.html, components.html: constant text only


# ------------------------------------------------------------------------------ source scan
def _constant_text(node: ast.AST, constants: dict[str, ast.AST]) -> bool:
    """A string literal (or a module-level name bound to one), never built from data."""
    if isinstance(node, ast.Name) and node.id in constants:
        node = constants[node.id]
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    constants = {t.id: n.value for n in tree.body if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n.split(".")[0] in FORBIDDEN_MODULES for n in names):
                found.append(f"{where}: imports {names}")
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if isinstance(func, ast.Name) and name in FORBIDDEN_CALLS:
            found.append(f"{where}: calls {name}")
        unsafe = any(k.arg == "unsafe_allow_html" and not (isinstance(k.value, ast.Constant)
                                                          and k.value.value is False)
                     for k in node.keywords)
        if (unsafe or name in HTML_CALLS) and not (node.args and
                                                   _constant_text(node.args[0], constants)):
            found.append(f"{where}: HTML from something other than a constant string")
    return found


def test_sources_are_found():
    assert len(SOURCES) > 20 and ROOT / "app.py" in SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pickle_eval_exec_or_html_from_data(path):
    assert violations(path) == []


def test_the_scan_catches_what_it_forbids(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import pickle\nimport streamlit as st\nname = input()\n"
                   "st.markdown(f'<b>{name}</b>', unsafe_allow_html=True)\n"
                   "st.markdown('<style>p {}</style>', unsafe_allow_html=True)\n"
                   "eval(name)\nst.html(name)\n")
    found = violations(bad)
    assert [f.split(": ", 1)[1] for f in found] == [
        "imports ['pickle', '']", "HTML from something other than a constant string",
        "calls eval", "HTML from something other than a constant string"]


# ------------------------------------------------------------------------------ server config
def test_xsrf_protection_is_on_and_the_server_binds_to_localhost():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    server = config["server"]
    assert server["enableXsrfProtection"] is True
    assert server.get("enableCORS", True) is True
    assert server["address"] == "127.0.0.1"
    assert config["runner"]["enforceSerializableSessionState"] is True


def test_make_run_binds_to_localhost_unless_told_otherwise():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^ADDRESS\s*\?=\s*127\.0\.0\.1$", makefile, re.M)
    assert "--server.address $(ADDRESS)" in makefile
    assert "make run ADDRESS=0.0.0.0" in (ROOT / "README.md").read_text()


# ------------------------------------------------------------------------------ model JSON
@pytest.fixture(scope="module")
def document() -> dict:
    table = read_table("w.csv", (ROOT / "samples" / "watermelon2.0.csv").read_bytes())
    tree = grow(Dataset.from_frame(table.frame, "好瓜", ignore=["编号"]), algorithm="id3")
    return json.loads(to_json(tree))


def _changed(document: dict, change) -> str:
    copy = json.loads(json.dumps(document))
    change(copy)
    return json.dumps(copy)


HOSTILE_DOCUMENTS = {
    "deep arrays": lambda d: "[" * 100_000 + "]" * 100_000,
    "deep objects": lambda d: '{"a":' * 50_000 + "1" + "}" * 50_000,
    "NaN count": lambda d: _changed(d, lambda c: c["nodes"][0]["class_counts"].__setitem__(
        0, float("nan"))),
    "node its own child": lambda d: _changed(d, lambda c: c["nodes"][0]["children"].__setitem__(
        0, 0)),
    "shared child": lambda d: _changed(d, lambda c: c["nodes"][0].__setitem__(
        "children", [1, 2, 1])),
    "code as threshold": lambda d: _changed(d, lambda c: c["nodes"][0]["split"].__setitem__(
        "threshold", "__import__('os').system('id')")),
    "object as class": lambda d: _changed(d, lambda c: c["schema"].__setitem__(
        "classes", [{"__class__": "os"}])),
    "pickle bytes": lambda d: "\x80\x04\x95cos\nsystem\n.",
    "python literal": lambda d: "__import__('os').system('id')",
    "wrong depth": lambda d: _changed(d, lambda c: c["nodes"][1].__setitem__("depth", 7)),
    "second root": lambda d: _changed(d, lambda c: c["nodes"][1].__setitem__("parent", None)),
    "impurity as a list": lambda d: _changed(d, lambda c: c["nodes"][0].__setitem__(
        "impurity", [1, 2])),
    "count of 10^400": lambda d: _changed(d, lambda c: c["nodes"][0]["class_counts"].__setitem__(
        0, 10**400)),
    "gain of 10^400": lambda d: _changed(d, lambda c: c["nodes"][0]["split"].__setitem__(
        "gain", 10**400)),
    "weight as text": lambda d: _changed(d, lambda c: c["nodes"][0].__setitem__(
        "weighted_n_samples", "many")),
    "threshold 1e999": lambda d: _changed(d, lambda c: c["nodes"][0]["split"].__setitem__(
        "threshold", 1e308)).replace("1e+308", "1e999"),
    "lone surrogate": lambda d: json.dumps(d).replace(json.dumps(d["schema"]["target"]),
                                                      '"\\ud800"', 1),
    "1,500 levels": lambda d: _chain(d, 1500),
}


def _chain(document: dict, levels: int) -> str:
    """``document``'s root split repeated down a chain ``levels`` deep (a leaf beside each)."""
    root = document["nodes"][0]
    nodes = []
    for level in range(levels):
        chain, leaf = 2 * level, 2 * level + 1
        parent = None if level == 0 else chain - 2
        nodes.append({**root, "node_id": chain, "depth": level, "parent": parent,
                      "children": [leaf, chain + 2]})
        nodes.append({**root, "node_id": leaf, "depth": level + 1, "parent": chain,
                      "children": [], "split": None})
    nodes.append({**root, "node_id": 2 * levels, "depth": levels, "parent": 2 * levels - 2,
                  "children": [], "split": None})
    return json.dumps({**document, "nodes": nodes})


def test_a_node_with_many_children_loads_in_linear_time(document):
    """Checking parents and children once per link: 40,000 children (42 s when each child was
    looked up in its parent's list) load in seconds."""
    root = document["nodes"][0]
    split = root["split"]
    n = 40_000
    wide = {**split, "branches": [f"b{i}" for i in range(n)],
            "branch_counts": [split["branch_counts"][0]] * n}
    if wide.get("branch_codes") is not None:
        wide["branch_codes"] = [0] * n
    nodes = [{**root, "children": list(range(1, n + 1)), "split": wide}]
    nodes += [{**root, "node_id": i, "depth": 1, "parent": 0, "children": [], "split": None}
              for i in range(1, n + 1)]
    started = time.perf_counter()
    tree = from_json(json.dumps({**document, "nodes": nodes}))
    assert tree.n_nodes == n + 1
    assert time.perf_counter() - started < 20


def test_a_line_break_in_a_label_cannot_forge_a_rule(document):
    classes = document["schema"]["classes"]
    forged = _changed(document, lambda c: c["schema"]["classes"].__setitem__(
        0, classes[0] + "\nIF forged THEN 好瓜 = 是"))
    rules = to_rules(from_json(forged))
    assert len(rules.splitlines()) == len(to_rules(from_json(json.dumps(document))).splitlines())
    assert "\\nIF forged" in rules and "\\nIF forged" in to_text(from_json(forged))


@pytest.mark.parametrize("name", HOSTILE_DOCUMENTS)
def test_hostile_model_json_is_refused(document, name):
    with pytest.raises(DataError, match="not (JSON|a valid tree file)"):
        from_json(HOSTILE_DOCUMENTS[name](document))


# ------------------------------------------------------------------------------ exports
HOSTILE_FILES = ["html_js.csv", "formula_strings.csv", "dot_breakout.csv", "hostile_names.xlsx"]


def hostile_tree(name: str):
    frame = read_table(name, (BAD / name).read_bytes()).frame
    data = Dataset.from_frame(frame, str(frame.columns[-1]), kinds={
        c: "nominal" for c in frame.columns[:-1]})
    tree = grow(data, algorithm="id3")
    assert tree.n_leaves > 1, "the hostile names must appear in a split"
    return frame, data, tree


def texts(tree) -> set[str]:
    """Every name and label of the tree: what an export must show literally."""
    schema = tree.schema
    return {*schema.feature_names, *(label for f in schema.features for label in f.labels),
            *map(str, schema.classes)}


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_text_rules_and_json_keep_names_as_text(name):
    _, data, tree = hostile_tree(name)
    used = tree.root.split.feature
    assert used in to_text(tree) and used in to_rules(tree)
    back = from_json(to_json(tree))
    assert back.schema == tree.schema
    np.testing.assert_array_equal(back.predict(data.X), tree.predict(data.X))


@pytest.mark.skipif(not shutil.which("dot"), reason="graphviz `dot` not installed")
@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_dot_labels_stay_strings(name):
    """Graphviz parses the DOT into exactly the tree's nodes and edges, with the names inside
    the labels: nothing broke out of a quoted string."""
    _, _, tree = hostile_tree(name)
    parsed = json.loads(subprocess.run(["dot", "-Tjson0"], input=to_dot(tree), text=True,
                                       capture_output=True, check=True).stdout)
    names = {o["name"] for o in parsed["objects"]}
    assert names == {f"n{n.node_id}" for n in tree.iter_nodes()}
    assert len(parsed.get("edges", [])) == tree.n_nodes - 1
    labels = " ".join(o["label"] for o in parsed["objects"])
    assert tree.root.split.feature in labels


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_python_export_is_inert_code(name):
    """The generated module parses, defines only its own functions, and predicts as the tree."""
    frame, data, tree = hostile_tree(name)
    code = to_python(tree)
    module = ast.parse(code)
    defined = {n.name for n in module.body if isinstance(n, ast.FunctionDef)}
    assert defined == {"_missing", "_label", "_blend", "predict", "predict_proba"} | {
        f"_n{n.node_id}" for n in tree.iter_nodes()}
    namespace: dict = {}
    exec(compile(module, "<export>", "exec"), namespace)  # the test runs it; the app never does
    rows = frame.drop(columns=frame.columns[-1]).to_dict("records")
    assert [namespace["predict"](row) for row in rows] == list(tree.predict(data.X))


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_sql_export_is_one_statement(name):
    """SQLite runs the query (one statement only: an injected ``;`` would be refused) on a
    table whose columns carry the hostile names, and predicts as the tree."""
    frame, data, tree = hostile_tree(name)
    db = sqlite3.connect(":memory:")
    columns = list(frame.columns)
    quoted = ", ".join('"' + c.replace('"', '""') + '"' for c in columns)
    db.execute(f"CREATE TABLE t ({quoted})")
    db.executemany(f"INSERT INTO t VALUES ({', '.join('?' * len(columns))})",
                   frame.astype(str).itertuples(index=False))
    predicted = [row[-1] for row in db.execute(to_sql(tree, "t"))]
    assert predicted == [str(c) for c in tree.predict(data.X)]
