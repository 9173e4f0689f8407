"""Accounts, tokens and the error contract of the API (issue 6): every 4xx is {error, rule}."""

from __future__ import annotations

import datetime as dt
import os
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from tablero.server import auth

from .conftest import BACKENDS, register


def test_ci_runs_the_server_tests_on_postgresql() -> None:
    """``.ci/run`` starts PostgreSQL and sets TABLERO_EXPECT_PG=1: the PostgreSQL half must not go missing."""
    if os.environ.get("TABLERO_EXPECT_PG") == "1":
        assert BACKENDS == ["sqlite", "postgresql"]


def assert_error(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    assert set(body) == {"error", "rule"} and isinstance(body["error"], str) and body["error"]
    return body


def test_register_log_in_and_use_the_token(client: TestClient) -> None:
    r = client.post("/api/accounts", json={"username": "Ana", "password": "contraseña-1"})
    assert r.status_code == 201 and r.json()["username"] == "ana"
    token = client.post("/api/token", json={"username": "ana", "password": "contraseña-1"}).json()["token"]
    decks = client.get("/api/decks", headers={"Authorization": f"Bearer {token}"})
    assert decks.status_code == 200
    assert {"furia_jaguar", "veneno_serpiente"} <= {d["id"] for d in decks.json()}


def test_duplicate_username_and_bad_credentials(client: TestClient) -> None:
    register(client, "ana")
    assert "taken" in assert_error(client.post("/api/accounts", json={"username": "ANA", "password": "x" * 8}),
                                   409)["error"]
    assert_error(client.post("/api/token", json={"username": "ana", "password": "wrong-pass"}), 401)
    assert_error(client.post("/api/token", json={"username": "nadie", "password": "wrong-pass"}), 401)


def test_no_token_or_a_bad_token_is_401(client: TestClient) -> None:
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic abc"}):
        body = assert_error(client.get("/api/decks", headers=headers), 401)
        assert body["rule"] is None
        assert_error(client.get("/api/cards", headers=headers), 401)


def test_malformed_wrongly_typed_and_oversized_bodies_get_4xx(client: TestClient) -> None:
    assert_error(client.post("/api/accounts", content=b"{not json", headers={"Content-Type": "application/json"}),
                 422)
    assert_error(client.post("/api/accounts", json={"username": 5, "password": ["x"]}), 422)
    assert_error(client.post("/api/accounts", json={"username": "a b c", "password": "12345678"}), 422)
    assert_error(client.post("/api/accounts", json={"username": "ana", "password": "short"}), 422)
    big = {"username": "ana", "password": "x" * 70_000}
    assert_error(client.post("/api/accounts", json=big), 413)

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        for _ in range(70):
            yield b"x" * 1024

    assert_error(client.post("/api/accounts", content=chunks(), headers={"Content-Type": "application/json"}), 413)


def test_passwords_and_tokens_are_not_stored_in_clear(client: TestClient, db_url: str) -> None:
    headers = register(client, "ana", "contraseña-secreta")
    token = headers["Authorization"].removeprefix("Bearer ")
    with create_engine(db_url).connect() as conn:
        dump = " ".join(str(row) for t in ("accounts", "tokens") for row in conn.execute(text(f"SELECT * FROM {t}")))
    assert "contraseña-secreta" not in dump and token not in dump
    assert "$argon2id$" in dump


def test_the_card_pool_and_the_openapi_page(client: TestClient) -> None:
    headers = register(client)
    cards = client.get("/api/cards", headers=headers).json()
    assert len(cards) >= 95 and {"id", "name", "type"} <= set(cards[0])
    spec = client.get("/openapi.json").json()
    assert {"/api/accounts", "/api/token", "/api/cards", "/api/decks"} <= set(spec["paths"])


def test_the_schema_survives_a_restart(db_url: str) -> None:
    """Migrations run at every start and keep what is stored (nothing is ever lost)."""
    from tablero.server.app import create_app

    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        register(c, "ana")
    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        r = c.post("/api/token", json={"username": "ana", "password": "contraseña-1"})
        assert r.status_code == 200


def test_save_decks_legal_and_illegal(client: TestClient) -> None:
    """CH-2: a saved deck comes back with its violations (rule ids); illegal decks are kept, not lost."""
    from tablero.games.choque.deckfile import shipped_decks

    headers = register(client)
    jaguar = shipped_decks()["furia_jaguar"].deck
    counts: dict[str, dict[str, int]] = {part: {} for part in ("main", "souls", "support")}
    for part in counts:
        for c in getattr(jaguar, part):
            counts[part][c.id] = counts[part].get(c.id, 0) + 1
    r = client.post("/api/decks", headers=headers, json={"name": "Mi jaguar", "edition": "choque-2026", **counts})
    assert r.status_code == 201, r.text
    assert r.json()["legal"] is True and r.json()["violations"] == []
    short = dict(counts["main"])
    short.pop(next(iter(short)))
    r = client.post("/api/decks", headers=headers, json={"name": "Corto", **counts, "main": short})
    assert r.status_code == 201 and r.json()["legal"] is False
    assert "CH-2.1" in {v["rule"] for v in r.json()["violations"]}
    mine = [d for d in client.get("/api/decks", headers=headers).json() if d["owner"] == "ana"]
    assert [d["name"] for d in mine] == ["Mi jaguar", "Corto"]
    # another account does not see them
    other = register(client, "beto")
    assert not [d for d in client.get("/api/decks", headers=other).json() if d["owner"] is not None]
    # unknown cards and wrong types are refused, and nothing is saved
    bad = client.post("/api/decks", headers=headers, json={"name": "X", **counts, "main": {"no_such_card": 40}})
    assert_error(bad, 422)
    assert "no_such_card" in bad.json()["error"]
    assert_error(client.post("/api/decks", headers=headers, json={"name": "X", "main": [], "souls": {}}), 422)
    assert_error(client.post("/api/decks", json={"name": "X", **counts}), 401)
    assert len([d for d in client.get("/api/decks", headers=headers).json() if d["owner"] == "ana"]) == 2


def test_failed_logins_are_throttled_per_username(db_url: str) -> None:
    """Five wrong passwords within the window: further logins for that name get 429 with Retry-After,
    even with the right password, and nothing else is refused; once the window has passed, it works."""
    from tablero.server.app import create_app
    from tablero.server.throttle import LoginThrottle

    clock = [1000.0]
    throttle = LoginThrottle(per_user=5, per_address=100, window=60, clock=lambda: clock[0])
    with TestClient(create_app(db_url, cheap_hashing=True, throttle=throttle)) as c:
        register(c, "ana", "contraseña-1")
        register(c, "beto", "contraseña-2")
        for _ in range(5):
            assert_error(c.post("/api/token", json={"username": "ana", "password": "wrong-pass"}), 401)
        r = c.post("/api/token", json={"username": "ANA", "password": "contraseña-1"})
        assert assert_error(r, 429)["rule"] is None and int(r.headers["Retry-After"]) == 60
        assert c.post("/api/token", json={"username": "beto", "password": "contraseña-2"}).status_code == 200
        clock[0] += 61
        assert c.post("/api/token", json={"username": "ana", "password": "contraseña-1"}).status_code == 200


def test_failed_logins_are_throttled_per_address() -> None:
    from tablero.server.throttle import LoginThrottle

    clock = [0.0]
    t = LoginThrottle(per_user=5, per_address=3, window=10, clock=lambda: clock[0])
    for name in ("a", "b", "c"):
        assert t.take({"user": name, "address": "10.0.0.1"})[0] == 0
    assert t.take({"user": "d", "address": "10.0.0.1"})[0] == 10
    assert t.take({"user": "d", "address": "10.0.0.2"})[0] == 0
    clock[0] = 10.5
    assert t.retry_after({"user": "d", "address": "10.0.0.1"}) == 0


def test_every_reply_says_the_servers_own_time(client: TestClient) -> None:
    r = client.post("/api/accounts", json={"username": "ana", "password": "x"})
    assert r.headers["Server-Timing"].startswith("app;dur=")


def test_logging_out_revokes_that_token_at_once(client: TestClient) -> None:
    first = register(client, "ana", "contraseña-1")
    second = {"Authorization": "Bearer " + client.post("/api/token", json={"username": "ana",
                                                                          "password": "contraseña-1"}).json()["token"]}
    assert client.get("/api/decks", headers=first).status_code == 200  # now remembered by the server
    assert client.delete("/api/token", headers=first).status_code == 204
    assert_error(client.get("/api/decks", headers=first), 401)
    assert_error(client.delete("/api/token", headers=first), 401)
    assert_error(client.delete("/api/token"), 401)
    assert client.get("/api/decks", headers=second).status_code == 200  # the account's other token stays


def test_the_deck_builder_loads_checks_and_saves_decks(client: TestClient) -> None:
    """GET /api/decks/{id} gives a deck in the deck-file shape; POST /api/decks/check checks one without
    saving it (CH-2, every violation with its rule); a saved deck comes back as it was, to its owner only."""
    ana, beto = register(client, "ana"), register(client, "beto")
    shipped = client.get("/api/decks/furia_jaguar", headers=ana).json()
    assert shipped["legal"] and shipped["owner"] is None and sum(shipped["main"].values()) == 40
    doc = {k: shipped[k] for k in ("name", "edition", "main", "souls", "support")}
    assert client.post("/api/decks/check", headers=ana, json=doc).json() == {"legal": True, "violations": []}
    short = {**doc, "main": dict(list(doc["main"].items())[:-2])}
    checked = client.post("/api/decks/check", headers=ana, json=short).json()
    assert not checked["legal"] and all(v["rule"].startswith("CH-2") for v in checked["violations"])
    assert client.get("/api/decks", headers=ana).json()[-1]["owner"] is None  # checking saved nothing
    saved = client.post("/api/decks", headers=ana, json={**short, "name": "Mi jaguar"}).json()
    mine = client.get(f"/api/decks/{saved['id']}", headers=ana).json()
    assert mine["main"] == short["main"] and mine["owner"] == "ana" and not mine["legal"]
    assert_error(client.get(f"/api/decks/{saved['id']}", headers=beto), 404)
    assert_error(client.get("/api/decks/no_such_deck", headers=ana), 404)
    assert_error(client.post("/api/decks/check", headers=ana, json={**doc, "main": {"no_such_card": 3}}), 422)


def test_a_login_lasts_its_days_then_the_token_is_refused(client: TestClient, monkeypatch: Any) -> None:
    """A token works for the server's token lifetime (30 days by default) and then gets 401, also when the
    server remembers it and on the WebSocket; logging in again gives a new one, and the expired ones go."""
    headers = register(client, "ana")
    token = headers["Authorization"].removeprefix("Bearer ")
    login = client.post("/api/token", json={"username": "ana", "password": "contraseña-1"}).json()
    expires = dt.datetime.fromisoformat(login["expires_at"])
    assert dt.timedelta(days=29.9) < expires - dt.datetime.now(dt.UTC) <= dt.timedelta(days=30)
    assert client.get("/api/decks", headers=headers).status_code == 200  # now remembered in memory
    gid = client.post("/api/games", headers=headers, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
    later = time.time() + 30 * 86_400 + 5
    monkeypatch.setattr(auth, "clock", lambda: later)
    body = assert_error(client.get("/api/decks", headers=headers), 401)
    assert "expired" in body["error"]
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
            ws.receive_json()
    assert refused.value.code == 4401
    fresh = client.post("/api/token", json={"username": "ana", "password": "contraseña-1"}).json()["token"]
    assert client.get("/api/decks", headers={"Authorization": f"Bearer {fresh}"}).status_code == 200
    assert_error(client.get("/api/decks", headers=headers), 401)  # not remembered back to life
    with client.app.state.engine.connect() as conn:  # type: ignore[attr-defined]
        digests = set(conn.execute(text("SELECT digest FROM tokens")).scalars())
    assert digests == {auth.digest(fresh)}  # the two expired logins were deleted at the new one
