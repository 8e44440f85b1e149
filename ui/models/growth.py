"""The Grow page's model: its session keys, the cached fit, stepping, the what-if and versions.

Everything but :func:`cached_fit` and the session helpers is a pure function of treecore values,
tested without Streamlit. The session holds only small picklable values: the growth parameters,
the forced splits (``((path, spec), …)``), the validation row numbers and named versions made
of those; trees are rebuilt from them through the cache.

>>> parse_rows("4, 5, 8-9 ,11")
(4, 5, 8, 9, 11)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, TypeVar

import numpy as np
import streamlit as st

from treecore import ALGORITHMS, CandidateTable, Dataset, Tree
from treecore.grow.engines import kept_steps, start_growth
from treecore.grow.growing import GrowthConfig, GrowthStep

from ui import limits, player, state
from ui.data import choices
from ui.i18n import t, translate
from ui.views import node_view, regression_view

T = TypeVar("T")

# ------------------------------------------------------------------------------- session keys
STEP = "grow_step"                  #: growth step on screen (0 = the root alone)
PLAYING = "grow_playing"            #: the player advances the step by itself
SPEED = "grow_speed"                #: seconds per step while playing
THRESHOLD_STYLE = "grow_threshold_style"
MAX_DEPTH = "grow_max_depth"        #: 0 = no limit
MIN_LEAF = "grow_min_samples_leaf"
MIN_GAIN = "grow_min_gain"
MAX_LEAVES = "grow_max_leaves"      #: 0 = no limit
VALIDATION_TEXT = "grow_validation_rows"  #: row numbers held out for validation, as typed
FORCE = "grow_force"                #: the adopted forced splits: tuple of (path, spec)
INSPECT = "grow_inspect"            #: node id selected (clicked in the tree); None = the step's
COLLAPSED = "grow_collapsed"        #: ids of the subtrees folded in the tree view (a tuple)
FEATURE = "grow_feature"            #: feature shown in the threshold chart and the lens
WHATIF = "grow_whatif"              #: (path, spec) being tried, or None
VERSIONS = "grow_versions"          #: named versions: list of dicts (see make_version)
VERSION_NAME = "grow.version_name"  #: widget: the name typed for a new version
LAST_TICK = "grow_last_tick"        #: monotonic time of the player's last beat, or None
RETRY = "grow_retry"                #: the user asked to grow again a fit stopped at the deadline
TABS_KEY = "grow.tabs"              #: widget: the open tab about the selected node (its label)

#: The tabs about the selected node (translation key → icon), in the order shown; a regression
#: tree has the inspector, the threshold chart and the what-if.
TABS = {"tab.inspector": "🔎", "tab.threshold": "📈", "tab.lens": "🔬", "tab.flow": "💧",
        "tab.whatif": "🔀", "tab.versions": "💾"}

DEFAULTS: dict[str, Any] = {
    STEP: 0, PLAYING: False, SPEED: 1.0, THRESHOLD_STYLE: "midpoint", MAX_DEPTH: 0, MIN_LEAF: 1,
    MIN_GAIN: 0.0, MAX_LEAVES: 0, VALIDATION_TEXT: "", FORCE: (), INSPECT: None, COLLAPSED: (),
    FEATURE: None,
    WHATIF: None, VERSIONS: [], LAST_TICK: None,
}

#: Zhou's Table 4.2: the watermelon 2.0 rows held out for validation (编号 = row number).
ZHOU_TABLE_4_2_VALIDATION = "4, 5, 8, 9, 11, 12, 13"


def tab_label(name: str, lang: str | None = None) -> str:
    """The label of tab ``name`` (a key of :data:`TABS`): its icon and its translated name."""
    return f"{TABS[name]} {t(name) if lang is None else translate(name, lang)}"


def ensure_defaults() -> None:
    """The shared defaults (:func:`ui.state.ensure_defaults`) and the Grow page's own."""
    state.ensure_defaults()
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = list(value) if isinstance(value, list) else value


def params_from_session() -> dict:
    """The growth parameters chosen in the session, as keyword arguments of ``treecore.grow``
    (for the session's task: a regression tree is CART's, by its own criterion)."""
    s = st.session_state
    return {"task": choices.current_task(), "algorithm": current_algorithm(),
            "criterion": current_criterion(),
            "threshold_style": s[THRESHOLD_STYLE], "max_depth": s[MAX_DEPTH] or None,
            "min_samples_leaf": s[MIN_LEAF], "min_gain": float(s[MIN_GAIN]),
            "max_leaves": s[MAX_LEAVES] or None}


def allowed_algorithms(task: str) -> list[str]:
    """The algorithm presets that grow a tree of ``task``.

    >>> allowed_algorithms("regression")
    ['cart']
    """
    return [name for name, preset in ALGORITHMS.items() if preset.criteria_for(task)]


#: The regression criteria the pages can show: their candidate tables, threshold charts and
#: what-if read the squared error's sums. The absolute error (``treecore.measures.absolute_error``)
#: grows through ``treecore.DecisionTreeRegressor(criterion="absolute_error")`` until its
#: views exist.
REGRESSION_VIEWS = ("squared_error", "absolute_error")


def allowed_criteria(algorithm: str, task: str = "classification") -> tuple[str, ...]:
    """The criteria the algorithm allows for ``task``, its default first.

    >>> allowed_criteria("c45")
    ('gain_ratio', 'entropy', 'gini', 'misclassification')
    """
    preset = ALGORITHMS[algorithm]
    if task == "classification":               # the preset's own default first
        return (preset.default_criterion,
                *(c for c in preset.criteria if c != preset.default_criterion))
    return tuple(c for c in preset.criteria_for(task) if c in REGRESSION_VIEWS)


def set_algorithm(algorithm: str) -> None:
    """Switch algorithm; a criterion the new one does not allow falls back to its default."""
    st.session_state[state.ALGORITHM] = algorithm
    if st.session_state[state.CRITERION] not in allowed_criteria(algorithm,
                                                                 choices.current_task()):
        st.session_state[state.CRITERION] = None


def current_algorithm() -> str:
    """The algorithm in use: the chosen one if it grows the session's kind of tree, else the
    first that does (a regression tree is CART's whatever was chosen for classes)."""
    allowed = allowed_algorithms(choices.current_task())
    chosen = st.session_state[state.ALGORITHM]
    return chosen if chosen in allowed else allowed[0]


def current_criterion() -> str:
    """The criterion in use: the chosen one if the algorithm allows it for the session's
    task, else the algorithm's default."""
    allowed = allowed_criteria(current_algorithm(), choices.current_task())
    chosen = st.session_state[state.CRITERION]
    return chosen if chosen in allowed else allowed[0]


# ------------------------------------------------------------------------------- data split
def parse_rows(text: str) -> tuple[int, ...]:
    """Row numbers typed as ``"4, 5, 8-9"`` (ranges inclusive), sorted and unique.
    Raises ValueError naming the part that is not a number or a range."""
    rows: set[int] = set()
    for part in filter(None, (p.strip() for p in re.split(r"[,，\s]+", text))):
        match = re.fullmatch(r"(\d+)(?:\s*[-–]\s*(\d+))?", part)
        if match is None:
            raise ValueError(part)
        first, last = int(match[1]), int(match[2] or match[1])
        rows.update(range(min(first, last), max(first, last) + 1))
    return tuple(sorted(rows))


def split_rows(dataset: Dataset, validation_rows: tuple[int, ...]
               ) -> tuple[Dataset, Dataset | None]:
    """(training, validation): the rows whose number is in ``validation_rows`` are held out.
    No rows held out gives ``(dataset, None)``; row numbers not in the data are ignored."""
    held = np.isin(dataset.row_labels, validation_rows)
    if not held.any():
        return dataset, None
    return dataset.subset(~held), dataset.subset(held)


# ------------------------------------------------------------------------------- fitting
@dataclass(frozen=True, eq=False)
class Grown:
    """A grown tree and the growth step of every node it expanded. A step keeps the scores
    growth computed, so its candidate table is built from them on first view, never by
    re-routing rows (the costly part of a step on big data)."""

    tree: Tree
    steps: Mapping[int, GrowthStep]
    #: Growth hit the deadline (:data:`ui.limits.FIT_DEADLINE_SECONDS`): ``tree`` is partial.
    stopped_early: bool = False
    _views: dict = field(default_factory=dict, repr=False)

    def view(self, name: str, node_id: int, feature: str, make: Callable[[], T]) -> T:
        """``make()`` once per (view, node, feature) of this fitted tree: stepping back and forth
        redraws a node's threshold chart or lens without recomputing it (the tree is shared
        through ``st.cache_resource``, so the views are too)."""
        key = (name, node_id, feature)
        if key not in self._views:
            self._views[key] = make()
        return self._views[key]

    def candidates(self, dataset: Dataset, node_id: int) -> CandidateTable:
        """The candidate table of ``node_id``: from its growth step, or recomputed for a leaf."""
        step = self.steps.get(node_id)
        if step is not None:
            return step.candidates
        views = regression_view if self.tree.is_regression else node_view
        return views.candidates(dataset, self.tree, node_id)


def fit(train: Dataset, params: Mapping, force=(), max_seconds: float | None = None,
        validation: Dataset | None = None,
        on_tick: Callable[[float], None] | None = None) -> Grown:
    """Grow the whole tree (``force`` is a sequence of ``(path, spec)`` pairs; ``validation``
    rows turn on validation-set pre-pruning), or as much of it as ``max_seconds`` (default
    :data:`ui.limits.FIT_DEADLINE_SECONDS`) allows: past the deadline growth stops and the
    tree grown so far comes back with ``stopped_early`` set (its queued nodes are leaves without
    a stop reason). Continuous, complete data grows in the compiled presorted engine, which
    keeps the scores of the first steps for their candidate tables. ``on_tick(seconds)`` hears
    how long growth has run, every 10 ms of work or so (a progress bar)."""
    growth = start_growth(train, GrowthConfig.from_params(**params),
                          force={tuple(path): spec for path, spec in force},
                          validation=validation,
                          max_seconds=limits.FIT_DEADLINE_SECONDS if max_seconds is None
                          else max_seconds,
                          keep_scores=kept_steps(train), on_tick=on_tick)
    steps = growth.steps_by_node()
    return Grown(growth.tree(), steps, stopped_early=growth.stopped_early)


@st.cache_resource(show_spinner=False, max_entries=32)
def _fit_slot(fingerprint: str, params: tuple, force: tuple) -> dict:
    """Where the tree grown from these data, parameters and forced splits is kept (filled by
    :func:`cached_fit` outside the cache, so growing may move a progress bar)."""
    return {}


def fit_slot(train: Dataset, params: Mapping, force=()) -> dict:
    """The cache's slot of the tree grown from ``train`` by ``params`` with ``force``:
    ``"grown"`` once grown, ``"ahead"`` the thread growing it ahead while it grows."""
    return _fit_slot(train.fingerprint(), tuple(sorted(params.items())), freeze(force))


def cached_fit(train: Dataset, params: Mapping, force=(), retry: bool = False,
               on_tick: Callable[[float], None] | None = None) -> Grown:
    """:func:`fit`, cached on the data's fingerprint, the parameters and the forced splits.

    ``st.cache_resource`` rather than ``cache_data``: the result is immutable, so every session may
    share the one object instead of unpickling a copy on each rerun (a step must stay fast).
    A fit stopped at the deadline stays cached too, so stepping through it stays fast; with
    ``retry`` (the user pressed "Grow again", :func:`retry_requested`) it is grown again, and
    may finish when the server is less loaded. ``on_tick`` hears a growing fit's progress.
    A fit started ahead (:mod:`ui.models.grow_ahead`, when the table was read) is waited for.
    """
    slot = fit_slot(train, params, force)
    ahead = slot.get("ahead")
    if ahead is not None:
        ahead.join()
    if "grown" not in slot or (slot["grown"].stopped_early and retry):
        slot["grown"] = fit(train, params, force, on_tick=on_tick)
    return slot["grown"]


def ask_retry() -> None:
    """Button callback: on the next run, grow again what stopped at the fit deadline."""
    st.session_state[RETRY] = True


def retry_requested() -> bool:
    """Whether this run grows again what stopped at the fit deadline (asked once)."""
    return bool(st.session_state.pop(RETRY, False))


def freeze(force) -> tuple:
    """Forced splits as a hashable, picklable tuple of ``(path, spec)``, lists made tuples."""
    def tup(value):
        return tuple(tup(v) for v in value) if isinstance(value, (list, tuple)) else value
    return tuple((tup(path), tup(spec)) for path, spec in force)


# ------------------------------------------------------------------------------- stepping
def step_node(tree: Tree, step: int) -> int:
    """The node on screen at ``step``: the one expanded at that step (the root at step 0,
    the node about to be split)."""
    found = tree.expanded_in(max(step, 1))
    return 0 if found is None else found


def clamp_step(step: int, tree: Tree) -> int:
    return max(0, min(int(step), tree.n_steps))


def node_by_path(tree: Tree, path: tuple[str, ...]) -> int | None:
    """The id of the node reached by ``path`` (branch labels from the root), or None."""
    return next((n.node_id for n in tree.iter_nodes() if n.path == tuple(path)), None)


# ------------------------------------------------------------------------------- what-if
def with_forced(force, path: tuple[str, ...], spec) -> tuple:
    """``force`` with the split at ``path`` replaced by ``spec``; forcings below ``path`` are
    dropped (the subtree is regrown, so their paths may no longer exist)."""
    path = tuple(path)
    kept = tuple((p, s) for p, s in freeze(force) if p[:len(path)] != path)
    return kept + freeze([(path, spec)])


def override_cost(best, other: Tree, path: tuple[str, ...]) -> dict:
    """What forcing the split at ``path`` costs against ``best`` (the candidate table's winner):
    the split ``other`` made there, and its score minus the best score."""
    forced_id = node_by_path(other, path)
    forced = other.node(forced_id).split if forced_id is not None else None
    return {"best": best, "forced": forced,
            "difference": None if best is None or forced is None else forced.score - best.score}


def make_version(name: str, dataset: str, params: Mapping, force, validation_text: str) -> dict:
    """A named version of a tree: everything needed to grow it again, nothing heavy."""
    return {"name": name, "dataset": dataset, "params": dict(params), "force": freeze(force),
            "validation_rows": validation_text}


# ------------------------------------------------------------------------------- session helpers
def training_split(dataset: Dataset) -> tuple[Dataset, Dataset | None, str | None]:
    """(training, validation or None, the part of the row list that could not be read)."""
    try:
        rows = parse_rows(st.session_state[VALIDATION_TEXT])
    except ValueError as error:
        return dataset, None, str(error)
    return (*split_rows(dataset, rows), None)


def set_step(step: int) -> None:
    """Go to ``step`` (clamped when the tree is drawn); the inspector follows the step."""
    st.session_state[STEP] = max(0, int(step))
    st.session_state[INSPECT] = None


#: The growth player: one growth step per beat.
PLAYER = player.Player(STEP, PLAYING, LAST_TICK, set_step)


def adopt_whatif() -> None:
    """Make the split being tried part of the tree on screen."""
    path, spec = st.session_state[WHATIF]
    st.session_state[FORCE] = with_forced(st.session_state[FORCE], path, spec)
    st.session_state[WHATIF] = None


def save_version(name: str) -> None:
    """Keep the tree on screen (its recipe) under ``name``, replacing a version of that name."""
    version = make_version(name, st.session_state[state.DATASET], params_from_session(),
                           st.session_state[FORCE], st.session_state[VALIDATION_TEXT])
    kept = [v for v in st.session_state[VERSIONS] if v["name"] != name]
    st.session_state[VERSIONS] = kept + [version]


def use_zhou_split() -> None:
    """Hold out the validation rows of Zhou's Table 4.2."""
    st.session_state[VALIDATION_TEXT] = ZHOU_TABLE_4_2_VALIDATION


def clear_forced() -> None:
    st.session_state[FORCE] = ()
    st.session_state[WHATIF] = None


def discard_whatif() -> None:
    st.session_state[WHATIF] = None


def save_named_version() -> None:
    """``on_click`` of the Save button: save under the name typed in :data:`VERSION_NAME`."""
    save_version(st.session_state[VERSION_NAME].strip())
