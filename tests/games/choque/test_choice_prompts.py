"""The terminal says what a choice is for (``games/choque/prompts.choice_context``). A trigger's target named
"?" for its ability after the effect context became a record (fixed with the pending records, issue 18)."""

from __future__ import annotations

from pathlib import Path

import yaml

from tablero.games.choque.cardbook import CardBook
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.prompts import choice_context
from tablero.games.choque.scenario_state import game_from_scenario

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "effects"


def test_a_trigger_target_choice_names_its_ability() -> None:
    doc = yaml.safe_load((SCENARIOS / "trigger-targets-on-resolution.yaml").read_text(encoding="utf-8"))
    doc.pop("actions")
    doc.pop("expect")
    g = game_from_scenario(doc)
    g.apply({"player": "A", "do": "call", "card": "cazador", "zone": "C1"})
    while g.pending.kind == "response":
        g.apply(g.pass_action())
    assert g.pending.detail == "trig_target"
    cards = [*shipped_pool(), g.s.players[0].chars[0].card]
    assert choice_context(g, CardBook(cards, "en")) == "Choose the target of Caza."
    assert choice_context(g, CardBook(cards, "es")) == "Elige el objetivo de Caza."
