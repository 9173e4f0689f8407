"""Issue 19: the browser draws the board the game projects (``core/board.py``); the server sends it in an
envelope when asked (``?board=LANG``), in that language, as the caller's seat sees it. Every label says where
its action starts and goes on that board, and the envelope names the action that concedes."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tablero.core.board import Board

from .conftest import my_turn, register


def _game(client: TestClient) -> tuple[int, dict[str, str]]:
    h = register(client)
    r = client.post("/api/games", json={"deck": "furia_jaguar", "opponent": "ai:random", "seed": "7"}, headers=h)
    assert r.status_code == 201, r.text
    return r.json()["id"], h


def _refs(board: Board) -> set[str]:
    refs = {f.ref for f in board.faces() if f.ref}
    for side in board.sides:
        refs |= {n.ref for n in side.counters if n.ref}
        refs |= {sl.ref for r in side.regions for sl in r.slots if sl.ref}
    return refs


def test_the_board_comes_only_when_asked_in_the_language_asked(client: TestClient) -> None:
    gid, h = _game(client)
    env = my_turn(client, gid, h)
    assert "board" not in env  # bots do without it
    es = client.get(f"/api/games/{gid}?board=es", headers=h).json()
    en = client.get(f"/api/games/{gid}?board=en", headers=h).json()
    b_es, b_en = Board.model_validate(es["board"]), Board.model_validate(en["board"])
    assert b_es.viewer == "A" and b_es.lang == "es" and b_en.lang == "en"
    assert b_es.side("A").you and not b_es.side("B").you
    assert {r.label for r in b_es.side("A").regions} != {r.label for r in b_en.side("A").regions}
    hand = next(r for r in b_es.side("B").regions if r.id == "hand")
    assert hand.hidden and not hand.faces  # the opponent's hand: its count only (CH-11.2)
    mine = next(r for r in b_es.side("A").regions if r.id == "hand")
    assert [f.card for f in mine.faces] == es["view"]["A"]["hand"]
    bad = client.get(f"/api/games/{gid}?board=xx", headers=h)
    assert bad.status_code == 422 and "unknown language 'xx'" in bad.json()["error"]


def test_every_label_names_places_of_the_board_and_the_envelope_how_to_concede(client: TestClient) -> None:
    gid, h = _game(client)
    env = my_turn(client, gid, h)
    env = client.get(f"/api/games/{gid}?board=en", headers=h).json()
    board = Board.model_validate(env["board"])
    refs = _refs(board)
    placed = [lab for lab in env["labels"] if "source" in lab]
    assert placed, env["labels"]
    for lab in env["labels"]:
        for ref in [lab.get("source"), *lab.get("targets", [])]:
            assert ref is None or ref in refs, (ref, sorted(refs))
    assert env["concede"] == {"player": "A", "do": "surrender"}


def test_an_action_answered_with_a_board_and_a_spectator_board_hides_both_hands(client: TestClient) -> None:
    gid, h = _game(client)
    env = my_turn(client, gid, h)
    action: dict[str, Any] = env["legal_actions"][0]
    after = client.post(f"/api/games/{gid}/actions?board=es", json={"action": action, "seq": env["seq"]},
                        headers=h).json()
    assert Board.model_validate(after["board"]).viewer == "A"
    other = register(client, "beto")
    seen = Board.model_validate(client.get(f"/api/games/{gid}?board=es", headers=other).json()["board"])
    assert seen.viewer is None
    assert all(r.hidden for s in seen.sides for r in s.regions if r.id == "hand")
    assert client.get(f"/api/games/{gid}", headers=other).json()["concede"] is None


def test_a_socket_asked_for_a_board_pushes_it(client: TestClient) -> None:
    gid, h = _game(client)
    my_turn(client, gid, h)
    token = h["Authorization"].removeprefix("Bearer ")
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}&board=es") as ws:
        assert Board.model_validate(ws.receive_json()["board"]).lang == "es"
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        assert "board" not in ws.receive_json()


def test_the_board_puts_the_pending_decision_as_a_question_to_its_player_only(client: TestClient) -> None:
    gid, h = _game(client)
    env = my_turn(client, gid, h)
    kind = env["pending"]["kind"]
    es = Board.model_validate(client.get(f"/api/games/{gid}?board=es", headers=h).json()["board"])
    en = Board.model_validate(client.get(f"/api/games/{gid}?board=en", headers=h).json()["board"])
    assert es.prompt is not None and es.prompt.player == "A" and es.prompt.kind == kind
    assert es.prompt.text and en.prompt is not None and en.prompt.text and es.prompt.text != en.prompt.text
    other = register(client, "carla")
    seen = Board.model_validate(client.get(f"/api/games/{gid}?board=es", headers=other).json()["board"])
    # a spectator sees whose decision and what kind (Presenter.waiting), never the question
    assert seen.prompt is not None and seen.prompt.waiting and seen.prompt.text != es.prompt.text
    assert seen.prompt.text == "A elige qué hacer en su fase de acción."
