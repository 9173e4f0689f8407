"""Issue 19: the server plays any registered game. ``GET /api/catalog`` lists the games; games and saved
decks carry their game; a game is created with engine options, which its record stores; the lobby and the
deck list filter by game; a deck of one game does not start another's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablero.core import registry
from tablero.core.registry import game_names
from tablero.games.choque.plugin import ChoquePlugin
from tablero.server.models import DeckRecord, GameRow

from .conftest import register

DECK = {"name": "Mía", "main": {"cachorro_moteado": 3}, "souls": {"alma_de_ambar": 3}}


class OtherGame(ChoquePlugin):
    """A second game for the test: Choque's rules under another name (the table cannot tell them apart)."""

    name = "otro"
    titles = {"en": "Another game", "es": "Otro juego"}


@pytest.fixture
def two_games() -> Iterator[None]:
    registry._PLUGINS["otro"] = OtherGame()
    try:
        yield
    finally:
        del registry._PLUGINS["otro"]


def test_the_catalog_lists_every_game_with_its_editions_sections_options_and_cards(client: TestClient) -> None:
    games = client.get("/api/catalog", headers={"Accept-Language": "es"}).json()
    choque = next(g for g in games if g["name"] == "choque")
    assert choque["title"] == "Choque de Héroes" and choque["rule_prefix"] == "CH"
    assert choque["editions"] == ["choque-2026", "choque-legacy"] and choque["default_edition"] == "choque-2026"
    assert [(s["name"], s["max_cards"], s["required"]) for s in choque["sections"]] == [
        ("main", 50, True), ("souls", 15, True), ("support", 15, False)]
    assert {o["name"]: o["default"] for o in choque["options"]} == {
        "choque.ofrenda_optional": False, "choque.idle_abilities": False, "choque.activation_window": False}
    h = register(client)
    assert choque["cards"] == len(client.get("/api/cards?game=choque", headers=h).json()) > 50
    assert choque["rules_version"] == client.get("/api/catalog").json()[0]["rules_version"] >= 2
    assert client.get("/api/cards?game=poker", headers=h).status_code == 422


def test_a_game_keeps_its_engine_options_and_refuses_unknown_ones(client: TestClient) -> None:
    h = register(client)
    body: dict[str, Any] = {"deck": "furia_jaguar", "opponent": "ai:random",
                            "options": {"choque.ofrenda_optional": True}}
    r = client.post("/api/games", json=body, headers=h)
    assert r.status_code == 201, r.text
    env = client.get(f"/api/games/{r.json()['id']}", headers=h).json()
    assert env["game"] == "choque" and env["rules"]["options"] == {"choque.ofrenda_optional": True}
    with client.app.state.server.make_session() as s:  # type: ignore[attr-defined]
        row = s.get(GameRow, r.json()["id"])
        assert row is not None and row.game == "choque" and row.options == {"choque.ofrenda_optional": True}
    lobby = client.get("/api/games", headers=h).json()
    assert lobby[0]["game"] == "choque"
    for options, words in (({"choque.no_such": True}, "choque.no_such"), ({"choque.ofrenda_optional": 3}, "true")):
        bad = client.post("/api/games", json={**body, "options": options}, headers=h)
        assert bad.status_code == 422 and words in bad.json()["error"]
    bad = client.post("/api/games", json={**body, "game": "poker"}, headers=h)
    assert bad.status_code == 422 and "unknown game 'poker'" in bad.json()["error"]


def test_saved_decks_carry_their_game_and_the_lists_filter_by_game(client: TestClient, two_games: None) -> None:
    h = register(client)
    saved = client.post("/api/decks", json=DECK, headers=h).json()
    assert saved["game"] == "choque" and saved["edition"] == "choque-2026" and not saved["legal"]
    other = client.post("/api/decks", json={**DECK, "game": "otro"}, headers=h).json()
    assert other["game"] == "otro"
    with client.app.state.server.make_session() as s:  # type: ignore[attr-defined]
        assert {r.game for r in s.query(DeckRecord)} == {"choque", "otro"}
    mine = {d["id"]: d["game"] for d in client.get("/api/decks", headers=h).json() if d["owner"]}
    assert mine == {saved["id"]: "choque", other["id"]: "otro"}
    only = [d for d in client.get("/api/decks?game=otro", headers=h).json() if d["owner"]]
    assert [d["id"] for d in only] == [other["id"]]
    assert client.get(f"/api/decks/{other['id']}", headers=h).json()["game"] == "otro"
    assert {g["name"] for g in client.get("/api/catalog").json()} == {*game_names(), "otro"}


def test_a_deck_of_one_game_does_not_start_another(client: TestClient, two_games: None) -> None:
    h = register(client)
    deck = client.get("/api/decks/furia_jaguar", headers=h).json()
    doc = {k: deck[k] for k in ("name", "main", "souls", "support")}
    mine = client.post("/api/decks", json={**doc, "game": "otro"}, headers=h).json()
    assert mine["legal"], mine["violations"]
    r = client.post("/api/games", json={"deck": mine["id"], "opponent": "ai:random"}, headers=h)
    assert r.status_code == 422 and "not of choque" in r.json()["error"]
    r = client.post("/api/games", json={"game": "otro", "deck": mine["id"], "opponent": "ai:random"}, headers=h)
    assert r.status_code == 201, r.text
    assert client.get(f"/api/games/{r.json()['id']}", headers=h).json()["game"] == "otro"
    assert [g["id"] for g in client.get("/api/games?game=otro", headers=h).json()] == [r.json()["id"]]
    assert client.get("/api/games?game=choque", headers=h).json() == []
    client.post(f"/api/games/{r.json()['id']}/actions", json={"action": {"player": "A", "do": "surrender"}},
                headers=h)
    assert client.get(f"/api/games/{r.json()['id']}/replay", headers=h).json()["game"] == "otro"


def test_a_deck_names_only_its_games_sections(client: TestClient) -> None:
    h = register(client)
    r = client.post("/api/decks", json={**DECK, "sideboard": {"cachorro_moteado": 1}}, headers=h)
    assert r.status_code == 422 and "sideboard" in r.json()["error"] and "main, souls, support" in r.json()["error"]
    r = client.post("/api/decks", json={"name": "x", "main": {"cachorro_moteado": 3}}, headers=h)
    assert r.status_code == 422 and "souls: missing" in r.json()["error"]


def test_a_games_widget_modules_are_listed_and_served_and_nothing_else(tmp_path: Any) -> None:
    """GamePlugin.widgets: a game's own ES modules, for what the board schema cannot say, served with the
    table at /games/<name>/<file> and named in its catalogue entry; no other file of the game is reachable."""
    from tablero.server.app import create_app

    web = tmp_path / "web"
    web.mkdir()
    (web / "dial.js").write_text("export function draw(root) { root.dataset.dial = 'on'; }\n", encoding="utf-8")

    class WithWidget(OtherGame):
        name = "conwidget"
        widgets = ("dial.js",)

    WithWidget.web = web
    registry._PLUGINS["conwidget"] = WithWidget()
    try:
        with TestClient(create_app(f"sqlite:///{tmp_path / 'w.db'}", cheap_hashing=True)) as c:
            entry = next(g for g in c.get("/api/catalog").json() if g["name"] == "conwidget")
            assert entry["widgets"] == ["/games/conwidget/dial.js"]
            r = c.get("/games/conwidget/dial.js")
            assert r.status_code == 200 and "export function draw" in r.text
            assert "javascript" in r.headers["content-type"]
            assert c.get("/games/conwidget/../../server/app.py").status_code == 404
            assert c.get("/games/conwidget/nada.js").status_code == 404
            choque = next(g for g in c.get("/api/catalog").json() if g["name"] == "choque")
            assert choque["widgets"] == [] and c.get("/games/choque/plugin.py").status_code == 404
    finally:
        del registry._PLUGINS["conwidget"]
