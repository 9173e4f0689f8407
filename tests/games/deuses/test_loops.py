"""The loop ruling (docs/rulings.md, "Loops"; ``core.loops``): two Fogueira dos Antepassados, two Corpo-Seco
and one Cuca Feiticeira bring the position back after every put-down, with no magic card (issue 39). Every
agent, greedy ones that prefer putting down included, sees the turn end: the position's third counted time
allows only the end of the step (DE-6.1)."""

from __future__ import annotations

from typing import Any

import pytest

from tablero.agents.base import Seat, make_agent
from tablero.core import IllegalAction
from tablero.core.loops import QUIET, REPEATS
from tablero.core.registry import scenario_game


def _loop() -> Any:
    return scenario_game("deuses", {"game": "deuses", "state": {"turn": 3, "phase": "put_down", "players": {
        "A": {"hand": ["fogueira_dos_antepassados"], "wotd": ["fogueira_dos_antepassados"],
              "field": {"F1": "corpo_seco", "F2": "corpo_seco", "F3": "cuca_feiticeira"},
              "main_deck": ["tatu_bola"] * 6},
        "B": {"main_deck": ["tatu_bola"] * 6}}}})


def _round(g: Any) -> None:
    """Fogueira offers the three, brings back both Corpo-Seco, who bring back Cuca, who takes back the other
    Fogueira: the same position."""
    g.apply({"player": "A", "do": "put_down", "card": "fogueira_dos_antepassados", "offer": ["F1", "F2", "F3"],
             "targets": ["corpo_seco", "corpo_seco", "cuca_feiticeira", "fogueira_dos_antepassados"]})


def test_the_loop_brings_the_position_back_and_its_third_counted_time_ends_the_put_down_step() -> None:
    g = _loop()
    start = g.position()
    for n in range(1, QUIET + REPEATS - 1):
        _round(g)
        assert g.position() == start, n  # timestamps grow, the position does not
        assert len(g.legal_actions()) > 1
    _round(g)
    assert g.legal_actions() == [{"player": "A", "do": "end_phase"}]
    with pytest.raises(IllegalAction) as e:
        _round(g)
    assert e.value.rule == "DE-6.1"
    g.apply({"player": "A", "do": "end_phase"})
    assert g.observe()["phase"] == "attack"


class PutsDown:
    """A policy that prefers putting down whenever it may (without the ruling it never leaves the loop)."""

    name = "puts-down"

    def act(self, seat: Seat) -> dict[str, Any]:
        legal = seat.legal_actions()
        return next((a for a in legal if a["do"] == "put_down"), legal[-1])


@pytest.mark.parametrize("agent", ["puts-down", "random", "greedy", "mcts"])
def test_every_agent_leaves_the_loop_and_the_turn_ends(agent: str) -> None:
    g = _loop()
    options: dict[str, Any] = {"iterations": 24} if agent == "mcts" else {}
    player = PutsDown() if agent == "puts-down" else make_agent(agent, seed=5, **options)
    for _ in range(200):
        if g.observe()["turn"] != 3 or g.is_over:
            return
        assert g.pending is not None and g.pending.player == "A"
        g.apply(player.act(Seat(g, "A")))
    raise AssertionError(f"{agent} did not end the turn in 200 decisions")
