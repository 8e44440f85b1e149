"""The engine's compiled kernels and the pages' modules, loaded in the background when the app
first runs.

The kernels are compiled in the set-up (``make run``, :mod:`treecore.warmup`), but a server
process still loads them on first use: the module compiled ahead of time is imported and
checked against the sources, or, without it, numba loads every kernel it calls from its
cache (about 0.3 s on the first Grow click, 0.6 s for all of them). A page's first run also
imports the views and models it draws with (some 0.05 s on the Grow page). Doing both on a
background thread while the user picks a table moves that wait off the first click.

Then the objects loaded so far (modules, kernels: some 300,000) are frozen out of the cyclic
garbage collector (``gc.freeze``). Streamlit collects every generation after each script run
(``runner.postScriptGC``), and walking them took about 0.05–0.1 s of every click; what the
sessions make later is still collected, and reference counting frees what it always did.
"""

from __future__ import annotations

import functools
import gc
import importlib
import pkgutil
import threading

from treecore.warmup import warm

#: The packages whose modules the pages import. None declares a Streamlit component at import
#: (one is registered only when declared inside a script run, never on this thread).
PAGE_PACKAGES = ("ui.models", "ui.views")


@functools.cache
def start() -> threading.Thread:
    """Start loading every kernel, then the pages' modules, on a background thread, once per
    process (a later call returns the same thread)."""
    thread = threading.Thread(target=_load, name="preload", daemon=True)
    thread.start()
    return thread


def _load() -> None:
    warm()
    for package in PAGE_PACKAGES:
        for module in pkgutil.iter_modules(importlib.import_module(package).__path__):
            importlib.import_module(f"{package}.{module.name}")
    gc.collect()                                  # no garbage frozen with what lives on
    gc.freeze()
