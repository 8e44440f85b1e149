"""Reading a plotly figure as the app sends it (JSON), for the AppTest suites."""

from __future__ import annotations

import base64

import numpy as np


def values(array) -> list:
    """A plotly JSON array: a list, or a typed array ``{"dtype", "bdata"}`` (base64)."""
    if isinstance(array, dict):
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"]).tolist()
    return list(array)
