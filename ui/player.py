"""The beat of a player that steps through something by itself (the Grow page's growth steps,
the Forests & boosting page's rounds): one step per beat, stopping at the last.

A page's ``st.fragment(run_every=…)`` calls :func:`tick` on every run; the keys name where the
page keeps its position, its "playing" flag and the time of the last beat.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import streamlit as st


@dataclass(frozen=True)
class Player:
    """The session keys of one player and how it moves to a position."""

    position: str      #: key of the position on screen
    playing: str       #: key of the flag: the player advances by itself
    last_tick: str     #: key of the monotonic time of the last beat, or None
    move: Callable[[int], None]   #: goes to a position (and resets what depends on it)

    def toggle(self) -> None:
        st.session_state[self.playing] = not st.session_state[self.playing]
        st.session_state[self.last_tick] = None

    def tick(self, seconds: float, last: int) -> bool:
        """One beat: the next position once ``seconds`` have passed since the last beat
        (the first beat starts the clock); at ``last`` the player stops. Returns True when
        the position moved (the caller then reruns the app)."""
        s = st.session_state
        now = time.monotonic()
        previous = s[self.last_tick]
        if previous is not None and now - previous < 0.8 * seconds:
            return False                    # a rerun between beats
        s[self.last_tick] = now
        if previous is None:
            return False
        if s[self.position] >= last:
            s[self.playing] = False
            return False
        self.move(s[self.position] + 1)
        return True
