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
"""

from __future__ import annotations

import re

from treecore.export import visible

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:=&])")


def plain(text: str) -> str:
    """``text`` escaped for a Streamlit Markdown element, control characters made visible."""
    return _MARKDOWN.sub(r"\\\1", visible(text))


def code(text: object) -> str:
    """``text`` as a Markdown inline code span that it cannot break out of."""
    shown = visible(text)
    fence = "`" * (max((len(run) for run in re.findall("`+", shown)), default=0) + 1)
    return f"{fence} {shown} {fence}"
