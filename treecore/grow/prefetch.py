"""A hint to the processor's cache, for compiled loops that read memory it cannot foresee.

A node's sorted segments are short runs in an arena far larger than the caches, and its rows'
codes and weights are read in the order of the node's rows, scattered over the table. Measured
with ``perf`` on a 100k-row growth, the first read of each segment and each row's codes were
the engine's costliest instructions: the core waited for memory there. :func:`prefetch` asks
for a place a few steps before it is read, so the wait overlaps the work in between.

It is only a hint: it changes no value, and a place past an array's end is never read (the
hint does not fault).
"""

from __future__ import annotations

from ..jit import intrinsic

#: Entries of 8 bytes in a 64-byte cache line.
LINE = 8
#: How far ahead the loops ask: a sorted segment's entries 4 cache lines ahead, a row's
#: nominal codes 8 rows ahead.
ENTRIES_AHEAD, ROWS_AHEAD = 4 * LINE, 8


@intrinsic
def prefetch(typingctx, array, index):
    """Hint that ``array``'s element ``index`` (flat, in a C-ordered array) will soon be read:
    LLVM's ``llvm.prefetch`` (read, keep in every cache level)."""
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        place = builder.bitcast(builder.gep(data, [args[1]]), ir.IntType(8).as_pointer())
        i32 = ir.IntType(32)
        hint = ir.FunctionType(ir.VoidType(), [place.type, i32, i32, i32])
        function = cgutils.get_or_insert_function(builder.module, hint, "llvm.prefetch.p0")
        builder.call(function, [place, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()
    return types.void(array, index), codegen
