"""The criteria registry (issue 13): each criterion's entry in ``treecore.CRITERIA`` carries its
formula, the keys it is worded by and what the criterion lens plots for it, and every page
reads the registry.

The toy criterion ``toy_gini`` (the Gini index under another name) is registered for a test
with its translations alone: the engine grows by it, the Grow page offers it, prints its
formula and draws it in the criterion lens (continuous and nominal), and the Compare page
ranks the root's candidates by it; no other file knows it.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pandas as pd
import pytest

import treecore
from treecore import ALGORITHMS, CRITERIA
from treecore.algorithms import Criterion, home_algorithm, lens_criteria
from ui import state
from ui.i18n import TRANSLATIONS
from ui.models import compare, growth

from tests.conftest import SAMPLES, open_tab

TOY = Criterion("toy_gini", "Toy Gini", impurity="gini", lens_figure="decrease",
                formula="Toy(D, a) = Σᵥ |Dᵛ|/|D| · Gini(Dᵛ), a second name for the Gini index")
TOY_WORDS = {"criterion.toy_gini": {"en": "Toy Gini", "zh": "玩具基尼指数"},
             "lens.toy_gini": {"en": "Toy Gini decrease", "zh": "玩具基尼指数的减少"}}


@pytest.fixture
def toy(monkeypatch):
    """``toy_gini`` registered for one test: its entry, CART allowing it, its words."""
    monkeypatch.setitem(CRITERIA, TOY.name, TOY)
    cart = ALGORITHMS["cart"]
    monkeypatch.setitem(ALGORITHMS, "cart", replace(cart, criteria=(*cart.criteria, TOY.name)))
    for key, words in TOY_WORDS.items():
        monkeypatch.setitem(TRANSLATIONS, key, words)


def _melons(name: str = "watermelon3.0.csv") -> treecore.Dataset:
    return treecore.Dataset.from_frame(pd.read_csv(SAMPLES / name), "好瓜", ignore=["编号"])


@pytest.mark.parametrize("name", CRITERIA)
def test_every_criterion_has_its_formula_and_its_words(name):
    criterion = CRITERIA[name]
    assert criterion.formula and criterion.label_key == f"criterion.{name}"
    keys = [criterion.label_key] + ([criterion.lens_key] if criterion.lens_figure else [])
    for key in keys:
        assert TRANSLATIONS[key]["en"] and TRANSLATIONS[key]["zh"], key


#: The words a printed formula may hold: the books' names of its figures and functions, and
#: the names of its reference. Anything else is prose, which only one language reads.
FORMULA_WORDS = {"Gain", "Gain_ratio", "Gini_index", "Gini", "Ent", "IV", "log", "min", "max",
                 "ave", "median", "Zhou", "Li", "Hang", "Tan", "et", "al"}


@pytest.mark.parametrize("name", CRITERIA)
def test_every_formula_reads_the_same_in_every_language(name):
    """The Grow page prints the formula as it is in English and in 中文, so it holds symbols
    and the book's names only (the regression criteria once read "min over (j, s) of …")."""
    words = set(re.findall(r"[A-Za-z]{2,}(?:_[A-Za-z]+)*", CRITERIA[name].formula))
    assert words <= FORMULA_WORDS, words - FORMULA_WORDS


def test_the_lens_and_the_ranking_come_from_the_registry():
    assert [c.name for c in lens_criteria()] == ["entropy", "gain_ratio", "gini",
                                                 "misclassification"]
    assert compare.rankings() == (("entropy", "id3"), ("gain_ratio", "c45"), ("gini", "cart"),
                                  ("misclassification", "cart"))


def test_the_engine_grows_by_a_registered_criterion(toy):
    data = _melons()
    by_toy = treecore.grow(data, algorithm="cart", criterion=TOY.name)
    by_gini = treecore.grow(data, algorithm="cart", criterion="gini")
    assert by_toy.criterion == TOY.name and home_algorithm(TOY.name) == "cart"
    assert [(n.split.feature, n.split.branches) for n in by_toy.iter_nodes() if n.split] == \
        [(n.split.feature, n.split.branches) for n in by_gini.iter_nodes() if n.split]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_grow_page_offers_it_with_its_formula_and_its_lens(toy, make_app, language):
    at = make_app("pages/grow.py")
    at.session_state[state.LANGUAGE] = language
    at.session_state[state.DATASET] = "watermelon3.0"
    at.session_state[state.ALGORITHM] = "cart"
    at.session_state[state.CRITERION] = TOY.name
    open_tab(at, "tab.lens", language).run()
    assert not at.exception, at.exception
    criterion = at.selectbox(key="w_" + state.CRITERION)
    assert criterion.value == TOY.name
    assert TOY_WORDS["criterion.toy_gini"][language] in criterion.options
    assert TOY.formula in [caption.value for caption in at.caption]
    name = TOY_WORDS["lens.toy_gini"][language]
    for feature, traces in (("密度", "data"), ("纹理", "data")):
        at.selectbox(key="w_" + growth.FEATURE).select(feature).run()
        assert not at.exception, at.exception
        drawn = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
        assert any(trace.get("name") == name for figure in drawn for trace in figure[traces])
        titles = [figure["layout"].get("title", {}).get("text", "") for figure in drawn]
        assert any(("5 criteria" if language == "en" else "5 种准则") in t for t in titles)
    table = next(df.value for df in at.dataframe if "picked_by" in df.value.columns)
    assert table[TOY.name].tolist() == table["gini"].tolist()


def test_compare_ranks_the_root_by_it(toy):
    ranking = compare.root_ranking(_melons("watermelon2.0.csv"))
    assert ranking[f"rank_{TOY.name}"].tolist() == ranking["rank_gini"].tolist()
    assert ranking[f"score_{TOY.name}"].tolist() == ranking["score_gini"].tolist()
