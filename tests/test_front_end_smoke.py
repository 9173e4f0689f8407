"""One game through each front end, for every installed game: the server (HTTP, a player against the
computer), the terminal (``tablero play``) and the balance lab (``tablero simulate``). The compiled pass of
``.ci/run`` runs these on the mypyc build, where the front ends meet compiled engine classes; the front
ends' own suites run once, on plain Python (docs/testing.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from server.conftest import my_turn, register
from tablero.cli import main
from tablero.core.registry import installed_games, plugin
from tablero.server.app import create_app

GAMES = sorted(installed_games())


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_through_the_server(game: str, tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'smoke.db'}", cheap_hashing=True)) as c:
        me = register(c)
        deck = sorted(plugin(game).shipped_decks())[0]
        r = c.post("/api/games", headers=me, json={"game": game, "deck": deck, "opponent": "ai:random", "seed": 5})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        for _ in range(3000):
            env = my_turn(c, gid, me)
            if env["winner"] is not None:
                break
            r = c.post(f"/api/games/{gid}/actions", headers=me,
                       json={"action": env["legal_actions"][0], "seq": env["seq"]})
            assert r.status_code == 200, r.text
        assert env["winner"] in ("A", "B", "draw"), env


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_through_the_terminal(game: str) -> None:
    r = CliRunner().invoke(main, ["play", "--game", game, "--vs", "greedy", "--seed", "5", "--lang", "en"],
                           input="1\n" * 5000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Result:" in r.output and "Traceback" not in r.output, r.output[-2000:]


@pytest.mark.parametrize("game", GAMES)
def test_a_lab_run(game: str) -> None:
    a, b = sorted(plugin(game).shipped_decks())[:2]
    r = CliRunner().invoke(main, ["simulate", "--game", game, "--decks", a, b, "--games", "4", "--seed", "2",
                                  "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])
    assert report["games"] == 4 and sum(report["wins"].values()) == 4
