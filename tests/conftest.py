"""Shared fixtures: clean Streamlit caches per test, AppTest builders for the pages, and the
hypothesis settings every property test runs with."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import streamlit as st
from hypothesis import HealthCheck, settings
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
#: The bundled data sets, among them the textbook worked examples (samples/README.md names
#: their sources; their published figures are asserted in test_textbook.py).
SAMPLES = ROOT / "samples"
#: Seconds one AppTest run may take. AppTest's default 3 s, and even 30 s, were exceeded when
#: the suite shared 2 cores with other work (a run takes 0.6 s on an idle machine, TESTING.md);
#: the bound is there to catch a hung script, not to time a fast one.
APPTEST_TIMEOUT = 180

#: No per-example deadline: a loaded machine makes any wall-clock bound flaky. Registered here,
#: so a property test file run alone gets the same settings as the whole suite.
settings.register_profile("treecore", deadline=None, max_examples=40,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
settings.load_profile("treecore")


def pytest_sessionstart(session):
    """Compile the engine's numba kernels once, before any test's clock starts (a cold compile
    takes a minute on a loaded machine and would eat into AppTest's timeout), from these
    sources: a cache made from others is cleared first."""
    from treecore import warmup

    warmup.clear_stale_cache()
    warmup.warm()


def rendered(markdown: str) -> str:
    """The text a Markdown element shows: backslash escapes (:func:`ui.plain.plain`) undone."""
    return re.sub(r"\\(.)", r"\1", markdown)


def shown(elements) -> str:
    """The text of AppTest elements (alerts, captions) as the page shows it, joined."""
    return " ".join(rendered(element.value) for element in elements)


def plotly_values(array) -> list:
    """A plotly JSON array: a list, or a typed array ``{"dtype", "bdata"}`` (base64)."""
    import base64

    import numpy as np

    if isinstance(array, dict):
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"]).tolist()
    return list(array)


def example(file: str, target: str = "好瓜"):
    """A textbook example as a ``treecore.Dataset`` (its row-id column inferred ignored)."""
    import pandas as pd

    from treecore import Dataset

    return Dataset.from_frame(pd.read_csv(SAMPLES / file), target)


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
def _clear_streamlit_caches():
    """``st.cache_data`` (tables) and ``st.cache_resource`` (fitted trees) are process-global:
    without this, one test's data and fits leak into the next."""
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()


def open_tab(at: AppTest, name: str, lang: str = "en") -> AppTest:
    """Open the Grow page's tab ``name`` (a key of ``ui.models.growth.TABS``) for the next run: only
    the open tab runs, as after a click on it."""
    from ui.models import growth

    at.session_state[growth.TABS_KEY] = growth.tab_label(name, lang)
    return at


def seed_upload(at: AppTest, name: str, data: bytes) -> AppTest:
    """Make ``data`` the upload of ``at``'s session before its run, as an accepted upload
    would: held by the server's store, named in the session by its digest."""
    import hashlib

    from ui import state
    from ui.data import uploads

    digest = hashlib.sha256(data).hexdigest()
    uploads.server_store().keep(digest, name, data, {})
    at.session_state[state.DATASET] = state.UPLOADED
    at.session_state[state.UPLOAD_NAME] = name
    at.session_state[state.UPLOAD_DIGEST] = digest
    return at


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
