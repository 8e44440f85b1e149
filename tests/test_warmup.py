"""The set-up's kernel warm-up clears a numba cache made from other sources, and only then."""

from __future__ import annotations

from treecore import warmup


def test_a_cache_made_from_other_sources_is_cleared(tmp_path):
    package = tmp_path / "pkg"
    (package / "__pycache__").mkdir(parents=True)
    (package / "kernels.py").write_text("x = 1\n")
    compiled = package / "__pycache__" / "kernels.f-1.py311.nbi"
    compiled.write_text("index")
    assert warmup.clear_stale_cache(package)            # no fingerprint yet: cleared
    assert not compiled.exists()
    compiled.write_text("index")
    assert not warmup.clear_stale_cache(package)        # same sources: kept
    assert compiled.exists()
    (package / "kernels.py").write_text("x = 2\n")
    assert warmup.clear_stale_cache(package)            # a source changed: cleared
    assert not compiled.exists()


def test_the_fingerprint_covers_every_source_file(tmp_path):
    (tmp_path / "a.py").write_text("a")
    before = warmup.sources_fingerprint(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("b")
    assert warmup.sources_fingerprint(tmp_path) != before


WARM_THEN_FIT = """
import importlib, pkgutil, sys
import numpy as np, pandas as pd
from numba.core.registry import CPUDispatcher
import treecore
from treecore.warmup import warm

warm()
dispatchers = {}
for info in pkgutil.walk_packages(treecore.__path__, "treecore."):
    module = importlib.import_module(info.name)
    for name, value in vars(module).items():
        if isinstance(value, CPUDispatcher) and value.__module__ == info.name:
            dispatchers[f"{info.name}.{name}"] = value
before = {name: len(d.signatures) for name, d in dispatchers.items()}
rng = np.random.default_rng(0)
for n in (2_000, 12_000):                     # one thread, then the threaded phases
    frame = pd.DataFrame(rng.normal(size=(n, 12)), columns=[f"x{j}" for j in range(12)])
    for j in range(8):
        frame[f"c{j}"] = rng.choice(list("abcdefgh")[:3 + j % 6], n)
    frame = frame.mask(rng.random(frame.shape) < 0.1)
    frame["y"] = rng.choice(["a", "b", "c"], n)
    data = treecore.Dataset.from_frame(frame, "y")
    for algorithm in ("c45", "cart", "id3"):
        treecore.grow(data, algorithm=algorithm).predict(frame)
    numeric = frame.iloc[:, :12].fillna(0)
    treecore.grow(treecore.Dataset.from_frame(numeric.assign(y=frame.y), "y"),
                  algorithm="cart").predict(numeric)
    for table in (frame.drop(columns="y"), numeric):             # regression trees
        target = pd.Series(rng.normal(size=n), name="t")
        treecore.DecisionTreeRegressor().fit(table, target).predict(table)
    for table in (frame.drop(columns="y"), numeric):             # ensembles' members
        treecore.RandomForestClassifier(n_estimators=2, n_jobs=2).fit(table, frame.y)
        treecore.GradientBoostingRegressor(n_estimators=2).fit(table, target)
new = sorted(name for name, d in dispatchers.items() if len(d.signatures) > before[name])
print("NEW:" + ",".join(new))
"""


def test_the_warm_up_compiles_what_a_real_table_grows_with():
    """After the warm-up, growing a realistic table (12 continuous and 8 nominal columns, a
    tenth of the cells empty, 3 classes; on one thread and on two; classification and
    regression, with and without the nominal columns and the gaps; single trees and the
    members of a forest and of gradient boosting) compiles nothing new: no
    kernel meets an argument type (an array's memory order, say) the warm-up did not give it,
    so a user's first fit never waits for the compiler."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", WARM_THEN_FIT], capture_output=True, text=True,
                          cwd=root, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
                          timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "NEW:"
