"""The hint's latency ("what would the computer do?", issue 21 item 7): what one hint costs the server.

    python benchmarks/hint.py [--game choque|deuses|all] [--positions 40] [--iterations N] [--seed S] [--json]

For each game, deals ``--positions`` seeded games of its preconstructed decks, plays each with random
legal actions to a seeded depth (its opening to its late game), stops at the next decision with more than
one answer and times the hint there: ``server.hints.search_hint`` on a private copy, the MCTS search with
the server's fixed iteration count (``HINT_ITERATIONS``, or ``--iterations``), exactly as
``POST /api/games/{id}/hint`` runs it (the request's own bookkeeping, a few milliseconds, aside). Prints
the median, p95 and max per game. Target: under a second on the project's machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from tablero.core import Game, Rng, new_game, plugin
from tablero.server.hints import HINT_ITERATIONS, search_hint


def position(game: str, seed: int) -> Game | None:
    """A seeded game of two of ``game``'s preconstructed decks, played at random to a seeded depth, at a
    decision with more than one answer (None when the game ended first)."""
    rng = Rng(seed)
    decks = [d.deck for d in plugin(game).shipped_decks().values()
             if d.deck.edition in (None, plugin(game).default_edition)]
    g = new_game(game, decks=[rng.choice(decks), rng.choice(decks)], seed=seed)
    depth = 10 + rng.below(150)
    n = 0
    while not g.is_over:
        legal = g.legal_actions()
        if n >= depth and len(legal) > 1:
            return g
        g.apply(legal[rng.below(len(legal))])
        n += 1
    return None


def measure(game: str, positions: int, iterations: int, seed: int) -> dict[str, Any]:
    times: list[float] = []
    s = seed
    while len(times) < positions:
        g = position(game, s)
        s += 1
        if g is None or g.pending is None:
            continue
        copy = g.clone(private=True)  # what the server searches: a private copy taken under the game's lock
        t0 = time.perf_counter()
        search_hint(copy, g.pending.player, s, iterations)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {"game": game, "positions": len(times), "iterations": iterations,
            "median_s": round(statistics.median(times), 3),
            "p95_s": round(times[min(len(times) - 1, round(0.95 * (len(times) - 1)))], 3),
            "max_s": round(times[-1], 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="all", help="choque, deuses or all")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--iterations", type=int, default=HINT_ITERATIONS)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    games = ["choque", "deuses"] if args.game == "all" else [args.game]
    rows = [measure(g, args.positions, args.iterations, args.seed) for g in games]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':<8} {'positions':>9} {'iterations':>10} {'median s':>9} {'p95 s':>7} {'max s':>7}")
    for r in rows:
        print(f"{r['game']:<8} {r['positions']:>9} {r['iterations']:>10} {r['median_s']:>9.3f} {r['p95_s']:>7.3f} "
              f"{r['max_s']:>7.3f}")


if __name__ == "__main__":
    main()
