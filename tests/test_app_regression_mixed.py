"""AppTest of a regression tree on a table with a nominal column (the bundled CPU data: 30
vendors, a number to predict) and on one with empty cells: the Grow page's candidates, the
Pruning lab's validation-set pre-pruning, and the forests and boosting grown on it."""

from __future__ import annotations

import pytest

from tests.conftest import open_tab
from ui import state
from ui.models import pruning_lab as lab


@pytest.fixture
def cpu(make_app):
    def open_page(page: str, language: str = "en", *, refused: bool = False):
        at = make_app(page)
        at.session_state[state.DATASET] = "cpu_vendor"
        at.session_state[state.TARGET] = "PRP"
        at.session_state[state.LANGUAGE] = language
        at.run()
        assert not at.exception, at.exception
        assert bool(at.error) == refused, [e.value for e in at.error]
        return at
    return open_page


def _candidates(at):
    return next(df.value for df in at.dataframe if "sse_after" in df.value.columns)


def test_the_grow_page_offers_a_group_of_vendors(cpu):
    at = cpu("pages/grow.py")
    table = _candidates(at).set_index("feature")
    assert "vendor ∈ {" in table.loc["vendor", "test"]
    assert table.loc["vendor", "sse_after"] < table.loc["vendor", "sse_before"]
    for _ in range(3):
        at.button(key="grow.next").click().run()
        assert not at.exception, at.exception


def test_the_lab_pre_prunes_by_the_validation_squared_error(cpu):
    at = cpu("pages/prune.py")
    radio = at.radio(key="w_" + lab.PREPRUNE)
    assert radio.value == "validation"
    assert radio.options[0] == "by validation squared error"
    captions = [c.value for c in at.caption if c.value.count("RMSE") and "leaves" in c.value]
    unpruned, prepruned = (int(c.split(" leaves")[0]) for c in captions[:2])
    assert prepruned < unpruned


def test_the_lab_in_chinese(cpu):
    at = cpu("pages/prune.py", "zh")
    assert at.radio(key="w_" + lab.PREPRUNE).options[0] == "按验证集平方误差"


def test_a_forest_grows_on_the_vendors(cpu):
    """The members split the 30 vendors into groups: the page draws the forest's curves with
    no message standing in the way."""
    at = cpu("pages/ensembles.py")
    assert at.get("plotly_chart")


def test_the_predict_page_predicts_numbers_for_the_vendors(cpu):
    at = cpu("pages/predict.py")
    table = next(df.value for df in at.dataframe if "PRP (predicted)" in df.value.columns)
    assert table["PRP (predicted)"].dtype.kind == "f"


def test_an_upload_with_empty_cells_grows_a_regression_tree(data_page):
    """Rows with an empty cell go down both branches; the Grow page shows ρ below 1."""
    from tests.test_app_data_reading import upload
    lines = ["size,colour,price"] + [
        f"{'' if i % 7 == 0 else i % 13},{'' if i % 5 == 0 else 'abc'[i % 3]},"
        f"{i % 13 * 1.5 + i % 3}"
        for i in range(60)]
    upload(data_page, "prices.csv", "\n".join(lines).encode())
    assert data_page.radio(key="w_task").value == "regression"
    data_page.switch_page("pages/grow.py").run()
    assert not data_page.exception and not data_page.error, [e.value for e in data_page.error]
    table = _candidates(data_page).set_index("feature")
    assert set(table.index) == {"size", "colour"}
    assert (table["rho"] < 1).all()


def test_the_threshold_tab_orders_a_nominal_features_values_by_mean(cpu):
    from ui.models import growth
    at = cpu("pages/grow.py")
    at.session_state[growth.FEATURE] = "vendor"
    open_tab(at, "tab.threshold").run()
    assert not at.exception, at.exception
    charts = [c for c in at.get("plotly_chart") if "vendor" in c.proto.spec]
    assert len(charts) == 2
    assert any("k − 1 cuts" in c.value for c in at.caption)


def test_the_what_if_forces_a_group_of_vendors_and_reports_the_rmse(cpu):
    at = open_tab(cpu("pages/grow.py"), "tab.whatif").run()
    at.selectbox(key="grow.whatif_feature").set_value("vendor").run()
    at.button(key="grow.whatif_try").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    metrics = {m.label: m for m in at.metric}
    assert {"Training RMSE", "Score of this split"} <= set(metrics)
    assert float(metrics["Score of this split"].delta) < 0        # the best split was MMAX
    forced = [c for c in at.caption if "leaves" in c.value and "now" in c.value]
    assert forced
