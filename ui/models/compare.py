"""The Compare page's model: two to four configurations (algorithm × criterion × pruning, or a
version saved on the Grow page), each grown on the shared training rows; their metrics (the
task's scores of :mod:`ui.models.scores`), the root's candidates ranked, and how each pair of
classification trees agrees.

Each kind of tree keeps its own configurations (a regression tree is CART's with the squared
error, pruned by the methods that prune it). Pure functions of treecore values except the
cached builder and the session helpers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import Mapping, Sequence

import pandas as pd
import streamlit as st

import treecore
from treecore import Dataset, Tree
from treecore.algorithms import home_algorithm, lens_criteria
from treecore.measures import evaluate, squared_error
from treecore.errors import TreecoreError
from treecore.split.least_squares import node_candidates, shown_decrease

from ui.models import growth, scores, pruning_lab as lab

#: Session keys of each task's list of 4 config dicts; the first COUNT are compared.
CONFIGS = {"classification": "compare_configs", "regression": "compare_configs_regression"}
COUNT = "compare_count"          #: how many configurations are compared (2-4)
SETTINGS = "settings"            #: a config's source when it is not a saved version


def rankings() -> tuple[tuple[str, str], ...]:
    """The root ranking's (criterion, algorithm) columns: every classification criterion of the
    lens, each under its home preset (``treecore.algorithms.home_algorithm``)."""
    return tuple((c.name, home_algorithm(c.name)) for c in lens_criteria())


def _settings(algorithm: str, criterion: str, pruning: str) -> dict:
    return {"source": SETTINGS, "algorithm": algorithm, "criterion": criterion,
            "pruning": pruning}


DEFAULT_CONFIGS = {
    "classification": [_settings("id3", "entropy", "none"), _settings("c45", "gain_ratio", "none"),
                       _settings("cart", "gini", "none"), _settings("cart", "gini", "ccp")],
    "regression": [_settings("cart", "squared_error", "none"),
                   _settings("cart", "squared_error", "ccp"),
                   _settings("cart", "squared_error", "rep"),
                   _settings("cart", "squared_error", "none")],
}


def ensure_defaults() -> None:
    """The lab's defaults (and through them the Grow page's and the shared ones), and ours."""
    lab.ensure_defaults()
    for task, key in CONFIGS.items():
        if key not in st.session_state:
            st.session_state[key] = [dict(c) for c in DEFAULT_CONFIGS[task]]
    if COUNT not in st.session_state:
        st.session_state[COUNT] = 2


def prunings_for(data: Dataset, criterion: str | None = None) -> tuple[str, ...]:
    """The pruning choices for the data set's kind of tree grown by ``criterion``: none,
    pre-pruning on the validation rows where the engine grows it, and the post-pruning methods
    that prune it."""
    prepruned = ("prepruned",) if "validation" in lab.prepruning_for(data, criterion) else ()
    return ("none", *prepruned, *lab.methods_for(data))


def configs(task: str) -> list[dict]:
    """The configurations of ``task`` in the session."""
    return st.session_state[CONFIGS[task]]


def set_field(task: str, index: int, field: str, value) -> None:
    """Store one field of configuration ``index`` of ``task``; a criterion its algorithm does
    not allow for the task falls back to the algorithm's default."""
    changed = [dict(c) for c in configs(task)]
    changed[index][field] = value
    allowed = growth.allowed_criteria(changed[index]["algorithm"], task)
    if changed[index]["criterion"] not in allowed:
        changed[index]["criterion"] = allowed[0]
    st.session_state[CONFIGS[task]] = changed


def setter(task: str, index: int, field: str):
    """A widget setter for one field of one configuration (a partial: it pickles)."""
    return partial(set_field, task, index, field)


# ------------------------------------------------------------------------------- building
@dataclass(frozen=True, eq=False)
class Built:
    """A configuration's tree and the seconds it took to grow and prune, or why it failed
    (``error``: "needs_validation", "other_dataset" or the engine's error);
    ``stopped_early``: growth hit :data:`ui.limits.FIT_DEADLINE_SECONDS` (the tree is partial)."""

    tree: Tree | None
    seconds: float = 0.0
    error: str | TreecoreError | None = None
    stopped_early: bool = False


def recipe(config: Mapping, versions: Sequence[Mapping], dataset_id: str,
           task: str = "classification") -> tuple[dict, tuple] | str:
    """(growth params, forced splits) of a configuration for a tree of ``task``, or an error
    word for a version saved on another data set (or deleted)."""
    if config["source"] == SETTINGS:
        return {"task": task, "algorithm": config["algorithm"],
                "criterion": config["criterion"]}, ()
    version = next((v for v in versions if v["name"] == config["source"]), None)
    if version is None or version["dataset"] != dataset_id:
        return "other_dataset"
    return dict(version["params"]), growth.freeze(version["force"])


def build(params: Mapping, force, pruning: str, train: Dataset, validation: Dataset | None
          ) -> Built:
    """Grow (within the fit deadline, :func:`ui.models.growth.fit`) and prune one configuration on
    ``train`` with exactly ``params`` (a version's limits included), timing it. A post-pruning
    method runs with its options' defaults (:func:`ui.models.pruning_lab.option_defaults`)."""
    start = time.perf_counter()
    try:
        if pruning == "prepruned":
            if validation is None:
                return Built(None, error="needs_validation")
            grown = growth.fit(train, params, force, validation=validation)
            tree = grown.tree
        else:
            grown = growth.fit(train, params, force)
            tree = grown.tree
            if pruning != "none":
                pruned = lab.post_prune(pruning, tree, train, validation,
                                        lab.option_defaults(), params, force)
                if pruned.error:
                    return Built(None, error=pruned.error)
                tree = pruned.tree
    except TreecoreError as error:
        return Built(None, error=error)
    return Built(tree, time.perf_counter() - start, stopped_early=grown.stopped_early)


@st.cache_resource(show_spinner=False, max_entries=64)
def _cached_build(key: tuple, _train: Dataset, _validation: Dataset | None) -> Built:
    params, force, pruning = dict(key[2]), key[3], key[4]
    return build(params, force, pruning, _train, _validation)


def cached_build(params: Mapping, force, pruning: str, train: Dataset,
                 validation: Dataset | None, retry: bool = False) -> Built:
    """:func:`build`, cached on the data's fingerprints and the recipe (the fit time shown is
    the one measured when the tree was first built); a build stopped at the fit deadline is
    built again with ``retry`` (as :func:`ui.models.growth.cached_fit`)."""
    key = (train.fingerprint(), None if validation is None else validation.fingerprint(),
           tuple(sorted(params.items())), growth.freeze(force), pruning)
    built = _cached_build(key, train, validation)
    if built.stopped_early and retry:
        _cached_build.clear(key, train, validation)
        built = _cached_build(key, train, validation)
    return built


# ------------------------------------------------------------------------------- views
def metrics(built: Mapping[str, Built], train: Dataset, validation: Dataset | None
            ) -> pd.DataFrame:
    """One row per configuration: its scores (accuracy; RMSE and R²), leaves, depth and fit
    time in milliseconds."""
    trees = {name: b.tree for name, b in built.items()}
    table = scores.comparison(trees, train, validation)
    table["fit_ms"] = [None if b.tree is None else round(1000 * b.seconds, 1)
                       for b in built.values()]
    return table


def cached_root_ranking(train: Dataset) -> pd.DataFrame:
    """:func:`root_ranking`, cached on the data's fingerprint (it scores every feature on all
    the training rows four times)."""
    return _cached_root_ranking(train.fingerprint(), train)


@st.cache_data(show_spinner=False, max_entries=8)
def _cached_root_ranking(fingerprint: str, _train: Dataset) -> pd.DataFrame:
    return root_cuts(_train) if _train.is_regression else root_ranking(_train)


def root_ranking(train: Dataset) -> pd.DataFrame:
    """The root's candidates ranked under each criterion of :func:`rankings` (1 = chosen;
    candidates that may not be chosen come last), with each score, and ``agree``: whether every
    criterion gives the feature the same rank."""
    frame = pd.DataFrame({"feature": list(train.feature_names)}).set_index("feature")
    for criterion, algorithm in rankings():
        table = treecore.split_candidates(train, algorithm, criterion)
        order = sorted(range(len(table)), key=lambda i: (not table[i].eligible, -table[i].score))
        rank = {table[i].feature: r + 1 for r, i in enumerate(order)}
        frame[f"rank_{criterion}"] = [rank[f] for f in frame.index]
        frame[f"score_{criterion}"] = [table[f].score for f in frame.index]
    ranks = frame[[f"rank_{c}" for c, _ in rankings()]]
    frame["agree"] = ranks.nunique(axis=1) == 1
    return frame.reset_index().sort_values(f"rank_{rankings()[0][0]}", kind="stable")


def root_cuts(train: Dataset) -> pd.DataFrame:
    """A regression tree's root: each feature's best cut of all the training rows and the
    squared error it removes, SSE(D) − (SSE(R₁) + SSE(R₂)) (W times the candidate's score, the
    decrease of the MSE), ranked (1 = the root's cut; cuts that may not be chosen come last)."""
    table = node_candidates(train.X, train.y, train.weights, train.features)
    sums = squared_error.sums(train.y, train.weights)
    weight = float(sums[squared_error.WEIGHT])
    before = weight * float(squared_error.mse(*sums))                   # SSE(D)
    frame = pd.DataFrame({"feature": [c.feature for c in table],
                          "test": [c.describe() for c in table],
                          "sse_decrease": [shown_decrease(weight * c.score, before)
                                           for c in table],
                          "eligible": [c.eligible for c in table]})
    frame = frame.sort_values(["eligible", "sse_decrease"], ascending=False, kind="stable")
    return frame.assign(rank=range(1, len(frame) + 1))[["rank", "feature", "test",
                                                        "sse_decrease"]]


def predictions(trees: Mapping[str, Tree], data: Dataset) -> pd.DataFrame:
    """The actual target of ``data``'s rows and each regression tree's prediction of it."""
    return pd.DataFrame({"actual": data.y, **{name: tree.predict(data.X)
                                              for name, tree in trees.items()}})


def agreement(trees: Mapping[str, Tree], data: Dataset) -> pd.DataFrame:
    """The weighted share of ``data``'s rows on which each pair of trees predicts the same
    class (1 on the diagonal)."""
    names = list(trees)
    predicted = {name: tree.predict(data.X) for name, tree in trees.items()}
    matrix = [[evaluate.accuracy(predicted[a], predicted[b], data.weights) for b in names]
              for a in names]
    return pd.DataFrame(matrix, index=names, columns=names)
