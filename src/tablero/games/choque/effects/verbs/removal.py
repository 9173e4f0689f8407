"""Verbs that take characters and cards away (CH-12 destruir, regresar, confinar, aislar)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import flow, keywords
from ...effects import candidates
from ...state import NAMES
from ..context import EffectContext
from .reach import slots, take_away, targets

if TYPE_CHECKING:
    from ...game import ChoqueGame


def destroy(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    """CH-12 destruir: to the Mictlán regardless of hearts; Invulnerable is immune (CH-8)."""
    for qi, zi, c in targets(g, ctx, a["target"]):
        if c.has("invulnerable"):
            continue
        if g.s.players[qi].chars[zi] is c:
            keywords.leave_field(g, qi, zi, "mictlan", reason="destroyed")
            flow.event(g, "destroyed", player=NAMES[qi], card=c.card.id, reason="effect")
    for h in slots(g, ctx, a["target"]):
        candidates.remove_slot(g, h, "mictlan", "destroyed")


def return_(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    to = {"hand": "hand", "deck_top": "main_top", "deck_bottom": "main_bottom"}[a["to"]]
    take_away(g, ctx, a["target"], to, "returned")


def confine(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    take_away(g, ctx, a["target"], "confined", "confined")


def isolate(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    take_away(g, ctx, a["target"], "isolated", "isolated")
