"""The choices of an effect as the legal actions list them (scenarios-deuses.md, "One-shot steps"): each
listed action carries exactly the targets its steps will ask for, whatever the engine options."""

from __future__ import annotations

from tablero.core.registry import scenario_game


def test_an_invocation_on_a_full_field_lists_the_god_its_offering_makes_room_for() -> None:
    """DE-4.7, DE-8.4: with ``deuses.field_size`` 2 and a full field, the offering frees the slot the god
    takes, so the put-down names the god. It was listed without a target (its choices were read before the
    offering, when there was no room) and then refused when played (found by benchmarks/soak.py)."""
    doc = {"game": "deuses", "options": {"deuses.field_size": 2}, "cards": [
        {"id": "x_inv", "name": "I", "type": "invocation", "offerings": 1},
        {"id": "x_god", "name": "G", "type": "god", "level": 8, "attack": 2000, "defense": 2000},
        {"id": "x_a", "name": "A", "type": "attack", "level": 3, "attack": 1000, "defense": 1000}],
        "state": {"players": {"A": {"hand": ["x_inv"], "field": {"F1": "x_a", "F2": "x_a"},
                                    "additional_deck": ["x_god"]}}}}
    g = scenario_game("deuses", doc)
    listed = [a for a in g.legal_actions() if a.get("card") == "x_inv"]
    assert [(a["offer"], a.get("targets")) for a in listed] == [(["F1"], ["x_god"]), (["F2"], ["x_god"])]
    for a in listed:
        copy = g.clone()
        copy.apply(a)
        assert copy.view("A")["A"][a["offer"][0]]["card"] == "x_god"
