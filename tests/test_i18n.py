"""ui.i18n: every key in both languages, matching placeholders, glossary terms."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from ui.i18n import LANGUAGES, TRANSLATIONS, placeholders, translate

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("key", sorted(TRANSLATIONS))
def test_every_key_has_every_language_and_the_same_placeholders(key):
    entry = TRANSLATIONS[key]
    assert set(entry) == set(LANGUAGES), key
    assert all(text.strip() for text in entry.values()), key
    assert placeholders(entry["en"]) == placeholders(entry["zh"]), key


def test_translate_formats_and_falls_back_to_english():
    assert translate("sidebar.shape", "zh", rows=17, columns=8) == "17 行 × 8 列"
    assert translate("nav.data", "fr") == "Data"
    with pytest.raises(KeyError):
        translate("no.such.key", "en")


def test_a_count_of_one_takes_the_singular_noun_in_english():
    line = "data.summary_line"
    assert translate(line, "en", rows=17, features=1, classes=2) == "17 rows, 1 feature, 2 classes"
    assert translate(line, "en", rows="1", features=6, classes=2) == "1 row, 6 features, 2 classes"
    assert translate(line, "en", rows="1,024", features=10, classes=3).startswith("1,024 rows")
    assert translate(line, "zh", rows=1, features=1, classes=2) == "1 个样本，1 个属性，2 个类别"
    assert translate("grow.summary", "en", train=14, validation=0, steps=0, nodes=1, leaves=1) \
        == "14 training rows, 0 validation rows · 0 steps, 1 node, 1 leaf"       # the root alone
    assert translate("view.caption", "en", drawn=1, nodes=1).startswith("1 of 1 node drawn")


def test_plural_nouns_are_english_and_well_formed():
    """``{count:one|many}`` names two nouns; Chinese has no plurals, so none of its texts asks."""
    specs = [spec for entry in TRANSLATIONS.values() for text in entry.values()
             for spec in re.findall(r"{\w+:([^}]*)}", text) if "|" in spec]
    assert specs and all(len(spec.split("|")) == 2 and all(spec.split("|")) for spec in specs)
    assert not any("|" in spec for entry in TRANSLATIONS.values()
                   for spec in re.findall(r"{\w+:([^}]*)}", entry["zh"]))


@pytest.mark.parametrize("term", ["信息增益", "增益率", "基尼指数", "二分法", "划分点"])
def test_glossary_terms_are_used_verbatim(term):
    """The Chinese UI uses the textbook terms where it mentions these ideas."""
    chinese = " ".join(entry["zh"] for entry in TRANSLATIONS.values())
    assert term in chinese


def test_every_key_used_by_the_ui_exists():
    """Each t("…")/translate("…") call in app.py, pages/ and ui/ names a key of the table."""
    sources = [ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("ui/**/*.py")]
    used = set()
    for path in sources:
        used |= set(re.findall(r"""\bt\(\s*f?["']([\w.]+)["']""", path.read_text("utf-8")))
    missing = {key for key in used if key not in TRANSLATIONS}
    assert not missing


def test_every_algorithm_and_stop_reason_has_its_words():
    """The select boxes word each preset of ``ALGORITHMS`` and each leaf's ``StopReason``."""
    from treecore import ALGORITHMS, StopReason
    assert {f"algorithm.{name}" for name in ALGORITHMS} <= set(TRANSLATIONS)
    assert {f"stop.{reason.value}" for reason in StopReason} <= set(TRANSLATIONS)


def test_every_catalogue_is_merged_and_no_key_is_written_twice():
    """Each module of ``ui/i18n/`` holds one part of the app's words; the merged table has
    them all, and no key is defined in two of them (a later one would silently win)."""
    folder = ROOT / "ui" / "i18n"
    defined: dict[str, str] = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem == "__init__":
            continue
        for key in importlib.import_module(f"ui.i18n.{path.stem}").TRANSLATIONS:
            assert key not in defined, f"{key!r} is in {defined.get(key)} and {path.stem}"
            defined[key] = path.stem
    assert set(defined) == set(TRANSLATIONS)
