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
    from tablero.server.games import board_json

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
