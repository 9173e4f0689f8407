"""DE-8 putting cards down: the once-a-turn attack card (DE-8.1), magic (DE-8.3), invocations and their
offering (DE-8.4); gods never (DE-8.5). ``refusal`` decides what may be put down, ``put_down`` does it."""

from __future__ import annotations

from typing import Any

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from .effects import arrive, magic_destroyed_on_arrival, slot_of
from .resolution import Bury, Work, push_steps
from .state import NAMES, SEAT, State


def refusal(s: State, p: int, card: Any, offer: Any) -> IllegalAction | None:
    """Why ``p`` may not put ``card`` down with ``offer`` now, or None (the effect's targets aside)."""
    d = s.pending
    if s.phase != "put_down" or s.active != p or d is None or d.kind != "put_down":
        return IllegalAction("DE-6.2", msg("cards are put down only in one's own put-down step"))
    if not isinstance(card, str) or card not in s.cards:
        return IllegalAction("DE-1.3", msg("{card} is not a card of this game", card=str(card)))
    pl = s.players[p]
    c = s.cards[card]
    if c.type == "god":
        return IllegalAction("DE-8.5", msg("a god enters the field only through an effect"))
    if card not in pl.hand:
        if card in pl.wotd:
            return IllegalAction("DE-4.5", msg("a card in the World of the Dead is not used by choice"))
        if card in pl.excluded:
            return IllegalAction("DE-4.6", msg("{card} is excluded: it never returns to play", card=card))
        return IllegalAction("DE-1.3", msg("{card} is not in your hand", card=card))
    if c.type == "attack" and pl.attack_put_downs >= 1:
        return IllegalAction("DE-8.1", msg("one attack card a turn is put down from the hand"))
    if c.type == "invocation":
        return _offer_refusal(s, p, c.offerings, offer)
    if offer not in (None, []):
        return IllegalAction("DE-8.4", msg("only an invocation takes an offering"))
    if c.stays and s.free_slot(p) is None:
        return IllegalAction("DE-4.7", msg("the field is full"))
    return None


def _offer_refusal(s: State, p: int, need: int, offer: Any) -> IllegalAction | None:
    """DE-8.4: exactly ``need`` distinct slots of one's own battle cards."""
    wrong = IllegalAction("DE-8.4", msg("an invocation needs exactly {n} of your battle cards offered", n=need))
    if not isinstance(offer, list) or len(offer) != need or len(set(map(str, offer))) != need:
        return wrong
    for ref in offer:
        q, i = own_slot(ref, p)
        if q != p or i is None:
            return wrong
        slot = s.players[p].field[i] if i < len(s.players[p].field) else None
        if slot is None or not s.cards[slot.card].battle:
            return wrong
    return None


def own_slot(ref: Any, p: int) -> tuple[int, int | None]:
    """A slot reference (``F2``, or ``A.F2``) as (player, index); index None when it is not one."""
    if not isinstance(ref, str):
        return p, None
    who, dot, place = ref.rpartition(".")
    q = SEAT.get(who, -1) if dot else p
    if len(place) < 2 or place[0] != "F" or not place[1:].isdigit() or int(place[1:]) < 1:
        return q, None
    return q, int(place[1:]) - 1


def put_down(s: State, p: int, card: str, offer: list[str]) -> Work:
    """Puts ``card`` down; returns its effect's steps, still to resolve (``resolution``)."""
    pl = s.players[p]
    c = s.cards[card]
    pl.take_from_hand(card)
    s.log.append({"event": "put_down", "player": NAMES[p], "card": card})
    work: Work = []
    if c.type == "attack":
        pl.attack_put_downs += 1  # DE-8.1
        arrive(s, p, card)
        push_steps(work, p, c)
    elif c.type == "invocation":
        _offer(s, p, offer)
        work.append(Bury(p, card))  # DE-8.4: the invocation follows once its effect is over
        push_steps(work, p, c)
    elif c.stays:
        if arrive(s, p, card) is not None and s.winner is None:
            push_steps(work, p, c)  # DE-8.3: a lasting magic card stays on the field
    elif magic_destroyed_on_arrival(s):
        pl.wotd.append(card)  # DE-13.3: destroyed as it arrives, its effect never applies
        s.log.append({"event": "destroyed", "player": NAMES[p], "card": card})
    else:
        work.append(Bury(p, card))  # DE-8.3: once its effect is over
        push_steps(work, p, c)
    return work


def _offer(s: State, p: int, offer: list[str]) -> None:
    """DE-8.4: the offered cards go to the WotD with no LP loss; the effect applies next."""
    pl = s.players[p]
    offered = []
    for ref in offer:
        _, i = own_slot(ref, p)
        assert i is not None
        slot = pl.field[i]
        assert slot is not None
        pl.field[i] = None
        pl.wotd.append(slot.card)
        offered.append(slot.card)
    s.log.append({"event": "offered", "player": NAMES[p], "cards": offered})


def slot_ref(p: int, i: int) -> str:
    return f"{NAMES[p]}.F{i + 1}"


__all__ = ["own_slot", "put_down", "refusal", "slot_of", "slot_ref"]
