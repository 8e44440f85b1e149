"""Registries of split criteria and algorithm presets.

Views build their select boxes from these dicts and tests are parametrised over them, so a new
criterion or preset is one entry here, not an ``if`` chain elsewhere.

>>> sorted(ALGORITHMS)
['c45', 'cart', 'id3', 'j48']
>>> ALGORITHMS["c45"].default_criterion
'gain_ratio'
>>> ALGORITHMS["cart"].criteria_for("regression")
('squared_error', 'absolute_error')
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ConfigError


@dataclass(frozen=True)
class Criterion:
    """How a split is scored.

    ``impurity`` names the impurity function (``criteria.IMPURITIES``) whose decrease picks the
    threshold of a continuous feature and the subset of a nominal one. ``score`` is what the
    selection maximises: ``"gain"`` (ρ-scaled impurity decrease) or ``"gain_ratio"``.
    ``average_gain_filter`` applies Quinlan's heuristic: only candidates whose information gain
    is at least the average gain compete on gain ratio (Zhou §4.2.2). ``task`` says which
    targets it scores: class labels (``"classification"``) or numbers (``"regression"``).
    ``guided`` says whether a tree grown by it takes forced splits and validation-set
    pre-pruning (the absolute error does not: their figures are the squared error's so far).
    """

    name: str
    label: str
    impurity: str
    score: str = "gain"
    average_gain_filter: bool = False
    task: str = "classification"
    guided: bool = True


CRITERIA: dict[str, Criterion] = {
    "entropy": Criterion("entropy", "Information gain", impurity="entropy"),
    "gain_ratio": Criterion("gain_ratio", "Gain ratio", impurity="entropy", score="gain_ratio",
                            average_gain_filter=True),
    "gini": Criterion("gini", "Gini index", impurity="gini"),
    "misclassification": Criterion("misclassification", "Misclassification error",
                                   impurity="misclassification"),
    "squared_error": Criterion("squared_error", "Squared error", impurity="squared_error",
                               task="regression"),
    "absolute_error": Criterion("absolute_error", "Absolute error", impurity="absolute_error",
                                task="regression", guided=False),
}

#: What a tree predicts: a class (classification tree) or a number (regression tree).
TASKS = ("classification", "regression")


@dataclass(frozen=True)
class Algorithm:
    """An algorithm preset: how nominal features split, which criteria it allows, its defaults.

    ``nominal_split`` is ``"multiway"`` (one branch per value; the attribute is then used up on
    that path, as in ID3 and C4.5) or ``"binary"`` (CART: a subset of values against the rest;
    the attribute may be tested again below). Continuous features always split in two at a
    threshold and may be tested again below (Zhou §4.4.1). ``regression_criteria`` are the
    criteria of its regression trees (only CART grows them: the least-squares regression tree,
    Li Hang §5.5.1), the first being the default.
    """

    name: str
    label: str
    nominal_split: str
    default_criterion: str
    criteria: tuple[str, ...]
    regression_criteria: tuple[str, ...] = ()
    #: Quinlan's release-8 program as Weka's J48 runs it (:mod:`treecore.grow.j48`): its own growth,
    #: and error-based pruning by :func:`treecore.pruning.j48.prune_j48`.
    release8: bool = False

    @property
    def multiway(self) -> bool:
        return self.nominal_split == "multiway"

    def criteria_for(self, task: str) -> tuple[str, ...]:
        """The criteria this preset grows a tree of ``task`` with, the default first."""
        return self.regression_criteria if task == "regression" else self.criteria


ALGORITHMS: dict[str, Algorithm] = {
    "id3": Algorithm("id3", "ID3", "multiway", "entropy", ("entropy", "gini", "misclassification")),
    "c45": Algorithm("c45", "C4.5", "multiway", "gain_ratio",
                     ("gain_ratio", "entropy", "gini", "misclassification")),
    "cart": Algorithm("cart", "CART", "binary", "gini", ("gini", "entropy", "misclassification"),
                      regression_criteria=("squared_error", "absolute_error")),
    "j48": Algorithm("j48", "C4.5 (J48)", "multiway", "gain_ratio", ("gain_ratio",),
                     release8=True),
}

#: How a continuous threshold is reported: the midpoint between neighbouring distinct values
#: (Zhou 式 4.7, e.g. 密度 ≤ 0.3815, printed 0.381), or the largest training value not above it
#: (Quinlan's C4.5 program). Rows with ``x <= threshold`` take the first branch either way, so
#: training rows route identically; unseen values between the two neighbours may not.
THRESHOLD_STYLES = ("midpoint", "data")


def resolve(algorithm: str, criterion: str | None = None, task: str = "classification"
            ) -> tuple[Algorithm, Criterion]:
    """The algorithm preset and criterion objects for a tree of ``task``, checked against each
    other (no criterion: the preset's default for the task)."""
    if task not in TASKS:
        raise ConfigError(f"unknown task {task!r}; choose one of {list(TASKS)}")
    if algorithm not in ALGORITHMS:
        raise ConfigError(f"unknown algorithm {algorithm!r}; choose one of {sorted(ALGORITHMS)}")
    preset = ALGORITHMS[algorithm]
    allowed = preset.criteria_for(task)
    if not allowed:
        growing = [a.label for a in ALGORITHMS.values() if a.criteria_for(task)]
        raise ConfigError(f"{preset.label} grows classification trees only; a {task} tree is "
                          f"grown by {' or '.join(growing)}")
    name = criterion or (preset.default_criterion if task == "classification" else allowed[0])
    if name not in CRITERIA:
        raise ConfigError(f"unknown criterion {name!r}; choose one of {sorted(CRITERIA)}")
    if name not in allowed:
        raise ConfigError(f"{preset.label} does not use the criterion {name!r} for a {task} "
                          f"tree; it allows {list(allowed)}")
    return preset, CRITERIA[name]
