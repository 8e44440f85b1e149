"""The limits that protect the server (ui/limits.py): one place, applied by the loaders and the
Grow page, each with its message; fits bounded in time; large trees drawn collapsed."""

from __future__ import annotations

import ast

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from treecore import Dataset
from treecore.grow.builder import Growth
from treecore.grow.growing import GrowthConfig
from treecore.io import to_dot
from ui import limits, state
from ui.data.samples import load_sample
from ui.guards import level_messages, slow_fit_message
from ui.models import compare, growth, split, pruning_lab as lab

from tests.conftest import seed_upload

ROOT = Path(__file__).resolve().parent.parent


def codes(n: int) -> Dataset:
    """A nominal feature with ``n`` levels (one per row, so it is declared nominal: it would be
    guessed an identifier) and a two-class target."""
    frame = pd.DataFrame({"code": [f"k{i}" for i in range(n)], "y": ["a", "b"] * (n // 2)})
    return Dataset.from_frame(frame, "y", kinds={"code": "nominal"})


def watermelon() -> Dataset:
    frame = load_sample("watermelon2.0").frame
    return Dataset.from_frame(frame, "好瓜", ignore=["编号"])


def test_loaders_use_the_one_set_of_limits():
    """The loaders read ``ui.limits.MAX_…`` when they check, never a copy imported by name
    (a copy would not follow a change of the limit)."""
    data = ROOT / "ui" / "data"
    sources = [data / "loaders.py", *(data / "loading").glob("*.py")]
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("limits"):
                assert not [a.name for a in node.names if a.name.startswith("MAX_")], path


def test_upload_size_limit_matches_the_server_config():
    text = (ROOT / ".streamlit" / "config.toml").read_text()
    assert f"maxUploadSize = {limits.MAX_UPLOAD_BYTES // 2**20}" in text


@pytest.mark.parametrize("algorithm, n, refused", [
    ("id3", limits.MAX_MULTIWAY_LEVELS, False), ("id3", limits.MAX_MULTIWAY_LEVELS + 2, True),
    ("c45", limits.MAX_MULTIWAY_LEVELS + 2, True), ("cart", limits.MAX_MULTIWAY_LEVELS + 2, False),
    ("cart", limits.MAX_LEVELS + 2, True),
])
def test_levels_per_nominal_feature(algorithm, n, refused):
    messages = level_messages(codes(n), algorithm, "en")
    assert bool(messages) == refused
    if refused:
        assert "Column 'code'" in messages[0] and f"{n:,}" in messages[0]
        assert ("Use CART" in messages[0]) == (algorithm != "cart")
        assert "ignore" in messages[0].lower()


def test_slow_fits_are_announced(monkeypatch):
    monkeypatch.setattr(limits, "SECONDS_PER_CELL", 4e-5)      # keeps the table small
    assert slow_fit_message(watermelon(), "en") is None
    cells = limits.SLOW_FIT_SECONDS / limits.SECONDS_PER_CELL
    big = Dataset.from_frame(pd.DataFrame({"x": [0.0, 1.0], "y": ["a", "b"]}), "y")
    assert slow_fit_message(big, "en") is None
    message = slow_fit_message(codes(2 * int(cells) + 2), "zh")
    assert message is not None and "秒" in message


def test_fit_stops_at_the_deadline():
    data = watermelon()
    full = growth.fit(data, {"algorithm": "id3"})
    assert not full.stopped_early and full.tree.n_steps == 5
    cut = growth.fit(data, {"algorithm": "id3"}, max_seconds=0)
    assert cut.stopped_early and cut.tree.n_steps == 0      # checked before every expansion
    assert cut.tree.n_nodes == 1 and cut.tree.root.stop_reason is None


def test_a_fit_stopped_at_the_deadline_stays_cached_until_grown_again(monkeypatch):
    """The partial tree stays cached (stepping through it stays fast); "Grow again" (``retry``)
    grows it anew, and a complete fit then stays cached."""
    data, params = watermelon(), {"algorithm": "id3"}
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    first = growth.cached_fit(data, params)
    assert first.stopped_early and growth.cached_fit(data, params) is first
    again = growth.cached_fit(data, params, retry=True)
    assert again.stopped_early and again is not first
    monkeypatch.undo()
    assert growth.cached_fit(data, params) is again                # kept until asked
    done = growth.cached_fit(data, params, retry=True)
    assert not done.stopped_early and done.tree.is_complete and done.tree.n_steps == 5
    assert growth.cached_fit(data, params, retry=True) is done     # a complete fit stays


def test_compare_and_the_lab_grow_partial_trees_again_on_request(monkeypatch):
    """Compare's builds and the lab's trees stopped at the deadline stay cached until "Grow
    again"; what the lab derives from a partial tree (post-pruned trees, CCP points) is never
    cached, so it follows the tree."""
    chosen = split.rows_split(watermelon(), growth.ZHOU_TABLE_4_2_VALIDATION)
    train, validation, params = chosen.train, chosen.validation, {"algorithm": "id3"}
    full = lab.unpruned_params(params)
    options = {"rule": "strict", "cf": 0.25, "ccp_select": "validation", "folds": 5}

    def trees(retry=False):
        unpruned = lab.unpruned_tree(train, params, (), retry)
        return (compare.cached_build(params, (), "rep", train, validation, retry),
                lab.prepruned_tree(train, validation, params, (), "validation", None, retry),
                unpruned,
                lab.cached_post_prune("rep", unpruned, train, validation, options, full),
                lab.cached_ccp_points(unpruned, train, validation, params))

    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    built, prepruned, unpruned, rep, points = trees()
    assert built.stopped_early and not prepruned.is_complete and not unpruned.is_complete
    assert rep.tree.n_nodes == 1 and len(points) == 1
    assert lab.prepruned_tree(train, validation, full, (), "limits", unpruned) is unpruned
    monkeypatch.undo()
    kept = trees()
    assert kept[0] is built and kept[1] is prepruned and kept[2] is unpruned
    built, prepruned, unpruned, rep, points = trees(retry=True)
    assert not built.stopped_early and built.tree.n_steps > 0
    assert prepruned.is_complete and prepruned.n_steps > 0 and unpruned.is_complete
    assert rep.tree.n_nodes == lab.post_prune("rep", unpruned, train, validation, options,
                                              full).tree.n_nodes > 1
    assert len(points) > 1
    assert trees(retry=True)[0] is built                # complete results stay cached


def test_collapse_depth_bounds_the_nodes_drawn():
    tree = growth.fit(watermelon(), {"algorithm": "id3"}).tree
    assert limits.collapse_depth(tree, tree.n_nodes) is None
    depth = limits.collapse_depth(tree, 4)
    assert sum(n.depth <= depth for n in tree.iter_nodes()) <= 4
    dot = to_dot(tree, max_depth=depth)
    assert "_more" in dot
    if shutil.which("dot"):                        # graphviz lays the collapsed tree out
        drawn = json.loads(subprocess.run(["dot", "-Tjson0"], input=dot, text=True,
                                          capture_output=True, check=True).stdout)
        real = [o for o in drawn["objects"] if not o["name"].endswith("_more")]
        assert 1 < len(real) <= 4 < tree.n_nodes


def _widest_row(dot: str) -> int:
    """Most boxes graphviz lays out side by side (at one height) in ``dot``'s drawing."""
    layout = json.loads(subprocess.run(["dot", "-Tjson0"], input=dot, text=True,
                                       capture_output=True, check=True).stdout)
    return int(pd.Series([o["pos"].split(",")[1] for o in layout["objects"]]).value_counts()
               .max())


@pytest.mark.skipif(shutil.which("dot") is None, reason="the Graphviz `dot` program lays it out")
def test_a_wide_tree_is_drawn_to_the_depth_whose_rows_stay_readable():
    """Soybean's C4.5 tree is few enough nodes to draw five levels, but they would put 32
    boxes in a row, scaled down to the page's width: it is drawn to the deepest level whose
    rows, with the "…" of the collapsed subtrees, hold at most MAX_DRAWN_WIDTH boxes."""
    from tests.browser.uploads import soybean

    tree = growth.fit(Dataset.from_frame(soybean(), "class"), {"algorithm": "c45"}).tree
    depth = limits.collapse_depth(tree)
    assert depth == limits.collapse_depth(tree, max_width=10**6) - 3 == 2
    assert _widest_row(to_dot(tree, max_depth=depth)) <= limits.MAX_DRAWN_WIDTH
    assert _widest_row(to_dot(tree, max_depth=depth + 1)) > limits.MAX_DRAWN_WIDTH


def test_a_compiled_tree_is_measured_for_drawing_without_making_its_nodes():
    from dataclasses import replace

    from treecore import grow

    frame = pd.DataFrame({"x": range(600), "y": [("ab"[i % 2], "ba"[i % 2])[i % 7 < 3]
                                                for i in range(600)]})
    data = Dataset.from_frame(frame, "y", kinds={"x": "continuous"})
    tree = grow(data)
    assert tree.node_table is not None and tree.n_nodes > limits.MAX_DRAWN_NODES
    depth = limits.collapse_depth(tree)
    assert tree.nodes.n_made == 0
    made = replace(tree, nodes=tuple(tree.nodes))                # the same nodes, all made
    assert made.node_table is None and limits.collapse_depth(made) == depth
    assert limits.collapse_depth(tree, max_width=2) == limits.collapse_depth(made, max_width=2)
    fresh = grow(data)                                            # no node made yet
    deep = max(fresh.node_table.depth.tolist())
    reached = _ancestry(fresh, int(np.flatnonzero(fresh.node_table.depth == deep)[0]))
    assert limits.collapse_depth(fresh, max_nodes=3, drawn=reached) == \
        limits.collapse_depth(made, max_nodes=3, drawn=reached)
    assert fresh.nodes.n_made == len(reached) < reached[-1]      # made alone, not the prefix


def _ancestry(tree, node_id: int) -> list[int]:
    """The ids from the root down to ``node_id``, read from the node table."""
    chain = [node_id]
    while tree.node_table.parent[chain[-1]] >= 0:
        chain.append(int(tree.node_table.parent[chain[-1]]))
    return chain[::-1]


# ------------------------------------------------------------------------------ Grow page
def test_grow_page_refuses_too_many_levels(make_app):
    at = make_app("pages/grow.py")
    at.session_state[state.ALGORITHM] = "c45"
    data = "code,y\n" + "".join(f"k{i // 2},{'ab'[i % 2]}\n" for i in range(300))
    seed_upload(at, "codes.csv", data.encode())
    at.session_state[state.TARGET] = "y"
    at.session_state[state.KINDS] = {}
    at.run()
    assert not at.exception, at.exception
    assert any("Column 'code' has 150 distinct values" in e.value for e in at.error)
    assert not at.get("graphviz_chart")


def test_grow_page_warns_before_a_long_fit_and_stops_it(make_app, monkeypatch):
    monkeypatch.setattr(limits, "SECONDS_PER_CELL", 10.0)
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    at = make_app("pages/grow.py")
    at.session_state[state.ALGORITHM] = "id3"
    at.run()
    assert not at.exception, at.exception
    warnings = " ".join(w.value for w in at.warning)
    assert "may take about" in warnings and "stopped after 0 s (the limit) at step 0" in warnings


def test_grow_page_grows_a_partial_tree_again_on_request(make_app, monkeypatch):
    """A partial fit stays cached, so stepping and playing do not refit; the deadline warning's
    "Grow again" button grows it anew."""
    data = watermelon()
    partial = Growth(data, GrowthConfig.from_params(algorithm="id3"))
    steps = {}
    for step in partial.steps():
        steps[step.node_id] = step
        if len(steps) == 2:
            break
    fits = []

    def stopped_fit(*args, **kwargs):
        fits.append(args)
        return growth.Grown(partial.tree(), steps, stopped_early=True)

    monkeypatch.setattr(growth, "fit", stopped_fit)
    at = make_app("pages/grow.py")
    at.session_state[state.ALGORITHM] = "id3"
    at.run()
    assert not at.exception, at.exception
    assert any("Grow again" in w.value for w in at.warning)
    assert not at.button(key="grow.play").disabled and len(fits) == 1
    at.button(key="grow.next").click().run()            # stepping uses the cached partial tree
    assert len(fits) == 1 and at.session_state[growth.STEP] == 1
    at.button(key="grow.retry").click().run()           # the user asks: it is grown again
    assert not at.exception, at.exception
    assert len(fits) == 2
    at.button(key="grow.next").click().run()
    assert len(fits) == 2                               # asked once, not on every run


@pytest.mark.parametrize("language, expected", [
    ("en", "Choosing α by 3-fold cross-validation did not finish within 0 s (0 of 3 folds done)"),
    ("zh", "用 3 折交叉验证选择 α 未能在 0 秒内完成（已完成 0/3 折）"),
], ids=["en", "zh"])
def test_pruning_lab_reports_the_cross_validation_time_limit(make_app, monkeypatch, language,
                                                             expected):
    """CCP's α by cross-validation is bounded by the fit deadline inside treecore; the lab says
    which bound was hit and how many folds finished, in the session's language."""
    at = make_app("pages/prune.py")
    at.session_state[state.LANGUAGE] = language
    at.session_state[lab.METHOD], at.session_state[lab.option_key("ccp_select")] = "ccp", "cv"
    at.run()                                     # within the bound: α chosen, trees cached
    assert not at.exception and not at.error, (at.exception, at.error)
    assert not any(expected in i.value for i in at.info)
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    at.number_input(key="w_" + lab.option_key("folds")).set_value(3).run()
    assert not at.exception and not at.error, (at.exception, at.error)
    shown = [i.value for i in at.info if expected in i.value]
    assert len(shown) == 2                       # the post-pruned column and the replay
    assert not at.warning                        # the unpruned tree (cached) is complete


def test_grow_page_draws_a_large_tree_collapsed(make_app, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DRAWN_NODES", 3)
    at = make_app("pages/grow.py")
    at.session_state[state.ALGORITHM] = "id3"
    at.session_state[growth.STEP] = 5
    at.run()
    assert not at.exception, at.exception
    assert at.number_input(key="grow.drawn_depth").value == 1
    assert "_more" in at.get("graphviz_chart")[0].proto.spec
    at.number_input(key="grow.drawn_depth").set_value(9).run()
    assert "_more" not in at.get("graphviz_chart")[0].proto.spec


@pytest.mark.parametrize("page, key", [("pages/prune.py", "lab.drawn_depth.unpruned"),
                                       ("pages/compare.py", "compare.drawn_depth.0")])
def test_pruning_lab_and_compare_draw_a_large_tree_collapsed(make_app, monkeypatch, page, key):
    """The lab and Compare draw through the Grow page's helper (ui.views.drawing.tree_chart)."""
    monkeypatch.setattr(limits, "MAX_DRAWN_NODES", 3)
    at = make_app(page)
    at.run()
    assert not at.exception, at.exception
    assert at.number_input(key=key).value == 1
    assert "_more" in at.get("graphviz_chart")[0].proto.spec
    at.number_input(key=key).set_value(30).run()
    assert "_more" not in at.get("graphviz_chart")[0].proto.spec


def test_every_page_draws_trees_through_the_one_helper():
    """No page calls st.graphviz_chart itself: each tree on screen goes through tree_chart."""
    pages = (ROOT / "pages").glob("*.py")
    assert not [p.name for p in pages if "graphviz_chart" in p.read_text("utf-8")]


@pytest.mark.parametrize("page, button", [("pages/prune.py", "lab.retry"),
                                          ("pages/compare.py", "compare.retry.0")])
def test_lab_and_compare_offer_to_grow_again(make_app, monkeypatch, page, button):
    """The Pruning lab and Compare show the deadline note with a "Grow again" button that
    works like the Grow page's."""
    monkeypatch.setattr(limits, "FIT_DEADLINE_SECONDS", 0.0)
    at = make_app(page)
    at.session_state[state.ALGORITHM] = "id3"
    at.run()
    assert not at.exception, at.exception
    assert any("Grow again" in w.value for w in at.warning)
    monkeypatch.undo()
    at.button(key=button).click().run()
    assert not at.exception, at.exception
    assert not any("Grow again" in w.value for w in at.warning)


@pytest.mark.parametrize("engine, algorithm, force", [
    ("presorted", "cart", None), ("nodewise", "c45", None), ("j48", "j48", None),
    ("nodewise", "id3", {(): "纹理"}), ("readable", "id3", {(): "纹理"})])
def test_every_engine_tells_how_long_it_has_grown(engine, algorithm, force):
    """Each engine calls ``on_tick`` at its deadline checks (the Grow page's progress bar); the
    readable builder, the reference, is started by itself."""
    from treecore.grow.builder import Growth
    from treecore.grow.engines import start_growth

    data = Dataset.from_frame(load_sample("iris").frame, "species") if engine == "presorted" \
        else watermelon()
    ticks = []
    start = Growth if engine == "readable" else start_growth
    growth = start(data, GrowthConfig.from_params(algorithm=algorithm), force=force,
                   max_seconds=60, on_tick=ticks.append)
    list(growth.steps())
    assert ticks and ticks == sorted(ticks) and 0 <= ticks[0] < 60
    assert type(growth).__module__.split(".")[-1] == {
        "presorted": "presorted", "nodewise": "nodewise", "j48": "j48",
        "readable": "builder"}[engine]


def test_only_the_thread_that_grows_is_told_the_time():
    """The threads sorting the features check the deadline too; a page may draw its progress
    bar only from its own thread, so only checks made on the deadline's thread tick."""
    import threading

    from treecore.grow.growing import Deadline

    ticks = []
    deadline = Deadline(60, ticks.append)
    worker = threading.Thread(target=deadline.passed)
    worker.start()
    worker.join()
    assert ticks == []
    assert not deadline.passed() and len(ticks) == 1


@pytest.mark.parametrize("target", ["y", "number"])
def test_the_grow_page_shows_a_fits_progress_while_threads_sort(make_app, monkeypatch, target):
    """A fit estimated at a second or more gets a progress bar, moved at the engine's deadline
    checks; the nodewise engine sorts its continuous features on two threads, which check the
    deadline too (before, their ticks drew from outside the page's thread: an exception)."""
    import numpy as np

    rng = np.random.default_rng(0)
    n = 600
    table = pd.DataFrame({"a": rng.normal(size=n), "b": rng.normal(size=n),
                          "c": rng.choice(["p", "q", "r"], n)})
    table = table.mask(rng.random(table.shape) < 0.1)
    table["y"] = rng.choice(["yes", "no"], n)
    table["number"] = rng.normal(size=n)
    table = table.drop(columns="number" if target == "y" else "y")
    monkeypatch.setattr(limits, "SECONDS_PER_CELL", 1.0)      # every fit "takes long"
    at = seed_upload(make_app("pages/grow.py"), "mixed.csv", table.to_csv(index=False).encode())
    at.session_state[state.TARGET] = target
    at.run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert any("steps" in c.value and "nodes" in c.value for c in at.caption)   # it grew
