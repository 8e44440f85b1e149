"""The pure builders behind the Pruning lab, Compare and Predict pages, without Streamlit."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

import treecore
from treecore.pruning import prune_rep
from treecore.io import from_json, to_dot, to_rules
from treecore.tree.flow import row_flow
from treecore.split.least_squares import node_candidates
from ui import limits
from ui.data.samples import SAMPLES
from ui.i18n import error_text
from ui.models import compare, growth, predict_export as pe, pruning_lab as lab, scores, split
from ui.views import regression_view
from ui.views.lab_figures import agreement_heatmap, ccp_chart, validation_bars

ZHOU_ROWS = "4, 5, 8, 9, 11, 12, 13"


@pytest.fixture(scope="module")
def melons() -> treecore.Dataset:
    return treecore.Dataset.from_frame(pd.read_csv(SAMPLES["watermelon2.0"].path), "好瓜",
                                       ignore=["编号"])


@pytest.fixture(scope="module")
def zhou(melons):
    chosen = split.rows_split(melons, ZHOU_ROWS)
    tree = growth.fit(chosen.train, {"algorithm": "id3"}, (((), "脐部"),)).tree
    return tree, chosen.train, chosen.validation


def test_splits_by_rows_share_and_upload(melons):
    rows = split.rows_split(melons, ZHOU_ROWS)
    assert sorted(rows.validation.row_labels) == [4, 5, 8, 9, 11, 12, 13]
    assert rows.train.n_rows == 10
    shared = split.random_split(melons, 0.3, seed=3)
    again = split.random_split(melons, 0.3, seed=3)
    assert shared.validation.row_labels.tolist() == again.validation.row_labels.tolist()
    assert split.random_split(melons, 0.3, seed=3, stratified=False).validation.n_rows == 5
    assert "not a row number" in str(split.rows_split(melons, "4, x").error)
    assert "none of these" in str(split.rows_split(melons, "99").error)
    upload = split.upload_split(melons, "v.csv", SAMPLES["watermelon2.0"].path.read_bytes())
    assert upload.validation.n_rows == 17 and upload.train is melons
    missing = split.upload_split(melons, "v.csv", "色泽\n青绿\n".encode())
    assert "no class column" in str(missing.error)


def test_zhou_accuracies_and_replay(zhou):
    tree, train, validation = zhou
    pre = growth.fit(train, {"algorithm": "id3"}, (((), "脐部"),), validation=validation).tree
    rep = lab.post_prune("rep", tree, train, validation, lab.DEFAULTS | {"rule": "strict"},
                         {"algorithm": "id3"})
    table = scores.comparison({"u": tree, "p": pre, "r": rep.tree}, train, validation)
    assert table["validation_accuracy"].round(3).tolist() == [0.429, 0.714, 0.714]
    result = prune_rep(tree, validation)
    judged, greyed = lab.replay_frame(tree, result, len(result.steps) - 1)
    assert judged == result.steps[-1].node_id
    removed = set(tree.subtree_ids(0)) - {n.node_id for n in result.tree.iter_nodes()}
    assert greyed == removed                               # every removed node, none kept
    for k, _ in enumerate(result.steps):                   # …at every decision
        below = {i for step in result.steps[:k + 1] if step.decision == "prune"
                 for i in tree.subtree_ids(step.node_id)[1:]}
        assert lab.replay_frame(tree, result, k) == (result.steps[k].node_id, below)
    assert lab.post_prune("rep", tree, train, None, {"rule": "strict"}, {}).error == \
        "needs_validation"


def test_ccp_points_cover_every_tree_of_the_path(zhou):
    from treecore.measures.evaluate import score
    from treecore.pruning import ccp_path

    tree, train, validation = zhou
    points = lab.ccp_points(tree, train, validation)
    path = ccp_path(tree)
    assert points["index"].tolist() == list(range(len(path.trees)))
    assert points["leaves"].tolist() == [t.n_leaves for t in path.trees]
    assert points["validation_accuracy"].tolist() == pytest.approx(
        [score(t, validation) for t in path.trees])
    assert points["leaves"].iloc[-1] == 1 and points["leaves"].is_monotonic_decreasing


def test_figures(zhou):
    tree, train, validation = zhou
    table = scores.comparison({"a": tree, "b": None}, train, validation)
    bars = validation_bars(table, scores.ACCURACY, {"title": "T", "axis": "acc"})
    assert list(bars.data[0].x) == ["a"] and bars.data[0].text == ("42.9%",)
    points = lab.ccp_points(tree, train, validation)
    chart = ccp_chart(points, [("a", 11, 0.429), ("b", 3, None)],
                      {"title": "T", "leaves": "L", "alpha": "α", "axis": "A", "train": "tr",
                       "validation": "va"}, scores.ACCURACY)
    assert [trace.name for trace in chart.data] == ["tr", "va", "a"]
    top = chart.layout.xaxis2
    assert top.side == "top" and top.matches == "x" and top.tickvals[-1] == 1
    assert top.type == chart.layout.xaxis.type
    assert list(top.ticktext) == [f"{a:.4g}" for a in points["alpha"].iloc[
        [list(points["leaves"]).index(v) for v in top.tickvals]]]
    assert chart.layout.xaxis.type == "linear"
    matrix = pd.DataFrame([[1.0, 0.5], [0.5, 1.0]], index=["x", "y"], columns=["x", "y"])
    heat = agreement_heatmap(matrix, {"title": "T"})
    assert heat.data[0].text[0] == ["100%", "50%"]


def test_compare_builders(melons, zhou):
    tree, train, validation = zhou
    built = compare.build({"algorithm": "cart", "criterion": "gini"}, (), "ccp", train,
                          validation)
    assert built.tree is not None and built.seconds > 0
    assert compare.build({"algorithm": "id3"}, (), "prepruned", train, None).error == \
        "needs_validation"
    ranking = compare.root_ranking(melons)
    ranks = ranking.set_index("feature")
    assert ranks.loc["纹理", "rank_entropy"] == 1          # Zhou: Gain(纹理) is the largest
    assert ranks.loc["纹理", "score_entropy"] == pytest.approx(0.381, abs=1e-3)
    assert not ranking["agree"].all()
    other = growth.fit(train, {"algorithm": "cart"}).tree
    matrix = compare.agreement({"a": tree, "b": other}, validation)
    same = np.mean(tree.predict(validation.X) == other.predict(validation.X))
    assert matrix.loc["a", "b"] == pytest.approx(same) and matrix.loc["a", "a"] == pytest.approx(1)
    version = {"name": "v", "dataset": "iris", "params": {}, "force": ()}
    assert compare.recipe({"source": "v"}, [version], "watermelon2.0") == "other_dataset"


def test_predictions_are_kept_for_the_latest_tree_and_rows(melons, monkeypatch):
    """The Predict page reruns on every click: the latest (tree, rows) pairs are predicted
    once; other rows, another tree, or a pair pushed out by newer ones are predicted again."""
    calls = []
    monkeypatch.setattr(pe, "predictions", lambda tree, frame: calls.append(1) or frame.copy())
    monkeypatch.setattr(pe, "_PREDICTED", type(pe._PREDICTED)())
    tree, other = treecore.grow(melons, algorithm="id3"), treecore.grow(melons, algorithm="cart")
    frame = pd.DataFrame({"x": [1, 2]})
    first = pe.cached_predictions(tree, frame, "a")
    assert pe.cached_predictions(tree, frame, "a") is first and len(calls) == 1
    pe.cached_predictions(tree, frame, "b")
    pe.cached_predictions(other, frame, "a")
    assert len(calls) == 3
    assert pe.cached_predictions(other, frame, "a") is not first and len(calls) == 3
    pe.cached_predictions(tree, frame, "a")                 # pushed out by the two after it
    assert len(calls) == 4


def test_predictions_and_explained_path_with_a_missing_value(melons):
    tree = treecore.grow(melons, algorithm="id3")
    frame = pd.DataFrame([{"色泽": "青绿", "根蒂": "蜷缩", "敲声": "浊响", "纹理": "?",
                           "脐部": "凹陷", "触感": "硬滑"}])
    out = pe.predictions(tree, frame)
    assert out[["P(是)", "P(否)"]].sum(axis=1).iloc[0] == pytest.approx(1)
    assert out["好瓜"].iloc[0] in ("是", "否")
    raw = frame.iloc[0].to_dict()
    path = pe.explain(tree, row_flow(tree, pe.encode_row(tree, raw)), raw)
    root = path.iloc[0]
    assert root["split"] and root["test"] == "纹理 = ?"
    weights = [float(part.split(": ")[1]) for part in root["outcome"].split(", ")]
    assert sum(weights) == pytest.approx(1)
    assert weights == pytest.approx(list(tree.root.split.branch_fractions), abs=1e-4)
    assert root["value"] == "?"                         # the marker, as the user wrote it
    raw = raw | {"纹理": np.nan}
    empty = pe.explain(tree, row_flow(tree, pe.encode_row(tree, raw)), raw).iloc[0]
    assert empty["split"] and empty["value"] == ""      # an empty cell: blank, not "nan"
    with pytest.raises(treecore.DataError):
        pe.predictions(tree, frame.drop(columns="纹理"))


def test_server_side_rendering_and_text_downloads(melons):
    tree = treecore.grow(melons, algorithm="id3")
    labels = {"samples": "样本"}
    assert pe.render(tree, labels, "svg").lstrip().startswith(b"<?xml")
    assert pe.render(tree, labels, "png")[:8] == b"\x89PNG\r\n\x1a\n"
    files = pe.text_downloads(tree, labels)
    assert set(files) == {"rules.txt", "tree_predict.py", "tree_case.sql", "tree.json",
                          "tree.dot"}
    written = {name: write().decode("utf-8") for name, (write, _) in files.items()}
    assert from_json(written["tree.json"]).n_nodes == tree.n_nodes
    assert written["tree.dot"] == to_dot(tree, labels=labels)
    assert written["rules.txt"] == to_rules(tree)


@pytest.mark.parametrize("pruning", ["none", "prepruned", "rep"])
def test_compare_and_lab_fits_stop_at_the_deadline(zhou, monkeypatch, pruning):
    """Compare's builds and the lab's validation pre-pruned tree grow through ui.models.growth.fit,
    so they stop at the fit deadline like the Grow page's."""
    _, train, validation = zhou
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    built = compare.build({"algorithm": "id3"}, (), pruning, train, validation)
    assert built.stopped_early and built.tree is not None
    partial = growth.fit(train, {"algorithm": "id3"}, validation=validation)
    assert partial.stopped_early and partial.tree.n_steps == 0


def test_ccp_by_cross_validation_stops_at_the_fit_deadline(zhou, monkeypatch):
    """k more trees for the folds, bounded inside treecore by the fit deadline: past it the lab
    gets the engine's TimeLimitError (the bound and the folds done), worded in both languages;
    an estimate of the time alone refuses nothing; α by the validation rows still runs."""
    tree, train, validation = zhou
    options = {"rule": "strict", "cf": 0.25, "ccp_select": "cv", "folds": 3}
    monkeypatch.setattr(limits, "SECONDS_PER_CELL", 1e6)        # an estimate far over the bound
    assert lab.post_prune("ccp", tree, train, validation, options, {"algorithm": "id3"}).tree
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    refused = lab.post_prune("ccp", tree, train, validation, options, {"algorithm": "id3"})
    assert refused.tree is None and isinstance(refused.error, treecore.TimeLimitError)
    assert refused.error.code == "time_limit"
    assert refused.error.params == {"seconds": 0.0, "done": 0, "folds": 3}
    en, zh = error_text(refused.error, "en"), error_text(refused.error, "zh")
    assert en == str(refused.error)
    assert "3-fold cross-validation did not finish within 0 s (0 of 3 folds done)" in en
    assert "0 秒内" in zh and "已完成 0/3 折" in zh and "验证集" in zh
    by_validation = {**options, "ccp_select": "validation"}
    assert lab.post_prune("ccp", tree, train, validation, by_validation, {"algorithm": "id3"}).tree


def test_the_predictions_download_cannot_run_a_formula_in_a_spreadsheet():
    result = pd.DataFrame({"name": ["=HYPERLINK(\"http://x\")", "+1+1", "@SUM(A1)", "-", "-3.5",
                                    "plain", None],
                           "x": [-1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]})
    flags = pe.formula_cells(result)
    assert flags["name"].tolist() == [True, True, True, True, False, False, False]
    assert not flags["x"].any()                                 # numbers stay numbers
    written = pd.read_csv(io.BytesIO(pe.predictions_csv(result)), keep_default_na=False)
    assert written["name"].tolist() == ["'=HYPERLINK(\"http://x\")", "'+1+1", "'@SUM(A1)", "'-",
                                        "-3.5", "plain", ""]
    assert written["x"].tolist() == result["x"].tolist()
    assert result["name"][0].startswith("=")                    # the table shown is untouched


def test_a_cut_whose_means_equal_the_nodes_shows_no_decrease():
    """z parts the rows into {0.1, 0.7} and {0.1, 0.7, 0.1, 0.7}: both means are the node's
    0.4, so the cut removes no squared error. The formula leaves about 10⁻¹⁷ of rounding;
    the tables show 0, as growth ties the cut with no decrease (x's real decrease stays)."""
    frame = pd.DataFrame({"x": [1., 2., 3., 4., 5., 6.], "z": [1., 1., 2., 2., 3., 3.],
                          "y": [0.1, 0.7, 0.1, 0.7, 0.1, 0.7]})
    data = treecore.Dataset.from_frame(frame, "y", task="regression")
    table = node_candidates(data.X, data.y, data.weights, data.features)
    assert 0 < table["z"].decrease < 1e-15                  # the formula's rounding
    shown = regression_view.candidate_frame(table, 6.0, float(np.var(data.y)))
    shown = shown.set_index("feature")
    assert shown.loc["z", "sse_decrease"] == 0.0
    assert shown.loc["z", "sse_after"] == shown.loc["z", "sse_before"]
    assert shown.loc["x", "sse_decrease"] == pytest.approx(6 * 0.018)
    cuts = compare.root_cuts(data).set_index("feature")
    assert cuts.loc["z", "sse_decrease"] == 0.0
    assert cuts.loc["x", "sse_decrease"] == pytest.approx(6 * 0.018)
