"""The Data page in a real browser with files as real tools write them: an old Mac/Excel CSV
(lines ending in a lone CR), a Windows-1252 CSV from a German Excel, a pandas ``to_csv()``
file, a column name written in Markdown that must stay text (no image fetched), and a class
column with empty cells, whose rows are left out on a click."""

from __future__ import annotations

import pandas as pd
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GOOD = "colour,size,label\nred,1.5,yes\nblue,2.5,no\nred,3.0,yes\ngreen,0.5,no\n"


def open_data_page(page, settle) -> None:
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Data").click()
    settle(page)


def upload(page, settle, path) -> None:
    """Upload ``path`` and wait until the app has taken it: the sidebar names it as the data
    set. On a loaded machine a file set just as the previous upload's last run redraws the
    uploader can be dropped by the browser (no request reaches the server); it is set again
    then, as a person would pick it again."""
    taken = page.get_by_test_id("stSidebar").get_by_text(path.name, exact=False)
    for attempt in range(3):
        page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(path))
        settle(page)
        try:
            expect(taken.first).to_be_visible(timeout=15_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_cr_only_cp1252_and_pandas_csv_files(app_page, shot, settle, tmp_path):
    page = app_page
    open_data_page(page, settle)

    mac = tmp_path / "mac.csv"
    mac.write_bytes(GOOD.replace("\n", "\r").encode())
    upload(page, settle, mac)
    expect(page.get_by_text("4 rows, 2 features, 2 classes")).to_be_visible()
    shot(page, "10-data-cr-only")

    german = tmp_path / "orte.csv"
    german.write_bytes("Stadt,Größe,Klasse\nMünchen,1,ja\nKöln,2,nein\nDüsseldorf,3,ja\n"
                       .encode("cp1252"))
    upload(page, settle, german)
    expect(page.get_by_text("3 rows, 2 features, 2 classes")).to_be_visible()
    expect(page.get_by_test_id("stAlertContentInfo").first).to_contain_text("Windows-1252")
    expect(page.get_by_text("Classes of Klasse")).to_be_visible()
    expect(page.get_by_test_id("stExpander").get_by_text("Reading options")).to_be_visible()
    shot(page, "11-data-cp1252")

    frame = pd.DataFrame({"size": [1.5, 2.5, 3.0, 0.5], "colour": ["red", "blue", "red", "green"],
                          "label": ["yes", "no", "yes", "no"]})
    written = tmp_path / "pandas.csv"
    written.write_text(frame.to_csv(), encoding="utf-8")
    upload(page, settle, written)
    expect(page.get_by_text("4 rows, 2 features, 2 classes")).to_be_visible()
    expect(page.get_by_test_id("stAlertContentInfo").first).to_contain_text("row index pandas")
    shot(page, "12-data-pandas-csv")


def test_a_markdown_column_name_is_shown_as_text(app_page, shot, settle, tmp_path):
    page = app_page
    open_data_page(page, settle)
    name = "![p](http://example.invalid/p.png) **b**"
    hostile = tmp_path / "hostile.csv"
    hostile.write_text(f'colour,"{name}"\nred,yes\nblue,no\n', encoding="utf-8")
    upload(page, settle, hostile)
    expect(page.get_by_text("2 rows, 1 feature, 2 classes")).to_be_visible()
    expect(page.get_by_text(f"Classes of {name}")).to_be_visible()
    expect(page.locator("img[src*='example.invalid']")).to_have_count(0)
    shot(page, "13-data-markdown-name")


def test_rows_without_a_class_are_left_out_on_a_click(app_page, shot, settle, tmp_path):
    """Titanic's shape: the last column, the default class, has two empty cells."""
    page = app_page
    open_data_page(page, settle)
    passengers = tmp_path / "passengers.csv"
    rows = [f"{i},{i % 2},{'mf'[i % 3 == 0]},{20 + i % 30},{'' if i in (7, 31) else 'SCQ'[i % 3]}"
            for i in range(1, 41)]
    passengers.write_text("PassengerId,Survived,Sex,Age,Embarked\n" + "\n".join(rows) + "\n")
    upload(page, settle, passengers)
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text(
        "row 7: the class (target) is missing")
    page.get_by_role("button", name="Grow without the 2 rows that have no class: 7, 31").click()
    settle(page)
    expect(page.get_by_text("Left out: the 2 rows without a class (7, 31)")).to_be_visible()
    expect(page.get_by_text("38 rows, 3 features, 3 classes")).to_be_visible()
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)
    shot(page, "14-data-rows-without-a-class")
