"""Choices made while something resolves or is paid (CH-12 seleccionar): what may be picked, the picks, and
special calls into a zone (CH-6.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import flow, keywords
from ..filters import _card_matches
from ..pending import SelectChoice, ZoneChoice
from ..state import CHAR_ZONES, NAMES, sector_of
from . import candidates, costs, sources
from .context import ZONE_LISTS, Handle
from .schema import Op

if TYPE_CHECKING:
    from ..game import ChoqueGame


def move_card(g: ChoqueGame, h: Handle, to: str) -> None:
    """Move a card between non-field zones of its owner (CH-1.8: amalgams go to the support deck)."""
    _, qi, zone, card = h
    p = g.s.players[qi]
    getattr(p, ZONE_LISTS[zone]).remove(card)
    if zone == "hand":
        p.forget(card)
    p.put(card, to, public=zone in ("mictlan", "confined"))  # from a public zone (CH-11.1)


def call_zones(g: ChoqueGame, pi: int, src: Handle, where: str) -> list[int]:
    """The empty character zones a special call may go to (any, or the source's sector)."""
    p = g.s.players[pi]
    zones = [zi for zi in range(4) if p.chars[zi] is None]
    if where == "same_sector":
        szone = sources.source_zone_index(g, src)
        zones = [zi for zi in zones if szone >= 0 and sector_of(zi) == sector_of(szone)]
    return zones


# == selections: choices made while something resolves or is paid =================================
def select_candidates(g: ChoqueGame, pi: int, purpose: str, op: Op, src: Handle) -> list[tuple[str, Handle]]:
    p = g.s.players[pi]
    a = op.args
    if purpose == "cost":
        return costs.cost_candidates(g, pi, op, src)
    if purpose == "discard":
        return _distinct_cards(p.hand, pi, "hand")
    flt = a.get("filter") or {}
    if purpose == "add":
        zone = a["from"]
        return _distinct_cards([c for c in getattr(p, ZONE_LISTS[zone]) if _card_matches(flt, c)], pi, zone)
    if purpose == "special_call":
        zone = a["from"]
        # an amalgam too (CH-1.8): an effect's special call needs no materials, only CH-6.4's does
        cards = [c for c in getattr(p, ZONE_LISTS[zone]) if c.is_character
                 and _card_matches(flt, c) and not keywords.call_blocked(g, pi, c.value)]
        return _distinct_cards(cards, pi, zone)
    if purpose == "liberar":
        cards = [c for c in p.confined if _card_matches(flt, c)]
        if a["to"] == "field":
            cards = [c for c in cards if c.is_character and not keywords.call_blocked(g, pi, c.value)]
        return _distinct_cards(cards, pi, "confined")
    raise AssertionError(purpose)  # pragma: no cover


def select(g: ChoqueGame, pi: int, purpose: str, op: Op, src: Handle, need: int, picked: tuple[Any, ...]) -> None:
    flow.set_pending(g, pi, "choose", SelectChoice(purpose, op, src, need, picked))


def select_options(g: ChoqueGame, pi: int, data: SelectChoice) -> list[dict[str, Any]]:
    purpose, op, src, picked = data.purpose, data.op, data.source, data.picked
    name = NAMES[pi]
    out = []
    for ref, h in select_candidates(g, pi, purpose, op, src):
        if h[0] == "card":
            left = getattr(g.s.players[pi], ZONE_LISTS[h[2]]).count(h[3]) - sum(1 for x in picked if x == h)
            if left <= 0:
                continue
            out.append({"player": name, "do": "choose", "cards": [h[3].id]})
        elif h in picked:
            continue
        else:
            out.append({"player": name, "do": "choose", "targets": [ref]})
    if not out:
        # Nothing left to pick. A real game never offers a selection without candidates; a determinized
        # copy can (an opponent's resample redrew the hidden zone being chosen from), and it must stay a
        # playable game: the effect goes on with what was picked.
        out.append({"player": name, "do": "choose", "cards": []})
    return out


def select_pick(g: ChoqueGame, pi: int, data: SelectChoice, act: dict[str, Any]) -> None:
    purpose, op, src, need, picked = data.purpose, data.op, data.source, data.need, data.picked
    if act.get("cards") == [] and not act.get("targets"):
        select_done(g, pi, purpose, op, src, picked)  # nothing left to pick (see select_options)
        return
    cands = select_candidates(g, pi, purpose, op, src)
    if act.get("cards"):
        h = next(h for r, h in cands if h[0] == "card" and h[3].id == act["cards"][0])
    else:
        h = next(h for r, h in cands if r == act["targets"][0])
    picked = (*picked, h)
    if len(picked) < need:
        select(g, pi, purpose, op, src, need, picked)
        return
    select_done(g, pi, purpose, op, src, picked)


def select_done(g: ChoqueGame, pi: int, purpose: str, op: Op, src: Handle, picked: tuple[Any, ...]) -> None:
    s = g.s
    p = s.players[pi]
    if purpose == "cost":
        ab = next((st[3] for st in reversed(s.stack) if st[0] == "pay"), None)  # whose cost it is
        for h in picked:
            costs.pay_one(g, pi, op, h, ab, src)
    elif purpose == "discard":
        for h in picked:
            card = h[3]
            p.hand.remove(card)
            p.forget(card)
            p.mictlan.append(card)
            flow.event(g, "discard", player=NAMES[pi], card=card.id)
    elif purpose == "add":
        for h in picked:
            move_card(g, h, "hand")
            # a card searched from the deck is not shown to the opponent (CH-11.2)
            flow.event(g, "add", player=NAMES[pi], card=h[3].id, hidden=op.args["from"] == "deck")
        if op.args["from"] == "deck":
            s.rng.shuffle(p.main)  # CH-12 añadir: a searched deck is shuffled after
            p.main_known[:] = [0, 0, 0, 0]
    elif purpose in ("special_call", "liberar"):
        if not picked:
            return  # nothing was left to pick (a determinized copy, see select_options)
        h = picked[0]
        zones = call_zones(g, pi, src, op.args.get("zone", "any"))
        if purpose == "liberar" and op.args["to"] == "hand":
            for x in picked:
                move_card(g, x, "hand")
                flow.event(g, "liberated", player=NAMES[pi], card=x[3].id)  # it was face up, confined
            return
        if not zones:
            return
        g.s.stack.append(("call_into", pi, h, src, op.args.get("zone", "any")))


def step_call_into(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """Choose the zone of a special call (any empty one, or one in the source's sector)."""
    _, pi, h, src, where = step
    zones = call_zones(g, pi, src, where)
    if not zones or not candidates.handle_alive(g, h):
        return
    if len(zones) == 1:
        call_from(g, pi, h, zones[0])
        return
    flow.set_pending(g, pi, "choose", ZoneChoice(h, tuple(zones)))


def call_from(g: ChoqueGame, pi: int, h: Handle, zi: int) -> None:
    _, qi, zone, card = h
    p = g.s.players[qi]
    getattr(p, ZONE_LISTS[zone]).remove(card)
    if zone == "hand":
        p.forget(card)
    if zone == "deck":
        g.s.rng.shuffle(p.main)
        p.main_known[:] = [0, 0, 0, 0]
    keywords.special_call(g, pi, card, zi, "effect")


def _distinct_cards(cards: Any, pi: int, zone: str) -> list[tuple[str, Handle]]:
    """One candidate per card id; from the main deck sorted by id, since nobody sees its order (CH-11.2) and
    the order of the legal actions would tell its owner which card lies nearer the top."""
    seen: set[str] = set()
    out: list[tuple[str, Handle]] = []
    for c in cards:
        if c.id not in seen:
            seen.add(c.id)
            out.append((c.id, ("card", pi, zone, c)))
    if zone == "deck":
        out.sort(key=_candidate_id)
    return out


def _candidate_id(candidate: tuple[str, Handle]) -> str:
    return candidate[0]


def zone_offer(g: ChoqueGame, pi: int, data: ZoneChoice) -> list[dict[str, Any]]:
    """The zone a special call goes into (CH-6.2)."""
    return [{"player": NAMES[pi], "do": "choose", "option": CHAR_ZONES[zi]} for zi in data.zones]


def zone_answer(g: ChoqueGame, pi: int, data: ZoneChoice, act: dict[str, Any]) -> None:
    call_from(g, pi, data.handle, CHAR_ZONES.index(act["option"]))
