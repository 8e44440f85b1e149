"""The tree: the grown value and what is read from it.

:mod:`.nodes` holds the immutable ``Node`` and ``Tree`` values (every statistic a view needs,
``until(k)`` for the tree after k growth steps); :mod:`.lazy` makes a compiled tree's nodes
only as far as a view reaches; :mod:`.predict` routes rows through the compiled
arrays (missing values blended by weight), packed for its walk by :mod:`.packed`;
:mod:`.inspection`, :mod:`.flow` and :mod:`.explain` read a node's rows, its weight flow and
its candidates and threshold curves back.
"""
