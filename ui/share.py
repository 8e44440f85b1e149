"""The view in the address bar: the session's choices as URL query parameters, so a link
opens the same data, algorithm, limits, pruning method, language and step, and a reload keeps
the user's place. The page itself is the URL's path (``/grow``), which ``st.navigation`` keeps.

Only choices that differ from a fresh session's are written, so a link stays short:
``/grow?data=iris&algo=c45&depth=3&step=4``. A link is read once, on a session's first run,
each parameter through the same setter its widget calls; a value the app cannot take (a
criterion the algorithm does not allow, a column the table does not have, an upload this server
no longer keeps) is left out and named in a note, never raised.

>>> [setting.param for setting in SETTINGS][:4]
['lang', 'present', 'data', 'target']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable
from urllib.parse import urlencode

import streamlit as st

from treecore import THRESHOLD_STYLES
from treecore.algorithms import TASKS
from treecore.pruning import PRUNERS

from ui import state
from ui.data import choices
from ui.data.samples import SAMPLES
from ui.i18n import LANGUAGES
from ui.models import ensemble_state as ens, growth, pruning_lab

#: Session key: the session has read its link (a link is read on the first run only).
READ = "share_read"
#: Session key: the link's parameters that could not be used, as ``((param, text, reason), …)``
#: with ``reason`` one of :data:`REASONS`.
UNUSED = "share_unused"
#: The ``data`` parameter of an upload: this prefix and the SHA-256 of its bytes.
UPLOAD_PREFIX = "upload-"
#: Why a parameter was not used: a value the app does not offer here, or an upload the server
#: no longer keeps (it keeps them while it runs, :mod:`ui.data.uploads`).
REASONS = ("value", "upload_gone")


class UploadGone(ValueError):
    """The link names an upload this server does not keep (any more)."""


@dataclass(frozen=True)
class Setting:
    """One choice carried in the link: ``param`` in the URL, ``key`` in the session.

    ``read`` turns the URL's text into the value and raises ``ValueError`` when it is not one
    the app can take now (it runs after the settings before it are applied, so a criterion is
    checked against the algorithm the link chose). ``apply`` sets it as the widget would;
    ``default`` is a fresh session's value (left out of the link); ``write`` turns a value
    back into text.
    """

    param: str
    key: str
    read: Callable[[str], Any]
    default: Callable[[], Any]
    apply: Callable[[Any], None] | None = None
    write: Callable[[Any], str] = str

    def value(self) -> Any:
        return st.session_state.get(self.key, self.default())

    def set(self, value: Any) -> None:
        if self.apply is None:
            st.session_state[self.key] = value
        else:
            self.apply(value)


# ------------------------------------------------------------------------------- readers
def one_of(options: Callable[[], Iterable[Any]]) -> Callable[[str], Any]:
    """A reader accepting the options' own text (options worked out when the link is read)."""
    def read(text: str) -> Any:
        for option in options():
            if str(option) == text:
                return option
        raise ValueError(text)
    return read


def whole(low: int, high: int = 10**9) -> Callable[[str], int]:
    """A reader of an integer in [low, high]."""
    def read(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise ValueError(text)
        return value
    return read


def number(low: float, high: float) -> Callable[[str], float]:
    """A reader of a finite number in [low, high]."""
    def read(text: str) -> float:
        value = float(text)
        if not low <= value <= high:        # False for NaN
            raise ValueError(text)
        return value
    return read


def flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(text)
    return text == "1"


def rows_text(text: str) -> str:
    """Validation row numbers as typed ("4, 5, 8-9"); refused unless they parse."""
    growth.parse_rows(text)
    return text


# ------------------------------------------------------------------------------- data
def _data_text(dataset: str) -> str:
    if dataset == state.UPLOADED:
        return UPLOAD_PREFIX + st.session_state[state.UPLOAD_DIGEST]
    return dataset


def _read_data(text: str) -> str:
    if text in SAMPLES or (text.startswith(UPLOAD_PREFIX) and len(text) > len(UPLOAD_PREFIX)):
        return text
    raise ValueError(text)


def _open_data(text: str) -> None:
    if text.startswith(UPLOAD_PREFIX):
        if not state.reopen_upload(text[len(UPLOAD_PREFIX):]):
            raise UploadGone(text)
    else:
        state.use_dataset(text)


def _default_target() -> str | None:
    dataset = st.session_state[state.DATASET]
    return None if dataset == state.UPLOADED else SAMPLES[dataset].target


def _columns() -> list[str]:
    return [str(c) for c in state.current_frame().columns]


def _criteria() -> tuple[str, ...]:
    return growth.allowed_criteria(growth.current_algorithm(), choices.current_task())


def _flag_text(value: bool) -> str:
    return "1" if value else "0"


def _fixed(value: Any) -> Callable[[], Any]:
    return lambda: value


G, L, E = growth.DEFAULTS, pruning_lab.DEFAULTS, ens.DEFAULTS

#: What a link carries, in the order it is applied (each after those it depends on).
SETTINGS: tuple[Setting, ...] = (
    Setting("lang", state.LANGUAGE, one_of(lambda: LANGUAGES), _fixed("en")),
    Setting("present", state.PRESENTATION, flag, _fixed(False), write=_flag_text),
    Setting("data", state.DATASET, _read_data, _fixed(state.DEFAULTS[state.DATASET]),
            apply=_open_data, write=_data_text),
    Setting("target", state.TARGET, one_of(_columns), _default_target, apply=choices.set_target),
    Setting("task", state.TASK, one_of(lambda: TASKS), _fixed(None)),
    Setting("unlabelled", state.UNLABELLED, flag, _fixed(None),
            apply=choices.leave_out_unlabelled, write=lambda _: "1"),
    Setting("algo", state.ALGORITHM, one_of(lambda: growth.allowed_algorithms(
        choices.current_task())), _fixed(state.DEFAULTS[state.ALGORITHM]),
        apply=growth.set_algorithm),
    Setting("crit", state.CRITERION, one_of(_criteria), _fixed(None)),
    Setting("thr", growth.THRESHOLD_STYLE, one_of(lambda: THRESHOLD_STYLES),
            _fixed(G[growth.THRESHOLD_STYLE])),
    Setting("depth", growth.MAX_DEPTH, whole(0), _fixed(G[growth.MAX_DEPTH])),
    Setting("leaf", growth.MIN_LEAF, whole(1), _fixed(G[growth.MIN_LEAF])),
    Setting("gain", growth.MIN_GAIN, number(0.0, 1e9), _fixed(G[growth.MIN_GAIN])),
    Setting("leaves", growth.MAX_LEAVES, whole(0), _fixed(G[growth.MAX_LEAVES])),
    Setting("val", growth.VALIDATION_TEXT, rows_text, _fixed(G[growth.VALIDATION_TEXT])),
    Setting("step", growth.STEP, whole(0), _fixed(G[growth.STEP]), apply=growth.set_step),
    Setting("prune", pruning_lab.METHOD, one_of(lambda: PRUNERS),
            _fixed(L[pruning_lab.METHOD])),
    Setting("ens", ens.KIND, one_of(lambda: ens.allowed_kinds(choices.current_task())),
            _fixed(E[ens.KIND]), apply=ens.set_kind),
    Setting("rounds", ens.ROUNDS, whole(1, 200), _fixed(E[ens.ROUNDS])),
    Setting("mdepth", ens.MAX_DEPTH, whole(0, 30), _fixed(E[ens.MAX_DEPTH])),
    Setting("round", ens.ROUND, whole(1), _fixed(E[ens.ROUND]), apply=ens.set_round),
)


# ------------------------------------------------------------------------------- link ↔ session
def read_link_once() -> None:
    """On the session's first run, apply the URL's parameters (each through its setter);
    those that cannot be used are kept in :data:`UNUSED` for :func:`unused_note`."""
    if st.session_state.get(READ):
        return
    st.session_state[READ] = True
    given = st.query_params.to_dict()
    unused = []
    for setting in SETTINGS:
        if setting.param not in given:
            continue
        text = given[setting.param]
        shown = text if len(text) <= 80 else text[:79] + "…"
        try:
            setting.set(setting.read(text))
        except UploadGone:
            unused.append((setting.param, shown, "upload_gone"))
        except ValueError:
            unused.append((setting.param, shown, "value"))
    st.session_state[UNUSED] = tuple(unused)


def forget_unused() -> None:
    """The user has read the note on what the link could not restore."""
    st.session_state[UNUSED] = ()


def current_params() -> dict[str, str]:
    """The session's choices that differ from a fresh session's, as URL parameters. The
    ensemble's member depth is written only when it differs from its kind's usual depth."""
    params = {}
    for setting in SETTINGS:
        value = setting.value()
        default = (ens.KIND_DEPTH[st.session_state.get(ens.KIND, E[ens.KIND])]
                   if setting.key == ens.MAX_DEPTH else setting.default())
        if value != default:
            params[setting.param] = setting.write(value)
    return params


def write_link() -> None:
    """Put the session's choices in the address bar (only when they changed: each change is a
    step of the browser's history)."""
    params = current_params()
    if st.query_params.to_dict() != params:
        st.query_params.from_dict(params)


def link() -> str:
    """The address of this view: the page's URL (``st.context.url``; a path alone when
    there is no browser, as under AppTest) with the session's parameters."""
    query = urlencode(current_params())
    base = st.context.url or ""
    return base + ("?" + query if query else "")
