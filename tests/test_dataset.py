"""The data edge: kind inference, encoding, missing values, validation errors that say where."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from treecore import DEFAULT_MISSING, DataError, Dataset, Kind, infer_kinds
from treecore.data import IGNORE_REASONS, guess_kinds, marker_classes
from treecore.data.columns import FirstRows, missing_mask


def frame(**columns) -> pd.DataFrame:
    return pd.DataFrame(columns)


@pytest.fixture
def melons() -> pd.DataFrame:
    return frame(编号=[1, 2, 3, 4], 色泽=["青绿", "乌黑", "?", "青绿"],
                 密度=[0.697, 0.774, np.nan, 0.5], 好瓜=["是", "是", "否", "否"])


# ------------------------------------------------------------------------------ encoding
def test_encoding_kinds_labels_and_missing(melons):
    data = Dataset.from_frame(melons, "好瓜")
    assert data.feature_names == ("色泽", "密度")
    assert [f.kind for f in data.features] == [Kind.NOMINAL, Kind.CONTINUOUS]
    assert data.features[0].labels == ("青绿", "乌黑")          # first-seen order
    np.testing.assert_array_equal(data.X[:, 0], [0, 1, np.nan, 0])
    np.testing.assert_array_equal(data.X[:, 1], [0.697, 0.774, np.nan, 0.5])
    assert data.classes == ("是", "否")
    np.testing.assert_array_equal(data.y, [0, 0, 1, 1])
    np.testing.assert_array_equal(data.weights, np.ones(4))
    np.testing.assert_array_equal(data.row_labels, [1, 2, 3, 4])


@pytest.mark.parametrize("marker", ["", " ", "?", "NA", "N/A", "#N/A", "NULL", "NaN", None, np.nan])
def test_missing_markers(marker):
    data = Dataset.from_frame(frame(a=["x", marker, "y"], t=[0, 1, 0]), "t")
    assert np.isnan(data.X[1, 0]) and data.features[0].labels == ("x", "y")


def test_text_held_by_arrow_is_read_for_markers_as_any_text():
    """A CSV's text comes held by Arrow, whose own kernels find the markers there: the same
    cells as in the same text held as Python strings, spaces of any script stripped."""
    cells = [" NA", "x", None, "\u3000?\u3000", "nan ", "none", "\tNULL\n", "N/ A", "", "—", "y"]
    markers = frozenset(DEFAULT_MISSING)
    by_arrow = pd.Series(cells, dtype=pd.StringDtype("pyarrow"))
    assert isinstance(by_arrow.array, pd.arrays.ArrowStringArray)
    expected = [True, False, True, True, True, False, True, False, True, True, False]
    assert missing_mask(pd.Series(cells, dtype=object), markers).tolist() == expected
    assert missing_mask(by_arrow, markers).tolist() == expected
    assert missing_mask(by_arrow, frozenset({"none"})).tolist() == [
        False, False, True, False, False, True, False, False, False, False, False]


@pytest.mark.parametrize("word", ["none", "None", "null", "-"])
def test_words_that_are_also_values_are_categories_by_default(word):
    """The contact-lenses class "none", a "null" allele, a "-" strand: values, not gaps."""
    data = Dataset.from_frame(frame(a=["x", word, "y"], t=[word, "hard", "soft"]), "t")
    assert data.features[0].labels == ("x", word) + ("y",)
    assert data.classes == (word, "hard", "soft")


def test_a_frequent_marker_in_the_target_is_a_class():
    """A marker that occurs twice or more and as often as some class is a class; a rare one is
    a missing class."""
    lenses = frame(a=list("abcdefg"), t=["none", "hard", "none", "soft", "none", "soft", "hard"])
    assert marker_classes(lenses["t"], ("none",)) == {"none": 3}
    data = Dataset.from_frame(lenses, "t", missing=("", "none"))
    assert data.classes == ("none", "hard", "soft")
    once = frame(a=list("abcd"), t=["yes", "no", "yes", "?"])
    assert marker_classes(once["t"]) == {}
    with pytest.raises(DataError, match="row 4: the class"):
        Dataset.from_frame(once, "t")


def test_custom_missing_markers():
    data = Dataset.from_frame(frame(a=["x", "unknown", "?"], t=[0, 1, 0]), "t",
                              missing=("unknown",))
    assert np.isnan(data.X[1, 0]) and data.features[0].labels == ("x", "?")


def test_numbers_as_text_are_continuous():
    data = Dataset.from_frame(frame(a=["1.5", "2", "?"], t=["p", "q", "p"]), "t")
    assert data.features[0].kind is Kind.CONTINUOUS
    np.testing.assert_array_equal(data.X[:, 0], [1.5, 2.0, np.nan])


def test_kinds_override_and_ignore(melons):
    data = Dataset.from_frame(melons, "好瓜", kinds={"编号": "nominal", "密度": Kind.NOMINAL},
                              ignore=["色泽"])
    assert data.feature_names == ("编号", "密度")
    assert data.features[0].labels == ("1", "2", "3", "4")      # integral floats lose ".0"
    assert all(f.kind is Kind.NOMINAL for f in data.features)


def test_bool_and_category_are_nominal():
    kinds = infer_kinds(frame(b=[True, False, True], c=pd.Categorical(["u", "v", "u"]),
                              x=[1.0, 2.0, 3.0]))
    assert kinds == {"b": Kind.NOMINAL, "c": Kind.NOMINAL, "x": Kind.CONTINUOUS}


def test_numbers_written_as_codes_are_nominal():
    kinds = infer_kinds(frame(zip=["02134", "10001", None], part=["-007", "12", "3"],
                              share=["0.5", "-0.25", "10"], zero=["0", "00", "1"]))
    assert kinds == {"zip": Kind.NOMINAL, "part": Kind.NOMINAL, "share": Kind.CONTINUOUS,
                     "zero": Kind.NOMINAL}
    assert infer_kinds(frame(x=["0", "10", "0.0"]))["x"] is Kind.CONTINUOUS


def test_row_id_inference():
    assert infer_kinds(frame(ID=[3, 1, 2], Tid=["a", "b", "c"]))["ID"] is Kind.IGNORED
    sequence = frame(n=list(range(1, 11)), m=list(range(1, 10)) + [1])
    kinds = infer_kinds(sequence)
    assert kinds["n"] is Kind.IGNORED and kinds["m"] is Kind.CONTINUOUS


def test_columns_that_are_no_attribute_of_their_rows_are_left_out_with_the_reason():
    names = [f"customer {i}" for i in range(10)]
    table = frame(name=names, ID=list(range(7, 17)), n=list(range(1, 11)),
                  day=[f"2024-03-{i:02d}" for i in range(1, 11)],
                  datum=[f"{i:02d}.03.2024" for i in range(1, 11)],
                  plan=["a", "b"] * 5, y=names)
    guesses = guess_kinds(table, "y")
    assert {name: guess.reason for name, guess in guesses.items() if guess.reason} == {
        "name": "distinct_text", "ID": "identifier", "n": "row_number", "day": "dates",
        "datum": "dates"}
    assert all(guesses[name].kind is Kind.IGNORED
               for name in ("name", "ID", "n", "day", "datum"))
    assert guesses["plan"] == (Kind.NOMINAL, None)
    assert guesses["y"] == (Kind.NOMINAL, None)              # the target is never left out
    assert set(IGNORE_REASONS) == {guess.reason for guess in guesses.values()} - {None}
    assert infer_kinds(table, "y") == {name: guess.kind for name, guess in guesses.items()}


def test_a_column_is_left_out_only_when_every_known_value_says_so():
    kinds = infer_kinds(frame(
        few=[f"k{i}" for i in range(9)],                               # too few to tell
        repeated=[f"k{i}" for i in range(8)] + ["k0"],
        almost_dates=["2024-03-01"] * 8 + ["soon"]), missing=())
    assert set(kinds.values()) == {Kind.NOMINAL}
    assert infer_kinds(frame(day=["2024-03-01", None, "2024-03-02"]))["day"] is Kind.IGNORED


def test_text_of_its_own_in_most_rows_is_left_out_as_a_ticket_or_a_code():
    """Over half the known values distinct (Titanic's Ticket: 681 in 891 rows) says the text
    names its rows; half or fewer is a category with many levels."""
    tickets = [f"A/5 {i}" for i in range(16)] + ["A/5 0"] * 14          # 16 texts in 30 rows
    plans = [f"plan {i}" for i in range(15)] * 2                         # 15 texts in 30 rows
    cabins = [f"C{i}" for i in range(11)] + [None] * 19                # 11 texts in 11 known
    guesses = guess_kinds(frame(ticket=tickets, plan=plans, cabin=cabins))
    assert guesses["ticket"] == (Kind.IGNORED, "distinct_text")
    assert guesses["plan"] == (Kind.NOMINAL, None)
    assert guesses["cabin"] == (Kind.IGNORED, "distinct_text")


def test_the_estimator_keeps_every_column_it_is_given():
    from treecore import DecisionTreeClassifier
    X = frame(name=[f"c{i}" for i in range(12)], day=[f"2024-03-{i:02d}" for i in range(1, 13)])
    tree = DecisionTreeClassifier(criterion="entropy").fit(X, ["a", "b"] * 6)
    assert tree.n_features_in_ == 2 and tree.predict(X).tolist() == ["a", "b"] * 6


def test_integer_class_labels_normalised():
    data = Dataset.from_frame(frame(a=[1.0, 2.0, 3.0], t=[1, 0, 1]), "t")
    assert data.classes == (1, 0) and all(type(c) is int for c in data.classes)
    np.testing.assert_array_equal(data.schema.encode_classes([np.int64(0), 1.0]), [1, 0])


def test_weights_column_and_sequence():
    table = frame(a=["x", "y", "x"], w=[1, 2, 0.5], t=["p", "q", "p"])
    data = Dataset.from_frame(table, "t", weights="w")
    assert data.feature_names == ("a",)
    np.testing.assert_array_equal(data.weights, [1, 2, 0.5])
    data = Dataset.from_frame(table.drop(columns="w"), "t", weights=[3, 1, 1])
    np.testing.assert_array_equal(data.weights, [3, 1, 1])


def test_rows_without_weights_weigh_one_each_held_as_one_number():
    """A data set given no weights (a table, or an estimator's numbers) weighs each row 1 and
    keeps no array of ones: its weights are one number seen from every row, read-only, and
    its subsets and fingerprint read them as any other weights."""
    table = frame(a=["x", "y", "x"], t=["p", "q", "p"])
    by_numbers = Dataset.from_numbers(np.arange(6.0).reshape(3, 2), ["u", "v"], table["t"])
    for data in (Dataset.from_frame(table, "t"), by_numbers):
        np.testing.assert_array_equal(data.weights, [1.0, 1.0, 1.0])
        assert data.weights.strides == (0,) and not data.weights.flags.writeable
        np.testing.assert_array_equal(data.subset(np.array([0, 2])).weights, [1.0, 1.0])
    weighted = Dataset.from_frame(table, "t", weights=[1.0, 1.0, 1.0])
    assert weighted.fingerprint() == Dataset.from_frame(table, "t").fingerprint()


def test_zero_weight_rows_are_absent_rows():
    """A row of weight 0 adds no threshold, nominal level or class: the encoding equals that of
    the table without it, and the row labels keep the caller's row numbers."""
    table = frame(a=["z", "x", "y", "x"], b=[9.0, 1.0, 2.0, 3.0], t=["r", "p", "q", "p"])
    weights = np.array([0.0, 1.0, 2.0, 1.0])
    data = Dataset.from_frame(table, "t", weights=weights, kinds={"b": "continuous"})
    absent = Dataset.from_frame(table.iloc[1:], "t", weights=weights[1:],
                                kinds={"b": "continuous"})
    assert data.schema == absent.schema and data.features[0].labels == ("x", "y")
    assert data.classes == ("p", "q")
    np.testing.assert_array_equal(data.X, absent.X)
    np.testing.assert_array_equal(data.y, absent.y)
    np.testing.assert_array_equal(data.weights, [1, 2, 1])
    np.testing.assert_array_equal(data.row_labels, [2, 3, 4])


def test_rows_after_a_zero_weight_row_keep_their_numbers_in_errors():
    table = frame(a=["1", "2", "big"], t=["p", "q", "p"])
    with pytest.raises(DataError) as caught:
        Dataset.from_frame(table, "t", weights=[0, 1, 1], kinds={"a": "continuous"})
    assert (caught.value.column, caught.value.row) == ("a", 3)


def test_schema_encodes_new_rows(melons):
    data = Dataset.from_frame(melons, "好瓜")
    new = frame(密度=[0.3, "?"], 色泽=["浅白", "乌黑"])                # unseen value → missing
    np.testing.assert_array_equal(data.schema.encode(new), [[np.nan, 0.3], [1, np.nan]])
    np.testing.assert_array_equal(data.schema.encode_row({"色泽": "青绿", "密度": 1}), [[0, 1]])


def test_schema_round_trip(melons):
    schema = Dataset.from_frame(melons, "好瓜").schema
    assert type(schema).from_dict(schema.to_dict()) == schema


def test_subset_and_fingerprint(melons):
    data = Dataset.from_frame(melons, "好瓜")
    part = data.subset([0, 3])
    np.testing.assert_array_equal(part.row_labels, [1, 4])
    assert part.schema is data.schema
    assert data.fingerprint() == Dataset.from_frame(melons, "好瓜").fingerprint()
    assert part.fingerprint() != data.fingerprint()


def test_default_missing_markers_include_the_usual():
    assert {"", "?", "NA"} <= set(DEFAULT_MISSING)


# ------------------------------------------------------------------------------ errors
def _error(table, target="t", **kwargs) -> DataError:
    with pytest.raises(DataError) as info:
        Dataset.from_frame(table, target, **kwargs)
    return info.value


def test_no_target():
    error = _error(frame(a=[1, 2], b=["x", "y"]), target="class")
    assert error.column == "class" and "['a', 'b']" in str(error)


def test_target_with_missing_value_names_the_row():
    error = _error(frame(a=[1, 2, 3], t=["p", "?", "q"]))
    assert (error.column, error.row) == ("t", 2)
    assert "row 2" in str(error) and error.hint


def test_one_class_only():
    error = _error(frame(a=[1, 2, 3], t=["p", "p", "p"]))
    assert error.column == "t" and "one class" in str(error)


def test_all_missing_column():
    error = _error(frame(a=["?", "", None], b=[1, 2, 3], t=["p", "q", "p"]))
    assert error.column == "a" and "missing" in str(error) and error.hint


@pytest.mark.parametrize("bad", [np.inf, -np.inf, "inf"])
def test_infinite_value(bad):
    error = _error(frame(a=[1.0, 2.0, bad], t=["p", "q", "p"]), kinds={"a": "continuous"})
    assert (error.column, error.row) == ("a", 3)


def test_duplicate_column_names():
    table = pd.DataFrame([[1, 2, "p"], [2, 1, "q"]], columns=["x", "x", "t"])
    assert _error(table).column == "x"


def test_non_numeric_value_in_forced_continuous_column():
    error = _error(frame(a=["1", "2", "big"], t=["p", "q", "p"]), kinds={"a": "continuous"})
    assert (error.column, error.row) == ("a", 3) and "'big'" in str(error)


def test_continuous_float_target():
    error = _error(frame(a=[1, 2, 3], t=[0.5, 1.7, 2.25]))
    assert error.column == "t" and "continuous" in str(error)


@pytest.mark.parametrize("table, kwargs", [
    (frame(a=[1, 2], t=["p", "q"]), {"kinds": {"zz": "nominal"}}),
    (frame(a=[1, 2], t=["p", "q"]), {"weights": [1.0]}),
    (frame(a=[1, 2], t=["p", "q"]), {"weights": [1.0, -1.0]}),
    (frame(a=[1, 2], t=["p", "q"]), {"weights": [0.0, 0.0]}),
    (frame(a=[1, 2], t=["p", "q"]), {"weights": "w"}),
    (frame(a=[1, 2], t=["p", "q"]), {"ignore": ["a"]}),
    (pd.DataFrame({"a": [], "t": []}), {}),
    (pd.DataFrame([[1, "p"]], columns=["Unnamed: 0", "t"]), {}),
])
def test_other_errors(table, kwargs):
    _error(table, **kwargs)


def test_error_message_reads_well():
    error = DataError("contains inf", column="密度", row=4, hint="leave it empty")
    assert str(error) == "Column '密度', row 4: contains inf. Leave it empty."
    assert isinstance(error, ValueError)


# ------------------------------------------------------------------------------ purity
@pytest.mark.parametrize("kwargs", [{}, {"kinds": {"编号": "nominal"}}, {"weights": "w"},
                                    {"ignore": ["密度"]}])
def test_callers_frame_never_modified(melons, kwargs):
    table = melons.assign(w=[1.0, 2.0, 1.0, 1.0], 含糖率=["0.1", "?", "0.3", ""])
    table["色泽"] = table["色泽"].astype("category")
    before = table.copy(deep=True)
    dtypes = table.dtypes.copy()
    Dataset.from_frame(table, "好瓜", **kwargs)
    pd.testing.assert_frame_equal(table, before)
    pd.testing.assert_series_equal(table.dtypes, dtypes)


def test_callers_frame_untouched_on_error(melons):
    before = melons.copy(deep=True)
    with pytest.raises(DataError):
        Dataset.from_frame(melons, "好瓜", kinds={"色泽": "continuous"})
    pd.testing.assert_frame_equal(melons, before)


def test_first_rows_are_numbered_from_one_without_an_array():
    rows = FirstRows(5)
    assert len(rows) == 5 and rows[3] == 4
    np.testing.assert_array_equal(rows[np.array([False, True, False, True, True])], [2, 4, 5])
