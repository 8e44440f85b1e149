"""Splits: how one node's candidate tests are proposed and scored.

=======================  =====================================================================
:mod:`.candidates`        the ``Candidate`` and ``CandidateTable`` values and the tie-break
:mod:`.proposals`         the splits a classification node may take: thresholds of continuous
                          features, multiway and subset splits of nominal ones, missing values
                          weighted by ρ (Zhou §4.2–4.4; Breiman et al. 1984), with their figures
:mod:`.splitting`         those proposals scored as candidates; a node's table and its choice
:mod:`.least_squares`     candidates of a regression node (squared or absolute error)
:mod:`.j48_selection`     one node's split as C4.5 release 8 (Weka's J48) chooses it
:mod:`.feature_draw`      the random subset of features a forest's node may test
=======================  =====================================================================
"""
