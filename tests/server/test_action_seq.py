"""Issue 16, item 7: an action may carry the ``seq`` it answers; the same action posted twice (a double
click, a client's retry) is then taken once, and the stale copy gets 409 with nothing changed."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tablero.server.models import ActionRow

from .conftest import my_turn, register


def n_stored(c: TestClient, gid: int) -> int:
    with c.app.state.server.make_session() as s:  # type: ignore[attr-defined]
        return int(s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == gid)) or 0)


def a_game(c: TestClient, h: dict[str, str]) -> tuple[int, dict[str, Any]]:
    gid = c.post("/api/games", headers=h, json={"deck": "furia_jaguar", "opponent": "ai:random",
                                                "seed": 5}).json()["id"]
    return gid, my_turn(c, gid, h)


def end_phase(env: dict[str, Any]) -> dict[str, Any]:
    return next(a for a in env["legal_actions"] if a["do"] in ("end_phase", "ofrenda", "pass"))


def test_the_same_action_posted_twice_is_taken_once(client: TestClient) -> None:
    h = register(client)
    gid, env = a_game(client, h)
    body = {"action": end_phase(env), "seq": env["seq"]}
    first = client.post(f"/api/games/{gid}/actions", headers=h, json=body)
    assert first.status_code == 200, first.text
    stored = n_stored(client, gid)
    again = client.post(f"/api/games/{gid}/actions", headers=h, json=body)
    assert again.status_code == 409 and "stale action" in again.json()["error"]
    assert f"answers seq {env['seq']}" in again.json()["error"]
    assert n_stored(client, gid) == stored


def test_concurrent_copies_of_one_request_pass_once(client: TestClient) -> None:
    h = register(client)
    gid, env = a_game(client, h)
    for _ in range(5):
        env = my_turn(client, gid, h)
        if env["winner"]:
            break
        body = {"action": end_phase(env), "seq": env["seq"]}
        before = n_stored(client, gid)
        with ThreadPoolExecutor(2) as ex:
            codes = sorted(ex.map(lambda b: client.post(f"/api/games/{gid}/actions", headers=h,
                                                         json=b).status_code, [body, body]))
        assert codes == [200, 409]
        assert n_stored(client, gid) >= before + 1  # ours once (the AI may have answered already)


def test_without_seq_an_action_works_as_before_and_a_bad_seq_is_422(client: TestClient) -> None:
    h = register(client)
    gid, env = a_game(client, h)
    assert client.post(f"/api/games/{gid}/actions", headers=h,
                       json={"action": end_phase(env), "seq": -1}).status_code == 422
    assert client.post(f"/api/games/{gid}/actions", headers=h, json={"action": end_phase(env)}).status_code == 200
