"""The decision an envelope carries (issue 19): whose it is, its kind, whether it may be declined and what
it is about, while the view's own ``pending`` stays ``{player, kind}`` as the scenario contract fixes."""

from __future__ import annotations

from pathlib import Path

import yaml

from tablero.games.choque.scenario_state import game_from_scenario
from tablero.server.envelopes import envelope
from tablero.server.schemas import EnvelopeOut

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "effects" / "targets-one-at-a-time.yaml"


def _game():  # type: ignore[no-untyped-def]
    doc = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    doc.pop("actions")
    doc.pop("expect")
    return game_from_scenario(doc)


def test_the_envelope_says_whether_a_decision_may_be_declined_and_what_it_is_about() -> None:
    g = _game()
    env = envelope(g, "A", 0)
    assert env["pending"] == {"player": "A", "kind": "action", "optional": False, "detail": {}}
    g.apply({"player": "A", "do": "use", "source": "A.C1", "ability": "Exilio"})
    env = envelope(g, "A", 1)
    assert env["pending"] == {"player": "A", "kind": "choose", "optional": False, "detail": {"what": "targets"}}
    assert env["view"]["pending"] == {"player": "A", "kind": "choose"}
    EnvelopeOut.model_validate(env)  # the documented shape (docs/server.md, /docs)
    g.apply({"player": "A", "do": "choose", "targets": ["B.mictlan:m01"]})
    g.apply({"player": "A", "do": "choose", "targets": ["B.mictlan:m02"]})
    assert envelope(g, None, 3)["pending"] == {"player": "A", "kind": "action", "optional": False, "detail": {}}


def test_an_optional_decision_is_marked_so_for_seats_and_spectators() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from engine import make
    from tablero.core import Rng

    g, rng = make(5, "choque-2026", shipped=True), Rng(5)
    while not g.pending.optional:
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    d = g.pending
    for seat in (d.player, None):
        env = envelope(g, seat, 0)
        assert env["pending"]["optional"] is True and env["pending"]["player"] == d.player
    assert g.pass_action() in envelope(g, d.player, 0)["legal_actions"]
