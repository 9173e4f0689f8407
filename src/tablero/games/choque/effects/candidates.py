"""What a target may name (CH-7.4, CH-7.6): candidates on the field and in the piles, bound and re-checked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import flow, stats, targeting
from ..filters import _card_matches
from ..state import CHAR_ZONES, NAMES, OTHER, Char, TargetKey
from . import sources
from .context import ZONE_LISTS, Handle
from .schema import Ability, TargetSpec

if TYPE_CHECKING:
    from ..game import ChoqueGame


SLOT_ZONES = ("Z1", "Z2", "Z3", "Z4", "Z5", "SA", "SB", "arena")


# == targets =====================================================================================
def target_candidates(g: ChoqueGame, pi: int, spec: TargetSpec, src: Handle) -> list[tuple[str, Handle]]:
    """(reference, handle) of everything ``spec`` may target now, seen from player ``pi``. Field
    targets whose filter does not read strength are cached until the field changes."""
    flt = spec.filter
    cacheable = spec.zone == "field" and "strength_min" not in flt and "strength_max" not in flt
    if cacheable:
        cache = g.s.target_cache
        key: TargetKey = (pi, id(spec), src)
        if cache is not None:
            known: list[tuple[str, Handle]] | None = cache.get(key)
            if known is not None:
                return known
        out = target_candidates_now(g, pi, spec, src)
        cache = g.s.target_cache
        if cache is None:
            cache = g.s.target_cache = {}
        cache[key] = out
        return out
    return target_candidates_now(g, pi, spec, src)


def target_candidates_now(g: ChoqueGame, pi: int, spec: TargetSpec, src: Handle) -> list[tuple[str, Handle]]:
    s = g.s
    flt = spec.filter
    out: list[tuple[str, Handle]] = []
    side = flt.get("side", "any")
    players = [qi for qi in (pi, OTHER[pi])
               if side == "any" or (side == "own") == (qi == pi)]
    szone = sources.source_zone_index(g, src)
    if spec.zone == "field":
        for qi in players:
            for zi, c in enumerate(s.players[qi].chars):
                if c is None or (flt.get("not_self") and src == ("char", c.uid)):
                    continue
                if cm(g, flt, qi, zi, c, szone):
                    out.append((f"{NAMES[qi]}.{CHAR_ZONES[zi]}", ("char", c.uid)))
        out.extend(slot_candidates(g, pi, flt, src))
    else:
        attr = ZONE_LISTS[spec.zone]
        for qi in players:
            if spec.zone == "hand" and qi != pi:
                continue  # a hidden hand cannot be targeted by choice (CH-11.2)
            seen: set[str] = set()
            for card in getattr(s.players[qi], attr):
                if card.id not in seen and _card_matches(flt, card):
                    seen.add(card.id)
                    out.append((f"{NAMES[qi]}.{spec.zone}:{card.id}", ("card", qi, spec.zone, card)))
    return out


def slot_candidates(g: ChoqueGame, pi: int, flt: Any, src: Handle) -> list[tuple[str, Handle]]:
    """Apoyos, souls, sectors and arenas on the field, when a filter's ``type`` names them, seen from
    player ``pi``: a card that does not name a type targets characters only. Their ``side`` is their
    controller's: a sector may sit in the opponent's sector zone (CH-1.6) and stays its player's."""
    types = flt.get("type")
    if types is None:
        return []
    wanted = set(types) if isinstance(types, tuple) else {types}
    if not wanted & {"apoyo", "alma", "sector", "arena"}:
        return []
    side = flt.get("side", "any")
    sectors = "sector" in wanted
    out: list[tuple[str, Handle]] = []
    for qi in (pi, OTHER[pi]):
        q = g.s.players[qi]
        # support and arena zones hold their player's cards; a sector zone may hold the opponent's
        mine = side == "any" or (side == "own") == (qi == pi)
        for zone in SLOT_ZONES:
            if zone in ("SA", "SB"):
                if not sectors or side != "any" and (side == "own") != (q.sector_owner[zone == "SB"] == pi):
                    continue
            elif not mine:
                continue
            card = sources.zone_card(g, qi, zone)
            if card is None or card.type not in wanted or src == ("zone", qi, zone, card):
                continue
            if _card_matches(flt, card):
                out.append((f"{NAMES[qi]}.{zone}", ("slot", qi, zone, card)))
    return out


def remove_slot(g: ChoqueGame, h: Handle, to: str, reason: str) -> None:
    """Take an apoyo, soul, sector or arena off the field to its owner's ``to`` (CH-12)."""
    _, qi, zone, card = h
    s = g.s
    q = s.players[qi]
    owner = qi
    if zone.startswith("Z"):
        q.zones[int(zone[1]) - 1] = None
    elif zone in ("SA", "SB"):
        si = 0 if zone == "SA" else 1
        owner = q.sector_owner[si]
        q.sectors[si] = None
        q.sector_owner[si] = qi
    else:
        q.arena = None
    s.players[owner].put(card, to, public=True)
    s.fx_changed()
    flow.event(g, reason, player=NAMES[qi], card=card.id, zone=zone, reason="effect", to=to)


def target_options(g: ChoqueGame, pi: int, ability: Ability,
                   src: Handle) -> list[list[str]] | targeting.OneAtATime | None:
    """Every legal ``targets`` list for activating ``ability`` (None: no legal choice exists), or
    ``ONE_AT_A_TIME`` when they are too many to list (``targeting.py``)."""
    return targeting.options(g, pi, ability, src)


def bind_targets(g: ChoqueGame, pi: int, ability: Ability, src: Handle,
                 refs: list[str]) -> dict[str, tuple[Handle, ...]]:
    """Turn an action's target references into handles, spec by spec (already checked legal)."""
    chosen: dict[str, tuple[Handle, ...]] = {}
    i = 0
    for spec in ability.targets:
        if spec.random:
            chosen[spec.name] = ()
            continue
        cands = dict(target_candidates(g, pi, spec, src))
        chosen[spec.name] = tuple(cands[r] for r in refs[i:i + spec.count])
        i += spec.count
    return chosen


def cm(g: ChoqueGame, flt: Any, qi: int, zi: int, c: Char, szone: int = -1) -> bool:
    """A character on the field against a filter, with its current strength (CH-12 seleccionar)."""
    strength = stats.strength(g, qi, zi, c) if ("strength_min" in flt or "strength_max" in flt) else None
    return _card_matches(flt, c.card, c, zi, szone, strength)


def handle_alive(g: ChoqueGame, h: Handle) -> bool:
    if h[0] == "char":
        return g.s.find(h[1]) is not None
    if h[0] == "slot":
        return sources.zone_card(g, h[1], h[2]) is h[3]
    _, qi, zone, card = h
    return card in getattr(g.s.players[qi], ZONE_LISTS[zone])
