"""English / 中文 text of the UI: one table, one lookup.

Chinese text uses the terms of the textbooks (``shared/GLOSSARY.md``). :func:`translate` is a
plain function of the language; :func:`t` reads the language from the session.

>>> translate("data.summary_line", "zh", rows=17, features=6, classes=2)
'17 个样本，6 个属性，2 个类别'
"""

from __future__ import annotations

import string

import streamlit as st

from .state import LANGUAGE

LANGUAGES: dict[str, str] = {"en": "English", "zh": "中文"}

TRANSLATIONS: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- navigation and sidebar
    "app.title": {"en": "Tree Explorer", "zh": "决策树探索器"},
    "nav.home": {"en": "Home", "zh": "首页"},
    "nav.data": {"en": "Data", "zh": "数据"},
    "nav.grow": {"en": "Grow", "zh": "生成决策树"},
    "sidebar.language": {"en": "Language", "zh": "语言"},
    "sidebar.presentation": {"en": "Presentation mode", "zh": "演示模式"},
    "sidebar.presentation_help": {"en": "Larger text for a projector.",
                                  "zh": "放大字体，便于投影。"},
    "sidebar.dataset": {"en": "Data set", "zh": "数据集"},
    "sidebar.shape": {"en": "{rows} rows × {columns} columns", "zh": "{rows} 行 × {columns} 列"},
    "sidebar.algorithm": {"en": "Algorithm: {name}", "zh": "算法：{name}"},
    # ---------------------------------------------------------------- home
    "home.tagline": {
        "en": "Grow a decision tree step by step and see why each split was chosen.",
        "zh": "一步一步生成决策树，看清每一次划分为什么这样选。"},
    "home.what": {
        "en": "Load a small table (a textbook example or your own file), choose the class "
              "column, and watch ID3, C4.5 or CART pick the splitting attribute at every node: "
              "information gain, gain ratio and Gini index for every candidate split, "
              "continuous values, missing values, and pruning.",
        "zh": "载入一张小表（教材中的例子或你自己的文件），选择类别列，观察 ID3、C4.5 或 CART "
              "在每个结点如何选择划分属性：每个候选划分的信息增益、增益率和基尼指数，"
              "以及连续值、缺失值的处理和剪枝。"},
    "home.start": {"en": "Start with a textbook example", "zh": "从教材中的例子开始"},
    "home.own_data": {"en": "Or use your own data", "zh": "或者使用你自己的数据"},
    "home.to_data": {"en": "Upload a table", "zh": "上传数据表"},
    # ---------------------------------------------------------------- data page
    "data.title": {"en": "Data", "zh": "数据"},
    "data.choose": {"en": "Choose the data", "zh": "选择数据"},
    "data.dataset": {"en": "Data set", "zh": "数据集"},
    "data.upload": {"en": "…or upload a table: CSV, TSV, TXT, Excel (.xlsx) or Parquet",
                    "zh": "……或上传数据表：CSV、TSV、TXT、Excel（.xlsx）或 Parquet"},
    "data.upload_refused": {"en": "The file was not loaded. {message}",
                            "zh": "文件未载入。{message}"},
    "data.read_as": {"en": "Read as {encoding}, delimiter {delimiter}.",
                     "zh": "按 {encoding} 编码读取，分隔符 {delimiter}。"},
    "data.preview": {"en": "Preview", "zh": "预览"},
    "data.preview_caption": {"en": "The first {shown} of {rows} rows.",
                             "zh": "共 {rows} 行，显示前 {shown} 行。"},
    "data.columns": {"en": "Columns", "zh": "列（属性）"},
    "data.target": {"en": "Class column (target)", "zh": "类别列（目标）"},
    "data.ignored": {"en": "Ignored columns", "zh": "忽略的列"},
    "data.ignored_help": {"en": "Left out of the tree, e.g. a row ID.",
                          "zh": "不参与划分，例如编号列。"},
    "data.continuous": {"en": "Continuous attributes (the others are nominal)",
                        "zh": "连续属性（其余为离散属性）"},
    "data.continuous_help": {
        "en": "A continuous attribute is split in two at a threshold (bi-partition); a nominal "
              "one gets a branch per value.",
        "zh": "连续属性按划分点一分为二（二分法）；离散属性每个取值一个分支。"},
    "data.missing": {"en": "Missing-value markers (comma-separated; an empty cell is always "
                           "missing)",
                     "zh": "缺失值标记（用逗号分隔；空单元格总是缺失值）"},
    "data.summary": {"en": "Column summary", "zh": "各列概况"},
    "data.class_balance": {"en": "Classes of {target}", "zh": "{target} 的类别分布"},
    "data.check": {"en": "Check", "zh": "检查"},
    "data.summary_line": {"en": "{rows} rows, {features} features, {classes} classes",
                          "zh": "{rows} 个样本，{features} 个属性，{classes} 个类别"},
    "data.next": {"en": "Grow a tree", "zh": "生成决策树"},
    # ---------------------------------------------------------------- column summary table
    "summary.column": {"en": "Column", "zh": "列"},
    "summary.kind": {"en": "Kind", "zh": "类型"},
    "summary.distinct": {"en": "Distinct values", "zh": "不同取值数"},
    "summary.missing": {"en": "Missing", "zh": "缺失"},
    "summary.examples": {"en": "Values", "zh": "取值示例"},
    "summary.count": {"en": "Rows", "zh": "样本数"},
    "kind.nominal": {"en": "nominal", "zh": "离散"},
    "kind.continuous": {"en": "continuous", "zh": "连续"},
    "kind.ignored": {"en": "ignored", "zh": "忽略"},
    "kind.target": {"en": "target", "zh": "类别（目标）"},
    # ---------------------------------------------------------------- grow page (placeholder)
    "grow.title": {"en": "Grow a decision tree", "zh": "生成决策树"},
}


def translate(key: str, lang: str, **fmt: object) -> str:
    """The text of ``key`` in ``lang`` ("en" or "zh"), formatted with ``fmt``.

    An unknown language falls back to English; an unknown key raises ``KeyError``.

    >>> translate("sidebar.shape", "en", rows=17, columns=8)
    '17 rows × 8 columns'
    """
    entry = TRANSLATIONS[key]
    text = entry.get(lang, entry["en"])
    return text.format(**fmt) if fmt else text


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a format string.

    >>> sorted(placeholders("{rows} rows × {columns} columns"))
    ['columns', 'rows']
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def t(key: str, **fmt: object) -> str:
    """The text of ``key`` in the session's language (see :mod:`ui.state`)."""
    return translate(key, st.session_state.get(LANGUAGE, "en"), **fmt)
