"""Where abilities come from (CH-7): the sources on the field, what is usable, conditions, names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import stats
from ..cards import CardDef
from ..filters import _ability_cards
from ..state import CHAR_ZONES, NAMES, OTHER, SUPPORT_ZONES, Char, Equip, FxCache
from .context import Handle
from .schema import Ability

if TYPE_CHECKING:
    from ..game import ChoqueGame


# == where abilities come from ===================================================================
def char_abilities(g: ChoqueGame, c: Char) -> list[Ability]:
    """A character's abilities that work now (none when zombificado, CH-8.1; Mímica adds, CH-8)."""
    if c.zombified:
        return []
    out: list[Ability] = []
    for card in _ability_cards(c):
        out.extend(card.fx.abilities)
    return out


def field_sources(g: ChoqueGame, pi: int) -> list[tuple[Handle, str, list[Ability]]]:
    """(source handle, reference, abilities) of everything player ``pi`` controls on the field."""
    s = g.s
    if not stats.fx_on_field(g):
        return []
    cache = s.fx_cache
    if cache is None:
        cache = s.fx_cache = FxCache()
    cached: list[tuple[Handle, str, list[Ability]]] | None = cache.sources[pi]
    if cached is not None:
        return cached
    p = s.players[pi]
    name = NAMES[pi]
    out: list[tuple[Handle, str, list[Ability]]] = []
    cache.sources[pi] = out
    for zi, c in enumerate(p.chars):
        if c is not None:
            abilities = char_abilities(g, c)
            if abilities:
                out.append((("char", c.uid), f"{name}.{CHAR_ZONES[zi]}", abilities))
    arriving = s.arriving  # activated, not yet resolved: its abilities do not work yet (CH-7.4)
    for zi, z in enumerate(p.zones):
        card = z.card if isinstance(z, Equip) else z
        if card is not None and card.fx.abilities:
            zone = SUPPORT_ZONES[zi]
            if not (arriving and (pi, zone) in arriving):
                out.append((("zone", pi, zone, card), f"{name}.{zone}", list(card.fx.abilities)))
    for qi in (pi, OTHER[pi]):  # CH-1.6: the sectors pi played, in either player's sector zones
        q = s.players[qi]
        for si, sec in enumerate(q.sectors):
            if sec is not None and sec.fx.abilities and q.sector_owner[si] == pi:
                zone = "SA" if si == 0 else "SB"
                if not (arriving and (qi, zone) in arriving):
                    out.append((("zone", qi, zone, sec), f"{NAMES[qi]}.{zone}", list(sec.fx.abilities)))
    if p.arena is not None and p.arena.fx.abilities and not (arriving and (pi, "arena") in arriving):
        out.append((("zone", pi, "arena", p.arena), f"{name}.arena", list(p.arena.fx.abilities)))
    return out


def usable_sources(g: ChoqueGame, pi: int) -> list[tuple[Handle, str, Ability]]:
    """(source, reference, ability) for the encendido and rápido abilities ``pi`` has on the field."""
    cache = g.s.fx_cache
    if cache is not None:
        cached: list[tuple[Handle, str, Ability]] | None = cache.usable[pi]
        if cached is not None:
            return cached
    out = [(src, ref, ab) for src, ref, abilities in field_sources(g, pi) for ab in abilities
           if ab.category in ("encendido", "rapido")]
    cache = g.s.fx_cache
    if cache is None:
        cache = g.s.fx_cache = FxCache()
    cache.usable[pi] = out
    return out


def rapido_on_field(g: ChoqueGame, pi: int) -> bool:
    """Whether ``pi`` has a card with a rápido ability on the field (cached with the sources)."""
    cache = g.s.fx_cache
    if cache is not None:
        known = cache.rapido[pi]
        if known is not None:
            return known
    found = any(ab.category == "rapido" for _, _, ab in usable_sources(g, pi))
    cache = g.s.fx_cache
    if cache is None:
        cache = g.s.fx_cache = FxCache()
    cache.rapido[pi] = found
    return found


def zone_card(g: ChoqueGame, pi: int, zone: str) -> CardDef | None:
    p = g.s.players[pi]
    if zone.startswith("Z"):
        z = p.zones[int(zone[1]) - 1]
        return z.card if isinstance(z, Equip) else z
    if zone in ("SA", "SB"):
        return p.sectors[0 if zone == "SA" else 1]
    if zone == "arena":
        return p.arena
    return None


def source_zone_index(g: ChoqueGame, src: Handle) -> int:
    """The character zone of a source character (for 'same sector' filters), else -1."""
    if src[0] == "char":
        found = g.s.find(src[1])
        return found[1] if found else -1
    if src[0] == "zone" and src[2] in ("SA", "SB"):
        return 0 if src[2] == "SA" else 2
    return -1


def once_key(g: ChoqueGame, src: Handle, ability: Ability) -> str:
    if src[0] == "char":
        return f"{src[1]}:{ability.name}"
    return f"{src[1]}:{src[2]}:{src[-1].id}:{ability.name}"


# == conditions (if:) ============================================================================
def condition_ok(g: ChoqueGame, pi: int, src: Handle, cond: Any) -> bool:
    if not cond:
        return True
    s = g.s
    p, o = s.players[pi], s.players[OTHER[pi]]
    found = s.find(src[1]) if src[0] == "char" else None
    c = found[2] if found is not None else None
    for k, v in cond.items():
        if k == "souls_min" and p.soul_total() < v:
            return False
        if k == "hearts_max" and p.hearts > v:
            return False
        if k == "hand_min" and len(p.hand) < v:
            return False
        if k == "mode" and (c is None or c.mode != v):
            return False
        if k == "counters_min" and (c is None or c.counters < v):
            return False
        if k == "own_characters_min" and sum(1 for x in p.chars if x is not None) < v:
            return False
        if k == "opponent_characters_min" and sum(1 for x in o.chars if x is not None) < v:
            return False
    return True


# == continuous bookkeeping ======================================================================
def src_name(g: ChoqueGame, src: Handle) -> str:
    """The card id of an ability's source, for the log (a character by its card, not its uid)."""
    if src[0] == "char":
        found = g.s.find(src[1])
        return found[2].card.id if found is not None else f"uid{src[1]}"
    return str(src[-1].id) if isinstance(src[-1], CardDef) else str(src)
