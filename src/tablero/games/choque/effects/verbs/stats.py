"""Verbs that change a character's numbers or marks (CH-12 debilitar, modificar, enfermar; modes, counters)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..context import EffectContext
from .reach import targets

if TYPE_CHECKING:
    from ...game import ChoqueGame


def debilitar(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    """CH-12 debilitar: lower the current resistance; at 0 it costs a heart (CH-9.7)."""
    for _, _, c in targets(g, ctx, a["target"]):
        c.dmg += a["amount"]
    g.s.sba = True


def modify(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    mods = tuple((st, a[st], a["until"]) for st in ("strength", "resistance", "impact") if a[st])
    for _, _, c in targets(g, ctx, a["target"]):
        c.mods = c.mods + mods
    g.s.sba = True


def enfermar(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for _, _, c in targets(g, ctx, a["target"]):
        c.status = c.status | {a["status"]}
    g.s.fx_changed()  # filters on 'status' may now match differently


def set_mode(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for _, _, c in targets(g, ctx, a["target"]):
        c.mode = a["mode"]
    g.s.fx_changed()  # filters on 'mode' may now match differently


def counters(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for _, _, c in targets(g, ctx, a["target"]):
        c.counters = max(0, c.counters + a["add"])
