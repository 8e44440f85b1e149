"""Drawing a tree on a page: the one chart the Grow page, the Pruning lab and Compare share.

The interactive view of a tree is :mod:`ui.views.tree_widget`; this Graphviz drawing stays as the
static picture (:func:`static_drawing`, with SVG and DOT downloads) and for the small trees of
the other views. A tree with more nodes than :data:`ui.limits.MAX_DRAWN_NODES`, or more side by
side than :data:`ui.limits.MAX_DRAWN_WIDTH`, is drawn down to the depth
:func:`ui.limits.collapse_depth` picks, deeper subtrees as "…", with a "Levels drawn" control to
draw more; a small tree is drawn whole.
"""

from __future__ import annotations

import functools
import shutil
from typing import Collection, Mapping

import streamlit as st

from treecore import Tree
from treecore.io import to_dot

from ui import limits
from ui.i18n import t


def tree_chart(tree: Tree, key: str, *, highlight: int | None = None,
               greyed: Collection[int] = (), flow: Mapping[int, float] | None = None,
               drawn: Collection[int] | None = None) -> None:
    """Draw ``tree`` (``highlight`` outlined, ``greyed`` nodes greyed, edges as wide as the
    weight in ``flow``, only the nodes ``drawn`` when given, see :func:`treecore.io.to_dot`);
    when there are too many nodes to draw, the drawing collapses below a depth the user can
    raise with the number input ``key``."""
    depth = limits.collapse_depth(tree, drawn=drawn)
    if depth is not None:
        depth = st.number_input(t("limits.drawn_depth"), min_value=1, value=max(depth, 1),
                                step=1, key=key)
        st.caption(t("limits.collapsed", depth=depth, tree_depth=tree.depth,
                     nodes=f"{tree.n_nodes:,}"))
    st.graphviz_chart(to_dot(tree, highlight=highlight, greyed=greyed, max_depth=depth,
                             labels={"samples": t("grow.dot_samples")}, flow=flow,
                             drawn=drawn))



def _dot_source(tree: Tree, highlight: int | None, samples: str) -> str:
    return to_dot(tree, highlight=highlight, labels={"samples": samples})


def _svg(tree: Tree, highlight: int | None, samples: str) -> bytes:
    import graphviz

    return graphviz.Source(_dot_source(tree, highlight, samples)).pipe(format="svg")


def static_drawing(tree: Tree, key: str, *, highlight: int | None = None,
                   file_name: str = "tree") -> None:
    """The Graphviz drawing of ``tree`` in a folded section, with the whole tree as DOT and (when
    the ``dot`` program is installed) as SVG to download, made only when a download is asked."""
    with st.expander("🖼️ " + t("view.static")):
        tree_chart(tree, key, highlight=highlight)
        args = (tree, highlight, t("grow.dot_samples"))
        left, right = st.columns(2)
        left.download_button(t("view.download_dot"), data=functools.partial(_dot_source, *args),
                             file_name=f"{file_name}.dot", mime="text/vnd.graphviz",
                             key=f"{key}.dot", icon="📄", on_click="ignore")
        if shutil.which("dot"):
            right.download_button(t("view.download_svg"), data=functools.partial(_svg, *args),
                                  file_name=f"{file_name}.svg", mime="image/svg+xml",
                                  key=f"{key}.svg", icon="🖼️", on_click="ignore")
