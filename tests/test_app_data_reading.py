"""AppTest of the Data page with files from real tools: what it assumed while reading, the
“Reading options” that change it, and names from the file shown as text."""

from __future__ import annotations

import datetime
import gzip
import io
import json
from decimal import Decimal

import openpyxl
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from tests.conftest import shown
from ui import state
from ui.models import growth

GOOD = "colour,size,label\nred,1.5,yes\nblue,2.5,no\nred,3.0,yes\ngreen,0.5,no\n"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def upload(at, name: str, data: bytes, mime: str = "text/csv"):
    at.file_uploader(key=state.UPLOADER).upload(name, data, mime)
    return at.run()


def success(at) -> str:
    assert not at.exception, at.exception
    assert len(at.success) == 1, shown(at.error)
    return at.success[0].value


def columns(at) -> list[str]:
    return [str(c) for c in at.dataframe[0].value.columns]


def book(sheets: dict[str, list[list]]) -> bytes:
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for name, rows in sheets.items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def test_a_lone_cr_csv_loads(data_page):
    upload(data_page, "mac.csv", GOOD.replace("\n", "\r").encode())
    assert success(data_page) == "4 rows, 2 features, 2 classes"


def test_a_pandas_csv_loads_without_its_index_and_says_so(data_page):
    frame = pd.DataFrame({"x": [1.5, 2.5, 3.5, 0.5], "y": ["a", "b", "a", "b"]})
    upload(data_page, "pandas.csv", frame.to_csv().encode())
    assert success(data_page) == "4 rows, 1 feature, 2 classes"
    assert columns(data_page) == ["x", "y"]
    assert "row index pandas writes" in shown(data_page.info)


def test_a_cp1252_file_is_read_and_the_encoding_can_be_chosen(data_page):
    data = "Stadt,Größe,Klasse\nMünchen,1,ja\nKöln,2,nein\nDüsseldorf,3,ja\n".encode("cp1252")
    upload(data_page, "orte.csv", data)
    assert columns(data_page) == ["Stadt", "Größe", "Klasse"]
    assert "read as Windows-1252" in shown(data_page.info)
    encoding = data_page.selectbox(key="w_read_encoding")
    assert encoding.value == "" and "Big5" in encoding.options
    encoding.select("Latin-1").run()
    assert columns(data_page) == ["Stadt", "Größe", "Klasse"]
    assert data_page.session_state[state.READ_OPTIONS] == {"encoding": "Latin-1"}
    data_page.selectbox(key="w_read_encoding").select("UTF-8").run()  # cannot read it
    assert "not valid UTF-8 text" in shown(data_page.error)
    assert data_page.selectbox(key="w_read_encoding").value == "Latin-1"
    assert columns(data_page) == ["Stadt", "Größe", "Klasse"]


def test_a_title_row_in_excel_and_the_header_row_choice(data_page):
    data = book({"report": [["Quarterly report"], [], ["region", "units", "class"],
                            ["north", 3, "a"], ["south", 5, "b"], ["east", 4, "a"]]})
    upload(data_page, "report.xlsx", data, XLSX)
    assert columns(data_page) == ["region", "units", "class"]
    assert "header is on row 3" in shown(data_page.info)
    data_page.number_input(key="w_read_header").set_value(4).run()
    assert columns(data_page) == ["north", "3", "a"]
    data_page.number_input(key="w_read_header").set_value(99).run()
    assert "cannot be on row 99" in shown(data_page.error)
    assert columns(data_page) == ["north", "3", "a"]


def test_the_sheet_picker(data_page):
    data = book({"notes": [["read me"]], "data": [["x", "label"], [1, "a"], [2, "b"]]})
    upload(data_page, "book.xlsx", data, XLSX)
    assert data_page.selectbox(key="w_read_sheet").value == "data"     # the most rows
    assert success(data_page) == "2 rows, 1 feature, 2 classes"
    assert "sheet 'data', the one with the most rows, of 2" in shown(data_page.info)
    data_page.selectbox(key="w_read_sheet").select("notes").run()
    assert "sheet 'notes', one of 2" in shown(data_page.info)
    assert not data_page.success and not data_page.exception
    data_page.selectbox(key="w_read_sheet").select("data").run()
    assert success(data_page) == "2 rows, 1 feature, 2 classes"
    assert "sheet 'data', one of 2" in shown(data_page.info)


def test_excel_date_cells_show_as_dates_and_times_of_day_stay(data_page):
    day, morning = datetime.datetime(2024, 1, 1), datetime.datetime(2024, 1, 1, 9, 30)
    data = book({"orders": [["day", "stamp", "units", "label"]]
                 + [[day.replace(day=1 + i), morning.replace(minute=i), i, "ab"[i % 2]]
                    for i in range(4)]})
    upload(data_page, "orders.xlsx", data, XLSX)
    preview = data_page.dataframe[0]
    assert str(preview.value.dtypes["day"]).startswith("datetime64")     # the cells unchanged
    shown_as = json.loads(preview.proto.columns)
    assert shown_as["day"]["type_config"]["format"] == "YYYY-MM-DD"
    assert "stamp" not in shown_as                  # 09:30: shown with its time, as written


def test_a_new_upload_starts_with_detected_options(data_page):
    data = book({"a": [["x", "label"], [1, "p"], [2, "q"]], "b": [["y", "label"], [1, "p"]]})
    upload(data_page, "book.xlsx", data, XLSX)
    data_page.selectbox(key="w_read_sheet").select("b").run()
    upload(data_page, "other.csv", GOOD.encode())
    assert data_page.session_state[state.READ_OPTIONS] == {}
    assert success(data_page) == "4 rows, 2 features, 2 classes"


def test_the_lenses_class_none_and_a_frequent_marker_in_the_class(data_page):
    lenses = ("tear,lenses\nreduced,none\nnormal,soft\nreduced,none\nnormal,hard\n"
              "normal,soft\nreduced,none\n")
    upload(data_page, "lenses.csv", lenses.encode())
    assert success(data_page) == "6 rows, 1 feature, 3 classes"
    data_page.text_input(key="w_" + state.MISSING).input("?, none").run()
    assert success(data_page) == "6 rows, 1 feature, 3 classes"
    assert "'none' looks like a missing-value marker but occurs 3 times" in shown(data_page.info)
    summary = next(frame.value for frame in data_page.dataframe
                   if "examples" in frame.value.columns).set_index("column")
    assert summary.loc["lenses", "missing"] == 0.0          # read as a class, counted as one
    assert summary.loc["lenses", "distinct"] == 3


def test_an_error_names_the_row_as_the_file_numbers_it(data_page):
    """Rows left out (an empty one, a repeated header) do not shift the row a message names."""
    upload(data_page, "gaps.csv", b"a,b\n1,x\n,\n2,y\na,b\n3,\n4,y\n")
    assert ("row 5" in shown(data_page.error)
            and "class (target) is missing" in shown(data_page.error))


def test_names_from_the_file_are_shown_as_text(data_page):
    """A column name in Markdown is neither an image, a link nor bold type anywhere."""
    name = "![pixel](http://example.invalid/p.png) **bold**"
    data = f'x,"{name}"\n1,a\n2,a\n'.encode()          # one class: an error names it too
    upload(data_page, "hostile.csv", data)
    assert not data_page.exception
    elements = [*data_page.markdown, *data_page.info, *data_page.error, *data_page.caption]
    assert sum(name in shown([element]) for element in elements) == 2
    assert not any("![" in element.value or "**bold" in element.value for element in elements)


def test_a_gzipped_csv_loads(data_page):
    upload(data_page, "melons.csv.gz", gzip.compress(GOOD.encode()), "application/gzip")
    assert success(data_page) == "4 rows, 2 features, 2 classes"
    assert "Read 'melons.csv' from the archive" in shown(data_page.info)


def test_a_decimal_parquet_column_loads_as_numbers(data_page):
    """A decimal128 column loads as floats (Python Decimal objects are not JSON serialisable,
    which the Predict page once tripped on), is continuous and reaches the Predict page."""
    prices = pa.array([Decimal("1.50"), Decimal("2.25"), Decimal("3.00"), Decimal("0.75")],
                      pa.decimal128(6, 2))
    out = io.BytesIO()
    pq.write_table(pa.table({"price": prices, "label": ["y", "n", "y", "n"]}), out)
    upload(data_page, "prices.parquet", out.getvalue(), "application/octet-stream")
    assert success(data_page) == "4 rows, 1 feature, 2 classes"
    price = data_page.dataframe[0].value["price"]
    assert price.dtype == "float64" and price.tolist() == [1.5, 2.25, 3.0, 0.75]
    assert data_page.multiselect(key="w_continuous").value == ["price"]
    data_page.switch_page("pages/predict.py").run()
    assert not data_page.exception, data_page.exception


def test_names_from_the_file_stay_text_on_the_grow_page(data_page):
    """The step caption, the node's rule and the errors show a Markdown name literally."""
    name = "![p](http://example.invalid/p.png) **b** `x`"
    data = f'"{name}",label\nred,yes\nblue,no\nred,yes\nblue,no\n'.encode()
    upload(data_page, "hostile.csv", data)
    data_page.switch_page("pages/grow.py").run()
    assert not data_page.exception, data_page.exception
    data_page.session_state[growth.STEP] = 1
    data_page.run()
    elements = [*data_page.markdown, *data_page.caption, *data_page.error, *data_page.info]
    assert not any("![" in element.value or "**b**" in element.value for element in elements)
    assert any(name in shown([element]) for element in elements)


def test_names_from_the_file_are_text_in_the_charts(data_page):
    """Plotly reads chart texts as HTML: a value or a name holding a link shows as its
    characters in the class balance and on the Grow page's charts, never as a link."""
    link = '<a href="http://example.invalid">x</a>'
    data = f'"{link}",label\nred,"{link}"\nblue,no\nred,"{link}"\nblue,no\n'.encode()
    upload(data_page, "links.csv", data)
    data_page.switch_page("pages/grow.py").run()
    assert not data_page.exception, data_page.exception
    for page in ("pages/data.py", "pages/grow.py"):
        data_page.switch_page(page).run()
        specs = [chart.proto.spec for chart in data_page.get("plotly_chart")]
        assert specs
        assert not any("<a href" in spec for spec in specs)
    assert any("&lt;a href" in spec for spec in specs)
