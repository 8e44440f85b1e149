"""Shared fixtures: a clean Streamlit cache per test, and AppTest builders for the pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
#: The textbook worked examples with their published figures (shared/examples/README.md).
EXAMPLES = ROOT.parent / "shared" / "examples"
#: AppTest's default 3 s is too tight on a loaded 2-core machine (TESTING.md).
APPTEST_TIMEOUT = 30


def pytest_sessionstart(session):
    """Compile the engine's numba kernels once, before any test's clock starts: a cold compile
    takes several seconds on a loaded machine and would eat into AppTest's timeout."""
    import numpy as np

    from treecore import kernels

    X = np.array([[0.0], [1.0]])
    kernels.best_cuts(X, np.array([0, 1]), np.ones(2), 2, np.array([0]), 0, 1.0, 1e-9)
    kernels.all_constant(X, np.arange(2), np.array([0]))
    kernels.figures(np.ones((1, 2, 2)), np.ones(1), np.zeros(1), 0, False)


def rendered(markdown: str) -> str:
    """The text a Markdown element shows: backslash escapes (:func:`ui.plain.plain`) undone."""
    return re.sub(r"\\(.)", r"\1", markdown)


def shown(elements) -> str:
    """The text of AppTest elements (alerts, captions) as the page shows it, joined."""
    return " ".join(rendered(element.value) for element in elements)


def example(file: str, target: str = "好瓜"):
    """A textbook example as a ``treecore.Dataset`` (its row-id column inferred ignored)."""
    import pandas as pd

    from treecore import Dataset

    return Dataset.from_frame(pd.read_csv(EXAMPLES / file), target)


@pytest.fixture(scope="session")
def melons():
    """Zhou's watermelon 2.0 (Table 4.1)."""
    return example("watermelon2.0.csv")


@pytest.fixture(scope="session")
def melons3():
    """Zhou's watermelon 3.0 (Table 4.3), with continuous 密度 and 含糖率."""
    return example("watermelon3.0.csv")


@pytest.fixture(scope="session")
def alpha():
    """Zhou's watermelon 2.0α (Table 4.4), with missing values."""
    return example("watermelon2.0alpha.csv")


@pytest.fixture(autouse=True)
def _clear_streamlit_cache():
    """``st.cache_data`` is process-global: without this, one test's tables leak into the next."""
    st.cache_data.clear()
    yield
    st.cache_data.clear()


def app_test(script: str = "app.py") -> AppTest:
    """An AppTest of ``script`` (a path relative to the repository root), not yet run."""
    return AppTest.from_file(str(ROOT / script), default_timeout=APPTEST_TIMEOUT)


@pytest.fixture
def make_app():
    """The :func:`app_test` factory, for tests that start elsewhere than the Data page."""
    return app_test


@pytest.fixture
def data_page() -> AppTest:
    """The whole app (router and sidebar), switched to the Data page and run."""
    at = app_test().run()
    at.switch_page("pages/data.py").run()
    assert not at.exception, at.exception
    return at
