"""The set-up's kernel warm-up clears a numba cache made from other sources, and only then."""

from __future__ import annotations

from tests.real_table import GROW_A_REAL_TABLE, run
from treecore import jit, warmup


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
    before = jit.sources_fingerprint(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("b")
    assert jit.sources_fingerprint(tmp_path) != before


WARM_THEN_FIT = """
from treecore import jit
from treecore.warmup import warm

with jit.recording():
    warm()
warmed = {(kernel.name, key) for kernel in jit.KERNELS for key in kernel.calls}
with jit.recording():
""" + GROW_A_REAL_TABLE.replace("\n", "\n    ") + """
new = sorted({kernel.name for kernel in jit.KERNELS for key in kernel.calls
              if (kernel.name, key) not in warmed})
print("NEW:" + ",".join(new))
"""


def test_the_warm_up_calls_every_kernel_as_a_real_table_does():
    """Every call a realistic first session makes from Python to a kernel (see
    :mod:`tests.real_table`) has argument types the warm-up gave that kernel too (an array's
    memory order, say): numba compiled it in the set-up, and so did the module compiled ahead
    of time (:mod:`treecore.ahead`), so a user's first fit never waits for the compiler."""
    assert run(WARM_THEN_FIT, TREECORE_JIT="numba")[-1] == "NEW:"
