"""A user-facing remark that is not an exception: English text plus a code and params.

Like the engine's errors and :class:`ui.data.loaders.LoadError`, a :class:`Notice` carries ``code``
and ``params`` so :mod:`ui.i18n` can word it in the session's language; ``str()`` is the English
text. Pure Python (no Streamlit), so the loaders stay testable on their own.

>>> note = Notice("Only one column was found.", "one_column")
>>> str(note), note.code, note.params
('Only one column was found.', 'one_column', {})
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Notice:
    """English ``message``; ``code`` and ``params`` for the translation table."""

    message: str
    code: str
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


def quoted(names: list[str]) -> str:
    """Column names as a notice's English text lists them (the ``columns`` param, as
    :func:`ui.i18n.note_text` words it).

    >>> quoted(["a", "b c"])
    "'a', 'b c'"
    """
    return ", ".join(f"'{name}'" for name in names)
