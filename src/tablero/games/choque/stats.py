"""Current strength, resistance and impact: printed values, effect modifiers and continuous effects.

Resistance is kept as damage taken (``Char.dmg``) so that a modifier appearing or vanishing changes the
full value without losing the damage (CH-9.8); the current resistance is full minus damage. Continuous
effects (CH-7.1 continuo abilities and apoyos, CH-1.5 equipos, CH-1.6 sectors, CH-1.7 arenas) are not
stored on characters: they are read from the cards on the field whenever a value is needed, so nothing
has to be undone when their source leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .flow import FlowRules
from .state import SECTOR_ZONES, SUPPORT_ZONES, Char, Equip, sector_of

if TYPE_CHECKING:
    from .cards import CardDef
    from .effects.schema import Static


class StatsRules(FlowRules):
    """Mixin: the numbers a character fights with."""

    def _modified(self, pi: int, zi: int, c: Char, stat: str) -> int:
        """Printed value plus effect modifiers plus continuous effects (no calls when nothing modifies)."""
        v: int = getattr(c.card, stat)
        if c.mods:
            v += c.mod(stat)
        if self.s.statics:
            v += self._static(pi, zi, c, stat)
        return v

    def _strength(self, pi: int, zi: int, c: Char) -> int:
        v = max(0, self._modified(pi, zi, c, "strength"))
        return v * 2 if c.elite_bonus >= 0 else v  # CH-8 Élite doubles strength for the battle

    def _full_res(self, pi: int, zi: int, c: Char) -> int:
        v = self._modified(pi, zi, c, "resistance")
        if c.elite_bonus >= 0:
            v += c.elite_bonus
        return max(0, v)

    def _res(self, pi: int, zi: int, c: Char) -> int:
        return self._full_res(pi, zi, c) - c.dmg

    def _impact(self, pi: int, zi: int, c: Char) -> int:
        # CH-1.3: every character takes at least one player heart on a direct attack, whatever lowers it
        return max(1, self._modified(pi, zi, c, "impact"))

    def _condition_ok(self, pi: int, src: tuple[Any, ...], cond: Any) -> bool:
        raise NotImplementedError  # effects/runtime.py

    def _fx_on_field(self) -> bool:
        """Whether any card on the field has abilities or continuous modifiers (cached count)."""
        s = self.s
        n = s.statics
        if n < 0:
            n = s.statics = s.count_statics()
        return n > 0

    # -- continuous effects ------------------------------------------------------------------------
    def _static(self, pi: int, zi: int, c: Char, stat: str) -> int:
        s = self.s
        n = s.statics
        if n < 0:
            n = s.statics = s.count_statics()
        if n == 0:
            return 0  # the common case: nothing on the field modifies anyone
        cache = s.static_cache
        # The key names the stay completely, not only its uid: clones share this cache until one of them
        # changes the field's modifiers, and two clones may give the same uid to different characters (an
        # MCTS playout's call must not leave its numbers to the real game's next call).
        ckey = (pi, zi, c.uid, c.card.id, c.mode, c.status, c.kw, stat)
        if cache is not None and ckey in cache:
            return cache[ckey]  # type: ignore[no-any-return]
        total = 0
        conditional = False
        for static, controller, kind, key in self._static_list():
            v = getattr(static, stat)
            if not v:
                continue
            flt = static.affects
            default = _default_side(kind, key, pi, zi, c, flt)
            if default is None:
                continue
            source_zone = key[1] if kind == "char" else -1  # a character's zone, for 'sector: same' (CH-3.1)
            if not self._char_matches(flt, controller, pi, zi, c, default_side=default, source_zone=source_zone):
                continue
            if static.condition:
                # Checked last: a modifier that does not reach this character does not depend on it. 'if:' on
                # hearts, souls, hands...: checked every time, never cached (a mode is cached, see Static).
                conditional = conditional or static.volatile
                src = ("char", key[0]) if kind == "char" else ("zone",)
                if not self._condition_ok(controller, src, static.condition):
                    continue
            total += v
        cache = s.static_cache
        if cache is not None and not conditional:
            cache[ckey] = total  # valid until the field, a status or a mode changes (State.fx_changed)
        return total

    def _static_list(self) -> list[tuple[Static, int, str, Any]]:
        """Every continuous modifier on the field as (modifier, controller, kind, key); cached until the
        field changes (``State.fx_changed``)."""
        s = self.s
        cache = s.static_cache
        if cache is None:
            cache = s.static_cache = {}
        out: list[tuple[Static, int, str, Any]] | None = cache.get("static")
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
        cache["static"] = out
        return out

    def _statics_lower_res(self) -> bool:
        """Whether some continuous modifier on the field lowers resistance (cached with the list)."""
        cache = self.s.static_cache
        if cache is not None:
            found = cache.get("lowers_res")
            if found is not None:
                return bool(found)
        found = any(st.resistance < 0 for st, _, _, _ in self._static_list())
        cache = self.s.static_cache
        assert cache is not None  # _static_list made it
        cache["lowers_res"] = found
        return found

    def _char_matches(self, flt: Any, controller: int, pi: int, zi: int, c: Char, default_side: str = "any",
                      source_zone: int = -1) -> bool:
        """Whether the character ``c`` (player ``pi``, zone ``zi``) passes a filter seen from ``controller``."""
        side = flt.get("side", default_side)
        if side == "own" and pi != controller or side == "opponent" and pi == controller:
            return False
        return _card_matches(flt, c.card, c, zi, source_zone)


def _ability_cards(c: Char) -> tuple[CardDef, ...]:
    """The cards whose abilities a character has: its own, and what Mímica copied."""
    return (c.card,) if c.gained is None else (c.card, c.gained)


def _card_matches(flt: Any, card: CardDef, c: Char | None = None, zi: int = -1, source_zone: int = -1,
                  strength: int | None = None) -> bool:
    """Whether a card (or the character ``c`` in zone ``zi``) passes a filter. ``strength`` is the
    character's current strength when known (effects' targets); continuous effects' own filters read
    printed values, so a modifier can never depend on itself."""
    t = flt.get("type")
    if t is not None and (card.type not in t if isinstance(t, tuple) else card.type != t):
        return False
    v = card.value
    if "value" in flt and v != flt["value"]:
        return False
    if "value_min" in flt and v < flt["value_min"]:
        return False
    if "value_max" in flt and v > flt["value_max"]:
        return False
    if "archetype" in flt and flt["archetype"] not in card.archetypes:
        return False
    if "name" in flt and card.name != flt["name"]:
        return False
    if "keyword" in flt and flt["keyword"] not in (c.kw if c is not None else card.keywords):
        return False
    st = card.strength if strength is None else strength
    if "strength_min" in flt and st < flt["strength_min"]:
        return False
    if "strength_max" in flt and st > flt["strength_max"]:
        return False
    if "status" in flt and (c is None or flt["status"] not in c.status):
        return False
    if "mode" in flt and (c is None or c.mode != flt["mode"]):
        return False
    if "sector" in flt and source_zone >= 0 and zi >= 0:
        same = sector_of(zi) == sector_of(source_zone)
        if same != (flt["sector"] == "same"):
            return False
    return True


def _default_side(kind: str, key: Any, pi: int, zi: int, c: Char, flt: Any) -> str | None:
    """Whom a continuous modifier of this kind reaches unless its ``affects`` says otherwise, or ``None``
    when it cannot reach the character in zone ``zi`` of player ``pi`` at all."""
    if kind == "sector":  # CH-1.6: only the two zones of its sector, on the side where it sits
        return "any" if key == (pi, sector_of(zi)) else None
    if kind == "arena":  # CH-1.7
        qi, scope = key
        return "any" if scope == "both" or (scope == "own") == (qi == pi) else None
    if kind == "equip":  # CH-1.5: only the equipped character
        return "any" if c.uid in key else None
    if kind == "char":
        uid = key[0]
        if not flt:  # a character's continuo without 'affects' is about itself (CH-7.1)
            return "own" if uid == c.uid else None
        return None if flt.get("not_self") and uid == c.uid else "own"
    return "own"  # a continuo apoyo reaches its controller's side unless it says otherwise
