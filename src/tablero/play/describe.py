"""Canonical actions in words, for the terminal: the game's own wording (``games/choque/describe.py``), the
same the browser shows."""

from __future__ import annotations

from tablero.games.choque.describe import describe, zone_ref

__all__ = ["describe", "zone_ref"]
