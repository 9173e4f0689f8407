"""A server app on a fresh SQLite file per test (cheap password hashing: argon2's defaults cost ~200 ms)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablero.server.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tablero.db'}"


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
