"""Each page's model: its session keys, the fits it caches, and the pure functions its screen
is made of. ``growth`` (Grow), ``pruning_lab`` (Pruning lab), ``compare`` (Compare),
``concepts`` and ``concepts_regression`` (Concepts), ``ensemble_state``, ``ensemble_fit`` and
``ensemble_words`` (Forests & boosting), ``predict_export`` (Predict & export); shared by the
last four pages: ``split`` (training and validation rows) and ``scores`` (what a tree is judged
by)."""
