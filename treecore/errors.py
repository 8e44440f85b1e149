"""Errors the engine raises, written for the person who has to fix their data.

Every message says *what* is wrong, *where* (column and row, when there is one) and *what to do*.
"""

from __future__ import annotations

from typing import Mapping


class TreecoreError(Exception):
    """Base class of every error the engine raises on purpose.

    ``str(error)`` is the English message. ``code`` names the problem (``""`` when the raise
    site gives none) and ``params`` holds the values the message mentions, so an interface can
    word the message itself, in its own language. An error pickles with all three.

    >>> e = TreecoreError("max_depth must be ≥ 0", code="bad_depth", params={"value": -1})
    >>> str(e), e.code, e.params
    ('max_depth must be ≥ 0', 'bad_depth', {'value': -1})
    """

    def __init__(self, message: str = "", *, code: str = "", params: Mapping | None = None):
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


class DataError(TreecoreError, ValueError):
    """The data cannot be used as given.

    ``params`` holds ``column`` and ``row`` (when given) and the keyword arguments beyond them.

    >>> e = DataError("contains inf", code="infinite", column="密度", row=4,
    ...               hint="replace it by a number or leave it empty")
    >>> str(e)
    "Column '密度', row 4: contains inf. Replace it by a number or leave it empty."
    >>> e.code, e.params
    ('infinite', {'column': '密度', 'row': 4})
    """

    def __init__(self, message: str, *, code: str = "", column: str | None = None,
                 row: object = None, hint: str | None = None, **params: object):
        self.message = message
        self.column = column
        self.row = row
        self.hint = hint
        where = {name: value for name, value in (("column", column), ("row", row))
                 if value is not None}
        super().__init__(self._render(), code=code, params={**where, **params})

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


class TimeLimitError(TreecoreError):
    """A computation bounded by ``max_seconds`` did not finish in time, and a partial answer
    would be wrong (choosing CCP's α: :func:`~treecore.pruning.select_ccp_alpha`).

    ``params`` hold the bound (``seconds``) and how far the work got (e.g. ``done`` of
    ``folds``), so an interface can say which bound was hit.

    >>> e = TimeLimitError("did not finish within 30 s", params={"seconds": 30})
    >>> e.code, e.params
    ('time_limit', {'seconds': 30})
    """

    def __init__(self, message: str = "", *, code: str = "time_limit",
                 params: Mapping | None = None):
        super().__init__(message, code=code, params=params)
