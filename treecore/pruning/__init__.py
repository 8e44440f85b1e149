"""Post-pruning: each method returns a new tree and the log of its decisions.

========================  ==================================================================
:func:`prune_rep`          reduced-error pruning on a validation set (Quinlan 1987; Zhou §4.3.2)
:func:`prune_pep`          pessimistic error pruning, no validation set (Quinlan 1987)
:func:`prune_ebp`          C4.5's error-based pruning (Quinlan 1993, ch. 4)
:func:`ccp_path`           the weakest-link sequence of cost-complexity pruning
                           (Breiman et al. 1984)
:func:`prune_ccp`          the subtree of that sequence for one α
:func:`path_accuracy`      the accuracy of every tree of that sequence, from one routing pass
:func:`select_ccp_alpha`   α by a validation set or by k-fold cross-validation with the 1-SE rule
:data:`PRUNERS`            the methods as interfaces offer them (:class:`Pruner`): the trees
                           each prunes, its options, reasons and one call, :meth:`Pruner.prune`
========================  ==================================================================

REP, CCP and the choice of α prune classification and regression trees alike (the loss of
:mod:`.losses`: errors, or the squared error); PEP and EBP count training errors, so they
prune classification trees only.

Validation-set pre-pruning happens during growth: ``grow(..., validation=(X_val, y_val))``.
"""

from .ccp import CCPPath, ccp_path, path_accuracy, prune_ccp
from .ebp import prune_ebp, upper_error_rate
from .pep import prune_pep
from .pruner import TASKS, Option, Pruner, PruneRequest
from .registry import PRUNERS, pruners_for
from .rep import prune_rep
from .result import PruneResult, PruneStep
from .selection import CCPSelection, select_ccp_alpha

__all__ = ["CCPPath", "ccp_path", "path_accuracy", "prune_ccp", "prune_ebp", "upper_error_rate",
           "prune_pep", "prune_rep", "TASKS", "Option", "Pruner", "PruneRequest", "PRUNERS",
           "pruners_for", "PruneResult", "PruneStep", "CCPSelection", "select_ccp_alpha"]
