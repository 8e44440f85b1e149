"""The limits of :mod:`ui.limits` as messages in the session's language, for the pages.

>>> import pandas as pd
>>> from treecore import Dataset
>>> frame = pd.DataFrame({"k": [f"c{i // 2}" for i in range(3000)], "y": ["a", "b"] * 1500})
>>> level_messages(Dataset.from_frame(frame, "y"), "cart", "en")
["Column 'k' has 1,500 distinct values, over the limit of 1000 for a nominal feature (it looks
like an identifier). Ignore it on the Data page, or group its values."]
"""

from __future__ import annotations

from typing import Collection

from treecore import ALGORITHMS, Dataset

from ui import limits
from ui.i18n import translate


def level_messages(dataset: Dataset, algorithm: str, lang: str) -> list[str]:
    """Why ``algorithm`` cannot grow a tree on ``dataset``: one message per nominal feature
    with too many levels (none: it can)."""
    key = "limits.levels_multiway" if ALGORITHMS[algorithm].multiway else "limits.levels"
    return [translate(key, lang, column=name, levels=f"{levels:,}", limit=limit)
            for name, levels, limit in limits.too_many_levels(dataset, algorithm)]


def slow_fit_message(dataset: Dataset, lang: str, criterion: str | None = None,
                     force: Collection = ()) -> str | None:
    """A warning to show before a fit by ``criterion`` (with the splits ``force``, if any)
    estimated to take long, or None."""
    seconds = limits.fit_estimate_seconds(dataset, criterion, force)
    if seconds <= limits.SLOW_FIT_SECONDS:
        return None
    return translate("limits.slow_fit", lang, rows=f"{dataset.n_rows:,}",
                     features=dataset.n_features, seconds=f"{seconds:.0f}",
                     deadline=f"{limits.FIT_DEADLINE_SECONDS:.0f}")
