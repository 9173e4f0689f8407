"""Choque's soak invariants (``games/choque/invariants.py``, ``GamePlugin.invariants``) hold in random games
and catch a state that breaks them."""

from __future__ import annotations

from typing import cast

from tablero.core.registry import plugin
from tablero.games.choque.game import ChoqueGame


def test_the_invariants_hold_and_catch_a_lost_card_and_negative_hearts() -> None:
    p = plugin("choque")
    g = cast(ChoqueGame, p.random_game(4))
    check = p.invariants(g)
    for _ in range(40):
        g.apply(g.legal_actions()[0])
        assert check(g) == []
    g.s.players[0].main.pop()  # a card gone from the deck
    g.s.players[1].hearts = -1
    assert check(g) == ["the cards of A changed", "B has negative hearts (CH-10.1)"]
