"""Issue 16, items 2 and 9: every number and name a request carries is bounded and checked, so a request
costs no more than a real one and a bad one is a 4xx ``{error, rule}``, never a 500."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from tablero.core import plugin
from tablero.core.options import Option
from tablero.core.registry import plugins
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


def test_a_billion_slot_field_is_refused_at_once(client: TestClient) -> None:
    """Issue 37: this one request made the server answer nobody (every envelope listed every slot)."""
    h = register(client)
    start = time.perf_counter()
    r = client.post("/api/games", headers={**h, "Accept-Language": "es"},
                    json={"game": "deuses", "deck": "furia_da_mata", "opponent": "ai:random",
                          "options": {"deuses.field_size": 1000000000}})
    assert time.perf_counter() - start < 20.0  # far more than it takes; unbounded work took minutes
    assert r.status_code == 422, r.text
    assert r.json() == {"error": "opción del motor deuses.field_size: debe ser un número entero de 1 a 100, o "
                                 "unlimited; no 1000000000", "rule": None}
    assert client.get("/api/games", headers=h).json() == []  # nothing was made


OPTIONS = [(p.name, o) for p in plugins() for o in p.options()]


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=[o.name for _, o in OPTIONS])
def test_every_option_is_taken_at_its_bounds_and_refused_past_them(client: TestClient, game: str,
                                                                   option: Option) -> None:
    """Each engine option of each game at, and just past, its bounds: 201 and the option stored, or 422
    naming it, each within a small time (the game is made and its first envelope shown)."""
    h = register(client)
    deck = sorted(plugin(game).shipped_decks())[0]
    if option.type == "int":
        assert option.minimum is not None and option.maximum is not None
        cases = [(option.minimum, True), (option.maximum, True), (option.minimum - 1, False),
                 (option.maximum + 1, False), (2**63, False)]
    elif option.type == "text":
        cases = [(option.choices[-1], True), ("x" * 64, False), ("x" * 65, False)]
    else:
        cases = [(not option.default, True), ("true", False)]
    for value, ok in cases:
        start = time.perf_counter()
        r = client.post("/api/games", headers=h, json={"game": game, "deck": deck, "opponent": "ai:random",
                                                       "seed": 5, "options": {option.name: value}})
        if ok:
            assert r.status_code == 201, r.text
            env = client.get(f"/api/games/{r.json()['id']}?board=en", headers=h)
            assert env.status_code == 200 and env.json()["rules"]["options"] == {option.name: value}
        else:
            assert r.status_code == 422, r.text
            assert option.name in r.json()["error"] or "options" in r.json()["error"]
        assert time.perf_counter() - start < 20.0  # far more than it takes; unbounded work took minutes


def test_the_lobby_lists_a_page_of_games_at_a_time(client: TestClient) -> None:
    """Issue 37: a player's history grows without end, and the lobby listed all of it in every answer; it
    lists at most ``limit`` (1 to 100) games, newest first, and ``before`` pages back."""
    h = register(client)
    made = [client.post("/api/games", headers=h, json={"deck": "furia_jaguar", "opponent": "ai:random"}).json()["id"]
            for _ in range(5)]
    assert [g["id"] for g in client.get("/api/games", headers=h).json()] == made[::-1]
    page = client.get("/api/games?limit=2", headers=h).json()
    assert [g["id"] for g in page] == made[:2:-1]
    nxt = client.get(f"/api/games?limit=2&before={page[-1]['id']}", headers=h).json()
    assert [g["id"] for g in nxt] == made[2:0:-1]
    for bad in ("limit=0", "limit=101", "before=0", f"before={2**31}"):
        r = client.get(f"/api/games?{bad}", headers=h)
        assert r.status_code == 422 and bad.split("=")[0] in r.json()["error"], r.text


@pytest.mark.parametrize("depth", [1000, 30000])
def test_a_body_nested_too_deeply_is_refused_in_the_readers_language(client: TestClient, depth: int) -> None:
    """Issue 37: nesting is bounded as sizes are; a body nested deeper than JSON's reader takes is a 400 in
    the reader's words (it was FastAPI's English alone), never a crash."""
    h = register(client)
    gid = client.post("/api/games", headers=h, json={"deck": "furia_jaguar", "opponent": "ai:random"}).json()["id"]
    body = '{"action": {"player": "A", "do": "play", "card": ' + "[" * depth + "]" * depth + "}}"
    r = client.post(f"/api/games/{gid}/actions", content=body,
                    headers={**h, "Content-Type": "application/json", "Accept-Language": "pt"})
    assert r.status_code == 400
    assert r.json() == {"error": "corpo: não é JSON válido, ou está aninhado fundo demais", "rule": None}
