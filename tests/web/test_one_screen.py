"""Issue 21, item 2: the table is one screen. A seeded game of each game against ai:random is played by
clicking; at each decision that lists more actions than any before it, the board is looked at on a laptop
(1366×768: both fields, the hand, the question and the log in sight, no scrolling, the board not scrolled
inside) and on a phone (390×844: your field, your hand and every action in the first screen; the opponent's
field folded to a strip that opens on tap). Screenshots of the busiest position go to ``artifacts/``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .test_play import OVER, click_an_action, my_decision_or_the_end, register, seq

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
DECISIONS = 30  # the decisions looked at in each game
# every animation of a redraw is over (a glow that pulses for ever does not count)
SETTLED = ("() => document.getAnimations().every((a) => a.playState !== 'running'"
           " || a.effect.getComputedTiming().iterations === Infinity)")


def settle(page: Page) -> None:
    page.wait_for_function(SETTLED, timeout=5_000)


def outside(page: Page) -> list[dict[str, Any]]:
    """The listed actions not wholly inside the window, as the page lies unscrolled (none, on one screen)."""
    found: list[dict[str, Any]] = page.evaluate("""() => [...document.querySelectorAll('button.action')].map((b) => {
        const r = b.getBoundingClientRect();
        return { text: b.textContent, top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
      }).filter((r) => r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)""")
    return found


def look_on_a_laptop(page: Page, shot: Path | None) -> None:
    page.set_viewport_size(SIZES["desktop"])
    settle(page)
    if shot is not None:
        page.screenshot(path=str(shot))
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight"), "the page scrolls"
    assert page.evaluate("() => { const t = document.querySelector('#game .table');"
                         " return t.scrollHeight <= t.clientHeight + 1; }"), "the board scrolls inside"
    assert page.evaluate("() => { const a = document.querySelector('#game .actions');"
                         " return a.scrollHeight <= a.clientHeight + 1; }"), "the actions scroll inside"
    for part in (".field.theirs", ".field.mine", ".field.mine [data-region='hand']", "#status", ".actions .prompt"):
        expect(page.locator(part).first, part).to_be_in_viewport(ratio=0.97)
    expect(page.locator("#log")).to_be_in_viewport()
    expect(page.locator("#log li").last).to_be_in_viewport()  # the last events, scrolled into the log's view
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
    if game != "choque":
        page.select_option("#game-choice", game)
        expect(page.locator("#my-deck option")).not_to_have_count(0)
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
        before = seq(page)
        click_an_action(page, rng)
        page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.seq) > {before}"
                               f" || /{OVER}/.test(document.querySelector('#status').textContent)", timeout=30_000)
    assert most >= 3, most  # a position with a real choice was looked at
