"""The one board schema (``core/board.py``, issue 19 item 4): hand-written boards of the games to come
(Deuses, Azeroth, Riders) validate and the terminal's renderer draws them; the schema refuses a board that
would show what a viewer may not see (every game's boards of every view: tests/conformance)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tablero.core.board import Board
from tablero.core.registry import plugin
from tablero.play.board import render_board
from tablero.play.text import Texts

BOARDS = Path(__file__).parent / "data" / "boards"


def _board(name: str) -> Board:
    return Board.model_validate_json((BOARDS / f"{name}.json").read_text(encoding="utf-8"))


def _drawn(board: Board) -> str:
    return "\n".join(render_board(board, Texts(None, "en")))


def test_the_sample_boards_of_the_games_to_come_validate_and_round_trip() -> None:
    for f in sorted(BOARDS.glob("*.json")):
        b = Board.model_validate_json(f.read_text(encoding="utf-8"))
        assert Board.model_validate(json.loads(b.model_dump_json())) == b, f
    assert {f.stem for f in BOARDS.glob("*.json")} == {"deuses", "azeroth", "riders"}


def test_azeroth_hero_row_attachments_face_down_resources_and_the_chain_are_drawn() -> None:
    text = _drawn(_board("azeroth"))
    assert "Thrall [hero — orc shaman · Health 19/25 · Horde] · under it: Lightning Shield" in text
    assert text.count("(face down, exhausted)") == 2 and text.count("· (face down)\n") == 2
    assert "Frostwolf Rider [ally — orc · cost 3 · ATK 3 Health 1/2] · tokens: damage 1" in text
    assert ("Chain (the last resolves first): A: Frostwolf Rider attacks Jaina → A: Lightning Shield: 2 nature "
            "damage") in text
    assert "hand 4" in text and "Frost Nova" in text  # the opponent's hand by count, the viewer's by name
    assert text.index("OPPONENT (A)") < text.index("YOU (B)")  # the viewer below


def test_riders_places_slots_tokens_items_favor_and_a_secret_bid_are_drawn() -> None:
    board = _board("riders")
    text = _drawn(board)
    assert "Enclave (ATK 1, DEF 2)" in text
    assert "1 Paladín Solar · ATK 4 DEF 3 · tokens: poder 2 · under it: Espada del Alba (objeto)" in text
    assert "Asentamiento del río: 1 — · 2 —" in text
    assert "Favor de los Dioses — · tokens: Favor 1" in text
    assert "apuesta 1" in text  # B's bid lies face down: the viewer sees that it was made, not what
    assert "is choosing in secret" not in text  # A is the one to bid
    as_b = board.model_copy(update={"viewer": "B", "prompt": board.prompt.model_copy(update={"player": "A"})})
    assert "A is choosing in secret." in _drawn(as_b)


def test_deuses_life_points_field_and_piles_are_drawn() -> None:
    text = _drawn(_board("deuses"))
    assert "PV 3200/4000" in text and "PV 4000" in text
    assert "Sacerdotisa do Templo [ataque nível 3 · ATK 1200 DEF 900/1400 · atacou]" in text
    assert "top of Mundo dos Mortos: Escudo Solar (magia)" in text
    assert "baralho adicional 5" in text and "Rá, o Sol" not in text.split("YOU (A)")[0]


@pytest.mark.parametrize("bad, says", [
    ({"face_down": True, "name": "Doomhammer"}, "face-down face carries no"),
    ({"face_down": True, "card": "doomhammer"}, "face-down face carries no"),
    ({"name": "x", "colour": "red"}, "Extra inputs are not permitted"),
])
def test_a_face_that_would_tell_too_much_or_is_misspelt_is_refused(bad: dict[str, Any], says: str) -> None:
    doc = json.loads((BOARDS / "azeroth.json").read_text(encoding="utf-8"))
    doc["sides"][0]["regions"][0]["faces"].append(bad)
    with pytest.raises(ValidationError, match=says):
        Board.model_validate(doc)


def test_a_hidden_region_showing_a_face_is_refused() -> None:
    doc = json.loads((BOARDS / "riders.json").read_text(encoding="utf-8"))
    doc["sides"][1]["regions"][5]["faces"] = [{"name": "Martillo", "card": "martillo"}]  # B's hidden hand
    with pytest.raises(ValidationError, match="hidden region 'hand' shows a face"):
        Board.model_validate(doc)


def test_choques_board_has_its_zones_in_its_sectors_and_the_chain_in_the_center() -> None:
    p = plugin("choque")
    g = p.random_game(5)
    board = p.presenter("es").board(g.view("A"), "A", {"A": "Mazo A"})
    mine = board.side("A")
    assert mine.you and mine.subtitle == "Mazo A" and board.viewer == "A"
    ids = [r.id for r in mine.regions]
    assert ids[:6] == ["main_deck", "soul_deck", "support_deck", "mictlan", "confined", "isolated"]
    assert [[s.label for s in r.slots] for r in mine.regions if r.id.startswith("sector")] == [
        ["SA", "C1", "C2"], ["SB", "C3", "C4"]]  # CH-3.1
    assert [s.label for s in next(r for r in mine.regions if r.id == "supports").slots] == [
        "Z1", "Z2", "Z3", "Z4", "Z5"]  # CH-3.3
    assert next(r for r in mine.regions if r.id == "support_deck").unordered
    assert next(r for r in board.side("B").regions if r.id == "hand").count == g.view("A")["B"]["hand_count"]


def test_a_seats_board_is_the_same_when_everything_hidden_from_it_is_redrawn() -> None:
    """Hidden information across whole games: the board a seat is sent (its question included) is computed
    from nothing it may not know, so a determinized copy, its hidden cards and random source redrawn, gives
    the same board, word for word, in every language."""
    from tablero.core import Rng
    from tablero.core.registry import languages, plugins
    from tablero.server.envelopes import board_json

    for p in plugins():
        for seed in (1, 2):
            g = p.random_game(seed)
            rng = Rng(seed)
            step = 0
            while not g.is_over and step < 600:
                if step % 9 == 0:
                    for seat in g.players:
                        copy = g.resample(seat, Rng(rng.below(1 << 30)))
                        for lang in languages():
                            assert board_json(copy, seat, copy.view(seat), lang) == board_json(
                                g, seat, g.view(seat), lang), (p.name, seed, step, seat, lang)
                legal = g.legal_actions()
                g.apply(legal[rng.below(len(legal))])
                step += 1


@pytest.mark.parametrize("hidden", [{"type": "arma"}, {"keywords": [{"name": "Guard"}]}, {"kind": "ally"}, {"cost": 3},
                                    {"value": 2}])
def test_a_face_down_face_carries_no_type_keyword_kind_or_number(hidden: dict[str, Any]) -> None:
    doc = json.loads((BOARDS / "azeroth.json").read_text(encoding="utf-8"))
    doc["sides"][0]["regions"][0]["faces"].append({"face_down": True, **hidden})
    with pytest.raises(ValidationError, match="face-down face carries no"):
        Board.model_validate(doc)


def test_a_numbers_icon_is_one_the_browser_draws() -> None:
    from tablero.core.board import ICONS, Number

    assert {"heart", "sword", "shield", "life", "star"} <= ICONS
    assert Number(label="ATK", value=3, icon="sword").icon == "sword"
    with pytest.raises(ValidationError, match="no icon 'skull'"):
        Number(label="ATK", value=3, icon="skull")


def test_choques_faces_carry_their_type_value_icons_and_keywords_explained_in_the_viewers_language() -> None:
    """Issue 21 item 1 and 5: a card's type id (its frame's colour), its value in the corner, each number with
    its picture, and each exclusive ability with what it does (CH-8), in the viewer's language."""
    from tablero.games.choque.board import KEYWORD_TEXT, card_face
    from tablero.games.choque.terms import KEYWORDS

    assert set(KEYWORD_TEXT) == set(KEYWORDS)  # every exclusive ability is explained

    said = {lang: plugin("choque").presenter(lang).book for lang in ("es", "en")}
    cid = next(c for c, d in said["es"].cards.items() if d.type == "personaje" and "brutalidad" in d.keywords)
    es, en = card_face(cid, said["es"]), card_face(cid, said["en"])
    assert es.type == "personaje" and es.value == said["es"].cards[cid].value and es.cost is None
    assert [n.icon for n in es.numbers] == ["sword", "shield", "heart", "burst"]
    brutal = next(k for k in es.keywords if k.name == "Brutalidad")
    assert brutal.rule == "CH-8" and brutal.text == "Puede declarar batalla en el turno en que es llamado."
    assert next(k for k in en.keywords if k.rule == "CH-8").text == "May declare battle in the turn it is called."
    assert {k.name for k in es.keywords} <= set(es.tags)  # the terminal still reads them among the tags
    board = plugin("choque").presenter("es").board(plugin("choque").random_game(5).view("A"), "A")
    assert [n.icon for n in board.side("A").counters][:2] == ["heart", "flame"]


def test_choques_board_draws_a_battle_under_way_from_its_attacker() -> None:
    from tablero.core import Rng

    p = plugin("choque")
    g, rng = p.random_game(8), Rng(8)
    while not g.view("A").get("battle"):
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    view = g.view("A")
    board = p.presenter("es").board(view, "A", log=g.log_for("A"))
    (strike,) = board.strikes
    attacker = next(e for e in reversed(g.log_for("A")) if e.get("event") == "attack")["attacker"]
    seat, zone = strike.source.split(".")
    assert seat == view["battle"]["player"] and view[seat][zone]["card"] == attacker
    assert strike.targets == board.marked


def test_deuses_faces_carry_type_level_icons_and_their_marks_explained() -> None:
    from tablero.games.deuses.board import face

    w = plugin("deuses").presenter("pt").w
    battle = next(c for c, d in w.cards.items() if d.type == "attack")
    f = face(w, battle)
    assert f.type == "attack" and f.value == w.cards[battle].level
    assert [n.icon for n in f.numbers] == ["sword", "shield"]
    lasting = face(w, next(c for c, d in w.cards.items() if d.lasting is not None))
    assert [(k.name, k.rule) for k in lasting.keywords] == [("duradoura", "DE-8.3")]
    summon = face(w, next(c for c, d in w.cards.items() if d.type == "invocation"))
    offering = summon.keywords[-1]
    assert summon.cost is not None and offering.rule == "DE-8.4" and offering.name == f"{summon.cost} oferenda" + (
        "s" if summon.cost != 1 else "") and offering.text.startswith("Para baixá-la, ofereça")


def test_deuses_board_draws_the_turns_last_attack() -> None:
    from tablero.core import Rng

    p = plugin("deuses")
    for seed in range(1, 6):
        g, rng = p.random_game(seed), Rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            if g.log and g.log[-1].get("event") in ("lp", "destroyed") and not g.is_over:
                board = p.presenter("pt").board(g.view("A"), "A", log=g.log_for("A"))
                attack = next(e for e in reversed(g.log) if e.get("event") in ("attack", "turn"))
                if attack["event"] == "attack":
                    (strike,) = board.strikes
                    assert strike.source.startswith(f"{attack['player']}.F")
                    other = "B" if attack["player"] == "A" else "A"
                    assert strike.targets == ((f"{other}.lp",) if attack["target"] == "lp"
                                              else (f"{other}.{attack['slot']}",))
                    return
    raise AssertionError("no attack in five random games")
