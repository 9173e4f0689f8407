"""How well a player stands (the search agents' cut-off score and the greedy agent's ranking)."""

from __future__ import annotations

import math

from .state import State


def heuristic(s: State, p: int) -> float:
    """In (-1, 1): life points first (they decide the game, DE-14.1), then the field's battle strength,
    then cards in hand."""
    me, opp = s.players[p], s.players[1 - p]
    lp = (me.lp - opp.lp) / 4000
    board = (_strength(s, p) - _strength(s, 1 - p)) / 8000
    hand = (len(me.hand) - len(opp.hand)) / 20
    return math.tanh(1.6 * lp + 0.8 * board + 0.2 * hand)


def _strength(s: State, p: int) -> int:
    total = 0
    for slot in s.players[p].field:
        if slot is not None:
            c = s.cards[slot.card]
            total += c.attack + c.defense
    return total
