"""Measures: every formula a criterion, a chart or a score rests on, each written once.

=====================  =======================================================================
:mod:`.information`     entropy, joint and conditional entropy, mutual information, KL
                        divergence, cross-entropy (Cover & Thomas ch. 2; Zhou §4.2)
:mod:`.criteria`        impurities of weighted class counts: entropy, Gini, misclassification
                        error; information gain, split information, gain ratio
:mod:`.kernels`         the compiled forms of those impurities and figures, and where a
                        threshold goes between two values, shared by engines and charts
:mod:`.cut_scan`        the compiled search for the best cut of a sorted continuous feature
:mod:`.entropy_terms`   a cut's entropy decrease from its c · log₂ c terms, kept or looked up
:mod:`.kept_cuts`       the few cuts a search keeps as possible winners
:mod:`.node_cuts`       the readable builder's search at one node: sort each feature there, scan
:mod:`.squared_error`   the squared error of a regression node, its best cut and the ordering
                        of nominal levels by mean target (Li Hang §5.5.1)
:mod:`.absolute_error`  the absolute error about the median and its cuts
:mod:`.evaluate`        accuracy, R², RMSE, the confusion matrix and the folds they are scored on
:mod:`.sorting`         a feature's value order, sorted once by a compiled radix sort
=====================  =======================================================================
"""
