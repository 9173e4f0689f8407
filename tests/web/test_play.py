"""Playing in the browser (issue 7), what does not depend on the game (tested once, on the table's first
game): a challenge between two accounts in two browsers, the deck builder, English and the keyboard, a
server restart, a dead login, a double click, refusals in the table's language. A whole game by clicking is
each game's contract (test_game_contract.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import APIResponse, Page, Route, expect

from tablero.server.local import listener, serve
from waiting import until

from .table import OVER, click_an_action, moved, my_decision_or_the_end, over, register, seq


def test_two_players_play_a_challenge_to_the_end_in_two_browsers(browser: Any, server: str) -> None:
    """Human vs human: one opens a challenge from the lobby, the other accepts it from theirs, and they
    play by clicking, each in their own browser context, for 60 decisions; then one surrenders and the
    game ends for both. (A whole game by clicking, to its natural end, is each game's contract:
    test_game_contract.py.)"""
    ana_ctx, beto_ctx = browser.new_context(), browser.new_context()
    ana, beto = ana_ctx.new_page(), beto_ctx.new_page()
    register(beto, server, "beto_web")  # beto waits in the lobby, which is live:
    expect(beto.locator("button.join")).to_have_count(0)
    register(ana, server, "ana_web")
    ana.fill("#seed", "11")  # not sent: between accounts the server draws the seed (CH-11.2)
    ana.click("#challenge")
    expect(ana.locator("#game")).to_be_attached()
    expect(beto.locator("button.join")).to_have_count(1)  # ana's challenge appears, no reload
    beto.locator("button.join").first.click()
    expect(beto.locator("#game .board")).to_be_visible()
    expect(ana.locator("#game .board")).to_be_visible()
    rng = random.Random(11)
    told = ""
    for _ in range(60):
        mover = until(lambda: next((p for p in (ana, beto) if p.locator("#status.my-turn").count()), None)
                      or all(over(p) for p in (ana, beto)), "one of the two players to decide, or the end")
        if mover is True:
            break
        if not told:  # the other is told what the mover is doing (Presenter.waiting), not asked anything
            other = beto if mover is ana else ana
            waiting = other.locator(".actions .prompt.waiting")
            if waiting.count() and seq(other) == seq(mover):
                told = waiting.inner_text()
                assert re.match(r"^[AB] .+\.$", told), told
                expect(mover.locator(".actions .prompt.waiting")).to_have_count(0)
        before = seq(mover)
        click_an_action(mover, rng)
        moved(mover, before)
    assert told, "the player waiting was never told what the other was doing"
    if not over(ana):  # beto gives up: the end reaches both
        beto.once("dialog", lambda d: d.accept())
        beto.click("#surrender")
    for p in (ana, beto):
        expect(p.locator("#status")).to_contain_text(re.compile(OVER))
    finals = [p.locator("#status").inner_text() for p in (ana, beto)]
    assert ("Ganaste" in finals[0]) == ("Perdiste" in finals[1]) or all("Empate" in f for f in finals)
    game = ana.locator("#game").get_attribute("data-game")
    record = ana.evaluate("async (id) => (await fetch(`/api/games/${id}/replay`, {headers: {Authorization:"
                          " `Bearer ${localStorage.getItem('token')}`}})).json()", game)
    assert record["seed"] >= 2**32  # the server's own draw, not the 11 typed in the lobby


def test_build_check_save_and_play_a_deck(page: Page, server: str, artifacts: Path, tmp_path: Path) -> None:
    """The deck builder: filter the pool, load a shipped deck, see CH-2 checked live as cards come and go,
    save the deck, export and import it, and start a game with it."""
    register(page, server, "carla_web")
    page.click("#to-decks")
    expect(page.locator("#pool li").first).to_be_visible()
    page.select_option("#card-type", "alma")
    assert all(" · alma · " in x for x in page.locator("#pool li").all_inner_texts())
    page.select_option("#card-type", "")
    page.fill("#card-search", "jaguar")
    assert 0 < page.locator("#pool li").count() < 20
    page.fill("#card-search", "")
    page.select_option("#card-value", "9")
    assert all(" · 9" in x for x in page.locator("#pool li").all_inner_texts())
    page.select_option("#card-value", "")
    expect(page.locator("#pool li")).to_have_count(95)  # the whole pool again
    page.select_option("#deck-load", "furia_jaguar")
    expect(page.locator("#deck-verdict")).to_have_text(re.compile("legal|Baraja legal"))
    # one card too many: CH-2 says so, with the rule id
    page.locator("#deck-parts [data-part=main] button[aria-label^='+']").first.click()
    expect(page.locator("#deck-verdict")).to_contain_text("CH-2")
    page.locator("#deck-parts [data-part=main] button[aria-label^='-']").first.click()
    expect(page.locator("#deck-verdict")).to_have_text(re.compile("Baraja legal"))
    page.fill("#deck-name", "Jaguar de Carla")
    page.click("#deck-save")
    expect(page.locator("#saved")).to_contain_text("Jaguar de Carla")
    with page.expect_download() as dl:
        page.click("#deck-export")
    exported = tmp_path / "deck.yaml"
    dl.value.save_as(exported)
    assert 'name: "Jaguar de Carla"' in exported.read_text()
    page.select_option("#deck-load", "veneno_serpiente")
    page.set_input_files("#deck-import", str(exported))
    expect(page.locator("#deck-name")).to_have_value("Jaguar de Carla")
    expect(page.locator("#deck-verdict")).to_have_text(re.compile("Baraja legal"))
    page.screenshot(path=str(artifacts / "deck-builder.png"), full_page=True)
    page.click("a.brand")
    page.select_option("#my-deck", label="Jaguar de Carla")
    page.click("#start")
    expect(page.locator("#game .board")).to_be_visible()


def answered(page: Page, route: Route, url: str, reply: APIResponse | None = None) -> None:
    """Lets a held request through (or answers it with ``reply``, fetched earlier) and returns once the page
    has had its answer in hand: the body has arrived and the page has run a task after it."""
    with page.expect_response(url) as answer:
        if reply is None:
            route.continue_()
        else:
            route.fulfill(response=reply)
    answer.value.finished()
    page.evaluate("() => new Promise((done) => setTimeout(done, 0))")


def test_a_late_answer_never_undoes_a_later_choice_in_the_deck_builder(page: Page, server: str,
                                                                        tmp_path: Path) -> None:
    """Answers come back in any order; the builder shows what the player chose last. A shipped deck that loads
    slowly does not replace the file imported after choosing it, and an old deck check does not replace the
    newer verdict (a CI run saw the first: the import's name overwritten by the slow load's)."""
    register(page, server, "lena_web")
    page.click("#to-decks")
    expect(page.locator("#deck-load option[value=veneno_serpiente]")).to_have_count(1)
    held: list[Route] = []
    page.route("**/api/decks/veneno_serpiente", lambda route: held.append(route))
    with page.expect_request("**/api/decks/veneno_serpiente"):
        page.select_option("#deck-load", "veneno_serpiente")
    mine = tmp_path / "mine.yaml"
    mine.write_text('name: "La de Lena"\nedition: choque-2026\nmain:\n  cachorro_moteado: 3\n', encoding="utf-8")
    page.set_input_files("#deck-import", str(mine))
    expect(page.locator("#deck-name")).to_have_value("La de Lena")
    answered(page, held.pop(), "**/api/decks/veneno_serpiente")
    expect(page.locator("#deck-name")).to_have_value("La de Lena")

    page.select_option("#deck-load", "furia_jaguar")
    expect(page.locator("#deck-verdict")).to_have_text(re.compile("Baraja legal"))
    page.route("**/api/decks/check", lambda route: held.append(route) if not held else route.continue_())
    with page.expect_request("**/api/decks/check"):
        page.locator("#deck-parts [data-part=main] button[aria-label^='+']").first.click()  # too many: CH-2
    with page.expect_response("**/api/decks/check"):
        page.locator("#deck-parts [data-part=main] button[aria-label^='-']").first.click()  # legal again
    expect(page.locator("#deck-verdict")).to_have_text(re.compile("Baraja legal"))
    answered(page, held.pop(), "**/api/decks/check")
    expect(page.locator("#deck-verdict")).to_have_text(re.compile("Baraja legal"))


def test_a_page_that_loads_after_the_player_has_gone_on_shows_nothing(page: Page, server: str) -> None:
    """The deck builder's cards come slowly; the player goes back to the lobby meanwhile. When they come, the
    lobby stays: a page shows itself only while it is the one asked for last (``pageFor`` in app.js)."""
    register(page, server, "mora_web")
    held: list[Route] = []
    page.route("**/api/cards?game=*", lambda route: held.append(route))
    with page.expect_request("**/api/cards?game=*"):
        page.click("#to-decks")
    page.click("a.brand")
    expect(page.locator("#start")).to_be_visible()
    answered(page, held.pop(), "**/api/cards?game=*")
    page.unroute("**/api/cards?game=*")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator(".builder")).to_have_count(0)
    page.click("#to-decks")  # and the builder still comes when asked for
    expect(page.locator(".builder #pool li").first).to_be_visible()


ON_ACTION = "() => !!document.activeElement && document.activeElement.matches('button.action')"


def play_by_keyboard(page: Page, rng: random.Random, decisions: int) -> tuple[str | None, int]:
    """Take ``decisions`` decisions (or play to the end) with Tab and Enter only: from wherever the focus is,
    Tab until a listed legal action has it, a few more Tabs to pick one at random, Enter. Returns the final
    status (None if the game goes on) and how many Tab presses it took to reach the list over all of them
    (the board keeps the focus near it)."""
    tabs = 0
    for _ in range(decisions):
        status = my_decision_or_the_end(page)
        if status is not None:
            return status, tabs
        before = seq(page)
        while True:
            for _ in range(300):
                if page.evaluate(ON_ACTION):
                    break
                page.keyboard.press("Tab")
                tabs += 1
            else:
                raise AssertionError("Tab never reached a legal action")
            for _ in range(rng.randrange(page.locator("button.action").count())):
                page.keyboard.press("Tab")
                if not page.evaluate(ON_ACTION):  # past the list's end (the focus started inside it)
                    page.keyboard.press("Shift+Tab")
                    break
            group = page.evaluate("() => document.activeElement.classList.contains('group')")
            page.keyboard.press("Enter")
            if not group:  # a group only narrows the list to its card's actions: choose again
                break
        page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.seq) > {before}"
                               f" || /{OVER}/.test(document.querySelector('#status').textContent)", timeout=30_000)
    return None, tabs


def test_english_and_a_game_by_keyboard(page: Page, server: str) -> None:
    """The table switches to English (and remembers it), and a game against the computer is played with
    Tab and Enter alone for 80 decisions (several turns: every kind of choice the list offers, groups
    included); the focus stays on the board between decisions, so Tab is rarely needed. A whole game by
    clicking is each game's contract (test_game_contract.py); the keyboard's path to the list is the same
    at any decision."""
    page.goto(server + "/")
    expect(page.locator("#login")).to_have_text("Entrar")
    page.select_option("#lang", "en")
    expect(page.locator("#login")).to_have_text("Log in")
    page.reload()
    expect(page.locator("#login")).to_have_text("Log in")
    page.fill("#username", "dora_web")
    page.fill("#password", "contraseña-larga")
    page.click("#register")
    expect(page.locator("#start")).to_have_text("Start")
    page.fill("#seed", "7")
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
    expect(page.locator("#status")).to_contain_text("Your move")
    expect(page.locator(".actions .prompt")).to_have_text(re.compile(r"^Your .+\.$"))  # the question, in English
    final, tabs = play_by_keyboard(page, random.Random(7), decisions=80)
    assert final is None or re.search("You won|You lost|Draw", final)
    decisions = seq(page)
    # not a walk from the page's top at every decision (~1,400 Tabs in a whole game then)
    assert (final is not None or decisions >= 80) and tabs < decisions, (tabs, decisions)


def test_the_table_reconnects_when_the_server_restarts(page: Page, tmp_path: Path) -> None:
    """The server is killed mid-game (SIGKILL): the table says it lost the connection, and once the server
    is back on its database it reconnects by itself; what happens in the game reaches it by the socket again."""
    sock = listener()  # held here: the restarted server comes back on the same address
    proc, base = serve(tmp_path / "web.db", sock=sock)
    try:
        register(page, base, "eva_web")
        page.select_option("#ai", "ai:random")
        page.fill("#seed", "11")
        page.click("#start")
        page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
        expect(page.locator("#connection")).to_be_hidden()
        # the game's socket is open (its first push came): a connection still waiting in the queue of the
        # port held here would wait for the next server instead of being cut
        expect(page.locator("#game")).to_have_attribute("data-socket", "open")
        before = seq(page)
        proc.kill()
        proc.wait(timeout=30)
        expect(page.locator("#connection")).to_be_visible()
        expect(page.locator("#connection")).to_contain_text("reconectando")
        proc, _ = serve(tmp_path / "web.db", sock=sock)
        expect(page.locator("#connection")).to_be_hidden()
        assert seq(page) == before  # the same game, where it was
        # an action sent behind the page's back (as another tab would): only the socket can tell the page
        page.evaluate("""async (id) => {
          const auth = { Authorization: `Bearer ${localStorage.getItem('token')}` };
          const env = await (await fetch(`/api/games/${id}`, { headers: auth })).json();
          await fetch(`/api/games/${id}/actions`, {
            method: "POST", headers: { ...auth, "Content-Type": "application/json" },
            body: JSON.stringify({ action: env.legal_actions[0] }) });
        }""", page.locator("#game").get_attribute("data-game"))
        page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.seq) > {before}",
                               timeout=30_000)
    finally:
        proc.kill()
        proc.wait(timeout=30)
        sock.close()


def test_a_challenge_is_withdrawn_from_the_lobby(browser: Any, server: str) -> None:
    """Issue 16, item 11: the creator of an open challenge withdraws it from their lobby, and it leaves
    everyone else's."""
    ana_ctx, beto_ctx = browser.new_context(), browser.new_context()
    ana, beto = ana_ctx.new_page(), beto_ctx.new_page()
    register(beto, server, "beto_retira")
    register(ana, server, "ana_retira")
    ana.click("#challenge")
    expect(ana.locator("#game")).to_be_attached()
    expect(beto.locator("button.join")).to_have_count(1)
    ana.goto(server + "/#/")
    expect(ana.locator("button.withdraw")).to_have_count(1)
    ana.locator("button.withdraw").click()
    expect(ana.locator("button.withdraw")).to_have_count(0)
    expect(ana.locator("#games")).to_contain_text("cancelado")
    expect(beto.locator("button.join")).to_have_count(0)  # gone from beto's live lobby
    ana_ctx.close()
    beto_ctx.close()


def test_a_dead_login_sends_the_table_back_to_the_login_form(page: Page, tmp_path: Path) -> None:
    """WebSocket close 4401 (docs/server.md), in the browser: a token the server no longer knows, met when
    the socket reconnects after a restart, and a token revoked while the socket is open (a logout in another
    tab), both bring the login form back — never "reconnecting" for ever."""
    import sqlite3

    sock = listener()
    db = tmp_path / "web.db"
    proc, base = serve(db, sock=sock)
    try:
        register(page, base, "eva_web")
        page.select_option("#ai", "ai:random")
        page.click("#start")
        page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
        expect(page.locator("#game")).to_have_attribute("data-socket", "open")  # as above: cut, not queued
        proc.kill()
        proc.wait(timeout=30)
        with sqlite3.connect(db) as conn:  # the login is gone while the server is down
            conn.execute("DELETE FROM tokens")
        expect(page.locator("#connection")).to_be_visible()
        proc, _ = serve(db, sock=sock)
        expect(page.locator("#username")).to_be_visible()
        assert page.evaluate("() => localStorage.getItem('token')") is None
        page.fill("#username", "eva_web")
        page.fill("#password", "contraseña-larga")
        page.click("#login")
        expect(page.locator("#start")).to_be_visible()
        page.click("#start")
        page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
        page.evaluate("""async () => {  // a logout from another tab, with the same token
          await fetch('/api/token', { method: 'DELETE',
                                      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
        }""")
        expect(page.locator("#username")).to_be_visible()
    finally:
        proc.kill()
        proc.wait(timeout=30)
        sock.close()


def test_a_double_click_takes_the_action_once_and_says_nothing(page: Page, server: str) -> None:
    """The second copy of a double-clicked action answers an envelope the game has left (409, stale seq):
    the table redraws from the server instead of showing an error, and the action was taken once."""
    register(page, server, "dana_web")
    page.select_option("#ai", "ai:random")
    page.fill("#seed", "5")
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#status.my-turn') !== null", timeout=30_000)
    gid = page.locator("#game").get_attribute("data-game")
    before = seq(page)
    labels = page.evaluate("""async (id) => (await (await fetch(`/api/games/${id}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })).json()).labels.map((l) => l.es)""",
                           gid)
    shown = page.locator("button.action:not(.group)").all_inner_texts()
    assert shown and set(shown) <= set(labels), (shown, labels)  # the server's words, as the terminal's
    posted: list[int] = []
    path = lambda r: r.url.split("?")[0]  # noqa: E731 - the table asks for its board (?board=es)
    page.on("response", lambda r: posted.append(r.status) if path(r).endswith(f"/api/games/{gid}/actions") else None)
    button = page.locator("button.action:not(.group)").first
    with page.expect_response(lambda r: path(r).endswith(f"/api/games/{gid}/actions") and r.status == 409) as stale, \
            page.expect_response(lambda r: r.request.method == "GET" and path(r).endswith(f"/api/games/{gid}")):
        button.dblclick()
    assert "acción atrasada" in stale.value.json()["error"]  # in the table's language
    expect(page.locator(".error")).to_have_count(0)
    assert sorted(posted) == [200, 409] and seq(page) >= before + 1


def test_the_servers_refusals_come_in_the_tables_language(page: Page, server: str) -> None:
    """A wrong password is refused in the table's language (the page sends it as Accept-Language), whatever
    the browser's own (headless Chromium asks for English)."""
    register(page, server, "eli_web")
    page.click("#logout")
    page.fill("#username", "eli_web")
    page.fill("#password", "no-es-la-buena")
    page.click("#login")
    expect(page.locator(".error")).to_contain_text("usuario o contraseña incorrectos")
    page.select_option("#lang", "en")
    expect(page.locator("#login")).to_have_text("Log in")  # redrawn once the English words are there
    page.fill("#username", "eli_web")
    page.fill("#password", "no-es-la-buena")
    page.click("#login")
    expect(page.locator(".error").first).to_contain_text("wrong username or password")
