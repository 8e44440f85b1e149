"""The app loads the engine's kernels and the pages' modules on a background thread when it
first runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ui import preload

ROOT = Path(__file__).resolve().parent.parent


def test_kernels_load_once_per_process_in_the_background():
    thread = preload.start()
    assert thread.daemon and preload.start() is thread      # started once
    thread.join(timeout=300)
    assert not thread.is_alive()


def test_the_pages_modules_are_imported_after_the_kernels_and_declare_no_component():
    """In a fresh process (here every module is imported already), with the kernels' part
    skipped: every module of the pages' packages is imported by the background thread, and
    none declares a Streamlit component while it is imported (there, outside a script run, a
    component is never registered, so never served); then what was loaded is frozen out of
    the cyclic garbage collector, and a full collection no longer walks it."""
    code = ("import gc, sys\n"
            "import streamlit.components.v1 as components\n"
            "from ui import preload\n"
            "declared = []\n"
            "components.declare_component = lambda *args, **kw: declared.append(args)\n"
            "preload.warm = lambda: None\n"
            "assert 'ui.views.tree_view' not in sys.modules\n"
            "preload.start().join()\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('ui.'))))\n"
            "print(len(declared))\n"
            "print(gc.get_freeze_count(), len(gc.get_objects()))\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    modules, declared, frozen = result.stdout.splitlines()
    for package in preload.PAGE_PACKAGES:
        folder = ROOT / package.replace(".", "/")
        assert {f"{package}.{path.stem}" for path in folder.glob("*.py")
                if path.stem != "__init__"} <= set(modules.split())
    assert declared == "0"
    frozen, collected = map(int, frozen.split())
    assert frozen > 10 * collected
