"""Issue 21, item 7, in the browser: "¿Qué haría la computadora?" lights the move the search would make in the
player's seat, says its chance to win, and counts down the hints left. A hint that comes back after the
player has moved on lights nothing on the new board (answers come back in any order)."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, Route, expect

from .table import click_an_action, moved, my_decision_or_the_end, seq, start_against_the_computer
from .test_play import answered

SEED = "20261201"


def test_the_hint_lights_the_move_and_counts_down(page: Page, server: str) -> None:
    start_against_the_computer(page, server, "ana_pista", SEED)
    assert my_decision_or_the_end(page) is None
    left = page.locator(".hint-left")
    expect(left).to_contain_text("10")
    with page.expect_response("**/api/games/*/hint") as answer:
        page.click("#hint")
    hint = answer.value.json()
    assert hint["seq"] == seq(page)  # the decision on the board
    expect(page.locator("#hint-result")).to_contain_text(re.compile(r"\d+\s?%"))
    expect(page.locator("#hint-result")).to_contain_text(hint["label"]["es"])
    expect(left).to_contain_text("9")
    places = [ref for ref in [hint.get("source"), *hint.get("targets", [])] if ref]
    for ref in places:
        expect(page.locator(f"[data-ref='{ref}']").first).to_have_class(re.compile(r"\bhinted\b"))
    assert page.locator(".hinted").count() >= len(places)
    # every redraw of the decision lights it again: the push that records the hint may come after the answer
    # (a CI run saw the places unlit then), and a reload draws it from the envelope
    page.reload()
    for ref in places:
        expect(page.locator(f"[data-ref='{ref}']").first).to_have_class(re.compile(r"\bhinted\b"))
    expect(page.locator("#hint-result")).to_contain_text(hint["label"]["es"])


def test_a_hint_that_answers_after_the_player_moved_on_lights_nothing(page: Page, server: str) -> None:
    start_against_the_computer(page, server, "ana_tarde", SEED)
    assert my_decision_or_the_end(page) is None
    held: list[Route] = []
    page.route("**/api/games/*/hint", lambda route: held.append(route))
    with page.expect_request("**/api/games/*/hint"):
        page.click("#hint")
    route = held.pop()
    reply = route.fetch()  # the server's hint for this decision, held back from the page
    hint = reply.json()
    places = [ref for ref in [hint.get("source"), *hint.get("targets", [])] if ref]
    assert places, hint  # a hint with places on the board, else there is nothing to light late
    before = seq(page)
    click_an_action(page, random.Random(1))
    moved(page, before)
    assert any(page.locator(f"[data-ref='{ref}']").count() for ref in places), "the places are still on the board"
    answered(page, route, "**/api/games/*/hint", reply)
    expect(page.locator(".hinted")).to_have_count(0)
