"""Issue 16, items 2 and 9: every number and name a request carries is bounded and checked, so a request
costs no more than a real one and a bad one is a 4xx ``{error, rule}``, never a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tablero.server.app import create_app

from .conftest import register


@pytest.mark.parametrize("section, count", [
    ("main", 10**7), ("main", 10**12), ("main", 2**63), ("main", 0), ("main", 51), ("main", -1),
    ("souls", 16), ("support", 16),
])
@pytest.mark.parametrize("route", ["/api/decks/check", "/api/decks"])
def test_a_card_count_is_one_to_its_sections_size(client: TestClient, route: str, section: str,
                                                  count: int) -> None:
    h = register(client)
    deck = {"name": "x", "main": {"cachorro_moteado": 3}, "souls": {"alma_de_ambar": 3},
            section: {"cachorro_moteado": count}}
    r = client.post(route, headers=h, json=deck)
    assert r.status_code == 422, r.text
    assert f"{section}.cachorro_moteado" in r.json()["error"]
    assert not [d for d in client.get("/api/decks", headers=h).json() if d["id"].startswith("u")]  # none saved


def test_a_section_names_no_more_cards_than_it_holds(client: TestClient) -> None:
    h = register(client)
    r = client.post("/api/decks/check", headers=h,
                    json={"name": "x", "main": {f"card_{i}": 1 for i in range(51)}, "souls": {}})
    assert r.status_code == 422 and "main" in r.json()["error"]


@pytest.mark.parametrize("edition", ["nope", "CHOQUE-2026", "choque-2026 ", ""])
def test_an_edition_is_spelt_as_the_rules_spell_it(client: TestClient, edition: str) -> None:
    h = register(client)
    r = client.post("/api/games", headers=h, json={"deck": "furia_jaguar", "opponent": "ai:random",
                                                   "edition": edition})
    if edition == "":  # no edition given: the deck's own
        assert r.status_code == 201, r.text
        return
    assert r.status_code == 422, r.text
    assert r.json()["rule"] == "CH-0.3" and repr(edition) in r.json()["error"]


@pytest.mark.parametrize("deck_id", ["u²", "u¹", "u٣", "u99999999999999999999", "u2147483648", "u-1", "u"])
def test_deck_ids_outside_the_databases_integers_are_not_found(client: TestClient, deck_id: str) -> None:
    h = register(client)
    r = client.get(f"/api/decks/{deck_id}", headers=h)
    assert r.status_code == 404 and deck_id in r.json()["error"]
    r = client.post("/api/games", headers=h, json={"deck": deck_id, "opponent": "ai:random"})
    assert r.status_code == 404 and deck_id in r.json()["error"]


def test_game_ids_beyond_the_column_are_refused(client: TestClient) -> None:
    h = register(client)
    assert client.get(f"/api/games/{2**31}", headers=h).status_code == 422
    assert client.get(f"/api/games/{2**31 - 1}", headers=h).status_code == 404


def test_a_server_error_still_answers_json(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def bug() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("tablero.server.routes.decks.game_plugin", bug)
    with TestClient(create_app(db_url, cheap_hashing=True), raise_server_exceptions=False) as c:
        r = c.get("/api/cards", headers=register(c))
    assert r.status_code == 500
    assert r.json() == {"error": "internal error: the server could not answer this request", "rule": None}
