"""CH-7.4: every legal target list can be played, even where there are too many to list (issue 18).

Beyond ``MAX_TARGET_OPTIONS`` lists, an activation is offered without its targets and they are chosen one
at a time; the whole list stays accepted at once through the same legality predicate (docs/actions.md).
Before this, the engine listed only the first 200 pairs and refused every other legal pair."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import yaml

from tablero.core import IllegalAction
from tablero.games.choque.scenario_state import game_from_scenario
from tablero.games.choque.targeting import MAX_TARGET_OPTIONS

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "effects" / "targets-one-at-a-time.yaml"
MICTLAN = [f"m{i:02d}" for i in range(1, 26)]


def _game(extra_target: dict[str, Any] | None = None) -> Any:
    doc = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    doc.pop("actions")
    doc.pop("expect")
    if extra_target is not None:
        doc["cards"][0]["abilities"][0]["targets"]["u"] = extra_target
    return game_from_scenario(doc)


def _pass_responses(g: Any) -> None:
    while g.pending is not None and g.pending.kind == "response":
        g.apply({"player": g.pending.player, "do": "pass"})


def test_a_pair_beyond_the_old_list_is_played_through_the_listed_actions() -> None:
    g = _game()
    pairs = list(combinations(MICTLAN, 2))
    assert len(pairs) > MAX_TARGET_OPTIONS and pairs.index(("m24", "m25")) >= MAX_TARGET_OPTIONS  # never listed
    uses = [a for a in g.legal_actions() if a["do"] == "use"]
    assert uses == [{"player": "A", "do": "use", "source": "A.C1", "ability": "Exilio"}]
    g.apply(uses[0])
    d = g.pending
    assert (d.player, d.kind, d.detail, d.optional) == ("A", "choose", "targets", False)
    first = g.legal_actions()
    assert [a["targets"] for a in first] == [[f"B.mictlan:{m}"] for m in MICTLAN]
    g.apply({"player": "A", "do": "choose", "targets": ["B.mictlan:m25"]})
    second = [a["targets"][0] for a in g.legal_actions()]
    assert second == [f"B.mictlan:{m}" for m in MICTLAN[:-1]]  # a card is never named twice
    assert g.observe()["B"]["mictlan"] == MICTLAN  # nothing happens until the last pick
    g.apply({"player": "A", "do": "choose", "targets": ["B.mictlan:m24"]})
    _pass_responses(g)
    obs = g.observe()["B"]
    assert obs["isolated"] == ["m24", "m25"] and obs["mictlan"] == MICTLAN[:-2]


def test_the_whole_list_is_accepted_at_once_by_the_legality_predicate() -> None:
    g = _game()
    played = g.apply_canonical({"player": "A", "do": "use", "source": "A.C1", "ability": "Exilio",
                                "targets": ["B.mictlan:m25", "B.mictlan:m24"]})
    assert played["targets"] == ["B.mictlan:m24", "B.mictlan:m25"]  # the engine's order: what a record stores
    _pass_responses(g)
    assert g.observe()["B"]["isolated"] == ["m24", "m25"]


def test_a_wrong_whole_list_is_refused_by_the_cards_text_and_changes_nothing() -> None:
    g = _game()
    before = g.observe()
    for refs, why in ((["B.mictlan:m03", "B.mictlan:m03"], "twice"), (["B.mictlan:m03"], "names 2"),
                      (["B.mictlan:m03", "A.C1"], "cannot be its target")):
        try:
            g.apply({"player": "A", "do": "use", "source": "A.C1", "ability": "Exilio", "targets": refs})
        except IllegalAction as e:
            assert e.rule == "CH-0.2" and why in str(e), str(e)
        else:
            raise AssertionError(f"{refs} was accepted")
        assert g.observe() == before


def test_a_pick_that_leaves_no_way_to_complete_the_list_is_not_offered() -> None:
    # t: two cards; u: the card named "Recuerdo 1" (m01), distinct from t's: t may not take m01
    g = _game({"zone": "mictlan", "side": "opponent", "name": "Recuerdo 1"})
    assert C(24, 2) > MAX_TARGET_OPTIONS
    g.apply({"player": "A", "do": "use", "source": "A.C1", "ability": "Exilio"})
    first = [a["targets"][0] for a in g.legal_actions()]
    assert "B.mictlan:m01" not in first and len(first) == 24
    g.apply({"player": "A", "do": "choose", "targets": ["B.mictlan:m02"]})
    g.apply({"player": "A", "do": "choose", "targets": ["B.mictlan:m03"]})
    assert [a["targets"] for a in g.legal_actions()] == [["B.mictlan:m01"]]


def C(n: int, k: int) -> int:  # noqa: N802 (the binomial coefficient's usual name)
    return len(list(combinations(range(n), k)))


def test_the_terminal_says_what_the_one_at_a_time_choice_is_for() -> None:
    from tablero.games.choque.cardbook import CardBook
    from tablero.games.choque.cardfile import shipped_pool
    from tablero.games.choque.prompts import choice_context

    g = _game()
    g.apply({"player": "A", "do": "use", "source": "A.C1", "ability": "Exilio"})
    cards = [*shipped_pool(), g.s.players[0].chars[0].card]
    assert choice_context(g, CardBook(cards, "en")) == "Choose the targets of Exilio, one at a time (1 of 2)."
    assert choice_context(g, CardBook(cards, "es")) == "Elige los objetivos de Exilio, uno a uno (1 de 2)."
