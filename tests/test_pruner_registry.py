"""The post-pruning registry (issue 13): every method declares what interfaces need, and a method
registered with its words alone appears in the Pruning lab and on the Compare page.

The toy method ``shallow`` (keep the top ``levels`` levels of the tree) is registered for one
test with its translations: the lab offers it, draws its option, shows its tree in the table
and on the CCP chart and replays its decisions; Compare offers and builds it; no other file
knows it.
"""

from __future__ import annotations

import itertools

import pandas as pd
import pytest

import treecore
from treecore.pruning import (PRUNERS, TASKS, Option, PruneRequest, PruneResult, PruneStep,
                              Pruner)
from treecore.pruning.pruner import holds
from treecore.pruning.result import PRUNE
from ui import state
from ui.i18n import TRANSLATIONS, reason_text
from ui.models import compare, pruning_lab as lab

from tests.conftest import SAMPLES

ZHOU_VALIDATION = {4, 5, 8, 9, 11, 12, 13}


# ------------------------------------------------------------------------------ declarations
def _split(data: treecore.Dataset):
    """Zhou's Table 4.2 rows (by the row labels 1-17) held out for validation."""
    held = [int(label) in ZHOU_VALIDATION for label in data.row_labels]
    return data.subset([not h for h in held]), data.subset(held)


def _cases():
    """(name, tree, train, validation, growth recipe) for each kind of tree a method may get:
    ID3, J48 (EBP's own rules) and a regression tree."""
    melons = treecore.Dataset.from_frame(pd.read_csv(SAMPLES / "watermelon2.0.csv"), "好瓜",
                                         ignore=["编号"])
    numbers = treecore.Dataset.from_frame(pd.read_csv(SAMPLES / "lihang_regression.csv"), "y",
                                          task="regression")
    for name, data, recipe in (("id3", melons, {"algorithm": "id3"}),
                               ("j48", melons, {"algorithm": "j48"}),
                               ("regression", numbers, {"algorithm": "cart"})):
        train, validation = _split(data)
        yield name, treecore.grow(train, **recipe), train, validation, recipe


def _choices(pruner: Pruner):
    """Every combination of the pruner's choices (numeric options at their defaults)."""
    named = [[(o.name, c) for c in o.choices] for o in pruner.options if o.choices]
    return [dict(combination) for combination in itertools.product(*named)]


@pytest.mark.parametrize("method", PRUNERS)
def test_a_method_declares_every_code_and_figure_its_steps_carry(method):
    pruner = PRUNERS[method]
    ran = 0
    for _, tree, train, validation, recipe in _cases():
        if not pruner.prunes(tree.schema.task):
            continue
        for options in _choices(pruner):
            result = pruner.prune(tree, train=train, validation=validation, options=options,
                                  growth=recipe)
            assert {s.code for s in result.steps} <= set(pruner.reasons), options
            assert {f for s in result.steps for f in s.figures} <= set(pruner.figures), options
            ran += 1
    assert ran


@pytest.mark.parametrize("method", PRUNERS)
def test_a_method_s_conditions_name_its_own_options(method):
    pruner = PRUNERS[method]
    specs = {o.name: o for o in pruner.options}
    conditions = [pruner.validation, pruner.grows, *(o.shown_when for o in pruner.options)]
    for condition in conditions:
        if not isinstance(condition, bool):
            assert all(value in specs[name].choices for name, value in condition.items())
    assert set(pruner.settings({})) == set(specs)


def test_an_option_name_means_one_setting_across_methods():
    specs = {}
    for pruner in PRUNERS.values():
        for option in pruner.options:
            assert specs.setdefault(option.name, option) == option, option.name


def test_conditions_and_option_specs():
    ccp = PRUNERS["ccp"]
    assert ccp.needs_validation({}) and not ccp.needs_validation({"ccp_select": "cv"})
    assert ccp.grows_trees({"ccp_select": "cv"}) and ccp.may_grow and not PRUNERS["rep"].may_grow
    assert [o.name for o in ccp.shown_options({})] == ["ccp_select"]
    assert [o.name for o in ccp.shown_options({"ccp_select": "cv"})] == ["ccp_select", "folds"]
    assert holds(True, {}) and not holds({"rule": "strict"}, {"rule": "no_worse"})
    assert Option("folds", 5, low=2, high=20, step=1).whole
    assert not Option("cf", 0.25, low=0.01, high=0.5, step=0.01).whole
    with pytest.raises(treecore.ConfigError):
        Option("both", "a", choices=("a",), low=0, high=1)


def test_the_estimator_offers_the_methods_that_need_no_growth_recipe():
    from treecore.estimators.classifier import PRUNING

    assert PRUNING == ("rep", "pep", "ebp")          # CCP is ccp_alpha, as scikit-learn's


# ------------------------------------------------------------------------------ words
def _words(name: str, pruner: Pruner) -> set[str]:
    """The translation keys the pages read for a method: its name, each option's label and
    choices, each reason (the method's comparison and the verdict) and each figure; the task's
    own wording of any of them (``<key>.<task>``) where there is one."""
    keys = {f"method.{name}"}
    for option in pruner.options:
        keys |= {f"lab.{option.name}"} | {f"{option.name}.{c}" for c in option.choices}
    for code in pruner.reasons:
        keys |= {f"reason.{code.partition('.')[0]}", f"reason.{code}"}
    keys |= {f"fig.{figure}" for figure in pruner.figures}
    return keys | {f"{key}.{task}" for key in keys for task in TASKS
                   if f"{key}.{task}" in TRANSLATIONS}


@pytest.mark.parametrize("method", PRUNERS)
def test_every_method_is_worded_in_english_and_chinese(method):
    for key in _words(method, PRUNERS[method]):
        assert key in TRANSLATIONS, key
        assert TRANSLATIONS[key].get("en") and TRANSLATIONS[key].get("zh"), key


# ------------------------------------------------------------------------------ a new method
def _keep_levels(request: PruneRequest) -> PruneResult:
    """The toy method: every internal node at depth ``levels`` becomes a leaf."""
    cut = [node for node in request.tree.iter_preorder()
           if node.depth == request.options["levels"] and not node.is_leaf]
    steps = tuple(PruneStep(node.node_id, {"node_depth": float(node.depth)}, PRUNE,
                            code="shallow.cut") for node in cut)
    return PruneResult(request.tree.collapse([node.node_id for node in cut]), steps)


SHALLOW = Pruner("shallow", _keep_levels, TASKS, reasons=("shallow.cut",),
                 figures=("node_depth",), options=(Option("levels", 1, low=0, high=5, step=1),))
SHALLOW_WORDS = {
    "method.shallow": {"en": "Shallow", "zh": "浅树"},
    "lab.levels": {"en": "Levels kept", "zh": "保留的层数"},
    "reason.shallow": {"en": "a node at depth {node_depth:g}", "zh": "深度为 {node_depth:g} 的结点"},
    "reason.shallow.cut": {"en": "below the levels kept: pruned", "zh": "低于保留的层数，剪枝"},
    "fig.node_depth": {"en": "depth of the node", "zh": "结点深度"},
}


@pytest.fixture
def shallow(monkeypatch):
    """The toy method registered, with its words, for one test."""
    monkeypatch.setitem(PRUNERS, "shallow", SHALLOW)
    for key, words in SHALLOW_WORDS.items():
        monkeypatch.setitem(TRANSLATIONS, key, words)
    assert _words("shallow", SHALLOW) == set(SHALLOW_WORDS)     # all it needs, nothing more


def _table(at, marker: str) -> pd.DataFrame:
    return next(df.value for df in at.dataframe if marker in df.value.columns)


def test_a_registered_method_is_offered_drawn_and_replayed_in_the_lab(make_app, shallow):
    at = make_app("pages/prune.py").run()
    method = at.selectbox(key="w_" + lab.METHOD)
    assert method.options[-1] == "Shallow"
    method.select("shallow").run()
    assert not at.exception and not at.error, (at.exception, at.error)
    levels = at.number_input(key="w_" + lab.option_key("levels"))
    assert levels.label == "Levels kept" and levels.value == 1
    table = _table(at, "validation_accuracy").set_index("tree")
    assert table.loc["Shallow", "depth"] == 1 < table.loc["Unpruned", "depth"]
    levels.set_value(2).run()
    table = _table(at, "validation_accuracy").set_index("tree")
    assert table.loc["Shallow", "depth"] == 2
    chart = next(c for c in at.get("plotly_chart") if c.proto.id.endswith("-lab.ccp_chart"))
    assert '"name":"Shallow"' in chart.proto.spec.replace(" ", "")
    figures = _table(at, "Figure")
    assert figures["Figure"].tolist() == ["depth of the node"]
    assert at.info[-1].value == "a node at depth 2; below the levels kept: pruned."


def test_a_registered_method_speaks_chinese(make_app, shallow):
    at = make_app("pages/prune.py")
    at.session_state[state.LANGUAGE] = "zh"
    at.session_state[lab.METHOD] = "shallow"
    at.run()
    assert not at.exception and not at.error
    assert at.selectbox(key="w_" + lab.METHOD).options[-1] == "浅树"
    assert at.number_input(key="w_" + lab.option_key("levels")).label == "保留的层数"
    assert at.info[-1].value == "深度为 1 的结点；低于保留的层数，剪枝。"


def test_a_registered_method_is_offered_and_built_on_the_compare_page(make_app, shallow):
    at = make_app("pages/compare.py").run()
    pruning = at.selectbox(key="w_compare_1_pruning")
    assert pruning.options[-1] == "Shallow"
    pruning.set_value("shallow").run()
    assert not at.exception and not at.error, (at.exception, at.error)
    metrics = _table(at, "fit_ms")
    assert metrics["tree"].iloc[1].endswith("· Shallow") and metrics["depth"].iloc[1] == 1
    assert at.session_state[compare.CONFIGS["classification"]][1]["pruning"] == "shallow"


def test_a_registered_method_replays_its_reason_through_the_engine_s_step(shallow):
    data = treecore.Dataset.from_frame(pd.read_csv(SAMPLES / "watermelon2.0.csv"), "好瓜",
                                       ignore=["编号"])
    result = PRUNERS["shallow"].prune(treecore.grow(data, algorithm="id3"))
    assert result.tree.depth == 1 and result.alpha is None
    assert reason_text(result.steps[0], "en") == "a node at depth 1; below the levels kept: pruned."


def test_an_option_shown_only_for_one_choice_is_drawn_when_chosen(make_app):
    at = make_app("pages/prune.py")
    at.session_state[lab.METHOD] = "ccp"
    at.run()
    folds = "w_" + lab.option_key("folds")
    assert not [n for n in at.number_input if n.key == folds]
    at.radio(key="w_" + lab.option_key("ccp_select")).set_value("cv").run()
    assert not at.exception
    assert at.number_input(key=folds).value == 5
