"""The view in the address bar (ui/share.py): a link opens the same data, choices, page and
step; the address follows every choice; a reload finds the uploaded table again; a link the app
cannot follow says which part and why, and never raises.

AppTest runs app.py (the router that reads and writes the address, and the shared sidebar) on
the first run only (see tests/test_app_data.py), so what app.py does is checked on a first run;
tests/browser/test_share_browser.py follows clicks, reloads and the address bar in chromium."""

from __future__ import annotations

import hashlib

import pytest

from tests.conftest import app_test, seed_upload, shown
from ui import share, state
from ui.data import uploads
from ui.data.uploads import UploadStore
from ui.i18n import translate
from ui.models import ensemble_state as ens, growth, pruning_lab

TABLE = "colour,size,label\nred,1.5,yes\nblue,2.5,no\nred,3.0,yes\ngreen,0.5,no\nred,2.0,no\n"


def opened(link: dict[str, str], page: str | None = None, **session):
    """A new session (a fresh browser tab) opened at ``link``, with ``session`` values already
    chosen, then switched to ``page``."""
    at = app_test()
    at.query_params.update(link)
    for key, value in session.items():
        at.session_state[key] = value
    at.run()
    assert not at.exception, at.exception
    if page is not None:
        at.switch_page(page).run()
        assert not at.exception, at.exception
    return at


def test_a_link_restores_data_choices_and_step_on_the_grow_page():
    link = {"lang": "zh", "data": "iris", "algo": "c45", "crit": "entropy", "depth": "3",
            "leaf": "2", "step": "2"}
    at = opened(link, "pages/grow.py")
    s = at.session_state
    assert (s[state.DATASET], s[state.ALGORITHM], s[state.CRITERION]) == ("iris", "c45", "entropy")
    assert (s[growth.MAX_DEPTH], s[growth.MIN_LEAF], s[growth.STEP]) == (3, 2, 2)
    assert at.selectbox(key="w_" + state.ALGORITHM).value == "c45"
    assert at.number_input(key="w_" + growth.MAX_DEPTH).value == 3
    assert at.title[0].value == "🌱 " + translate("grow.title", "zh")   # the language too
    assert dict(at.query_params) == link                     # and the address stays the link


def test_the_address_holds_the_choices_and_leaves_defaults_out():
    assert dict(opened({}).query_params) == {}               # a fresh session: a bare address
    at = opened({}, **{state.ALGORITHM: "id3", growth.MAX_DEPTH: 2, growth.STEP: 1,
                       growth.MIN_LEAF: 1})
    assert dict(at.query_params) == {"algo": "id3", "depth": "2", "step": "1"}
    assert at.sidebar.code[0].value == "?algo=id3&depth=2&step=1"


def test_every_setting_survives_a_round_trip():
    """The address of a session opened at a link is that link, for a value of every setting."""
    link = {"lang": "zh", "present": "1", "data": "lihang_loan", "target": "有工作",
            "task": "classification", "unlabelled": "1", "algo": "c45", "crit": "entropy",
            "thr": "data",
            "depth": "4", "leaf": "2", "gain": "0.01", "leaves": "6", "val": "3, 5-7",
            "step": "3", "prune": "ccp", "ens": "adaboost", "rounds": "12", "mdepth": "2",
            "round": "4"}
    assert set(link) == {setting.param for setting in share.SETTINGS}
    at = opened(link)
    assert at.session_state[share.UNUSED] == ()
    assert dict(at.query_params) == link
    s = at.session_state
    assert (s[pruning_lab.METHOD], s[ens.KIND], s[ens.ROUNDS], s[ens.MAX_DEPTH],
            s[ens.ROUND]) == ("ccp", "adaboost", 12, 2, 4)
    assert s[growth.MIN_GAIN] == pytest.approx(0.01) and s[state.PRESENTATION] is True


@pytest.mark.parametrize("param, text", [
    ("crit", "squared_error"),          # not a criterion of a classification tree
    ("algo", "c50"), ("depth", "-1"), ("depth", "three"), ("gain", "nan"),
    ("data", "no-such-sample"), ("target", "no such column"), ("val", "4, x"),
    ("rounds", "900"), ("lang", "fr"),
])
def test_a_value_the_app_cannot_take_is_named_and_left_out(param, text):
    at = opened({param: text, "depth": "2"} if param != "depth" else {param: text})
    note = shown(at.sidebar.warning)
    assert f"{param}={text}" in note and "left as it was" in note
    assert param not in at.query_params
    if param != "depth":
        assert at.session_state[growth.MAX_DEPTH] == 2         # the rest of the link applies
    at.button(key="share.dismiss").click().run()
    assert at.session_state[share.UNUSED] == ()
    at.switch_page("pages/grow.py").run()                    # and the page grows a tree
    assert not at.exception and not at.error


def test_a_reload_opens_the_uploaded_table_again():
    at = opened({}, "pages/data.py")
    data = TABLE.encode()
    at.file_uploader(key=state.UPLOADER).upload("shop.csv", data, "text/csv").run()
    assert not at.exception, at.exception
    link = {"data": share.UPLOAD_PREFIX + hashlib.sha256(data).hexdigest()}

    again = opened(link)                                     # the reload: a new session
    assert not again.sidebar.warning
    assert dict(again.query_params) == link                  # the address names the upload
    assert "shop.csv" in "".join(m.value for m in again.sidebar.markdown)
    assert again.session_state[state.DATASET] == state.UPLOADED
    assert again.session_state[state.UPLOAD_NAME] == "shop.csv"
    assert uploads.server_store().get(again.session_state[state.UPLOAD_DIGEST]).data == data
    again.switch_page("pages/grow.py").run()
    assert not again.exception and not again.error


def test_a_link_to_an_upload_the_server_no_longer_keeps_says_so():
    at = opened({"data": share.UPLOAD_PREFIX + "0" * 64, "algo": "id3"})
    note = shown(at.sidebar.warning)
    assert "no longer keeps" in note and "Upload the file again" in note
    assert at.session_state[state.DATASET] == state.DEFAULTS[state.DATASET]
    assert at.session_state[state.ALGORITHM] == "id3"


def test_a_hostile_value_is_shown_as_text_and_cut_short():
    at = opened({"target": "![x](http://example.invalid/a.png)" + "y" * 200})
    note = at.sidebar.warning[0].value
    assert "\\!\\[x\\]" in note and "…" in note and "y" * 100 not in note


def test_the_store_forgets_the_oldest_uploads_beyond_its_bound():
    store = UploadStore(max_total_bytes=100, idle_seconds=0)
    for name in "ab":
        store.keep(name, name + ".csv", b"x" * 40, {})
    store.get("a")                                           # used: now the most recent
    store.keep("c", "c.csv", b"x" * 40, {})                  # 120 bytes: the oldest, b, goes
    assert [name for name in "abc" if store.get(name) is not None] == ["a", "c"]
    store.keep("big", "big.csv", b"x" * 500, {})             # alone above the bound: kept
    assert store.get("big") is not None and store.get("c") is None


def test_an_upload_in_use_is_never_forgotten():
    """Past the bound, only uploads idle for an hour go: a session's table is not taken."""
    store = UploadStore(max_total_bytes=100)
    store.keep("mine", "mine.csv", b"x" * 80, {})
    store.keep("yours", "yours.csv", b"x" * 80, {})
    assert store.get("mine") is not None and store.get("yours") is not None


def test_a_session_whose_upload_was_forgotten_is_told_so(make_app):
    at = seed_upload(make_app("pages/data.py"), "shop.csv", TABLE.encode())
    at.session_state[state.UPLOAD_DIGEST] = "f" * 64            # held by no store
    at.run()
    assert not at.exception, at.exception
    assert "Upload the file again" in shown(at.error)
    assert at.session_state[state.DATASET] == state.DEFAULTS[state.DATASET]
