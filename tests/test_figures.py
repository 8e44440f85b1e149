"""The Grow page's pure builders: ui.views.figures (plotly), ui.views.node_view and
ui.models.growth, no Streamlit."""

from __future__ import annotations

import pickle

import numpy as np
import pandas as pd
import pytest

from tests.conftest import SAMPLES
from treecore import Dataset
from treecore.io import to_text
from ui.data import summary
from ui.models import growth, scores
from ui.views import figures, node_view

WORDS = {"title": "T", "y": "score", "threshold": "x", "boundary": "boundary", "other": "other",
         "chosen": "chosen", "rows": "rows", "value": "value", "count": "count",
         "scaled": "scaled", "splits_here": "{algorithm} splits here",
         "entropy": "gain", "gain_ratio": "gain ratio", "gini": "gini",
         "misclassification": "error"}
ID3 = {"algorithm": "id3", "criterion": None}
#: Zhou Fig. 4.5: the unpruned ID3 tree on the Table 4.2 training rows, 脐部 forced at the root.
ZHOU_FIG_4_5 = """\
脐部 = 凹陷
|   色泽 = 青绿: 是 (1)
|   色泽 = 乌黑: 是 (2)
|   色泽 = 浅白: 否 (1)
脐部 = 稍凹
|   根蒂 = 蜷缩: 否 (1)
|   根蒂 = 稍蜷
|   |   色泽 = 青绿: 是 (1)
|   |   色泽 = 乌黑
|   |   |   纹理 = 清晰: 否 (1)
|   |   |   纹理 = 稍糊: 是 (1)
|   |   |   纹理 = 模糊: 是 (0)
|   |   色泽 = 浅白: 是 (0)
|   根蒂 = 硬挺: 是 (0)
脐部 = 平坦: 否 (2)"""


def _dataset(name: str) -> Dataset:
    return Dataset.from_frame(pd.read_csv(SAMPLES / name), "好瓜", ignore=["编号"])


@pytest.fixture(scope="module")
def melon3():
    data = _dataset("watermelon3.0.csv")
    return data, growth.fit(data, {"algorithm": "cart"}).tree


def test_threshold_chart_marks_the_chosen_threshold_and_boundary_points(melon3):
    data, tree = melon3
    curve = node_view.curve(data, tree, 0, "密度")
    fig = figures.threshold_chart(curve, node_view.strip(data, tree, 0, "密度"), tree.classes,
                                  "score", WORDS)
    traces = {trace.name: trace for trace in fig.data}
    chosen = next(trace for name, trace in traces.items() if name and name.startswith("chosen"))
    assert chosen.x[0] == pytest.approx(0.3815) and chosen.marker.symbol == "star"
    assert len(traces["boundary"].x) == int(curve.is_boundary.sum())
    assert len(traces["boundary"].x) + len(traces["other"].x) == len(curve)
    strip_points = sum(len(traces[str(label)].x) for label in tree.classes)
    assert strip_points == 17                       # every row of the root, by class


def test_threshold_chart_thins_a_long_curve_but_keeps_the_choice(monkeypatch, melon3):
    data, tree = melon3
    monkeypatch.setattr(figures, "CURVE_LIMIT", 5)
    curve = node_view.curve(data, tree, 0, "密度")
    fig = figures.threshold_chart(curve, node_view.strip(data, tree, 0, "密度"), tree.classes,
                                  "impurity", WORDS)
    assert len(fig.data[0].x) <= 6 and curve.threshold[curve.best] in fig.data[0].x


def test_value_chart_stacks_class_counts_per_value():
    data = _dataset("watermelon2.0.csv")
    tree = growth.fit(data, ID3).tree
    values, counts = node_view.value_counts(data, tree, 0, "纹理")
    assert values == ("清晰", "稍糊", "模糊")
    np.testing.assert_allclose(counts, [[7, 2], [1, 4], [0, 3]])   # classes (是, 否)
    fig = figures.value_chart(values, counts, tree.classes, WORDS)
    assert fig.layout.barmode == "stack" and [t.name for t in fig.data] == list(tree.classes)


def test_criterion_lens_scales_each_curve_and_marks_each_algorithm(melon3):
    data, tree = melon3
    curves = node_view.lens_curves(data, tree, 0, "含糖率")
    fig = figures.criterion_lens(curves, WORDS)
    lines = [trace for trace in fig.data if trace.mode == "lines"]
    assert len(lines) == 4 and all(max(trace.y) == pytest.approx(1.0) for trace in lines)
    marks = {name: trace.x[0] for trace in fig.data if trace.mode == "markers+text"
             for name in trace.text[0].split(" · ")}
    assert set(marks) == {"ID3", "C4.5", "CART"}
    assert marks["ID3"] == pytest.approx(0.126)      # Zhou: 含糖率 threshold 0.126
    assert node_view.lens_curves(data, tree, 0, "纹理") == {}


def test_class_chart_one_bar_per_class():
    fig = figures.class_chart(("否", "是"), (9.0, 8.0), WORDS)
    assert list(fig.data[0].x) == [9.0, 8.0]
    assert figures.class_color(0) != figures.class_color(1)


def test_class_chart_writes_large_and_fractional_counts_as_numbers():
    """A root of 100k rows has class counts of tens of thousands: written out with their
    thousands grouped (``.4g`` wrote 3.335e+04), fractions to four significant digits."""
    fig = figures.class_chart(("a", "b", "c"), (33_354.0, 100_000.0, 2.4666666), WORDS)
    assert list(fig.data[0].text) == ["33,354", "100,000", "2.467"]
    assert "%{text}" in fig.data[0].hovertemplate


def test_class_balance_writes_its_counts_with_thousands_grouped():
    frame = pd.DataFrame({"y": ["a"] * 33_354 + ["b"] * 7})
    fig = summary.class_balance_figure(frame, "y", count_label="rows")
    assert list(fig.data[0].text) == ["33,354", "7"] and list(fig.data[0].y) == [33_354, 7]


def test_candidate_frame_marks_the_winner_and_c45_filter():
    data = _dataset("watermelon2.0.csv")
    tree = growth.fit(data, {"algorithm": "c45"}).tree
    frame = node_view.candidate_frame(node_view.candidates(data, tree, 0))
    status = dict(zip(frame["feature"], frame["status"]))
    assert status["纹理"] == "chosen" and status["色泽"] == "filtered"
    assert frame.loc[frame["feature"] == "触感", "split_info"].item() == pytest.approx(0.874,
                                                                                     abs=1e-3)


def test_fractional_rows_and_rule_on_missing_values():
    data = _dataset("watermelon2.0alpha.csv")
    tree = growth.fit(data, {"algorithm": "c45"}).tree
    child = tree.root.children[0]
    rows = node_view.fractional_rows(data, tree, child)
    assert sorted(rows["row"]) == [8, 10]            # 纹理 missing: 7/15 of each goes here
    np.testing.assert_allclose(rows["weight"], 7 / 15)
    conditions, label = node_view.rule(tree, child)
    assert conditions == ["纹理 = 清晰"] and label in tree.classes


def test_forcing_umbilicus_on_zhou_table_4_2_gives_the_books_tree():
    data = _dataset("watermelon2.0.csv")
    train, validation = growth.split_rows(data, growth.parse_rows(
        growth.ZHOU_TABLE_4_2_VALIDATION))
    assert (train.n_rows, validation.n_rows) == (10, 7)
    base = growth.fit(train, ID3).tree
    assert base.root.split.feature == "色泽"         # the tie goes to the first column
    force = growth.with_forced((), (), "脐部")
    forced = growth.fit(train, ID3, force).tree
    assert to_text(forced) == ZHOU_FIG_4_5
    assert scores.value(scores.ACCURACY, forced, validation) == pytest.approx(3 / 7)  # 42.9%
    assert scores.value(scores.ACCURACY, base, validation) == pytest.approx(2 / 7)    # 28.6%
    cost = growth.override_cost(base.root.split, forced, ())
    assert cost["difference"] == pytest.approx(0.0) and cost["forced"].feature == "脐部"


def test_fit_keeps_the_candidate_table_of_every_expanded_node():
    data = _dataset("watermelon2.0.csv")
    grown = growth.fit(data, ID3)
    assert set(grown.steps) == {n.node_id for n in grown.tree.iter_nodes() if n.split}
    kept = node_view.candidate_frame(grown.candidates(data, 0))
    fresh = node_view.candidate_frame(node_view.candidates(data, grown.tree, 0))
    pd.testing.assert_frame_equal(kept, fresh)
    leaf = next(n.node_id for n in grown.tree.iter_leaves())
    assert len(grown.candidates(data, leaf)) == 0 or leaf not in grown.steps


def test_stepping_and_forcing_helpers():
    data = _dataset("watermelon2.0.csv")
    tree = growth.fit(data, ID3).tree
    assert [growth.step_node(tree, k) for k in range(3)] == [0, 0, 1]
    assert growth.clamp_step(99, tree) == tree.n_steps and growth.clamp_step(-1, tree) == 0
    assert growth.node_by_path(tree, ("清晰",)) == 1
    force = growth.with_forced(((("清晰",), "色泽"), ((), "纹理")), (), "脐部")
    assert force == (((), "脐部"),)                  # a forcing below the new one is dropped
    version = growth.make_version("v", "watermelon2.0", ID3, force, "")
    assert pickle.loads(pickle.dumps(version)) == version


@pytest.mark.parametrize("text, rows", [("", ()), ("3", (3,)), ("9-7, 1，2", (1, 2, 7, 8, 9))])
def test_parse_rows(text, rows):
    assert growth.parse_rows(text) == rows


def test_parse_rows_names_the_bad_part():
    with pytest.raises(ValueError, match="x"):
        growth.parse_rows("1, x")


def test_nominal_lens_scores_every_grouping_by_every_criterion():
    """纹理 at the root of watermelon 2.0: the multiway split has ID3's Gain 0.381 (Zhou) and
    C4.5's gain ratio 0.381 / 1.447; each binary subset has the CART figures of Li Hang's
    example 5.4 style ("A = v vs rest"); ID3 and C4.5 pick the multiway split, CART {清晰}."""
    data = _dataset("watermelon2.0.csv")
    tree = growth.fit(data, {"algorithm": "cart", "criterion": None}).tree
    frame = node_view.nominal_lens(data, tree, 0, "纹理")
    assert list(frame["grouping"]) == ["清晰 | 稍糊 | 模糊", "{清晰} | {稍糊, 模糊}",
                                       "{清晰, 稍糊} | {模糊}", "{清晰, 模糊} | {稍糊}"]
    multiway = frame.iloc[0]
    assert multiway["entropy"] == pytest.approx(0.381, abs=5e-4)
    assert multiway["gain_ratio"] == pytest.approx(0.3806 / 1.4466, abs=5e-4)
    assert multiway["picked_by"] == "ID3 · C4.5" and frame.iloc[1]["picked_by"] == "CART"
    clear = frame.iloc[1]                           # {清晰} vs rest: Gini 17/17·0.498 → 0.286
    assert clear["gini"] == pytest.approx(1 - (8 / 17) ** 2 - (9 / 17) ** 2
                                                   - (9 / 17 * (1 - (7 / 9) ** 2 - (2 / 9) ** 2)
                                                      + 8 / 17 * (1 - (1 / 8) ** 2 - (7 / 8) ** 2)))
    assert list(frame["gini"].iloc[1:]) == sorted(frame["gini"].iloc[1:], reverse=True)
    fig = figures.nominal_lens_chart(frame, WORDS)
    assert len(fig.data) == 4 and all(max(trace.x) == pytest.approx(1.0) for trace in fig.data)
    assert fig.data[0].y[0].startswith("▣ ")
    picks = {a.text for a in fig.layout.annotations}
    assert picks == {"◀ ID3 · C4.5", "◀ CART"}
    assert node_view.nominal_lens(data, tree, 0, "纹理").equals(frame)
    melon3 = _dataset("watermelon3.0.csv")
    assert node_view.nominal_lens(melon3, growth.fit(melon3, ID3).tree, 0, "密度").empty
