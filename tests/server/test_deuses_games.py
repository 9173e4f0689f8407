"""Deuses over the bot API (issue 20): a game of the second game created through the HTTP API and played to
the end by bots through the documented endpoints (docs/server.md, "A bot's loop"), every listed action
accepted as a client sends it; refusals that name their DE rule in the client's language and change
nothing; envelopes that never carry the opponent's hand or additional deck nor any deck's order (DE-4)."""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from leaks import big_seed, seed_leaks
from records import positions as replayed
from tablero.core import Rng
from tablero.core.game import Game
from tablero.server.app import create_app
from tablero.server.envelopes import board_json

from .conftest import my_turn, register

GAME = "deuses"


@pytest.fixture
def client(db_url: str) -> Any:
    seeds = map(big_seed, itertools.count(2000)).__next__  # the server's draws: the same games every run
    with TestClient(create_app(db_url, cheap_hashing=True, ai_options={"mcts": {"iterations": 4}},
                               seeds=seeds)) as c:
        yield c


def token(headers: dict[str, str]) -> str:
    return headers["Authorization"].removeprefix("Bearer ")


def assert_hidden(env: dict[str, Any], seat: str | None) -> None:
    """DE-4.1 to DE-4.3: no main deck's order anywhere; the opponent's hand and additional deck are not in
    the envelope, only their sizes; on the board (when asked) they are hidden regions without faces."""
    view = env["view"]
    for side in ("A", "B"):
        assert "main_deck" not in view[side] and isinstance(view[side]["main_deck_count"], int)
        if side != seat:
            assert "hand" not in view[side] and "additional_deck" not in view[side]
            assert isinstance(view[side]["hand_count"], int)
    for side in env.get("board", {}).get("sides", []):
        for region in side["regions"]:
            if region["id"] == "main_deck" or (side["seat"] != seat and region["id"] in ("hand", "additional_deck")):
                assert region.get("hidden") and not region.get("faces"), region


def positions(client: TestClient, gid: int, headers: dict[str, str]) -> list[Game]:
    """The finished game after each of its actions, rebuilt from its record (decks, seed, actions)."""
    replay = client.get(f"/api/games/{gid}/replay", headers=headers).json()
    out = replayed(replay)
    assert out[-1].winner == replay["result"]["winner"]
    return out


def check_envelopes(envs: list[dict[str, Any]], seat: str | None, games: list[Game]) -> None:
    """Each envelope against the game it was sent from: the same view, board and events had every card hidden
    from the seat been otherwise (the opponent's hand and the main decks redrawn, ``Game.resample``); its
    legal actions are the game's, each worded in every language and each accepted as sent (JSON)."""
    for env in envs:
        assert env["game"] == GAME
        assert_hidden(env, seat)
        real = games[env["seq"]]
        # the events are the last change's entries of the log as the seat may read it: a draw of the
        # opponent's says how many cards, not which (DE-4.2), unless the cards drawn were shown
        told = [{k: v for k, v in ev.items() if k != "text"} for ev in env["events"]]
        log = real.log_for(seat)
        assert told == log[len(log) - len(told):]
        for ev in env["events"]:
            assert ev["text"]["pt"] and ev["text"]["en"] and ev["text"]["es"], ev
            if ev["event"] == "draw" and ev["player"] != seat:
                assert ("cards" not in ev or ev.get("shown")) and "hidden" not in ev, ev
        for k in range(2):
            copy = real.resample(seat or "A", Rng(7919 * env["seq"] + k))
            view = copy.view(seat) if seat else copy.public_view()
            assert env["view"] == view, f"the envelope at seq {env['seq']} depends on hidden cards"
            if "board" in env:
                assert env["board"] == board_json(copy, seat, view, env["board"]["lang"])
            if env["legal_actions"]:
                assert sorted(map(json.dumps, env["legal_actions"])) == sorted(map(json.dumps, copy.legal_actions()))
        assert len(env["labels"]) == len(env["legal_actions"])
        for action, label in zip(env["legal_actions"], env["labels"], strict=True):
            assert label["pt"] and label["en"] and label["es"], (action, label)
            trial = real.clone()
            trial.apply(json.loads(json.dumps(action)))  # every listed action is taken as a client sends it
        if env["winner"] is None:
            assert (env["pending"]["player"] == seat) == bool(env["legal_actions"])


def test_a_bot_plays_deuses_against_the_computer_to_the_end_on_the_websocket(client: TestClient) -> None:
    """The bot's loop of docs/server.md: log in, create the game, open the socket (with the board in
    Portuguese), post one of the legal actions of each envelope that is its decision, with its seq, until
    the winner is set. Every post is accepted; no envelope carries the seed before the end."""
    ana = register(client, "ana")
    r = client.post("/api/games", headers=ana, json={"game": GAME, "deck": "furia_da_mata", "opponent": "ai:random",
                                                     "opponent_deck": "olhos_da_noite", "seed": big_seed(1)})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    rng = random.Random(1)
    envs: list[dict[str, Any]] = []
    texts: list[str] = []
    posted = 0
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token(ana)}&board=pt") as ws:
        for _ in range(3000):
            texts.append(ws.receive_text())
            env = json.loads(texts[-1])
            envs.append(env)
            if env["winner"] is not None:
                break
            if env["legal_actions"]:
                action = rng.choice(env["legal_actions"])
                r = client.post(f"/api/games/{gid}/actions", headers=ana, json={"action": action, "seq": env["seq"]})
                assert r.status_code == 200, (action, r.text)
                posted += 1
        else:
            raise AssertionError("the game did not end")
    final = envs[-1]
    assert final["players"] == {"A": "ana", "B": "ai:random"} and final["concede"] is None
    assert final["board"]["lang"] == "pt" and final["board"]["winner"] == final["winner"]
    assert any("partida termina" in e["text"]["pt"] for e in final["events"])
    games = positions(client, gid, ana)
    assert final["seq"] == len(games) - 1 and posted > 10
    assert [e["seq"] for e in envs] == sorted({e["seq"] for e in envs}), "one push per change"
    check_envelopes(envs, "A", games)
    assert not seed_leaks("\n".join(texts[:-1]), big_seed(1))


def test_a_long_polling_bot_plays_deuses_against_each_computer_player(client: TestClient) -> None:
    """Without a socket: ``GET ?after=seq`` until the decision is the bot's, against ai:greedy and ai:mcts;
    the shipped deck the computer plays is one of Deuses' when none is named."""
    ana = register(client, "ana")
    for n, ai in enumerate(("ai:greedy", "ai:mcts")):
        gid = client.post("/api/games", headers=ana, json={"game": GAME, "deck": "muralha_do_sertao",
                                                           "opponent": ai}).json()["id"]
        rng = random.Random(n)
        envs = []
        env = my_turn(client, gid, ana)
        while env["winner"] is None:
            envs.append(env)
            r = client.post(f"/api/games/{gid}/actions", headers=ana,
                            json={"action": rng.choice(env["legal_actions"]), "seq": env["seq"]})
            assert r.status_code == 200, r.text
            env = my_turn(client, gid, ana)
        envs.append(env)
        games = positions(client, gid, ana)
        assert len(envs) > 5 and len(games) > len(envs)  # the computer's moves too
        check_envelopes(envs, "A", games)
        replay = client.get(f"/api/games/{gid}/replay", headers=ana).json()
        assert replay["decks"][1]["name"] in {"Chamado dos Encantados", "Fúria da Mata", "Muralha do Sertão",
                                              "Olhos da Noite"}
        summary = next(g for g in client.get("/api/games?game=deuses", headers=ana).json() if g["id"] == gid)
        assert summary["status"] == "over" and summary["winner"] == env["winner"] and summary["game"] == GAME


def test_two_bots_play_a_deuses_challenge_and_a_spectator_sees_neither_hand(client: TestClient) -> None:
    """A challenge between accounts: its socket names its game before anyone accepts it; then each seat's
    envelopes hide the other's hand, and a third account sees the public view."""
    ana, beto, carla = register(client, "ana"), register(client, "beto"), register(client, "carla")
    gid = client.post("/api/games", headers=ana, json={"game": GAME, "deck": "chamado_dos_encantados",
                                                       "opponent": "open"}).json()["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token(ana)}") as ws:
        waiting = ws.receive_json()
        assert waiting["view"] is None and waiting["game"] == GAME and waiting["rules"]["version"] >= 1
        assert client.post(f"/api/games/{gid}/join", headers=beto, json={"deck": "furia_da_mata"}).status_code == 200
        started = ws.receive_json()
        assert started["seq"] == 0 and started["view"]["viewer"] == "A"
    seats = {"A": ana, "B": beto}
    got: dict[str | None, list[dict[str, Any]]] = {"A": [], "B": [], None: []}
    rng = random.Random(3)
    for _ in range(3000):
        for seat, h in [*seats.items(), (None, carla)]:
            got[seat].append(client.get(f"/api/games/{gid}", headers=h, params={"board": "pt"}).json())
        env = got["A"][-1]
        if env["winner"] is not None:
            break
        who = env["pending"]["player"]
        mine = got[who][-1]
        r = client.post(f"/api/games/{gid}/actions", headers=seats[who],
                        json={"action": rng.choice(mine["legal_actions"]), "seq": mine["seq"]})
        assert r.status_code == 200, r.text
    else:
        raise AssertionError("the game did not end")
    games = positions(client, gid, ana)
    for seat, envs in got.items():
        check_envelopes(envs, seat, games)
    assert got["B"][-1]["winner"] == got["A"][-1]["winner"]


def test_a_refused_deuses_action_names_its_rule_in_the_clients_language_and_changes_nothing(
        client: TestClient) -> None:
    """DE-9.1 (an attack outside one's attack step) and DE-8.5 (a god put down from the hand): 422 with the
    rule id, the message in Portuguese, Spanish or English as asked; the game is where it was."""
    ana = register(client, "ana")
    gid = client.post("/api/games", headers=ana, json={"game": GAME, "deck": "furia_da_mata", "opponent": "ai:random",
                                                       "seed": 7}).json()["id"]
    env = my_turn(client, gid, ana)
    assert env["pending"]["kind"] == "put_down"
    before = client.get(f"/api/games/{gid}", headers=ana, params={"board": "pt"}).content
    attack = {"player": "A", "do": "attack", "attacker": "F1", "target": "lp"}
    god = {"player": "A", "do": "put_down", "card": env["view"]["A"]["additional_deck"][0]}
    said: dict[tuple[str, str], Any] = {}
    for lang in ("pt", "es", "en"):
        for name, action in (("attack", attack), ("god", god)):
            r = client.post(f"/api/games/{gid}/actions", headers={**ana, "Accept-Language": lang},
                            json={"action": action, "seq": env["seq"]})
            assert r.status_code == 422 and r.headers["content-language"] == lang, r.text
            said[lang, name] = r.json()
    assert said["pt", "attack"] == {"error": "os ataques só são declarados na sua própria etapa de ataque",
                                    "rule": "DE-9.1"}
    assert said["en", "attack"] == {"error": "attacks are declared only in one's own attack step", "rule": "DE-9.1"}
    assert said["pt", "god"]["rule"] == said["es", "god"]["rule"] == said["en", "god"]["rule"] == "DE-8.5"
    assert said["en", "god"]["error"] == "a god enters the field only through an effect"
    assert len({said[lang, "god"]["error"] for lang in ("pt", "es", "en")}) == 3  # each in its own words
    assert client.get(f"/api/games/{gid}", headers=ana, params={"board": "pt"}).content == before


def test_an_illegal_deuses_deck_is_refused_with_its_rule_in_the_clients_language(client: TestClient) -> None:
    """A saved deck of 45 cards (DE-3.1) is kept, but a game with it is refused with the rule, the whole
    message in Portuguese: the table's words around the game's."""
    ana = register(client, "ana")
    deck = client.get("/api/decks/furia_da_mata", headers=ana).json()
    body = {"name": "Mata cheia", "game": GAME, "main": {**deck["main"], "sagui_ligeiro": 9},
            "additional": deck["additional"]}
    saved = client.post("/api/decks", headers={**ana, "Accept-Language": "pt"}, json=body).json()
    assert not saved["legal"] and saved["violations"][0] == {"rule": "DE-3.1", "card": None,
                                                             "message": "um baralho tem 40 cartas; este, 45"}
    r = client.post("/api/games", headers={**ana, "Accept-Language": "pt"},
                    json={"game": GAME, "deck": saved["id"], "opponent": "ai:random"})
    assert r.status_code == 422 and r.json()["rule"] == "DE-3.1"
    assert re.fullmatch(r"o baralho '\w+' não é válido em deuses-basic: um baralho tem 40 cartas; este, 45 "
                        r"\(e mais 1\)", r.json()["error"]), r.json()


def test_a_deuses_player_concedes_or_an_absent_one_loses_by_claim(db_url: str) -> None:
    """The envelope's ``concede`` is Deuses' own concession, taken at any moment; a player who leaves their
    decision unanswered past the claim time loses it by the opponent's claim, stored as that concession."""
    with TestClient(create_app(db_url, cheap_hashing=True, claim_after=0.0)) as c:
        ana, beto = register(c, "ana"), register(c, "beto")
        games = []
        for _ in range(2):
            gid = c.post("/api/games", headers=ana, json={"game": GAME, "deck": "olhos_da_noite",
                                                          "opponent": "open"}).json()["id"]
            assert c.post(f"/api/games/{gid}/join", headers=beto, json={"deck": "olhos_da_noite"}).status_code == 200
            games.append(gid)
        conceded, claimed = games
        env = c.get(f"/api/games/{conceded}", headers=beto).json()
        assert env["concede"] == {"player": "B", "do": "surrender"}
        r = c.post(f"/api/games/{conceded}/actions", headers=beto, json={"action": env["concede"]})
        assert r.status_code == 200 and r.json()["winner"] == "A"
        env = c.get(f"/api/games/{claimed}", headers=ana).json()
        waiting = beto if env["pending"]["player"] == "A" else ana  # the one whose decision it is not
        r = c.post(f"/api/games/{claimed}/claim", headers=waiting)
        assert r.status_code == 200, r.text
        absent = env["pending"]["player"]
        assert r.json()["winner"] == ("B" if absent == "A" else "A")
        record = c.get(f"/api/games/{claimed}/replay", headers=ana).json()
        assert record["actions"] == [{"player": absent, "do": "surrender"}]
