"""The fast ways of reading a delimited file (Arrow's parser for the records, Arrow's regular
expressions and casts for plain number columns) give exactly what the checked, cell-by-cell
ways give, or step aside for them."""

from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.data.loading import cells, text
from ui.data.loading.errors import LoadError

WORDS = st.sampled_from(["yes", "no", "none", "?", "a,b", 'say "hi"', "two\nlines", "02134",
                         "1,234", "3.5", "-0", "+7", "nan", "12%", "x\ry", ""])
NUMBERS = st.one_of(st.integers(-10**6, 10**6).map(str),
                    st.floats(-1e6, 1e6, allow_nan=False).map(repr),
                    st.sampled_from(["1e3", ".5", "5.", "+2", "0.25", "007", "1,000", ""]))


@st.composite
def tables(draw):
    """A small table as text: a header, then rows of numbers, words or both per column,
    with LF, CRLF or CR line ends and quotes where a value needs them."""
    n_columns = draw(st.integers(2, 4))
    kinds = [draw(st.sampled_from(["numbers", "words", "mixed"])) for _ in range(n_columns)]
    rows = []
    for _ in range(draw(st.integers(0, 12))):
        row = []
        for kind in kinds:
            source = {"numbers": NUMBERS, "words": WORDS, "mixed": st.one_of(NUMBERS, WORDS)}
            row.append(draw(source[kind]))
        rows.append(row)
    frame = pd.DataFrame(rows, columns=[f"c{i}" for i in range(n_columns)], dtype=object)
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return frame.to_csv(index=False, lineterminator=end)


def checked(csv_text: str) -> tuple[text.Scan, pd.DataFrame]:
    scan = text.scan_records(csv_text, ",")
    return scan, text.read_cells(csv_text, ",", scan)


def outcome(read, csv_text):
    """What ``read(csv_text)`` gives: (scan, frame), or the LoadError's code and values."""
    try:
        return read(csv_text)
    except LoadError as error:
        return error.code, error.params


@given(tables())
def test_arrow_records_equal_the_checked_records(csv_text):
    """Same table, or same message (a bare CR inside a value unquoted ends the line)."""
    fast, slow = outcome(lambda t: text.read_records(t, ","), csv_text), outcome(checked, csv_text)
    assert type(fast[1]) is type(slow[1])
    if isinstance(slow[1], pd.DataFrame):
        assert fast[0] == slow[0]
        pd.testing.assert_frame_equal(fast[1], slow[1])
    else:
        assert fast == slow


@given(tables())
def test_plain_number_columns_read_as_pandas_would(csv_text):
    read = outcome(checked, csv_text)
    if not isinstance(read[1], pd.DataFrame):
        return
    frame = read[1]
    fmt = cells.NumberFormat(".")
    for name in frame.columns:
        fast = cells._plain_numbers(frame[name], fmt)
        if fast is None:
            continue
        slow = pd.to_numeric(frame[name])
        pd.testing.assert_series_equal(fast, slow)


@pytest.mark.parametrize("odd", ["a,b\n1,2\n3\n", "a,b\n1,2\n3,4,5\n", 'a,b\n1,"2\n',
                                 'a,b\n1,x"y\n', "a,b\n1,2\n   \n5,6\n", "a,b\n", "a,b\n\n\n",
                                 'a,b\n"1\n2",3\n'])
def test_an_odd_file_reads_as_the_checked_way_reads_it(odd):
    """A short or long record, a quote left open or inside a value, a line of spaces, no
    records: the same table or the same message either way."""
    fast, slow = outcome(lambda t: text.read_records(t, ","), odd), outcome(checked, odd)
    if isinstance(slow[1], pd.DataFrame):
        assert fast[0] == slow[0]
        pd.testing.assert_frame_equal(fast[1], slow[1])
    else:
        assert fast == slow


def test_the_fast_path_reads_a_title_above_the_header_and_skips_blank_lines():
    scan, frame = text.read_records("Sales 2024\r\rregion,amount\r\rnorth,3\rsouth,\r", ",")
    assert (scan.header_row, scan.data_line) == (3, 3)
    assert frame["region"].tolist() == ["north", "south"]
    assert frame["amount"].iloc[0] == "3" and pd.isna(frame["amount"].iloc[1])


def test_reading_reports_its_stages_in_order():
    from ui.data.loaders import STAGES, read_table

    seen = []
    read_table("t.csv", b"a,b\n1,x\n2,y\n", progress=lambda fraction, stage: seen.append(
        (fraction, stage)))
    assert seen == list(STAGES)
    assert [fraction for fraction, _ in seen] == sorted(fraction for fraction, _ in seen)


def test_the_data_page_shows_a_progress_bar_while_reading(data_page):
    data_page.file_uploader(key="w_upload").upload("t.csv", b"a,b\n1,x\n2,y\n", "text/csv")
    data_page.run()
    assert not data_page.exception, data_page.exception
    assert not data_page.get("progress")            # moved through its stages, then removed


def test_a_refused_file_ends_the_progress_too():
    from ui.data.loaders import read_table

    seen = []
    with pytest.raises(LoadError):
        read_table("t.csv", b"", progress=lambda fraction, stage: seen.append(stage))
    assert seen == ["done"]


def test_a_word_or_a_fraction_after_the_first_cells_is_still_seen():
    """The first cells are matched apart (a column of words fails there); a word, a fraction
    or an exponent further down still decides the column."""
    fmt = cells.NumberFormat(".")

    def column(last: str) -> pd.Series:
        return pd.Series([str(k) for k in range(200)] + [last], dtype="string[pyarrow]")

    assert cells._plain_numbers(column("x"), fmt) is None
    for last, dtype in (("7", "int64"), ("0.5", "float64"), ("1e3", "float64")):
        read = cells._plain_numbers(column(last), fmt)
        assert read.dtype == dtype and read.iloc[-1] == float(last)


@given(tables(), st.sampled_from([".", ","]))
def test_a_column_passed_over_for_want_of_numbers_reads_as_it_did(csv_text, decimal):
    """A column in which Arrow finds no cell that may be a number is passed over; looked at
    cell by cell, it gives the same table and notes."""
    read = outcome(checked, csv_text)
    if not isinstance(read[1], pd.DataFrame):
        return
    fmt = cells.NumberFormat(decimal)
    fast = cells.read_numbers(read[1], fmt)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cells, "_any_number", lambda column, fmt: True)
        slow = cells.read_numbers(read[1], fmt)
    pd.testing.assert_frame_equal(fast[0], slow[0])
    assert fast[1] == slow[1]


def test_a_number_among_words_past_the_first_cells_is_still_rewritten():
    words = pd.DataFrame({"x": ["?"] * 100 + ["3,5"]}, dtype="string[pyarrow]")
    read, notes = cells.read_numbers(words, cells.NumberFormat(","))
    assert read["x"].iloc[-1] == "3.5" and read["x"].iloc[0] == "?"
    assert [note.code for note in notes] == ["decimal_comma"]
