"""The app loads the engine's kernels on a background thread when it first runs."""

from __future__ import annotations

from ui import preload


def test_kernels_load_once_per_process_in_the_background():
    thread = preload.load_kernels()
    assert thread.daemon and preload.load_kernels() is thread      # started once
    thread.join(timeout=300)
    assert not thread.is_alive()
