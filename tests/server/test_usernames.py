"""Issue 16, item 5 (look-alike usernames) and the login half of item 4 (a login checks the password, it
does not enforce the registration policy)."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tablero.server.app import create_app
from tablero.server.usernames import collisions, normalize

from .conftest import register


@pytest.mark.parametrize("name", ["bob\n", "bob\r", "bo\u200bb", "bob\u200d", "b\tob", "bo b", "\u202ebob"])
def test_control_zero_width_and_space_characters_are_refused(client: TestClient, name: str) -> None:
    r = client.post("/api/accounts", json={"username": name, "password": "contraseña-1"})
    assert r.status_code == 422, r.text
    assert "control, zero-width and space" in r.json()["error"]


@pytest.mark.parametrize("look_alike", ["BOB", "Bob", "ｂｏｂ", "ＢＯＢ"])
def test_a_name_is_one_name_in_any_case_and_width(client: TestClient, look_alike: str) -> None:
    register(client, "bob")
    r = client.post("/api/accounts", json={"username": look_alike, "password": "contraseña-2"})
    assert r.status_code == 409, r.text
    # and the look-alike logs in to bob's account, the only one there is
    r = client.post("/api/token", json={"username": look_alike, "password": "contraseña-1"})
    assert r.status_code == 200, r.text


def test_a_full_width_name_is_stored_normalized(client: TestClient) -> None:
    r = client.post("/api/accounts", json={"username": "ｃａｒｌｏｓ", "password": "contraseña-1"})
    assert r.status_code == 201 and r.json()["username"] == "carlos"


def test_a_login_with_a_short_password_is_a_wrong_password_not_a_policy_error(client: TestClient) -> None:
    register(client, "ana")
    r = client.post("/api/token", json={"username": "ana", "password": "corta"})
    assert r.status_code == 401 and r.json()["error"] == "wrong username or password"
    r = client.post("/api/token", json={"username": "an", "password": "x"})
    assert r.status_code == 401


def test_accounts_from_before_keep_working_and_collisions_are_reported(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Two accounts stored before normalization that are one name once normalized: both keep logging in
    with their exact names, the server says so at start, and nobody can register the name again."""
    with TestClient(create_app(db_url, cheap_hashing=True)) as c:
        register(c, "bob")
        register(c, "eve")
    engine = create_engine(db_url)
    with engine.begin() as conn:  # as an older server stored them: the name as sent, lower-cased
        hash_of_bob = conn.execute(text("SELECT password_hash FROM accounts WHERE username = 'bob'")).scalar()
        conn.execute(text("INSERT INTO accounts (username, password_hash, created_at) "
                          "SELECT :n, :h, created_at FROM accounts WHERE username = 'bob'"),
                     {"n": "bob\n", "h": hash_of_bob})
        conn.execute(text("UPDATE accounts SET username = :n WHERE username = 'eve'"), {"n": "ev\u200be"})
    engine.dispose()
    with caplog.at_level(logging.WARNING, logger="tablero.server"):
        app = create_app(db_url, cheap_hashing=True)
    assert "'bob', 'bob\\n'" in caplog.text and "one name once normalized" in caplog.text
    with TestClient(app) as c:
        for name in ("bob", "bob\n", "ev\u200be"):
            r = c.post("/api/token", json={"username": name, "password": "contraseña-1"})
            assert r.status_code == 200, (name, r.text)
        r = c.post("/api/accounts", json={"username": "EVE", "password": "contraseña-1"})
        assert r.status_code == 409, r.text


def test_normal_form() -> None:
    assert normalize("ＢｏＢ") == "bob" and normalize("bo\u200bb\n") == "bob"
    assert collisions(["bob", "bob\n", "ana", "ANA", "eve"]) == [["ANA", "ana"], ["bob", "bob\n"]]
