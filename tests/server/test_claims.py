"""Claiming an absent opponent's game (CH-10.3): absence is counted from when the decision became that
player's and they could act — the action before it, the join that began the game, or the server's start —
never from when a challenge was opened, nor across time the server was down. The hub's clock is moved
here, never slept on."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from tablero.server.app import create_app
from tablero.server.models import GameRow

from .conftest import register

CLAIM = 600.0


class Clock:
    """A clock the test moves: the hub measures absence against it."""

    def __init__(self) -> None:
        self.t = 1_000.0

    def __call__(self) -> float:
        return self.t


def app_with_clock(db_url: str) -> tuple[Any, Clock]:
    app = create_app(db_url, cheap_hashing=True, claim_after=CLAIM)
    clock = Clock()
    app.state.hub.clock = clock
    return app, clock


def age_game(db_url: str, game_id: int, hours: float) -> None:
    """Make the stored game look ``hours`` old: a challenge that waited, or a server that was down."""
    engine = create_engine(db_url)
    then = dt.datetime.now(dt.UTC) - dt.timedelta(hours=hours)
    with engine.begin() as conn:
        conn.execute(update(GameRow).where(GameRow.id == game_id).values(created_at=then, updated_at=then))
    engine.dispose()


def seats(c: TestClient, gid: int, ana: dict[str, str], beto: dict[str, str]) -> tuple[str, dict[str, str],
                                                                                      dict[str, str]]:
    """Who must decide, the waiting player's headers and the absent one's."""
    who = c.get(f"/api/games/{gid}", headers=ana).json()["pending"]["player"]
    return (who, beto, ana) if who == "A" else (who, ana, beto)


def test_a_challenge_that_waited_long_is_not_claimable_right_after_the_join(db_url: str) -> None:
    """CH-10.3: the joiner's absence starts at the join, not when the challenge was opened."""
    app, clock = app_with_clock(db_url)
    with TestClient(app) as c:
        ana, beto = register(c, "ana"), register(c, "beto")
        gid = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
        age_game(db_url, gid, hours=2)  # the challenge waited two hours in the lobby
        clock.t += 2 * 3600
        c.post(f"/api/games/{gid}/join", headers=beto, json={"deck": "veneno_serpiente"})
        clock.t += 0.2
        who, waiting, absent = seats(c, gid, ana, beto)
        r = c.post(f"/api/games/{gid}/claim", headers=waiting)
        assert r.status_code == 409 and "of the 600 s allowed" in r.json()["error"], r.text
        assert c.post(f"/api/games/{gid}/claim", headers=absent).status_code == 409  # your own decision
        clock.t += CLAIM - 1
        assert c.post(f"/api/games/{gid}/claim", headers=waiting).status_code == 409
        clock.t += 1
        r = c.post(f"/api/games/{gid}/claim", headers=waiting)
        assert r.status_code == 200 and r.json()["winner"] == ("B" if who == "A" else "A")
        assert c.get(f"/api/games/{gid}/replay", headers=ana).json()["actions"][-1] == {"player": who,
                                                                                       "do": "surrender"}


def test_each_action_starts_the_next_players_clock(db_url: str) -> None:
    app, clock = app_with_clock(db_url)
    with TestClient(app) as c:
        ana, beto = register(c, "ana"), register(c, "beto")
        gid = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
        c.post(f"/api/games/{gid}/join", headers=beto, json={"deck": "veneno_serpiente"})
        clock.t += CLAIM - 10  # the first player takes nearly the whole time, then acts
        who, waiting, absent = seats(c, gid, ana, beto)
        env = c.get(f"/api/games/{gid}", headers=absent).json()
        assert c.post(f"/api/games/{gid}/actions", headers=absent,
                      json={"action": env["legal_actions"][0], "seq": env["seq"]}).status_code == 200
        clock.t += 20  # past the claim time since the join, not since the action
        now = c.get(f"/api/games/{gid}", headers=ana).json()["pending"]["player"]
        claimer = beto if now == "A" else ana
        r = c.post(f"/api/games/{gid}/claim", headers=claimer)
        assert r.status_code == 409 and "20 s of the 600 s" in r.json()["error"], r.text


def test_time_the_server_was_down_is_not_absence(db_url: str) -> None:
    """A restart starts the clock again: nobody could act while the server was down."""
    app, clock = app_with_clock(db_url)
    with TestClient(app) as c:
        ana, beto = register(c, "ana"), register(c, "beto")
        gid = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
        c.post(f"/api/games/{gid}/join", headers=beto, json={"deck": "veneno_serpiente"})
        who, waiting, absent = seats(c, gid, ana, beto)
    age_game(db_url, gid, hours=3)  # the server was down for three hours
    app, clock = app_with_clock(db_url)
    with TestClient(app) as c:
        login = {"username": "ana" if waiting is ana else "beto", "password": "contraseña-1"}
        head = {"Authorization": f"Bearer {c.post('/api/token', json=login).json()['token']}"}
        r = c.post(f"/api/games/{gid}/claim", headers=head)
        assert r.status_code == 409 and "0 s of the 600 s" in r.json()["error"], r.text
        clock.t += CLAIM
        r = c.post(f"/api/games/{gid}/claim", headers=head)
        assert r.status_code == 200 and r.json()["winner"] == ("B" if who == "A" else "A")
