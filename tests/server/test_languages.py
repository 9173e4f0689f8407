"""The server answers in the client's language (issue 17, item 4): ``Accept-Language`` picks the catalogue
(the browser table sends its own language); the rule id a refusal names is the same in every language, and
a client that asks for no language gets English, the API's own."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import register


def test_a_refusal_comes_in_the_language_asked_for(client: TestClient) -> None:
    register(client, "ana")
    bad = {"username": "ana", "password": "wrong-pass"}
    es = client.post("/api/token", json=bad, headers={"Accept-Language": "es-MX,es;q=0.9"})
    en = client.post("/api/token", json=bad, headers={"Accept-Language": "en-GB"})
    plain = client.post("/api/token", json=bad)
    assert es.json()["error"] == "usuario o contraseña incorrectos" and es.headers["content-language"] == "es"
    assert en.json()["error"] == "wrong username or password" == plain.json()["error"]


def test_the_rule_id_is_the_same_in_every_language(client: TestClient) -> None:
    ana = register(client, "ana")
    body = {"deck": "furia_jaguar", "opponent": "open", "seed": 5}
    es = client.post("/api/games", json=body, headers={**ana, "Accept-Language": "es"}).json()
    en = client.post("/api/games", json=body, headers={**ana, "Accept-Language": "en"}).json()
    assert es["rule"] == en["rule"] == "CH-11.2"
    assert es["error"].startswith("solo se puede elegir la semilla") and en["error"].startswith("a seed can")


def test_fields_are_filled_in_the_translation(client: TestClient) -> None:
    ana = register(client, "ana")
    r = client.get("/api/games/424242", headers={**ana, "Accept-Language": "es"})
    assert r.status_code == 404 and r.json()["error"] == "no existe la partida 424242"


def test_deck_violations_come_in_the_language_asked_for(client: TestClient) -> None:
    ana = register(client, "ana")
    deck = client.get("/api/decks/furia_jaguar", headers=ana).json()
    body = {k: deck[k] for k in ("name", "edition", "main", "souls", "support")}
    body["main"] = {**body["main"], "cachorro_moteado": 9}
    es = client.post("/api/decks/check", json=body, headers={**ana, "Accept-Language": "es"}).json()
    en = client.post("/api/decks/check", json=body, headers=ana).json()
    assert [v["rule"] for v in es["violations"]] == [v["rule"] for v in en["violations"]]
    assert any(v["message"].startswith("la baraja principal tiene 46 cartas") for v in es["violations"])
    assert any(v["message"].startswith("the main deck has 46 cards") for v in en["violations"])
