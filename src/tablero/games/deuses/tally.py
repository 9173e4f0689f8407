"""What a game's log tells the balance lab of its cards: those that reached each hand and those put to use."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tablero.core.plugin import Tally


def tally(start: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> Tally:
    drawn = {p: set(start[p]["hand"]) for p in ("A", "B")}
    used: dict[str, set[str]] = {"A": set(), "B": set()}
    turns = 0
    for e in log:
        kind = e["event"]
        who = e.get("player")
        if kind in ("draw", "redraw", "setup") and who in drawn:
            drawn[who].update(e.get("cards", ()))
        elif kind == "offering" and who in drawn:
            drawn[who].add(e["card"])
        elif kind in ("put_down", "arrives") and who in used:
            used[who].add(e["card"])
        elif kind == "turn":
            turns = int(e["turn"])
    return Tally(drawn, used, turns, str(start["first"]))
