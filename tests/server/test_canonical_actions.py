"""Issue 16, item 6: the server stores and replays only the canonical action (the legal action a request
matched), refuses a request's unknown keys with 422, and a record stored with a client's junk still
replays and still answers its replay."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from tablero.server.app import create_app
from tablero.server.models import ActionRow

from .conftest import my_turn, register

FAST_AI = {"mcts": {"iterations": 4}}


def stored_actions(c: TestClient, gid: int) -> list[Any]:
    with c.app.state.server.make_session() as s:  # type: ignore[attr-defined]
        return list(s.scalars(select(ActionRow.action).where(ActionRow.game_id == gid).order_by(ActionRow.seq)))


def a_game(c: TestClient, h: dict[str, str], seed: int = 5) -> tuple[int, dict[str, Any]]:
    gid = c.post("/api/games", headers=h, json={"deck": "furia_jaguar", "opponent": "ai:random",
                                                "seed": seed}).json()["id"]
    return gid, my_turn(c, gid, h)


def test_unknown_keys_are_refused_even_when_null_and_nothing_is_stored(client: TestClient) -> None:
    h = register(client)
    gid, env = a_game(client, h)
    before = stored_actions(client, gid)
    legal = env["legal_actions"][0]
    for extra in ({"zzz": None}, {"x" * 60_000: None}, {"expect": "illegal"}, {"note": "hola"}):
        r = client.post(f"/api/games/{gid}/actions", headers=h, json={"action": {**legal, **extra}})
        assert r.status_code == 422, (extra, r.text)
        assert "unknown action field" in r.json()["error"] and len(r.text) < 2000
    assert stored_actions(client, gid) == before


def test_what_is_stored_is_the_legal_action_matched(client: TestClient) -> None:
    """A request that spells a reference its own way (``A.Z1`` for ``Z1``) or names a null field is stored
    as the legal action it matched."""
    h = register(client)
    gid, env = a_game(client, h)
    legal = next(a for a in env["legal_actions"] if a["do"] == "activate_soul")
    spelt = {**legal, "zone": f"A.{legal['zone']}", "card": legal["card"], "target": None}
    r = client.post(f"/api/games/{gid}/actions", headers=h, json={"action": spelt})
    assert r.status_code == 200, r.text
    assert stored_actions(client, gid)[-1] == legal


def test_a_record_stored_with_junk_still_replays(db_url: str) -> None:
    """Records stored before actions were canonical: a 60 KB key and a 600-deep value, both with a null
    value where the engine ignored them. The game still opens and its replay answers, without the junk."""
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:
        h = register(c)
        gid, env = a_game(c, h, seed=6)
        rng = random.Random(2)
        for _ in range(4):
            c.post(f"/api/games/{gid}/actions", headers=h, json={"action": rng.choice(env["legal_actions"])})
            env = my_turn(c, gid, h)
        c.post(f"/api/games/{gid}/actions", headers=h, json={"action": {"player": "A", "do": "surrender"}})
        actions = stored_actions(c, gid)
        deep: Any = None
        for _ in range(600):
            deep = [deep]
        with c.app.state.server.make_session() as s:  # type: ignore[attr-defined]
            for seq, junk in ((0, {"x" * 60_000: None}), (1, {"nested": None, "zz": None})):
                s.execute(update(ActionRow).where(ActionRow.game_id == gid, ActionRow.seq == seq)
                          .values(action={**actions[seq], **junk}))
            s.commit()
        r = c.get(f"/api/games/{gid}/replay", headers=h)
        assert r.status_code == 200, r.text
        assert r.json()["actions"] == actions and r.json()["rules"]["note"] is None
        # a 600-deep value the engine never took: the replay stops there, and still answers
        with c.app.state.server.make_session() as s:  # type: ignore[attr-defined]
            s.execute(update(ActionRow).where(ActionRow.game_id == gid, ActionRow.seq == 2)
                      .values(action={**actions[2], "nested": deep}))
            s.commit()
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:
        h = register(c, "eva")
        r = c.get(f"/api/games/{gid}/replay", headers=h)
        assert r.status_code == 200, r.text[:300]
        assert r.json()["actions"] == actions and "action 3" in r.json()["rules"]["note"]
        actions = actions[:2]
        # the game reopens there, held, with its recorded result
        assert c.get(f"/api/games/{gid}", headers=h).json()["winner"] == "B"
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:  # after a restart too
        h2 = register(c, "bea")
        r = c.get(f"/api/games/{gid}/replay", headers=h2)
        assert r.status_code == 200 and r.json()["actions"][:2] == actions
        assert c.get(f"/api/games/{gid}/replay/2", headers=h2).status_code == 200
