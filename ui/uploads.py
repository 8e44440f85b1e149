"""The uploads this server keeps while it runs, by content digest, so a reload (a new session)
or a shared link opens the same table again without uploading it a second time.

A session holds its upload's bytes itself (:mod:`ui.state`); this store is what outlives the
session. It is bounded: the most recent uploads up to :data:`MAX_TOTAL_BYTES` together, the
oldest forgotten first. A link names an upload by the SHA-256 of its bytes, which nobody can
guess, so only those the link was given to can open it.

>>> store = UploadStore(max_total_bytes=10)
>>> store.keep("a", "a.csv", b"123456", {})
>>> store.keep("b", "b.csv", b"7890", {"encoding": "gbk"})
>>> store.keep("c", "c.csv", b"xyz", {})          # 13 bytes in all: "a" is forgotten
>>> store.get("a") is None, store.get("b").name, store.get("b").options
(True, 'b.csv', {'encoding': 'gbk'})
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import streamlit as st

#: Bytes of uploads the server keeps for reloads and links, all sessions together.
MAX_TOTAL_BYTES = 1 << 30


@dataclass(frozen=True)
class KeptUpload:
    """An accepted upload: its file name, its bytes unmodified, and how it was read
    (:class:`ui.loaders.ReadOptions` as a dict of the user's choices)."""

    name: str
    data: bytes
    options: dict


class UploadStore:
    """Uploads by digest, most recently used last; thread-safe (sessions run on threads)."""

    def __init__(self, max_total_bytes: int = MAX_TOTAL_BYTES):
        self.max_total_bytes = max_total_bytes
        self._uploads: OrderedDict[str, KeptUpload] = OrderedDict()
        self._lock = threading.Lock()

    def keep(self, digest: str, name: str, data: bytes, options: dict) -> None:
        """Remember an upload (or how it is now read), forgetting the oldest beyond the bound."""
        with self._lock:
            self._uploads.pop(digest, None)
            self._uploads[digest] = KeptUpload(name, data, dict(options))
            while sum(len(kept.data) for kept in self._uploads.values()) > self.max_total_bytes \
                    and len(self._uploads) > 1:
                self._uploads.popitem(last=False)

    def get(self, digest: str) -> KeptUpload | None:
        """The upload with this digest, if the server still keeps it."""
        with self._lock:
            kept = self._uploads.get(digest)
            if kept is not None:
                self._uploads.move_to_end(digest)
            return kept


@st.cache_resource(show_spinner=False)
def server_store() -> UploadStore:
    """The one store of this server process."""
    return UploadStore()
