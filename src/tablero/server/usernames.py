"""Usernames: one spelling per name, so that no account can pass for another in the lobby.

A name is compared in its NFKC form, case-folded (``Bob``, ``BOB`` and the full-width ``ｂｏｂ`` are one
name), and a new one must be 3-32 ASCII letters, digits, ``_``, ``.`` or ``-`` once normalized: no control,
zero-width or space character (``"bob\\n"`` passed the old ``re.match(...$)``, whose ``$`` matches before a
final newline, and showed in the lobby exactly like ``bob``). Accounts stored before this rule keep
working under their exact stored name; where two of them are one name once normalized, both keep their
accounts and the server says so at start (``collisions``).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable

from tablero.core.i18n import msg

from .errors import ApiError

ALLOWED = re.compile(r"[a-z0-9_.-]{3,32}")
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp", "Zs"}  # controls, format (zero-width) characters, separators


def normalize(raw: str) -> str:
    """The form names are compared in: NFKC, case-folded, without invisible characters (so that a stored
    ``"bob\n"`` and a new ``bob`` are one name)."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", raw).casefold()
                   if unicodedata.category(ch) not in _INVISIBLE)


def new_username(raw: str) -> str:
    """The name a new account is stored under, or a 422 saying what is wrong with it."""
    if any(unicodedata.category(ch) in _INVISIBLE for ch in raw):
        raise ApiError(422, msg("username: control, zero-width and space characters are not allowed"))
    name = normalize(raw)
    if not ALLOWED.fullmatch(name):
        raise ApiError(422, msg("username: 3-32 letters, digits, '_', '.' or '-'"))
    return name


def login_names(raw: str) -> list[str]:
    """The stored names a login may mean, the exact one first: an account stored before normalization
    (``"bob\\n"``) still logs in with its own name."""
    exact = raw.lower()
    norm = normalize(raw)
    return [exact] if norm == exact else [exact, norm]


def reserved(names: Iterable[str]) -> set[str]:
    """The normalized forms of stored names that are not stored in that form (accounts from before this
    rule): a new account cannot take them, though a lookup by the stored name would not find them."""
    return {normalize(n) for n in names if normalize(n) != n}


def collisions(names: Iterable[str]) -> list[list[str]]:
    """Groups of stored names that are one name once normalized (each group sorted)."""
    groups: defaultdict[str, list[str]] = defaultdict(list)
    for n in names:
        groups[normalize(n)].append(n)
    return sorted(sorted(g) for g in groups.values() if len(g) > 1)


def warn_collisions(names: Iterable[str]) -> list[list[str]]:
    """Say at start which stored accounts share a name once normalized; both keep their accounts."""
    found = collisions(names)
    for group in found:
        logging.getLogger("tablero.server").warning(
            "accounts %s are one name once normalized; each keeps its account and logs in with its exact "
            "name, and no new account can take it", ", ".join(repr(n) for n in group))
    return found
