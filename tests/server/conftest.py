"""A server app on a fresh database per test: a SQLite file, and — when ``TABLERO_TEST_PG_URL`` names a
PostgreSQL server, as ``.ci/run`` does — a new PostgreSQL database too, so every server test runs on both.
Password hashing is cheap here (argon2's defaults cost ~200 ms)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

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
