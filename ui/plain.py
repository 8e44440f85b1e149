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
"""

from __future__ import annotations

import re

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:=&])")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def plain(text: str) -> str:
    """``text`` escaped for a Streamlit Markdown element, control characters made visible."""
    visible = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    return _MARKDOWN.sub(r"\\\1", visible)
