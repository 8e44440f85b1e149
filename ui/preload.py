"""The engine's compiled kernels and the pages' modules, loaded in the background when the app
first runs.

numba keeps the compiled kernels on disk (``make run`` compiles them,
:mod:`treecore.warmup`), but each server process still loads every kernel it calls on first
use: about 0.3 s on the first Grow click, 0.6 s for all of them. A page's first run also
imports the views and models it draws with (some 0.05 s on the Grow page). Doing both on a
background thread while the user picks a table moves that wait off the first click.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import threading

from treecore.warmup import warm

#: The packages whose modules the pages import.
PAGE_PACKAGES = ("ui.models", "ui.views")
#: Modules left to the pages: a Streamlit component is registered only when it is declared
#: inside a script run (``components.v1.declare_component``), so the tree view declared on a
#: thread of its own would never be served.
NOT_PRELOADED = frozenset({"ui.views.tree_widget"})


@functools.cache
def start() -> threading.Thread:
    """Start loading every kernel, then the pages' modules, on a background thread, once per
    process (a later call returns the same thread)."""
    thread = threading.Thread(target=_load, name="treecore-kernels", daemon=True)
    thread.start()
    return thread


def _load() -> None:
    warm()
    for package in PAGE_PACKAGES:
        for module in pkgutil.iter_modules(importlib.import_module(package).__path__):
            if f"{package}.{module.name}" not in NOT_PRELOADED:
                importlib.import_module(f"{package}.{module.name}")
