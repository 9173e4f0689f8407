"""CH-1 cards: the inline card format, its defaults and its validation messages."""

from __future__ import annotations

import pytest

from tablero.core import BadInput
from tablero.games.choque.cards import KEYWORDS, CardPool, card_from_dict


def test_ch_1_3_character_fields_impact_defaults_to_1_and_gods() -> None:
    c = card_from_dict({"id": "koatl", "name": "Koatl", "type": "personaje", "value": 4, "hearts": 2,
                        "strength": 6, "resistance": 4, "keywords": ["brutalidad", {"clarividencia": 3}]})
    assert c.impact == 1 and c.keywords == {"brutalidad", "clarividencia"} and c.params == {"clarividencia": 3}
    assert not c.is_god
    god = card_from_dict({"id": "dios", "type": "personaje", "value": 9, "hearts": 3, "strength": 9,
                          "resistance": 9})
    assert god.is_god  # CH-1.3: value 9 or more
    assert c.to_json()["keywords"] == ["brutalidad", {"clarividencia": 3}]


def test_ch_1_2_types_and_ch_1_5_apoyo_subtypes() -> None:
    assert card_from_dict({"id": "a", "type": "apoyo"}).subtype == "normal"
    for sub in ("normal", "continuo", "equipo", "rapido"):
        assert card_from_dict({"id": "a", "type": "apoyo", "subtype": sub}).subtype == sub
    assert card_from_dict({"id": "s", "type": "alma", "value": 3}).home_deck() == "soul"
    assert card_from_dict({"id": "m", "type": "amalgama", "value": 6, "hearts": 2, "strength": 5,
                           "resistance": 5, "materials": [{"count": 2}]}).home_deck() == "support"


@pytest.mark.parametrize("raw,needle", [
    ({"id": "x", "type": "personaje", "value": 1, "hearts": 0, "strength": 1, "resistance": 1},
     "hearts: must be >= 1"),
    ({"id": "x", "type": "personaje", "value": 1, "hearts": 1, "resistance": 1}, "strength: missing"),
    ({"id": "x", "type": "personaje", "value": "4", "hearts": 1, "strength": 1, "resistance": 1}, "must be an integer"),
    ({"id": "x", "type": "personaje", "value": 1, "hearts": 1, "strength": 1, "resistance": 1,
      "keywords": ["volar"]}, "unknown keyword 'volar'"),
    ({"id": "x", "type": "personaje", "value": 1, "hearts": 1, "strength": 1, "resistance": 1,
      "keywords": ["clarividencia"]}, "needs a number"),
    ({"id": "x", "type": "monstruo"}, "type: must be one of"),
    ({"id": "X-1", "type": "alma", "value": 1}, "[a-z0-9_]+"),
    ({"id": "x", "type": "apoyo", "subtype": "lento"}, "subtype"),
    ({"id": "x", "type": "alma", "value": 1, "colour": "red"}, "colour: unknown field"),
])
def test_bad_cards_get_a_message_naming_the_field(raw: dict[str, object], needle: str) -> None:
    with pytest.raises(BadInput) as e:
        card_from_dict(raw)
    assert needle in str(e.value)


def test_pool_reports_every_problem_and_duplicates() -> None:
    with pytest.raises(BadInput) as e:
        CardPool.from_dicts([{"id": "a", "type": "alma", "value": 1}, {"id": "a", "type": "alma", "value": 2},
                             {"id": "b", "type": "nada"}])
    assert "duplicate card id 'a'" in str(e.value) and "'b'" in str(e.value)
    base = CardPool.from_dicts([{"id": "a", "type": "alma", "value": 1}])
    shadow = CardPool.from_dicts([{"id": "a", "type": "alma", "value": 5}], base=base)
    assert shadow["a"].value == 5 and base["a"].value == 1
    with pytest.raises(BadInput, match="unknown card id 'zz'"):
        base["zz"]


def test_all_22_keywords_are_known() -> None:
    assert len(KEYWORDS) == 22


def test_ch_7_1_this_card_gains_in_a_mode_is_cached() -> None:
    """'This card gains in Modo Bestia' is a static without affects and with if: {mode}: only other conditions
    (hearts, souls, counters...) make a modifier uncacheable, since a mode changes only through set_mode."""
    raw = {"id": "coyote", "name": "Coyote", "type": "personaje", "value": 2, "hearts": 1, "strength": 1,
           "resistance": 2, "static": [{"modify": {"strength": 2}, "if": {"mode": "bestia"}},
                                       {"modify": {"strength": 1}, "if": {"mode": "bestia", "hearts_max": 3}}]}
    own, volatile = card_from_dict(raw).fx.static
    assert not own.affects and not own.volatile and volatile.volatile


def test_ch_1_8_personaje_filters_match_amalgams() -> None:
    """An amalgam is a character in every zone (docs/rulings.md): 'personaje' is read as both types once."""
    card = card_from_dict({"id": "t", "type": "apoyo", "effect": {
        "targets": {"t": {"type": "personaje"}, "u": {"type": ["personaje", "alma"]}, "v": {"type": "amalgama"},
                    "w": {"type": ["sector", "arena"]}},
        "do": [{"destroy": "t"}]}})
    assert card.fx.effect is not None
    types = {sp.name: sp.filter["type"] for sp in card.fx.effect.targets}
    assert types == {"t": ("personaje", "amalgama"), "u": ("personaje", "alma", "amalgama"), "v": "amalgama",
                     "w": ("sector", "arena")}
