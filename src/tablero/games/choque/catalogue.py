"""Choque's messages in every language: one gettext catalogue per language in ``locales/`` (``es.po``;
English is the messages' own text), read once (``tablero/core/i18n.py``)."""

from __future__ import annotations

from pathlib import Path

from tablero.core.i18n import Catalogue, catalogue

LOCALES = Path(__file__).parent / "locales"


def words() -> Catalogue:
    """The game's catalogue."""
    return catalogue(str(LOCALES))
