"""Throttles: attempts allowed per key (a username, a client address) within a sliding window. An attempt
is counted when it starts, under one lock, so that concurrent requests cannot all pass the check before any
of them is recorded (40 concurrent guesses had 25 checked against a limit of 5); one that succeeds may be
given back. In memory: a restart forgets them, which only costs an attacker's wait."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

IDLE_KEYS = 100_000  # keys kept before the idle ones are forgotten


class Throttle:
    """``limits`` per kind of key (e.g. ``{"user": 5, "address": 20}``) within ``window`` seconds."""

    def __init__(self, limits: dict[str, int], window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.window = window
        self.clock = clock
        self._seen: dict[tuple[str, str], deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: tuple[str, str], t: float) -> deque[float]:
        q = self._seen.get(key)
        if q is None:
            q = self._seen[key] = deque()
        while q and q[0] <= t - self.window:
            q.popleft()
        return q

    def _wait(self, keys: dict[str, str], t: float) -> float:
        wait = 0.0
        for kind, value in keys.items():
            q = self._recent((kind, value), t)
            if len(q) >= self.limits[kind]:
                wait = max(wait, q[0] + self.window - t)
        return wait

    def retry_after(self, keys: dict[str, str]) -> float:
        """Seconds until an attempt for ``keys`` may be made (0: now), counting nothing."""
        with self._lock:
            return self._wait(keys, self.clock())

    def take(self, keys: dict[str, str]) -> tuple[float, float]:
        """Start an attempt: ``(wait, 0)`` when it must wait (nothing counted), else ``(0, t)`` with the
        attempt counted against every key at time ``t`` (what ``give_back`` takes)."""
        t = self.clock()
        with self._lock:
            wait = self._wait(keys, t)
            if wait > 0:
                return wait, 0.0
            for kind, value in keys.items():
                self._recent((kind, value), t).append(t)
            if len(self._seen) > IDLE_KEYS:
                for k in [k for k, q in self._seen.items() if not q or q[-1] <= t - self.window]:
                    del self._seen[k]
        return 0.0, t

    def give_back(self, keys: dict[str, str], t: float) -> None:
        """Uncount an attempt made at ``t`` (a login that succeeded)."""
        with self._lock:
            for kind, value in keys.items():
                q = self._seen.get((kind, value))
                if q is not None and t in q:
                    q.remove(t)


class LoginThrottle(Throttle):
    """Logins per username (5) and per client address (20) a minute: past that, ``POST /api/token`` answers
    429 until the oldest attempt leaves the window. Every attempt counts while it is verified; one that
    succeeds is given back, so the owner who types the password right is never held by their own logins."""

    def __init__(self, per_user: int = 5, per_address: int = 20, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__({"user": per_user, "address": per_address}, window, clock)


class RegistrationThrottle(Throttle):
    """Accounts registered per client address (10 an hour): a flood of registrations costs an argon2 hash
    each, and fills the lobby with names."""

    def __init__(self, per_address: int = 10, window: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__({"address": per_address}, window, clock)
