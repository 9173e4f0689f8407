"""Passwords (argon2id) and bearer tokens (random, stored as SHA-256 digests)."""

from __future__ import annotations

import hashlib
import secrets

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
