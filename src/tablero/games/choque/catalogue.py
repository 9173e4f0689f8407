"""Choque's messages in every language: one gettext catalogue per language in ``locales/`` (``es.po``;
English is the messages' own text), read once (``tablero/core/i18n.py``)."""

from __future__ import annotations

import functools
from pathlib import Path

from tablero.core.i18n import Catalogue, catalogue
from tablero.core.registry import TABLE_LOCALES

LOCALES = Path(__file__).parent / "locales"


@functools.cache
def words() -> Catalogue:
    """The game's catalogue (over the table's, as ``tablero.core.registry.words("choque")`` reads it)."""
    return catalogue(str(TABLE_LOCALES), str(LOCALES))
