"""Soak: many random legal games with every invariant checked after every action.

    python benchmarks/soak.py [--games 10000] [--seed 0] [--workers 2]
    python benchmarks/soak.py --game deuses [--games 10000]

The CI property tests play about 300 games; this plays 10,000 with the same invariants, the game's own
(``GamePlugin.invariants``), checked after every action, and no exception, a legal action at every decision
and every game ending in a win or a draw.

Choque: both editions; a quarter each with generated keyword decks, generated effect decks, the
preconstructed decks and random decks of the starter set. Its invariants: each player's cards the same
multiset as at the start, no zone over capacity, no negative hearts, characters on the field with at least
one heart.

Another game (Deuses): half the games between random legal decks of its shipped cards, half between two of
its preconstructed decks; one game in four under an engine option of the game's (``OTHER_OPTIONS``). Deuses'
invariants: cards conserved across every zone, LP changed only by logged damage and gains, at most one attack
card put down from the hand a turn, LP never below 0.

A failure prints the seed, so `python benchmarks/soak.py [--game G] --games 1 --seed N` replays it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tablero.core import Game, Rng, new_game, plugin
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.deck import Deck
from tablero.games.choque.deckfile import shipped_decks
from tablero.games.choque.generate import generate_deck, generate_pool

SOURCES = ("keywords", "effects", "shipped", "starter")


def decks_for(seed: int, edition: str, source: str) -> list[Deck]:
    """Generated keyword or effect decks, two preconstructed decks, or random decks of the starter set."""
    rng = Rng(seed)
    if source == "shipped":
        options = [d.deck for d in shipped_decks().values() if d.deck.edition == edition]
        return [rng.choice(options), rng.choice(options)]
    pool = shipped_pool() if source == "starter" else generate_pool(rng, effects=source == "effects")
    return [generate_deck(pool, rng, edition), generate_deck(pool, rng, edition)]


# engine options another game's soak plays one game in four under (the rules' open points, DE-4.7, DE-9.5)
OTHER_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "deuses": [{"deuses.field_size": 6}, {"deuses.gods_count_as_attack_cards": True},
               {"deuses.ace.return_destination": "field", "deuses.ace.chosen_draw_scope": "main_and_additional"}],
}


def choque_game(seed: int) -> Game:
    source = SOURCES[seed % 4]  # a quarter of the games each
    edition = "choque-2026" if (seed // 4) % 2 == 0 else "choque-legacy"
    return new_game("choque", decks=decks_for(seed, edition, source), seed=seed, edition=edition)


def other_game(name: str, seed: int) -> Game:
    """Half random decks, half two preconstructed decks; one game in four under an engine option."""
    options = OTHER_OPTIONS.get(name, [])
    chosen = options[(seed // 4) % len(options)] if options and seed % 4 == 3 else None
    if seed % 2 == 0:
        return plugin(name).random_game(seed, options=chosen)
    rng = Rng(seed)
    decks = [d.deck for d in plugin(name).shipped_decks().values()]
    return new_game(name, decks=[rng.choice(decks), rng.choice(decks)], seed=seed, options=chosen)


def one_game(job: tuple[str, int]) -> tuple[int, str, int]:
    try:
        return _play(*job)
    except AssertionError:
        raise
    except Exception as e:  # an engine error: say which game, so that it can be replayed
        raise AssertionError(f"seed {job[1]}: {type(e).__name__}: {e}") from e


def _play(name: str, seed: int) -> tuple[int, str, int]:
    g = choque_game(seed) if name == "choque" else other_game(name, seed)
    check = plugin(name).invariants(g)  # the game's own invariants (GamePlugin.invariants)
    agent = Rng(seed ^ 0xABCDEF)
    n = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, f"seed {seed}: no legal action in a live game"
        g.apply(legal[agent.below(len(legal))])
        n += 1
        assert n < 50_000, f"seed {seed}: the game does not end"
        broken = check(g)
        assert not broken, f"seed {seed}: {'; '.join(broken)}"
    assert g.winner in ("A", "B", "draw")
    return n, str(g.winner), int(g.observe()["turn"])


def main() -> None:
    ap = argparse.ArgumentParser(description="random-game soak test")
    ap.add_argument("--game", default="choque", help="the game (`tablero games`)")
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    t0 = time.perf_counter()
    results: Counter[str] = Counter()
    decisions = 0
    jobs = [(args.game, seed) for seed in range(args.seed, args.seed + args.games)]
    with ProcessPoolExecutor(args.workers) as ex:
        for i, (n, winner, _) in enumerate(ex.map(one_game, jobs, chunksize=50)):
            decisions += n
            results[winner] += 1
            if (i + 1) % 1000 == 0:
                print(f"{i + 1} games ...", file=sys.stderr)
    dt = time.perf_counter() - t0
    print(f"{args.game}: {args.games} games, {decisions} decisions, every invariant held; "
          f"winners {dict(results)}; {dt:.0f} s")


if __name__ == "__main__":
    main()
