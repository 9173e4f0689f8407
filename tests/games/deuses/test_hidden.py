"""DE-4.2, DE-4.3: what a seat may not see. Across whole random games, redrawing everything hidden from a
seat (its opponent's hand and both decks' order) leaves that seat's view, log and board the same."""

from __future__ import annotations

import json

from tablero.core import Rng
from tablero.core.registry import plugin

P = plugin("deuses")


def test_a_seats_view_log_and_board_do_not_change_when_its_hidden_cards_are_redrawn() -> None:
    words = P.presenter("pt")
    checked = 0
    for seed in range(4):
        g = P.random_game(seed)
        rng = Rng(seed)
        while not g.is_over:
            seat = g.pending.player if g.pending else "A"
            if rng.below(3) == 0:
                copy = g.resample(seat, Rng(rng.below(1 << 30)))
                assert json.dumps(copy.view(seat), sort_keys=True) == json.dumps(g.view(seat), sort_keys=True)
                assert copy.log_for(seat) == g.log_for(seat)
                assert words.board(copy.view(seat), seat) == words.board(g.view(seat), seat)
                checked += 1
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
    assert checked > 30


def test_a_draw_by_the_rules_tells_the_opponent_how_many_not_which() -> None:
    g = P.random_game(5)
    rng = Rng(5)
    while not g.is_over and not any(e["event"] == "draw" and e.get("hidden") for e in g.log):
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    entry = next(e for e in g.log if e["event"] == "draw" and e.get("hidden"))
    i = g.log.index(entry)
    other = "B" if entry["player"] == "A" else "A"
    assert "cards" in g.log_for(entry["player"])[i]
    assert g.log_for(other)[i] == {"event": "draw", "player": entry["player"], "n": len(entry["cards"])}
    assert g.log_for(None)[i] == g.log_for(other)[i]
