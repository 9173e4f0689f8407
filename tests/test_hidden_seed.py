"""CH-11.2 and CH-11.3: the seed is hidden information. With it and the open decklists anyone recomputes
every shuffle, so the opponent's hand and every deck's order. Nothing a player or an agent is given of a
live game carries it, or anything from which it follows (the random source's state)."""

from __future__ import annotations

import json

import pytest

from conftest import fingerprint, make_game, random_moves
from leaks import big_seed, seed_leaks
from tablero.core import Rng
from tablero.games.choque.narrate import narrate


@pytest.mark.parametrize("k", range(4))
def test_ch_11_no_view_or_log_of_a_live_game_carries_its_seed(k: int) -> None:
    """Whole random games: at every decision, each player's view, their log and its sentences in both
    languages carry neither the seed nor any number shaped like a random source's state."""
    seed = big_seed(k)
    g = make_game(seed, source="shipped" if k % 2 else "starter")
    checked = 0
    for _ in random_moves(g, seed=k):
        for p in ("A", "B"):
            log = g.log_for(p)
            text = json.dumps([g.view(p), log]) + "".join(narrate(e, lang) for e in log for lang in ("es", "en"))
            assert not seed_leaks(text, seed), seed_leaks(text, seed)[:3]
        checked += 1
    assert checked > 20


def test_ch_11_a_determinization_does_not_inherit_the_true_random_source() -> None:
    """An agent's determinized copy (``resample``) draws its own future: were it to keep the game's random
    source, a search would know how every "al azar" and shuffle to come falls, and the source's state
    gives the seed (it is the seed plus a multiple of a constant) and so every hidden card. Two games
    that differ only in their random source's state give the same determinization."""
    g = make_game(5, source="shipped")
    moves = random_moves(g, seed=5)
    for _ in range(40):
        next(moves)
    other = g.clone()
    other.s.rng.state ^= 0x5DEECE66D  # the same position, another future
    for player in ("A", "B"):
        mine, theirs = g.resample(player, Rng(9)), other.resample(player, Rng(9))
        assert fingerprint(mine) == fingerprint(theirs)
        assert mine.s.rng.state != g.s.rng.state


def test_derived_seeds_are_reproducible_distinct_and_not_a_line() -> None:
    """An agent's or a match game's seed comes from the game's by a one-way function: the same inputs give
    the same seed, other purposes or seeds give others, and consecutive seeds are not a fixed step apart
    (the linear ``2 * seed + seat`` the AI seats had would let their choices be traced to the game's)."""
    from tablero.core.rng import derive_seed

    assert derive_seed(7, "agent:B") == derive_seed(7, "agent:B")
    seeds = {derive_seed(s, p) for s in range(50) for p in ("agent:A", "agent:B", "choque:2")}
    assert len(seeds) == 150 and all(0 <= x < 2**63 for x in seeds)
    steps = {derive_seed(s + 1, "agent:B") - derive_seed(s, "agent:B") for s in range(20)}
    assert len(steps) == 20
