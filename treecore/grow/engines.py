"""Which engine grows a tree, and the two calls that grow one: :func:`grow` (the whole tree)
and :func:`grow_steps` (its growth steps, one per expanded node, breadth first).

:func:`start_growth` hands data whose features are all continuous and fully known to the
compiled engine of :mod:`treecore.grow.presorted`, and any other table, every tree by the
absolute error, forced splits and validation-set pre-pruning to the compiled
:mod:`treecore.grow.nodewise`; the readable :class:`treecore.grow.builder.Growth`, the reference
both are tested against, grows only what they cannot hold (no feature, 16.7 million rows or
more, more than 255 classes): the same tree each time, the compiled ones far faster.

>>> import pandas as pd
>>> frame = pd.read_csv("samples/lihang_loan.csv")
>>> tree = grow(Dataset.from_frame(frame, "类别"), algorithm="id3")
>>> [node.split.feature for node in tree.iter_nodes() if node.split]
['有自己的房子', '有工作']
"""

from __future__ import annotations

from typing import Callable, Iterator, Mapping

from ..algorithms import ALGORITHMS, resolve
from ..data import Dataset
from ..errors import ConfigError
from ..measures.evaluate import labelled
from ..tree.nodes import Tree
from . import j48, nodewise, presorted
from .builder import Growth
from .growing import GrowthConfig, GrowthStep, check_guided


def _as_dataset(validation, dataset: Dataset) -> Dataset | None:
    """The validation rows as a Dataset of the training schema (given as one, or as (X, y))."""
    if validation is None or isinstance(validation, Dataset):
        return validation
    return labelled(dataset.schema, *validation)


def start_growth(dataset: Dataset, config: GrowthConfig, *, force: Mapping | None = None,
                 validation: Dataset | None = None, max_seconds: float | None = None,
                 keep_scores: int = 0, on_tick: Callable[[float], None] | None = None,
                 threads: int | None = None
                 ) -> (Growth | presorted.PresortedGrowth | nodewise.NodewiseGrowth
                       | j48.J48Growth):
    """A run of TreeGenerate in the fastest engine that applies: the compiled presorted one for
    continuous, fully known features; the compiled nodewise one for any other table, forced
    splits and validation-set pre-pruning; the readable :class:`~treecore.grow.builder.Growth`
    for what neither holds. All three grow the same tree and offer ``steps()``, ``run()``,
    ``tree()`` and ``stopped_early``;
    ``keep_scores`` is how many first steps of the presorted engine keep their scores.
    Random feature subsets (``config.max_features``) are drawn by the two compiled engines.
    A regression tree grows in them too (by the absolute error in the nodewise one); the J48
    preset grows by its own rules (:mod:`treecore.grow.j48`).
    ``on_tick(seconds)`` is told how long growth has run at each deadline check
    (:class:`treecore.grow.growing.Deadline`). ``threads`` caps the threads a compiled engine
    shares its work among (None: as many as the table's size pays for)."""
    if config.task != dataset.schema.task:
        raise ConfigError(f"the data set's target {dataset.schema.target!r} is for "
                          f"{dataset.schema.task}, the growth settings for {config.task}")
    if config.max_features is not None and (
            force or validation is not None or ALGORITHMS[config.algorithm].release8):
        raise ConfigError("random feature subsets (max_features) grow in the compiled engines: "
                          "not with forced splits, validation-set pre-pruning or the J48 preset")
    check_guided(resolve(config.algorithm, config.criterion, config.task)[1], force, validation)
    if ALGORITHMS[config.algorithm].release8:
        return j48.J48Growth(dataset, config, force=force, validation=validation,
                             max_seconds=max_seconds, on_tick=on_tick)
    engine = compiled_engine(dataset, config, force, validation)
    if engine is presorted:
        return presorted.PresortedGrowth(dataset, config, max_seconds=max_seconds,
                                         keep_scores=keep_scores, threads=threads,
                                         on_tick=on_tick)
    if engine is nodewise:
        return nodewise.NodewiseGrowth(dataset, config, force=force, validation=validation,
                                       max_seconds=max_seconds, threads=threads,
                                       on_tick=on_tick)
    return Growth(dataset, config, force=force, validation=validation, max_seconds=max_seconds,
                  on_tick=on_tick)


def compiled_engine(dataset: Dataset, config: GrowthConfig, force: Mapping | None = None,
                    validation: Dataset | None = None):
    """The module of the compiled engine that grows this tree (:mod:`.presorted` or
    :mod:`.nodewise`), or None where the J48 preset's growth or the readable builder does."""
    if ALGORITHMS[config.algorithm].release8:
        return None
    if presorted.applies(dataset, force, validation) and config.criterion != "absolute_error":
        return presorted
    return nodewise if nodewise.applies(dataset) else None


def grow_steps(dataset: Dataset, config: GrowthConfig | None = None, *,
               force: Mapping | None = None, validation=None, max_seconds: float | None = None,
               **params) -> Iterator[GrowthStep]:
    """Yield the growth steps of a tree, one per expanded node, breadth first.

    ``params`` override fields of ``config`` (see :class:`GrowthConfig`). ``force`` maps a node
    path (tuple of branch labels or indices from the root; the root is ``()``) to the split to
    use there if the node is split: a feature name, ``(name, threshold)`` or ``(name, labels)``.
    ``validation`` (a Dataset with the same schema, or ``(X_val, y_val)``) turns on
    validation-set pre-pruning. Growth stops once ``max_seconds`` have passed.
    """
    config = GrowthConfig.from_params(config, **{"task": dataset.schema.task, **params})
    growth = start_growth(dataset, config, force=force,
                          validation=_as_dataset(validation, dataset), max_seconds=max_seconds,
                          keep_scores=kept_steps(dataset))
    return growth.steps()


def kept_steps(dataset: Dataset) -> int:
    """How many first growth steps keep their per-feature scores within
    :data:`presorted.KEPT_SCORES_BYTES` (8 bytes a figure: two values and two count vectors)."""
    width = 3 if dataset.is_regression else dataset.n_classes     # sums (W, S, Q) or classes
    per_step = dataset.n_features * (1 + 8 * (2 + 2 * width))
    return presorted.KEPT_SCORES_BYTES // max(per_step, 1)


def grow(dataset: Dataset, config: GrowthConfig | None = None, *, force: Mapping | None = None,
         validation=None, max_seconds: float | None = None, **params) -> Tree:
    """Grow a whole tree (see :func:`grow_steps` for the arguments). When ``max_seconds`` run
    out first, the tree grown so far comes back: ``tree.is_complete`` is then False."""
    config = GrowthConfig.from_params(config, **{"task": dataset.schema.task, **params})
    growth = start_growth(dataset, config, force=force,
                          validation=_as_dataset(validation, dataset), max_seconds=max_seconds)
    growth.run()
    return growth.tree()
