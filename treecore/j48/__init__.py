"""C4.5 as Quinlan shipped it (release 8), in the arithmetic of Weka 3's J48: the ``"j48"`` preset.

The textbook C4.5 of :mod:`treecore.builder` (Zhou §4.2–4.4) differs from the program in rules
the books leave out; this package holds them, each with its source:

=============================  ================================================================
:mod:`.selection`               one node's split: the two-branch rule with M, the numeric minimum
                                per side, the MDL-corrected gain of a cut, the cut as a data value,
                                the average-gain filter, no zero-gain split, and the gain and split
                                info of rows with a missing value
:mod:`.growth`                  growth and the collapse of subtrees that do not reduce training
                                error
:mod:`treecore.pruning.j48`     error-based pruning with the normal approximation of the binomial
                                limit and subtree raising (fast, branch shares recomputed)
=============================  ================================================================
"""

from .growth import J48Growth

__all__ = ["J48Growth"]
