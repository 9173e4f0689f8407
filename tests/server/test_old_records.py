"""Game records of older rules on the server (issue 15): the database of the server as it was before rules
versions existed (``tests/data/old_records/server.db``, made by ``make_old_records.py`` there with commit
052d58d) is migrated in place and every game in it opens as rules version 1, on SQLite and on PostgreSQL;
a record whose replay the current rules stop midway opens at the position reached, with its note and its
recorded result, and nothing stored changes or answers 500."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import JSON, MetaData, column, create_engine, func, insert, select, table, text, update
from sqlalchemy.engine import make_url

from tablero.games.choque.versions import RULES_VERSION, options_for
from tablero.server.app import create_app
from tablero.server.db import MIGRATIONS, connect
from tablero.server.models import ActionRow, GameRow

from .conftest import my_turn, register

OLD_DB = Path(__file__).parents[1] / "data" / "old_records" / "server.db"
PASSWORD = "contraseña-1"
FAST_AI = {"mcts": {"iterations": 4}}
# a saved deck as the server stored it before migration 0004 (the deck-file shape; furia_jaguar's cards)
OLD_DECK = json.dumps({"name": "Mía", "edition": "choque-2026", "main": {
    "cachorro_moteado": 3, "colibri_de_pluma_roja": 3, "rastreador_de_huellas_rojas": 3,
    "guerrera_del_maguey_ardiente": 3, "cazadora_del_viento_alto": 2, "colmillo_de_obsidiana_viva": 3,
    "aguila_de_obsidiana": 3, "capitana_de_las_garras": 3, "berserker_del_cerro_rojo": 2,
    "gran_jaguar_de_la_noche": 1, "caceria_nocturna": 3, "estandarte_del_jaguar": 2, "garras_de_obsidiana": 2,
    "escudo_de_plumas": 1, "vuelo_rasante": 1, "templo_del_jaguar": 3, "ciudad_de_los_jaguares": 2},
    "souls": {"alma_de_barro_rojo": 3, "alma_de_maiz_tierno": 3, "alma_de_cacao": 3, "alma_de_ambar": 3,
              "alma_de_caracol_marino": 3}, "support": {"cazador_del_cielo_rojo": 2}})
BAD = {"player": "A", "do": "attack", "attacker": "C1", "target": "hearts"}  # no action phase answers this


def login(c: TestClient, name: str) -> dict[str, str]:
    r = c.post("/api/token", json={"username": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


@pytest.fixture
def old_db(db_url: str, tmp_path: Path) -> str:
    """The old server's database on this test's backend: the SQLite file itself (a copy), or for PostgreSQL
    its rows loaded into a database migrated to 0002, the old server's schema, so that 0003 meets real
    rows of before it either way."""
    if db_url.startswith("sqlite"):
        path = make_url(db_url).database
        assert path is not None
        shutil.copy(OLD_DB, path)
        return db_url
    copy = tmp_path / "old.db"
    shutil.copy(OLD_DB, copy)
    engine = connect(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
    src = create_engine(f"sqlite:///{copy}")
    old, new = MetaData(), MetaData()
    old.reflect(src)
    new.reflect(engine)
    with src.connect() as a, engine.begin() as b:
        for name in ("accounts", "tokens", "decks", "games", "game_actions"):
            rows = [dict(r._mapping) for r in a.execute(select(old.tables[name]))]
            if rows:
                b.execute(insert(new.tables[name]), rows)
        for name in ("accounts", "decks", "games"):  # ids were inserted as they were: the sequences follow
            b.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT max(id) FROM {name}))"))
    src.dispose()
    engine.dispose()
    return db_url


def stored(c: TestClient) -> dict[int, tuple[GameRow, int]]:
    """Every game row as the database holds it, with its number of stored actions."""
    make = c.app.state.server.make_session  # type: ignore[attr-defined]
    with make() as s:
        rows = {r.id: r for r in s.scalars(select(GameRow))}
        counts = {gid: n for gid, n in s.execute(select(ActionRow.game_id, func.count()).group_by(ActionRow.game_id))}
        return {gid: (r, counts.get(gid, 0)) for gid, r in rows.items()}


def test_the_old_servers_games_open_as_rules_version_1(old_db: str) -> None:
    """Migration 0003 gives every old row version 1 and no options; each finished game shows its final
    position (or the one its replay reaches, with the note) and its recorded winner; its replay is served
    with the options that restore version 1 (versions.py), as far as the current rules go."""
    with TestClient(create_app(old_db, cheap_hashing=True, ai_options=FAST_AI)) as c:
        ana, beto = login(c, "ana"), login(c, "beto")
        rows = stored(c)
        assert len(rows) == 6 and all(r.rules_version == 1 and r.options == {} for r, _ in rows.values())
        # migration 0004: every game stored before there were several games is Choque's, in the lobby too
        assert {r.game for r, _ in rows.values()} == {"choque"}
        with sqlite3.connect(f"file:{OLD_DB}?mode=ro", uri=True) as file:  # not one action lost by 0003
            recorded = dict(file.execute("SELECT game_id, count(*) FROM game_actions GROUP BY game_id").fetchall())
        assert {gid: n for gid, (_, n) in rows.items() if n} == recorded and sum(recorded.values()) > 400
        lobby = {g["id"]: g for g in c.get("/api/games", headers=ana).json()}
        assert set(lobby) == set(rows) and all(g["rules_version"] == 1 for g in lobby.values())
        assert all(g["game"] == "choque" for g in lobby.values())
        assert c.get("/api/games?game=choque", headers=ana).json() == list(lobby.values())
        over = [gid for gid, (r, _) in rows.items() if r.status == "over"]
        assert len(over) == 4
        for gid in over:
            row, n = rows[gid]
            who = beto if row.account_b is not None and gid % 2 else ana
            env = c.get(f"/api/games/{gid}", headers=who).json()
            rules = env["rules"]
            assert rules["version"] == 1 and rules["current"] == RULES_VERSION and rules["options"] == {}
            assert env["winner"] == row.winner and env["seq"] == n and env["legal_actions"] == []
            rec = c.get(f"/api/games/{gid}/replay", headers=who).json()
            assert rec["rules_version"] == 1 and rec["options"] == {} and len(rec["actions"]) == n
            assert rec["result"] == {"winner": row.winner}
            assert rec["rules"]["replay_options"] == options_for(1)
            k = rec["rules"]["replayed"]
            assert rec["rules"]["note"] == rules["note"]
            if rules["note"] is None:
                assert k == n
            else:
                assert k < n and "does not hold under the current rules" in rules["note"]
                assert c.get(f"/api/games/{gid}/replay/{k + 1}", headers=who).status_code == 409
            start = c.get(f"/api/games/{gid}/replay/0", headers=who).json()
            assert start["seq"] == 0 and start["rules"]["version"] == 1
            end = c.get(f"/api/games/{gid}/replay/{k}", headers=who).json()
            assert end["steps"] == k and end["winner"] == row.winner and end["view"] == env["view"]
        challenge = c.get("/api/games/6", headers=ana).json()  # beto's open challenge: nothing to replay
        assert challenge["view"] is None and challenge["rules"]["version"] == 1
    with TestClient(create_app(old_db, cheap_hashing=True, ai_options=FAST_AI)) as c:
        assert {gid: (r.rules_version, r.status, r.winner, n) for gid, (r, n) in stored(c).items()} == \
            {gid: (r.rules_version, r.status, r.winner, n) for gid, (r, n) in rows.items()}  # nothing changed


def test_a_game_the_old_server_left_unfinished_goes_on(old_db: str) -> None:
    """Game 5 was left in the middle against the greedy AI. The restarted server resumes it, under the
    current rules with version 1's options; it stays a version-1 record, and its new actions replay with
    the old ones after another restart. (Were its record refused midway, it would be held: see below.)"""
    with TestClient(create_app(old_db, cheap_hashing=True, ai_options=FAST_AI)) as c:
        ana = login(c, "ana")
        before = stored(c)[5]
        assert before[0].status == "playing" and before[0].agent_b == "ai:greedy"
        env = my_turn(c, 5, ana)
        if env["rules"]["note"] is not None:  # the current rules refuse part of it: held, only surrendered
            assert env["legal_actions"] == [] and env["pending"] is None
            r = c.post("/api/games/5/actions", headers=ana, json={"action": {"player": "A", "do": "surrender"}})
            assert r.status_code == 200 and r.json()["winner"] == "B"
            return
        rng = random.Random(5)
        for _ in range(6):
            if env["winner"] is not None:
                break
            r = c.post("/api/games/5/actions", headers=ana, json={"action": rng.choice(env["legal_actions"])})
            assert r.status_code == 200, r.text
            env = my_turn(c, 5, ana)
        assert env["seq"] > before[1] and env["rules"]["version"] == 1
        assert stored(c)[5][0].rules_version == 1
    with TestClient(create_app(old_db, cheap_hashing=True, ai_options=FAST_AI)) as c:
        again = c.get("/api/games/5", headers=login(c, "ana")).json()
        assert again == env and again["rules"]["note"] is None


def corrupt(c: TestClient, gid: int, seq: int, action: Any) -> None:
    """Store ``action`` as the ``seq``-th of a game, as a record of other rules would hold it."""
    make = c.app.state.server.make_session  # type: ignore[attr-defined]
    with make() as s:
        s.execute(update(ActionRow).where(ActionRow.game_id == gid, ActionRow.seq == seq).values(action=action))
        s.commit()


def test_a_record_whose_replay_breaks_midway_still_opens_with_the_note(db_url: str) -> None:
    """An action the current rules refuse (an artificial one: a corrupted action) in a game being played and
    in a finished one: after a restart each opens at the position before it, held, with the note; the
    unfinished one may only be surrendered; the finished one keeps its recorded winner, and its replay
    steps up to the refused action. Nothing stored is changed by opening them."""
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:
        ana = register(c)
        playing = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "ai:random",
                                                          "seed": 5}).json()["id"]
        rng = random.Random(1)
        for _ in range(8):
            env = my_turn(c, playing, ana)
            c.post(f"/api/games/{playing}/actions", headers=ana, json={"action": rng.choice(env["legal_actions"])})
        my_turn(c, playing, ana)
        done = c.post("/api/games", headers=ana, json={"deck": "ojo_tormenta", "opponent": "ai:random",
                                                       "seed": 6}).json()["id"]
        for _ in range(6):
            env = my_turn(c, done, ana)
            c.post(f"/api/games/{done}/actions", headers=ana, json={"action": rng.choice(env["legal_actions"])})
        my_turn(c, done, ana)
        final = c.post(f"/api/games/{done}/actions", headers=ana,
                       json={"action": {"player": "A", "do": "surrender"}}).json()
        assert final["winner"] == "B" and final["rules"] == {"version": RULES_VERSION, "current": RULES_VERSION,
                                                             "options": {}, "note": None}
        n_playing, n_done = stored(c)[playing][1], stored(c)[done][1]
        corrupt(c, playing, 3, BAD)
        corrupt(c, done, 4, "not an action")
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:
        ana = login(c, "ana")
        env = c.get(f"/api/games/{playing}", headers=ana).json()
        note = env["rules"]["note"]
        assert note is not None and f"Its replay stops after action 3 of {n_playing}: action 4" in note
        assert "either player may still surrender" in note
        assert env["pending"] is None and env["legal_actions"] == [] and env["winner"] is None
        assert env["seq"] == n_playing
        r = c.post(f"/api/games/{playing}/actions", headers=ana, json={"action": {"player": "A", "do": "pass"}})
        assert r.status_code == 409 and "does not hold under the current rules" in r.json()["error"]
        assert c.post(f"/api/games/{playing}/claim", headers=ana).status_code == 409
        assert stored(c)[playing][1] == n_playing  # nothing was added, nothing taken away
        r = c.post(f"/api/games/{playing}/actions", headers=ana, json={"action": {"player": "A", "do": "surrender"}})
        assert r.status_code == 200 and r.json()["winner"] == "B"
        after = r.json()["rules"]["note"]
        assert "The result recorded stands: B wins." in after and "may still surrender" not in after
        assert stored(c)[playing][0].status == "over" and stored(c)[playing][1] == n_playing + 1

        env = c.get(f"/api/games/{done}", headers=ana).json()
        assert env["winner"] == "B" and "Its replay stops after action 4" in env["rules"]["note"]
        rec = c.get(f"/api/games/{done}/replay", headers=ana).json()
        assert rec["actions"][4] == "not an action" and len(rec["actions"]) == n_done  # served as stored
        assert rec["rules"]["replayed"] == 4 and rec["result"] == {"winner": "B"}
        last = c.get(f"/api/games/{done}/replay/4", headers=ana).json()
        assert last["steps"] == 4 and last["winner"] == "B" and last["pending"] is None
        assert last["rules"]["note"] == env["rules"]["note"]
        r = c.get(f"/api/games/{done}/replay/5", headers=ana)
        assert r.status_code == 409 and "cannot be shown" in r.json()["error"]
        assert c.get(f"/api/games/{done}/replay/{n_done + 1}", headers=ana).status_code == 404


def test_a_record_whose_game_cannot_be_set_up_answers_409_not_500(db_url: str) -> None:
    """A deck naming a card the current card files do not have: the game cannot be rebuilt at all. Its
    pages say why (409), its stored record is still served, and the server still starts."""
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:
        ana = register(c)
        gid = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "ai:greedy",
                                                      "seed": 3}).json()["id"]
        my_turn(c, gid, ana)
        make = c.app.state.server.make_session  # type: ignore[attr-defined]
        with make() as s:
            row = s.get(GameRow, gid)
            assert row is not None and row.deck_b is not None
            row.deck_b = {**row.deck_b, "main": ["carta_que_ya_no_existe", *row.deck_b["main"][1:]]}
            row.rules_version = 1
            s.commit()
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:  # wake_all skips it
        ana = login(c, "ana")
        r = c.get(f"/api/games/{gid}", headers=ana)
        assert r.status_code == 409 and "cannot be set up under the current rules" in r.json()["error"]
        assert c.post(f"/api/games/{gid}/actions", headers=ana,
                      json={"action": {"player": "A", "do": "surrender"}}).status_code == 409
        assert c.get("/api/games", headers=ana).json()[0]["rules_version"] == 1


def test_a_deck_saved_before_migration_0004_stays_and_is_choques(db_url: str) -> None:
    """Migration 0004 (the game of every row): a database at 0003 with an account and a saved deck keeps
    both; the deck is now Choque's, opens, checks and starts a game of Choque as before."""
    import datetime as dt

    from tablero.server.auth import hasher

    engine = connect(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        now = dt.datetime.now(dt.UTC)
        conn.execute(text("INSERT INTO accounts (id, username, password_hash, created_at) "
                          "VALUES (1, 'vieja', :h, :t)"), {"h": hasher(cheap=True).hash(PASSWORD), "t": now})
        decks = table("decks", column("id"), column("owner_id"), column("name"), column("edition"),
                      column("content", JSON), column("created_at"))  # the table as 0003 left it
        conn.execute(insert(decks).values(id=7, owner_id=1, name="Mía", edition="choque-2026",
                                          content=json.loads(OLD_DECK), created_at=now))
        if db_url.startswith("postgresql"):
            for name in ("accounts", "decks"):
                conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                  f"(SELECT max(id) FROM {name}))"))
    engine.dispose()
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options=FAST_AI)) as c:  # migrates to head
        h = login(c, "vieja")
        mine = [d for d in c.get("/api/decks", headers=h).json() if d["owner"] == "vieja"]
        assert mine == [{"id": "u7", "name": "Mía", "game": "choque", "edition": "choque-2026", "strategy": None,
                         "owner": "vieja"}]
        deck = c.get("/api/decks/u7", headers=h).json()
        assert deck["game"] == "choque" and deck["legal"], deck["violations"]
        game = c.post("/api/games", json={"deck": "u7", "opponent": "ai:random"}, headers=h)
        assert game.status_code == 201, game.text
        assert c.get(f"/api/games/{game.json()['id']}", headers=h).json()["game"] == "choque"
