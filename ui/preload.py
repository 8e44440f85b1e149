"""The engine's compiled kernels, loaded in the background when the app first runs.

numba keeps the compiled kernels on disk (``make run`` compiles them,
:mod:`treecore.warmup`), but each server process still loads every kernel it calls on first
use: about 0.3 s on the first Grow click, 0.6 s for all of them. Loading them on a background
thread while the user picks a table moves that wait off the first click.
"""

from __future__ import annotations

import functools
import threading

from treecore.warmup import warm


@functools.cache
def load_kernels() -> threading.Thread:
    """Start loading every kernel on a background thread, once per process (a later call
    returns the same thread)."""
    thread = threading.Thread(target=warm, name="treecore-kernels", daemon=True)
    thread.start()
    return thread
