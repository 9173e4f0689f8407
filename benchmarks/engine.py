"""Engine speed: random-vs-random play on one core, and the cost of clone().

    python benchmarks/engine.py [--games N] [--seed S] [--edition E] [--effects | --shipped]
    python benchmarks/engine.py --game deuses [--shipped]

Prints decisions/s, full games/s, decisions per game, and the clone() cost for the state after turn 10
of a seeded game. Targets: Choque (issue 2) >= 30,000 decisions/s, clone <= 100 µs; Deuses (issue 20)
>= 30,000 decisions/s, clone <= 20 µs. Another game than Choque plays its plugin's random decks
(``random_game``), or with ``--shipped`` two of its preconstructed decks chosen by the seed.
"""

from __future__ import annotations

import argparse
import time
import timeit

from tablero.core import Rng, compiled, new_game, plugin
from tablero.core.registry import random_game
from tablero.games.choque.generate import generate_deck, generate_pool


def make_other(name: str, seed: int, shipped: bool):  # type: ignore[no-untyped-def]
    if not shipped:
        return random_game(name, seed)
    rng = Rng(seed)
    decks = [d.deck for d in plugin(name).shipped_decks().values()]
    return new_game(name, decks=[rng.choice(decks), rng.choice(decks)], seed=seed)


def make(seed: int, edition: str, effects: bool = False, shipped: bool = False):  # type: ignore[no-untyped-def]
    rng = Rng(seed)
    if shipped:  # two of the preconstructed decks of the edition, chosen by the seed (mirrors included)
        from tablero.games.choque.deckfile import shipped_decks

        pool_decks = [d.deck for d in shipped_decks().values() if d.deck.edition == edition]
        decks = [rng.choice(pool_decks), rng.choice(pool_decks)]
    else:
        pool = generate_pool(rng, effects=effects)
        decks = [generate_deck(pool, rng, edition), generate_deck(pool, rng, edition)]
    return new_game("choque", decks=decks, seed=seed, edition=edition)


def play_random(game, rng: Rng) -> int:  # type: ignore[no-untyped-def]
    n = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="choque", help="the game (`tablero games`)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--edition", default="choque-2026")
    ap.add_argument("--effects", action="store_true", help="decks with effect-bearing generated cards")
    ap.add_argument("--shipped", action="store_true", help="the preconstructed decks of the edition")
    args = ap.parse_args()

    def build(seed: int):  # type: ignore[no-untyped-def]
        if args.game != "choque":
            return make_other(args.game, seed, args.shipped)
        return make(seed, args.edition, args.effects, args.shipped)

    games = [build(args.seed + i) for i in range(args.games)]  # setup not timed
    rng = Rng(args.seed)
    t0 = time.perf_counter()
    decisions = sum(play_random(g, rng) for g in games)
    dt = time.perf_counter() - t0

    g = build(args.seed)
    r = Rng(args.seed + 1)
    while not g.is_over and g.observe()["turn"] < 10:
        legal = g.legal_actions()
        g.apply(legal[r.below(len(legal))])
    reps = 20000
    clone_us = min(timeit.repeat(g.clone, number=reps, repeat=5)) / reps * 1e6
    new_us = min(timeit.repeat(lambda: build(args.seed), number=20, repeat=3)) / 20 * 1e6

    print(f"build              {'compiled (mypyc)' if compiled() else 'plain Python'}")
    kind = (" (shipped decks)" if args.shipped else " (generated effect decks)" if args.effects
            else " (generated keyword decks)")
    if args.game != "choque":
        kind = " (shipped decks)" if args.shipped else " (random decks of the shipped cards)"
        print(f"game               {args.game}{kind}")
    else:
        print(f"edition            {args.edition}{kind}")
    print(f"games              {args.games}")
    print(f"decisions/s        {decisions / dt:,.0f}")
    print(f"games/s            {args.games / dt:,.1f}")
    print(f"decisions/game     {decisions / args.games:,.1f}")
    print(f"clone() at turn {g.observe()['turn']:<2} {clone_us:,.1f} µs")
    print(f"new game (setup)   {new_us:,.0f} µs (pool and decks generated too)")


if __name__ == "__main__":
    main()
