"""Drawing a tree on a page: the one chart the Grow page, the Pruning lab and Compare share.

A tree with more nodes than :data:`ui.limits.MAX_DRAWN_NODES` is drawn down to the depth
:func:`ui.limits.collapse_depth` picks, deeper subtrees as "…", with a "Levels drawn" control to
draw more; a small tree is drawn whole.
"""

from __future__ import annotations

from typing import Collection, Mapping

import streamlit as st

from treecore import Tree
from treecore.export import to_dot

from . import limits
from .i18n import t


def tree_chart(tree: Tree, key: str, *, highlight: int | None = None,
               greyed: Collection[int] = (), flow: Mapping[int, float] | None = None) -> None:
    """Draw ``tree`` (``highlight`` outlined, ``greyed`` nodes greyed, edges as wide as the
    weight in ``flow``, see :func:`treecore.export.to_dot`); a large tree collapses below a
    depth the user can raise with the number input ``key``."""
    depth = limits.collapse_depth(tree)
    if depth is not None:
        depth = st.number_input(t("limits.drawn_depth"), min_value=1, value=max(depth, 1),
                                step=1, key=key)
        st.caption(t("limits.collapsed", depth=depth, tree_depth=tree.depth,
                     nodes=f"{tree.n_nodes:,}"))
    st.graphviz_chart(to_dot(tree, highlight=highlight, greyed=greyed, max_depth=depth,
                             labels={"samples": t("grow.dot_samples")}, flow=flow))
