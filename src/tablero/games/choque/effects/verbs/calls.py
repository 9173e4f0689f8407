"""Verbs that bring characters in (CH-6.2 special calls; CH-12 liberar)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...stats import _card_matches
from ..context import ZONE_LISTS, EffectContext
from ..schema import Op

if TYPE_CHECKING:
    from ..runtime import EffectRules


def special_call(g: EffectRules, ctx: EffectContext, a: Any) -> None:
    """CH-6.2: a special call from hand, deck, Mictlán or confinement into an empty zone."""
    pi = ctx.player
    p = g.s.players[pi]
    flt = a["filter"] or {}
    zones = g._call_zones(pi, ctx.source, a["zone"])
    cands = [c for c in getattr(p, ZONE_LISTS[a["from"]])
             if c.is_character and _card_matches(flt, c) and not g._call_blocked(pi, c.value)]
    if not cands or not zones:
        return
    g._select(pi, "special_call", Op("special_call", a), ctx.source, 1, ())


def liberar(g: EffectRules, ctx: EffectContext, a: Any) -> None:
    """CH-12 liberar: from confinement back to the hand or the field."""
    pi = ctx.player
    p = g.s.players[pi]
    flt = a["filter"] or {}
    cands = [c for c in p.confined if _card_matches(flt, c)]
    if a["to"] == "field":
        cands = [c for c in cands if c.is_character and not g._call_blocked(pi, c.value)]
        if not g._call_zones(pi, ctx.source, "any"):
            return
    if cands:
        g._select(pi, "liberar", Op("liberar", a), ctx.source, min(a["count"], len(cands)), ())
