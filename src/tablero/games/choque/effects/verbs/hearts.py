"""Verbs on the players' hearts (CH-1.2: a player with none loses, CH-10.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..context import EffectContext
from .reach import players

if TYPE_CHECKING:
    from ...game import ChoqueGame


def gain_hearts(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        g.s.players[qi].hearts += a["amount"]


def lose_hearts(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        p = g.s.players[qi]
        p.hearts = max(0, p.hearts - a["amount"])
