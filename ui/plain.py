"""Text from a file, shown as text.

Streamlit's alerts, captions and ``st.markdown`` read their text as Markdown, so a column name
such as ``![x](http://host/pixel.png)`` would become an image the browser fetches, and
``**a**`` bold type. :func:`plain` escapes every character Markdown (and Streamlit's own
``:color[…]`` and ``:emoji:`` directives) gives a meaning, and writes line breaks and other
control characters as visible escapes, so a message shows exactly the characters of the names
and values in it.

>>> print(plain("Column '![x](http://h/p.png)': *bold*"))
Column '\\!\\[x\\]\\(http\\://h/p\\.png\\)'\\: \\*bold\\*
>>> print(plain("two\\nlines"))
two\\\\nlines

:func:`code` shows text as an inline code span, whose content Markdown never interprets; the
fence is longer than any run of backticks in the text, so the text cannot close it.

>>> print(code("a`b = 1"))
`` a`b = 1 ``

Plotly reads chart texts (titles, axis titles, legend names, category labels, hover texts) as a
little HTML: a column named ``<a href="http://host">x</a>`` would be a link in a chart.
:func:`safe_figure` writes every ``<`` and ``&`` of a figure's texts as an entity, except the
formatting tags the app's own labels use (``<b>``, ``<br>``, ``<sub>``, ``<sup>``, ``<i>``,
a hover's ``<extra>`` and their ends, without attributes), so a name shows as the characters
it has.

>>> print(chart_text('<a href="http://h">x</a> & p<sub>k</sub>'))
&lt;a href="http://h">x&lt;/a> &amp; p<sub>k</sub>
"""

from __future__ import annotations

import re

import plotly.graph_objects as go

from treecore.io import visible

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:=&])")


def plain(text: str) -> str:
    """``text`` escaped for a Streamlit Markdown element, control characters made visible."""
    return _MARKDOWN.sub(r"\\\1", visible(text))


def code(text: object) -> str:
    """``text`` as a Markdown inline code span that it cannot break out of."""
    shown = visible(text)
    fence = "`" * (max((len(run) for run in re.findall("`+", shown)), default=0) + 1)
    return f"{fence} {shown} {fence}"


#: A ``<`` that does not open or close one of the app's own formatting tags.
_NOT_OUR_TAG = re.compile(r"<(?!(?:/?(?:b|i|sub|sup|extra)|br\s*/?)>)")


def chart_text(text: str) -> str:
    """``text`` as plotly shows it literally: ``&`` and every ``<`` outside the app's own
    formatting tags written as entities."""
    return _NOT_OUR_TAG.sub("&lt;", text.replace("&", "&amp;"))


def _texts_escaped(value):
    if isinstance(value, str):
        return chart_text(value)
    if isinstance(value, dict):
        return {key: _texts_escaped(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_texts_escaped(item) for item in value)
    if getattr(value, "dtype", None) is not None and value.dtype.kind in "OUS":
        return [_texts_escaped(item) for item in value.tolist()]
    return value


def safe_figure(figure: go.Figure) -> go.Figure:
    """``figure`` with every text in it passed through :func:`chart_text` (numbers and
    numeric arrays untouched), for ``st.plotly_chart``."""
    return go.Figure(_texts_escaped(figure.to_dict()))
