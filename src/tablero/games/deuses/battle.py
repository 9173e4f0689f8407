"""DE-9 battle: one attack at a time, Attack against Defense, and the direct attack on LP (DE-9.5)."""

from __future__ import annotations

from typing import Any

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from .damage import damage, destroy
from .effects import controls_attack_card, current_stats
from .putdown import own_slot
from .state import NAMES, Slot, State


def refusal(s: State, p: int, attacker: Any, target: Any) -> IllegalAction | None:
    d = s.pending
    if s.phase != "attack" or s.active != p or d is None or d.kind != "attack":
        return IllegalAction("DE-9.1", msg("attacks are declared only in one's own attack step"))
    q, i = own_slot(attacker, p)
    pl = s.players[p]
    slot = pl.field[i] if q == p and i is not None and i < len(pl.field) else None
    if slot is None or not s.cards[slot.card].battle:
        return IllegalAction("DE-9.1", msg("{slot} is not one of your battle cards", slot=str(attacker)))
    if slot.attacked:
        return IllegalAction("DE-9.2", msg("{card} already attacked this turn", card=slot.card))
    if target == "lp":
        if controls_attack_card(s, 1 - p):
            return IllegalAction("DE-9.5", msg("a direct attack needs the opponent to control no attack card"))
        return None
    q, j = own_slot(target, 1 - p) if isinstance(target, str) and "." in target else (p, None)
    opp = s.players[1 - p]
    aim = opp.field[j] if q == 1 - p and j is not None and j < len(opp.field) else None
    if aim is None or not s.cards[aim.card].battle:
        return IllegalAction("DE-9.3", msg("{target} is not an opposing battle card", target=str(target)))
    return None


def attack(s: State, p: int, attacker: str, target: str) -> None:
    """DE-9.4: the higher value wins; the loser is destroyed, a tie destroys both (one damage event)."""
    _, i = own_slot(attacker, p)
    assert i is not None
    pl = s.players[p]
    slot = pl.field[i]
    assert slot is not None
    pl.field[i] = slot = Slot(slot.card, slot.ts, True)  # DE-9.2 (a slot is replaced, never changed)
    pl.attacks_made += 1
    card = s.cards[slot.card]
    if target == "lp":
        s.log.append({"event": "attack", "player": NAMES[p], "card": slot.card, "target": "lp"})
        damage(s, [(1 - p, card.level * 100)])  # DE-9.5: level x 100
        return
    _, j = own_slot(target, 1 - p)
    assert j is not None
    aim = s.players[1 - p].field[j]
    assert aim is not None
    over_attack, over_defense = current_stats(s)
    a = card.attack if over_attack is None else over_attack
    d = s.cards[aim.card].defense if over_defense is None else over_defense
    s.log.append({"event": "attack", "player": NAMES[p], "card": slot.card, "target": aim.card,
                  "slot": f"F{j + 1}", "attack": a, "defense": d})
    if a > d:
        destroy(s, [(1 - p, j)])
    elif a < d:
        destroy(s, [(p, i)])
    else:
        destroy(s, [(p, i), (1 - p, j)])
