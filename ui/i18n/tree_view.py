"""English / 中文 text of the interactive tree view (:mod:`ui.views.tree_widget`): merged into
:data:`ui.i18n.TRANSLATIONS`."""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    "view.select_placeholder": {"en": "Choose a node or type to search",
                                "zh": "选择一个结点，或输入以搜索"},
    "view.select": {"en": "Selected node (click one in the tree, or search here)",
                    "zh": "选中的结点（在树中点击，或在此搜索）"},
    "view.goto": {"en": "Selected node id (click one in the tree, or type its number)",
                  "zh": "选中的结点编号（在树中点击，或输入编号）"},
    "view.number_help": {"en": "{n} nodes to choose from, too many to list: type a node's "
                               "number (a number that is not one of them gives the next that is)",
                         "zh": "可选结点共 {n} 个，无法逐一列出：请输入结点编号"
                               "（若该编号不可选，则取其后第一个可选结点）"},
    "view.path": {"en": "Path from the root", "zh": "从根结点出发的路径"},
    "view.collapse": {"en": "Collapse this subtree", "zh": "折叠此子树"},
    "view.expand": {"en": "Expand this subtree", "zh": "展开此子树"},
    "view.expand_all": {"en": "Expand all", "zh": "全部展开"},
    "view.hidden": {"en": "+{n} nodes folded here", "zh": "此处折叠了 {n} 个结点"},
    "view.fit": {"en": "Fit to screen (0)", "zh": "适应窗口 (0)"},
    "view.zoom_in": {"en": "Zoom in (+)", "zh": "放大 (+)"},
    "view.zoom_out": {"en": "Zoom out (−)", "zh": "缩小 (−)"},
    "view.minimap": {"en": "Show or hide the overview", "zh": "显示或隐藏全局缩略图"},
    "view.help": {"en": "Tree view. Drag to pan, scroll or pinch to zoom, click a node to select "
                        "it, double-click a node or its ± tab to collapse or expand it.",
                  "zh": "决策树视图。拖动以平移，滚轮或双指缩放，单击结点选中它，"
                        "双击结点或其 ± 标签以折叠或展开子树。"},
    "view.caption": {"en": "{drawn} of {nodes:node|nodes} drawn · drag to pan, scroll or pinch to "
                           "zoom, click a node to inspect it, double-click or ± to fold it",
                     "zh": "显示 {drawn} / {nodes} 个结点 · 拖动平移，滚轮或双指缩放，"
                           "单击结点查看，双击或 ± 折叠"},
    "view.static": {"en": "Static drawing (Graphviz) and downloads",
                    "zh": "静态图（Graphviz）与下载"},
    "view.download_svg": {"en": "Download SVG", "zh": "下载 SVG"},
    "view.download_dot": {"en": "Download DOT", "zh": "下载 DOT"},
}
