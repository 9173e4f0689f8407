"""Issue 16, item 11: a challenge's creator may cancel it, and one account may have only a few open at once,
so that nobody can flood the lobby."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tablero.server.routes.games import MAX_OPEN_CHALLENGES

from .conftest import register


def challenge(c: TestClient, h: dict[str, str]) -> int:
    r = c.post("/api/games", headers=h, json={"deck": "furia_jaguar", "opponent": "open"})
    assert r.status_code == 201, r.text
    return int(r.json()["id"])


def lobby(c: TestClient, h: dict[str, str]) -> list[int]:
    return [g["id"] for g in c.get("/api/games", headers=h).json() if g["status"] == "open"]


def test_open_challenges_per_account_are_capped(client: TestClient) -> None:
    ana, bea = register(client, "ana"), register(client, "bea")
    ids = [challenge(client, ana) for _ in range(MAX_OPEN_CHALLENGES)]
    r = client.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"})
    assert r.status_code == 409 and "open challenges" in r.json()["error"]
    assert sorted(lobby(client, bea)) == sorted(ids)
    # games against the computer are not challenges, and another account has its own allowance
    assert client.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "ai:random"}
                       ).status_code == 201
    challenge(client, bea)
    # one accepted or canceled frees a place
    assert client.post(f"/api/games/{ids[0]}/join", headers=bea, json={"deck": "veneno_serpiente"}).status_code == 200
    assert client.delete(f"/api/games/{ids[1]}", headers=ana).status_code == 204
    challenge(client, ana)
    challenge(client, ana)


def test_only_its_creator_cancels_an_open_challenge(client: TestClient) -> None:
    ana, bea = register(client, "ana"), register(client, "bea")
    gid = challenge(client, ana)
    r = client.delete(f"/api/games/{gid}", headers=bea)
    assert r.status_code == 403 and gid in lobby(client, bea)
    assert client.delete(f"/api/games/{gid}", headers=ana).status_code == 204
    assert gid not in lobby(client, bea)
    mine = {g["id"]: g["status"] for g in client.get("/api/games", headers=ana).json()}
    assert mine[gid] == "canceled"  # kept, not deleted
    assert client.post(f"/api/games/{gid}/join", headers=bea, json={"deck": "veneno_serpiente"}).status_code == 409
    assert client.delete(f"/api/games/{gid}", headers=ana).status_code == 409
    env = client.get(f"/api/games/{gid}", headers=ana)
    assert env.status_code == 200 and env.json()["pending"] is None and env.json()["legal_actions"] == []
    with client.websocket_connect(f"/api/games/{gid}/ws?token={ana['Authorization'][7:]}") as ws:
        assert ws.receive_json()["pending"] is None


def test_a_challenge_accepted_cannot_be_canceled(client: TestClient) -> None:
    ana, bea = register(client, "ana"), register(client, "bea")
    gid = challenge(client, ana)
    assert client.post(f"/api/games/{gid}/join", headers=bea, json={"deck": "veneno_serpiente"}).status_code == 200
    r = client.delete(f"/api/games/{gid}", headers=ana)
    assert r.status_code == 409 and "playing" in r.json()["error"]
