"""Issue 21, item 9 (the review's fixes outside the board): the deck builder filters by a keyword with a
number and shows types and keywords in words, and cards in the table's language; a finished game's lobby row
names its winner and keeps its links apart, each named with its game; the replay shows its step once."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, Route, expect

from .table import register


def to_the_deck_builder(page: Page) -> None:
    page.click("#to-decks")
    expect(page.locator("#pool li").first).to_be_visible()


def test_a_keyword_with_a_number_is_filtered_and_shown_in_words(page: Page, server: str) -> None:
    register(page, server, "kw_web")
    to_the_deck_builder(page)
    options = page.locator("#card-keyword option").all_inner_texts()
    assert not [o for o in options if "object" in o or "undefined" in o or "_" in o], options
    assert "Clarividencia" in options and "Primer daño" in options  # words, not ids (es: the table's first)
    page.select_option("#card-keyword", "clarividencia")
    rows = page.locator("#pool li")
    expect(rows.first).to_be_visible()
    texts = rows.all_inner_texts()
    assert texts and all(re.search(r"Clarividencia \d", x) for x in texts), texts
    page.select_option("#card-keyword", "primer_dano")
    expect(rows.first).to_contain_text("Primer daño")
    assert all("Primer daño" in x for x in rows.all_inner_texts())
    page.select_option("#card-keyword", "")
    expect(rows).to_have_count(95)


def test_the_deck_builder_speaks_english_in_english(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#lang", "en")
    expect(page.locator("#login")).to_have_text("Log in")
    register(page, server, "en_web")
    to_the_deck_builder(page)
    cub = page.locator("#pool li[data-card='cachorro_moteado']")
    expect(cub).to_contain_text("Spotted Cub")  # the card's English name and text, not its Spanish ones
    expect(cub).to_contain_text("character")
    expect(cub).to_contain_text("Brutality")
    expect(cub).not_to_contain_text("Cachorro")
    expect(page.locator("#card-type option[value='personaje']")).to_have_text("character")
    expect(page.locator("#card-type option[value='alma']")).to_have_text("soul")
    expect(page.locator("#card-keyword option[value='primer_dano']")).to_have_text("First strike")
    expect(page.locator("#card-keyword option[value='clarividencia']")).to_have_text("Clairvoyance")
    page.select_option("#card-keyword", "clarividencia")
    expect(page.locator("#pool li").first).to_contain_text(re.compile(r"Clairvoyance \d"))
    page.select_option("#card-keyword", "")
    page.fill("#card-search", "spotted")  # the search reads the names shown
    expect(page.locator("#pool li")).to_have_count(1)
    page.fill("#card-search", "")
    page.select_option("#deck-load", "furia_jaguar")
    expect(page.locator("#deck-parts [data-part=main]")).to_contain_text("Spotted Cub")
    expect(page.locator("#deck-parts [data-part=main] button[aria-label='+ Spotted Cub']")).to_have_count(1)
    # Deuses: its cards' English names, and its types in words
    page.select_option("#game-choice", "deuses")
    expect(page.locator("#pool li[data-card='sagui_ligeiro']")).to_contain_text("Nimble Marmoset")
    expect(page.locator("#card-type option[value='god']")).to_have_text("god")
    expect(page.locator("#card-type option[value='invocation']")).to_have_text("invocation")
    expect(page.locator("#card-keyword")).to_be_hidden()  # its cards have no keywords


def test_a_finished_games_row_names_its_winner_and_keeps_its_links_apart(page: Page, server: str) -> None:
    register(page, server, "lobby_web")
    page.select_option("#ai", "ai:random")
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
    game = page.locator("#game").get_attribute("data-game")
    page.once("dialog", lambda d: d.accept())
    page.click("#surrender")
    expect(page.locator("#open-replay")).to_be_visible(timeout=30_000)
    page.click("a.brand")
    row = page.locator(f"#games li[data-id='{game}']")
    expect(row).to_contain_text("ganador: ai:random")  # the player's name, not the seat's letter
    expect(row.locator(".game-summary")).not_to_contain_text(re.compile(r"· [AB]$"))
    opened = page.get_by_role("link", name=f"Abrir la partida #{game}")
    replay = page.get_by_role("link", name=f"Repetición de la partida #{game}")
    expect(opened).to_have_text("Abrir")
    expect(replay).to_have_text("Repetición")
    assert "AbrirRepetición" not in row.inner_text()
    a, b = opened.bounding_box(), replay.bounding_box()
    assert a and b and (b["x"] >= a["x"] + a["width"] + 4 or b["y"] >= a["y"] + a["height"]), (a, b)
    replay.click()
    expect(page.locator("#replay-controls")).to_be_visible()


def test_a_draw_and_a_challenge_in_the_lobby_say_so_in_words(page: Page, server: str) -> None:
    """The rows the server lists, as the lobby says them (the list is given here: a draw is rare)."""
    games = [
        {"id": 7, "game": "choque", "status": "over", "edition": None, "players": {"A": "ana", "B": "beto"},
         "seat": "A", "winner": "draw", "rules_version": 2},
        {"id": 8, "game": "choque", "status": "over", "edition": None, "players": {"A": "ana", "B": "beto"},
         "seat": "A", "winner": "A", "rules_version": 2},
        {"id": 9, "game": "choque", "status": "open", "edition": None, "players": {"A": "carla", "B": None},
         "seat": None, "winner": None, "rules_version": 2},
        {"id": 10, "game": "choque", "status": "open", "edition": None, "players": {"A": "ana", "B": None},
         "seat": "A", "winner": None, "rules_version": 2},
    ]

    def listed(route: Route) -> None:
        if route.request.method == "GET":
            route.fulfill(status=200, content_type="application/json", body=json.dumps(games))
        else:
            route.continue_()

    register(page, server, "ana")
    page.route(re.compile(r".*/api/games$"), listed)
    page.goto(server + "/#/decks")
    page.click("a.brand")
    expect(page.locator("#games li[data-id='7']")).to_contain_text("ana – beto · terminada · empate")
    expect(page.locator("#games li[data-id='8']")).to_contain_text("ganador: ana")
    expect(page.get_by_role("button", name="Aceptar el reto #9")).to_have_text("Aceptar")
    expect(page.get_by_role("button", name="Retirar el reto #10")).to_have_text("Retirar el reto")
    expect(page.get_by_role("link", name="Abrir la partida #10")).to_be_visible()


def test_the_replay_shows_its_step_once(page: Page, server: str) -> None:
    register(page, server, "replay_web")
    page.select_option("#ai", "ai:random")
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
    page.once("dialog", lambda d: d.accept())
    page.click("#surrender")
    page.click("#open-replay")
    toolbar = page.get_by_role("toolbar", name="Controles de la repetición")
    expect(toolbar).to_be_visible()
    expect(page.locator("#step")).to_have_text(re.compile(r"^0 / \d+$"))
    steps = int(page.locator("#step").inner_text().split("/")[1])
    expect(page.locator("h1")).to_have_text(re.compile(r"^Repetición de la partida #\d+$"))

    def counters() -> list[str]:
        return re.findall(r"\b\d+ / \d+\b", page.locator("#app").inner_text())

    assert counters() == [f"0 / {steps}"], counters()
    page.click("#replay-next")
    expect(page.locator("#step")).to_have_text(f"1 / {steps}")
    expect(toolbar).to_have_attribute("data-step", "1")
    assert counters() == [f"1 / {steps}"], counters()
    for name in ("replay-first", "replay-prev", "replay-next", "replay-last"):  # each control named by its text
        assert page.locator(f"#{name}").inner_text().strip()
