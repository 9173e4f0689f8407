"""Costs (CH-7.4, CH-12): whether they can be paid, and paying them one at a time (a choice pauses on a decision)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import chain, flow, keywords
from ..cards import CardDef
from ..filters import _card_matches
from ..state import CHAR_ZONES, NAMES, OTHER, SUPPORT_ZONES
from . import candidates, selections, sources
from .context import ZONE_LISTS, Handle, send_top
from .schema import Ability, Op

if TYPE_CHECKING:
    from ..game import ChoqueGame


# == costs =======================================================================================
def can_pay(g: ChoqueGame, pi: int, ability: Ability, src: Handle) -> bool:
    p = g.s.players[pi]
    for op in ability.cost:
        a = op.args
        v = op.verb
        if v == "discard":
            # an apoyo played from the hand is not in it when its cost is paid: it cannot pay for itself
            playing = src[-1] if src[0] == "hand" else None
            n = sum(1 for c in p.hand if _card_matches(a["filter"] or {}, c))
            if playing is not None and playing in p.hand and _card_matches(a["filter"] or {}, playing):
                n -= 1
            if n < a["count"]:
                return False
        if v == "send" and len(p.main) < a["count"]:
            return False
        if v == "sacrifice" and not cost_candidates(g, pi, op, src):
            return False
        if v == "confine_self" and src[0] != "char":
            return False
        if v == "isolate" and len(cost_candidates(g, pi, op, src)) < a["count"]:
            return False
        if v == "return_soul" and len(cost_candidates(g, pi, op, src)) < a["count"]:
            return False
        if v == "lose_hearts" and p.hearts < a["amount"]:
            return False
    return True


def cost_candidates(g: ChoqueGame, pi: int, op: Op, src: Handle) -> list[tuple[str, Handle]]:
    p = g.s.players[pi]
    name = NAMES[pi]
    a = op.args
    flt = a.get("filter") or {}
    if op.verb == "sacrifice":
        return [(f"{name}.{CHAR_ZONES[zi]}", ("char", c.uid)) for zi, c in enumerate(p.chars)
                if c is not None and candidates.cm(g, flt, pi, zi, c)
                and not (flt.get("not_self") and src == ("char", c.uid))]
    if op.verb == "return_soul":
        return [(f"{name}.{SUPPORT_ZONES[zi]}", ("soul", pi, zi)) for zi, z in enumerate(p.zones)
                if isinstance(z, CardDef) and z.type == "alma" and z.value >= a["value_min"]]
    zone = "hand" if op.verb == "discard" else a["from"]
    seen: set[str] = set()
    out: list[tuple[str, Handle]] = []
    for card in getattr(p, ZONE_LISTS[zone]):
        if card.id not in seen and _card_matches(flt, card):
            seen.add(card.id)
            out.append((card.id, ("card", pi, zone, card)))
    return out


# -- paying costs, one at a time (choices pause on a decision) -----------------------------------
def pay_then(g: ChoqueGame, pi: int, src: Handle, ab: Ability, i: int, then: tuple[Any, ...]) -> None:
    while i < len(ab.cost):
        op = ab.cost[i]
        i += 1
        a = op.args
        v = op.verb
        p = g.s.players[pi]
        if v == "send":
            sent = send_top(p, a["count"])
            paid(g, pi, ab, v, src, cards=[c.id for c in sent], count=len(sent))
        elif v == "lose_hearts":
            p.hearts = max(0, p.hearts - a["amount"])
            paid(g, pi, ab, v, src, count=a["amount"], hearts=p.hearts)
        elif v == "confine_self":
            found = g.s.find(src[1])
            if found is not None:
                paid(g, pi, ab, v, src, card=found[2].card.id)
                keywords.leave_field(g, found[0], found[1], "confined", reason="cost")
        else:
            cands = cost_candidates(g, pi, op, src)
            need = a.get("count", 1)
            copies = sum(getattr(p, ZONE_LISTS[h[2]]).count(h[3]) if h[0] == "card" else 1 for _, h in cands)
            if copies == need and len(cands) == need and op.verb != "discard":
                for _, h in cands:
                    pay_one(g, pi, op, h, ab, src)
                continue
            g.s.stack.append(("pay", pi, src, ab, i, then))
            selections.select(g, pi, "cost", op, src, need, ())
            return
    after_pay(g, then)


def paid(g: ChoqueGame, pi: int, ab: Ability | None, cost: str, src: Handle | None = None, **what: Any) -> None:
    """A cost was paid: the log says which, for what and with what (every card named went face up)."""
    source = {"source": sources.src_name(g, src)} if src is not None else {}
    flow.event(g, "paid", player=NAMES[pi], ability=ab.name if ab is not None else "", cost=cost, **source,
                **what)


def pay_one(g: ChoqueGame, pi: int, op: Op, h: Handle, ab: Ability | None = None, src: Handle | None = None) -> None:
    p = g.s.players[pi]
    if op.verb == "sacrifice":
        found = g.s.find(h[1])
        if found is not None:
            paid(g, pi, ab, "sacrifice", src, card=found[2].card.id)
            keywords.leave_field(g, found[0], found[1], "mictlan", reason="sacrifice")
    elif op.verb == "return_soul":
        soul = p.zones[h[2]]
        assert isinstance(soul, CardDef)
        p.zones[h[2]] = None
        g.s.target_cache = None  # souls are field targets too
        p.hand.append(soul)
        p.hand_known.append(soul)
        paid(g, pi, ab, "return_soul", src, card=soul.id)
    elif op.verb == "discard":
        card = h[3]
        p.hand.remove(card)
        p.forget(card)
        p.mictlan.append(card)
        paid(g, pi, ab, "discard", src, card=card.id)
    elif op.verb == "isolate":
        card = h[3]
        paid(g, pi, ab, "isolate", src, card=card.id)
        getattr(p, ZONE_LISTS[h[2]]).remove(card)
        if h[2] == "hand":
            p.forget(card)  # it left the hand: the opponent no longer knows it there (CH-11.2)
        p.isolated.append(card)


def step_pay(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    _, pi, src, ab, i, then = step
    pay_then(g, pi, src, ab, i, then)


def after_pay(g: ChoqueGame, then: tuple[Any, ...]) -> None:
    s = g.s
    if then[0] == "link":
        link = then[1]
        if s.chain_mode == 1:
            chain.add_link(g, link)
        else:
            chain.start_chain(g, [link], OTHER[link.player])
