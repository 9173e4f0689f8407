"""Soak: many random legal games with every invariant checked after every action.

    python benchmarks/soak.py [--games 10000] [--seed 0] [--workers 2]

The CI property tests play about 300 games; this plays 10,000 (both editions; a quarter each with generated
keyword decks, generated effect decks, the preconstructed decks and random decks of the starter set) with the same
invariants: no exception, each player's cards the same multiset as at the start, no zone over capacity, no
negative hearts, characters on the field with at least one heart, and every game ending in a win or a draw.
A failure prints the seed, so `python benchmarks/soak.py --games 1 --seed N` replays it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from tablero.core import Rng, new_game, plugin
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


def one_game(seed: int) -> tuple[int, str, int]:
    source = SOURCES[seed % 4]  # a quarter of the games each
    edition = "choque-2026" if (seed // 4) % 2 == 0 else "choque-legacy"
    g = new_game("choque", decks=decks_for(seed, edition, source), seed=seed, edition=edition)
    check = plugin("choque").invariants(g)  # the game's own invariants (GamePlugin.invariants)
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
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    t0 = time.perf_counter()
    results: Counter[str] = Counter()
    decisions = 0
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.workers) as ex:
        for i, (n, winner, _) in enumerate(ex.map(one_game, seeds, chunksize=50)):
            decisions += n
            results[winner] += 1
            if (i + 1) % 1000 == 0:
                print(f"{i + 1} games ...", file=sys.stderr)
    dt = time.perf_counter() - t0
    print(f"{args.games} games, {decisions} decisions, every invariant held; winners {dict(results)}; {dt:.0f} s")


if __name__ == "__main__":
    main()
