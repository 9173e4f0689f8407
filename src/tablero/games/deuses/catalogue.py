"""Deuses' messages in every language: ``locales/<lang>.po`` over the table's (English is the messages'
own text), read once."""

from __future__ import annotations

import functools
from pathlib import Path

from tablero.core.i18n import Catalogue
from tablero.core.registry import words as game_words

LOCALES = Path(__file__).parent / "locales"


@functools.cache
def words() -> Catalogue:
    return game_words("deuses")
