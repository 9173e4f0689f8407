"""The game log as the terminal prints it: ``games/choque/narrate.py`` words every event (the server and
the browser use the same sentences); this only lays them out, a blank line before each turn.

Only events a player may see are ever passed here for that player (``ChoqueGame.log_for``): the opponent's
draws arrive without their card and ``narrate`` words them as "B roba una carta".
"""

from __future__ import annotations

from typing import Any

from tablero.games.choque.narrate import narrate

from .text import CardBook


def event_lines(events: list[dict[str, Any]], book: CardBook) -> list[str]:
    words = book.lexicon()
    out = []
    for event in events:
        if event.get("event") == "turn":
            out.append("")
        out.append(narrate(event, book.lang, words))
    return out
