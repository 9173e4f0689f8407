"""The browser's contract with every game (docs/testing.md, "Front-end tests"): for each installed game, a
whole game against ``ai:greedy`` (which ends it in a few turns) played by clicking — through the board's
places half the time, else from the list — to its natural end, at a laptop's size and at a phone's. A new
game passes it by registering its plugin; nothing here names a game.

At both sizes: the page never shows or logs an error and no request fails; the seed is on no screen. At the
laptop's size also: everything the seat was sent is what it would have been sent had every card hidden from
it been otherwise (``Game.resample``, twice per envelope): its view, its board and its events; the board's
battle lines and attacked places were drawn whenever an envelope had them; the log ends with the game's last
event; and the replay viewer steps through the finished game. At the phone's, the page never grows wider than
the phone."""

from __future__ import annotations

import json
import random
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leaks import seed_leaks
from records import positions
from tablero.core import Rng
from tablero.core.registry import installed_games
from tablero.server.envelopes import board_json

from .table import LAPTOP, OVER, PHONE, Watch, play_to_the_end, record_of, start_against_the_computer

GAMES = sorted(installed_games())


def seed_of(game: str) -> int:
    """Each game's own seeded game, the same every run."""
    return 20261200 + zlib.crc32(game.encode()) % 100


def nothing_hidden_was_sent(frames: list[dict[str, Any]], seat: str, record: dict[str, Any], lang: str) -> int:
    """Each envelope the seat received against the same position with every card hidden from it redrawn:
    the same view, board and events. Returns how many envelopes were compared."""
    games = positions(record)
    checked = 0
    for env in frames:
        if env.get("view") is None:  # not a position (nothing to see yet)
            continue
        real = games[env["seq"]]
        told = [{k: v for k, v in ev.items() if k != "text"} for ev in env.get("events", [])]
        for k in range(2):
            copy = real.resample(seat, Rng(1000 * env["seq"] + k))
            view = copy.view(seat)
            assert env["view"] == view, f"the view at seq {env['seq']} depends on hidden cards"
            if "board" in env:
                assert env["board"] == board_json(copy, seat, view, lang), f"the board at seq {env['seq']}"
            log = copy.log_for(seat)
            assert told == log[len(log) - len(told):], f"the events at seq {env['seq']}"
        checked += 1
    return checked


def drawn_whenever_sent(frames: list[dict[str, Any]], seen: set[str]) -> None:
    """A battle's status lines and the attacked places, whenever an envelope's board had them."""
    boards = [env["board"] for env in frames if env.get("board")]
    if any(b.get("status") for b in boards):
        assert "#table-status" in seen
    if any(b.get("marked") for b in boards):
        assert ".zone.attacked" in seen


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_clicking_on_a_laptop(page: Page, server: str, artifacts: Path, game: str) -> None:
    page.set_viewport_size(LAPTOP)
    watch = Watch(page)
    seed = seed_of(game)
    start_against_the_computer(page, server, f"laptop_{game}"[:20], str(seed), game, "ai:greedy")
    expect(page.locator(".field.theirs .owner")).to_contain_text("ai:greedy")  # whose field is whose
    expect(page.locator(".field.mine .owner")).to_contain_text(f"laptop_{game}"[:20])
    expect(page.locator("#log li").first).to_be_visible()
    page.screenshot(path=str(artifacts / f"{game}-laptop-start.png"), full_page=True)
    final, by_places = play_to_the_end(page, random.Random(seed))
    assert re.search(OVER, final), final
    assert by_places >= 3, by_places  # cards were played by clicking them and their places on the board
    page.screenshot(path=str(artifacts / f"{game}-laptop-over.png"), full_page=True)
    assert not watch.problems(), watch.problems()
    record = record_of(page)
    assert record["seed"] == seed and record["game"] == game  # the lobby's seed reached the game
    assert not seed_leaks(page.inner_text("body"), seed) and not seed_leaks(json.dumps(watch.frames), seed)
    assert nothing_hidden_was_sent(watch.frames, "A", record, "es") > 10
    drawn_whenever_sent(watch.frames, watch.seen())
    last = next(ev for env in reversed(watch.frames) for ev in reversed(env.get("events") or []))
    expect(page.locator("#log li").last).to_have_text(last["text"]["es"])  # the log ends with the game's end
    # the replay viewer steps through the finished game, forwards and backwards
    page.click("#open-replay")
    steps = len(record["actions"])
    expect(page.locator("#step")).to_have_text(f"0 / {steps}")
    for _ in range(3):
        page.click("#replay-next")
    expect(page.locator("#step")).to_have_text(f"3 / {steps}")
    page.click("#replay-prev")
    expect(page.locator("#step")).to_have_text(f"2 / {steps}")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step")).to_have_text(f"3 / {steps}")
    page.click("#replay-last")
    expect(page.locator("#step")).to_have_text(f"{steps} / {steps}")
    expect(page.locator("#status")).to_contain_text(final.split("\n")[0].split("!")[0].split(".")[0])
    expect(page.locator(".field.theirs [data-region='hand'] .zone")).to_have_count(0)  # still the seat's view
    assert not watch.problems(), watch.problems()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_clicking_on_a_phone(page: Page, server: str, artifacts: Path, game: str) -> None:
    page.set_viewport_size(PHONE)
    watch = Watch(page)
    seed = seed_of(game) + 1
    start_against_the_computer(page, server, f"phone_{game}"[:20], str(seed), game, "ai:greedy")
    final, by_places = play_to_the_end(page, random.Random(seed))
    assert re.search(OVER, final), final
    assert by_places >= 1, by_places  # the phone's board is clicked too, not only its list
    page.screenshot(path=str(artifacts / f"{game}-phone-over.png"), full_page=True)
    assert not watch.problems(), watch.problems()
    assert not seed_leaks(page.inner_text("body"), seed)
    # the phone layout held the whole way: the page never grew wider than the phone
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
