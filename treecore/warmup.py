"""Compile every kernel before anyone waits for it: ``python -m treecore.warmup``.

The engine's loops are compiled by numba on first use and kept on disk (``cache=True``), so only
the first process on a machine pays for it; run by the README's set-up (``make run``,
``make test``) it moves that cost out of the first click. numba checks a cached function against
its own source file only, not against the files of the functions it calls, so a change to
:mod:`treecore.kernels` could leave a stale compiled copy inside another module's cache: when
the sources differ from those the cache was made from, the cache is cleared first.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pandas as pd

PACKAGE = Path(__file__).resolve().parent
#: Where the fingerprint of the sources the cache was made from is kept.
FINGERPRINT = Path("__pycache__") / "numba-sources.sha256"


def sources_fingerprint(package: Path = PACKAGE) -> str:
    """SHA-256 of every source file of the package, in name order."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache(package: Path = PACKAGE) -> bool:
    """Delete the compiled functions on disk unless they were made from these sources; returns
    whether anything was cleared."""
    current = sources_fingerprint(package)
    recorded = package / FINGERPRINT
    if recorded.exists() and recorded.read_text() == current:
        return False
    stale = [p for p in package.rglob("__pycache__/*") if p.suffix in (".nbi", ".nbc")]
    for path in stale:
        path.unlink(missing_ok=True)
    recorded.parent.mkdir(exist_ok=True)
    recorded.write_text(current)
    return bool(stale)


def warm() -> None:
    """Grow, predict and prune small trees through every engine and kind of split, so every
    kernel is compiled (and cached on disk)."""
    from . import Dataset, grow
    from .pruning import prune_ebp

    rng = np.random.default_rng(0)
    n = 60
    frame = pd.DataFrame({"x": rng.normal(size=n).round(1), "z": rng.normal(size=n),
                          "c": rng.choice(["a", "b", "c"], n)})
    frame["y"] = np.where(frame["x"] + (frame["c"] == "a") > 0.3, "yes", "no")
    frame.loc[::7, "x"] = np.nan
    holes = Dataset.from_frame(frame, "y")
    numeric = Dataset.from_frame(frame.drop(columns="c").dropna(), "y")
    for dataset in (numeric, holes):
        for algorithm in ("cart", "c45", "id3"):
            for criterion in ("gini", "entropy", "misclassification"):
                tree = grow(dataset, algorithm=algorithm, criterion=criterion)
                tree.predict_proba(dataset.X)
        prune_ebp(grow(dataset, algorithm="c45"))


if __name__ == "__main__":
    cleared = clear_stale_cache()
    warm()
    print("treecore: kernels compiled" + (" (stale cache cleared)" if cleared else ""))
