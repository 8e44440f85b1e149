"""Errors the engine raises, written for the person who has to fix their data.

Every message says *what* is wrong, *where* (column and row, when there is one) and *what to do*.
"""

from __future__ import annotations


class TreecoreError(Exception):
    """Base class of every error the engine raises on purpose."""


class DataError(TreecoreError, ValueError):
    """The data cannot be used as given.

    >>> e = DataError("contains inf", column="密度", row=4, hint="replace it by a number or leave it empty")
    >>> str(e)
    "Column '密度', row 4: contains inf. Replace it by a number or leave it empty."
    """

    def __init__(self, message: str, *, column: str | None = None, row: object = None,
                 hint: str | None = None):
        self.message = message
        self.column = column
        self.row = row
        self.hint = hint
        super().__init__(self._render())

    def _render(self) -> str:
        where = []
        if self.column is not None:
            where.append(f"Column '{self.column}'")
        if self.row is not None:
            where.append(f"row {self.row}")
        text = (", ".join(where) + ": " if where else "") + self.message.rstrip(".") + "."
        if self.hint:
            text += " " + self.hint[0].upper() + self.hint[1:].rstrip(".") + "."
        return text


class ConfigError(TreecoreError, ValueError):
    """A parameter value is not allowed (unknown algorithm, negative depth, ...)."""


class NotFittedError(TreecoreError, AttributeError):
    """A model was used before ``fit``."""
