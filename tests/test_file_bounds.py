"""Issue 37, "no input may make the work unbounded": every user file whose size drives work is bounded.

Card files and folders, deck and limited-list files, scenario files and saved games, in both games: a file
past a limit is refused with a ``BadInput`` (a FAIL line for the judge) naming the file, what is too big and
the limit, quickly, without a traceback. At each numeric bound the value is accepted; one past it, refused.
Every example builds its files in ``tmp_path`` and must finish well under a second.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablero.core import BadInput
from tablero.core.record import load_records
from tablero.games.choque.cardfile import check_cards, shipped_pool
from tablero.games.choque.deckfile import load_deck, load_limited
from tablero.games.deuses import cardfile as deuses_cardfile
from tablero.games.deuses import deck as deuses_deck
from tablero.scenario import run_file

# The limits, written here as well as in the code: changing one is a choice made twice, on purpose.
FILE_BYTES = 1024 * 1024
SAVED_GAME_BYTES = 16 * 1024 * 1024
YAML_DEPTH = 40
YAML_NODES = 50_000
ID_LENGTH = 64
NAME_LENGTH = 200
TEXT_LENGTH = 4000
FOLDER_FILES = 1000
CARDS = 2000
CHOQUE_CARD_NUMBER = 99
CHOQUE_EFFECT_NUMBER = 99
CHOQUE_TARGET_COUNT = 3
CHOQUE_COPIES = 50
DECK_PART_CARDS = 200
DEUSES_LEVEL = 99
DEUSES_POINTS = 99_999
DEUSES_DRAW = 40
DEUSES_COPIES = 40
DEUSES_SLOTS = 100
SCENARIO_ACTIONS = 1000
ZONE_CARDS = 200
SCENARIO_NUMBER = 1_000_000
RECORD_ACTIONS = 20_000

QUICK = 10.0  # seconds: any one example, refusal or not, is done far within this (unbounded work takes minutes)
EXAMPLES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@contextmanager
def quickly(budget: float = QUICK) -> Iterator[None]:
    start = time.perf_counter()
    yield
    assert time.perf_counter() - start < budget, "the input took too long: its work is not bounded"


def test_the_limits_are_the_documented_ones() -> None:
    from tablero import scenario
    from tablero.core import files
    from tablero.core import record as record_mod
    from tablero.games.choque import cards as choque_cards
    from tablero.games.choque import deck as choque_deck
    from tablero.games.choque.effects import schema
    from tablero.games.deuses import cards as deuses_cards
    from tablero.games.deuses import scenario_state as deuses_state

    assert (files.MAX_FILE_BYTES, files.MAX_SAVED_GAME_BYTES, files.MAX_YAML_DEPTH, files.MAX_YAML_NODES) == (
        FILE_BYTES, SAVED_GAME_BYTES, YAML_DEPTH, YAML_NODES)
    assert (files.MAX_ID_LENGTH, files.MAX_NAME_LENGTH, files.MAX_TEXT_LENGTH) == (ID_LENGTH, NAME_LENGTH, TEXT_LENGTH)
    assert (files.MAX_FOLDER_FILES, files.MAX_CARDS) == (FOLDER_FILES, CARDS)
    assert choque_cards.MAX_CARD_NUMBER == CHOQUE_CARD_NUMBER
    assert (schema.MAX_EFFECT_NUMBER, schema.MAX_TARGET_COUNT) == (CHOQUE_EFFECT_NUMBER, CHOQUE_TARGET_COUNT)
    assert (choque_deck.MAX_COPIES_READ, choque_deck.MAX_PART_CARDS) == (CHOQUE_COPIES, DECK_PART_CARDS)
    assert (deuses_cards.MAX_LEVEL, deuses_cards.MAX_POINTS, deuses_cards.MAX_DRAW) == (
        DEUSES_LEVEL, DEUSES_POINTS, DEUSES_DRAW)
    assert (deuses_deck.MAX_COPIES_READ, deuses_deck.MAX_PART_CARDS) == (DEUSES_COPIES, DECK_PART_CARDS)
    assert deuses_state.MAX_SLOTS == DEUSES_SLOTS
    assert (scenario.MAX_SCENARIO_ACTIONS, scenario.MAX_ZONE_CARDS, scenario.MAX_SCENARIO_NUMBER) == (
        SCENARIO_ACTIONS, ZONE_CARDS, SCENARIO_NUMBER)
    assert record_mod.MAX_RECORD_ACTIONS == RECORD_ACTIONS


# --- hostile YAML, through every loader ------------------------------------------------------------------

LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
    for p, c in zip("abcdefgh", "bcdefghi", strict=True))
"""Ten to the ninth 'lol' once expanded, in under 1 KB."""


def nested(depth: int) -> str:
    """A flow list nested ``depth`` deep (the innermost holds 1)."""
    return "[" * depth + "1" + "]" * depth


def _choque_cards(path: Path) -> None:
    report = check_cards(path)
    if report.problems:
        raise BadInput("; ".join(map(str, report.problems)))


def _deuses_cards(path: Path) -> None:
    deuses_cardfile.load_cards(path)


def _choque_deck(path: Path) -> None:
    load_deck(path, shipped_pool())


def _deuses_deck(path: Path) -> None:
    deuses_deck.load_deck(path, deuses_cardfile.shipped_cards())


def _limited(path: Path) -> None:
    load_limited(path)


def _scenario(path: Path) -> None:
    result = run_file(path)
    if not result.ok:
        raise BadInput(result.reason)


LOADERS: dict[str, Callable[[Path], None]] = {
    "choque cards": _choque_cards, "deuses cards": _deuses_cards, "choque deck": _choque_deck,
    "deuses deck": _deuses_deck, "limited list": _limited, "scenario": _scenario,
}


def refused(load: Callable[[Path], None], path: Path, *pieces: str) -> str:
    """The refusal of ``path``, checked to name the file (or its name) and each of ``pieces``, and to be quick."""
    with quickly(), pytest.raises(BadInput) as e:
        load(path)
    text = str(e.value)
    for piece in pieces:
        assert piece in text, text
    return text


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_billion_laughs_is_refused(tmp_path: Path, what: str) -> None:
    f = tmp_path / "laughs.yaml"
    f.write_text(LAUGHS, encoding="utf-8")
    refused(LOADERS[what], f, str(YAML_NODES), "alias")


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_deep_nesting_is_refused(tmp_path: Path, what: str) -> None:
    f = tmp_path / "deep.yaml"
    f.write_text(f"description: {nested(50_000)}\n", encoding="utf-8")
    refused(LOADERS[what], f, str(YAML_DEPTH), "nested")


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_an_alias_inside_itself_is_refused(tmp_path: Path, what: str) -> None:
    f = tmp_path / "loop.yaml"
    f.write_text("description: &a [1, *a]\n", encoding="utf-8")
    refused(LOADERS[what], f, "contains it")


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_an_oversized_file_is_refused(tmp_path: Path, what: str) -> None:
    f = tmp_path / "big.yaml"
    f.write_text("# " + "x" * FILE_BYTES + "\n", encoding="utf-8")
    refused(LOADERS[what], f, "big.yaml", str(FILE_BYTES))


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_yaml_depth_bound(tmp_path: Path, extra: int) -> None:
    """At MAX_YAML_DEPTH (the scenario's own map is the first level) the file reads; one deeper, refused."""
    f = tmp_path / "depth.yaml"
    f.write_text(f"name: depth\ndescription: {nested(YAML_DEPTH - 2 + extra)}\n", encoding="utf-8")
    from tablero.scenario import load

    with quickly():
        if extra:
            with pytest.raises(BadInput, match=f"deeper than {YAML_DEPTH}"):
                load(f)
        else:
            load(f)


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_yaml_node_bound(tmp_path: Path, extra: int) -> None:
    """A file whose aliases expand it to just MAX_YAML_NODES values reads; one value more, refused."""
    from tablero.scenario import load

    # root 1, name 2, description key 1 + list 1 + n, rules key 1 + the same list again 1 + n, seed 1 + 2: 10 + 2n
    n = (YAML_NODES - 10) // 2
    items = ", ".join(["1"] * n)
    f = tmp_path / "nodes.yaml"
    f.write_text(f"name: x\ndescription: &l [{items}]\nrules: *l\nseed: {[1] * (1 + extra)}\n", encoding="utf-8")
    with quickly(3 * QUICK):  # the largest document a file may be: PyYAML reads 50 000 values in about a second
        if extra:
            with pytest.raises(BadInput, match=f"more than {YAML_NODES} values"):
                load(f)
        else:
            load(f)


# --- choque cards ----------------------------------------------------------------------------------------

def choque_card(**fields: Any) -> dict[str, Any]:
    card: dict[str, Any] = {"id": "prueba", "name": "Prueba", "type": "personaje", "value": 1, "hearts": 1,
                            "strength": 1, "resistance": 1}
    card.update(fields)
    return card


def choque_problems(tmp_path: Path, *cards: dict[str, Any]) -> list[str]:
    f = tmp_path / "cards.yaml"
    f.write_text(yaml.safe_dump(list(cards), allow_unicode=True), encoding="utf-8")
    with quickly():
        return [str(p) for p in check_cards(f).problems]


@EXAMPLES
@given(field=st.sampled_from(["value", "hearts", "strength", "resistance", "impact"]), extra=st.integers(0, 1))
def test_choque_card_number_bound(tmp_path: Path, field: str, extra: int) -> None:
    problems = choque_problems(tmp_path, choque_card(**{field: CHOQUE_CARD_NUMBER + extra}))
    if extra:
        assert any(f": {field}: " in p and str(CHOQUE_CARD_NUMBER) in p for p in problems), problems
    else:
        assert problems == []


def test_choque_a_googol_of_hearts_is_refused(tmp_path: Path) -> None:
    problems = choque_problems(tmp_path, choque_card(hearts=10**100, keywords=[{"clarividencia": 10**100}]))
    assert any("hearts" in p and str(CHOQUE_CARD_NUMBER) in p for p in problems), problems
    assert any("keywords[0]" in p and str(CHOQUE_CARD_NUMBER) in p for p in problems), problems


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_choque_keyword_number_bound(tmp_path: Path, extra: int) -> None:
    problems = choque_problems(tmp_path, choque_card(keywords=[{"clarividencia": CHOQUE_CARD_NUMBER + extra}]))
    assert bool(problems) == bool(extra), problems
    if extra:
        assert "keywords[0]" in problems[0] and str(CHOQUE_CARD_NUMBER) in problems[0]


APOYO = {"id": "apoyo", "name": "Apoyo", "type": "apoyo"}
EFFECT_NUMBERS: dict[str, Callable[[int], dict[str, Any]]] = {
    "do[0].draw.count": lambda n: {**APOYO, "effect": {"do": [{"draw": n}]}},
    "do[0].gain_hearts.amount": lambda n: {**APOYO, "effect": {"do": [{"gain_hearts": n}]}},
    "do[0].send.count": lambda n: {**APOYO, "effect": {"do": [{"send": {"count": n}}]}},
    "cost[0].lose_hearts.amount": lambda n: {**APOYO, "effect": {"cost": [{"lose_hearts": n}], "do": ["anular"]}},
    "do[0].modify.strength": lambda n: {**APOYO, "effect": {"do": [{"modify": {"target": "self", "strength": n}}]}},
    "do[0].modify.resistance": lambda n: {**APOYO, "effect": {"do": [{"modify": {"target": "self",
                                                                                  "resistance": -n}}]}},
    "do[0].counters.add": lambda n: {**APOYO, "effect": {"do": [{"counters": {"target": "self", "add": n}}]}},
    "static[0].modify.strength": lambda n: {**APOYO, "subtype": "continuo",
                                            "static": [{"modify": {"strength": -n}}]},
    "materials[0].count": lambda n: {**choque_card(type="amalgama"), "materials": [{"count": n}]},
}


@EXAMPLES
@given(where=st.sampled_from(sorted(EFFECT_NUMBERS)), extra=st.integers(0, 1))
def test_choque_effect_number_bound(tmp_path: Path, where: str, extra: int) -> None:
    problems = choque_problems(tmp_path, EFFECT_NUMBERS[where](CHOQUE_EFFECT_NUMBER + extra))
    if extra:
        assert any(where in p and str(CHOQUE_EFFECT_NUMBER) in p for p in problems), problems
    else:
        assert problems == []


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_choque_target_count_bound(tmp_path: Path, extra: int) -> None:
    card = {**APOYO, "effect": {"targets": {"t": {"side": "opponent", "zone": "mictlan",
                                                   "count": CHOQUE_TARGET_COUNT + extra}},
                                "do": [{"isolate": "t"}]}}
    problems = choque_problems(tmp_path, card)
    if extra:
        assert any("targets.t.count" in p and str(CHOQUE_TARGET_COUNT) in p for p in problems), problems
    else:
        assert problems == []


@EXAMPLES
@given(field=st.sampled_from(["id", "name", "text"]), extra=st.integers(0, 1))
def test_choque_text_length_bound(tmp_path: Path, field: str, extra: int) -> None:
    limit = {"id": ID_LENGTH, "name": NAME_LENGTH, "text": TEXT_LENGTH}[field]
    problems = choque_problems(tmp_path, choque_card(**{field: "a" * (limit + extra)}))
    if extra:
        assert any(str(limit) in p and field in p for p in problems), problems
    else:
        assert problems == []


def test_choque_too_many_cards_in_a_file(tmp_path: Path) -> None:
    cards = [choque_card(id=f"c{i}", name=f"C{i}") for i in range(CARDS + 1)]
    f = tmp_path / "many.yaml"
    f.write_text(json.dumps(cards), encoding="utf-8")  # JSON is YAML, and quicker to write
    problems = [str(p) for p in check_cards(f).problems]
    assert any(str(CARDS) in p and "cards" in p for p in problems), problems[:3]


def test_card_folders_with_too_many_files(tmp_path: Path) -> None:
    for i in range(FOLDER_FILES + 1):
        (tmp_path / f"c{i:04}.yaml").write_text("[]\n", encoding="utf-8")
    with quickly(), pytest.raises(BadInput, match=f"more than {FOLDER_FILES} "):
        check_cards(tmp_path)
    with quickly(), pytest.raises(BadInput, match=f"more than {FOLDER_FILES} "):
        deuses_cardfile.load_cards(tmp_path)


def test_shipped_cards_stay_valid() -> None:
    assert len(shipped_pool()) >= 95
    assert len(deuses_cardfile.shipped_cards()) >= 40


# --- deuses cards ----------------------------------------------------------------------------------------

def deuses_card(**fields: Any) -> dict[str, Any]:
    card: dict[str, Any] = {"id": "teste", "name": "Teste", "type": "attack", "level": 1, "attack": 100,
                            "defense": 100}
    card.update(fields)
    return card


def deuses_problems(tmp_path: Path, card: dict[str, Any]) -> list[str]:
    f = tmp_path / "cards.yaml"
    f.write_text(yaml.safe_dump({"cards": [card]}, allow_unicode=True), encoding="utf-8")
    with quickly():
        return [str(p) for p in deuses_cardfile.read_cards(f).problems]


DEUSES_NUMBERS: dict[str, tuple[int, Callable[[int], dict[str, Any]]]] = {
    "level": (DEUSES_LEVEL, lambda n: deuses_card(level=n)),
    "attack": (DEUSES_POINTS, lambda n: deuses_card(attack=n)),
    "defense": (DEUSES_POINTS, lambda n: deuses_card(defense=n)),
    "draw": (DEUSES_DRAW, lambda n: deuses_card(type="magic", level=None, attack=None, defense=None,
                                                effect=[{"draw": n}])),
    "set_attack": (DEUSES_POINTS, lambda n: {"id": "m", "name": "M", "type": "magic", "lasting": {"set_attack": n}}),
    "set_defense": (DEUSES_POINTS, lambda n: {"id": "m", "name": "M", "type": "magic",
                                              "lasting": {"set_defense": n}}),
}


@EXAMPLES
@given(field=st.sampled_from(sorted(DEUSES_NUMBERS)), extra=st.integers(0, 1))
def test_deuses_card_number_bound(tmp_path: Path, field: str, extra: int) -> None:
    limit, make = DEUSES_NUMBERS[field]
    card = {k: v for k, v in make(limit + extra).items() if v is not None}
    problems = deuses_problems(tmp_path, card)
    if extra:
        assert any(field in p and str(limit) in p for p in problems), problems
    else:
        assert problems == []


@EXAMPLES
@given(field=st.sampled_from(["id", "name", "text"]), extra=st.integers(0, 1))
def test_deuses_text_length_bound(tmp_path: Path, field: str, extra: int) -> None:
    limit = {"id": ID_LENGTH, "name": NAME_LENGTH, "text": TEXT_LENGTH}[field]
    problems = deuses_problems(tmp_path, deuses_card(**{field: "a" * (limit + extra)}))
    if extra:
        assert any(str(limit) in p and field in p for p in problems), problems
    else:
        assert problems == []


# --- decks -----------------------------------------------------------------------------------------------

def choque_deck_file(tmp_path: Path, main: dict[str, int], name: str = "Prueba") -> Path:
    f = tmp_path / "mazo.yaml"
    f.write_text(yaml.safe_dump({"name": name, "edition": "choque-2026", "main": main,
                                 "souls": {"alma_de_copal": 3}}, allow_unicode=True), encoding="utf-8")
    return f


def test_choque_a_billion_copies_is_refused(tmp_path: Path) -> None:
    f = choque_deck_file(tmp_path, {"cachorro_moteado": 10**9})
    refused(_choque_deck, f, "cachorro_moteado", str(CHOQUE_COPIES))


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_choque_copies_bound(tmp_path: Path, extra: int) -> None:
    """At MAX_COPIES the deck reads (and is merely illegal, CH-2.4); one more, refused unread."""
    f = choque_deck_file(tmp_path, {"cachorro_moteado": CHOQUE_COPIES + extra})
    with quickly():
        if extra:
            refused(_choque_deck, f, "cachorro_moteado", f"most {CHOQUE_COPIES}")
        else:
            _choque_deck(f)  # read: ``deck check`` then reports its CH-2 violations


def test_choque_too_many_cards_in_a_part(tmp_path: Path) -> None:
    ids = [c.id for c in shipped_pool() if c.type == "personaje"][:5]
    f = choque_deck_file(tmp_path, {cid: CHOQUE_COPIES for cid in ids})
    refused(_choque_deck, f, "main", str(DECK_PART_CARDS))


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_choque_deck_name_bound(tmp_path: Path, extra: int) -> None:
    f = choque_deck_file(tmp_path, {"cachorro_moteado": 3}, name="n" * (NAME_LENGTH + extra))
    with quickly():
        if extra:
            refused(_choque_deck, f, "name", f"most {NAME_LENGTH}")
        else:
            _choque_deck(f)  # 3 cards: never legal, but read


def deuses_deck_file(tmp_path: Path, main: dict[str, int], name: str = "Teste") -> Path:
    f = tmp_path / "baralho.yaml"
    f.write_text(yaml.safe_dump({"name": name, "main": main}, allow_unicode=True), encoding="utf-8")
    return f


def test_deuses_a_billion_copies_is_refused(tmp_path: Path) -> None:
    f = deuses_deck_file(tmp_path, {"sagui_ligeiro": 10**9})
    refused(_deuses_deck, f, "sagui_ligeiro", str(DEUSES_COPIES))


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_deuses_copies_bound(tmp_path: Path, extra: int) -> None:
    f = deuses_deck_file(tmp_path, {"sagui_ligeiro": DEUSES_COPIES + extra})
    with quickly():
        if extra:
            refused(_deuses_deck, f, f"most {DEUSES_COPIES}")
        else:
            _deuses_deck(f)  # read; the category counts are the deck check's (DE-3.1)


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_deuses_deck_name_bound(tmp_path: Path, extra: int) -> None:
    f = deuses_deck_file(tmp_path, {"sagui_ligeiro": 1}, name="n" * (NAME_LENGTH + extra))
    with quickly():
        if extra:
            refused(_deuses_deck, f, f"most {NAME_LENGTH}")
        else:
            _deuses_deck(f)


# --- scenarios -------------------------------------------------------------------------------------------

CHOQUE_SCENARIO = """\
name: bounds
cards:
  - {id: uno, name: Uno, type: personaje, value: 1, hearts: 1, strength: 1, resistance: 1}
"""


def scenario(tmp_path: Path, text: str) -> tuple[bool, str]:
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    with quickly():
        result = run_file(f)
    assert "internal error" not in result.reason, result.reason
    return result.ok, result.reason


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_scenario_actions_bound(tmp_path: Path, extra: int) -> None:
    """Entries past MAX_SCENARIO_ACTIONS are refused before any is played (a checkpoint plays nothing)."""
    n = SCENARIO_ACTIONS + extra
    ok, reason = scenario(tmp_path, CHOQUE_SCENARIO + "actions:\n" + "  - {check: {turn: 3}}\n" * n)
    assert ok != bool(extra), reason
    if extra:
        assert "actions" in reason and str(SCENARIO_ACTIONS) in reason


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_scenario_zone_cards_bound(tmp_path: Path, extra: int) -> None:
    hand = ", ".join(["uno"] * (ZONE_CARDS + extra))
    ok, reason = scenario(tmp_path, CHOQUE_SCENARIO + f"state: {{players: {{A: {{hand: [{hand}]}}}}}}\n")
    assert ok != bool(extra), reason
    if extra:
        assert "A.hand" in reason and str(ZONE_CARDS) in reason


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_scenario_character_hearts_bound(tmp_path: Path, extra: int) -> None:
    """A character's hearts are a card number: each is lost one at a time (CH-9.7)."""
    hearts = CHOQUE_CARD_NUMBER + extra
    state = "state: {players: {A: {characters: {C1: {card: uno, hearts: " + str(hearts) + "}}}}}\n"
    ok, reason = scenario(tmp_path, CHOQUE_SCENARIO + state)
    assert ok != bool(extra), reason
    if extra:
        assert "C1.hearts" in reason and str(CHOQUE_CARD_NUMBER) in reason


@EXAMPLES
@given(field=st.sampled_from(["hearts", "normal_calls_used", "souls_activated"]), extra=st.integers(0, 1))
def test_scenario_choque_count_bound(tmp_path: Path, field: str, extra: int) -> None:
    ok, reason = scenario(tmp_path, CHOQUE_SCENARIO + f"state: {{players: {{A: {{{field}: "
                                                      f"{SCENARIO_NUMBER + extra}}}}}}}\n")
    assert ok != bool(extra), reason
    if extra:
        assert f"A.{field}" in reason and str(SCENARIO_NUMBER) in reason


DEUSES_SCENARIO = """\
name: bounds
game: deuses
cards:
  - {id: soldado, name: Soldado, type: attack, level: 3, attack: 1200, defense: 1500}
"""


@EXAMPLES
@given(field=st.sampled_from(["lp", "credits"]), extra=st.integers(0, 1))
def test_scenario_deuses_count_bound(tmp_path: Path, field: str, extra: int) -> None:
    value = SCENARIO_NUMBER + extra
    ok, reason = scenario(tmp_path, DEUSES_SCENARIO + f"state: {{turn: 3, players: {{A: {{{field}: {value}}}}}}}\n")
    if extra:
        assert not ok and field in reason and str(SCENARIO_NUMBER) in reason, reason
    else:
        assert str(SCENARIO_NUMBER) not in reason, reason


@EXAMPLES
@given(slot=st.sampled_from([str(DEUSES_SLOTS), str(DEUSES_SLOTS + 1), "1000000000", "9" * 5000]))
def test_scenario_deuses_slot_bound(tmp_path: Path, slot: str) -> None:
    """A slot's number makes the field that long: F1000000000 is refused, not built."""
    state = f"state:\n  turn: 3\n  players:\n    A:\n      field:\n        ? F{slot}\n        : soldado\n"
    ok, reason = scenario(tmp_path, DEUSES_SCENARIO + state)
    if slot == str(DEUSES_SLOTS):
        assert ok, reason
    else:
        assert not ok and str(DEUSES_SLOTS) in reason, reason[:300]


def test_scenario_deuses_deck_copies(tmp_path: Path) -> None:
    ok, reason = scenario(tmp_path, DEUSES_SCENARIO + "state: {phase: setup, players: {A: {deck: {soldado: "
                                    "1000000000}}, B: {deck: {soldado: 1000000000}}}}\n")
    assert not ok and str(DEUSES_COPIES) in reason, reason


# --- saved games -----------------------------------------------------------------------------------------

def saved_game(tmp_path: Path, actions: int) -> Path:
    f = tmp_path / "partida.json"
    doc = {"format": "tablero-replay/1", "game": "choque", "edition": "choque-2026", "seed": 1,
           "decks": [{"main": [], "souls": [], "support": []}] * 2,
           "actions": [{"player": "A", "do": "pass"}] * actions}
    f.write_text(json.dumps(doc), encoding="utf-8")
    return f


@EXAMPLES
@given(extra=st.integers(0, 1))
def test_saved_game_actions_bound(tmp_path: Path, extra: int) -> None:
    f = saved_game(tmp_path, RECORD_ACTIONS + extra)
    with quickly():
        if extra:
            with pytest.raises(BadInput, match=f"most {RECORD_ACTIONS}"):
                load_records(f)
        else:
            assert len(load_records(f)[0].actions) == RECORD_ACTIONS


def test_saved_game_oversized(tmp_path: Path) -> None:
    f = tmp_path / "big.json"
    with f.open("w", encoding="utf-8") as out:
        out.write('{"format": "tablero-replay/1", "pad": "')
        out.write("x" * SAVED_GAME_BYTES)
        out.write('"}')
    with quickly(), pytest.raises(BadInput, match=str(SAVED_GAME_BYTES)):
        load_records(f)


def test_saved_game_deeply_nested(tmp_path: Path) -> None:
    f = tmp_path / "deep.json"
    f.write_text('{"format": "tablero-replay/1", "x": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with quickly(), pytest.raises(BadInput, match="nested"):
        load_records(f)
