"""The position evaluation agents rank and search with (games/deuses/evaluate.py): a won game is the
maximum, life points and the projected strike of the player whose turn it is decide, a direct attack counts
only past the opponent's attack cards (DE-9.5, a god alone does not stop it), and a play made is worth at
least as much as the same play still to make."""

from __future__ import annotations

from typing import Any, cast

import pytest

from tablero.agents import make_agent
from tablero.agents.base import Seat
from tablero.core import scenario_game
from tablero.core.registry import plugin
from tablero.games.deuses import evaluate
from tablero.games.deuses.game import DeusesGame


def position(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, phase: str = "put_down",
             options: dict[str, Any] | None = None) -> DeusesGame:
    """A position of turn 3 (A's turn, A went first) from the scenario contract's ``state``."""
    doc: dict[str, Any] = {"game": "deuses", "state": {"turn": 3, "phase": phase,
                                                       "players": {"A": a or {}, "B": b or {}}}}
    if options:
        doc["options"] = options
    return cast(DeusesGame, scenario_game("deuses", doc))


def score(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, phase: str = "put_down",
          player: str = "A", options: dict[str, Any] | None = None) -> float:
    return position(a, b, phase, options).heuristic(player)


def test_a_won_game_scores_the_maximum_and_a_live_one_less() -> None:
    g = position({"field": {"F1": "sagui_ligeiro"}}, {"lp": 200}, phase="attack")
    before = g.heuristic("A")
    assert 0 < before < 1
    g.apply({"player": "A", "do": "attack", "attacker": "F1", "target": "lp"})  # DE-9.5: 200 LP, B is at 0
    assert g.winner == "A"
    assert g.heuristic("A") == 1.0 and g.heuristic("B") == -1.0


def test_the_evaluation_is_symmetric_and_inside_its_bounds() -> None:
    g = position({"lp": 2300, "hand": ["flecha_certeira", "mapinguari"], "field": {"F1": "cobra_grande"},
                  "additional_deck": ["boitata"], "credits": 1},
                 {"lp": 3100, "hand": ["tatu_bola"], "field": {"F1": "boitata", "F2": "sagui_ligeiro"}})
    assert g.heuristic("A") == pytest.approx(-g.heuristic("B"))
    assert -1 < g.heuristic("A") < 1


def test_more_life_points_rank_higher() -> None:
    field = {"F1": "vaqueiro_do_sertao"}
    even = score({"field": field}, {"field": field})
    assert score({"field": field}, {"field": field, "lp": 3000}) > even
    assert score({"field": field, "lp": 3000}, {"field": field}) < even
    # and the last of them weigh no less than the first (before squashing): 1000 taken from 1500 is worth no
    # less than 1000 taken from 4000

    def worth(lp: int) -> float:
        return evaluate.worth(position({"field": field}, {"field": field, "lp": lp}).s, 0)

    assert worth(500) - worth(1500) >= worth(3000) - worth(4000) - 1e-9


def test_an_attacker_that_can_strike_ranks_higher() -> None:
    """The player whose turn it is, with a card that may attack the open LP (DE-9.5), stands better than
    without it; one that already attacked this turn (DE-9.2) adds no strike."""
    bare = score({}, {}, phase="attack")
    ready = score({"field": {"F1": "mapinguari"}}, {}, phase="attack")
    spent = score({"field": {"F1": {"card": "mapinguari", "attacked": True}}}, {}, phase="attack")
    assert ready > spent
    assert ready > bare


def test_an_attack_card_on_the_field_stops_direct_attacks() -> None:
    """B, about to be attacked, is better off with an attack card that A cannot beat on the field: A's
    direct attack is then impossible (DE-9.5)."""
    a = {"field": {"F1": "mula_sem_cabeca"}}  # Lv 6, 2500/1200
    open_ = score(a, {}, phase="attack", player="B")
    walled = score(a, {"field": {"F1": "cobra_grande"}}, phase="attack", player="B")  # Defense 2500: a tie
    assert walled > open_


def test_a_god_alone_does_not_stop_a_direct_attack() -> None:
    """DE-9.5 ruling: a god is not an attack card. A's Sagui (1300/300) beats neither B's Boitatá nor its
    Tatu-Bola (Defense 1300: a tie of two Lv 2 is no gain), but past a god alone it hits B's LP; under
    ``deuses.gods_count_as_attack_cards`` the god blocks too."""
    a = {"field": {"F1": "sagui_ligeiro"}}
    god = score(a, {"field": {"F1": "boitata"}}, phase="attack")
    god_and_wall = score(a, {"field": {"F1": "boitata", "F2": "tatu_bola"}}, phase="attack")
    assert god > god_and_wall
    broad = {"deuses.gods_count_as_attack_cards": True}
    assert score(a, {"field": {"F1": "boitata"}}, phase="attack", options=broad) < god


def test_a_strike_that_can_win_is_near_the_maximum() -> None:
    lethal = score({"field": {"F1": "mapinguari"}}, {"lp": 500}, phase="attack")
    assert lethal > 0.6
    assert lethal > score({"field": {"F1": "mapinguari"}}, {"lp": 700}, phase="attack")


def test_removal_in_hand_counts_and_is_worth_more_played() -> None:
    """A magic card that destroys (DE-10.1) threatens the opponent's best battle card while the put-down
    step is to come; played, it is worth at least as much as held (a greedy player plays it)."""
    b = {"field": {"F1": "boitata"}}
    holding = position({"hand": ["flecha_certeira"]}, b)
    assert holding.heuristic("A") > score({}, b)
    before = holding.heuristic("A")
    holding.apply({"player": "A", "do": "put_down", "card": "flecha_certeira", "targets": ["B.F1"]})
    assert holding.s.players[1].lp == 3100
    assert holding.heuristic("A") >= before


def test_resources_beyond_the_field_count() -> None:
    """Gods still in the additional deck and Offering credits are worth something (DE-3.2, DE-11)."""
    assert score({"additional_deck": ["boitata", "pai_da_mata"]}) > score({})
    assert score({"lp": 2500, "credits": 1}) > score({"lp": 2500})


def test_random_games_stay_inside_the_bounds() -> None:
    """Every position of a few random games scores strictly inside (-1, 1), the same for both seats with
    opposite signs, until the game is won."""
    p = plugin("deuses")
    for seed in range(3):
        g = cast(DeusesGame, p.random_game(seed))
        agent = make_agent("random", seed=seed)
        while not g.is_over:
            a, b = g.heuristic("A"), g.heuristic("B")
            assert -1 < a < 1 and a == pytest.approx(-b)
            d = g.pending
            assert d is not None
            g.apply(agent.act(Seat(g, d.player)))
        assert g.heuristic(g.winner) == 1.0 if g.winner != "draw" else True


def test_worth_is_the_unsquashed_score() -> None:
    g = position({"field": {"F1": "mapinguari"}}, {"lp": 3000})
    assert evaluate.heuristic(g.s, 0) == pytest.approx(evaluate.math.tanh(evaluate.worth(g.s, 0) / evaluate.SCALE))
