"""The members of an ensemble: many trees grown on one encoded data set.

A random forest grows each tree on a bootstrap sample (the count of each row as its weight),
AdaBoost on the rows re-weighted by uᵗ, gradient boosting on new targets (the residuals
yₙ − sₜ(xₙ)); the features stay the same. :class:`MemberGrower` keeps the encoded data set and
grows one member per call in the engine every single tree grows in (:func:`treecore.grow`), so
each member is a :class:`~treecore.Tree` every view of the explorer can draw.

A row of weight 0 is absent from that member, as in scikit-learn: it moves no threshold and
counts toward no limit.

The table is sorted once, for the whole ensemble, by the compiled engine that grows the members
(:func:`treecore.grow.presorted.presort` where every feature is continuous and every value
known, :func:`treecore.grow.nodewise_sort.presort` for any other table), and each member reads
that sort, keeping the entries of its rows of positive weight: a member costs its growth, not a
sort.

>>> import numpy as np, pandas as pd
>>> from treecore import Dataset, GrowthConfig
>>> frame = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0], "y": [0.0, 0.0, 1.0, 1.0]})
>>> grower = MemberGrower(Dataset.from_frame(frame, "y", task="regression"),
...                       GrowthConfig(task="regression", max_depth=1))
>>> grower.grow(target=np.array([1.0, 1.0, 1.0, 5.0])).root.split.threshold
3.5
>>> grower.grow(weights=np.array([1.0, 1.0, 0.0, 2.0])).root.split.threshold
3.0
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from ..data import Dataset
from ..errors import ConfigError
from ..grow import nodewise, nodewise_sort, presorted
from ..grow.engines import compiled_engine, start_growth
from ..grow.growing import GrowthConfig
from ..tree.nodes import Tree


@dataclass(frozen=True)
class MemberGrower:
    """Grows member trees on ``dataset`` with the settings ``config``, each on at most
    ``threads`` threads (None: as many as the table's size pays for, for members grown one
    after another; 1 for members grown side by side, each on a thread of its own)."""

    dataset: Dataset
    config: GrowthConfig
    threads: int | None = None
    #: The table sorted once for every member, by the compiled engine that grows them (None:
    #: the J48 preset's growth or the readable builder grows them, each on its own).
    shared: presorted.Presorted | nodewise_sort.PresortedTable | None = field(
        default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        config = self.config.checked()
        object.__setattr__(self, "config", config)
        engine = compiled_engine(self.dataset, config)
        if engine is not None:
            sort = presorted.presort if engine is presorted else nodewise_sort.presort
            object.__setattr__(self, "shared", sort(self.dataset))

    def grow(self, *, weights: np.ndarray | None = None, target: np.ndarray | None = None,
             max_seconds: float | None = None, random_state: int | None = None) -> Tree:
        """A tree grown on the data set's rows with ``weights`` (default: the data set's) and,
        for a regression data set, the numbers ``target`` in place of its target;
        ``random_state`` seeds its random feature subsets (default: the config's)."""
        data = self.dataset
        if target is not None and not data.is_regression:
            raise ConfigError("a member's own target is for regression trees (gradient "
                              "boosting fits them to residuals)")
        weights = data.weights if weights is None else np.asarray(weights, dtype=float)
        y = data.y if target is None else np.asarray(target, dtype=float)
        if weights.shape != data.weights.shape or y.shape != data.y.shape:
            raise ConfigError(f"a member needs one weight and one target per row "
                              f"({data.n_rows} rows)")
        config = self.config if random_state is None else \
            replace(self.config, random_state=int(random_state))
        member = Dataset(data.schema, data.X, y, weights, data.row_numbers)
        if isinstance(self.shared, presorted.Presorted):
            growth = presorted.PresortedGrowth(member, config, max_seconds=max_seconds,
                                               shared=self.shared, threads=self.threads)
        elif self.shared is not None:
            growth = nodewise.NodewiseGrowth(member, config, max_seconds=max_seconds,
                                             shared=self.shared, threads=self.threads)
        else:
            present = weights > 0
            growth = start_growth(member if present.all() else member.subset(present), config,
                                  max_seconds=max_seconds, threads=self.threads)
        growth.run()
        return growth.tree()


#: An ensemble's ``fit(..., on_round=hook)``: ``hook(done, total)`` is told after each round
#: (member, or row of members) is grown; returning False stops the fit there, and the model
#: keeps the rounds grown so far (a caller's progress bar and deadline).
RoundHook = Callable[[int, int], "bool | None"]


def keep_going(on_round: RoundHook | None, done: int, total: int) -> bool:
    """Whether a fit goes on after ``done`` of ``total`` rounds: always without a hook; with
    one, unless it returns False."""
    return on_round is None or on_round(done, total) is not False
