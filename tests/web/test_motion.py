"""Issue 21, items 4 and 5: the board moves between redraws unless the player asks for reduced motion, and
any card can be looked at closely — pointed at with the mouse, or pressed long on a touch screen — with its
whole text and each keyword explained with its rule; a keyword chip of the card panel explains itself too."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .test_board import RENDER, a_swap_to_choose, labelled, real_envelope

pytestmark = pytest.mark.motion
ANIMATIONS = "() => document.getAnimations().length"
FLYING = "() => document.querySelectorAll('.fx-layer > *').length"
FLOATS = """() => {
  window.__floats = [];
  window.__flown = 0;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!node.classList || !node.parentElement || !node.parentElement.classList.contains("fx-layer")) continue;
        if (node.classList.contains("float")) window.__floats.push(node.textContent);
        else window.__flown += 1;
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def a_move(page: Page, server: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Two envelopes of a real game, the second as if a card had left the hand and hearts were lost."""
    env = real_envelope(page, server)
    me = env["view"]["viewer"]
    first = labelled({**env, "seq": 20_000, "legal_actions": [{"player": me, "do": "pass"}], "winner": None}, me)
    after = json.loads(json.dumps(env))
    after["view"][me]["hand"] = after["view"][me]["hand"][1:]
    after["view"][me]["hearts"] -= 3
    second = labelled({**after, "seq": 20_001, "legal_actions": [{"player": me, "do": "pass"}], "winner": None}, me)
    return first, second, me


def test_the_board_moves_between_redraws_and_not_under_reduced_motion(page: Page, server: str) -> None:
    first, second, me = a_move(page, server)
    page.evaluate(RENDER, [first, me])
    page.wait_for_function("() => document.getAnimations().length === 0")  # the first drawing has settled
    page.evaluate(FLOATS)  # every number that floats up is kept as it appears: it lives 400 ms, which a slow
    # machine can spend between two evaluations (a throttled run once found none left)
    page.evaluate(RENDER.replace('const root = document.createElement("section");\n  root.id = "probe";\n'
                                 '  document.body.append(root);', 'const root = document.querySelector("#probe");'),
                  [second, me])
    page.wait_for_function("() => window.__floats.length > 0")  # the hearts fall
    page.wait_for_function("() => document.getAnimations().length === 0")  # all over: none runs for ever
    assert page.evaluate("() => window.__floats") == ["-3"]
    assert page.evaluate("() => window.__flown") > 0  # the card that left the hand flew
    assert page.evaluate(FLYING) == 0  # what flew (the card leaving, the number) is gone
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => document.querySelector('#probe').remove()")
    page.evaluate(RENDER, [first, me])
    page.evaluate(RENDER.replace('const root = document.createElement("section");\n  root.id = "probe";\n'
                                 '  document.body.append(root);', 'const root = document.querySelector("#probe");'),
                  [second, me])
    assert page.evaluate(ANIMATIONS) == 0 and page.evaluate(FLYING) == 0
    page.locator("#probe .field.mine .hand .zone.piece").first.hover()  # no transition either (a card lifted)
    assert page.evaluate(ANIMATIONS) == 0


def with_a_keyword_in_hand(page: Page, server: str) -> tuple[dict[str, Any], str, str, Any]:
    """A real envelope whose hand starts with a character that has Brutalidad (CH-8)."""
    from tablero.core.registry import plugin

    env = real_envelope(page, server)
    me = env["view"]["viewer"]
    book = plugin("choque").presenter("es").book
    cid = next(c for c, d in book.cards.items() if d.type == "personaje" and "brutalidad" in d.keywords)
    env["view"][me]["hand"] = [cid, *env["view"][me]["hand"][1:]]
    env = labelled({**env, "seq": 20_002, "legal_actions": [{"player": me, "do": "pass"}], "winner": None}, me)
    return env, me, cid, book


def test_a_card_is_looked_at_closely_and_its_keyword_explains_its_rule(page: Page, server: str) -> None:
    env, me, cid, book = with_a_keyword_in_hand(page, server)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate(RENDER, [env, me])
    card = page.locator(f"#probe [data-ref='hand:{cid}'] [data-key]").first
    closer = page.locator("#closer")
    card.hover()
    expect(closer).to_be_visible()
    expect(closer.locator(".name")).to_have_text(book.name(cid))
    expect(closer.locator(".card-text")).to_have_text(book.text(cid))  # the whole text, not clipped
    explained = closer.locator(".kw-list li").filter(has_text="Brutalidad")
    expect(explained).to_have_text("Brutalidad: Puede declarar batalla en el turno en que es llamado. (CH-8)")
    page.mouse.move(2, 2)  # the pointer leaves the card: the large one goes away
    expect(closer).to_be_hidden()
    card.hover()
    expect(closer).to_be_visible()
    page.keyboard.press("Escape")
    expect(closer).to_be_hidden()
    # the card panel: the keyword is a chip a player can focus or point at; its explanation is a tooltip
    page.locator(f"#probe [data-ref='hand:{cid}']").first.focus()
    chip = page.locator("#card-detail .kw-chip").filter(has_text="Brutalidad")
    expect(chip).to_have_attribute("title", "Puede declarar batalla en el turno en que es llamado. (CH-8)")
    tip = page.locator("#card-detail [role='tooltip']").filter(has_text="CH-8")
    expect(tip).to_be_hidden()
    chip.focus()
    expect(tip).to_be_visible()
    expect(tip).to_have_text("Puede declarar batalla en el turno en que es llamado. (CH-8)")
    expect(chip).to_have_accessible_description("Puede declarar batalla en el turno en que es llamado. (CH-8)")
    chip.blur()
    chip.hover()
    expect(tip).to_be_visible()


def test_a_long_press_on_a_touch_screen_shows_the_card_until_a_tap_elsewhere(page: Page, server: str) -> None:
    env, me, cid, book = with_a_keyword_in_hand(page, server)
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(RENDER, [env, me])
    card = page.locator(f"#probe [data-ref='hand:{cid}'] [data-key]").first
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box is not None
    at = {"pointerType": "touch", "isPrimary": True, "pointerId": 7, "bubbles": True, "button": 0,
          "clientX": box["x"] + box["width"] / 2, "clientY": box["y"] + box["height"] / 2}
    page.clock.install()  # the page's timers run on a clock the test moves: no waiting on the real one
    card.dispatch_event("pointerdown", at)
    page.clock.run_for(650)  # held half a second
    card.dispatch_event("pointerup", at)
    closer = page.locator("#closer")
    expect(closer).to_be_visible()
    expect(closer.locator(".kw-list")).to_contain_text("(CH-8)")
    assert page.evaluate("window.__acted") == []  # the press chose nothing
    page.locator("#probe #status").dispatch_event("pointerdown", {**at, "pointerId": 8})  # a tap elsewhere
    expect(closer).to_be_hidden()


def test_nothing_moves_for_ever_while_the_player_thinks(page: Page, server: str) -> None:
    """The places a chosen card may go pulse a few times, then glow steadily: an endless animation would
    repaint them every frame for as long as the player thinks (a quarter of a core without a GPU)."""
    env, me = a_swap_to_choose(page, server)
    page.evaluate(RENDER, [env, me])
    page.locator(f"#probe [data-ref='{me}.C1']").click()
    expect(page.locator("#probe .zone.target")).to_have_count(1)
    running = page.evaluate("() => document.getAnimations().map((a) => a.effect.getComputedTiming().iterations)")
    assert running and all(n != float("inf") and n is not None for n in running), running


def test_a_redraw_measures_every_card_before_it_moves_any(page: Page, server: str) -> None:
    """FLIP's order: a redraw measures every card (where it was, where it is) before it starts any movement.
    A card measured after a movement had started made the browser lay the whole page out again, once per
    card: seconds of a core per move on a full board, as CI's Chromium draws it. The order is what is
    checked, not a time: every measure of the redraw comes before its first movement."""
    first, second, me = a_move(page, server)
    page.evaluate(RENDER, [first, me])
    page.wait_for_function("() => document.getAnimations().length === 0")
    calls = page.evaluate("""async ([env, me]) => {
      const { renderGame } = await import("/board.js");
      const calls = [];
      const measure = Element.prototype.getBoundingClientRect;
      const animate = Element.prototype.animate;
      Element.prototype.getBoundingClientRect = function () { calls.push("measure"); return measure.call(this); };
      Element.prototype.animate = function (...args) { calls.push("move"); return animate.apply(this, args); };
      try {
        renderGame(document.querySelector("#probe"), env, { me, act: () => {}, concede: () => {} });
      } finally {
        Element.prototype.getBoundingClientRect = measure;
        Element.prototype.animate = animate;
      }
      return calls;
    }""", [second, me])
    assert "move" in calls and calls.count("measure") >= 8, calls  # it moved, with many cards measured
    assert "measure" not in calls[calls.index("move"):], calls
