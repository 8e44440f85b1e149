"""Every figure the textbooks print for the bundled examples (``samples/``, the same tables as
``shared/examples/``, whose README lists the figures), asserted to the precision they print.

A printed figure with d decimals is matched within max(0.001, half a unit of its last digit), so
Li Hang's two-decimal Gini values (0.27 for 0.2667) pass exactly when they round to the print and
Zhou's three-decimal gains pass within 0.001. Where the README notes that a book rounded along
the way, the exact value it gives is asserted to its four decimals instead.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import treecore
from treecore import Dataset, grow, split_candidates, threshold_curve
from treecore.measures.criteria import entropy, gini, weighted_child_impurity
from treecore.io import to_text

from tests.conftest import SAMPLES


def printed(ours: float, text: str) -> None:
    """``ours`` agrees with the figure the book prints as ``text``."""
    decimals = len(text.split(".")[1]) if "." in text else 0
    tolerance = max(0.001, 0.5 * 10.0 ** -decimals) + 1e-12
    assert abs(float(ours) - float(text)) <= tolerance, f"{ours} vs printed {text}"


def exactly(ours: float, value: float) -> None:
    """``ours`` equals ``value`` to the four decimals the README gives."""
    assert abs(float(ours) - value) <= 0.00005 + 1e-12, f"{ours} vs exact {value}"


def load(name: str) -> pd.DataFrame:
    return pd.read_csv(SAMPLES / name, keep_default_na=False, dtype=str).replace("", np.nan)


def numeric(name: str) -> pd.DataFrame:
    return pd.read_csv(SAMPLES / name)


def ids3_subset(tree, dataset, node_id, feature):
    """The ID3 candidate of ``feature`` at ``node_id``, recomputed from the rows reaching it."""
    return split_candidates(dataset, node=(tree, node_id))[feature]


def child(tree, node_id: int, branch: str):
    node = tree.node(node_id)
    return tree.node(node.children[node.split.branches.index(branch)])


# ============================================================================ Li Hang, Table 5.1
@pytest.fixture(scope="module")
def loans() -> Dataset:
    return Dataset.from_frame(numeric("lihang_loan.csv"), "类别")


def test_lihang_entropy_of_the_data(loans):
    counts = np.bincount(loans.y, weights=loans.weights)
    printed(entropy(counts), "0.971")


@pytest.mark.parametrize("feature, gain", [("年龄", "0.083"), ("有工作", "0.324"),
                                           ("有自己的房子", "0.420"), ("信贷情况", "0.363")])
def test_lihang_information_gain(loans, feature, gain):
    printed(split_candidates(loans, "id3")[feature].gain, gain)


def test_lihang_id3_root_is_own_house(loans):
    assert split_candidates(loans, "id3").best().feature == "有自己的房子"


@pytest.fixture(scope="module")
def loans_id3(loans):
    return grow(loans, algorithm="id3")


def test_lihang_subset_entropy(loans_id3):
    no_house = child(loans_id3, 0, "否")
    assert no_house.weighted_n_samples == 9
    printed(entropy(no_house.class_counts), "0.918")


@pytest.mark.parametrize("feature, check", [
    ("年龄", lambda g: exactly(g, 0.2516)),        # the book truncates to 0.251
    ("年龄", lambda g: printed(g, "0.251")),
    ("有工作", lambda g: printed(g, "0.918")),
    ("信贷情况", lambda g: printed(g, "0.474")),
])
def test_lihang_subset_gains(loans, loans_id3, feature, check):
    no_house = child(loans_id3, 0, "否")
    check(ids3_subset(loans_id3, loans, no_house.node_id, feature).gain)


def test_lihang_subset_gains_on_the_subset_itself(loans):
    """The same figures from a data set holding only the nine rows (no tree involved)."""
    frame = numeric("lihang_loan.csv")
    subset = Dataset.from_frame(frame[frame["有自己的房子"] == "否"], "类别")
    table = split_candidates(subset, "id3")
    exactly(table["年龄"].gain, 0.2516)
    printed(table["有工作"].gain, "0.918")
    printed(table["信贷情况"].gain, "0.474")
    assert table.best().feature == "有工作"


def test_lihang_id3_tree(loans_id3):
    internal = [n for n in loans_id3.iter_nodes() if not n.is_leaf]
    assert [n.split.feature for n in internal] == ["有自己的房子", "有工作"]
    assert child(loans_id3, 0, "否").split.feature == "有工作"
    assert len(internal) == 2 and loans_id3.n_leaves == 3
    assert to_text(loans_id3) == ("有自己的房子 = 否\n"
                                  "|   有工作 = 否: 否 (6)\n"
                                  "|   有工作 = 是: 是 (3)\n"
                                  "有自己的房子 = 是: 是 (6)")


def _gini_of_value(curve, value: str) -> float:
    """Gini of the split "A = value vs rest" among a nominal curve's subset entries."""
    rest = set(curve.labels) - {value}
    for i, subset in enumerate(curve.subsets):
        if set(subset) in ({value}, rest):
            return float(curve.figures["gini"][i])
    raise AssertionError(f"no entry {value!r} vs rest in {curve.subsets}")


@pytest.mark.parametrize("feature, value, gini_", [
    ("年龄", "青年", "0.44"), ("年龄", "中年", "0.48"), ("年龄", "老年", "0.44"),
    ("有工作", "是", "0.32"), ("有自己的房子", "是", "0.27"),
    ("信贷情况", "一般", "0.32"), ("信贷情况", "好", "0.47"), ("信贷情况", "非常好", "0.36"),
])
def test_lihang_cart_gini_of_each_value_vs_rest(loans, feature, value, gini_):
    curve = threshold_curve(loans, feature, "gini", algorithm="cart")
    printed(_gini_of_value(curve, value), gini_)


@pytest.mark.parametrize("feature, gini_", [("年龄", "0.44"), ("有工作", "0.32"),
                                            ("有自己的房子", "0.27"), ("信贷情况", "0.32")])
def test_lihang_cart_best_split_per_feature(loans, feature, gini_):
    candidate = split_candidates(loans, "cart")[feature]
    printed(candidate.gini, gini_)
    curve = threshold_curve(loans, feature, "gini", algorithm="cart")
    assert curve.figures["gini"][curve.best] == pytest.approx(candidate.gini)


def test_lihang_cart_root_is_own_house(loans):
    table = split_candidates(loans, "cart")
    assert table.best().feature == "有自己的房子"
    printed(table.best().gini, "0.27")
    tree = grow(loans, algorithm="cart")
    assert tree.root.split.feature == "有自己的房子"


# ============================================================================ Zhou, Table 4.1
@pytest.fixture(scope="module")
def melons() -> Dataset:
    return Dataset.from_frame(numeric("watermelon2.0.csv"), "好瓜")


def test_zhou_entropy_of_the_data(melons):
    printed(entropy(np.bincount(melons.y)), "0.998")


@pytest.mark.parametrize("feature, check", [
    ("色泽", lambda g: exactly(g, 0.1081)),        # the book prints 0.109
    ("色泽", lambda g: printed(g, "0.109")),
    ("根蒂", lambda g: printed(g, "0.143")), ("敲声", lambda g: printed(g, "0.141")),
    ("纹理", lambda g: printed(g, "0.381")), ("脐部", lambda g: printed(g, "0.289")),
    ("触感", lambda g: printed(g, "0.006")),
])
def test_zhou_information_gain(melons, feature, check):
    check(split_candidates(melons, "id3")[feature].gain)


def test_zhou_root_is_texture(melons):
    assert split_candidates(melons, "id3").best().feature == "纹理"
    assert grow(melons, algorithm="id3").root.split.feature == "纹理"


@pytest.fixture(scope="module")
def melons_id3(melons):
    return grow(melons, algorithm="id3")


@pytest.mark.parametrize("feature, gain", [("色泽", "0.043"), ("根蒂", "0.458"), ("敲声", "0.331"),
                                           ("脐部", "0.458"), ("触感", "0.458")])
def test_zhou_gains_under_clear_texture(melons, melons_id3, feature, gain):
    clear = child(melons_id3, 0, "清晰")
    assert clear.weighted_n_samples == 9
    printed(ids3_subset(melons_id3, melons, clear.node_id, feature).gain, gain)


def test_zhou_three_way_tie_goes_to_the_earliest_column(melons, melons_id3):
    clear = child(melons_id3, 0, "清晰")
    table = split_candidates(melons, node=(melons_id3, clear.node_id))
    assert "纹理" not in table                     # used up on the path
    gains = [table[f].gain for f in ("根蒂", "脐部", "触感")]
    assert max(gains) - min(gains) < 1e-12
    assert table.best().feature == "根蒂"
    assert clear.split.feature == "根蒂"


def test_zhou_figure_4_4_tree(melons_id3):
    """The whole ID3 tree of Zhou's 图 4.4, an empty branch (浅白) included."""
    assert to_text(melons_id3) == "\n".join([
        "纹理 = 清晰", "|   根蒂 = 蜷缩: 是 (5)", "|   根蒂 = 稍蜷", "|   |   色泽 = 青绿: 是 (1)",
        "|   |   色泽 = 乌黑", "|   |   |   触感 = 硬滑: 是 (1)", "|   |   |   触感 = 软粘: 否 (1)",
        "|   |   色泽 = 浅白: 是 (0)", "|   根蒂 = 硬挺: 否 (1)", "纹理 = 稍糊",
        "|   触感 = 硬滑: 否 (4)", "|   触感 = 软粘: 是 (1)", "纹理 = 模糊: 否 (3)"])


@pytest.fixture(scope="module")
def melons_with_id() -> Dataset:
    data = Dataset.from_frame(numeric("watermelon2.0.csv"), "好瓜", kinds={"编号": "nominal"})
    assert data.feature_names[0] == "编号"
    return data


def test_row_id_is_ignored_unless_asked_for(melons):
    assert "编号" not in melons.feature_names


@pytest.mark.parametrize("feature, iv", [("触感", "0.874"), ("色泽", "1.580"), ("编号", "4.088")])
def test_zhou_intrinsic_value(melons_with_id, feature, iv):
    printed(split_candidates(melons_with_id, "c45")[feature].split_info, iv)


def test_zhou_iv_of_row_id_is_log2_17(melons_with_id):
    assert split_candidates(melons_with_id, "c45")["编号"].split_info == pytest.approx(np.log2(17))


def test_zhou_gain_of_row_id(melons_with_id):
    table = split_candidates(melons_with_id, "id3")
    printed(table["编号"].gain, "0.998")
    assert table.best().feature == "编号"           # why information gain loves it


def test_zhou_gain_ratio_resists_row_id(melons_with_id):
    """C4.5: 编号 passes the average-gain filter but loses on gain ratio to 纹理."""
    table = split_candidates(melons_with_id, "c45")
    assert table["编号"].eligible and table["纹理"].eligible
    assert table.best().feature == "纹理"
    assert table["纹理"].gain_ratio == pytest.approx(table["纹理"].gain / table["纹理"].split_info)


# ----------------------------------------------------------------------------- Table 4.2 split
TRAIN_IDS = {1, 2, 3, 6, 7, 10, 14, 15, 16, 17}


@pytest.fixture(scope="module")
def table42():
    frame = numeric("watermelon2.0.csv")
    train = frame[frame["编号"].isin(TRAIN_IDS)]
    validation = frame[~frame["编号"].isin(TRAIN_IDS)]
    assert set(validation["编号"]) == {4, 5, 8, 9, 11, 12, 13}
    return Dataset.from_frame(train, "好瓜"), validation


def test_zhou_table_4_2_tie(table42):
    data, _ = table42
    table = split_candidates(data, "id3")
    printed(table["脐部"].gain, "0.276")
    printed(table["色泽"].gain, "0.276")
    assert abs(table["脐部"].gain - table["色泽"].gain) < 1e-12
    assert max(c.gain for c in table) == pytest.approx(table["色泽"].gain)


def test_zhou_table_4_2_tie_break_and_forcing(table42):
    data, _ = table42
    assert grow(data, algorithm="id3").root.split.feature == "色泽"
    forced = grow(data, algorithm="id3", force={(): "脐部"})
    assert forced.root.split.feature == "脐部" and forced.root.split.forced


@pytest.mark.parametrize("force, accuracy", [(None, "0.286"), ({(): "脐部"}, "0.429")])
def test_zhou_table_4_2_unpruned_validation_accuracy(table42, force, accuracy):
    data, validation = table42
    tree = grow(data, algorithm="id3", force=force)
    printed(np.mean(tree.predict(validation) == validation["好瓜"].to_numpy()), accuracy)


# ============================================================================ Zhou, Table 4.3
@pytest.fixture(scope="module")
def melons3() -> Dataset:
    return Dataset.from_frame(numeric("watermelon3.0.csv"), "好瓜")


@pytest.mark.parametrize("feature, threshold, gain", [("密度", "0.381", "0.262"),
                                                      ("含糖率", "0.126", "0.349")])
def test_zhou_continuous_threshold_and_gain(melons3, feature, threshold, gain):
    candidate = split_candidates(melons3, "id3")[feature]
    assert candidate.kind is treecore.Kind.CONTINUOUS
    printed(candidate.threshold, threshold)
    printed(candidate.gain, gain)


def test_zhou_density_threshold_is_the_midpoint(melons3):
    """0.381 is the midpoint (0.360 + 0.403) / 2 = 0.3815 as the book prints it; the "data"
    style reports the largest training value not above the cut, 0.360 (and 0.103 for 含糖率)."""
    assert split_candidates(melons3, "id3")["密度"].threshold == pytest.approx(0.3815)
    data_style = grow(melons3, algorithm="id3", threshold_style="data")
    table = split_candidates(melons3, node=(data_style, 0))
    assert table["密度"].threshold == pytest.approx(0.360)
    assert table["密度"].midpoint == pytest.approx(0.3815)
    assert table["含糖率"].threshold == pytest.approx(0.103)
    printed(table["含糖率"].midpoint, "0.126")


def test_zhou_watermelon3_root_and_density_below(melons3):
    tree = grow(melons3, algorithm="id3")
    assert tree.root.split.feature == "纹理"
    clear = child(tree, 0, "清晰")
    assert clear.split.feature == "密度"
    printed(clear.split.threshold, "0.381")


def test_zhou_continuous_attribute_reused_lower():
    """Zhou 图 4.10 (3.0 with 密度 and 含糖率 only): 含糖率 is tested twice on one path."""
    frame = numeric("watermelon3.0.csv")[["密度", "含糖率", "好瓜"]]
    tree = grow(Dataset.from_frame(frame, "好瓜"), algorithm="id3")
    root = tree.root
    printed(root.split.threshold, "0.126")
    second = child(tree, 0, root.split.branches[1])
    assert second.split.feature == "密度"
    printed(second.split.threshold, "0.381")
    third = child(tree, second.node_id, second.split.branches[1])
    assert (root.split.feature, third.split.feature) == ("含糖率", "含糖率")
    printed(third.split.threshold, "0.205")
    fourth = child(tree, third.node_id, third.split.branches[0])
    assert fourth.split.feature == "密度"
    printed(fourth.split.threshold, "0.560")


# ============================================================================ Zhou, Table 4.4
@pytest.fixture(scope="module")
def melons_alpha() -> Dataset:
    return Dataset.from_frame(load("watermelon2.0alpha.csv"), "好瓜")


def test_zhou_alpha_colour_figures(melons_alpha):
    colour = split_candidates(melons_alpha, "id3")["色泽"]
    assert colour.rho == pytest.approx(14 / 17)
    printed(colour.rho, "0.824")
    known_counts = np.asarray(colour.branch_counts).sum(axis=0)
    printed(entropy(known_counts), "0.985")
    printed(colour.gain / colour.rho, "0.306")
    printed(colour.gain, "0.252")


@pytest.mark.parametrize("feature, gain", [("色泽", "0.252"), ("根蒂", "0.171"), ("敲声", "0.145"),
                                           ("纹理", "0.424"), ("脐部", "0.289"), ("触感", "0.006")])
def test_zhou_alpha_rho_scaled_gains(melons_alpha, feature, gain):
    printed(split_candidates(melons_alpha, "id3")[feature].gain, gain)


def test_zhou_alpha_root_and_fractional_rows(melons_alpha):
    tree = grow(melons_alpha, algorithm="id3")
    assert tree.root.split.feature == "纹理"
    expected = {"清晰": Fraction(7, 15), "稍糊": Fraction(5, 15), "模糊": Fraction(3, 15)}
    for branch, fraction in expected.items():
        sample = tree.node_rows(melons_alpha, child(tree, 0, branch).node_id)
        weight_of = dict(zip(melons_alpha.row_labels[sample.rows].tolist(), sample.weights))
        for row in (8, 10):
            assert weight_of[row] == pytest.approx(float(fraction)), (branch, row)
        assert sorted(melons_alpha.row_labels[sample.fractional].tolist()) == [8, 10]
    assert np.asarray(tree.root.branch_fractions) == pytest.approx([7 / 15, 5 / 15, 3 / 15])


# ============================================================================ Tan et al.
@pytest.fixture(scope="module")
def tan_curve():
    data = Dataset.from_frame(numeric("tan_loan_default.csv"), "Defaulted")
    return data, threshold_curve(data, "AnnualIncome", "gini", algorithm="cart")


TAN_SCAN = [(65, "0.400"), (72.5, "0.375"), (80, "0.343"), (87.5, "0.417"), (92.5, "0.400"),
            (97.5, "0.300"), (110, "0.343"), (122.5, "0.375"), (172.5, "0.400")]


def test_tan_gini_scan_between_values(tan_curve):
    _, curve = tan_curve
    assert curve.threshold.tolist() == [t for t, _ in TAN_SCAN]
    for value, (_, gini_) in zip(curve.figures["gini"], TAN_SCAN):
        printed(value, gini_)


def test_tan_gini_scan_ends(tan_curve):
    """The book's first and last candidates (55 and 230) put every row on one side: the
    weighted Gini is then the parent's. The curve lists only the cuts between values."""
    data, _ = tan_curve
    counts = np.bincount(data.y, minlength=2).astype(float)
    for branches in ([np.zeros(2), counts], [counts, np.zeros(2)]):
        printed(weighted_child_impurity(np.array(branches), gini), "0.420")


def test_tan_best_threshold(tan_curve):
    data, curve = tan_curve
    assert curve.threshold[curve.best] == 97.5
    printed(curve.figures["gini"][curve.best], "0.300")
    candidate = split_candidates(data, "cart")["AnnualIncome"]
    assert candidate.threshold == 97.5
    printed(candidate.gini, "0.300")


def test_tan_boundary_points_suffice(tan_curve):
    _, curve = tan_curve
    boundary = curve.threshold[curve.is_boundary].tolist()
    assert boundary == [80, 97.5]                  # 75|85 and 95|100 change class
    ginis = curve.figures["gini"]
    assert ginis[curve.is_boundary].min() == ginis.min()
