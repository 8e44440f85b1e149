"""The kernels Python calls, compiled into one extension module ahead of time (:mod:`.jit`).

:func:`build` runs the warm-up's fits (:func:`treecore.warmup.warm`) with numba's kernels,
recording the argument types each kernel is called with from Python; then compiles each
(kernel, argument types) into an export of one module with numba's ahead-of-time compiler
(``numba.pycc``: LLVM's machine code for this machine's processor, linked by the C compiler
with numba's small runtime into an ordinary extension module), and writes the index that tells
:mod:`.jit` which export answers which call, with the fingerprint of the sources. Run by the
set-up (``python -m treecore.warmup``); it needs a C compiler and Python's headers.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from . import jit


class ToolchainMissing(RuntimeError):
    """The module cannot be built here: no C compiler, no Python headers or no setuptools."""


def record(warm: Callable[[], None]) -> list[tuple[jit.Kernel, tuple, tuple]]:
    """(kernel, argument types as :func:`.jit.type_key` gives them, numba's types of them) of
    every call ``warm`` makes from Python, each once."""
    with jit.recording():
        warm()
    return [(kernel, key, numba_types) for kernel in jit.KERNELS
            for key, numba_types in sorted(kernel.calls.items(), key=repr)]


@contextmanager
def _compiled_as_numba_compiles(kernels: dict):
    """numba.pycc compiles every export with one set of flags it shares among them; here each
    gets its own copy (the pipeline may switch SSA off on the flags it is given, which breaks
    the next export's typing), and a kernel declared ``nogil`` releases the GIL in its export
    as numba's dispatcher does (the growth's threads run kernels side by side). The machine
    code is for this processor's features as the processor reports them, as numba's own
    compiler makes it (pycc would infer them from the processor's model name, which a virtual
    machine may not match)."""
    import numba.pycc.compiler as pycc_compiler
    compile_extra = pycc_compiler.compile_extra

    def each_its_own(typingctx, targetctx, func, args, return_type, flags, locals, library):
        flags = flags.copy()
        flags.release_gil = bool(kernels[func].targetoptions.get("nogil"))
        return compile_extra(typingctx, targetctx, func, args, return_type, flags, locals,
                             library=library)

    from numba.core.codegen import AOTCPUCodegen
    features = AOTCPUCodegen._customize_tm_features

    pycc_compiler.compile_extra = each_its_own
    AOTCPUCodegen._customize_tm_features = AOTCPUCodegen._get_host_cpu_features
    try:
        yield
    finally:
        pycc_compiler.compile_extra = compile_extra
        AOTCPUCodegen._customize_tm_features = features


def build(warm: Callable[[], None]) -> int:
    """Compile the module for the calls ``warm`` makes (the warm-up's fits,
    :func:`treecore.warmup.warm`) and write its index beside the sources; returns how many
    exports it has; :class:`ToolchainMissing` when this machine cannot build it (``warm`` has
    run by then, so numba's cache is warm)."""
    fingerprint = jit.sources_fingerprint()
    calls = record(warm)
    try:
        from numba.pycc import CC
    except ImportError as error:
        raise ToolchainMissing(error) from error
    from distutils.errors import CCompilerError, DistutilsError   # setuptools' (pycc's)

    with tempfile.TemporaryDirectory() as directory:
        compiler = CC(jit.MODULE)
        compiler.output_dir, compiler.target_cpu = directory, "host"
        exports = []
        for number, (kernel, key, numba_types) in enumerate(calls):
            symbol = f"k{number}"
            signature = kernel.dispatcher.overloads[numba_types].signature
            compiler.export(symbol, signature)(kernel.py_func)
            exports.append((kernel.name, repr(key), symbol))
        try:
            with _compiled_as_numba_compiles({kernel.py_func: kernel
                                              for kernel, _, _ in calls}):
                compiler.compile()
        except (CCompilerError, DistutilsError, OSError) as error:
            raise ToolchainMissing(error) from error
        jit.INDEX.unlink(missing_ok=True)             # no index of a module being replaced
        for built in Path(directory).glob(f"{jit.MODULE}.*"):
            shutil.move(built, jit.PACKAGE / built.name)
    jit.INDEX.write_text(json.dumps({"fingerprint": fingerprint, "exports": exports}, indent=0))
    return len(exports)
