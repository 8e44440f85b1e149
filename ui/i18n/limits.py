"""English / 中文 text of the server limits (:mod:`ui.limits`): merged into
:data:`ui.i18n.TRANSLATIONS`, kept apart so the pages' own tables stay untouched."""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    "limits.levels_multiway": {
        "en": "Column '{column}' has {levels} distinct values; a multiway split (ID3, C4.5) "
              "is limited to {limit} branches. Use CART, or ignore this column on the Data page.",
        "zh": "列“{column}”有 {levels} 个不同取值；多路划分（ID3、C4.5）最多 {limit} 个分支。"
              "请改用 CART，或在“数据”页忽略该列。"},
    "limits.levels": {
        "en": "Column '{column}' has {levels} distinct values, over the limit of {limit} for a "
              "nominal feature (it looks like an identifier). Ignore it on the Data page, or "
              "group its values.",
        "zh": "列“{column}”有 {levels} 个不同取值，超过离散属性的上限 {limit}（它像是编号）。"
              "请在“数据”页忽略该列，或先合并取值。"},
    "limits.slow_fit": {
        "en": "{rows} rows × {features} features: growing the full tree may take about "
              "{seconds} s. It stops after {deadline} s at the latest; a maximum depth or a "
              "sample of the rows makes it faster.",
        "zh": "{rows} 行 × {features} 个属性：生成完整的树可能需要约 {seconds} 秒，最多 "
              "{deadline} 秒后停止；限制最大深度或抽样可以更快。"},
    "grow.growing_for": {"en": "Growing the tree: {seconds} s of about {expected} s…",
                         "zh": "正在生成决策树：已用 {seconds} 秒，预计约 {expected} 秒…"},
    "limits.deadline": {
        "en": "Growth stopped after {seconds} s (the limit) at step {steps}; the tree shows what "
              "was grown by then. Set a maximum depth or use fewer rows to grow it completely, "
              "or press “Grow again” to give it another {seconds} s.",
        "zh": "生成在 {seconds} 秒（上限）后于第 {steps} 步停止；显示的是此时已生成的树。"
              "限制最大深度或减少样本即可完整生成，或点击“重新生成”再给它 {seconds} 秒。"},
    "limits.retry": {"en": "Grow again", "zh": "重新生成"},
    "limits.drawn_depth": {
        "en": "Levels drawn", "zh": "显示的层数"},
    "limits.collapsed": {
        "en": "Large tree: drawn to depth {depth} of {tree_depth} ({nodes} nodes in all); "
              "deeper subtrees are shown as “…”. Raise the levels drawn to expand them.",
        "zh": "树较大：只画到第 {depth} 层（共 {tree_depth} 层，{nodes} 个结点），"
              "更深的子树显示为“…”。增加显示的层数即可展开。"},
}
