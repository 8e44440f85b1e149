"""English / 中文 text of the UI: one table, one lookup.

Chinese text uses the terms of the textbooks (``shared/GLOSSARY.md``). :func:`translate` is a
plain function of the language; :func:`t` reads the language from the session.

>>> translate("data.summary_line", "zh", rows=17, features=6, classes=2)
'17 个样本，6 个属性，2 个类别'
"""

from __future__ import annotations

import functools
import string

import numpy as np
import streamlit as st

from treecore.pruning import PruneStep

from ui.i18n.concepts import TRANSLATIONS as CONCEPTS_TRANSLATIONS
from ui.i18n.ensembles import TRANSLATIONS as ENSEMBLES_TRANSLATIONS
from ui.i18n.lab_compare_predict import TRANSLATIONS as PART2_TRANSLATIONS
from ui.i18n.limits import TRANSLATIONS as LIMITS_TRANSLATIONS
from ui.i18n.loading import TRANSLATIONS as LOADING_TRANSLATIONS
from ui.i18n.main_pages import TRANSLATIONS as MAIN_TRANSLATIONS
from ui.i18n.messages import TRANSLATIONS as MESSAGES_TRANSLATIONS
from ui.i18n.regression import TRANSLATIONS as REGRESSION_TRANSLATIONS
from ui.i18n.share import TRANSLATIONS as SHARE_TRANSLATIONS
from ui.i18n.tree_view import TRANSLATIONS as TREEVIEW_TRANSLATIONS
from ui.notice import Notice
from ui.state import LANGUAGE

LANGUAGES: dict[str, str] = {"en": "English", "zh": "中文"}

TRANSLATIONS: dict[str, dict[str, str]] = dict(MAIN_TRANSLATIONS)  # sidebar, Home, Data, Grow
TRANSLATIONS.update(PART2_TRANSLATIONS)   # Pruning lab, Compare, Predict & export
TRANSLATIONS.update(LIMITS_TRANSLATIONS)  # server limits (ui/limits.py)
TRANSLATIONS.update(MESSAGES_TRANSLATIONS)  # errors and pruning reasons, from their codes
TRANSLATIONS.update(CONCEPTS_TRANSLATIONS)  # the Concepts page, the lens and flow views
TRANSLATIONS.update(LOADING_TRANSLATIONS)  # a file's load errors and notes
TRANSLATIONS.update(REGRESSION_TRANSLATIONS)  # regression trees on every page
TRANSLATIONS.update(TREEVIEW_TRANSLATIONS)  # the interactive tree view (ui/views/tree_widget.py)
TRANSLATIONS.update(ENSEMBLES_TRANSLATIONS)  # the Forests & boosting page
TRANSLATIONS.update(SHARE_TRANSLATIONS)  # the link to the view (ui/share.py)

#: Translation keys of the engine's notes on a split that cannot be chosen.
NOTE_KEYS: dict[str, str] = {"": "note.no_candidate", "leaf too small": "note.leaf_too_small",
                             "one value only": "note.one_value",
                             "one side empty": "note.one_side_empty",
                             "gain below average": "grow.filtered_average"}


def translate(key: str, lang: str, **fmt: object) -> str:
    """The text of ``key`` in ``lang`` ("en" or "zh"), formatted with ``fmt``.

    An unknown language falls back to English; an unknown key raises ``KeyError``. A count
    written ``{name:one|many}`` is followed by the noun its number takes (:class:`_Plurals`),
    and in every language a whole number given for it has its thousands grouped.

    >>> translate("sidebar.shape", "en", rows=17, columns=8)
    '17 rows × 8 columns'
    >>> translate("ens.member_caption", "en", t=2, n=5, nodes=1, leaves=1)
    'Tree 2 of 5: 1 node, 1 leaf.'
    >>> translate("lab.tree_caption", "zh", leaves=25494, depth=46, train_accuracy="98.8%",
    ...           validation_accuracy="83.4%")[:14]
    '25,494 个叶结点，深度'
    """
    entry = TRANSLATIONS[key]
    text = entry.get(lang, entry["en"])
    if not fmt:
        return text
    counts = _counts(entry["en"])
    fmt = {name: f"{value:,}" if name in counts and isinstance(value, (int, np.integer))
           and not isinstance(value, bool) else value for name, value in fmt.items()}
    return _PLURALS.format(text, **fmt) if "|" in text else text.format(**fmt)


@functools.lru_cache(maxsize=None)
def _counts(english: str) -> frozenset[str]:
    """The fields of an English text written as counts (``{name:one|many}``)."""
    return frozenset(name for _, name, spec, _ in string.Formatter().parse(english)
                     if name and spec and "|" in spec)


class _Plurals(string.Formatter):
    """English nouns after counts: ``{leaves:leaf|leaves}`` writes ``1 leaf`` and ``3 leaves``
    (a count given as text, ``"1,024"``, too); Chinese needs no plural, so its text keeps the
    plain ``{leaves} 个叶结点``."""

    def format_field(self, value, format_spec: str) -> str:
        if "|" not in format_spec:
            return super().format_field(value, format_spec)
        one, many = format_spec.split("|")
        return f"{value} {one if str(value) == '1' else many}"


_PLURALS = _Plurals()


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a format string.

    >>> sorted(placeholders("{rows} rows × {columns} columns"))
    ['columns', 'rows']
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def session_language() -> str:
    """The session's language (see :mod:`ui.state`)."""
    return st.session_state.get(LANGUAGE, "en")


def t(key: str, **fmt: object) -> str:
    """The text of ``key`` in the session's language."""
    return translate(key, session_language(), **fmt)


def for_task(key: str, task: str, criterion: str | None = None) -> str:
    """The key of ``key``'s words for a tree of ``task``: ``<key>.<criterion>`` where a tree
    grown by that criterion is worded otherwise (a least-absolute-deviation tree's absolute
    error), else ``<key>.<task>`` where that kind of tree is (a regression tree's RMSE for a
    classification tree's accuracy), else ``key``.

    >>> for_task("lab.bars_title", "regression"), for_task("lab.bars_title", "classification")
    ('lab.bars_title.regression', 'lab.bars_title')
    >>> for_task("lab.rule", "regression", "absolute_error")
    'lab.rule.absolute_error'
    """
    for worded in (f"{key}.{criterion}", f"{key}.{task}"):
        if worded in TRANSLATIONS:
            return worded
    return key


def row_list(rows, shown: int = 5, lang: str | None = None) -> str:
    """Row numbers as a message lists them in ``lang`` (default: the session's language): the
    first ``shown``, then how many more.

    >>> row_list([62, 830], lang="en"), row_list(range(1, 1010), lang="en")
    ('62, 830', '1, 2, 3, 4, 5 and 1,004 more')
    >>> row_list([62, 830, 1204], shown=2, lang="zh")
    '62、830 等（另有 1 个）'
    """
    lang = lang or session_language()
    numbers = translate("list.separator", lang).join(f"{int(row):,}" for row in rows[:shown])
    if len(rows) <= shown:
        return numbers
    return translate("list.more", lang, items=numbers, more=f"{len(rows) - shown:,}")


def percent(value) -> str:
    """A share as ``42.9%``; an em dash for a missing value (None or NaN)."""
    return "—" if value is None or value != value else f"{value:.1%}"


def split_note_text(note: str, lang: str | None = None) -> str:
    """The engine's note on a split that cannot be chosen (``Candidate.note``, e.g. "leaf too
    small") in ``lang`` (default: the session's language); an unknown note as it is.

    >>> split_note_text("one value only", "zh")
    '该属性在此结点只有一个取值'
    """
    if note not in NOTE_KEYS:
        return note
    return translate(NOTE_KEYS[note], lang or session_language())


def _shown(name: str, value: object, lang: str) -> object:
    """A parameter of a coded error as ``lang`` shows it: a tree ``path`` with arrows (the root
    by name), a split's ``note`` translated, a list of ``columns`` quoted and joined, any other
    list joined."""
    if name == "path":
        return " → ".join(value) or translate("versions.root", lang)
    if name == "note":
        return split_note_text(value, lang)
    if name == "columns" and isinstance(value, list):
        return translate("list.separator", lang).join(
            translate("list.quoted", lang, item=column) for column in value)
    if isinstance(value, list):
        return translate("list.separator", lang).join(map(str, value))
    return value


def _coded_text(item: object, prefix: str, lang: str | None) -> str:
    """``item`` (anything with a ``code`` and ``params``) as the ``<prefix>.<code>`` entry in
    ``lang`` (default: the session's language), filled with its params; ``str(item)`` when it
    has no known code."""
    key = f"{prefix}.{getattr(item, 'code', '')}"
    if key not in TRANSLATIONS:
        return str(item)
    lang = lang or session_language()
    return translate(key, lang, **{name: _shown(name, value, lang)
                                   for name, value in item.params.items()})


def error_text(error: BaseException | Notice | str, lang: str | None = None) -> str:
    """``error`` in ``lang`` (default: the session's language): the ``error.<code>`` entry
    filled with the error's ``params`` (a DataError, ConfigError or LoadError, or a
    :class:`~ui.notice.Notice` such as a split's); ``str(error)`` when it has no known code,
    so a plain text comes back as it is.

    >>> from treecore.errors import DataError
    >>> error_text(DataError("every value is missing", code="all_missing", column="色泽"), "zh")
    '列“色泽”：所有值都是缺失值。请忽略该列，或检查缺失值标记。'
    """
    return _coded_text(error, "error", lang)


def note_text(note: Notice | str, lang: str | None = None) -> str:
    """A loader's note (:attr:`ui.data.loaders.LoadedTable.notes`) in ``lang`` (default: the
    session's language), from its ``load_note.<code>`` entry.

    >>> note_text(Notice("Only one column was found.", "one_column"), "zh")[:8]
    '只找到一列数据。'
    """
    return _coded_text(note, "load_note", lang)


def reason_text(step: PruneStep, lang: str | None = None) -> str:
    """Why a pruning step was decided, in ``lang`` (default: the session's language): the
    method's comparison (``reason.<method>``) and the verdict (``reason.<code>``), filled with
    the step's figures; the engine's English ``reason`` for a step without a known code."""
    method = step.code.partition(".")[0]
    comparison, verdict = f"reason.{method}", f"reason.{step.code}"
    if comparison not in TRANSLATIONS or verdict not in TRANSLATIONS:
        return step.reason
    lang = lang or session_language()
    return translate("reason.sentence", lang,
                     comparison=translate(comparison, lang, **step.figures),
                     verdict=translate(verdict, lang, **step.figures))
