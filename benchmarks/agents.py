"""Agent strength and search speed (issue 5's targets).

    python benchmarks/agents.py [--games 100] [--budget 0.1] [--workers 2] [--pairs X:Y,...]

For each pair X:Y, plays --games CHOQUES with the four choque-2026 preconstructed decks (deck pairs rotating,
mirrors included), the seats alternating, and prints X's win rate with a 95% Wilson interval. MCTS runs with
--budget seconds per searched decision; the script also prints its iterations per second. Targets at 0.1 s:
mcts beats random >= 95% and greedy >= 60%; greedy beats random >= 85%.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tablero.agents import Seat, make_agent
from tablero.core import compiled, new_game
from tablero.games.choque.deckfile import shipped_decks


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


Job = tuple[str, str, int, float, int | None, dict[str, Any], dict[str, Any]]


def one_game(job: Job) -> dict[str, Any]:
    x, y, i, budget, iterations, extra, house = job
    decks = [d.deck for d in shipped_decks().values() if d.deck.edition == "choque-2026"]
    dx, dy = decks[i % 4], decks[(i // 4) % 4]
    opts: dict[str, Any] = {"iterations": iterations} if iterations else {"budget": budget}
    opts.update(extra)
    ax = make_agent(x, seed=2 * i, **(opts if x == "mcts" else {}))
    ay = make_agent(y, seed=2 * i + 1, **(opts if y == "mcts" else {}))
    x_seat = "A" if i % 2 == 0 else "B"
    agents = {x_seat: ax, ("B" if x_seat == "A" else "A"): ay}
    g = new_game("choque", decks=[dx, dy] if x_seat == "A" else [dy, dx], seed=10_000 + i,
                 options=house or None)
    searched = iterations = 0
    search_time = 0.0
    while not g.is_over:
        d = g.pending
        assert d is not None
        agent = agents[d.player]
        t0 = time.perf_counter()
        action = agent.act(Seat(g, d.player))
        if getattr(agent, "name", "") == "mcts" and getattr(agent, "last_iterations", 0):
            search_time += time.perf_counter() - t0
            iterations += agent.last_iterations  # type: ignore[attr-defined]
            searched += 1
            agent.last_iterations = 0  # type: ignore[attr-defined]
        g.apply(action)
    w = g.winner
    # how the CHOQUE ended: a deck ran out (CH-10.2) or hearts reached 0 (CH-10.1)
    how = "deck" if any(e["event"] == "deck_out" for e in g.log[-8:]) else "hearts"
    return {"x_won": 1.0 if w == x_seat else 0.5 if w == "draw" else 0.0, "turn": g.observe()["turn"],
            "how": how,
            "searched": searched, "iterations": iterations, "search_time": search_time}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--budget", type=float, default=0.1)
    ap.add_argument("--iterations", type=int, default=None, help="MCTS iterations per decision instead of "
                    "--budget (reproducible whatever the machine's speed)")
    ap.add_argument("--exploration", type=float, default=None, help="MCTS exploration constant (tuning)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (other seeds, same rotation)")
    ap.add_argument("--pairs", default="mcts:random,mcts:greedy,greedy:random")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=true|false",
                    help="an engine option (house rule) for every game, e.g. choque.ofrenda_optional=true")
    args = ap.parse_args()
    house = {k: v.lower() == "true" for k, _, v in (o.partition("=") for o in args.option)}
    search = f"{args.iterations} iterations" if args.iterations else f"budget {args.budget} s"
    print(f"build {'compiled (mypyc)' if compiled() else 'plain Python'}; {search}; "
          f"{args.games} games per pair; workers {args.workers}"
          + (f"; options {house}" if house else ""))
    for pair in args.pairs.split(","):
        x, y = pair.split(":")
        extra = {"exploration": args.exploration} if args.exploration is not None else {}
        seeds = range(args.first, args.first + args.games)
        jobs: list[Job] = [(x, y, i, args.budget, args.iterations, extra, house) for i in seeds]
        t0 = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as ex:
            results = list(ex.map(one_game, jobs))
        dt = time.perf_counter() - t0
        wins = sum(r["x_won"] for r in results)
        lo, hi = wilson(wins, len(results))
        line = (f"{x} vs {y}: {x} wins {wins / len(results):.0%} (95% CI {lo:.0%}-{hi:.0%}), "
                f"{sum(r['turn'] for r in results) / len(results):.1f} turns/game, {dt:.0f} s")
        its = sum(r["iterations"] for r in results)
        st = sum(r["search_time"] for r in results)
        if its:
            line += (f"; mcts {its / st:,.0f} iterations/s, "
                     f"{its / sum(r['searched'] for r in results):,.0f} per searched decision")
        print(line, flush=True)
        lost = [f"{i} ({r['how']}, turn {r['turn']})" for i, r in enumerate(results, args.first) if r["x_won"] < 1]
        print(f"  games {x} did not win: {', '.join(lost) or 'none'}", flush=True)


if __name__ == "__main__":
    main()
