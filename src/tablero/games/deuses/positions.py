"""Deuses' position for the loop ruling (``core.loops``, docs/rulings.md "Loops"): what the deciding seat
sees and its decision, read off the state, with no counter (timestamps only as the order the cards arrived
in, DE-13.1; no per-turn tally) and no log. Piles are multisets: no rule reads a hand's or a World of the
Dead's order."""

from __future__ import annotations

from collections.abc import Hashable

from .state import SEAT, State


def position(s: State) -> Hashable:
    d = s.pending
    if d is None:
        return None
    me = SEAT[d.player]
    order = {ts: n for n, ts in enumerate(sorted(slot.ts for pl in s.players for _, slot in pl.slots()))}
    sides = []
    for p in (me, 1 - me):
        pl = s.players[p]
        hand = tuple(sorted(pl.hand)) if p == me else (len(pl.hand), tuple(sorted(pl.known)))
        additional = tuple(sorted(pl.additional)) if p == me else len(pl.additional)
        field = tuple((i, slot.card, slot.attacked, order[slot.ts]) for i, slot in pl.slots())
        sides.append((pl.lp, pl.credits, tuple(pl.thresholds), pl.ace_used, hand, len(pl.main), additional, field,
                      tuple(sorted(pl.wotd)), tuple(sorted(pl.excluded))))
    return d.kind, d.detail, s.phase, s.digging, tuple(sides)
