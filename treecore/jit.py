"""Where the kernels' machine code comes from: a module compiled ahead of time, else numba.

Every loop of the engine is a Python function decorated with :func:`njit` (numba's own options).
The set-up (``python -m treecore.warmup``) compiles the kernels that Python calls into one
extension module, ahead of time (:mod:`treecore.ahead`). When that module was made from these
very sources, a kernel called from Python runs its exported machine code, chosen by the types
of its arguments (:func:`type_key`), and numba is never imported: its compiler and LLVM's
runtime, about 110 MB of a process's memory, stay out of it.

Anything the module cannot answer (no module, one made from other sources, arguments of a type
it was not built for, ``TREECORE_JIT=numba`` in the environment) hands every kernel to numba
for the rest of the process (:func:`use_numba`): compiled on first use and cached on disk, as
before there was a module. The two run the same compiled code, so they give the same trees.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib
import inspect
import json
import os
import threading
from contextlib import contextmanager
from pathlib import Path

import numpy as np

PACKAGE = Path(__file__).resolve().parent
#: The extension module compiled ahead of time, and its index: which export answers which
#: kernel for which argument types, and the fingerprint of the sources it was compiled from.
MODULE, INDEX = "_kernels", PACKAGE / "_kernels.json"
#: ``TREECORE_JIT=numba`` makes every kernel numba's, as when there is no module.
ENVIRONMENT = "TREECORE_JIT"

_lock = threading.RLock()
#: Every kernel defined so far, in the order their modules defined them.
KERNELS: list[Kernel] = []
_numba = os.environ.get(ENVIRONMENT) == "numba"
_recording = False
_exports: dict | None = None


def type_key(value) -> tuple:
    """What numba types ``value`` by, as plain Python: an array's dtype, dimensions, memory
    order ('C', 'F' or 'A', as :func:`numba.typeof` decides it), whether it is writeable and
    aligned; a tuple's members (and a named tuple's class); a scalar's dtype (a Python int is
    numba's int64, a float its float64, as for a value that fits them); anything else its class
    (an enum's member, say), which no export answers, so numba types it.

    >>> type_key(np.zeros((2, 3), order="F"))
    ('array', '<f8', 2, 'F', True, True)
    >>> type_key((1, 2.5, True)) == type_key((np.int64(1), np.float64(2.5), np.bool_(1)))
    True
    """
    if isinstance(value, np.ndarray):
        flags = value.flags
        order = "C" if flags.c_contiguous else "F" if flags.f_contiguous else "A"
        return ("array", value.dtype.str, value.ndim, order, flags.writeable, flags.aligned)
    if isinstance(value, tuple):
        kind = type(value)
        name = f"{kind.__module__}.{kind.__qualname__}" if hasattr(value, "_fields") else ""
        return ("tuple", name, tuple(type_key(member) for member in value))
    if type(value) in _SCALAR_DTYPES:
        return ("scalar", _SCALAR_DTYPES[type(value)])
    if isinstance(value, np.generic):
        return ("scalar", value.dtype.str)
    if value is None:
        return ("none",)
    return ("object", type(value).__qualname__)


#: numba's types of Python's scalars, as dtypes.
_SCALAR_DTYPES = {bool: np.dtype(bool).str, int: np.dtype(np.int64).str,
                  float: np.dtype(np.float64).str}


class Kernel:
    """A kernel as Python sees it: the exported machine code for these argument types when the
    module has it, else numba's dispatcher (:func:`use_numba`). To numba, compiling a kernel
    that calls this one, it is that dispatcher (``_numba_type_``), options and all."""

    def __init__(self, py_func, options: dict):
        functools.update_wrapper(self, py_func)
        self.py_func, self.targetoptions = py_func, options
        self.name = f"{py_func.__module__}.{py_func.__qualname__}"
        self._parameters = inspect.signature(py_func)
        self._arity = len(self._parameters.parameters)
        self._dispatcher = None
        #: {argument types: numba's types of them} of the calls made while :func:`recording`.
        self.calls: dict = {}

    def __call__(self, *args, **keywords):
        if keywords or len(args) < self._arity:   # an export takes all its arguments in order
            bound = self._parameters.bind(*args, **keywords)
            bound.apply_defaults()
            args = bound.args
        if not _numba:
            exported = _module_exports().get((self.name, type_key(args)))
            if exported is not None:
                return exported(*args)
            use_numba()
        if _recording:
            self.calls.setdefault(type_key(args),
                                  tuple(self.dispatcher.typeof_pyval(a) for a in args))
        return self.dispatcher(*args)

    @property
    def dispatcher(self):
        """numba's dispatcher of this kernel, made on first use (numba's kernels only)."""
        with _lock:
            if self._dispatcher is None:
                from numba import njit as numba_njit
                self._dispatcher = numba_njit(**self.targetoptions)(self.py_func)
        return self._dispatcher

    @property
    def _numba_type_(self):
        return self.dispatcher._numba_type_

    def __repr__(self) -> str:
        return f"<kernel {self.name}>"


class Intrinsic:
    """A function numba compiles into the kernels that call it (``numba.extending.intrinsic``),
    never called from Python: made numba's when numba first types it."""

    def __init__(self, typer):
        functools.update_wrapper(self, typer)
        self.typer = typer
        self._intrinsic = None

    @property
    def _numba_type_(self):
        from numba.core.registry import cpu_target
        from numba.extending import intrinsic as numba_intrinsic
        with _lock:
            if self._intrinsic is None:
                self._intrinsic = numba_intrinsic(self.typer)
                cpu_target.typing_context.refresh()       # installs its typing
        return cpu_target.typing_context.resolve_value_type(self._intrinsic)


def njit(*function, **options):
    """numba's ``njit``, used as ``@njit`` or ``@njit(cache=True, …)``: a :class:`Kernel`."""
    def decorate(py_func):
        kernel = Kernel(py_func, options)
        KERNELS.append(kernel)
        return kernel
    return decorate(function[0]) if function else decorate


def intrinsic(typer):
    """numba's ``intrinsic``: an :class:`Intrinsic`."""
    return Intrinsic(typer)


def use_numba() -> None:
    """Give every kernel to numba for the rest of the process (numba imported now)."""
    global _numba
    importlib.import_module("numba")
    _numba = True


@contextmanager
def recording():
    """With numba's kernels, note in each kernel's ``calls`` the argument types of every call
    made from Python within, each once (what the module compiled ahead of time must answer)."""
    global _recording
    use_numba()
    for kernel in KERNELS:
        kernel.calls.clear()
    _recording = True
    try:
        yield
    finally:
        _recording = False


def sources_fingerprint(package: Path = PACKAGE) -> str:
    """SHA-256 of every source file of the package, in name order."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _module_exports() -> dict:
    """{(kernel name, argument types): exported function} of the module compiled ahead of time,
    empty when there is none, when it was compiled from other sources or cannot be loaded."""
    global _exports
    if _exports is None:
        _exports = _load_exports()
    return _exports


def _load_exports() -> dict:
    if not INDEX.exists():
        return {}
    index = json.loads(INDEX.read_text())
    if index["fingerprint"] != sources_fingerprint():
        return {}
    try:
        module = importlib.import_module(f"{__package__}.{MODULE}")
    except ImportError:
        return {}
    return {(name, ast.literal_eval(key)): getattr(module, symbol)
            for name, key, symbol in index["exports"]}
