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


def test_a_seats_legal_actions_in_their_order_do_not_tell_its_own_deck_order() -> None:
    """The legal actions go to the seat that acts: they (and their order, which a client shows) must be the
    same whatever the order of that seat's own face-down main deck and the opponent's hidden cards. The
    Offering, the Ace's chosen draw and a put_attack from the main deck once listed their cards in deck
    order, which told a player which card lay nearer the top (DE-4.1: the main deck is face down)."""
    checked = 0
    for seed in range(40):
        g = P.random_game(seed)
        rng = Rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            seat = g.pending.player if g.pending else "A"
            if any(a["do"] in ("offering", "ace") or a.get("targets") for a in legal):
                for k in range(3):
                    assert g.resample(seat, Rng(seed * 7 + k)).legal_actions() == legal
                checked += 1
            g.apply(legal[rng.below(len(legal))])
    assert checked > 50
