"""Dependencies point one way: pages/ → ui/ → treecore/, and treecore stays a plain library.

Imports are read with ``ast`` (every ``import``/``from … import`` anywhere in a module, including
those inside functions), so a lazy import cannot slip past.

treecore's rooms (``data/``, ``measures/``, ``split/``, ``tree/``, ``io/``, ``grow/``,
``pruning/``, ``estimators/``, ``ensemble/``) are stacked: a module imports from its own room and
the rooms below it (:data:`ROOMS`), no module imports another in a circle (imports inside
functions included), and no module is longer than :data:`MAX_LINES` lines.

pandas is allowed in ``treecore/data/`` (where DataFrames become encoded arrays) and in the
classifier ``treecore/estimators/classifier.py`` with its input checks ``inputs.py``: the estimator
accepts DataFrames with nominal text columns, as scikit-learn's estimators do, and is the other edge
where the caller's tables come in. Everything between (criteria, splitting, builder, tree, predict,
export, pruning) works on numpy arrays.

scikit-learn is a test-only dependency: ``treecore/estimators/sklearn_compat.py`` alone imports it
(an optional import, with stand-ins when it is absent), and the app never loads it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "treecore"
FORBIDDEN_IN_ENGINE = {"streamlit", "plotly", "graphviz"}
PANDAS_EDGES = ("data/", "estimators/classifier.py", "estimators/inputs.py")
SKLEARN_BRIDGE = ENGINE / "estimators" / "sklearn_compat.py"
#: treecore's rooms from the bottom up: a module may import from its own room and those below.
ROOMS = (("errors", "algorithms", "jit", "ahead"), ("data",), ("measures",), ("split",), ("tree",), ("io",),
         ("grow",), ("pruning",), ("estimators",), ("ensemble",), ("warmup", "__init__"))
#: The longest a module may be (treecore, ui and pages): one job, readable in one sitting.
MAX_LINES = 400



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
    assert {"dataset.py", "criteria.py", "splitting.py", "builder.py", "nodes.py", "predict.py",
            "json_model.py", "classifier.py"} <= names


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_never_imports_ui_libraries(path):
    assert not imports(path) & FORBIDDEN_IN_ENGINE


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pandas_only_at_the_edge(path):
    if path.relative_to(ENGINE).as_posix().startswith(PANDAS_EDGES):
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


def bare_expressions(path: Path) -> list[int]:
    """Lines of the statements Streamlit's magic would write to the page: an expression that
    is not a call, await or yield and not a docstring."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        body = getattr(node, "body", None)
        for position, statement in enumerate(body if isinstance(body, list) else ()):
            docstring = position == 0 and isinstance(statement, ast.Expr) and \
                isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str)
            if isinstance(statement, ast.Expr) and not docstring and not isinstance(
                    statement.value, (ast.Call, ast.Await, ast.Yield, ast.YieldFrom)):
                found.append(statement.lineno)
    return found


@pytest.mark.parametrize("path", [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_pages_write_nothing_by_magic(path):
    """Magic is off (.streamlit/config.toml): a bare expression on a page would show nothing."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["runner"]["magicEnabled"] is False
    assert bare_expressions(path) == []


def test_bare_expression_finder_finds_one(tmp_path):
    page = tmp_path / "page.py"
    page.write_text('"""Doc."""\nimport streamlit as st\nst.write(1)\nx = 2\nx\n'
                    'def f():\n    """Doc."""\n    "shown"\n')
    assert bare_expressions(page) == [5, 8]


def test_import_checker_sees_nested_imports(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import numpy\ndef f():\n    from plotly import graph_objects\n")
    assert imports(module) == {"numpy", "plotly"}
    assert imports(module, top_level_only=True) == {"numpy"}


# ------------------------------------------------------------------------ treecore's own rooms
def module_name(path: Path) -> str:
    """``treecore.grow.builder`` for ``treecore/grow/builder.py``; a package by its folder."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


ENGINE_NAMES = {module_name(path): path for path in ENGINE_MODULES}


def engine_imports(path: Path) -> set[str]:
    """The treecore modules ``path`` imports, anywhere in it: ``from .x import name`` imports
    module ``x``; ``from . import x`` imports module ``x`` if there is one, else the package."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in ENGINE_NAMES
                          else source)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {module for module in found if module in ENGINE_NAMES and module != name}


IMPORTS = {name: engine_imports(path) for name, path in ENGINE_NAMES.items()}


def room(module: str) -> int:
    part = module.split(".")[1] if "." in module else "__init__"
    return next(level for level, names in enumerate(ROOMS) if part in names)


def test_every_module_has_a_room():
    assert {room(name) for name in ENGINE_NAMES} <= set(range(len(ROOMS)))


@pytest.mark.parametrize("name", sorted(ENGINE_NAMES))
def test_imports_point_down(name):
    upward = sorted(other for other in IMPORTS[name] if room(other) > room(name))
    assert not upward, f"{name} imports from rooms above its own: {upward}"


def test_no_module_imports_another_in_a_circle():
    """Depth-first search over the import graph; a grey module met again closes a circle."""
    state, circles = {}, []

    def visit(module: str, trail: list[str]) -> None:
        state[module] = "grey"
        for other in sorted(IMPORTS[module]):
            if state.get(other) == "grey":
                circles.append(trail[trail.index(other):] + [other])
            elif other not in state:
                visit(other, trail + [other])
        state[module] = "black"

    for module in sorted(IMPORTS):
        if module not in state:
            visit(module, [module])
    assert not circles, "\n".join(" → ".join(circle) for circle in circles)


def test_the_circle_finder_finds_one(monkeypatch):
    monkeypatch.setitem(IMPORTS, "treecore.errors", {"treecore.algorithms"})
    with pytest.raises(AssertionError, match="treecore.algorithms → treecore.errors"):
        test_no_module_imports_another_in_a_circle()


@pytest.mark.parametrize("path", [*ENGINE_MODULES, *modules(ROOT / "ui"), *modules(ROOT / "pages")],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_modules_stay_short(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{lines} lines: split it by job"
