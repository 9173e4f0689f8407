"""Current strength, resistance and impact: printed values, effect modifiers and continuous effects.

Resistance is kept as damage taken (``Char.dmg``) so that a modifier appearing or vanishing changes the
full value without losing the damage (CH-9.8); the current resistance is full minus damage. Continuous
effects (CH-7.1 continuo abilities and apoyos, CH-1.5 equipos, CH-1.6 sectors, CH-1.7 arenas) are not
stored on characters: they are read from the cards on the field whenever a value is needed, so nothing
has to be undone when their source leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .effects import sources
from .exclusive import elite
from .filters import _ability_cards, _card_matches, _default_side
from .state import SECTOR_ZONES, SUPPORT_ZONES, BonusKey, Char, Equip, StaticCache

if TYPE_CHECKING:
    from .effects.schema import Static
    from .game import ChoqueGame


def modified(g: ChoqueGame, pi: int, zi: int, c: Char, stat: str) -> int:
    """Printed value plus effect modifiers plus continuous effects (no calls when nothing modifies)."""
    v: int = getattr(c.card, stat)
    if c.mods:
        v += c.mod(stat)
    if g.s.statics:
        v += static(g, pi, zi, c, stat)
    return v


def strength(g: ChoqueGame, pi: int, zi: int, c: Char) -> int:
    v = max(0, modified(g, pi, zi, c, "strength"))
    return elite.strength(c, v)  # CH-8 Élite doubles it for the battle


def full_res(g: ChoqueGame, pi: int, zi: int, c: Char) -> int:
    return max(0, elite.resistance(c, modified(g, pi, zi, c, "resistance")))


def res(g: ChoqueGame, pi: int, zi: int, c: Char) -> int:
    return full_res(g, pi, zi, c) - c.dmg


def impact(g: ChoqueGame, pi: int, zi: int, c: Char) -> int:
    # CH-1.3: every character takes at least one player heart on a direct attack, whatever lowers it
    return max(1, modified(g, pi, zi, c, "impact"))


def fx_on_field(g: ChoqueGame) -> bool:
    """Whether any card on the field has abilities or continuous modifiers (cached count)."""
    s = g.s
    n = s.statics
    if n < 0:
        n = s.statics = s.count_statics()
    return n > 0


# -- continuous effects ------------------------------------------------------------------------
def static(g: ChoqueGame, pi: int, zi: int, c: Char, stat: str) -> int:
    s = g.s
    n = s.statics
    if n < 0:
        n = s.statics = s.count_statics()
    if n == 0:
        return 0  # the common case: nothing on the field modifies anyone
    cache = s.static_cache
    # The key names the stay completely, not only its uid: clones share this cache until one of them
    # changes the field's modifiers, and two clones may give the same uid to different characters (an
    # MCTS playout's call must not leave its numbers to the real game's next call).
    ckey: BonusKey = (pi, zi, c.uid, c.card.id, c.mode, c.status, c.kw, stat)
    if cache is not None:
        known = cache.bonuses.get(ckey)
        if known is not None:
            return known
    total = 0
    conditional = False
    for static, controller, kind, key in static_list(g):
        v = getattr(static, stat)
        if not v:
            continue
        flt = static.affects
        default = _default_side(kind, key, pi, zi, c, flt)
        if default is None:
            continue
        source_zone = key[1] if kind == "char" else -1  # a character's zone, for 'sector: same' (CH-3.1)
        if not char_matches(g, flt, controller, pi, zi, c, default_side=default, source_zone=source_zone):
            continue
        if static.condition:
            # Checked last: a modifier that does not reach this character does not depend on it. 'if:' on
            # hearts, souls, hands...: checked every time, never cached (a mode is cached, see Static).
            conditional = conditional or static.volatile
            src = ("char", key[0]) if kind == "char" else ("zone",)
            if not sources.condition_ok(g, controller, src, static.condition):
                continue
        total += v
    cache = s.static_cache
    if cache is not None and not conditional:
        cache.bonuses[ckey] = total  # valid until the field, a status or a mode changes (State.fx_changed)
    return total


def static_list(g: ChoqueGame) -> list[tuple[Static, int, str, Any]]:
    """Every continuous modifier on the field as (modifier, controller, kind, key); cached until the
    field changes (``State.fx_changed``)."""
    s = g.s
    cache = s.static_cache
    if cache is None:
        cache = s.static_cache = StaticCache()
    out: list[tuple[Static, int, str, Any]] | None = cache.modifiers
    if out is not None:
        return out
    out = []
    arriving = s.arriving  # activated, not yet resolved: not working yet (CH-7.4)
    for qi, q in enumerate(s.players):
        for si, sec in enumerate(q.sectors):
            if sec is not None and sec.fx.static and not (arriving and (qi, SECTOR_ZONES[si]) in arriving):
                # 'side' in its filter is seen from the player who played it
                out.extend((st, q.sector_owner[si], "sector", (qi, si)) for st in sec.fx.static)
        if q.arena is not None and q.arena.fx.static and not (arriving and (qi, "arena") in arriving):
            out.extend((st, qi, "arena", (qi, q.arena.fx.scope)) for st in q.arena.fx.static)
        for zi, z in enumerate(q.zones):
            if z is None or arriving and (qi, SUPPORT_ZONES[zi]) in arriving:
                continue
            if isinstance(z, Equip):
                out.extend((st, qi, "equip", z.equips) for st in z.card.fx.static)
            elif z.fx.static:
                out.extend((st, qi, "field", None) for st in z.fx.static)
        for zi, other in enumerate(q.chars):
            if other is None or other.zombified:
                continue
            for card in _ability_cards(other):
                out.extend((st, qi, "char", (other.uid, zi)) for st in card.fx.static)
    cache.modifiers = out
    return out


def statics_lower_res(g: ChoqueGame) -> bool:
    """Whether some continuous modifier on the field lowers resistance (cached with the list)."""
    cache = g.s.static_cache
    if cache is not None and cache.lowers_res is not None:
        return cache.lowers_res
    found = any(st.resistance < 0 for st, _, _, _ in static_list(g))
    cache = g.s.static_cache
    assert cache is not None  # static_list made it
    cache.lowers_res = found
    return found


def char_matches(g: ChoqueGame, flt: Any, controller: int, pi: int, zi: int, c: Char, default_side: str = "any",
                  source_zone: int = -1) -> bool:
    """Whether the character ``c`` (player ``pi``, zone ``zi``) passes a filter seen from ``controller``."""
    side = flt.get("side", default_side)
    if side == "own" and pi != controller or side == "opponent" and pi == controller:
        return False
    return _card_matches(flt, c.card, c, zi, source_zone)


