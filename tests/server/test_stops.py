"""Issue 21, item 8: stops. Each player sets which response windows the table stops at for them (always,
only with something on the chain, never); the server passes the others for them as soon as they open,
stored as their passes, as the terminal does."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from tablero.core import Rng
from tablero.core.plugin import Window
from tablero.server.app import create_app
from tablero.server.envelopes import presenters
from tablero.server.models import GameRow

from .conftest import register

SEED = 101  # a Choque deal whose random play reaches windows both empty and with a chain early


@pytest.fixture
def seeded(db_url: str) -> Iterator[TestClient]:
    """A server whose games are dealt from a fixed series of seeds: the same games in every run."""
    seeds = count(SEED)
    with TestClient(create_app(db_url, cheap_hashing=True, seeds=lambda: next(seeds))) as c:
        yield c


def table(c: TestClient, game: str = "choque") -> tuple[int, dict[str, dict[str, str]]]:
    ana, bea = register(c, "ana"), register(c, "bea")
    deck_a, deck_b = ("furia_jaguar", "veneno_serpiente") if game == "choque" else (None, None)
    if deck_a is None:
        decks = [d["id"] for d in c.get("/api/decks", headers=ana, params={"game": game}).json()]
        deck_a, deck_b = decks[0], decks[1]
    gid = int(c.post("/api/games", headers=ana, json={"game": game, "deck": deck_a, "opponent": "open"}).json()["id"])
    assert c.post(f"/api/games/{gid}/join", headers=bea, json={"deck": deck_b}).status_code == 200
    return gid, {"A": ana, "B": bea}


def window(c: TestClient, gid: int) -> tuple[str | None, Window | None]:
    """Whose decision the live game waits on, and the response window it is (None: another decision)."""
    g = c.app.state.hub.live[gid]  # type: ignore[attr-defined]
    d = None if g.is_over else g.pending
    return (d.player if d else None), presenters("choque")["en"].window(g)


def drive(c: TestClient, gid: int, seats: dict[str, dict[str, str]], steps: int,
          seen: list[tuple[str | None, Window | None]]) -> tuple[int, int]:
    """Both players take random legal actions (a seeded choice) for ``steps`` decisions or until the game
    ends; every decision put to them is noted in ``seen``. The actions posted, and the seq reached."""
    rng = Rng(SEED)
    posted = 0
    env: dict[str, Any] = {}
    for _ in range(steps):
        env = c.get(f"/api/games/{gid}", headers=seats["A"]).json()
        if env["winner"] is not None:
            break
        seat = env["pending"]["player"]
        env = c.get(f"/api/games/{gid}", headers=seats[seat]).json()
        seen.append(window(c, gid))
        legal = env["legal_actions"]
        r = c.post(f"/api/games/{gid}/actions", headers=seats[seat],
                   json={"action": legal[rng.below(len(legal))], "seq": env["seq"]})
        assert r.status_code == 200, r.text
        posted += 1
    return posted, int(c.get(f"/api/games/{gid}", headers=seats["A"]).json()["seq"])


def set_stops(c: TestClient, gid: int, seats: dict[str, dict[str, str]], mode: str) -> None:
    for h in seats.values():
        r = c.put(f"/api/games/{gid}/stops", headers=h, json={"mode": mode})
        assert r.status_code == 200 and r.json()["stops"] == mode and r.json()["windows"] is True


def test_by_default_the_table_stops_only_at_windows_with_a_chain(seeded: TestClient) -> None:
    gid, seats = table(seeded)
    env = seeded.get(f"/api/games/{gid}", headers=seats["A"]).json()
    assert env["stops"] == "chain" and env["windows"] is True
    seen: list[tuple[str | None, Window | None]] = []
    posted, seq = drive(seeded, gid, seats, 150, seen)
    windows = [w for _, w in seen if w is not None]
    assert windows and all(w.stacked for w in windows)  # stopped at chains, at no empty window
    assert seq > posted  # the empty windows were passed for the players, each a stored action


def test_never_passes_every_window(seeded: TestClient) -> None:
    gid, seats = table(seeded)
    set_stops(seeded, gid, seats, "never")
    seen: list[tuple[str | None, Window | None]] = []
    posted, seq = drive(seeded, gid, seats, 150, seen)
    assert all(w is None for _, w in seen) and seq > posted


def test_always_stops_at_every_window(seeded: TestClient) -> None:
    gid, seats = table(seeded)
    set_stops(seeded, gid, seats, "always")
    seen: list[tuple[str | None, Window | None]] = []
    posted, seq = drive(seeded, gid, seats, 150, seen)
    assert any(w is not None and not w.stacked for _, w in seen)  # the empty windows too
    assert seq == posted  # nothing passed for anyone


def to_an_empty_window(c: TestClient, gid: int, seats: dict[str, dict[str, str]]) -> str:
    """Play random legal actions (seeded) to the first response window with nothing on the chain; the seat
    it waits on."""
    rng = Rng(SEED)
    for _ in range(300):
        seat, w = window(c, gid)
        assert seat is not None, "the game ended before an empty window"
        if w is not None and not w.stacked:
            return seat
        env = c.get(f"/api/games/{gid}", headers=seats[seat]).json()
        legal = env["legal_actions"]
        c.post(f"/api/games/{gid}/actions", headers=seats[seat],
               json={"action": legal[rng.below(len(legal))], "seq": env["seq"]})
    raise AssertionError("no empty window in 300 decisions")


def test_a_window_a_restart_left_open_is_passed_when_the_game_is_next_shown(db_url: str) -> None:
    """The server stopped between an action and the passes its stops called for: the window is passed,
    as the player's own stored pass, as soon as anyone looks at the game again."""
    seeds = count(SEED)
    with TestClient(create_app(db_url, cheap_hashing=True, seeds=lambda: next(seeds))) as c:
        gid, seats = table(c)
        set_stops(c, gid, seats, "always")
        seat = to_an_empty_window(c, gid, seats)
        before = c.get(f"/api/games/{gid}", headers=seats[seat]).json()["seq"]
    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        with c.app.state.server.session() as s:  # type: ignore[attr-defined]
            s.execute(update(GameRow).where(GameRow.id == gid).values({f"stops_{seat.lower()}": "never"}))
            s.commit()
        other = "B" if seat == "A" else "A"
        env = c.get(f"/api/games/{gid}", headers=seats[other]).json()  # anyone's look, a spectator's too
        assert env["seq"] > before
        assert stored_actions(c, gid)[before] == {"player": seat, "do": "pass"}


def test_new_stops_pass_the_window_pending_at_once_as_the_players_pass(seeded: TestClient) -> None:
    gid, seats = table(seeded)
    set_stops(seeded, gid, seats, "always")
    seat = to_an_empty_window(seeded, gid, seats)
    before = seeded.get(f"/api/games/{gid}", headers=seats[seat]).json()
    r = seeded.put(f"/api/games/{gid}/stops", headers=seats[seat], json={"mode": "chain"})
    assert r.status_code == 200
    after = r.json()
    assert after["stops"] == "chain" and after["seq"] > before["seq"]
    # stored as the player's own pass, as the log and the replay show any pass (Choque logs none for an
    # empty window: the change's events are what the pass did, here nothing)
    assert stored_actions(seeded, gid)[before["seq"]] == {"player": seat, "do": "pass"}
    g = seeded.app.state.hub.live[gid]  # type: ignore[attr-defined]
    now_seat, w = window(seeded, gid)
    assert not (now_seat == seat and w is not None and not w.stacked), g.pending
    # the opponent's stops are their own
    other = "B" if seat == "A" else "A"
    assert seeded.get(f"/api/games/{gid}", headers=seats[other]).json()["stops"] == "always"


def stored_actions(c: TestClient, gid: int) -> list[dict[str, Any]]:
    from sqlalchemy import select

    from tablero.server.models import ActionRow

    with c.app.state.server.session() as s:  # type: ignore[attr-defined]
        return list(s.scalars(select(ActionRow.action).where(ActionRow.game_id == gid).order_by(ActionRow.seq)))


def test_a_bad_mode_is_refused_and_only_players_set_stops(client: TestClient) -> None:
    gid, seats = table(client)
    r = client.put(f"/api/games/{gid}/stops", headers=seats["A"], json={"mode": "sometimes"})
    assert r.status_code == 422 and "'always', 'chain', 'never'" in r.json()["error"]
    assert client.get(f"/api/games/{gid}", headers=seats["A"]).json()["stops"] == "chain"
    eve = register(client, "eve")
    assert client.put(f"/api/games/{gid}/stops", headers=eve, json={"mode": "never"}).status_code == 403
    assert client.get(f"/api/games/{gid}", headers=eve).json()["stops"] is None  # a spectator has none
    assert client.put("/api/games/9999/stops", headers=eve, json={"mode": "never"}).status_code == 404


def test_a_key_that_is_no_field_of_the_stops_is_refused(client: TestClient) -> None:
    """Issue 37: unknown keys in a stops body get 422 naming them (they were accepted and ignored), as an
    action's do; nothing changes."""
    gid, seats = table(client)
    for body in ({"mode": "never", "mdoe": "always"}, {"mode": "never", "game": 1}):
        r = client.put(f"/api/games/{gid}/stops", headers={**seats["A"], "Accept-Language": "es"}, json=body)
        assert r.status_code == 422, r.text
        extra = next(k for k in body if k != "mode")
        assert r.json() == {"error": f"{extra}: no es un campo de esta solicitud", "rule": None}
    assert client.get(f"/api/games/{gid}", headers=seats["A"]).json()["stops"] == "chain"
    r = client.post(f"/api/games/{gid}/actions", headers=seats["A"], json={"action": {}, "sequence": 1})
    assert r.status_code == 422 and r.json()["error"] == "sequence: not a field of this request"


def test_a_game_without_windows_keeps_the_setting_and_says_it_has_none(client: TestClient) -> None:
    gid, seats = table(client, "deuses")
    env = client.get(f"/api/games/{gid}", headers=seats["B"]).json()
    assert env["windows"] is False and env["stops"] == "chain"
    r = client.put(f"/api/games/{gid}/stops", headers=seats["B"], json={"mode": "never"})
    assert r.status_code == 200 and r.json()["stops"] == "never" and r.json()["windows"] is False
    assert r.json()["seq"] == env["seq"]  # nothing was passed
    assert client.get(f"/api/games/{gid}", headers=seats["B"]).json()["stops"] == "never"


def test_a_malformed_request_is_refused_in_the_readers_language(client: TestClient) -> None:
    """A body that fails validation (pydantic's own check) is refused in the reader's words, naming the field
    and what it should be, as every other refusal is."""
    gid, seats = table(client)
    url = f"/api/games/{gid}/stops"
    said = {lang: client.put(url, headers={**seats["A"], "Accept-Language": lang}, json={"mode": "sometimes"})
            for lang in ("es", "pt", "en")}
    assert all(r.status_code == 422 for r in said.values())
    assert said["es"].json()["error"] == "mode: debe ser uno de 'always', 'chain', 'never'"
    assert said["es"].headers["Content-Language"] == "es"
    assert said["pt"].json()["error"].startswith("mode: deve ser um de")
    assert said["en"].json()["error"].startswith("mode: must be one of")
    missing = client.put(url, headers={**seats["A"], "Accept-Language": "es"}, json={})
    assert missing.json()["error"] == "mode: falta"
    short = client.post("/api/accounts", headers={"Accept-Language": "pt"}, json={"username": "al", "password": "x"})
    assert short.json()["error"] == ("username: curto demais (pelo menos 3); "
                                     "password: curto demais (pelo menos 8)")
    bad_json = client.post("/api/accounts", content=b"{no", headers={"Content-Type": "application/json",
                                                                     "Accept-Language": "es"})
    assert "no es JSON válido" in bad_json.json()["error"]
