"""Verbs that cancel: a chain link (CH-12 negar, CH-7.6) or the battle in progress (CH-12 anular)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import combat, flow
from ...state import NAMES
from ..context import EffectContext

if TYPE_CHECKING:
    from ...game import ChoqueGame


def negate(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    """CH-12 negar: the link this one responded to does nothing (CH-7.6)."""
    responds = ctx.responds
    if responds >= 0:
        g.s.negated = (*g.s.negated, responds)


def anular(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    """CH-12 anular: the battle in progress is cancelled; the attacker has still attacked."""
    if g.s.battle is not None:
        combat.end_battle(g)
        flow.event(g, "anulado", player=NAMES[ctx.player])
