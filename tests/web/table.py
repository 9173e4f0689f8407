"""What every browser test does at the table, for any game: sign up, start a game, wait for a decision or
the end, click a place or a listed action, and watch what the page received and showed. Waits are on
states the page shows (its ``#game`` element's ``data-seq``, the status bar), never on time."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from playwright.sync_api import Page, expect

from tablero.core.registry import plugin

# the end of a game as the table says it, in Spanish (its first language) and English
OVER = "Ganaste|Perdiste|Empate|You won|You lost|Draw"
LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}

# Records every error the page shows (web/app.js shows them as .error, role=alert) at any moment, also one
# that comes and goes while the test looks elsewhere; and every part of the board that was ever drawn among
# PARTS (a battle's status lines, an attacked place, a chain), also while the computer decides.
WATCH = """
window.__errors = [];
window.__seen = new Set();
new MutationObserver(() => {
  for (const e of document.querySelectorAll('.error')) {
    if (!window.__errors.includes(e.textContent)) window.__errors.push(e.textContent);
  }
  for (const part of ["#table-status", ".zone.attacked"]) {
    if (document.querySelector(part)) window.__seen.add(part);
  }
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
"""


class Watch:
    """What a page received on its game sockets and what went wrong on it: script errors, failed console
    calls, answers of 400 or more, errors shown."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.frames: list[dict[str, Any]] = []
        self.broken: list[str] = []
        page.add_init_script(WATCH)
        page.on("websocket", lambda ws: ws.on("framereceived", lambda data: self.frames.append(json.loads(data))))
        page.on("pageerror", lambda e: self.broken.append(str(e)))
        page.on("console", lambda m: self.broken.append(m.text)
                if m.type == "error" and "Failed to load" not in m.text else None)  # told by its answer below
        page.on("response", lambda r: self.broken.append(f"{r.status} {r.request.method} {r.url}")
                if r.status >= 400 else None)

    def problems(self) -> list[str]:
        return [*self.broken, *self.page.evaluate("() => window.__errors || []")]

    def seen(self) -> set[str]:
        return set(self.page.evaluate("() => [...(window.__seen || [])]"))


def register(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#username", name)
    page.fill("#password", "contraseña-larga")
    page.click("#register")
    expect(page.locator("#start")).to_be_visible()


def choose_game(page: Page, game: str) -> None:
    """Choose ``game`` in the lobby (when the table plays several) and wait until the lobby is redrawn for it
    (its decks listed): a choice made on the lobby before would be lost with the form it was made on."""
    if page.locator("#game-choice").is_visible() and page.locator("#game-choice").input_value() != game:
        page.select_option("#game-choice", game)
    deck = sorted(plugin(game).shipped_decks())[0]
    expect(page.locator(f"#my-deck option[value='{deck}']")).to_have_count(1)


def start_against_the_computer(page: Page, base: str, name: str, seed: str, game: str | None = None,
                               opponent: str = "ai:random") -> None:
    """Registers ``name`` and starts a seeded game (``game``, else the table's first) against a computer
    player (the same shuffles every run), up to its board."""
    register(page, base, name)
    if game is not None:
        choose_game(page, game)
    page.select_option("#ai", opponent)
    page.fill("#seed", seed)
    page.click("#start")
    expect(page.locator("#game .board")).to_be_visible()


def seq(page: Page) -> int:
    return int(page.locator("#game").get_attribute("data-seq") or -1)


def over(page: Page) -> bool:
    return re.search(OVER, page.locator("#status").inner_text()) is not None


def my_decision_or_the_end(page: Page) -> str | None:
    """Wait until the page's player must decide (None) or the game is over (its final status)."""
    page.wait_for_function(
        f"() => {{ const s = document.querySelector('#status'); return s && (s.classList.contains('my-turn')"
        f" || /{OVER}/.test(s.textContent)); }}", timeout=30_000)
    status = page.locator("#status").inner_text()
    return status if re.search(OVER, status) else None


def moved(page: Page, before: int) -> None:
    """Wait until the board has moved past ``before`` actions, or the game is over."""
    page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.seq) > {before}"
                           f" || /{OVER}/.test(document.querySelector('#status').textContent)", timeout=30_000)


def click_an_action(page: Page, rng: random.Random, narrowed: Callable[[], None] | None = None) -> None:
    """Click one of the listed legal actions at random. A group (the many actions of one card) chooses that
    card first: the list narrows to its actions (``narrowed`` is called then, to look at the page), its
    card is selected on the board, and one of them is clicked."""
    actions = page.locator("button.action")
    pick = actions.nth(rng.randrange(actions.count()))
    if "group" in (pick.get_attribute("class") or "").split():
        source = pick.get_attribute("data-source")
        pick.click()  # copies of one card in hand share its ref (either is the same choice): both light up
        expect(page.locator(f"[data-ref='{source}']").first).to_have_class(re.compile(r"\bselected\b"))
        expect(page.locator("button.action.group")).to_have_count(0)
        actions = page.locator("button.action")
        if narrowed is not None:
            narrowed()
        pick = actions.nth(rng.randrange(actions.count()))
    pick.click()


def click_a_place(page: Page, rng: random.Random) -> bool:
    """Choose a place an action starts from (a card in hand, a card on the field that may attack), then the
    lit places after it until an action is taken; False when the list must finish the choice (the source
    starts several actions that go nowhere on the board, or several go through the places chosen)."""
    before = seq(page)
    sources = page.locator(".zone.source:visible")  # not one in a closed pile (the list offers it too)
    if not sources.count():
        return False
    sources.nth(rng.randrange(sources.count())).click()
    for _ in range(8):
        targets = page.locator(".zone.target")
        if not targets.count():
            return False
        target = targets.nth(rng.randrange(targets.count()))
        ref = target.get_attribute("data-ref")
        # a place to choose is in sight: a pile that holds one is opened, as it is for a card to start from
        expect(target, f"the place {ref} to choose is not in sight").to_be_visible()
        # the click either chooses a place of several (the board is redrawn at once, the places after it lit)
        # or takes the action (redrawn when the server's reply comes, the page's seq one more)
        page.evaluate("() => { document.querySelector('#game .board').dataset.old = '1'; }")
        target.click()
        page.wait_for_function("() => !document.querySelector('#game .board').dataset.old", timeout=30_000)
        if seq(page) > before:
            return True
    raise AssertionError("a choice of places that never ends")


class Played(NamedTuple):
    status: str  # the status bar's last words
    by_places: int  # the actions taken by clicking places on the board (the rest came from the list)


def play_to_the_end(page: Page, rng: random.Random, limit: int = 3000) -> Played:
    """Click until the game is over: through the places on the board half the time, else from the list of
    legal actions."""
    by_places = 0
    for _ in range(limit):
        status = my_decision_or_the_end(page)
        if status is not None:
            return Played(status, by_places)
        before = seq(page)
        if rng.random() < 0.5 and click_a_place(page, rng):
            by_places += 1
            continue
        if seq(page) > before:
            continue
        click_an_action(page, rng)
        moved(page, before)
    raise AssertionError("the game did not end")


def record_of(page: Page) -> dict[str, Any]:
    """The finished game's record, read in Python (a seed of 63 bits does not survive a JavaScript number)."""
    game = page.locator("#game").get_attribute("data-game")
    token = page.evaluate("() => localStorage.getItem('token')")
    base = re.sub(r"/#.*$|/$", "", page.url)
    r = page.request.get(f"{base}/api/games/{game}/replay", headers={"Authorization": f"Bearer {token}"})
    assert r.ok, r.text()
    out: dict[str, Any] = r.json()
    return out
