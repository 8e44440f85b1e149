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


def test_the_pages_modules_are_imported_after_the_kernels():
    """In a fresh process (here every module is imported already), with the kernels' part
    skipped: every module of the pages' packages is imported by the background thread."""
    code = ("import sys\n"
            "from ui import preload\n"
            "preload.warm = lambda: None\n"
            "assert 'ui.views.tree_view' not in sys.modules\n"
            "preload.start().join()\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('ui.'))))\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    loaded = set(result.stdout.split())
    for package in preload.PAGE_PACKAGES:
        folder = ROOT / package.replace(".", "/")
        assert {f"{package}.{path.stem}" for path in folder.glob("*.py")
                if path.stem != "__init__"} - preload.NOT_PRELOADED <= loaded
    assert not preload.NOT_PRELOADED & loaded


def test_a_module_declaring_a_component_is_left_to_the_pages():
    """A component declared outside a script run is not registered, and never served: every
    module that declares one is among those the preload leaves alone."""
    declaring = {".".join(path.relative_to(ROOT).with_suffix("").parts)
                 for package in preload.PAGE_PACKAGES
                 for path in (ROOT / package.replace(".", "/")).glob("*.py")
                 if "declare_component(" in path.read_text(encoding="utf-8")}
    assert declaring and declaring <= preload.NOT_PRELOADED
