"""The first tree grown while the table is read: the Grow page then finds it grown.

A person who uploads a table reads the Data page (its summary, the class balance) before they
open the Grow page, and the server has nothing to do meanwhile. So once the table is read, the
tree the Grow page would grow first (the session's algorithm and settings, which are the
defaults on a first visit) starts growing on a thread of its own, into the slot
:func:`ui.models.growth.cached_fit` reads; the Grow page waits for it if it is still growing,
and otherwise draws it at once. Only a fit the Grow page would not warn about is started
(estimated by :func:`ui.limits.fit_estimate_seconds` to take at most
:data:`ui.limits.SLOW_FIT_SECONDS`), so reading a large table never leaves both cores busy
with a tree nobody asked for; one the Grow page would refuse (a row list it cannot read, a
nominal column with too many levels) is not started either.
"""

from __future__ import annotations

import threading

import streamlit as st

from treecore import Dataset
from ui import limits
from ui.models import growth

#: Starting a fit ahead is checked and recorded in its slot under this lock, so two sessions
#: reading the same table start it once.
_STARTING = threading.Lock()


def grow_ahead(dataset: Dataset) -> threading.Thread | None:
    """Start growing the tree the Grow page would show first for ``dataset``; the thread
    growing it, or None when it is grown already, growing, refused or estimated too long."""
    growth.ensure_defaults()
    train, _, rows_error = growth.training_split(dataset)
    params, force = growth.params_from_session(), st.session_state[growth.FORCE]
    estimate = limits.fit_estimate_seconds(train, params["criterion"], force)
    if rows_error or limits.too_many_levels(train, params["algorithm"]) or \
            estimate > limits.SLOW_FIT_SECONDS:
        return None
    slot = growth.fit_slot(train, params, force)
    with _STARTING:                   # started before another session may join it
        if "grown" in slot or "ahead" in slot:
            return None
        thread = slot["ahead"] = threading.Thread(
            target=_grow_into, args=(slot, train, params, force), daemon=True,
            name="grow-ahead")
        thread.start()
    return thread


def _grow_into(slot: dict, train: Dataset, params: dict, force) -> None:
    """Grow the tree into ``slot``. A fit that fails leaves the slot empty: the Grow page then
    grows it itself and shows why it failed, as it would have without this."""
    try:
        slot["grown"] = growth.fit(train, params, force)
    except Exception:                      # whatever it is, the Grow page meets it again
        pass
    finally:
        del slot["ahead"]
