"""Arrays lent to compiled code without counting references to them.

Numba keeps a reference count on every array it allocates or receives from Python, and counts
it up and down each time compiled code binds the array to a variable, passes it to a function
or takes a view of it (``a[i]``, ``a[:m]``). Each count is an atomic instruction: about 20
cycles alone, and far more when two threads count the same array, as they do on the arrays a
growth shares, for its cache line then moves between the cores. The growth kernels take views
and call helpers per node and per feature, so on a 100k-row table these counts were a third of
the nodewise engine's time (measured with ``perf``: the two instructions of ``NRT_incref`` and
``NRT_decref`` held 33 % of the samples).

:func:`borrowed` gives the same arrays with no owner recorded (a null ``meminfo``, as a
``numba.carray`` over foreign memory has): counting the references of such an array does
nothing, nor does counting those of the views taken from it. A kernel called from Python
borrows its arguments once, on entry, and works on the borrowed arrays; this is safe because
the caller holds the arrays for the whole call, and a borrowed array is never returned nor
kept after it.
"""

from __future__ import annotations

from ..jit import intrinsic


def _lend(context, builder, typ, value):
    """``value`` (of numba type ``typ``) with every array in it, at any depth of tuples,
    rebuilt with a null owner and no Python parent; anything else as it is."""
    from numba import types
    from numba.core import cgutils
    from numba.np.arrayobj import make_array
    if isinstance(typ, types.Array):
        lent = make_array(typ)(context, builder, value=value)
        lent.meminfo = cgutils.get_null_value(lent.meminfo.type)
        lent.parent = cgutils.get_null_value(lent.parent.type)
        return lent._getvalue()
    if isinstance(typ, types.BaseTuple):
        for k, member in enumerate(typ):
            item = _lend(context, builder, member, builder.extract_value(value, k))
            value = builder.insert_value(value, item, k)
        return value
    return value


@intrinsic
def borrowed(typingctx, value):
    """``value`` (an array, or a tuple or named tuple of arrays and other values) with its
    arrays lent: the same memory, shapes and strides, no reference counted. Only for the
    duration of a call whose caller holds the originals."""
    def codegen(context, builder, signature, args):
        return _lend(context, builder, signature.args[0], args[0])
    return value(value), codegen
