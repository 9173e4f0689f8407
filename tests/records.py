"""A finished game's record (``GET /api/games/{id}/replay``) turned back into its positions."""

from __future__ import annotations

from typing import Any

from tablero.core.game import Game
from tablero.core.record import GameRecord


def positions(record: dict[str, Any]) -> list[Game]:
    """The game after each of its actions, rebuilt from its record (decks, seed, actions)."""
    rec = GameRecord(game=record["game"], edition=record["edition"], seed=record["seed"], decks=record["decks"],
                     first=record["first"], agents={}, options=record["options"])
    g = rec.new_game()
    out = [g.clone()]
    for a in record["actions"]:
        g.apply(a)
        out.append(g.clone())
    return out
