"""The kernels compiled ahead of time (:mod:`treecore.ahead`, :mod:`treecore.jit`): built by the
set-up from these very sources, a real table grows with them without numba in the process, and
grows the same trees as with numba's kernels; anything else is numba's."""

from __future__ import annotations

import importlib
import json
from collections import namedtuple

import numpy as np
import pytest

from tests.real_table import GROW_A_REAL_TABLE, VISIT_EVERY_PAGE, run
from treecore import jit


def test_the_set_up_compiled_the_kernels_ahead_of_time_from_these_sources():
    index = json.loads(jit.INDEX.read_text())
    assert index["fingerprint"] == jit.sources_fingerprint()
    module = importlib.import_module(f"treecore.{jit.MODULE}")
    assert all(callable(getattr(module, symbol)) for _, _, symbol in index["exports"])
    names = {name for name, _, _ in index["exports"]}
    assert {"treecore.grow.presorted_kernel.expand", "treecore.grow.nodewise_kernel.score_slots",
            "treecore.tree.predict._route_rows"} <= names


def test_a_real_table_grows_without_numba_and_as_numba_grows_it():
    """The process never imports numba nor LLVM (its runtime is what the module leaves out)."""
    where = "import sys; print('NUMBA:', 'numba' in sys.modules, 'llvmlite' in sys.modules)"
    ahead = run(GROW_A_REAL_TABLE + where)
    numba = run(GROW_A_REAL_TABLE + where, TREECORE_JIT="numba")
    assert ahead[-1] == "NUMBA: False False" and numba[-1] == "NUMBA: True True"
    assert len(ahead) == 27 and all(line.startswith("GROWN:") for line in ahead[:-1])
    assert ahead[:-1] == numba[:-1]


def test_every_page_of_the_app_runs_without_numba():
    """A user's tables (text categories, empty cells; a class and a number to predict)
    uploaded and every page visited with its defaults (the Pruning lab chooses CCP's α, the
    Forests page draws a member's nodes): no page calls a kernel with argument types the module
    lacks, which would load numba's runtime."""
    lines = run(VISIT_EVERY_PAGE + "print('NUMBA:', 'numba' in sys.modules)")
    pages = [line for line in lines if line.startswith("PAGE:")]
    assert len(pages) == 14 and all(line.endswith("exceptions: 0 errors: 0") for line in pages)
    assert {line.split()[1] for line in pages} == {"classification", "regression"}
    assert lines[-1] == "NUMBA: False"


def test_a_call_the_module_was_not_built_for_is_numba_s():
    """float32 arrays, which the engine never passes: numba compiles the kernel for them, and
    from then on every kernel of the process is numba's."""
    lines = run("""
import sys
import numpy as np
from treecore.measures.kernels import midpoints
lower, upper = np.array([1.0, 2.0], np.float32), np.array([2.0, 3.0], np.float32)
print(sys.modules.get('numba') is None, midpoints(lower, upper).tolist(),
      sys.modules.get('numba') is None)
""")
    assert lines == ["True [1.5, 2.5] False"]


Pair = namedtuple("Pair", "left right")


def _values():
    """Values of every kind a kernel is called with, in every memory layout numba tells apart."""
    base = np.arange(12.0).reshape(3, 4)
    arrays = [base, np.asfortranarray(base), base[:, ::2], base[0], base[:, 0],
              base.astype(np.int32), base.astype(np.uint8)[0], np.zeros(0)]
    for array in list(arrays):
        view = array.view()
        view.flags.writeable = False
        arrays.append(view)
    scalars = [1, 2.5, True, None, np.int64(3), np.float64(1.5), np.uint32(7), np.bool_(False)]
    tuples = [(1, 2), (1, 2.5), (base, 1), Pair(base[0], base[0]), Pair(1, 2), (base[0], base[0])]
    return arrays + scalars + tuples


@pytest.mark.parametrize("one", range(len(_values())))
def test_the_types_a_call_is_dispatched_by_are_numba_s(one):
    """Two values have one :func:`treecore.jit.type_key` exactly when numba types them alike,
    so an export compiled for one type never receives another."""
    from numba import typeof
    values = _values()
    for other in values:
        assert (jit.type_key(values[one]) == jit.type_key(other)) == \
            (typeof(values[one]) == typeof(other)), (values[one], other)
