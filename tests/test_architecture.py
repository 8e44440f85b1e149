"""Dependencies point one way: pages/ → ui/ → treecore/, and treecore stays a plain library.

Imports are read with ``ast`` (every ``import``/``from … import`` anywhere in a module, including
those inside functions), so a lazy import cannot slip past.

pandas is allowed in ``treecore/dataset.py`` (where DataFrames become encoded arrays) and in
``treecore/estimator.py`` with its input checks ``treecore/inputs.py``: the estimator accepts
DataFrames with nominal text columns, as scikit-learn's estimators do, and is the other edge where
the caller's tables come in. Everything between (criteria, splitting, builder, tree, predict,
export, pruning) works on numpy arrays.

scikit-learn is a test-only dependency: ``treecore/sklearn_compat.py`` alone imports it (an
optional import, with stand-ins when it is absent), and the app never loads it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "treecore"
FORBIDDEN_IN_ENGINE = {"streamlit", "plotly", "graphviz"}
PANDAS_EDGES = {"dataset.py", "estimator.py", "inputs.py"}
SKLEARN_BRIDGE = ENGINE / "sklearn_compat.py"


def imports(path: Path, top_level_only: bool = False) -> set[str]:
    """The top-level package of every module ``path`` imports (relative imports are skipped)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    nodes = tree.body if top_level_only else ast.walk(tree)
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def modules(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


ENGINE_MODULES = modules(ENGINE)


def test_engine_modules_found():
    names = {p.name for p in ENGINE_MODULES}
    assert {"dataset.py", "criteria.py", "splitting.py", "builder.py", "tree.py", "predict.py",
            "export.py", "estimator.py"} <= names


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_never_imports_ui_libraries(path):
    assert not imports(path) & FORBIDDEN_IN_ENGINE


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pandas_only_at_the_edge(path):
    if path.name in PANDAS_EDGES and path.parent == ENGINE:
        return
    assert "pandas" not in imports(path)


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_never_imports_the_app_or_sklearn_at_module_level(path):
    found = imports(path)
    assert not found & {"ui", "pages", "app"}
    if path != SKLEARN_BRIDGE:
        assert "sklearn" not in imports(path, top_level_only=True)


def test_the_app_never_loads_sklearn():
    """Importing treecore and every ui module (all a page imports) leaves scikit-learn out,
    though it is installed here: only the estimator, loaded on first use, brings it in."""
    code = ("import importlib, sys, treecore\n"
            "for name in sys.argv[1:]: importlib.import_module(name)\n"
            "assert 'sklearn' not in sys.modules, 'sklearn was imported'\n"
            "treecore.DecisionTreeClassifier\n"
            "assert 'sklearn' in sys.modules, 'the estimator should build on sklearn'\n")
    ui_modules = [".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                  for path in modules(ROOT / "ui")]
    result = subprocess.run([sys.executable, "-c", code, *ui_modules], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]


@pytest.mark.parametrize("path", modules(ROOT / "ui"), ids=lambda p: str(p.relative_to(ROOT)))
def test_ui_never_imports_pages(path):
    assert not imports(path) & {"pages", "app"}


def test_import_checker_sees_nested_imports(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import numpy\ndef f():\n    from plotly import graph_objects\n")
    assert imports(module) == {"numpy", "plotly"}
    assert imports(module, top_level_only=True) == {"numpy"}
