"""WebSocket authentication (docs/server.md): a refusal is the socket's close code, never a bare HTTP 403 at
the handshake (a browser cannot read that, and would try again for ever) — 4401 a missing, bad or expired
token, 4404 an unknown game — and an open socket lives no longer than its token."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tablero.server import auth
from tablero.server.local import serve

from .conftest import register


def close_code(url: str) -> int | None:
    """The code a real server's socket closes with, after the handshake succeeded."""
    with connect(url, open_timeout=30) as ws:
        try:
            ws.recv(timeout=30)
        except ConnectionClosed as e:
            return e.rcvd.code if e.rcvd is not None else None
    return None


def test_a_real_server_refuses_with_close_codes_not_http_403(db_url: str) -> None:
    import httpx

    proc, base = serve(db_url)
    try:
        with httpx.Client(base_url=base, timeout=60) as c:
            c.post("/api/accounts", json={"username": "ana", "password": "contraseña-1"})
            token = c.post("/api/token", json={"username": "ana", "password": "contraseña-1"}).json()["token"]
            me = {"Authorization": f"Bearer {token}"}
            gid = c.post("/api/games", headers=me, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
        ws = base.replace("http://", "ws://")
        assert close_code(f"{ws}/api/games/{gid}/ws?token=nope") == 4401
        assert close_code(f"{ws}/api/games/{gid}/ws") == 4401
        for game in (999_999, 2**40, "x", "²", "-1", "0"):
            assert close_code(f"{ws}/api/games/{game}/ws?token={token}") == 4404, game
        with connect(f"{ws}/api/games/{gid}/ws?token={token}", open_timeout=30) as sock:
            assert '"players"' in str(sock.recv(timeout=30))  # the right token still opens it
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_logout_closes_the_sockets_its_token_opened(client: TestClient) -> None:
    ana = register(client, "ana")
    gid = client.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={ana['Authorization'][7:]}") as ws:
        assert ws.receive_json()["seq"] == 0
        assert client.delete("/api/token", headers=ana).status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401
    assert client.app.state.server.revoke_hooks == {}  # type: ignore[attr-defined]


def test_an_expired_token_gets_no_more_pushes(client: TestClient, monkeypatch: Any) -> None:
    """The opponent moves after the watcher's token expired: the watcher's socket closes, 4401, instead of
    carrying the new position."""
    ana, beto = register(client, "ana"), register(client, "beto")
    gid = client.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
    client.post(f"/api/games/{gid}/join", headers=beto, json={"deck": "veneno_serpiente"})
    with client.websocket_connect(f"/api/games/{gid}/ws?token={ana['Authorization'][7:]}") as ws:
        first = ws.receive_json()
        later = time.time() + 30 * 86_400 + 5
        monkeypatch.setattr(auth, "clock", lambda: later)
        who = first["pending"]["player"]
        login = {"username": "beto" if who == "B" else "ana", "password": "contraseña-1"}
        fresh = {"Authorization": f"Bearer {client.post('/api/token', json=login).json()['token']}"}
        env = client.get(f"/api/games/{gid}", headers=fresh).json()
        # whoever must decide moves with a fresh login (ana's included: her old socket closes all the same)
        r = client.post(f"/api/games/{gid}/actions", headers=fresh, json={"action": env["legal_actions"][0]})
        assert r.status_code == 200, r.text
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401
