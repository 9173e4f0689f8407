"""Deuses in the browser (issue 20): the generic table plays the second game through its plugin alone, in
Portuguese, the language its players read. A whole game against ``ai:random`` by clicking, and a game
between two accounts in two browsers, both to the end; the page never shows an error, and nothing a seat
is sent depends on the cards hidden from it (DE-4.1 to DE-4.3): every envelope the page receives is the
same when those cards are redrawn (``Game.resample``), its board included."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from leaks import seed_leaks
from tablero.core import Rng
from tablero.core.game import Game
from tablero.core.record import GameRecord
from tablero.server.envelopes import board_json

# "Você venceu!", "Você perdeu.", "Empate.": the table's own words in Portuguese (web/i18n.js, locales/pt.po)
OVER = "Você venceu|Você perdeu|Empate"

# Records every error the page shows (web/app.js shows them as .error, role=alert) at any moment, also one
# that comes and goes while the test looks elsewhere.
WATCH = """
window.__errors = [];
new MutationObserver(() => {
  for (const e of document.querySelectorAll('.error')) {
    if (!window.__errors.includes(e.textContent)) window.__errors.push(e.textContent);
  }
}).observe(document, { childList: true, subtree: true });
"""


def errors_shown(page: Page) -> list[str]:
    return list(page.evaluate("() => window.__errors || []"))


def watch(page: Page) -> tuple[list[dict[str, Any]], list[str]]:
    """Every envelope the page receives on its game socket, and every script error or failed console call
    (a broken page says so there even when it draws nothing)."""
    frames: list[dict[str, Any]] = []
    broken: list[str] = []
    page.add_init_script(WATCH)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))))
    page.on("pageerror", lambda e: broken.append(str(e)))
    page.on("console", lambda m: broken.append(m.text) if m.type == "error" and "Failed to load" not in m.text
            else None)  # a failed request is told with its address below
    page.on("response", lambda r: broken.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400
            else None)
    return frames, broken


def register_in_portuguese(page: Page, base: str, name: str) -> None:
    """Open the table, choose Portuguese from its language list, create an account, and choose Deuses."""
    page.goto(base + "/")
    page.select_option("#lang", "pt")
    expect(page.locator("#register")).to_have_text("Criar conta")  # the form redrawn in Portuguese (Spanish,
    expect(page.locator("#login")).to_have_text("Entrar")  # the table's first language, also says "Entrar")
    page.fill("#username", name)
    page.fill("#password", "senha-bem-longa")
    page.click("#register")
    expect(page.locator("#start")).to_have_text("Começar")
    page.select_option("#game-choice", "deuses")
    expect(page.locator("#my-deck option[value='furia_da_mata']")).to_have_count(1)  # Deuses' decks now


def seq(page: Page) -> int:
    return int(page.locator("#game").get_attribute("data-seq") or -1)


def over(page: Page) -> bool:
    return re.search(OVER, page.locator("#status").inner_text()) is not None


def moved(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.seq) > {before}"
                           f" || /{OVER}/.test(document.querySelector('#status').textContent)", timeout=30_000)


def my_decision_or_the_end(page: Page) -> str | None:
    """Wait until the page's player must decide (None) or the game is over (its final status)."""
    page.wait_for_function(
        f"() => {{ const s = document.querySelector('#status'); return s && (s.classList.contains('my-turn')"
        f" || /{OVER}/.test(s.textContent)); }}", timeout=30_000)
    return page.locator("#status").inner_text() if over(page) else None


def click_an_action(page: Page, rng: random.Random) -> None:
    """Click one of the listed legal actions at random; a group (the many actions of one card) narrows the
    list to that card's actions first, and one of them is clicked."""
    actions = page.locator("button.action")
    pick = actions.nth(rng.randrange(actions.count()))
    if "group" in (pick.get_attribute("class") or "").split():
        pick.click()
        expect(page.locator("button.action.group")).to_have_count(0)
        actions = page.locator("button.action")
        pick = actions.nth(rng.randrange(actions.count()))
    pick.click()


def click_a_place(page: Page, rng: random.Random) -> bool:
    """Choose a place an action starts from (a card in hand, a card on the field that may attack), then the
    lit places after it until an action is taken; False when the list must finish the choice (the source
    starts several actions that go nowhere on the board, or several go through the places chosen)."""
    before = seq(page)
    sources = page.locator(".zone.source")
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


def play_to_the_end(page: Page, rng: random.Random, limit: int = 2000) -> str:
    """Click until the game is over: through the places on the board half the time, else from the list of
    legal actions. Returns the final status."""
    for _ in range(limit):
        status = my_decision_or_the_end(page)
        if status is not None:
            return status
        before = seq(page)
        if rng.random() < 0.5 and click_a_place(page, rng):
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


def positions(record: dict[str, Any]) -> list[Game]:
    """The game after each of its actions, rebuilt from its record (decks, seed, actions)."""
    rec = GameRecord(game="deuses", edition=record["edition"], seed=record["seed"], decks=record["decks"],
                     first=record["first"], agents={}, options=record["options"])
    g = rec.new_game()
    out = [g.clone()]
    for a in record["actions"]:
        g.apply(a)
        out.append(g.clone())
    return out


def assert_nothing_hidden_was_sent(frames: list[dict[str, Any]], seat: str, record: dict[str, Any]) -> int:
    """DE-4: each envelope a seat received is what it would have received had every card hidden from it
    been otherwise (the opponent's hand and both main decks redrawn): its view, its events and its board.
    The opponent's hand and additional deck are never in it, only their sizes. Returns how many were
    checked."""
    games = positions(record)
    other = "B" if seat == "A" else "A"
    checked = 0
    for env in frames:
        assert env["game"] == "deuses"  # also while a challenge waits for its second player
        if env["view"] is None:  # that challenge: nothing to see yet
            assert env["seq"] == 0 and not env["legal_actions"] and "board" not in env
            continue
        real = games[env["seq"]]
        told = [{k: v for k, v in ev.items() if k != "text"} for ev in env["events"]]
        log = real.log_for(seat)  # the last change as the seat may read it: the opponent's draws unnamed,
        assert told == log[len(log) - len(told):]  # unless the cards drawn were shown
        assert not any(ev["event"] == "draw" and ev["player"] == other and "cards" in ev and not ev.get("shown")
                       for ev in told)
        assert "hand" not in env["view"][other] and "additional_deck" not in env["view"][other]
        assert "main_deck" not in env["view"][seat] and "main_deck" not in env["view"][other]
        theirs = next(s for s in env["board"]["sides"] if s["seat"] == other)
        for region in theirs["regions"]:
            if region["id"] in ("hand", "main_deck", "additional_deck"):
                assert region.get("hidden") and not region.get("faces"), region
        for k in range(2):
            copy = real.resample(seat, Rng(1000 * env["seq"] + k))
            view = copy.view(seat)
            assert env["view"] == view, f"the view at seq {env['seq']} depends on hidden cards"
            assert env["board"] == board_json(copy, seat, view, "pt"), f"the board at seq {env['seq']}"
        checked += 1
    return checked


def test_a_whole_deuses_game_against_the_computer_by_clicking_in_portuguese(page: Page, server: str,
                                                                             artifacts: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    frames, broken = watch(page)
    register_in_portuguese(page, server, "ana_deuses")
    page.select_option("#my-deck", "furia_da_mata")
    page.select_option("#ai", "ai:random")
    page.fill("#seed", "20261220")
    page.click("#start")
    expect(page.locator("#game .board")).to_be_visible()
    expect(page.locator(".field.theirs .owner")).to_have_text("Oponente · ai:random")
    expect(page.locator(".field.mine .owner")).to_have_text("Você · ana_deuses")
    # DE-4.2, DE-4.3: the opponent's hand and additional deck show their sizes, no card
    expect(page.locator(".field.theirs [data-region='hand'] .zone")).to_have_count(0)
    expect(page.locator(".field.theirs [data-region='hand']")).to_have_text(re.compile(r"^mão: \d$"))
    expect(page.locator(".field.theirs [data-region='additional_deck']")).to_have_text(
        re.compile(r"^baralho adicional: \d$"))
    expect(page.locator(".field.mine [data-region='hand'] .zone")).not_to_have_count(0)
    expect(page.locator(".field.mine .info")).to_contain_text("PV: ")  # the life points, in Portuguese
    # the actions are listed in the server's Portuguese words (the terminal's), and lit on the board
    page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
    labels = page.evaluate("""async (id) => (await (await fetch(`/api/games/${id}`, { headers: {
        Authorization: `Bearer ${localStorage.getItem('token')}` } })).json()).labels.map((l) => l.pt)""",
                           page.locator("#game").get_attribute("data-game"))
    shown = page.locator("button.action:not(.group)").all_inner_texts()
    assert shown and set(shown) <= set(labels), (shown, labels)
    expect(page.locator(".actions .prompt")).to_have_text(re.compile(r"^Sua etapa de .+\.$"))
    page.screenshot(path=str(artifacts / "deuses-board.png"), full_page=True)
    final = play_to_the_end(page, random.Random(20))
    assert re.search(OVER, final), final
    log = page.locator("#log li")  # the log, in Portuguese, ends with the game's end
    expect(log.last).to_contain_text(re.compile("A partida termina"))
    page.screenshot(path=str(artifacts / "deuses-over.png"), full_page=True)
    assert not errors_shown(page) and not broken, (errors_shown(page), broken)
    record = record_of(page)
    assert record["seed"] == 20261220 and record["game"] == "deuses"
    # what the clicks did: cards put down (an invocation with its offering among them, cards chosen as its
    # effect's targets), attacks declared, steps ended
    mine = [a for a in record["actions"] if a["player"] == "A"]
    assert {"put_down", "attack", "end_phase"} <= {a["do"] for a in mine}
    assert any(a.get("offer") for a in mine) and any(a.get("targets") for a in mine)
    assert record["result"]["winner"] in ("A", "B", "draw")
    assert ("Você venceu" in final) == (record["result"]["winner"] == "A")
    assert not seed_leaks(json.dumps(frames), 20261220)  # the seed is in the record only
    assert assert_nothing_hidden_was_sent(frames, "A", record) > 10
    # the replay viewer steps through the finished game
    page.click("#open-replay")
    steps = len(record["actions"])
    expect(page.locator("#step")).to_have_text(f"0 / {steps}")
    page.click("#replay-next")
    page.click("#replay-next")
    expect(page.locator("#step")).to_have_text(f"2 / {steps}")
    page.click("#replay-last")
    expect(page.locator("#step")).to_have_text(f"{steps} / {steps}")
    expect(page.locator("#status")).to_contain_text(final.split("!")[0].split(".")[0])
    expect(page.locator(".field.theirs [data-region='hand'] .zone")).to_have_count(0)  # still A's view
    assert not errors_shown(page) and not broken, (errors_shown(page), broken)


def test_two_accounts_play_deuses_to_the_end_in_two_browsers(browser: Any, server: str, artifacts: Path) -> None:
    """A challenge of Deuses opened from one lobby and accepted from the other, played by clicking in two
    browser contexts until it ends for both; each seat's page only ever received its own side's cards."""
    ana_ctx, beto_ctx = browser.new_context(), browser.new_context()
    ana, beto = ana_ctx.new_page(), beto_ctx.new_page()
    watched = {"A": watch(ana), "B": watch(beto)}
    register_in_portuguese(beto, server, "beto_deuses")
    register_in_portuguese(ana, server, "ana_deuses")
    ana.select_option("#my-deck", "muralha_do_sertao")
    ana.click("#challenge")
    expect(ana.locator("#game")).to_be_attached()
    expect(beto.locator("button.join")).to_have_count(1, timeout=10_000)  # the lobby is live
    beto.select_option("#my-deck", "olhos_da_noite")
    beto.locator("button.join").click()
    expect(beto.locator("#game .board")).to_be_visible()
    expect(ana.locator("#game .board")).to_be_visible()
    for page, other in ((ana, "beto_deuses"), (beto, "ana_deuses")):
        expect(page.locator(".field.theirs .owner")).to_have_text(f"Oponente · {other}")
        expect(page.locator(".field.theirs [data-region='hand'] .zone")).to_have_count(0)  # DE-4.2
        expect(page.locator(".field.mine [data-region='hand'] .zone")).not_to_have_count(0)
    rng = random.Random(21)
    pages = (ana, beto)
    for _ in range(2000):
        # no page moves until one of them acts: once both show the last change, one of them decides
        n = max(seq(p) for p in pages)
        for p in pages:
            p.wait_for_function(f"() => Number(document.querySelector('#game').dataset.seq) >= {n}",
                                timeout=30_000)
        if all(over(p) for p in pages):
            break
        movers = [p for p in pages if p.locator("#status.my-turn").count()]
        assert len(movers) == 1, [p.locator("#status").inner_text() for p in pages]
        mover = movers[0]
        before = seq(mover)
        if rng.random() < 0.5 and click_a_place(mover, rng):
            continue
        if seq(mover) == before:
            click_an_action(mover, rng)
            moved(mover, before)
    else:
        raise AssertionError("the game did not end")
    finals = [p.locator("#status").inner_text() for p in pages]
    beto.screenshot(path=str(artifacts / "deuses-over-second-seat.png"), full_page=True)
    record = record_of(ana)
    for seat in ("A", "B"):  # both seats played cards by clicking
        assert {"put_down", "end_phase"} <= {a["do"] for a in record["actions"] if a["player"] == seat}
    said = {"A": ("Você venceu", "Você perdeu"), "B": ("Você perdeu", "Você venceu"), "draw": ("Empate", "Empate")}
    assert [w in f for w, f in zip(said[record["result"]["winner"]], finals, strict=True)] == [True, True], finals
    assert record["seed"] >= 2**32  # the server's own draw between accounts
    for seat, (frames, broken) in watched.items():
        page = ana if seat == "A" else beto
        assert not errors_shown(page) and not broken, (seat, errors_shown(page), broken)
        assert assert_nothing_hidden_was_sent(frames, seat, record) > 10
        assert not seed_leaks(json.dumps(frames), record["seed"])
    ana_ctx.close()
    beto_ctx.close()


RENDER = """async (env) => {
  const { renderGame } = await import("/board.js");
  const root = document.createElement("section");
  root.id = "game";
  document.querySelector("main").replaceChildren(root);
  window.__acted = null;
  renderGame(root, env, { me: env.board.viewer, act: (a) => { window.__acted = a; }, concede: () => {} });
}"""


def a_choice_in_a_pile() -> tuple[dict[str, Any], dict[str, Any]]:
    """A position of a random game where seat A may put down an Offering whose god is chosen from A's
    additional deck (a pile), as the server sends it to A with its board in Portuguese; and that action (one
    whose places, in order, no other action shares)."""
    from tablero.core.registry import plugin
    from tablero.server.envelopes import envelope

    for seed in range(100):
        g = plugin("deuses").random_game(seed)
        rng = Rng(seed)
        n = 0
        while not g.is_over:
            if g.pending is not None and g.pending.player == "A":
                env = envelope(g, "A", n, board="pt")
                paths = [(label.get("source"), *(label.get("targets") or ())) for label in env["labels"]]
                for action, path in zip(env["legal_actions"], paths, strict=True):
                    if any(":" in ref and "additional_deck" in ref for ref in path[1:]) and paths.count(path) == 1:
                        return json.loads(json.dumps(env)), action
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            n += 1
    raise AssertionError("no random game offered a god from the additional deck")


def test_a_place_to_choose_inside_a_closed_pile_is_opened(page: Page, server: str) -> None:
    """A god an Offering fetches is chosen in the additional deck, a pile drawn closed: once the card that
    starts the action is chosen, the pile holding the next place opens, and clicking the places in order
    takes the action. (The pile stayed closed, so the god could not be clicked, before board.js opened a
    pile for a place to choose as it did for a card to start from.)"""
    env, action = a_choice_in_a_pile()
    label = env["labels"][env["legal_actions"].index(action)]
    page.goto(server + "/")
    expect(page.locator("#login")).to_be_visible()
    page.evaluate(RENDER, env)
    page.locator(f".zone.source[data-ref='{label['source']}']").first.click()
    for ref in label["targets"]:
        place = page.locator(f".zone.target[data-ref='{ref}']").first
        expect(place).to_be_visible()
        place.click()
    assert page.evaluate("() => window.__acted") == action
