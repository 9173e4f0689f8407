"""Deuses in the browser (issue 20), beyond its contract (a whole game by clicking at both sizes, with
nothing hidden sent: test_game_contract.py): its first decision as a Portuguese player sees it — the
opponent's hand and additional deck as their sizes (DE-4.2, DE-4.3), life points, the actions in the
server's Portuguese words — and a place to choose inside a closed pile."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from tablero.core import Rng

from .table import Watch


def register_in_portuguese(page: Page, base: str, name: str) -> None:
    """Open the table, choose Portuguese from its language list, create an account, and choose Deuses."""
    page.goto(base + "/")
    page.select_option("#lang", "pt")
    expect(page.locator("#register")).to_have_text("Criar conta")  # the form redrawn in Portuguese (Spanish,
    expect(page.locator("#login")).to_have_text("Entrar")  # the table's first language, also says "Entrar")
    page.fill("#username", name)
    page.fill("#password", "senha-bem-longa")
    page.click("#register")
    expect(page.locator("#start")).to_have_text("Começar")
    page.select_option("#game-choice", "deuses")
    expect(page.locator("#my-deck option[value='furia_da_mata']")).to_have_count(1)  # Deuses' decks now


def test_a_deuses_board_in_portuguese_at_the_first_decision(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    watch = Watch(page)
    register_in_portuguese(page, server, "ana_deuses")
    page.select_option("#my-deck", "furia_da_mata")
    page.select_option("#ai", "ai:random")
    page.fill("#seed", "20261220")
    page.click("#start")
    expect(page.locator("#game .board")).to_be_visible()
    expect(page.locator(".field.theirs .owner")).to_have_text("Oponente · ai:random")
    expect(page.locator(".field.mine .owner")).to_have_text("Você · ana_deuses")
    # DE-4.2, DE-4.3: the opponent's hand and additional deck show their sizes, no card
    expect(page.locator(".field.theirs [data-region='hand'] .zone")).to_have_count(0)
    expect(page.locator(".field.theirs [data-region='hand']")).to_have_text(re.compile(r"^mão: \d$"))
    expect(page.locator(".field.theirs [data-region='additional_deck']")).to_have_text(
        re.compile(r"^baralho adicional: \d$"))
    expect(page.locator(".field.mine [data-region='hand'] .zone")).not_to_have_count(0)
    expect(page.locator(".field.mine .info")).to_contain_text("PV: ")  # the life points, in Portuguese
    # the actions are listed in the server's Portuguese words (the terminal's), and lit on the board
    page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
    labels = page.evaluate("""async (id) => (await (await fetch(`/api/games/${id}`, { headers: {
        Authorization: `Bearer ${localStorage.getItem('token')}` } })).json()).labels.map((l) => l.pt)""",
                           page.locator("#game").get_attribute("data-game"))
    shown = page.locator("button.action:not(.group)").all_inner_texts()
    assert shown and set(shown) <= set(labels), (shown, labels)
    expect(page.locator(".actions .prompt")).to_have_text(re.compile(r"^Sua etapa de .+\.$"))
    assert not watch.problems(), watch.problems()


RENDER = """async (env) => {
  const { renderGame } = await import("/board.js");
  const root = document.createElement("section");
  root.id = "game";
  document.querySelector("main").replaceChildren(root);
  window.__acted = null;
  renderGame(root, env, { me: env.board.viewer, act: (a) => { window.__acted = a; }, concede: () => {} });
}"""


def a_choice_in_a_pile() -> tuple[dict[str, Any], dict[str, Any]]:
    """A position of a random game where seat A may put down an Offering whose god is chosen from A's
    additional deck (a pile), as the server sends it to A with its board in Portuguese; and that action (one
    whose places, in order, no other action shares)."""
    from tablero.core.registry import plugin
    from tablero.server.envelopes import envelope

    for seed in range(100):
        g = plugin("deuses").random_game(seed)
        rng = Rng(seed)
        n = 0
        while not g.is_over:
            if g.pending is not None and g.pending.player == "A":
                env = envelope(g, "A", n, board="pt")
                paths = [(label.get("source"), *(label.get("targets") or ())) for label in env["labels"]]
                for action, path in zip(env["legal_actions"], paths, strict=True):
                    if any(":" in ref and "additional_deck" in ref for ref in path[1:]) and paths.count(path) == 1:
                        return json.loads(json.dumps(env)), action
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            n += 1
    raise AssertionError("no random game offered a god from the additional deck")


def test_a_place_to_choose_inside_a_closed_pile_is_opened(page: Page, server: str) -> None:
    """A god an Offering fetches is chosen in the additional deck, a pile drawn closed: once the card that
    starts the action is chosen, the pile holding the next place opens, and clicking the places in order
    takes the action. (The pile stayed closed, so the god could not be clicked, before board.js opened a
    pile for a place to choose as it did for a card to start from.)"""
    env, action = a_choice_in_a_pile()
    label = env["labels"][env["legal_actions"].index(action)]
    page.goto(server + "/")
    expect(page.locator("#login")).to_be_visible()
    page.evaluate(RENDER, env)
    page.locator(f".zone.source[data-ref='{label['source']}']").first.click()
    for ref in label["targets"]:
        place = page.locator(f".zone.target[data-ref='{ref}']").first
        expect(place).to_be_visible()
        place.click()
    assert page.evaluate("() => window.__acted") == action


def a_choice_after_a_draw() -> tuple[dict[str, Any], dict[str, Any]]:
    """A's Ritual das Três Luas brings Pai da Mata, whose effect puts Saci-Pererê onto the field, who draws
    as he arrives: the Ritual's second god is then asked as a ``choose`` ("Choices after a hidden draw").
    The envelope the server sends A there, its board in Portuguese, and the action choosing Boitatá."""
    from tablero.core.registry import scenario_game
    from tablero.server.envelopes import envelope

    g = scenario_game("deuses", {"game": "deuses", "state": {"players": {"A": {
        "hand": ["ritual_das_tres_luas", "saci_perere"],
        "field": {"F1": "curumim_batedor", "F2": "tatu_bola", "F3": "curumim_batedor"},
        "additional_deck": ["pai_da_mata", "boitata", "senhora_dos_ventos"], "main_deck": ["tatu_bola", "tatu_bola"],
        "attack_put_downs": 1}}}})
    g.apply({"player": "A", "do": "put_down", "card": "ritual_das_tres_luas", "offer": ["F1", "F2", "F3"],
             "targets": ["pai_da_mata", "saci_perere"]})
    assert g.pending is not None and g.pending.to_envelope()["detail"] == {"what": "summon_god"}
    choose = {"player": "A", "do": "choose", "targets": ["boitata"]}
    assert choose in g.legal_actions()
    return json.loads(json.dumps(envelope(g, "A", 1, board="pt"))), choose


def test_a_choice_after_a_draw_is_asked_in_portuguese_and_answered(page: Page, server: str) -> None:
    """The question names the card and what its step chooses; each choice is a button in the player's words;
    clicking one answers the decision."""
    env, action = a_choice_after_a_draw()
    page.goto(server + "/")
    page.select_option("#lang", "pt")
    expect(page.locator("#login")).to_have_text("Entrar")
    page.evaluate(RENDER, env)
    expect(page.locator(".actions .prompt")).to_have_text(
        "Ritual das Três Luas: escolha um deus do seu baralho adicional para pôr no campo.")
    buttons = page.locator("button.action:not(.group)")
    expect(buttons).to_have_count(2)
    expect(buttons.filter(has_text="Pai da Mata")).to_have_count(0)  # already on the field
    buttons.filter(has_text="Escolher Boitatá").click()
    assert page.evaluate("() => window.__acted") == action
