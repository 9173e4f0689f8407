"""The soak invariants catch what they promise: a card lost, LP changed outside the rules, a second
attack card put down from hand (DE-8.1)."""

from __future__ import annotations

from typing import cast

from tablero.core.registry import plugin
from tablero.games.deuses.game import DeusesGame

P = plugin("deuses")


def test_a_broken_state_is_caught() -> None:
    g = cast(DeusesGame, P.random_game(1))
    check = P.invariants(g)
    assert check(g) == []
    g.s.players[0].hand.pop()
    assert any("conserved" in x for x in check(g))
    g = cast(DeusesGame, P.random_game(1))
    check = P.invariants(g)
    g.s.players[1].lp -= 100
    assert any("logged" in x for x in check(g))
    g.s.players[1].lp += 100
    g.s.players[0].attack_put_downs = 2
    assert any("DE-8.1" in x for x in check(g))
