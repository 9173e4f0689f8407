"""The game-agnostic core: registry, seeded random source, errors; and that the core imports no game."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tablero.core import BadInput, Game, IllegalAction, Rng, game_names, new_game, register_plugin


def test_core_imports_no_game() -> None:
    code = ("import sys, tablero.core; bad = [m for m in sys.modules if m.startswith('tablero.games')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_registry_builds_games_by_name_and_refuses_unknown_names() -> None:
    assert "choque" in game_names()
    with pytest.raises(BadInput, match="unknown game 'poker'"):
        new_game("poker")
    made = []
    from tablero.games.choque.plugin import ChoquePlugin

    class Alias(ChoquePlugin):
        name = "choque-alias"

        def new_game(self, decks: object, **kw: object) -> Game:  # type: ignore[override]
            made.append(kw)
            return super().new_game(decks, **kw)  # type: ignore[arg-type]

    register_plugin(Alias())
    assert "choque-alias" in game_names()
    from conftest import make_game

    ref = make_game(1)
    decks = [ref.s.players[0].all_cards(), None]  # not Deck objects: the choque factory refuses them
    with pytest.raises(BadInput, match="two Deck objects"):
        new_game("choque-alias", decks=decks, seed=1)
    assert made and made[0]["seed"] == 1


def test_rng_is_deterministic_and_clonable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    c = a.copy()
    assert [a.next64() for _ in range(5)] == [c.next64() for _ in range(5)]
    items = list(range(20))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    counts = [0] * 3
    r = Rng(7)
    for _ in range(3000):
        counts[r.below(3)] += 1
    assert all(900 < n < 1100 for n in counts)
    with pytest.raises(ValueError):
        r.below(0)


def test_illegal_action_carries_rule_and_message() -> None:
    e = IllegalAction("CH-6.1", "too expensive")
    assert e.rule == "CH-6.1" and e.message == "too expensive" and str(e) == "CH-6.1: too expensive"
    assert str(IllegalAction(None, "bad shape")) == "bad shape"
