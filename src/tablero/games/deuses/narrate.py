"""The log in words: one sentence per entry, as the viewer may see it (a hidden draw says how many)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablero.core.i18n import msg, plural

from .words import ACE_OPTIONS, Words

_EVENTS = {
    "turn": msg("Turn {turn}: {player} plays."),
    "setup": msg("{player} draws the opening hand."),
    "draw": msg("{player} draws {cards}."),
    "draw_n": plural("{player} draws {n} card.", "{player} draws {n} cards.", 0),  # n: the entry's
    "redraw": msg("{player} shuffles the hand into the deck and draws 5 anew (DE-7.2)."),
    "hand_limit": msg("{player} holds more than 5: {card} goes to the World of the Dead (DE-7.5)."),
    "no_room": msg("{player} has no room: {card} goes to the World of the Dead (DE-7.3)."),
    "dig": msg("{player} digs for an attack card, discarding {card}."),
    "put_down": msg("{player} puts down {card}."),
    "arrives": msg("{card} enters {player}'s field ({slot})."),
    "offered": msg("{player} offers {cards}."),
    "destroyed": msg("{card} of {player} is destroyed."),
    "lp": msg("{player}: {change} LP, now {lp}."),
    "credit": msg("{player} earns an Offering credit ({threshold} LP)."),
    "offering": msg("{player} makes an Offering and fetches {card}."),
    "ace": msg("{player} plays the Ace up the Sleeve: {option}."),
    "attack": msg("{card} of {player} attacks {target}."),
    "attack_lp": msg("{card} of {player} attacks directly."),
    "leaves": msg("{card} of {player} leaves the field."),
    "excluded": msg("{card} is excluded from {player}'s World of the Dead."),
    "revived": msg("{player} brings back {card} from the World of the Dead."),
    "stalled": msg("The game is stalled: {turns} turns without a change of LP (DE-14.4)."),
    "end": msg("The game ends: {winner} wins."),
    "end_draw": msg("The game ends in a draw."),
    "surrender": msg("{player} concedes."),
}


def narrate(e: Mapping[str, Any], w: Words) -> str:
    kind = str(e.get("event"))
    fields: dict[str, Any] = {k: v for k, v in e.items() if k != "event"}
    if "card" in fields:
        fields["card"] = w.name(str(fields["card"]))
    if kind == "draw" and "cards" not in e:
        kind = "draw_n"
    elif kind in ("draw", "offered") or ("cards" in fields and isinstance(fields["cards"], list)):
        fields["cards"] = ", ".join(w.name(str(c)) for c in e.get("cards", ())) or "—"
    if kind == "attack":
        if e.get("target") == "lp":
            kind = "attack_lp"
        else:
            fields["target"] = w.name(str(e.get("target")))
    if kind == "ace":
        fields["option"] = w.say(ACE_OPTIONS.get(str(e.get("option")), msg("{x}", x=str(e.get("option")))))
        if e.get("card"):
            fields["option"] += f" — {w.name(str(e['card']))}"
    if kind == "end" and e.get("winner") == "draw":
        kind = "end_draw"
    if kind == "lp":
        fields["change"] = f"{int(e['change']):+d}"
    m = _EVENTS.get(kind)
    if m is None:
        return kind
    return w.say(m, **{k: v for k, v in fields.items() if isinstance(v, str | int)})
