"""Card filters (CH-12 "seleccionar"): whether a card or a character matches a filter of the effect language.

Pure functions of a card and its place, shared by the rules modules, the verbs and the refusals; they import
no rules module, so any of those may import them by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .state import sector_of

if TYPE_CHECKING:
    from .cards import CardDef
    from .state import Char


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
