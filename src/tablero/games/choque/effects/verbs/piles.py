"""Verbs on the decks and the hand (CH-12 robar, enviar, barajar, descartar, añadir)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...flow import NAMES
from ...stats import _card_matches
from ..context import ZONE_LISTS, EffectContext, sample, send_top
from ..schema import Op
from .reach import players

if TYPE_CHECKING:
    from ..runtime import EffectRules


def draw(g: EffectRules, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        for _ in range(a["count"]):
            if not g._draw_main(qi):
                break


def send(g: EffectRules, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        send_top(g.s.players[qi], a["count"])


def shuffle(g: EffectRules, ctx: EffectContext, a: Any) -> None:
    for qi in players(ctx, a["player"]):
        p = g.s.players[qi]
        if a["deck"] == "main":
            g.s.rng.shuffle(p.main)
            p.main_known[:] = [0, 0, 0, 0]
        else:
            g.s.rng.shuffle(p.souls)
            p.soul_known[:] = [0, 0, 0, 0]


def discard(g: EffectRules, ctx: EffectContext, a: Any) -> None:
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
                g._event("discard", player=NAMES[qi], card=card.id)
        else:
            op = Op("discard", {"count": n, "filter": None})
            g._select(qi, "discard", op, ctx.source, n, ())
            return


def add(g: EffectRules, ctx: EffectContext, a: Any) -> None:
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
    g._select(pi, "add", Op("add", a), ctx.source, min(a["count"], len(cands)), ())
