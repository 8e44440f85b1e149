"""The uploads this server holds, by content digest: the one place an upload's bytes live.

A session keeps only its upload's digest (:mod:`ui.state`), so its state stays small (Streamlit
checks that it can be pickled on every run: 150 MB of bytes there cost 0.1 s a click), and a
reload (a new session) or a shared link opens the same table without uploading it again. A link
names an upload by the SHA-256 of its bytes, which nobody can guess.

The store is bounded: past :data:`MAX_TOTAL_BYTES` together, uploads nobody has used for
:data:`IDLE_SECONDS` are forgotten, the least recently used first. An upload in use is never
forgotten (the sessions would otherwise hold those bytes themselves), so the bound can be
passed while many sessions work on large tables.

>>> store = UploadStore(max_total_bytes=10, idle_seconds=0)
>>> store.keep("a", "a.csv", b"123456", {})
>>> store.keep("b", "b.csv", b"7890", {"encoding": "gbk"})
>>> store.keep("c", "c.csv", b"xyz", {})          # 13 bytes in all: "a" is forgotten
>>> store.get("a") is None, store.get("b").name, store.get("b").options
(True, 'b.csv', {'encoding': 'gbk'})
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import streamlit as st

#: Bytes of uploads past which idle ones are forgotten, all sessions together.
MAX_TOTAL_BYTES = 1 << 30
#: Seconds without use after which an upload may be forgotten (when the store is full).
IDLE_SECONDS = 3600.0


@dataclass(frozen=True)
class KeptUpload:
    """An accepted upload: its file name, its bytes unmodified, and how it was read
    (:class:`ui.data.loaders.ReadOptions` as a dict of the user's choices)."""

    name: str
    data: bytes
    options: dict


class UploadStore:
    """Uploads by digest, most recently used last, with the time of their last use;
    thread-safe (sessions run on threads)."""

    def __init__(self, max_total_bytes: int = MAX_TOTAL_BYTES,
                 idle_seconds: float = IDLE_SECONDS):
        self.max_total_bytes = max_total_bytes
        self.idle_seconds = idle_seconds
        self._uploads: OrderedDict[str, KeptUpload] = OrderedDict()
        self._used: dict[str, float] = {}
        self._lock = threading.Lock()

    def keep(self, digest: str, name: str, data: bytes, options: dict) -> None:
        """Hold an upload (or how it is now read), forgetting idle ones beyond the bound."""
        with self._lock:
            self._uploads.pop(digest, None)
            self._uploads[digest] = KeptUpload(name, data, dict(options))
            self._used[digest] = time.monotonic()
            self._forget_idle(keep=digest)

    def get(self, digest: str | None) -> KeptUpload | None:
        """The upload with this digest (now its last use), if the store holds it."""
        with self._lock:
            kept = self._uploads.get(digest)
            if kept is not None:
                self._uploads.move_to_end(digest)
                self._used[digest] = time.monotonic()
            return kept

    def _forget_idle(self, keep: str) -> None:
        total = sum(len(kept.data) for kept in self._uploads.values())
        idle_before = time.monotonic() - self.idle_seconds
        for digest in list(self._uploads):              # least recently used first
            if total <= self.max_total_bytes:
                break
            if digest != keep and self._used[digest] <= idle_before:
                total -= len(self._uploads.pop(digest).data)
                del self._used[digest]


@st.cache_resource(show_spinner=False)
def server_store() -> UploadStore:
    """The one store of this server process."""
    return UploadStore()
