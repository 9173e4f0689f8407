"""Passwords (argon2id, hashed a few at a time) and bearer tokens (random, stored as SHA-256 digests)."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

T = TypeVar("T")


def hasher(cheap: bool = False) -> PasswordHasher:
    """argon2id with the library's defaults (~200 ms per hash here); ``cheap`` for tests only."""
    if cheap:
        return PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    return PasswordHasher()


class Hashing:
    """Hashes and verifies passwords at most ``slots`` at a time (one per core by default): each argon2
    computation holds ~64 MiB while it runs, so a burst of registrations or logins queues here instead of
    taking the server's memory (40 at once took it from 97 MB to 2.2 GB). A login for an unknown username
    is verified against a dummy hash of the same cost, so the time of the answer does not tell which
    accounts exist. ``peak`` and ``verifications`` are for the tests."""

    def __init__(self, ph: PasswordHasher, slots: int | None = None) -> None:
        self.ph = ph
        self._slots = threading.BoundedSemaphore(slots or os.cpu_count() or 1)
        self._count = threading.Lock()
        self.busy = self.peak = self.verifications = 0
        self._dummy = ph.hash(secrets.token_urlsafe(18))

    def _run(self, work: Callable[[], T]) -> T:
        with self._slots:
            with self._count:
                self.busy += 1
                self.peak = max(self.peak, self.busy)
            try:
                return work()
            finally:
                with self._count:
                    self.busy -= 1

    def hash(self, password: str) -> str:
        return self._run(lambda: self.ph.hash(password))

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; None (no such account) costs the same and is False."""
        def check() -> bool:
            try:
                return self.ph.verify(self._dummy if stored is None else stored, password) and stored is not None
            except (VerificationError, InvalidHashError):
                return False
        with self._count:
            self.verifications += 1
        return self._run(check)


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
