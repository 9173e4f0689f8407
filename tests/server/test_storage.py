"""Storage faults (docs/server.md, "Storage faults and backups"): a database that cannot be written is
refused at start in one line (exit 2); a write that fails while serving (disk full, read-only) answers 503
``{error}`` with nothing changed; no password hash ever reaches a log; ``tablero db backup`` copies a running
server's SQLite file, and a fresh server on the copy finds every account, deck and game."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError

from tablero.cli import main
from tablero.server.app import create_app
from tablero.server.db import StorageError, backup, fault, is_storage_fault

from .conftest import my_turn, register


def read_only(db_url: str, engine: Engine) -> None:
    """From now on the server's database refuses every write, as a read-only file or server would."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", lambda conn, _rec: conn.execute("PRAGMA query_only=ON"))
    else:
        admin = create_engine(db_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            name = make_url(db_url).database
            conn.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
        admin.dispose()
    engine.dispose()  # the pooled connections go; every new one is read-only


def test_a_read_only_database_is_refused_at_start(db_url: str, tmp_path: Path) -> None:
    create_app(db_url, cheap_hashing=True).state.engine.dispose()  # a database with its schema
    engine = create_engine(db_url)
    read_only(db_url, engine)
    engine.dispose()
    url = db_url
    if db_url.startswith("sqlite"):  # a file opened read-only, as on a read-only mount
        url = f"sqlite:///file:{make_url(db_url).database}?mode=ro&uri=true"
    with pytest.raises(StorageError, match="cannot be written"):
        create_app(url, cheap_hashing=True)
    r = subprocess.run([sys.executable, "-m", "tablero", "serve", "--db", url, "--port", "1"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "cannot be written" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_a_failed_write_answers_503_and_changes_nothing(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        ana = register(c, "ana")
        gid = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
        read_only(db_url, c.app.state.engine)  # type: ignore[attr-defined]
        for r in (c.post("/api/accounts", json={"username": "beto", "password": "contraseña-1"}),
                  c.post("/api/token", json={"username": "ana", "password": "contraseña-1"}),
                  c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}),
                  c.delete(f"/api/games/{gid}", headers=ana)):
            assert r.status_code == 503, (r.status_code, r.text)
            assert "nothing was changed" in r.json()["error"] and r.headers["retry-after"] == "30"
        assert c.get("/api/games", headers=ana).status_code == 200  # reading goes on
        assert [g["status"] for g in c.get("/api/games", headers=ana).json()] == ["open"]
    logged = caplog.text + "".join(str(rec.exc_info) for rec in caplog.records if rec.exc_info)
    assert "storage fault on POST /api/accounts" in caplog.text
    assert "$argon2" not in logged and "argon2id" not in logged


def test_a_write_refused_mid_game_answers_503_and_the_game_goes_on_after(tmp_path: Path) -> None:
    """The database stops taking writes during a game: the action is refused with 503, the game stays
    where it was, and once writes work again the same action is taken."""
    db_url = f"sqlite:///{tmp_path / 'mid.db'}"
    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        ana = register(c, "ana")
        gid = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "ai:random",
                                                      "seed": 3}).json()["id"]
        env = my_turn(c, gid, ana)
        engine: Engine = c.app.state.engine  # type: ignore[attr-defined]
        refusing = {"on": True}
        event.listen(engine, "connect", lambda conn, _rec: conn.execute(
            f"PRAGMA query_only={'ON' if refusing['on'] else 'OFF'}"))
        engine.dispose()
        act = {"action": env["legal_actions"][0], "seq": env["seq"]}
        r = c.post(f"/api/games/{gid}/actions", headers=ana, json=act)
        assert r.status_code == 503, r.text
        assert c.get(f"/api/games/{gid}", headers=ana).json() == env
        refusing["on"] = False
        engine.dispose()
        r = c.post(f"/api/games/{gid}/actions", headers=ana, json=act)
        assert r.status_code == 200 and r.json()["seq"] == env["seq"] + 1, r.text


def test_a_full_disk_is_a_storage_fault_not_a_bug(tmp_path: Path) -> None:
    """SQLite's page limit stands in for a full disk: the error it gives is told apart from a bug."""
    engine = create_engine(f"sqlite:///{tmp_path / 'full.db'}")
    with engine.connect() as conn:
        conn.execute(text("CREATE TABLE t (x BLOB)"))
        conn.commit()
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
        conn.exec_driver_sql(f"PRAGMA max_page_count={pages}")
        with pytest.raises(DBAPIError) as full:
            conn.execute(text("INSERT INTO t VALUES (randomblob(100000))"))
    assert "full" in fault(full.value) and is_storage_fault(full.value)
    with engine.connect() as conn, pytest.raises(DBAPIError) as bug:
        conn.execute(text("INSERT INTO no_such_table VALUES (1)"))
    assert not is_storage_fault(bug.value)
    engine.dispose()


def test_a_backup_of_a_running_server_serves_everything(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'live.db'}"
    copy = tmp_path / "copy.db"
    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        ana, beto = register(c, "ana"), register(c, "beto")
        deck = c.get("/api/decks/furia_jaguar", headers=ana).json()
        saved = c.post("/api/decks", headers=ana, json={**{k: deck[k] for k in ("edition", "main", "souls",
                                                                                 "support")},
                                                        "name": "Mi jaguar"}).json()["id"]
        gid = c.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "open"}).json()["id"]
        c.post(f"/api/games/{gid}/join", headers=beto, json={"deck": "veneno_serpiente"})
        env = c.get(f"/api/games/{gid}", headers=ana).json()
        mover = ana if env["pending"]["player"] == "A" else beto
        moved = c.get(f"/api/games/{gid}", headers=mover).json()
        c.post(f"/api/games/{gid}/actions", headers=mover, json={"action": moved["legal_actions"][0]})
        before = c.get(f"/api/games/{gid}", headers=ana).json()
        r = CliRunner().invoke(main, ["db", "backup", str(copy), "--db", db_url])  # while it serves
        assert r.exit_code == 0 and "backed up" in r.output, r.output
        again = CliRunner().invoke(main, ["db", "backup", str(copy), "--db", db_url])
        assert again.exit_code == 2 and "never overwrites" in again.output
    with TestClient(create_app(f"sqlite:///{copy}", cheap_hashing=True)) as c:
        heads = {}
        for name in ("ana", "beto"):
            tok = c.post("/api/token", json={"username": name, "password": "contraseña-1"}).json()["token"]
            heads[name] = {"Authorization": f"Bearer {tok}"}
        assert c.get(f"/api/decks/{saved}", headers=heads["ana"]).json()["name"] == "Mi jaguar"
        assert c.get(f"/api/games/{gid}", headers=heads["ana"]).json() == before
        who = "ana" if before["pending"]["player"] == "A" else "beto"
        env = c.get(f"/api/games/{gid}", headers=heads[who]).json()
        r = c.post(f"/api/games/{gid}/actions", headers=heads[who], json={"action": env["legal_actions"][0],
                                                                         "seq": env["seq"]})
        assert r.status_code == 200, r.text  # and it goes on


def test_backup_says_what_it_cannot_do(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="pg_dump"):
        backup("postgresql+psycopg://u:p@127.0.0.1:5432/tablero", tmp_path / "x.sql")
    with pytest.raises(StorageError, match="no database file"):
        backup(f"sqlite:///{tmp_path / 'none.db'}", tmp_path / "y.db")
    r = CliRunner().invoke(main, ["db", "backup", str(tmp_path / "z.db"), "--db",
                                  "postgresql+psycopg://u:p@127.0.0.1:5432/tablero"])
    assert r.exit_code == 2 and "pg_dump" in r.output and "Traceback" not in r.output


def test_no_password_hash_reaches_the_servers_log(tmp_path: Path) -> None:
    """A bug while storing an account (a trigger stands in for it) is a 500 in the API's shape, and the
    traceback a real server logs names the statement, never its parameters (the new password's hash)."""
    import sqlite3

    import httpx

    from tablero.server.local import serve

    db = tmp_path / "log.db"
    proc, base = serve(db)  # the schema made
    proc.terminate()
    proc.wait(timeout=30)
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE gone (x)")
        conn.execute("CREATE TRIGGER refuse BEFORE INSERT ON accounts BEGIN INSERT INTO gone VALUES (1); END")
        conn.execute("DROP TABLE gone")  # the trigger now fails: a bug, not the storage's fault
    log = tmp_path / "server.log"
    with log.open("wb") as err:
        proc, base = serve(db, stderr=err)
        try:
            r = httpx.post(f"{base}/api/accounts", json={"username": "ana", "password": "contraseña-1"},
                           timeout=60)
            assert r.status_code == 500 and r.json() == {
                "error": "internal error: the server could not answer this request", "rule": None}
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    text_logged = log.read_text()
    assert "OperationalError" in text_logged and "INSERT INTO accounts" in text_logged  # the bug is told
    assert "$argon2" not in text_logged and "ana" not in text_logged.replace("an ", "")
