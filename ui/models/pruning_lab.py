"""The Pruning lab's model: its session keys, the methods offered for the data set's kind of tree
and their options (both from the registry, :data:`treecore.pruning.PRUNERS`), the cached trees
(unpruned, pre-pruned, post-pruned by every method), the CCP path's scores and the replay of a
log. The scores a tree is judged by (accuracy, or RMSE and R²) are :mod:`ui.models.scores`.

Pure functions of treecore values except the ``cached_*`` wrappers and the session helpers.
Trees are cached with ``st.cache_resource`` on the data's fingerprints and the parameters, as
:func:`ui.models.growth.cached_fit` does (and sharing its cache for the unpruned tree): they are
immutable, so sessions share one object instead of unpickling a copy on every rerun, which keeps
switching the method fast on big data. A tree stopped at the fit deadline stays cached until the
user asks to grow it again; what is derived from it is not cached.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Mapping

import numpy as np
import pandas as pd
import streamlit as st

from treecore import CRITERIA, Dataset, Tree, TreecoreError
from treecore.pruning import PRUNERS, TASKS, Option, PruneResult, ccp_path, pruners_for

from ui import limits, state
from ui.models import growth, scores

# ------------------------------------------------------------------------------- session keys
METHOD = "lab_method"               #: post-pruning method chosen: a key of PRUNERS
PREPRUNE = "lab_preprune"           #: "validation" (Zhou §4.3.1) or "limits" (the Grow page's)
REPLAY = "lab_replay_step"          #: index of the decision shown in the replay
# and each post-pruning option under option_key(its name), e.g. "lab_cf" (EBP's CF)

#: Pre-pruning modes and the kinds of tree each grows (validation-set pre-pruning tests a
#: classification tree's split by the validation rows classified correctly, a regression
#: tree's by their squared error).
PREPRUNING = {"validation": TASKS, "limits": TASKS}
#: Above this many training rows a method growing trees of its own with the chosen options
#: (CCP with α by cross-validation: one tree per fold) runs only when it is the chosen method;
#: every other method runs always, for the comparison.
CV_ROWS = 20_000

#: The lab's own defaults; each option's is its spec's (:func:`option_defaults`).
DEFAULTS: dict[str, Any] = {METHOD: "rep", PREPRUNE: "validation", REPLAY: 0}

#: Growth limits cleared for the unpruned tree (the user's values pre-prune in mode "limits").
NO_LIMITS = {"max_depth": None, "min_samples_leaf": 1, "min_gain": 0.0, "max_leaves": None}


def option_key(name: str) -> str:
    """The session key of the post-pruning option ``name``."""
    return f"lab_{name}"


def option_specs() -> dict[str, Option]:
    """Every registered method's options by name (a name is one setting, shared by the methods
    that have it)."""
    return {option.name: option for pruner in PRUNERS.values() for option in pruner.options}


def option_defaults() -> dict[str, Any]:
    """Each post-pruning option at its spec's default (the options the Compare page uses)."""
    return {name: option.default for name, option in option_specs().items()}


def ensure_defaults() -> None:
    """The Grow page's defaults (growth parameters, forced splits, validation rows), the lab's,
    and each post-pruning option's."""
    growth.ensure_defaults()
    options = {option_key(name): value for name, value in option_defaults().items()}
    for key, value in {**DEFAULTS, **options}.items():
        if key not in st.session_state:
            st.session_state[key] = value


def methods_for(data: Dataset) -> tuple[str, ...]:
    """The post-pruning methods that prune the data set's kind of tree (the registry's)."""
    return pruners_for(data.schema.task)


def prepruning_for(data: Dataset, criterion: str | None = None) -> tuple[str, ...]:
    """The pre-pruning modes that grow the data set's kind of tree by ``criterion``: the
    validation set's only for a criterion that takes it (``treecore.CRITERIA[…].guided``)."""
    guided = criterion is None or CRITERIA[criterion].guided
    return tuple(mode for mode, tasks in PREPRUNING.items() if data.schema.task in tasks
                 and (guided or mode != "validation"))


def current(key: str, allowed: tuple[str, ...]) -> str:
    """The session's choice under ``key`` if it is ``allowed`` for the data set, else the first
    allowed (PEP chosen on a classification data set becomes REP on a regression one)."""
    chosen = st.session_state[key]
    return chosen if chosen in allowed else allowed[0]


def options_from_session() -> dict:
    """The post-pruning options chosen in the session, by name (a plain dict)."""
    return {name: st.session_state[option_key(name)] for name in option_specs()}


def shown_options(method: str) -> tuple[Option, ...]:
    """The options of ``method`` that apply with the session's choices (the widgets drawn)."""
    return PRUNERS[method].shown_options(options_from_session())


# ------------------------------------------------------------------------------- growing
def unpruned_params(params: Mapping) -> dict:
    """``params`` without any growth limit: the fully grown tree that post-pruning starts from."""
    return {**params, **NO_LIMITS}


@st.cache_resource(show_spinner=False, max_entries=32)
def _cached_validation_grow(key: tuple, _train: Dataset, _validation: Dataset) -> Tree:
    params, force = key[2], key[3]
    return growth.fit(_train, dict(params), force, validation=_validation).tree


def unpruned_tree(train: Dataset, params: Mapping, force=(), retry: bool = False) -> Tree:
    """The fully grown tree (cached with the Grow page's fits; ``retry`` as there)."""
    return growth.cached_fit(train, unpruned_params(params), force, retry).tree


def prepruned_tree(train: Dataset, validation: Dataset | None, params: Mapping, force,
                   mode: str, unpruned: Tree | None = None, retry: bool = False) -> Tree | None:
    """Pre-pruned by the validation set (None without one) or by the user's limits.
    Like :func:`ui.models.growth.cached_fit`, a tree stopped at the fit deadline is grown again with
    ``retry``; ``unpruned`` (:func:`unpruned_tree`'s) is the answer when the user set no limit,
    so that same fit is not grown twice in one run."""
    if mode == "limits":
        if unpruned is not None and dict(params) == unpruned_params(params):
            return unpruned
        return growth.cached_fit(train, params, force, retry).tree
    if validation is None:
        return None
    full = unpruned_params(params)
    key = (train.fingerprint(), validation.fingerprint(), tuple(sorted(full.items())),
           growth.freeze(force))
    tree = _cached_validation_grow(key, train, validation)
    if not tree.is_complete and retry:
        _cached_validation_grow.clear(key, train, validation)
        tree = _cached_validation_grow(key, train, validation)
    return tree


# ------------------------------------------------------------------------------- post-pruning
@dataclass(frozen=True, eq=False)
class Pruned:
    """A method's result, or why it could not run (``result`` None, ``error``:
    "needs_validation", or the engine's error, such as a :class:`~treecore.TimeLimitError`,
    worded by :func:`ui.i18n.error_text`)."""

    method: str
    result: PruneResult | None
    error: str | TreecoreError | None = None

    @property
    def tree(self) -> Tree | None:
        return None if self.result is None else self.result.tree

    @property
    def alpha(self) -> float | None:
        """The α the tree was pruned at (CCP's chosen α), None without one."""
        return None if self.result is None else self.result.alpha


def post_prune(method: str, tree: Tree, train: Dataset, validation: Dataset | None,
               options: Mapping, params: Mapping, force=()) -> Pruned:
    """Post-prune ``tree`` (grown on ``train`` with ``params`` and ``force``: the recipe of a
    method growing trees of its own, such as CCP's α by cross-validation, one tree per fold)
    by ``method`` of the registry, with ``options`` (by name; its own are read).
    ``error`` is "needs_validation" when the method needs validation rows with these options
    and there are none, or the method's error: a :class:`~treecore.TimeLimitError` when its
    growth did not finish within the fit deadline (:data:`ui.limits.FIT_DEADLINE_SECONDS`, one
    bound for all of CCP's folds), or fewer rows than folds."""
    pruner = PRUNERS[method]
    if pruner.needs_validation(options) and validation is None:
        return Pruned(method, None, "needs_validation")
    try:
        result = pruner.prune(tree, train=train, validation=validation, options=options,
                              growth={**params, "force": {tuple(p): s for p, s in force}},
                              max_seconds=limits.FIT_DEADLINE_SECONDS)
    except TreecoreError as error:      # e.g. the deadline, or too few rows for k folds
        return Pruned(method, None, error)
    return Pruned(method, result)


@st.cache_resource(show_spinner=False, max_entries=64)
def _cached_post_prune(key: tuple, _tree: Tree, _train: Dataset, _validation: Dataset | None
                       ) -> Pruned:
    method, options, params, force = key[2], dict(key[3]), dict(key[4]), key[5]
    return post_prune(method, _tree, _train, _validation, options, params, force)


def methods_to_run(chosen: str, train: Dataset, options: Mapping) -> tuple[str, ...]:
    """Every method that prunes the data set's kind of tree, so the table and chart compare
    them all, except on big data a method that grows trees of its own with these options when
    another method is shown (CCP by cross-validation: k more trees to grow)."""
    big = train.n_rows > CV_ROWS
    return tuple(m for m in methods_for(train)
                 if m == chosen or not (big and PRUNERS[m].grows_trees(options)))


def relevant_options(method: str, options: Mapping) -> tuple:
    """The options that change ``method``'s result (so changing EBP's CF keeps REP cached)."""
    return tuple(PRUNERS[method].settings(options).items())


def cached_post_prune(method: str, tree: Tree, train: Dataset, validation: Dataset | None,
                      options: Mapping, params: Mapping, force=()) -> Pruned:
    """:func:`post_prune`, cached on the data, the method, its options and the growth recipe
    (``params`` as ``tree`` was grown with). Not cached when ``tree`` stopped at the fit
    deadline: it may be grown again, and the recipe alone would then find this result.
    CCP's time-limit refusal on a complete tree is cached like a result (retrying it would cost
    the whole deadline on every click in the lab); other folds or data try again."""
    if not tree.is_complete:
        return post_prune(method, tree, train, validation, options, params, force)
    key = (train.fingerprint(), None if validation is None else validation.fingerprint(),
           method, relevant_options(method, options), tuple(sorted(params.items())),
           growth.freeze(force))
    return _cached_post_prune(key, tree, train, validation)


def ccp_points(tree: Tree, train: Dataset, validation: Dataset | None) -> pd.DataFrame:
    """Every tree of the weakest-link path of ``tree`` (``ccp_path``): its position on the path,
    α, leaves, and the task's charted score (accuracy, or RMSE) on the training and validation
    rows (NaN without validation rows), each column from one routing pass."""
    path = ccp_path(tree)
    return pd.DataFrame({"index": np.arange(len(path.alphas)), "alpha": path.alphas,
                         "leaves": path.n_leaves, **scores.path_points(path, train, validation)})


@st.cache_resource(show_spinner=False, max_entries=16)
def _cached_ccp_points(key: tuple, _tree: Tree, _train: Dataset, _validation: Dataset | None
                       ) -> pd.DataFrame:
    return ccp_points(_tree, _train, _validation)


def cached_ccp_points(tree: Tree, train: Dataset, validation: Dataset | None, params: Mapping,
                      force=()) -> pd.DataFrame:
    """:func:`ccp_points` of the unpruned tree, cached on the data and the growth recipe
    (not when the tree stopped at the fit deadline: see :func:`cached_post_prune`)."""
    if not tree.is_complete:
        return ccp_points(tree, train, validation)
    key = (train.fingerprint(), None if validation is None else validation.fingerprint(),
           tuple(sorted(unpruned_params(params).items())), growth.freeze(force))
    return _cached_ccp_points(key, tree, train, validation)


# ------------------------------------------------------------------------------- replay
def replay_frame(tree: Tree, result: PruneResult, k: int) -> tuple[int, frozenset[int]]:
    """The replay at decision ``k`` (0-based): the node judged, and the nodes removed by the
    prunes decided so far (descendants of each pruned node; the node itself stays, as a leaf).

    Removed nodes are drawn greyed on the unpruned ``tree``, so the user sees what went. They
    are the nodes the same prunes collapse away (a compiled tree's nodes stay unmade).
    """
    steps = result.steps[:k + 1]
    kept = tree.collapse([step.node_id for step in steps if step.decision == "prune"])
    return steps[-1].node_id, frozenset(np.setdiff1d(tree.node_ids, kept.node_ids).tolist())


def clamp_replay(k: int, result: PruneResult) -> int:
    return max(0, min(int(k), len(result.steps) - 1))


def set_replay(k: int) -> None:
    st.session_state[REPLAY] = max(0, int(k))


def set_replay_number(number: int) -> None:
    """The replay slider counts decisions from 1."""
    set_replay(number - 1)


def reset_replay() -> None:
    """A new method or option starts its replay at the first decision."""
    st.session_state[REPLAY] = 0


def _store_and_reset(key: str, value) -> None:
    st.session_state[key] = value
    reset_replay()


def setter(key: str):
    """A widget setter storing ``key`` and restarting the replay (a partial: it pickles)."""
    return partial(_store_and_reset, key)


# ------------------------------------------------------------------------------- presets
#: Zhou's Table 4.2 sample: watermelon 2.0, ID3 with 脐部 forced at the root (the book's 图 4.5),
#: validation rows 4, 5, 8, 9, 11, 12, 13; pre-pruning on validation, REP with the strict rule.
ZHOU_SAMPLE = "watermelon2.0"


def use_zhou_preset() -> None:
    """Set up Zhou's Table 4.2 example (also visible on the Grow page)."""
    state.use_sample(ZHOU_SAMPLE)
    s = st.session_state
    s[state.ALGORITHM], s[state.CRITERION] = "id3", None
    s[growth.FORCE] = (((), "脐部"),)
    s[growth.VALIDATION_TEXT] = growth.ZHOU_TABLE_4_2_VALIDATION
    s[state.SPLIT_MODE] = "rows"
    s[PREPRUNE], s[METHOD], s[option_key("rule")] = "validation", "rep", "strict"
    reset_replay()
