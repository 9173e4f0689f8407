"""Every refused action raises IllegalAction (with a rule id when a rule forbids it) and changes nothing.

Fuzzes random action objects — wrong verbs, wrong players, unknown cards and zones, missing fields —
against positions from random games; anything accepted must be one of the legal actions.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import fingerprint, make_game, random_moves
from tablero.core import IllegalAction, Rng
from tablero.games.choque.game import VERBS

ZONES = ["C1", "C2", "C3", "C4", "C9", "Z1", "Z3", "Z5", "Z7", "SA", "SB", "arena", "A.C1", "B.C2", "B.C3",
         "hearts", "X.C1", 7, None, ""]


def _random_action(rng: Rng, card_ids: list[str]) -> dict[str, Any]:
    act: dict[str, Any] = {"player": rng.choice(["A", "B", "A", "B", "C", 1]), "do": rng.choice(list(VERBS) + ["fly"])}
    for key in ("card", "zone", "attacker", "target", "targets", "defender", "source", "ability", "cards",
                "option"):
        if rng.below(3):
            continue
        if key in ("card",):
            act[key] = rng.choice(card_ids + ["no_such_card", 3])
        elif key == "cards":
            act[key] = [rng.choice(card_ids + ["no_such_card"]) for _ in range(1 + rng.below(3))]
        elif key == "targets":
            act[key] = [rng.choice(ZONES) for _ in range(1 + rng.below(2))]
        elif key == "ability":
            act[key] = rng.choice(["aura", "portal", "rito", "atormentar", "cosmo", "fly"])
        elif key == "option":
            act[key] = rng.choice(["double", "C1", "x"])
        else:
            act[key] = rng.choice(ZONES + card_ids[:3])
    return act


def _picks_one_by_one(g: Any, act: dict[str, Any]) -> str:
    """The position after a list-form ``discard``/``choose`` made as single picks, each one among the listed
    legal actions when it is made (the last card of a full ordering may be placed by the pick before it)."""
    t = g.clone()
    kind = (t.s.pending.player, t.s.pending.kind)
    for i, cid in enumerate(act["cards"]):
        now = (t.s.pending.player, t.s.pending.kind) if t.s.pending is not None else None
        if i > 0 and now is not None and now != kind and i == len(act["cards"]) - 1:
            break
        assert any(la["do"] == act["do"] and la.get("cards") == [cid] for la in t.legal_actions()), (act, cid)
        t.apply({**act, "cards": [cid]})
    return fingerprint(t)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_fuzzed_actions_are_refused_cleanly_or_legal(seed: int) -> None:
    g = make_game(seed, effects=seed % 2 == 1)
    card_ids = sorted({c.id for pi in range(2) for c in g.s.cards_of(pi)})
    rng = Rng(seed)
    moves = random_moves(g, seed)
    refused = 0
    while not g.is_over:
        for _ in range(8):
            act = _random_action(rng, card_ids)
            if act["do"] == "surrender":
                continue
            before = fingerprint(g)
            legal = g.legal_actions()
            trial = g.clone()
            try:
                trial.apply(act)
            except IllegalAction as e:
                refused += 1
                assert str(e), "an error must say what is wrong"
                assert e.rule is None or e.rule.startswith("CH-")
                assert fingerprint(trial) == before, f"refused {act} but the state changed"
                continue
            cards = act.get("cards")
            if act["do"] in ("discard", "choose") and isinstance(cards, list) and len(cards) > 1:
                # The list form is one all-or-nothing action made of single picks (docs/scenarios.md,
                # "Actions"): it must equal those picks, each of them legal when it is made.
                assert fingerprint(trial) == _picks_one_by_one(g, act), f"accepted {act}, not its single picks"
                continue
            # Accepted: it must be equivalent to one of the listed legal actions.
            outcomes = set()
            for la in legal:
                variants = [la]
                # support zones are interchangeable: any empty one is accepted (docs/rulings.md)
                if str(la.get("zone", "")).startswith("Z") and str(act.get("zone", "")).startswith("Z"):
                    variants.append({**la, "zone": act["zone"]})
                for v in variants:
                    t2 = g.clone()
                    try:
                        t2.apply(v)
                    except IllegalAction:
                        continue
                    outcomes.add(fingerprint(t2))
            assert fingerprint(trial) in outcomes, f"accepted {act}, which matches no legal action"
        if next(moves, None) is None:
            break
    assert refused > 0


def test_out_of_turn_and_unknown_verbs_name_the_problem(game) -> None:  # type: ignore[no-untyped-def]
    d = game.pending
    other = "B" if d.player == "A" else "A"
    before = fingerprint(game)
    with pytest.raises(IllegalAction) as e:
        game.apply({"player": other, "do": "end_phase"})
    assert e.value.rule is not None and other in str(e.value) or d.player in str(e.value)
    with pytest.raises(IllegalAction) as e:
        game.apply({"player": d.player, "do": "teleport"})
    assert e.value.rule is None and "teleport" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        game.apply("pass")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as e:
        game.apply({"player": d.player, "do": "call", "card": "no_such_card", "zone": "C1"})
    assert "no_such_card" in str(e.value)
    assert fingerprint(game) == before


def test_ch_10_3_surrender_any_moment_then_nothing_more(game) -> None:  # type: ignore[no-untyped-def]
    """CH-10.3: either player may surrender whoever's decision is pending; the game is then over."""
    d = game.pending
    other = "B" if d.player == "A" else "A"
    assert {"player": other, "do": "surrender"} not in game.legal_actions()
    game.apply({"player": other, "do": "surrender"})
    assert game.winner == d.player and game.pending is None
    before = fingerprint(game)
    with pytest.raises(IllegalAction) as e:
        game.apply({"player": d.player, "do": "end_phase"})
    assert e.value.rule == "CH-10.5"
    with pytest.raises(IllegalAction):
        game.apply({"player": d.player, "do": "surrender"})
    assert fingerprint(game) == before
