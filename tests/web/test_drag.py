"""Issue 21, item 6: drag and drop. A game of Choque against ai:random in which every card played from the
hand to a place is dragged there with the mouse (press on the card, the places it may go to light up, move,
release on one of them), six times, at a laptop's and a phone's size; other decisions are clicked. A drop
anywhere else puts the card back."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .table import OVER, click_an_action, moved, my_decision_or_the_end, seq, start_against_the_computer
from .test_one_screen import SETTLED

MOVED = "() => Number(document.querySelector('#game').dataset.seq) > {before} || /{over}/.test(" \
        "document.querySelector('#status').textContent)"


def centre(page: Page, selector: str, nth: int = 0) -> tuple[float, float]:
    box = page.locator(selector).nth(nth).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag_a_card(page: Page, rng: random.Random) -> bool:
    """Drag a card of the hand that goes somewhere onto one of its places; False if none can be dragged. When
    the place chosen leaves several actions (a card with several ways to that place), the list, narrowed to
    them, finishes the choice."""
    page.wait_for_function(SETTLED)
    cards = page.locator(".field.mine .zone.draggable[data-ref^='hand:']")
    if not cards.count():
        return False
    before = seq(page)
    n = rng.randrange(cards.count())
    ref = cards.nth(n).get_attribute("data-ref")
    x, y = centre(page, ".field.mine .zone.draggable[data-ref^='hand:']", n)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 12, steps=3)  # a drag now: the card is carried, its places light up
    expect(page.locator("body")).to_have_class(re.compile(r"\bdragging\b"))
    targets = page.locator("#game .zone.target")
    expect(targets.first).to_be_visible()
    k = rng.randrange(targets.count())
    tx, ty = centre(page, "#game .zone.target", k)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    page.wait_for_function(MOVED.format(before=before, over=OVER) + " || !!document.querySelector('.zone.selected')",
                           timeout=30_000)
    if seq(page) == before and not re.search(OVER, page.locator("#status").inner_text()):
        # several actions go from that card to that place: the list offers just those
        expect(page.locator(f"[data-ref='{ref}']").first).to_have_class(re.compile(r"\bselected\b"))
        click_an_action(page, rng)
        moved(page, before)
    return True


@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_the_hands_cards_are_dragged_to_their_places(page: Page, server: str, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    start_against_the_computer(page, server, "dino_drag", "20261221")
    rng = random.Random(21)
    dragged = 0
    # a drop on no place puts the card back: nothing is sent, the board is as it was
    page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
    page.wait_for_function(SETTLED)
    if page.locator(".field.mine .zone.draggable[data-ref^='hand:']").count():
        before = seq(page)
        x, y = centre(page, ".field.mine .zone.draggable[data-ref^='hand:']")
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y - 40, steps=3)
        expect(page.locator("#game .zone.target").first).to_be_visible()
        sx, sy = centre(page, "#status")
        page.mouse.move(sx, sy, steps=4)
        page.mouse.up()
        expect(page.locator("#game .zone.target")).to_have_count(0)
        expect(page.locator("body")).not_to_have_class(re.compile(r"\bdragging\b"))
        assert seq(page) == before
    for _ in range(3000):  # until six cards were dragged to their places (a whole game is the contract's)
        final = my_decision_or_the_end(page)
        if final is not None or dragged == 6:
            break
        if drag_a_card(page, rng):
            dragged += 1
            continue
        before = seq(page)
        click_an_action(page, rng)
        moved(page, before)
    assert final is None or re.search(OVER, final), final
    assert dragged >= 5, dragged


def test_a_card_is_dragged_by_a_finger_on_a_touch_screen(browser: Any, server: str) -> None:
    """A touch screen's own events (Chromium's, through the DevTools protocol: touchStart, touchMove,
    touchEnd, as a finger makes them), not a mouse's: the card is carried, its places light up, and the
    finger lifted on one of them takes the action, without the page scrolling or the card being looked at
    closely."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    try:
        start_against_the_computer(page, server, "tina_touch", "20261221")
        cdp = ctx.new_cdp_session(page)

        def touch(kind: str, x: float, y: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        rng = random.Random(5)
        for _ in range(200):  # to a decision with a card of the hand to drag
            if my_decision_or_the_end(page) is not None:
                raise AssertionError("the game ended before a card could be dragged")
            page.wait_for_function(SETTLED)
            if page.locator(".field.mine .zone.draggable[data-ref^='hand:']").count():
                break
            before = seq(page)
            click_an_action(page, rng)
            moved(page, before)
        before = seq(page)
        page.locator(".field.mine .zone.draggable[data-ref^='hand:']").first.scroll_into_view_if_needed()
        scroll = "() => [...document.querySelectorAll('*')].filter((n) => n.scrollTop).length + window.scrollY"
        scrolled = page.evaluate(scroll)
        x, y = centre(page, ".field.mine .zone.draggable[data-ref^='hand:']")
        touch("touchStart", x, y)
        for i in range(1, 4):
            touch("touchMove", x + 4 * i, y - 4 * i)
        expect(page.locator("body")).to_have_class(re.compile(r"\bdragging\b"))
        expect(page.locator("#game .zone.target").first).to_be_visible()
        tx, ty = centre(page, "#game .zone.target")
        for i in range(1, 7):
            touch("touchMove", x + (tx - x) * i / 6, y + (ty - y) * i / 6)
        touch("touchEnd", tx, ty)
        done = MOVED.format(before=before, over=OVER) + " || !!document.querySelector('.zone.selected')"
        page.wait_for_function(done, timeout=30_000)
        expect(page.locator("#closer")).to_be_hidden()  # a drag, not a long press
        expect(page.locator("body")).not_to_have_class(re.compile(r"\bdragging\b"))
        assert seq(page) > before or page.locator(".zone.selected").count()  # taken, or narrowed to that place
        assert page.evaluate(scroll) == scrolled  # the finger's move carried the card, it scrolled nothing
    finally:
        ctx.close()
