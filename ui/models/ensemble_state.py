"""The Forests & boosting page's session: its keys, their defaults, the settings they make and
the round player.

The session holds only the small values a user chose; the ensemble itself is rebuilt from them
through the cache (:mod:`ui.models.ensemble_fit`).

>>> model_params("forest", "classification", {ROUNDS: 20, MAX_DEPTH: 0, MIN_LEAF: 1,
...              MAX_FEATURES: None, LEARNING_RATE: 0.1, SEED: 0})["max_features"]
'sqrt'
>>> model_params("forest", "regression", {ROUNDS: 20, MAX_DEPTH: 0, MIN_LEAF: 1,
...              MAX_FEATURES: None, LEARNING_RATE: 0.1, SEED: 0})["max_features"]
'third'
>>> model_params("adaboost", "classification", {ROUNDS: 5, MAX_DEPTH: 1, MIN_LEAF: 1,
...              MAX_FEATURES: "sqrt", LEARNING_RATE: 0.1, SEED: 3})
{'n_estimators': 5, 'max_depth': 1, 'random_state': 3}
"""

from __future__ import annotations

from typing import Any, Mapping

import streamlit as st

from ui import player
from ui.models import growth

# ------------------------------------------------------------------------------- session keys
KIND = "ens_kind"                   #: "forest", "adaboost" or "gbdt"
ROUNDS = "ens_rounds"               #: number of members T
MAX_DEPTH = "ens_max_depth"         #: each member's depth limit; 0 = none
MIN_LEAF = "ens_min_samples_leaf"
MAX_FEATURES = "ens_max_features"   #: the forest's k, one of FEATURE_DRAWS; None: the task's
LEARNING_RATE = "ens_learning_rate"  #: gradient boosting's shrinkage ν
SEED = "ens_seed"                   #: random_state of the ensemble
ROUND = "ens_round"                 #: round t on screen (1-based)
PLAYING = "ens_playing"             #: the player advances the round by itself
LAST_TICK = "ens_last_tick"         #: monotonic time of the player's last beat, or None
INSPECT = "ens_inspect"             #: node selected in member t's view
COLLAPSED = "ens_collapsed"         #: subtrees folded in that view
ROW = "ens_row"                     #: row number (as in the table) followed in "One row"
TAB = "ens_tab"                     #: widget: the open tab (its label)
PERMUTE = "ens_permute"             #: run the permutation test (it predicts many times)

KINDS = ("forest", "adaboost", "gbdt")
FEATURE_DRAWS = ("sqrt", "third", "log2", "all")
#: The forest's k until the user picks one: Breiman's, √d to classify and d/3 for a number
#: (Hastie, Tibshirani & Friedman, *ESL* §15.3).
TASK_DRAW = {"classification": "sqrt", "regression": "third"}
#: Each kind's member depth on the page at first (0 = no limit): stumps for AdaBoost, depth 3
#: for GBDT (Friedman's), and 12 for a forest: Breiman grows full trees (set 0), but a full
#: tree of 100k rows has some 100,000 nodes to draw at every click; 12 levels keep it under
#: 8,191.
KIND_DEPTH = {"forest": 12, "adaboost": 1, "gbdt": 3}
#: Seconds between two rounds while playing.
BEAT_SECONDS = 1.0

DEFAULTS: dict[str, Any] = {
    KIND: "forest", ROUNDS: 30, MAX_DEPTH: KIND_DEPTH["forest"], MIN_LEAF: 1, MAX_FEATURES: None,
    LEARNING_RATE: 0.1, SEED: 0, ROUND: 1, PLAYING: False, LAST_TICK: None, INSPECT: None,
    COLLAPSED: (), ROW: None, PERMUTE: False,
}


def ensure_defaults() -> None:
    """The shared defaults and the Grow page's (its validation rows feed the shared split,
    :mod:`ui.models.split`), then this page's own."""
    growth.ensure_defaults()
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value


def allowed_kinds(task: str) -> tuple[str, ...]:
    """AdaBoost (the seed's form and SAMME) classifies; forests and GBDT do both."""
    return KINDS if task == "classification" else ("forest", "gbdt")


def current_kind(task: str) -> str:
    kind = st.session_state[KIND]
    return kind if kind in allowed_kinds(task) else allowed_kinds(task)[0]


def feature_draw(task: str, settings: Mapping[str, Any]) -> str:
    """The forest's k as chosen, or the task's default (:data:`TASK_DRAW`)."""
    return settings[MAX_FEATURES] or TASK_DRAW[task]


def set_kind(kind: str) -> None:
    """Switch ensemble, with the members' usual depth and the first round on screen."""
    st.session_state[KIND] = kind
    st.session_state[MAX_DEPTH] = KIND_DEPTH[kind]
    set_round(1)


def model_params(kind: str, task: str, settings: Mapping[str, Any]) -> dict:
    """The estimator's keyword arguments for ``kind`` from the page's settings."""
    depth = int(settings[MAX_DEPTH]) or None
    params: dict[str, Any] = {"n_estimators": int(settings[ROUNDS]), "max_depth": depth,
                              "random_state": int(settings[SEED])}
    if kind == "forest":
        draw = feature_draw(task, settings)
        params["max_features"] = None if draw == "all" else draw
        params["min_samples_leaf"] = int(settings[MIN_LEAF])
    elif kind == "gbdt":
        params["learning_rate"] = float(settings[LEARNING_RATE])
        params["min_samples_leaf"] = int(settings[MIN_LEAF])
    return params


def session_params(task: str) -> tuple[str, dict]:
    """(kind, estimator keyword arguments) as the session has them."""
    kind = current_kind(task)
    return kind, model_params(kind, task, st.session_state)


# ------------------------------------------------------------------------------- the player
def set_round(t: int) -> None:
    st.session_state[ROUND] = max(1, int(t))
    st.session_state[INSPECT] = None


#: The round player: one round per beat.
PLAYER = player.Player(ROUND, PLAYING, LAST_TICK, set_round)
