"""The position evaluation agents search with (games/choque/evaluate.py): symmetric, and aware of the
deck-out race of CH-10.2 — counted in rounds, recurring mills included."""

from __future__ import annotations

import pytest

from tablero.core import new_game
from tablero.games.choque import evaluate
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.deckfile import shipped_decks
from tablero.games.choque.game import ChoqueGame

POOL = shipped_pool()
DECKS = shipped_decks()


def fresh(seed: int = 1) -> ChoqueGame:
    g = new_game("choque", decks=[DECKS["ojo_tormenta"].deck, DECKS["veneno_serpiente"].deck], seed=seed)
    assert isinstance(g, ChoqueGame)
    return g


def test_recurring_mills_and_draws_are_read_from_the_card() -> None:
    # Tormenta Perpetua: at the start of *each* turn, *each* player sends 1 card (two per round per player)
    assert evaluate.burn(POOL["tormenta_perpetua"]) == (2.0, 2.0)
    # a one-off draw (an apoyo's activation) and a plain character take nothing per round
    assert evaluate.burn(POOL["tributo_de_copal"]) == (0.0, 0.0)
    assert evaluate.burn(POOL["muralla_de_nubes_negras"]) == (0.0, 0.0)


def test_rounds_left_count_the_turn_draw_and_the_mills_on_the_field() -> None:
    """CH-10.2, CH-5.5: one turn draw per round, plus whatever the field takes."""
    g = fresh()
    a, b = g.s.players
    assert evaluate.rounds_left(g) == (len(a.main), len(b.main))
    b.arena = POOL["tormenta_perpetua"]  # whoever controls it, both decks lose a card every turn
    g.s.fx_changed()
    assert evaluate.rounds_left(g) == pytest.approx((len(a.main) / 3, len(b.main) / 3))


def test_the_evaluation_is_symmetric() -> None:
    g = fresh(5)
    del g.s.players[0].main[10:]
    g.s.players[1].hearts = 6
    assert g.heuristic("A") == pytest.approx(-g.heuristic("B"))


def margin(g: ChoqueGame) -> float:
    """A's score minus B's, before the squashing into (-1, 1)."""
    rounds = evaluate.rounds_left(g)
    return evaluate.side_score(g, 0, rounds) - evaluate.side_score(g, 1, rounds)


def heart_worth(g: ChoqueGame) -> float:
    """How much A gains when B loses one heart."""
    before = margin(g)
    g.s.players[1].hearts -= 1
    after = margin(g)
    g.s.players[1].hearts += 1
    return after - before


def test_a_player_on_the_clock_values_damage_more_and_an_empty_deck_is_dear() -> None:
    """A player whose deck runs out soon (CH-10.2) can only win by damage first: the opponent's hearts weigh
    more for them, and a mill arena that speeds the race up makes the short deck's position worse."""
    g = fresh(2)
    plenty = heart_worth(g)
    del g.s.players[0].main[6:]
    assert heart_worth(g) > plenty * 1.3
    short = g.heuristic("A")
    g.s.players[1].arena = POOL["tormenta_perpetua"]
    g.s.fx_changed()
    assert g.heuristic("A") < short  # six cards left last two rounds, not six
    # and every card left counts: a mill of one card is never free
    value = g.heuristic("A")
    g.s.players[0].main.pop()
    assert g.heuristic("A") < value


def test_cards_held_beyond_what_a_turn_uses_are_worth_little() -> None:
    g = fresh(3)
    a = g.s.players[0]
    del a.hand[:]
    gains = []
    for _ in range(7):
        before = g.heuristic("A")
        a.hand.append(a.main.pop())  # a draw: one more card in hand, one fewer in the deck
        gains.append(g.heuristic("A") - before)
    assert all(x > 0 for x in gains[:evaluate.HAND_USEFUL])
    assert all(x < 0 for x in gains[evaluate.HAND_USEFUL:])
