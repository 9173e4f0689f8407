"""Passwords (argon2id) and bearer tokens (random, stored as SHA-256 digests)."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


def hasher(cheap: bool = False) -> PasswordHasher:
    """argon2id with the library's defaults (~200 ms per hash here); ``cheap`` for tests only."""
    if cheap:
        return PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    return PasswordHasher()


def verify(ph: PasswordHasher, stored: str, password: str) -> bool:
    try:
        return ph.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clock() -> float:
    """Now, in seconds since the epoch: when tokens expire is measured against this (tests move it)."""
    return time.time()


def expires_at(created: dt.datetime, lifetime: float) -> float:
    """When a token created at ``created`` stops working, in epoch seconds. SQLite hands datetimes back
    without their zone; they were stored in UTC."""
    if created.tzinfo is None:
        created = created.replace(tzinfo=dt.UTC)
    return created.timestamp() + lifetime


@dataclass(frozen=True)
class Caller:
    """Who made a request: the account's id and name, detached from any database session (so a request
    that waits, like a long poll, holds no connection)."""

    id: int
    username: str


class LoginThrottle:
    """Failed logins allowed per username and per client address within a sliding window; past that,
    ``POST /api/token`` answers 429 until the oldest failure leaves the window. It slows password guessing
    (each guess also costs the server an argon2 verification) without locking out the real owner for long.
    In memory: a restart forgets the failures, which only costs an attacker's wait."""

    def __init__(self, per_user: int = 5, per_address: int = 20, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = {"user": per_user, "address": per_address}
        self.window = window
        self.clock = clock
        self._failures: dict[tuple[str, str], deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: tuple[str, str], t: float) -> deque[float]:
        q = self._failures.get(key)
        if q is None:
            q = self._failures[key] = deque()
        while q and q[0] <= t - self.window:
            q.popleft()
        return q

    def retry_after(self, username: str, address: str) -> float:
        """Seconds until a login for ``username`` from ``address`` may be tried again (0: now)."""
        t = self.clock()
        wait = 0.0
        with self._lock:
            for key in (("user", username), ("address", address)):
                q = self._recent(key, t)
                if len(q) >= self.limits[key[0]]:
                    wait = max(wait, q[0] + self.window - t)
        return wait

    def failed(self, username: str, address: str) -> None:
        t = self.clock()
        with self._lock:
            for key in (("user", username), ("address", address)):
                self._recent(key, t).append(t)
            if len(self._failures) > 100_000:  # forget idle keys rather than grow without bound
                for k in [k for k, q in self._failures.items() if not q or q[-1] <= t - self.window]:
                    del self._failures[k]
