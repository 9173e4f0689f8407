"""The server answers in the client's language (issue 17, item 4): ``Accept-Language`` picks the catalogue
(the browser table sends its own language); the rule id a refusal names is the same in every language, and
a client that asks for no language gets English, the API's own."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import my_turn, register


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


def test_the_browser_gets_its_words_from_the_tables_catalogue(client: TestClient) -> None:
    """The browser holds only English; ``GET /api/words/es`` is the table's Spanish catalogue, and the
    languages there are (adding one is adding its ``.po``)."""
    es = client.get("/api/words/es")
    assert es.status_code == 200 and es.json()["languages"] == ["en", "es", "pt"]
    words = es.json()["words"]
    assert words["Log in"] == "Entrar" and words["replay\x04Back"] == "Anterior" and words["Back"] == "Volver"
    assert client.get("/api/words/en").json()["words"] == {}
    r = client.get("/api/words/xx", headers={"Accept-Language": "es"})
    assert r.status_code == 404 and r.json()["error"] == "no hay palabras para el idioma 'xx'; hay: en, es, pt"


def test_a_refused_action_comes_in_the_language_asked_for(client: TestClient) -> None:
    """An action the rules refuse (here a call into a zone that does not exist, and the end of a phase that
    is not the one being played) answers 422 in the client's language with its rule id."""
    ana = register(client, "ana")
    gid = client.post("/api/games", headers=ana, json={"deck": "furia_jaguar", "opponent": "ai:random",
                                                       "seed": 5}).json()["id"]
    env = my_turn(client, gid, ana)
    bad = {"action": {"player": env["pending"]["player"], "do": "attack", "attacker": "C9", "target": "hearts"}}
    es = client.post(f"/api/games/{gid}/actions", headers={**ana, "Accept-Language": "es"}, json=bad)
    en = client.post(f"/api/games/{gid}/actions", headers=ana, json=bad)
    assert es.status_code == en.status_code == 422 and es.json()["rule"] == en.json()["rule"]
    assert en.json()["error"] == "action field 'attacker': unknown zone 'C9'"
    assert es.json()["error"] != en.json()["error"] and "C9" in es.json()["error"], es.json()
