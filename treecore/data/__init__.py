"""Data: a user's table as the engine reads it, the only room of treecore (with the estimators'
input checks) that touches pandas.

================  ============================================================================
:mod:`.columns`    one column: missing cells, a nominal column's codes, numbers, the target,
                   the weights; the :class:`Kind` and :class:`Feature` of a column
:mod:`.kinds`      guessing each column's kind (and why one is left out) and whether a target
                   is a class or a quantity
:mod:`.schema`     the :class:`Schema`: all a tree needs to encode rows it has never seen
:mod:`.dataset`    the encoded :class:`Dataset` and its reading from a DataFrame
:mod:`.memory`     arrays in the one form the compiled kernels read (float64, contiguous)
================  ============================================================================
"""

from .columns import (DEFAULT_MISSING, Feature, Kind, known_targets, marker_classes,
                      missing_mask)
from .dataset import Dataset
from .kinds import IGNORE_REASONS, KindGuess, guess_kinds, infer_kinds, infer_task
from .schema import Schema

__all__ = ["DEFAULT_MISSING", "Feature", "Kind", "known_targets", "marker_classes", "missing_mask",
           "Dataset", "IGNORE_REASONS", "KindGuess", "guess_kinds", "infer_kinds", "infer_task",
           "Schema"]
