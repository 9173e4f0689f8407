"""Issue 21, item 2: the table is one screen. A seeded game of each game against ai:random is played by
clicking. At every decision, and in every list a card's group narrows to, the laptop's page does not scroll
and the log's last event is in sight. At each decision that lists more actions than any before it, the board
is looked at on a laptop
(1366×768: both fields, the hand, the question and the log in sight, no scrolling, the board not scrolled
inside) and on a phone (390×844: your field, your hand and every action in the first screen; the opponent's
field folded to a strip that opens on tap). Screenshots of the busiest position go to ``artifacts/``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .table import choose_game, click_an_action, moved, my_decision_or_the_end, register, seq

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
DECISIONS = 30  # the decisions looked at in each game
# every animation of a redraw is over (a glow that pulses for ever does not count)
SETTLED = ("() => document.getAnimations().every((a) => a.playState !== 'running'"
           " || a.effect.getComputedTiming().iterations === Infinity)")


def settle(page: Page) -> None:
    page.wait_for_function(SETTLED)


def outside(page: Page) -> list[dict[str, Any]]:
    """The listed actions not wholly inside the window, as the page lies unscrolled (none, on one screen)."""
    found: list[dict[str, Any]] = page.evaluate("""() => [...document.querySelectorAll('button.action')].map((b) => {
        const r = b.getBoundingClientRect();
        return { text: b.textContent, top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
      }).filter((r) => r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)""")
    return found


def the_page_does_not_scroll(page: Page) -> None:
    """On a laptop the table never scrolls as a page, whatever the decision lists: the actions take the room
    the card panel gives up, and scroll inside only when even that is not enough (a card with 49 ways to be
    played). The log keeps its last events in sight."""
    settle(page)
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight"), "the page scrolls"
    expect(page.locator("#log li").last).to_be_in_viewport()


def look_on_a_laptop(page: Page, shot: Path | None) -> None:
    page.set_viewport_size(SIZES["desktop"])
    settle(page)
    if shot is not None:
        page.screenshot(path=str(shot))
    the_page_does_not_scroll(page)
    assert page.evaluate("() => { const t = document.querySelector('#game .table');"
                         " return t.scrollHeight <= t.clientHeight + 1; }"), "the board scrolls inside"
    assert page.evaluate("() => { const a = document.querySelector('#game .actions');"
                         " return a.scrollHeight <= a.clientHeight + 1; }"), "the actions scroll inside"
    for part in (".field.theirs", ".field.mine", ".field.mine [data-region='hand']", "#status", ".actions .prompt"):
        expect(page.locator(part).first, part).to_be_in_viewport(ratio=0.97)
    expect(page.locator("#log")).to_be_in_viewport()
    assert not outside(page)


def look_on_a_phone(page: Page, shot: Path | None) -> None:
    page.set_viewport_size(SIZES["phone"])
    page.evaluate("() => window.scrollTo(0, 0)")
    settle(page)
    if shot is not None:
        page.screenshot(path=str(shot))
    for part in (".field.mine", ".field.mine [data-region='hand']", ".actions"):
        expect(page.locator(part).first, part).to_be_in_viewport(ratio=0.97)
    assert not outside(page), outside(page)
    theirs = page.locator(".field.theirs")
    toggle = theirs.locator("button.rival-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_accessible_name(theirs.locator(".owner").inner_text())
    expect(theirs.locator(".regions")).to_be_hidden()  # folded to a strip: who, counters, cards in hand
    expect(theirs.locator(".counter").first).to_be_visible()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(theirs.locator(".regions")).to_be_visible()
    expect(theirs.locator(".zone.slot").first).to_be_visible()
    if shot is not None:
        page.screenshot(path=str(shot.with_name(shot.stem + "-open.png")))
    toggle.click()
    expect(theirs.locator(".regions")).to_be_hidden()
    page.set_viewport_size(SIZES["desktop"])


def start(page: Page, server: str, game: str, seed: str) -> None:
    register(page, server, f"una_{game}")
    choose_game(page, game)
    page.select_option("#ai", "ai:random")
    page.fill("#seed", seed)
    page.set_viewport_size(SIZES["desktop"])
    page.click("#start")
    expect(page.locator("#game .board")).to_be_visible()


@pytest.mark.parametrize("game, seed", [("choque", "20261201"), ("deuses", "20261220")])
def test_the_busiest_position_fits_one_screen(page: Page, server: str, artifacts: Path, game: str, seed: str) -> None:
    start(page, server, game, seed)
    rng = random.Random(seed)
    most = 0
    for _ in range(DECISIONS):
        if my_decision_or_the_end(page) is not None:
            break
        settle(page)
        listed = page.locator("button.action").count()
        if listed > most:
            most = listed
            look_on_a_laptop(page, artifacts / f"board-{game}-desktop.png")
            look_on_a_phone(page, artifacts / f"board-{game}-phone.png")
        the_page_does_not_scroll(page)  # at every decision, not only the busiest
        before = seq(page)
        click_an_action(page, rng, narrowed=lambda: the_page_does_not_scroll(page))
        moved(page, before)
    assert most >= 3, most  # a position with a real choice was looked at


def next_frames(page: Page) -> None:
    """Until the page has drawn twice: a scroll's event is delivered by then."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_the_log_keeps_its_last_events_in_sight_unless_the_player_scrolled_up(page: Page, server: str) -> None:
    """The log follows what happens when its box changes size (a window resized or turned), but a player
    who scrolled up to read stays where they are until they scroll back down."""
    start(page, server, "choque", "20261201")
    log = page.locator("#log")
    rng = random.Random(1)
    while my_decision_or_the_end(page) is None and not log.evaluate("(o) => o.scrollHeight > o.clientHeight + 40"):
        before = seq(page)
        click_an_action(page, rng)
        moved(page, before)
    at_end = ("() => { const o = document.querySelector('#log');"
              " return o.scrollTop + o.clientHeight >= o.scrollHeight - 2; }")

    def turn_the_window() -> None:
        page.set_viewport_size(SIZES["phone"])
        next_frames(page)
        page.set_viewport_size(SIZES["desktop"])
        next_frames(page)

    turn_the_window()
    assert page.evaluate(at_end)
    expect(page.locator("#log li").last).to_be_in_viewport()
    log.evaluate("(o) => { o.scrollTop = 0; }")  # the player scrolls up to read
    next_frames(page)
    turn_the_window()
    assert log.evaluate("(o) => o.scrollTop") == 0
    log.evaluate("(o) => { o.scrollTop = o.scrollHeight; }")  # back down: it follows again
    next_frames(page)
    turn_the_window()
    assert page.evaluate(at_end)
