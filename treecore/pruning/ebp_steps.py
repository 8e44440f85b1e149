"""One decision of error-based pruning (Quinlan 1993 ch. 4) as a logged step, worded the same
whether the textbook EBP (:mod:`.ebp`) or J48's (:mod:`.j48`) made it."""

from __future__ import annotations

from .result import KEEP, PRUNE, PruneStep

#: What each outcome did, as the log says it.
VERDICTS = {"leaf": "the leaf is no worse (within 0.1): replaced by a leaf",
            "raise": "the largest branch is no worse (within 0.1): raised in its place",
            "keep": "the subtree is better: kept"}


def ebp_step(node_id: int, figures: dict, outcome: str) -> PruneStep:
    """The step of node ``node_id``: its predicted errors as a leaf (N, E and, where the
    binomial limit gave it, U), as the subtree and, where subtree raising weighed it, as its
    largest branch raised; and the ``outcome`` (``"leaf"``, ``"raise"`` or ``"keep"``)."""
    limit = f", U = {figures['upper_rate']:.4f}" if "upper_rate" in figures else ""
    said = (f"predicted errors as a leaf {figures['predicted_leaf']:.3f} (N = {figures['n']:g}, "
            f"E = {figures['errors_leaf']:g}{limit}), of the subtree "
            f"{figures['predicted_subtree']:.3f}")
    if "predicted_branch" in figures:
        said += f", of its largest branch raised {figures['predicted_branch']:.3f}"
    return PruneStep(node_id, figures, KEEP if outcome == "keep" else PRUNE,
                     f"{said}; {VERDICTS[outcome]}", f"ebp.{outcome}")
