"""Balance-lab speed: ``tablero simulate`` with random agents, against the bare engine loop.

    python benchmarks/simulate.py [--decks D1 D2] [--games N] [--workers W ...] [--seed S]

Prints games/s of the lab (agents, seats, per-card statistics included) for each worker count, and of a
bare loop playing the same games (same game seeds, uniform random legal actions, no agents, no stats), so
the lab's own overhead shows. Target: >= 50 games/s with 1 worker, overhead under ~10%.
"""

from __future__ import annotations

import argparse
import time

from tablero.core import Rng, compiled, new_game
from tablero.games.choque.deckfile import shipped_decks
from tablero.lab.runner import LabConfig, a_seat_of, derive, run


def bare(cfg: LabConfig, games: int) -> float:
    """games/s of the engine alone on the lab's games (validate=False, like the lab)."""
    t0 = time.perf_counter()
    for i in range(games):
        decks = list(cfg.decks) if a_seat_of(i) == "A" else [cfg.decks[1], cfg.decks[0]]
        g = new_game("choque", decks=decks, seed=derive(cfg.seed, i, 0, 0), edition=cfg.edition, validate=False)
        rng = Rng(derive(cfg.seed, i, 0, 1))
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
    return games / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", nargs=2, default=["furia_jaguar", "veneno_serpiente"])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    shipped = shipped_decks()
    da, db = (shipped[d].deck for d in args.decks)
    cfg = LabConfig(decks=(da, db), agents=("random", "random"), edition=da.edition or "choque-2026",
                    seed=args.seed)
    run(cfg, 5, 1)  # warm up: imports, caches
    print(f"build              {'compiled (mypyc)' if compiled() else 'plain Python'}")
    print(f"decks              {args.decks[0]} vs {args.decks[1]}, {args.games} games, random vs random")
    base = bare(cfg, args.games)
    print(f"engine alone       {base:6.1f} games/s (1 process)")
    for w in args.workers:
        res = run(cfg, args.games, w)
        gps = len(res.records) / res.elapsed
        extra = f"  overhead {100 * (base / gps - 1):+.1f}% vs engine alone" if w == 1 else ""
        print(f"simulate workers {w} {gps:6.1f} games/s{extra}")


if __name__ == "__main__":
    main()
