"""Engine options (house rules) and what a new game takes from its decks (CH-0.3)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tablero.core import BadInput, IllegalAction, Rng, new_game
from tablero.games.choque.game import ChoqueGame
from tablero.games.choque.generate import generate_deck, generate_pool
from tablero.games.choque.options import DEFAULT_OPTIONS, parse_options
from tablero.games.choque.scenario_state import game_from_scenario


def test_options_parse_by_public_name_and_refuse_unknown_ones() -> None:
    assert parse_options(None) is DEFAULT_OPTIONS
    assert parse_options({"choque.ofrenda_optional": True}).ofrenda_optional is True
    assert parse_options({"choque.ofrenda_optional": True}).to_json() == {"choque.ofrenda_optional": True}
    assert DEFAULT_OPTIONS.to_json() == {}
    with pytest.raises(BadInput, match="unknown engine option 'choque.mulligan'"):
        parse_options({"choque.mulligan": True})
    with pytest.raises(BadInput, match="must be true or false"):
        parse_options({"choque.ofrenda_optional": "yes"})
    with pytest.raises(BadInput, match="must be a map"):
        parse_options(["choque.ofrenda_optional"])


def test_a_game_keeps_its_options_in_every_copy() -> None:
    rng = Rng(4)
    pool = generate_pool(rng)
    decks = [generate_deck(pool, rng), generate_deck(pool, rng)]
    g = new_game("choque", decks=decks, seed=1, options={"choque.ofrenda_optional": True})
    assert g.s.options.ofrenda_optional and g.clone().s.options.ofrenda_optional


def test_ch_0_3_a_new_game_takes_the_edition_both_decks_name() -> None:
    rng = Rng(5)
    pool = generate_pool(rng)
    legacy = [dataclasses.replace(generate_deck(pool, rng, "choque-legacy"), edition="choque-legacy")
              for _ in range(2)]
    g = new_game("choque", decks=legacy, seed=2)
    assert g.observe()["edition"] == "choque-legacy" and g.observe()["A"]["hearts"] == 6
    mixed = [legacy[0], dataclasses.replace(legacy[1], edition="choque-2026")]
    with pytest.raises(BadInput, match="not legal in choque-2026"):
        new_game("choque", decks=mixed, seed=2)  # decks that disagree: the default edition decides


# -- CH-5.3 (revised ruling): the ofrenda is mandatory; choque.ofrenda_optional restores the pass ----------------

CUB = "cachorro_moteado"
OFRENDA = {"player": "A", "do": "ofrenda"}
PASS = {"player": "A", "do": "pass"}


def _ofrenda_turn(hand: list[str], souls: int = 2, optional: bool | None = None) -> ChoqueGame:
    """A's second turn (turn 3), placed at the start of the ofrenda phase."""
    doc: dict[str, Any] = {"state": {"turn": 3, "phase": "ofrenda", "players": {
        "A": {"hand": hand, "main_deck": [CUB] * 3,
              "supports": {f"Z{i + 1}": "alma_de_barro_rojo" for i in range(souls)}},
        "B": {}}}}
    if optional is not None:
        doc["options"] = {"choque.ofrenda_optional": optional}
    return game_from_scenario(doc)


def test_ch_5_3_by_default_the_ofrenda_is_mandatory_and_asked_even_with_an_empty_hand() -> None:
    for hand in ([CUB, CUB], []):
        g = _ofrenda_turn(hand)
        d = g.pending
        assert d is not None and (d.player, d.kind, d.optional) == ("A", "ofrenda", False)
        assert g.legal_actions() == [OFRENDA]
        before = g.observe()
        for refused in (PASS, {"player": "A", "do": "end_phase"}):
            with pytest.raises(IllegalAction) as e:
                g.apply(refused)
            assert e.value.rule == "CH-5.3" and g.observe() == before
        g.apply(OFRENDA)
        obs = g.observe()
        assert obs["phase"] == "action" and obs["A"]["hand"] == [CUB] * (len(hand) + 1)  # + the turn draw
        assert obs["A"]["main_deck_count"] == 2 and [e["returned"] for e in g.log if e["event"] == "ofrenda"] == \
            [len(hand)]


def test_ch_5_3_the_option_makes_the_ofrenda_optional_and_skips_it_with_an_empty_hand() -> None:
    g = _ofrenda_turn([CUB, CUB], optional=True)
    d = g.pending
    assert d is not None and (d.kind, d.optional) == ("ofrenda", True)
    assert g.legal_actions() == [OFRENDA, PASS]
    g.apply(PASS)
    assert g.observe()["A"]["hand"] == [CUB, CUB, CUB] and not any(e["event"] == "ofrenda" for e in g.log)
    g = _ofrenda_turn([], optional=True)
    assert g.pending is not None and g.pending.kind == "action" and g.observe()["A"]["hand"] == [CUB]
    assert _ofrenda_turn([], optional=False).pending == _ofrenda_turn([]).pending  # false is the default


def test_ch_5_3_five_active_souls_skip_the_phase_with_or_without_the_option() -> None:
    for optional in (None, True):
        g = _ofrenda_turn([CUB], souls=5, optional=optional)
        assert g.pending is not None and g.pending.kind == "action"
        assert g.observe()["A"]["hand"] == [CUB, CUB]


def _cenote(options: dict[str, bool]) -> object:
    from tablero.games.choque.scenario_state import game_from_scenario

    return game_from_scenario({"options": options, "cards": [
        {"id": "relleno", "name": "Relleno", "type": "personaje", "value": 1, "hearts": 1, "strength": 1,
         "resistance": 1}],
        "state": {"players": {"A": {"hand": ["relleno"], "sectors": {"SA": "cenote_sagrado"}}}}})


def test_rules_version_1_offered_abilities_that_can_do_nothing() -> None:
    """Aguas Profundas with nothing confined: not offered (docs/rulings.md), unless choque.idle_abilities
    restores the reading of rules version 1, for replaying records stored before version 2."""
    uses = [a for a in _cenote({}).legal_actions() if a["do"] == "use"]  # type: ignore[attr-defined]
    assert uses == []
    old = [a for a in _cenote({"choque.idle_abilities": True}).legal_actions()  # type: ignore[attr-defined]
           if a["do"] == "use"]
    assert [a["ability"] for a in old] == ["Aguas Profundas"]


def test_rules_version_1_continuous_cards_worked_at_once() -> None:
    """CH-7.4: a sector's activation is a link its opponent may negate; under choque.activation_window
    (rules version 1) it works as soon as it is placed and the opponent only gets a window."""
    from tablero.games.choque.scenario_state import game_from_scenario

    def game(options: dict[str, bool]) -> object:
        g = game_from_scenario({"options": options, "cards": [
            {"id": "alto", "name": "Alto", "type": "apoyo", "subtype": "rapido", "effect": {"do": ["negate"]}},
            {"id": "piramide", "name": "Pirámide", "type": "sector", "static": [{"modify": {"strength": 2}}]}],
            "state": {"players": {"A": {"hand": ["piramide"]}, "B": {"hand": ["alto"]}}}})
        g.apply({"player": "A", "do": "play", "card": "piramide", "zone": "SA"})
        return g

    now = game({})
    assert now.pending.kind == "response" and any(a["do"] == "play" for a in now.legal_actions())  # type: ignore[attr-defined]
    old = game({"choque.activation_window": True})
    assert old.pending.kind == "action" and old.s.arriving == ()  # type: ignore[attr-defined]
