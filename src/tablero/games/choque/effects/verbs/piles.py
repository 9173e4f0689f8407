"""Verbs on the decks and the hand (CH-12 robar, enviar, barajar, descartar, añadir)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import flow
from ...effects import selections
from ...filters import _card_matches
from ...state import NAMES
from ..context import ZONE_LISTS, EffectContext, sample, send_top
from ..schema import Op
from .reach import players

if TYPE_CHECKING:
    from ...game import ChoqueGame


def draw(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        for _ in range(a["count"]):
            if not flow.draw_main(g, qi):
                break


def send(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        send_top(g.s.players[qi], a["count"])


def shuffle(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        p = g.s.players[qi]
        if a["deck"] == "main":
            g.s.rng.shuffle(p.main)
            p.main_known[:] = [0, 0, 0, 0]
        else:
            g.s.rng.shuffle(p.souls)
            p.soul_known[:] = [0, 0, 0, 0]


def discard(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    s = g.s
    for qi in players(ctx, a["player"]):
        p = s.players[qi]
        n = min(a["count"], len(p.hand))
        if n <= 0:
            continue
        if a["random"]:
            for j in sorted(sample(s.rng, len(p.hand), n), reverse=True):  # al azar (CH-11.3)
                card = p.hand.pop(j)
                p.forget(card)
                p.mictlan.append(card)
                flow.event(g, "discard", player=NAMES[qi], card=card.id)
        else:
            op = Op("discard", {"count": n, "filter": None})
            selections.select(g, qi, "discard", op, ctx.source, n, ())
            return


def add(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    """CH-12 añadir: from the deck or the Mictlán to the hand; a searched deck is shuffled after."""
    pi = ctx.player
    p = g.s.players[pi]
    zone = a["from"]
    flt = a["filter"] or {}
    cands = [c for c in getattr(p, ZONE_LISTS[zone]) if _card_matches(flt, c)]
    if not cands:
        if zone == "deck":
            g.s.rng.shuffle(p.main)
            p.main_known[:] = [0, 0, 0, 0]
        return
    selections.select(g, pi, "add", Op("add", a), ctx.source, min(a["count"], len(cands)), ())
