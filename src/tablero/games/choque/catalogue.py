"""Choque's messages in every language: one gettext catalogue per language in ``locales/`` (``es.po``;
English is the messages' own text), read once (``tablero/core/i18n.py``)."""

from __future__ import annotations

import functools
from pathlib import Path

from tablero.core.i18n import Catalogue
from tablero.core.registry import words as game_words

LOCALES = Path(__file__).parent / "locales"


@functools.cache
def words() -> Catalogue:
    """The game's catalogue over the table's (the registry composes them; cached here, since every line
    of the log and every action label asks for it)."""
    return game_words("choque")
