"""The post-pruning methods as interfaces offer them: one entry per method, read by the Pruning
lab and the Compare page (what to offer for a data set, which options change a result).

PEP and EBP judge a node by its training errors, e(t) = N(t) − the weight of its majority class,
and a binomial correction of that count (Quinlan 1987 §4; Quinlan 1993 ch. 4): a regression
tree has no errors to count, so they prune classification trees only. REP (validation loss) and
CCP (the node impurity, the MSE for regression) prune both kinds.

>>> [name for name, pruner in PRUNERS.items() if pruner.prunes("regression")]
['rep', 'ccp']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConfigError
from ..tree.nodes import Tree

TASKS = ("classification", "regression")


@dataclass(frozen=True)
class Pruner:
    """A post-pruning method: the kinds of tree it prunes (``tasks``), whether it always needs
    validation rows, and the options its result depends on (keyword names of the lab's
    settings)."""

    tasks: tuple[str, ...]
    needs_validation: bool
    options: tuple[str, ...]

    def prunes(self, task: str) -> bool:
        return task in self.tasks


PRUNERS: dict[str, Pruner] = {
    "rep": Pruner(TASKS, True, ("rule",)),
    "pep": Pruner(("classification",), False, ()),
    "ebp": Pruner(("classification",), False, ("cf",)),
    "ccp": Pruner(TASKS, False, ("ccp_select", "folds")),
}


def pruners_for(task: str) -> tuple[str, ...]:
    """The names of the methods that prune a tree of ``task``, in registry order.

    >>> pruners_for("classification")
    ('rep', 'pep', 'ebp', 'ccp')
    """
    return tuple(name for name, pruner in PRUNERS.items() if pruner.prunes(task))


def require_task(name: str, tree: Tree) -> None:
    """Refuse, with a message, a tree of a kind that method ``name`` does not prune."""
    if not PRUNERS[name].prunes(tree.schema.task):
        raise ConfigError(f"{name.upper()} prunes {' and '.join(PRUNERS[name].tasks)} trees: "
                          f"a {tree.schema.task} tree has no training errors to count",
                          code="pruner_task", params={"method": name.upper()})
