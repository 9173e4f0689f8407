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
def test_random_games_end_and_replay_identically(name: str, seed: int) -> None:
    first = random_game(name, seed)
    taken = _random_walk(first, Rng(seed))
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
