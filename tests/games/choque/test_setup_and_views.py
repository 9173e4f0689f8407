"""CH-0.3 editions, CH-4 setting up a CHOQUE, CH-11 information (views, revealed cards, the log)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import make_game, random_moves
from tablero.core import BadInput, Rng, new_game
from tablero.games.choque.deck import Deck
from tablero.games.choque.generate import generate_deck, generate_pool
from tablero.scenario import load, play

HIDDEN_OWN = {"main_deck", "soul_deck"}
HIDDEN_OPP = {"hand", "main_deck", "soul_deck", "support_deck"}


@pytest.mark.parametrize("edition,size,hearts", [("choque-2026", 40, 10), ("choque-legacy", 50, 6)])
def test_ch_0_3_and_ch_4_setup(edition: str, size: int, hearts: int) -> None:
    """CH-0.3 deck size and hearts per edition; CH-4.3 four cards each; CH-4.4 starting hearts."""
    g = make_game(5, edition)
    obs = g.observe()
    assert obs["edition"] == edition and obs["turn"] == 1
    assert g.pending.player == obs["first"] and obs["phase"] in ("turn_draw", "action")  # Cosmo may ask
    for name in ("A", "B"):
        side = obs[name]
        assert side["hearts"] == hearts
        if name == obs["first"]:
            # CH-4.3 four cards, then turn 1: a soul (CH-5.4) and a card (CH-5.5, no first-turn exception)
            on_field = sum(1 for z in ("C1", "C2", "C3", "C4") if side[z] is not None)
            assert side["hand_count"] + on_field == 6 and side["main_deck_count"] == size - 5
            assert side["soul_deck_count"] == 14
            assert sum(1 for c in side["hand"] if c.startswith("alma_")) >= 1
        else:
            assert side["hand_count"] == 4 and side["main_deck_count"] == size - 4
            assert side["soul_deck_count"] == 15


def test_ch_4_1_shuffle_and_ch_4_2_first_player_come_from_the_seed() -> None:
    """CH-4.1 decks are shuffled, CH-4.2 the first player is random — both from the game's seed (CH-11.3)."""
    rng = Rng(9)
    pool = generate_pool(rng)
    decks = [generate_deck(pool, rng), generate_deck(pool, rng)]
    firsts = set()
    hands = set()
    for seed in range(12):
        g = new_game("choque", decks=decks, seed=seed)
        firsts.add(g.observe()["first"])
        hands.add(tuple(g.observe()["A"]["main_deck"]))
        same = new_game("choque", decks=decks, seed=seed)
        assert same.observe() == g.observe()
    assert firsts == {"A", "B"}
    assert len(hands) > 10
    g = new_game("choque", decks=decks, seed=3, first="B")
    assert g.observe()["first"] == "B" and (g.pending.player == "B" or g.pending.kind == "response")


def test_ch_2_illegal_decks_are_refused_at_setup() -> None:
    rng = Rng(2)
    pool = generate_pool(rng)
    good = generate_deck(pool, rng)
    bad = Deck(name="short", main=good.main[:39], souls=good.souls, support=[])
    with pytest.raises(BadInput, match="CH-2.1"):
        new_game("choque", decks=[good, bad], seed=1)
    with pytest.raises(BadInput, match="CH-0.3"):
        new_game("choque", decks=[good, good], seed=1, edition="choque-1999")
    with pytest.raises(BadInput):
        new_game("choque", decks=[good], seed=1)


def _assert_view_hides(g, viewer: str) -> None:  # type: ignore[no-untyped-def]
    v = g.view(viewer)
    opp = "B" if viewer == "A" else "A"
    assert not (HIDDEN_OWN & set(v[viewer])), "CH-11.2: nobody sees a deck's order"
    assert "hand" in v[viewer] and "support_deck" in v[viewer]
    assert not (HIDDEN_OPP & set(v[opp])), "CH-11.2: the opponent's hand and support deck are hidden"
    for key in ("hand_count", "main_deck_count", "soul_deck_count", "support_deck_count"):
        assert key in v[opp], "CH-11.1: sizes stay visible"
    full = g.observe()
    for key in ("mictlan", "confined", "isolated", "hearts", "C1", "Z1", "arena"):
        assert v[opp][key] == full[opp][key], "CH-11.1: fields and public zones are seen by everyone"


@pytest.mark.parametrize("effects", [False, True])
def test_ch_11_views_across_a_whole_game(effects: bool) -> None:
    g = make_game(11, effects=effects)
    for _ in random_moves(g, 11):
        _assert_view_hides(g, "A")
        _assert_view_hides(g, "B")
        for entry in g.view("A")["revealed"]:
            assert entry["player"] in ("A", "B") and "card" in entry


def test_ch_11_2_clarividencia_reveals_to_its_controller_only() -> None:
    path = Path(__file__).resolve().parents[2] / "data" / "clarividencia-view.yaml"
    g = play(load(path))
    a = g.view("A")
    top = [e for e in a["revealed"] if e["player"] == "A" and e["zone"] == "main_deck" and e["from"] == "top"]
    assert top == [{"player": "A", "zone": "main_deck", "from": "top", "index": 0, "card": "c3"}]
    bottom = [e["card"] for e in a["revealed"] if e["player"] == "A" and e["from"] == "bottom"]
    assert sorted(bottom) == ["c1", "c2"]
    b = g.view("B")
    assert not [e for e in b["revealed"] if e["zone"] == "main_deck"]


def test_ch_11_2_the_log_hides_the_opponents_draws() -> None:
    g = make_game(4)
    for _ in zip(range(30), random_moves(g, 4), strict=False):
        pass
    for viewer in ("A", "B"):
        for e in g.log_for(viewer):
            if e["event"] in ("draw", "draw_soul") and e["player"] != viewer:
                assert "card" not in e
    assert any("card" in e for e in g.log if e["event"] == "draw")


def test_views_reject_unknown_players(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BadInput):
        game.view("C")


def test_ch_11_resample_keeps_the_card_a_pending_special_call_has_picked() -> None:
    """CH-6.2 / CH-11.2: B has picked a Difunto from its deck for Perro Guía's special call and must choose
    its zone. Every determinization for A (B's hand and deck order redrawn) keeps that card in B's deck,
    so B's decision in the copy still names a card that is there (found by Hypothesis in CI: the card was
    redrawn into B's hand, and calling it failed)."""
    doc = yaml.safe_load("""
cards:
  - {id: lobo, name: "Lobo", type: personaje, value: 3, hearts: 1, strength: 3, resistance: 4}
  - {id: uno, name: "Uno", type: personaje, value: 1, hearts: 1, strength: 1, resistance: 1}
state:
  turn: 3
  phase: combat
  players:
    A: {characters: {C1: lobo}}
    B: {characters: {C1: perro_guia_del_rio_oscuro, C2: uno, C4: uno}, hand: [uno, uno, lobo],
        main_deck: [huesero_del_mictlan, uno, calaverita_risuena, lobo, uno]}
actions:
  - {player: A, do: attack, attacker: C1, target: B.C1}
  - {player: B, do: choose, cards: [calaverita_risuena]}
""")
    g = play(doc)
    assert g.pending.player == "B" and g.pending.kind == "choose"
    zones = {a["option"] for a in g.legal_actions()}
    assert zones == {"C1", "C3"}
    moved = 0
    for k in range(40):
        r = g.resample("A", Rng(k))
        assert r.view("A") == g.view("A")
        if r.observe()["B"]["hand"] != g.observe()["B"]["hand"]:
            moved += 1
        assert {a["option"] for a in r.legal_actions()} == zones
        r.apply({"player": "B", "do": "choose", "option": "C3"})
        assert r.observe()["B"]["C3"]["card"] == "calaverita_risuena"
    assert moved > 0, "the redraws never changed B's hand: the test would prove nothing"
