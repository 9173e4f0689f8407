"""What a CHOQUE's log tells the balance lab of its cards (``tablero simulate``'s per-card win rates): the
cards that reached each player's hand and those each put to use (called, played, activated)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tablero.core.plugin import Tally

# Log events in which a player's card reaches their hand, and in which the player puts a card to use.
DRAW_EVENTS = frozenset({"draw", "draw_soul", "add"})
CARD_PLAY_EVENTS = frozenset({"call", "play", "activate_soul"})  # {"card": id}; call: every "how"
SOURCE_PLAY_EVENTS = frozenset({"activate", "use"})  # {"source": id} for apoyos (a character's is "uidN")


def tally(start: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> Tally:
    """The single pass over a game's log; ``start`` is the full observation before the first action (the
    opening hands are not in the log: CH-4.3 draws no event)."""
    drawn = {p: set(start[p]["hand"]) for p in ("A", "B")}
    used: dict[str, set[str]] = {"A": set(), "B": set()}
    events = list(log)
    for event in events:
        kind = event["event"]
        if kind in DRAW_EVENTS:
            drawn[event["player"]].add(event["card"])
        elif kind in CARD_PLAY_EVENTS:
            used[event["player"]].add(event["card"])
        elif kind in SOURCE_PLAY_EVENTS:
            src = event.get("source")
            if isinstance(src, str):
                used[event["player"]].add(src)
    turns = int(events[-1].get("turn", 0)) if events else 0
    return Tally(drawn, used, turns, str(start["first"]))
