"""Issue 21, item 7: the hint ("¿Qué haría la computadora?"). The search agent's move in the asker's seat,
from the seat's view only (a game whose hidden cards were redrawn gets the same hint), with its estimate;
rate-limited per player; off between accounts unless both agreed; shown to the opponent only as the fact
that it was asked; recorded in the replay."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablero.core import Game, Rng, new_game, plugin
from tablero.server.hints import hint_seed, search_hint, search_value, win_chance
from tablero.server.throttle import Throttle

from .conftest import my_turn, register

ITERATIONS = 40  # a fixed count: the hint depends only on the seed and what the seat sees


def position(game: str, seed: int, depth: int) -> Game:
    """A seeded game of two preconstructed decks played at random to ``depth`` actions or more, at a
    decision with several answers."""
    rng = Rng(seed)
    p = plugin(game)
    decks = [d.deck for d in p.shipped_decks().values() if d.deck.edition in (None, p.default_edition)]
    g = new_game(game, decks=[decks[0], decks[1]], seed=seed)
    n = 0
    while not g.is_over:
        legal = g.legal_actions()
        if n >= depth and len(legal) > 1:
            return g
        g.apply(legal[rng.below(len(legal))])
        n += 1
    raise AssertionError("the game ended first: choose another depth")


POSITIONS = [("choque", 3, 40), ("choque", 5, 90), ("deuses", 2, 30)]


@pytest.mark.parametrize(("game", "seed", "depth"), POSITIONS)
def test_a_hint_with_a_fixed_iteration_count_is_a_legal_action(game: str, seed: int, depth: int) -> None:
    g = position(game, seed, depth)
    assert g.pending is not None
    seat = g.pending.player
    action, estimate = search_hint(g.clone(), seat, hint_seed(seed, seat, depth), ITERATIONS)
    assert action in g.legal_actions() and 0.0 <= estimate <= 1.0
    assert search_hint(g.clone(), seat, hint_seed(seed, seat, depth), ITERATIONS) == (action, estimate)


def test_the_chance_to_win_is_the_search_value_through_the_games_calibration(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A search value ranks positions; the chance shown is the game's fitted logistic curve of it
    (``GamePlugin.hint_calibration``, benchmarks/calibrate.py), or (v + 1) / 2 for a game with none."""
    assert win_chance(0.0) == 0.5 and win_chance(1.0) == 1.0 and win_chance(-3.0) == 0.0
    assert win_chance(0.0, (2.0, 0.0)) == 0.5
    curve = [win_chance(v / 10, (2.0, 0.1)) for v in range(-10, 11)]
    assert curve == sorted(curve) and 0.0 < curve[0] < 0.2 and 0.8 < curve[-1] < 1.0
    g = position("choque", 3, 40)
    seat = g.pending.player  # type: ignore[union-attr]
    action, value = search_value(g.clone(), seat, 5, ITERATIONS)
    monkeypatch.setattr(type(plugin("choque")), "hint_calibration", (2.0, 0.1))
    assert search_hint(g.clone(), seat, 5, ITERATIONS) == (action, win_chance(value, (2.0, 0.1)))
    monkeypatch.setattr(type(plugin("choque")), "hint_calibration", None)
    assert search_hint(g.clone(), seat, 5, ITERATIONS) == (action, win_chance(value))


@pytest.mark.parametrize(("game", "seed", "depth"), POSITIONS)
def test_a_hint_is_the_same_whatever_the_cards_hidden_from_the_seat(game: str, seed: int, depth: int) -> None:
    g = position(game, seed, depth)
    assert g.pending is not None
    seat = g.pending.player
    hint_rng = hint_seed(seed, seat, depth)
    hint = search_hint(g.clone(), seat, hint_rng, ITERATIONS)
    redrawn = 0
    for k in range(4):
        other = g.resample(seat, Rng(1000 + k))  # what the seat cannot see, dealt anew; its view unchanged
        assert other.view(seat) == g.view(seat)
        redrawn += other.observe() != g.observe()
        assert search_hint(other, seat, hint_rng, ITERATIONS) == hint
    assert redrawn, "no redraw changed a hidden card: the test would prove nothing"


def game_vs_computer(c: TestClient, h: dict[str, str]) -> tuple[int, dict[str, Any]]:
    r = c.post("/api/games", headers=h, json={"deck": "furia_jaguar", "opponent": "ai:random", "seed": 7})
    gid = int(r.json()["id"])
    return gid, my_turn(c, gid, h)


def fast(c: TestClient) -> None:
    c.app.state.hub.hint_desk.iterations = ITERATIONS  # type: ignore[attr-defined]


def test_a_hint_against_the_computer(client: TestClient) -> None:
    fast(client)
    ana = register(client)
    gid, env = game_vs_computer(client, ana)
    assert env["hints_allowed"] and env["hints_left"] == 10 and env["hints"] == []
    r = client.post(f"/api/games/{gid}/hint", headers=ana)
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["action"] in env["legal_actions"] and hint["seq"] == env["seq"] and hint["seat"] == "A"
    assert 0 <= hint["estimate"] <= 1 and hint["left"] == 9
    i = env["legal_actions"].index(hint["action"])
    assert hint["label"]["es"] == env["labels"][i]["es"] and hint["label"]["en"] == env["labels"][i]["en"]
    assert hint.get("source") == env["labels"][i].get("source")
    # asked again at the same decision: the same hint, counted once
    assert client.post(f"/api/games/{gid}/hint", headers=ana).json() == hint
    env = client.get(f"/api/games/{gid}", headers=ana).json()
    assert env["hints_left"] == 9
    assert env["hints"] == [{"seat": "A", "seq": hint["seq"], "action": hint["action"], "estimate": hint["estimate"]}]
    # the hint is only a suggestion: the player takes it (or not) as any action
    r = client.post(f"/api/games/{gid}/actions", headers=ana, json={"action": hint["action"], "seq": env["seq"]})
    assert r.status_code == 200, r.text


def test_a_hint_is_only_for_the_seat_whose_decision_it_is(client: TestClient) -> None:
    fast(client)
    ana, eve = register(client, "ana"), register(client, "eve")
    gid, env = game_vs_computer(client, ana)
    assert client.post(f"/api/games/{gid}/hint", headers=eve).status_code == 403
    assert client.get(f"/api/games/{gid}", headers=eve).json()["hints_allowed"] is False
    assert client.post("/api/games/9999/hint", headers=ana).status_code == 404
    # conceded: the game is over, no more hints
    client.post(f"/api/games/{gid}/actions", headers=ana, json={"action": env["concede"]})
    r = client.post(f"/api/games/{gid}/hint", headers=ana)
    assert r.status_code == 409 and "over" in r.json()["error"]
    assert client.get(f"/api/games/{gid}", headers=ana).json()["hints_allowed"] is False


def challenge(c: TestClient, ana: dict[str, str], bea: dict[str, str], offered: bool, accepted: bool) -> int:
    r = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open", "hints": offered})
    gid = int(r.json()["id"])
    lobby = {g["id"]: g for g in c.get("/api/games", headers=bea).json()}
    assert lobby[gid]["hints"] is offered  # the joiner knows what the challenge's creator agreed to
    assert c.post(f"/api/games/{gid}/join", headers=bea, json={"deck": "veneno_serpiente", "hints": accepted}
                  ).status_code == 200
    return gid


def decider(c: TestClient, gid: int, seats: dict[str, dict[str, str]]) -> tuple[dict[str, str], dict[str, Any]]:
    env = c.get(f"/api/games/{gid}", headers=seats["A"]).json()
    who = seats[env["pending"]["player"]]
    return who, c.get(f"/api/games/{gid}", headers=who).json()


@pytest.mark.parametrize(("offered", "accepted"), [(True, False), (False, True), (False, False)])
def test_hints_are_off_between_accounts_unless_both_agreed(client: TestClient, offered: bool, accepted: bool) -> None:
    ana, bea = register(client, "ana"), register(client, "bea")
    gid = challenge(client, ana, bea, offered, accepted)
    assert {g["id"]: g["hints"] for g in client.get("/api/games", headers=ana).json()}[gid] is False
    who, env = decider(client, gid, {"A": ana, "B": bea})
    assert env["hints_allowed"] is False and env["hints_left"] == 0
    r = client.post(f"/api/games/{gid}/hint", headers={**who, "Accept-Language": "es"})
    assert r.status_code == 409 and "ambos jugadores deben aceptarlas" in r.json()["error"]
    assert client.get(f"/api/games/{gid}", headers=who).json() == env  # nothing changed


def test_the_opponent_learns_only_that_a_hint_was_asked(client: TestClient) -> None:
    fast(client)
    ana, bea, eve = register(client, "ana"), register(client, "bea"), register(client, "eve")
    gid = challenge(client, ana, bea, True, True)
    seats = {"A": ana, "B": bea}
    who, env = decider(client, gid, seats)
    seat = env["pending"]["player"]
    other = seats["B" if seat == "A" else "A"]
    assert env["hints_allowed"] and client.get(f"/api/games/{gid}", headers=other).json()["hints_allowed"]
    # the opponent's decision is not theirs: no hint for them now
    r = client.post(f"/api/games/{gid}/hint", headers=other)
    assert r.status_code == 409 and "not yours" in r.json()["error"]
    token = other["Authorization"][7:]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        assert ws.receive_json()["hints"] == []
        hint = client.post(f"/api/games/{gid}/hint", headers=who).json()
        pushed = ws.receive_json()  # told at once, at the same seq
        assert pushed["seq"] == env["seq"] and pushed["hints"] == [{"seat": seat, "seq": env["seq"]}]
    assert client.get(f"/api/games/{gid}", headers=other).json()["hints"] == [{"seat": seat, "seq": env["seq"]}]
    assert client.get(f"/api/games/{gid}", headers=eve).json()["hints"] == [{"seat": seat, "seq": env["seq"]}]
    mine = client.get(f"/api/games/{gid}", headers=who).json()["hints"]
    assert mine == [{"seat": seat, "seq": env["seq"], "action": hint["action"], "estimate": hint["estimate"]}]


def test_hints_are_limited_per_game_and_per_account(client: TestClient) -> None:
    fast(client)
    desk = client.app.state.hub.hint_desk  # type: ignore[attr-defined]
    desk.per_game = 2
    ana = register(client)
    gid, env = game_vs_computer(client, ana)
    for _ in range(2):
        assert client.post(f"/api/games/{gid}/hint", headers=ana).status_code == 200
        client.post(f"/api/games/{gid}/actions", headers=ana,
                    json={"action": env["legal_actions"][0], "seq": env["seq"]})
        env = my_turn(client, gid, ana)
        assert env["winner"] is None
    assert env["hints_left"] == 0
    r = client.post(f"/api/games/{gid}/hint", headers={**ana, "Accept-Language": "es"})
    assert r.status_code == 409 and "las 2 pistas" in r.json()["error"]
    assert client.get(f"/api/games/{gid}", headers=ana).json() == env  # nothing changed
    # an account may ask only so often over all its games
    desk.per_game, desk.throttle = 10, Throttle({"account": 1}, 60.0)
    gid2, env2 = game_vs_computer(client, ana)
    assert client.post(f"/api/games/{gid2}/hint", headers=ana).status_code == 200
    r = client.post(f"/api/games/{gid}/hint", headers=ana)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0 and "too many hints" in r.json()["error"]
    assert client.get(f"/api/games/{gid}", headers=ana).json() == env


def test_the_replay_shows_each_hint_at_its_step(client: TestClient) -> None:
    fast(client)
    ana = register(client)
    gid, env = game_vs_computer(client, ana)
    hint = client.post(f"/api/games/{gid}/hint", headers=ana).json()
    step = env["seq"]
    client.post(f"/api/games/{gid}/actions", headers=ana, json={"action": env["concede"]})
    full = {"seat": "A", "seq": step, "action": hint["action"], "estimate": hint["estimate"]}
    record = client.get(f"/api/games/{gid}/replay", headers=ana).json()
    assert record["hints"] == [full]
    assert client.get(f"/api/games/{gid}/replay/{step}", headers=ana).json()["hints"] == [full]
    assert client.get(f"/api/games/{gid}/replay/{step + 1}", headers=ana).json()["hints"] == []
    # after the game, the opponent's replay shows what the hint said too
    eve = register(client, "eve")
    assert client.get(f"/api/games/{gid}/replay/{step}", headers=eve).json()["hints"] == [full]


def test_a_hint_waits_for_nobody_when_the_server_searches_all_it_may_at_once(client: TestClient) -> None:
    """Hint searches over the whole server are capped (``HINTS_AT_ONCE``): one asked while all are taken is
    refused at once (503, Retry-After), in the reader's words, and not counted against the player."""
    fast(client)
    desk = client.app.state.hub.hint_desk  # type: ignore[attr-defined]
    ana = register(client)
    gid, env = game_vs_computer(client, ana)
    taken = 0
    while desk.searching.acquire(blocking=False):  # every search slot busy with other players' hints
        taken += 1
    assert taken >= 1
    try:
        r = client.post(f"/api/games/{gid}/hint", headers={**ana, "Accept-Language": "pt"})
        assert r.status_code == 503 and r.headers["Retry-After"] == "2"
        assert r.json()["error"].startswith("o computador está ocupado")
        assert client.get(f"/api/games/{gid}", headers=ana).json() == env  # nothing counted, nothing stored
    finally:
        for _ in range(taken):
            desk.searching.release()
    r = client.post(f"/api/games/{gid}/hint", headers=ana)
    assert r.status_code == 200 and r.json()["left"] == 9
    assert desk.searching.acquire(blocking=False)  # the search gave its slot back
    desk.searching.release()


def test_two_hints_asked_at_once_at_one_decision_are_one_search_and_one_hint(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: the same question asked twice at once (a double click, a client's retry) gets the same hint,
    counted once, from one search; before, the second one was refused 503 while the first searched."""
    import threading
    from concurrent.futures import Future

    from tablero.server import games as hub_module

    fast(client)
    started, release, waiting = threading.Event(), threading.Event(), threading.Event()
    searches: list[int] = []
    real_search = hub_module.search_hint

    def held_search(*args: Any) -> Any:
        searches.append(1)
        started.set()
        release.wait()
        return real_search(*args)

    class Watched(Future):  # type: ignore[type-arg]
        def result(self, timeout: float | None = None) -> Any:
            waiting.set()  # the second question waits for the first one's answer
            return super().result(timeout)

    monkeypatch.setattr(hub_module, "search_hint", held_search)
    monkeypatch.setattr(hub_module, "Future", Watched, raising=False)
    ana = register(client)
    gid, env = game_vs_computer(client, ana)
    replies: dict[str, Any] = {}

    def ask(who: str) -> None:
        replies[who] = client.post(f"/api/games/{gid}/hint", headers=ana)

    first = threading.Thread(target=ask, args=("first",))
    first.start()
    assert started.wait(60)
    second = threading.Thread(target=ask, args=("second",))
    second.start()
    try:
        assert waiting.wait(60), replies.get("second") and replies["second"].text
    finally:
        release.set()
        first.join()
        second.join()
    assert replies["first"].status_code == 200, replies["first"].text
    assert replies["second"].status_code == 200, replies["second"].text
    assert replies["first"].json() == replies["second"].json()
    assert replies["first"].json()["left"] == 9 and len(searches) == 1
    env = client.get(f"/api/games/{gid}", headers=ana).json()
    assert env["hints_left"] == 9 and len(env["hints"]) == 1
