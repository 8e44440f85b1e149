"""The cuts a threshold scan keeps as possible winners
(:func:`treecore.measures.cut_scan.best_cut_of_sorted`).

The winner is the first cut (lowest threshold) whose decrease lies within the tolerance of the
best. A cut can be that one only if it beats every cut before it: any other has an earlier cut
at least as good. So a scan keeps a short record of cuts, rising in decrease, and drops those
that fall more than the tolerance below the best so far; a record of a few places holds them,
whatever the rows. Should more tie than it holds (ever-so-slightly rising decreases within the
tolerance), the record overflows and the caller scans again from the best decrease, keeping
only the first cut within tolerance of it.
"""

from __future__ import annotations

from ..jit import njit

#: How many cuts a threshold scan keeps as possible winners (:func:`keep_cut`): each one kept
#: beats every cut before it, and all lie within the tolerance of the best, so a few suffice.
KEPT_CUTS = 64


@njit(cache=True, inline="always")
def may_win(d, top, tolerance, n_kept):
    """Whether a searched cut of decrease ``d`` may be the winner, the first cut (lowest
    threshold) within ``tolerance`` of the best: only when it beats every cut before it
    (``top``), as any other has an earlier cut at least as good. In a second pass, started
    from the best decrease, only the first cut within ``tolerance`` of it is kept."""
    return d > top or (n_kept == 0 and d >= top - tolerance)


@njit(cache=True, inline="always")
def keep_cut(block_end, decrease, n_kept, end, d, tolerance):
    """Add the cut after position ``end``, of decrease ``d`` (:func:`may_win`), to the
    ``n_kept`` kept so far; returns how many are kept. The kept cuts rise in decrease, and when
    the record is full those more than ``tolerance`` below ``d`` are dropped (they can no
    longer win); if none can be dropped it overflows: this and later cuts are not kept, and
    one more than the record's length is returned, so the caller scans again from the best
    decrease."""
    room = len(block_end)
    if n_kept > room:
        return n_kept
    if n_kept == room:
        n_kept = 0
        for c in range(room):
            if decrease[c] >= d - tolerance:
                block_end[n_kept], decrease[n_kept] = block_end[c], decrease[c]
                n_kept += 1
        if n_kept == room:
            return room + 1
    block_end[n_kept], decrease[n_kept] = end, d
    return n_kept + 1
