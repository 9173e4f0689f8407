"""One conformance suite for every registered game (issue 19), as pgx's ``api_test`` and OpenSpiel's
``random_sim_test`` hold every game to one contract: whatever a game's rules, a front end, an agent or a
simulator may rely on this. Parametrized by the registry, so a new game is held to it by registering."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablero.core import Game, IllegalAction, Rng
from tablero.core.registry import game_names, random_game

GAMES = game_names()
SEEDS = range(3)
MAX_DECISIONS = 20_000  # a random game that has not ended by then is a game that does not end


def _random_walk(g: Game, rng: Rng, each: Any = None) -> list[dict[str, Any]]:
    """Play ``g`` at random to its end; ``each(g, legal)`` is called at every decision first."""
    taken = []
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            return taken
        legal = g.legal_actions()
        assert legal, "a pending decision always has a legal answer"
        if each is not None:
            each(g, legal)
        action = legal[rng.below(len(legal))]
        taken.append(action)
        g.apply(action)
    raise AssertionError(f"no end after {MAX_DECISIONS} random decisions")


def _absent_keys(view: Any, path: str = "") -> set[str]:
    """Every key path a view holds (a view hides a fact by leaving its key out)."""
    out: set[str] = set()
    if isinstance(view, dict):
        for k, v in view.items():
            out.add(f"{path}/{k}")
            out |= _absent_keys(v, f"{path}/{k}")
    return out


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_keep_every_invariant_and_replay_identically(name: str, seed: int) -> None:
    from tablero.core.registry import plugin

    first = random_game(name, seed)
    check = plugin(name).invariants(first)
    broken: list[str] = []
    taken = _random_walk(first, Rng(seed), lambda g, legal: broken.extend(check(g)))
    broken += check(first)
    assert not broken, broken[:5]  # the game's soak invariants held after every action
    again = random_game(name, seed)
    for action in taken:  # (decks, seed, actions) reproduce a game, through JSON as a record stores them
        again.apply(json.loads(json.dumps(action)))
    assert json.dumps(again.observe(), sort_keys=True) == json.dumps(first.observe(), sort_keys=True)
    assert again.winner == first.winner and again.is_over


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_are_pure_and_each_is_accepted(name: str) -> None:
    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        before = json.dumps(g.observe(), sort_keys=True)
        assert g.legal_actions() == legal  # asking again changes nothing
        assert json.dumps(g.observe(), sort_keys=True) == before
        for action in legal[:8]:  # every listed action is accepted (tried on copies)
            g.clone().apply(json.loads(json.dumps(action)))

    _random_walk(random_game(name, 11), Rng(11), check)


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_action_changes_nothing_and_names_a_rule(name: str) -> None:
    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        d = g.pending
        other = next(p for p in g.players if p != d.player)
        before = json.dumps(g.observe(), sort_keys=True)
        with pytest.raises(IllegalAction) as refused:
            g.apply({**legal[0], "player": other})  # the right answer from the wrong player
        assert refused.value.rule, "a refusal names the rule that forbids it"
        assert json.dumps(g.observe(), sort_keys=True) == before

    _random_walk(random_game(name, 12), Rng(12), check)


@pytest.mark.parametrize("name", GAMES)
def test_clones_diverge_independently(name: str) -> None:
    g = random_game(name, 13)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    before = json.dumps(g.observe(), sort_keys=True)
    copy = g.clone()
    _random_walk(copy, Rng(1))
    assert json.dumps(g.observe(), sort_keys=True) == before  # the copy's game touched nothing of g's
    assert not g.is_over and copy.is_over


@pytest.mark.parametrize("name", GAMES)
def test_views_hide_and_resample_keeps_what_a_player_knows(name: str) -> None:
    rng = Rng(14)

    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        if rng.below(5):
            return
        d = g.pending
        views = {p: g.view(p) for p in g.players}
        public = g.public_view()
        for p, v in views.items():  # JSON round trip, and the public view shows no key a seat's view hides
            assert json.loads(json.dumps(v)) == v
            assert _absent_keys(public) <= _absent_keys(v) | {"/viewer", "/revealed"}, p
        copy = g.resample(d.player, Rng(rng.below(1 << 30)))
        assert json.dumps(copy.view(d.player), sort_keys=True) == json.dumps(views[d.player], sort_keys=True)
        assert copy.legal_actions() == legal

    _random_walk(random_game(name, 14), Rng(15), check)


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_legal_actions_and_their_order_do_not_tell_what_is_hidden_from_it(name: str) -> None:
    """The legal actions go to the seat that acts, and a client shows them in order: both must be the same
    whatever is hidden from that seat, its own main deck's order included. (Deuses' Offering, its Ace and a
    search of the main deck, and Choque's search, once listed cards in deck order, which told a player which
    card lay nearer the top; one game sampled at one decision in five did not find it.)"""
    rng = Rng(100)

    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        if len(legal) > 1:
            assert g.resample(g.pending.player, Rng(rng.below(1 << 30))).legal_actions() == legal

    for seed in range(8):
        _random_walk(random_game(name, 100 + seed), Rng(seed), check)


@pytest.mark.parametrize("name", GAMES)
def test_an_action_with_a_key_the_game_does_not_know_is_refused(name: str) -> None:
    """A client's extra key is never taken silently, nor stored in a record (docs/server.md: 422): the
    refusal is a malformed action (no rule) and changes nothing. Deuses once accepted and kept one."""
    rng = Rng(31)

    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        if rng.below(4):
            return
        before = json.dumps(g.observe(), sort_keys=True)
        with pytest.raises(IllegalAction) as e:
            g.apply_canonical({**legal[0], "zzz_not_a_field": 1})
        assert e.value.rule is None
        assert json.dumps(g.observe(), sort_keys=True) == before

    _random_walk(random_game(name, 31), Rng(32), check)


def _strings(x: Any) -> set[str]:
    """Every string a JSON value holds, keys aside."""
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(set(), *(_strings(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(set(), *(_strings(v) for v in x))
    return set()


@pytest.mark.parametrize("name", GAMES)
def test_a_game_is_named_as_its_plugin_and_said_in_every_language(name: str) -> None:
    from tablero.core.registry import languages, plugin

    p = plugin(name)
    g = random_game(name, 21)
    assert g.name == p.name == name and g.players and p.edition(None) in p.editions
    assert p.check_options({}) == {} and {o.name for o in p.options()} == set(g.option_names)
    for lang in languages():
        words = p.presenter(lang)
        assert p.title(lang) and words.legend() is not None and words.decision(g)
        view = g.view(g.pending.player)
        assert all(words.action(a, view, g.pending.kind, g.pending.player) for a in g.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_refusals_of_every_kind_change_nothing_and_name_a_rule(name: str) -> None:
    """The wrong player, a verb the game does not have, an action after the end: each refused with the rule
    that forbids it, and the game exactly as it was."""
    g = random_game(name, 22)
    rng = Rng(22)

    def refused(action: dict[str, Any], ruled: bool = True) -> None:
        before = json.dumps(g.observe(), sort_keys=True)
        with pytest.raises(IllegalAction) as e:
            g.apply(action)
        assert str(e.value) and (e.value.rule or not ruled), action  # a verb no rule knows: named, no rule
        assert json.dumps(g.observe(), sort_keys=True) == before

    while not g.is_over:
        d = g.pending
        refused({"player": d.player, "do": "no_such_verb_in_any_game"}, ruled=False)
        refused({"player": "nobody", "do": g.legal_actions()[0].get("do")}, ruled=False)
        other = next(p for p in g.players if p != d.player)
        refused({**g.legal_actions()[0], "player": other})
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    refused({"player": g.players[0], "do": g.pass_verb or "no_such_verb_in_any_game"})  # the game is over


@pytest.mark.parametrize("name", GAMES)
def test_the_public_view_and_the_logs_tell_no_more_than_each_seat_may_see(name: str) -> None:
    rng = Rng(23)

    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        if rng.below(4):
            return
        views = [g.view(p) for p in g.players]
        shared = set.intersection(*(_strings(v) for v in views))
        assert _strings(g.public_view()) <= shared | set(g.players)  # nothing one seat alone may see
        logs = [g.log_for(p) for p in g.players]
        public = g.log_for(None)
        assert all("hidden" not in e for log in [*logs, public] for e in log)
        if all(len(log) == len(public) for log in logs):  # a spectator's entry tells no more than each seat's
            for i, e in enumerate(public):
                assert _strings(e) <= set.intersection(*(_strings(log[i]) for log in logs)), (e, [x[i] for x in logs])

    _random_walk(random_game(name, 23), Rng(24), check)


@pytest.mark.parametrize("name", GAMES)
def test_resample_redraws_what_the_player_does_not_know(name: str) -> None:
    """A determinized copy keeps the player's view and redraws every hidden fact: over a game, the copies
    differ from the real game (in what is hidden) nearly every time something is hidden."""
    rng = Rng(25)
    hidden = changed = 0

    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        nonlocal hidden, changed
        if rng.below(3):
            return
        p = g.pending.player
        truth = json.dumps(g.observe(), sort_keys=True)
        if json.dumps(g.view(p), sort_keys=True) == truth:
            return  # nothing is hidden from the player here
        hidden += 1
        copies = {json.dumps(g.resample(p, Rng(rng.below(1 << 30))).observe(), sort_keys=True) for _ in range(4)}
        changed += any(c != truth for c in copies)

    _random_walk(random_game(name, 25), Rng(26), check)
    assert hidden > 10 and changed >= 0.9 * hidden, (changed, hidden)


@pytest.mark.parametrize("name", GAMES)
def test_a_determinization_depends_only_on_what_the_player_knows(name: str) -> None:
    """Two games a player cannot tell apart (one is the other with its hidden cards redrawn) give the same
    determinizations for the same random source: an agent searching them (the hint, the AI seats) then
    chooses from the player's information alone. (Deuses once shuffled its hidden cards from the order they
    truly lay in, so a hint's estimate moved with the opponent's hand.)"""
    rng = Rng(31)
    checked = 0

    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        nonlocal checked
        if rng.below(3):
            return
        p = g.pending.player
        twin = g.resample(p, Rng(rng.below(1 << 30)))
        seed = rng.below(1 << 30)
        mine, theirs = g.resample(p, Rng(seed)).observe(), twin.resample(p, Rng(seed)).observe()
        assert json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True)
        checked += 1

    _random_walk(random_game(name, 31), Rng(32), check)
    assert checked > 10


@pytest.mark.parametrize("name", GAMES)
def test_the_board_of_every_view_fits_the_schema_in_every_language(name: str) -> None:
    from tablero.core.board import Board
    from tablero.core.registry import languages, plugin

    p = plugin(name)
    words = {lang: p.presenter(lang) for lang in languages()}
    rng = Rng(27)

    def check(g: Game, legal: list[dict[str, Any]]) -> None:
        if rng.below(6):
            return
        for seat in (*g.players, None):
            view = g.view(seat) if seat is not None else g.public_view()
            for w in words.values():
                board = w.board(view, seat, log=g.log_for(seat))
                assert Board.model_validate(json.loads(board.model_dump_json())) == board
                assert {f.card for f in board.faces() if f.card} <= _strings(view)  # nothing the view lacks
        for a in legal:
            source, targets = words["en"].places(a)
            assert source is None or isinstance(source, str)
            assert all(isinstance(t, str) for t in targets)

    _random_walk(random_game(name, 27), Rng(28), check)
