"""The first tree grown while the Data page is read (:mod:`ui.models.grow_ahead`): the Grow
page finds it grown, grows it itself when it was not started or failed, and shows the same."""

from __future__ import annotations

import threading

import numpy as np
import pandas as pd
import pytest

from treecore import ConfigError
from ui import limits, state
from ui.models import growth


def a_table() -> bytes:
    """A table of 60 rows with text and empty cells (the sample on screen has 17)."""
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"x": rng.normal(size=60).round(2), "c": rng.choice(list("pqr"), 60)})
    frame.loc[::9, "c"] = None
    frame["y"] = np.where(frame.x > 0, "yes", "no")
    return frame.to_csv(index=False).encode()


@pytest.fixture
def fits(monkeypatch) -> list[tuple[str, int]]:
    """Every fit of the Grow page's model, as (the thread that grew it, its training rows)."""
    made: list[tuple[str, int]] = []
    real_fit = growth.fit

    def counted(train, *args, **kwargs):
        made.append((threading.current_thread().name, train.n_rows))
        return real_fit(train, *args, **kwargs)
    monkeypatch.setattr(growth, "fit", counted)
    return made


def upload_then_grow(at):
    at.file_uploader(key=state.UPLOADER).upload("sixty.csv", a_table(), "text/csv")
    at.run()
    at.switch_page("pages/grow.py").run()
    assert not at.exception
    return at


def summary(at) -> str:
    return at.caption[0].value


def test_the_grow_page_finds_the_tree_grown_while_the_data_page_was_read(data_page, fits):
    upload_then_grow(data_page)
    assert [rows for thread, rows in fits if rows == 60] == [60]
    assert ("grow-ahead", 60) in fits
    assert "60 training rows" in summary(data_page)


def test_a_fit_estimated_too_long_waits_for_the_grow_page(data_page, fits, monkeypatch):
    monkeypatch.setattr(limits, "SLOW_FIT_SECONDS", 0.0)
    upload_then_grow(data_page)
    assert fits and all(thread != "grow-ahead" for thread, _ in fits)
    assert "60 training rows" in summary(data_page)


def test_a_fit_that_fails_ahead_is_grown_by_the_grow_page(data_page, fits, monkeypatch):
    counted, failed = growth.fit, []

    def fails_on_its_thread(train, *args, **kwargs):
        if threading.current_thread().name == "grow-ahead":
            failed.append(train.n_rows)
            raise ConfigError("out of luck")
        return counted(train, *args, **kwargs)
    monkeypatch.setattr(growth, "fit", fails_on_its_thread)
    upload_then_grow(data_page)
    assert 60 in failed
    assert [(thread != "grow-ahead", rows) for thread, rows in fits if rows == 60] == [(True, 60)]
    assert "60 training rows" in summary(data_page) and not data_page.error
