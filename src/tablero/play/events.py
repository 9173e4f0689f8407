"""The game log as sentences, through ``games/choque/narrate.py``, with card and ability names filled in.

Only events a player may see are ever passed here for that player (``ChoqueGame.log_for``): the opponent's
draws arrive without their card and ``narrate`` words them as "B roba una carta".
"""

from __future__ import annotations

from typing import Any

from tablero.games.choque.narrate import narrate

from .board import link_name
from .text import CardBook, join

_REASONS_ES = {"arena": "otra arena la reemplaza", "equipo": "ya no equipa a nadie", "atormentar": "Atormentar",
               "effect": "por un efecto", "resistance": "su resistencia llegó a 0"}
_REASONS_EN = {"arena": "another arena replaces it", "equipo": "it equips no one", "atormentar": "Torment",
               "effect": "by an effect", "resistance": "its resistance reached 0"}


def event_lines(events: list[dict[str, Any]], book: CardBook) -> list[str]:
    lang = book.lang
    names = book.names()
    out = []
    for event in events:
        e = dict(event)
        kind = e.get("event")
        ability = e.get("ability")
        if isinstance(ability, str):
            if ability in ("effect", "ability") and isinstance(e.get("source"), str) and e["source"] in names:
                e["ability"] = names[e["source"]]
            elif ability == "optional":
                e["ability"] = "habilidad opcional" if lang != "en" else "an optional ability"
            else:
                e["ability"] = book.ability_name(ability)
        if kind == "chain_link" and isinstance(e.get("link"), str):
            e["link"] = link_name(e["link"], book)
        if isinstance(e.get("zones"), list):
            e["zones"] = join([str(z) for z in e["zones"]], lang)
        if isinstance(e.get("target"), list):
            e["target"] = join([str(t) for t in e["target"]], lang)
        if kind == "destroyed":
            reason = str(e.get("reason", "effect"))
            e["reason"] = (_REASONS_EN if lang == "en" else _REASONS_ES).get(reason, reason)
        line = narrate(e, lang, names)
        if kind == "turn":
            out.append("")
        out.append(line)
    return out
