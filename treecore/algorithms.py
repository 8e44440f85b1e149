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
    ``formula`` is the criterion as the books print it, with the reference, for a page to show
    beside its figures: symbols only, so it reads the same in every language of the app.
    ``lens_figure`` is the figure of a threshold curve
    (:class:`~treecore.tree.explain.ThresholdCurve`) that the criterion lens plots for it
    (``"gain"``, ``"gain_ratio"`` or ``"decrease"``, the decrease of its own impurity); None
    keeps it out of the classification lens (the regression criteria have their own).
    Interfaces word it by :attr:`label_key` and, in the lens, :attr:`lens_key`.
    """

    name: str
    label: str
    impurity: str
    score: str = "gain"
    average_gain_filter: bool = False
    task: str = "classification"
    guided: bool = True
    formula: str = ""
    lens_figure: str | None = None

    @property
    def label_key(self) -> str:
        return f"criterion.{self.name}"

    @property
    def lens_key(self) -> str:
        return f"lens.{self.name}"


CRITERIA: dict[str, Criterion] = {
    "entropy": Criterion(
        "entropy", "Information gain", impurity="entropy", lens_figure="gain",
        formula="Gain(D, a) = Ent(D) − Σᵥ |Dᵛ|/|D| · Ent(Dᵛ),  Ent(D) = −Σₖ pₖ log₂ pₖ  "
                "(Zhou 式 4.1–4.2)"),
    "gain_ratio": Criterion(
        "gain_ratio", "Gain ratio", impurity="entropy", score="gain_ratio",
        average_gain_filter=True, lens_figure="gain_ratio",
        formula="Gain_ratio(D, a) = Gain(D, a) / IV(a),  IV(a) = −Σᵥ |Dᵛ|/|D| · log₂ |Dᵛ|/|D|  "
                "(Zhou 式 4.3–4.4)"),
    "gini": Criterion(
        "gini", "Gini index", impurity="gini", lens_figure="decrease",
        formula="Gini_index(D, a) = Σᵥ |Dᵛ|/|D| · Gini(Dᵛ),  Gini(D) = 1 − Σₖ pₖ²  "
                "(Zhou 式 4.5–4.6)"),
    "misclassification": Criterion(
        "misclassification", "Misclassification error", impurity="misclassification",
        lens_figure="decrease",
        formula="E(D) − Σᵥ |Dᵛ|/|D| · E(Dᵛ),  E(D) = 1 − maxₖ pₖ  (Tan et al. §4.3.4)"),
    "squared_error": Criterion(
        "squared_error", "Squared error", impurity="squared_error", task="regression",
        formula="min_{j,s} [Σ_{xᵢ∈R₁(j,s)} (yᵢ − c₁)² + Σ_{xᵢ∈R₂(j,s)} (yᵢ − c₂)²],  "
                "cₘ = ave(yᵢ | xᵢ ∈ Rₘ)  (Li Hang 式 5.21)"),
    "absolute_error": Criterion(
        "absolute_error", "Absolute error", impurity="absolute_error", task="regression",
        guided=False,
        formula="min_{j,s} [Σ_{xᵢ∈R₁(j,s)} |yᵢ − m₁| + Σ_{xᵢ∈R₂(j,s)} |yᵢ − m₂|],  "
                "mₘ = median(yᵢ | xᵢ ∈ Rₘ)"),
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


def lens_criteria() -> tuple[Criterion, ...]:
    """The criteria the classification lens compares, in registry order.

    >>> [c.name for c in lens_criteria()]
    ['entropy', 'gain_ratio', 'gini', 'misclassification']
    """
    return tuple(c for c in CRITERIA.values() if c.lens_figure and c.task == "classification")


def home_algorithm(criterion: str) -> str:
    """The preset a criterion is best known by: the one whose default it is, else the first
    binary (CART-style) preset that allows it, else the first that does; J48 aside.

    >>> [home_algorithm(c) for c in ("entropy", "gain_ratio", "gini", "misclassification")]
    ['id3', 'c45', 'cart', 'cart']
    """
    presets = [a for a in ALGORITHMS.values() if not a.release8]
    allowed = [a for a in presets if criterion in a.criteria]
    for candidates in ([a for a in allowed if a.default_criterion == criterion],
                       [a for a in allowed if not a.multiway], allowed):
        if candidates:
            return candidates[0].name
    raise ConfigError(f"no algorithm grows a tree by the criterion {criterion!r}")
