"""CH-11.2: what a player is told of hidden cards is exactly what they saw. A view's ``revealed`` list
names a deck card only while the viewer's knowledge of that end of the deck still holds, a hand card only
while it is in the hand; a card that does something when drawn is shown to everyone when drawn
(docs/rulings.md), any other draw stays hidden. Each test failed before its fix."""

from __future__ import annotations

from typing import Any

from tablero.games.choque.game import ChoqueGame
from tablero.games.choque.scenario_state import game_from_scenario
from tablero.server.envelopes import envelope


def plain(cid: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "name": cid.capitalize(), "type": "personaje", "value": 1, "hearts": 1, "strength": 1,
            "resistance": 1, **more}


def build(cards: list[dict[str, Any]], a: dict[str, Any], phase: str = "action") -> ChoqueGame:
    return game_from_scenario({"cards": cards, "state": {"turn": 3, "phase": phase, "players": {
        "A": a, "B": {"main_deck": ["x1"]}}}})


def settle(g: ChoqueGame) -> None:
    """Pass every window until A must act or choose."""
    while not (g.pending is not None and g.pending.player == "A" and g.pending.kind in ("action", "choose")):
        assert g.pending is not None
        g.apply({"player": g.pending.player, "do": "pass"})


def revealed(g: ChoqueGame, viewer: str) -> list[tuple[str, str, int | None, str]]:
    return [(r["zone"], r.get("from", ""), r.get("index"), r["card"]) for r in g.view(viewer)["revealed"]
            if r["player"] == "A"]


def top_first(g: ChoqueGame) -> list[str]:
    return [c.id for c in reversed(g.s.players[0].main)]


X = [plain(f"x{i}") for i in range(1, 6)]
VIDENTE = plain("vidente", keywords=[{"clarividencia": 2}])


def test_ch_11_2_a_send_cost_moves_the_owners_knowledge_of_the_top_down() -> None:
    """Clarividencia showed A the top card; paying an ability's cost of sending 2 from the deck puts it and
    the next one in the Mictlán. A's view named the new top card, which nobody had seen."""
    sends = plain("sends", abilities=[{"name": "Ofrenda", "category": "encendido", "cost": [{"send": 2}],
                                       "do": [{"gain_hearts": 1}]}])
    g = build([VIDENTE, sends, *X], {"hand": ["vidente"], "supports": {"Z1": "alma_del_sol_naciente"},
                                     "characters": {"C2": "sends"}, "main_deck": ["x1", "x2", "x3", "x4", "x5"]})
    g.apply({"player": "A", "do": "call", "card": "vidente", "zone": "C1"})
    settle(g)
    g.apply({"player": "A", "do": "choose", "cards": ["x1"]})  # x1 stays on top, x2 to the bottom
    settle(g)
    assert revealed(g, "A") == [("main_deck", "top", 0, "x1"), ("main_deck", "bottom", 0, "x2")]
    g.apply(next(a for a in g.legal_actions() if a["do"] == "use"))
    settle(g)
    assert top_first(g) == ["x4", "x5", "x2"]
    assert revealed(g, "A") == [("main_deck", "bottom", 0, "x2")]


def test_ch_11_2_clarividencia_ends_what_the_opponent_knew_of_the_top() -> None:
    """B saw A's character go back to the top of A's deck; A's Clarividencia then put another card there.
    B's view named the new top card."""
    vuelve = plain("vuelve", abilities=[{"name": "Volver", "category": "encendido",
                                         "do": [{"return": {"target": "self", "to": "deck_top"}}]}])
    g = build([VIDENTE, vuelve, *X], {"hand": ["vidente"], "supports": {"Z1": "alma_del_sol_naciente"},
                                      "characters": {"C2": "vuelve"}, "main_deck": ["x1", "x2", "x3"]})
    g.apply({"player": "A", "do": "use", "source": "A.C2", "ability": "Volver"})
    settle(g)
    assert revealed(g, "B") == [("main_deck", "top", 0, "vuelve")]
    g.apply({"player": "A", "do": "call", "card": "vidente", "zone": "C1"})
    settle(g)
    g.apply({"player": "A", "do": "choose", "cards": ["x1"]})
    settle(g)
    assert top_first(g)[0] == "x1" and revealed(g, "B") == []


def test_ch_11_2_a_hidden_card_put_in_a_deck_ends_what_the_opponent_knew_of_that_end() -> None:
    """B knew A's top (or bottom) card; an apoyo then returned a card from A's hand there, unseen by B. B's
    view named the hidden card as the one it had seen; its owner, who put it there, knows it."""
    for end, side in (("deck_top", "top"), ("deck_bottom", "bottom")):
        vuelve = plain("vuelve", abilities=[{"name": "Volver", "category": "encendido",
                                             "do": [{"return": {"target": "self", "to": end}}]}])
        recicla = {"id": "recicla", "name": "Recicla", "type": "apoyo", "subtype": "normal",
                   "effect": {"targets": {"t": {"side": "own", "zone": "hand"}},
                              "do": [{"return": {"target": "t", "to": end}}]}}
        g = build([vuelve, recicla, plain("secreto"), *X],
                  {"hand": ["recicla", "secreto"], "characters": {"C2": "vuelve"}, "main_deck": ["x1", "x2", "x3"]})
        g.apply({"player": "A", "do": "use", "source": "A.C2", "ability": "Volver"})
        settle(g)
        assert revealed(g, "B") == [("main_deck", side, 0, "vuelve")]
        g.apply({"player": "A", "do": "play", "card": "recicla", "targets": ["A.hand:secreto"]})
        settle(g)
        assert revealed(g, "B") == [], end
        assert ("main_deck", side, 0, "secreto") in revealed(g, "A"), end


def test_ch_11_2_a_card_isolated_from_the_hand_is_no_longer_shown_in_it() -> None:
    """A soul returned to the hand is known to be there; isolated from the hand as a cost, it is not."""
    m = plain("m", abilities=[
        {"name": "Devolver", "category": "encendido", "cost": [{"return_soul": {}}],
         "do": [{"gain_hearts": {"amount": 1}}]},
        {"name": "Aislar", "category": "encendido", "cost": [{"isolate": {"from": "hand", "filter": {"type": "alma"}}}],
         "do": [{"gain_hearts": {"amount": 1}}]}])
    g = build([m, *X], {"characters": {"C1": "m"}, "supports": {"Z1": "alma_de_copal"}, "main_deck": ["x1"]})
    g.apply({"player": "A", "do": "use", "source": "A.C1", "ability": "Devolver"})
    settle(g)
    assert revealed(g, "B") == [("hand", "", None, "alma_de_copal")]
    g.apply({"player": "A", "do": "use", "source": "A.C1", "ability": "Aislar"})
    settle(g)
    assert g.view("B")["A"]["isolated"] == ["alma_de_copal"] and revealed(g, "B") == []


def test_ch_11_2_a_card_that_acts_when_drawn_is_shown_when_drawn_and_no_other() -> None:
    """Drawing Tlacuache Errante (an optional drawn trigger), a Cosmo card or a card with a mandatory drawn
    trigger opens a link and maybe a choice that the whole table sees: such a card is shown, to the
    opponent and to spectators, and known to be in the hand. Before, the opponent was told only "A draws
    a card" and then saw the link, the choice and the ability's name, which told the card anyway."""
    eco = plain("eco", abilities=[{"name": "Eco del Robo", "category": "disparo", "when": {"event": "drawn"},
                                   "do": [{"gain_hearts": {"amount": 1}}]}])
    for card in ("tlacuache_errante", "aguila_de_obsidiana", "eco"):
        g = build([eco, *X], {"main_deck": [card, "x1"]}, phase="turn_draw")  # top first
        for seat in ("B", None):
            events = envelope(g, seat, 0, (0, len(g.log)))["events"]
            draw = next(e for e in events if e["event"] == "draw")
            assert draw.get("card") == card, (card, seat, draw)
        assert ("hand", "", None, card) in revealed(g, "B")
    g = build([*X], {"main_deck": ["x2", "x1"]}, phase="turn_draw")
    draw = next(e for e in envelope(g, "B", 0, (0, len(g.log)))["events"] if e["event"] == "draw")
    assert "card" not in draw and revealed(g, "B") == []  # any other draw stays hidden
