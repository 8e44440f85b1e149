"""The post-pruning methods as interfaces offer them, in the order they are offered: each
method's :class:`~.pruner.Pruner` is defined in its own module (``PRUNER``) and listed here once.
The Pruning lab, the Compare page and the estimator's ``pruning=`` read this table, so a new
method is its module, its line here and its words (the translations of its name, options,
reasons and figures).

PEP and EBP judge a node by its training errors, e(t) = N(t) − the weight of its majority class,
and a binomial correction of that count (Quinlan 1987 §4; Quinlan 1993 ch. 4): a regression
tree has no errors to count, so they prune classification trees only. REP (validation loss) and
CCP (the node impurity, the MSE for regression) prune both kinds.

>>> [name for name, pruner in PRUNERS.items() if pruner.prunes("regression")]
['rep', 'ccp']
"""

from __future__ import annotations

from . import ebp, pep, rep, selection
from .pruner import Pruner

PRUNERS: dict[str, Pruner] = {pruner.name: pruner for pruner in (
    rep.PRUNER, pep.PRUNER, ebp.PRUNER, selection.PRUNER)}


def pruners_for(task: str) -> tuple[str, ...]:
    """The names of the methods that prune a tree of ``task``, in registry order.

    >>> pruners_for("classification")
    ('rep', 'pep', 'ebp', 'ccp')
    """
    return tuple(name for name, pruner in PRUNERS.items() if pruner.prunes(task))
