"""Uploading a table in the browser tests: a CSV through the Data page, then the Grow page; and
Weka's soybean, a real table whose C4.5 tree has a few hundred nodes (683 rows, 35 nominal
attributes with missing values, 19 classes)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from tests.weka_fixtures import WEKA, read_arff


def upload_then_grow(page, settle, csv: Path) -> None:
    """Upload ``csv`` on the Data page, then open the Grow page."""
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Data").click()
    settle(page)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(csv))
    settle(page)
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Grow").click()
    settle(page)


def soybean() -> pd.DataFrame:
    """The table as Weka ships it (``?`` read as a missing value)."""
    frame, _ = read_arff(WEKA / "arff" / "soybean.arff")
    return frame


def grow_soybean_by_c45(page, settle, tmp_path: Path) -> None:
    """Upload soybean as a CSV, then pick C4.5 on the Grow page."""
    csv = tmp_path / "soybean.csv"
    soybean().to_csv(csv, index=False)
    upload_then_grow(page, settle, csv)
    page.get_by_test_id("stSelectbox").filter(has_text="Algorithm").click()
    page.get_by_role("option", name="C4.5", exact=True).click()
    settle(page)
