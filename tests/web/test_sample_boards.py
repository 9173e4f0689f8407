"""Issue 19 item 4: the browser's one board renderer draws the hand-written boards of the games to come
(``tests/data/boards``: a Deuses, an Azeroth and a Riders board) from the shared schema alone; a screenshot of
each goes to ``artifacts/``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

BOARDS = Path(__file__).resolve().parents[1] / "data" / "boards"

RENDER = """async (env) => {
  const { renderGame } = await import("/board.js");
  document.querySelector("#probe")?.remove();
  const root = document.createElement("section");
  root.id = "probe";
  document.querySelector("main").replaceChildren(root);
  renderGame(root, env, { me: env.board.viewer, act: () => {}, concede: () => {} });
}"""


def envelope(board: dict[str, Any]) -> dict[str, Any]:
    """An envelope holding only the board (no legal action: the renderer needs no game of its own)."""
    return {"game": board["game"], "board": board, "seq": 1, "legal_actions": [], "labels": [], "events": [],
            "players": {}, "winner": None, "pending": None, "rules": {}, "concede": None}


def draw(page: Page, server: str, name: str, **changes: Any) -> dict[str, Any]:
    board = {**json.loads((BOARDS / f"{name}.json").read_text(encoding="utf-8")), **changes}
    page.goto(server + "/")
    expect(page.locator("#login")).to_be_visible()
    page.evaluate(RENDER, envelope(board))
    return board


@pytest.mark.parametrize("name", ["deuses", "azeroth", "riders"])
def test_each_sample_board_is_drawn_and_photographed(page: Page, server: str, artifacts: Path, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    board = draw(page, server, name)
    probe = page.locator("#probe")
    for side in board["sides"]:
        field = probe.locator(f".field[data-seat='{side['seat']}']")
        expect(field).to_have_class(re.compile(r"\bfield (mine|theirs)\b"))
        expect(field).to_have_class(re.compile(r"\bmine\b" if side.get("you") else r"\btheirs\b"))
        for r in side["regions"]:
            expect(field.locator(f"[data-region='{r['id']}']")).to_have_count(1)
    faces = [f for s in board["sides"] for r in s["regions"] for f in r.get("faces", []) if f.get("card")]
    for f in faces:
        assert probe.locator(f"[data-card='{f['card']}']").count() >= 1, f
    page.screenshot(path=str(artifacts / f"board-sample-{name}.png"), full_page=True)


def test_azeroth_attachments_face_down_resources_and_the_chain(page: Page, server: str) -> None:
    draw(page, server, "azeroth")
    probe = page.locator("#probe")
    thrall = probe.locator("[data-ref='A.hero']")
    expect(thrall.locator(".under")).to_have_text("↳ Lightning Shield")  # beneath its host (AZ-4.6)
    expect(probe.locator(".field.theirs [data-region='resource_row'] .face-down")).to_have_count(4)
    expect(probe.locator(".field.theirs [data-region='resource_row'] .zone.exhausted")).to_have_count(2)
    expect(probe.locator("#region-chain li")).to_have_text(["A: Frostwolf Rider attacks Jaina",
                                                            "A: Lightning Shield: 2 nature damage"])
    expect(probe.locator(".field.theirs [data-region='hand']")).to_have_text("hand: 4")  # a count, no faces


def test_riders_places_tokens_items_the_favor_and_a_secret_bid(page: Page, server: str) -> None:
    board = draw(page, server, "riders")
    probe = page.locator("#probe")
    enclave = probe.locator(".field.mine [data-region='enclave']")
    expect(enclave.locator(".zone.slot")).to_have_count(3)  # RD-4.4: three units before the Enclave
    expect(enclave.locator("[data-ref='A.enclave.0'] .token")).to_have_text("poder 2")
    expect(enclave.locator("[data-ref='A.enclave.0'] .under")).to_have_text("↳ Espada del Alba")
    expect(probe.locator("[data-region='neutral'] .token")).to_have_text("Favor 1")
    expect(probe.locator(".field.theirs [data-region='bid']")).to_have_text("apuesta: 1")
    as_b = {**board, "viewer": "B", "prompt": {**board["prompt"], "player": "A"},
            "sides": [{**s, "you": s["seat"] == "B"} for s in board["sides"]]}
    page.evaluate(RENDER, envelope(as_b))
    expect(probe.locator("#status")).to_contain_text("El rival elige en secreto")


def test_deuses_life_points_and_the_field(page: Page, server: str) -> None:
    draw(page, server, "deuses")
    probe = page.locator("#probe")
    expect(probe.locator(".field.mine .counter")).to_have_text("PV: 3200/4000")
    expect(probe.locator(".field.mine [data-region='field'] .zone")).to_have_count(2)
    tired = probe.locator(".field.mine [data-region='field'] .zone.exhausted .stats .num")
    expect(tired).to_have_text(["ATK 1200", "DEF 900/1400"])  # a number below its printed value: value/printed


WIDGETS = """async (env) => {
  const { renderGame } = await import("/board.js");
  const root = document.querySelector("#probe");
  const dial = { draw: (node, board) => node.append(Object.assign(document.createElement("p"),
    { id: "dial", textContent: `${board.game}: ${board.sides.length}` })) };
  const broken = { draw: () => { throw new Error("a widget's own bug"); } };
  renderGame(root, env, { me: env.board.viewer, act: () => {}, concede: () => {}, widgets: [broken, dial] });
}"""


def test_a_games_widget_draws_after_the_board_and_a_failing_one_spoils_nothing(page: Page, server: str) -> None:
    board = draw(page, server, "riders")
    page.evaluate(WIDGETS, envelope(board))
    expect(page.locator("#probe #dial")).to_have_text("riders: 2")
    expect(page.locator("#probe .field")).to_have_count(2)  # the board as drawn, the broken widget aside
