"""Choosing one node of a tree with a widget that stays fast however big the tree is: a
searchable select box listing the nodes, or, past :data:`MAX_PICKER_OPTIONS` of them (a select
box sends every label to the browser on every run: half a second for 100k nodes), a number
input of the node id, the node it names described below it.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Callable, Sequence

from ui import state
from ui.i18n import t

#: Most nodes a select box lists; past it, the node is chosen by its number.
MAX_PICKER_OPTIONS = 2000


def node_choice(container, label: str, choices: Sequence[int], describe: Callable[[int], str],
                name: str, current: int, help: str | None = None) -> int:
    """The node chosen among ``choices`` (ascending ids, each shown as ``describe(id)``) in
    ``container``, bound to the session key ``name`` (:func:`ui.state.widget`) and showing
    ``current`` (one of ``choices``). A number typed that is not among ``choices`` gives the
    first choice after it (or the last)."""
    if len(choices) <= MAX_PICKER_OPTIONS:
        return container.selectbox(label, choices, help=help,
                                   format_func=state.labels({i: describe(i) for i in choices}),
                                   **state.widget(name, current))
    typed = container.number_input(label, min_value=int(choices[0]),
                                   max_value=int(choices[-1]), step=1,
                                   help=t("view.number_help", n=f"{len(choices):,}"),
                                   **state.widget(name, int(current)))
    chosen = int(choices[min(bisect_left(choices, int(typed)), len(choices) - 1)])
    container.caption(describe(chosen))
    return chosen
