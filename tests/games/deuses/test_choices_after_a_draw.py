"""Choices after a hidden draw (scenarios-deuses.md): once an effect drew, its later choosing steps are asked
when reached as ``choose`` decisions with every choice the card's text allows (DE-1.4), so the actions
listed before the draw never depend on what it draws (DE-7.7, hidden information)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablero.core import IllegalAction, Rng
from tablero.core.registry import scenario_game

INVOCATION = {"id": "x_inv", "name": "I", "type": "invocation", "offerings": 1,
              "effect": [{"summon_god": 1}, {"draw": 1}, {"put_attack": "hand"}]}
CARDS = [INVOCATION,
         {"id": "x_god", "name": "G", "type": "god", "level": 8, "attack": 2000, "defense": 2000},
         {"id": "x_a", "name": "A", "type": "attack", "level": 3, "attack": 1000, "defense": 1000},
         {"id": "x_b", "name": "B", "type": "attack", "level": 4, "attack": 1000, "defense": 1000},
         {"id": "x_c", "name": "C", "type": "attack", "level": 4, "attack": 900, "defense": 900}]


def _game(top: str, hand: tuple[str, ...] = ("x_a",)) -> Any:
    return scenario_game("deuses", {"game": "deuses", "cards": CARDS, "state": {"players": {"A": {
        "hand": ["x_inv", *hand], "field": {"F1": "x_b"}, "attack_put_downs": 1,
        "additional_deck": ["x_god"], "main_deck": [top, "x_c"]}}}})


def _invocations(g: Any) -> list[dict[str, Any]]:
    return [a for a in g.legal_actions() if a.get("card") == "x_inv"]


def test_the_put_down_names_the_choices_before_the_draw_only_whatever_the_deck_holds() -> None:
    """DE-7.7: the listed put-down names the god (chosen before the draw) and nothing after it, the same for
    every top card; a resampled copy accepts it."""
    for top in ("x_a", "x_b", "x_c"):
        assert [a["targets"] for a in _invocations(_game(top))] == [["x_god"]]
    g = _game("x_b")
    copy = g.resample("A", Rng(3))
    for a in _invocations(g):
        copy.clone().apply(a)


def test_the_choice_after_the_draw_is_asked_with_every_attack_card_in_hand_the_drawn_one_too() -> None:
    """DE-1.4: ``put_attack: hand`` after the draw offers every attack card in hand, the drawn one included;
    the envelope names the step, the observation's pending stays {player, kind}."""
    g = _game("x_b")
    g.apply(_invocations(g)[0])
    assert g.observe()["pending"] == {"player": "A", "kind": "choose"}
    assert g.pending.to_envelope()["detail"] == {"what": "put_attack"}
    assert g.legal_actions() == [{"player": "A", "do": "choose", "targets": [c]} for c in ("x_a", "x_b")]
    g.apply({"player": "A", "do": "choose", "targets": ["x_b"]})
    view = g.observe()
    assert view["pending"] == {"player": "A", "kind": "put_down"}
    assert [view["A"][f"F{i}"]["card"] for i in (1, 2)] == ["x_god", "x_b"]
    assert view["A"]["wotd"] == ["x_b", "x_inv"]  # the offered card, then the invocation once its effect is over


@pytest.mark.parametrize("targets", [["x_god", "x_a"], ["x_god", "x_b"]])
def test_targets_that_reach_past_the_draw_are_refused_as_a_whole_and_change_nothing(targets: list[str]) -> None:
    g = _game("x_b")
    before = json.dumps(g.observe(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        g.apply({"player": "A", "do": "put_down", "card": "x_inv", "offer": ["F1"], "targets": targets})
    assert e.value.rule == "DE-7.7"
    assert json.dumps(g.observe(), sort_keys=True) == before


def test_a_wrong_choice_is_refused_with_the_steps_rule_and_the_choice_stays_pending() -> None:
    g = _game("x_b")
    g.apply(_invocations(g)[0])
    before = json.dumps(g.observe(), sort_keys=True)
    for bad, rule in ((["x_c"], "DE-8.1"), (["x_a", "x_b"], "DE-8.1"), ([], "DE-8.1")):
        with pytest.raises(IllegalAction) as e:
            g.apply({"player": "A", "do": "choose", "targets": bad})
        assert e.value.rule == rule
    for wrong in ({"player": "A", "do": "end_phase"}, {"player": "B", "do": "choose", "targets": ["x_a"]}):
        with pytest.raises(IllegalAction):
            g.apply(wrong)
    assert json.dumps(g.observe(), sort_keys=True) == before


def test_conceding_at_the_choice_sends_the_waiting_invocation_to_the_world_of_the_dead() -> None:
    """Nothing is lost: the invocation waits for its effect's end on its way to the WotD (DE-8.4)."""
    g = _game("x_b")
    g.apply(_invocations(g)[0])
    g.apply({"player": "A", "do": "surrender"})
    assert g.winner == "B"
    assert g.observe()["A"]["wotd"] == ["x_b", "x_inv"]


def test_the_question_and_the_choices_are_said_in_three_languages() -> None:
    from tablero.core.registry import plugin
    from tablero.games.deuses.cards import card_from_dict

    cards = [card_from_dict(c) for c in CARDS]
    g = _game("x_b")
    g.apply(_invocations(g)[0])
    said = {lang: plugin("deuses").presenter(lang, cards).decision(g) for lang in ("en", "es", "pt")}
    assert said["en"] == "I: choose an attack card of your hand to put onto the field."
    assert said["es"] == "I: elige una carta de ataque de tu mano para poner en el campo."
    assert said["pt"] == "I: escolha uma carta de ataque da sua mão para pôr no campo."
    labels = [plugin("deuses").presenter("pt", cards).action(a, g.view("A"), "choose", "A") for a in g.legal_actions()]
    assert labels == ["Escolher A", "Escolher B"]
