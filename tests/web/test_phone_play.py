"""Issue 21: a whole game of each game played by clicking at a phone's size (390x844), where the rival's
field is folded to a strip: every decision is taken from the listed actions, which the phone layout keeps
reachable."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from .test_play import my_decision_or_the_end, register

PHONE = {"width": 390, "height": 844}


def choose(page: Page, rng: random.Random) -> None:
    """Click one listed action at random; a group (one card's many actions) narrows the list first."""
    expect(page.locator("button.action").first).to_be_visible()
    actions = page.locator("button.action")
    pick = actions.nth(rng.randrange(actions.count()))
    if "group" in (pick.get_attribute("class") or "").split():
        pick.click()
        expect(page.locator("button.action.group")).to_have_count(0)
        actions = page.locator("button.action")
        expect(actions.first).to_be_visible()
        pick = actions.nth(rng.randrange(actions.count()))
    before = page.locator("#game").get_attribute("data-seq")
    pick.click()
    # the answer is drawn before the next look (the old decision's buttons stay until then)
    page.wait_for_function(f"() => document.querySelector('#game').dataset.seq !== '{before}'", timeout=30_000)


@pytest.mark.parametrize(("game", "seed"), [("choque", 20261204), ("deuses", 20261205)])
def test_a_whole_game_by_clicking_on_a_phone(page: Page, server: str, game: str, seed: int) -> None:
    page.set_viewport_size(PHONE)
    register(page, server, f"phone_{game}")
    if page.locator("#game-choice").is_visible():
        page.select_option("#game-choice", game)
        expect(page.locator("#my-deck option")).not_to_have_count(0)
    page.select_option("#ai", "ai:random")
    page.fill("#seed", str(seed))
    page.click("#start")
    expect(page.locator("#game .board")).to_be_visible()
    rng = random.Random(seed)
    for _ in range(3000):
        status = my_decision_or_the_end(page)
        if status is not None:
            break
        choose(page, rng)
    else:
        raise AssertionError("no end after 3000 decisions")
    assert any(w in status for w in ("Ganaste", "Perdiste", "Empate"))
    # the phone layout held the whole way: the page never grew wider than the phone
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
