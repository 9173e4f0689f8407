"""A server app on a fresh database per test: a SQLite file, and — when ``TABLERO_TEST_PG_URL`` names a
PostgreSQL server, as ``.ci/run`` does — a new PostgreSQL database too, so every server test runs on both.
Password hashing is cheap here (argon2's defaults cost ~200 ms)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tablero.server.app import create_app

PG_URL = os.environ.get("TABLERO_TEST_PG_URL", "")
BACKENDS = ["sqlite", "postgresql"] if PG_URL else ["sqlite"]


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tablero.db'}"
        return
    name = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        yield c


def register(client: TestClient, username: str = "ana", password: str = "contraseña-1") -> dict[str, str]:
    """Create an account and log in: the Authorization header for its requests."""
    assert client.post("/api/accounts", json={"username": username, "password": password}).status_code == 201
    r = client.post("/api/token", json={"username": username, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def my_turn(client: Any, game_id: int, headers: dict[str, str], limit: int = 2000) -> dict[str, Any]:
    """The caller's envelope once the decision is theirs or the game is over: an AI seat replies in the
    background, so this long-polls (``after``/``wait``) for each of its actions. ``client`` is a TestClient
    or an ``httpx.Client`` with a base URL."""
    env: dict[str, Any] = client.get(f"/api/games/{game_id}", headers=headers).json()
    for _ in range(limit):
        if env["winner"] is not None or env["legal_actions"]:
            return env
        later: dict[str, Any] = client.get(f"/api/games/{game_id}", headers=headers,
                                           params={"after": env["seq"], "wait": 30}).json()
        assert later["seq"] > env["seq"] or later["winner"] is not None, "the AI seat did not move"
        env = later
    raise AssertionError("the decision never came back")
