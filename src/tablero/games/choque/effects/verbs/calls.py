"""Verbs that bring characters in (CH-6.2 special calls; CH-12 liberar)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import keywords
from ...effects import selections
from ...filters import _card_matches
from ..context import ZONE_LISTS, EffectContext
from ..schema import Op

if TYPE_CHECKING:
    from ...game import ChoqueGame


def special_call(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    """CH-6.2: a special call from hand, deck, Mictlán or confinement into an empty zone."""
    pi = ctx.player
    p = g.s.players[pi]
    flt = a["filter"] or {}
    zones = selections.call_zones(g, pi, ctx.source, a["zone"])
    cands = [c for c in getattr(p, ZONE_LISTS[a["from"]])
             if c.is_character and _card_matches(flt, c) and not keywords.call_blocked(g, pi, c.value)]
    if not cands or not zones:
        return
    selections.select(g, pi, "special_call", Op("special_call", a), ctx.source, 1, ())


def liberar(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    """CH-12 liberar: from confinement back to the hand or the field."""
    pi = ctx.player
    p = g.s.players[pi]
    flt = a["filter"] or {}
    cands = [c for c in p.confined if _card_matches(flt, c)]
    if a["to"] == "field":
        cands = [c for c in cands if c.is_character and not keywords.call_blocked(g, pi, c.value)]
        if not selections.call_zones(g, pi, ctx.source, "any"):
            return
    if cands:
        selections.select(g, pi, "liberar", Op("liberar", a), ctx.source, min(a["count"], len(cands)), ())
