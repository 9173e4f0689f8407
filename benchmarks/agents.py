"""Agent strength and search speed (issue 5's targets for Choque, issue 20's for Deuses).

    python benchmarks/agents.py [--game choque] [--games 100] [--budget 0.1] [--workers 2] [--pairs X:Y,...]

For each pair X:Y, plays --games games of --game (default choque) with that game's preconstructed decks of its
default edition (``plugin(name).shipped_decks()``: Choque's four choque-2026 decks, Deuses' four), deck pairs
rotating (mirrors included), the seats alternating, and prints X's win rate with a 95% Wilson interval. MCTS
runs with --budget seconds per searched decision; the script also prints its iterations per second. The games
X did not win are listed with how each ended (a game that reaches the game's decision cap, ``GamePlugin.
decision_cap``, is stopped, counted a draw and reported): for Choque a deck ran out (CH-10.2) or hearts reached 0
(CH-10.1); for any other game, the event its log names last before the game's end (Deuses: ``lp``, a player's
LP reached 0, or ``stalled``, DE-14.4).

Targets at 0.1 s, Choque: mcts beats random >= 95% and greedy >= 60%; greedy beats random >= 85%. Deuses
(plain build): mcts beats random >= 90% and greedy >= 55%; greedy beats random >= 85%.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tablero.agents import Seat, make_agent
from tablero.core import Game, compiled, new_game, plugin


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


Job = tuple[str, str, str, int, float, int | None, dict[str, Any], dict[str, Any]]


def rotation(game: str) -> list[Any]:
    """The game's preconstructed decks of its default edition, in the order the games rotate through them."""
    p = plugin(game)
    return [d.deck for d in p.shipped_decks().values() if d.deck.edition in (None, p.default_edition)]


def how_it_ended(game: str, g: Game) -> str:
    if game == "choque":  # a deck ran out (CH-10.2) or hearts reached 0 (CH-10.1)
        return "deck" if any(e["event"] == "deck_out" for e in g.log[-8:]) else "hearts"
    # another game: the event its log names last before the entry that ends it, in the game's own words
    log = g.log
    return str(log[-2].get("event", "?")) if len(log) >= 2 else "?"


def one_game(job: Job) -> dict[str, Any]:
    game, x, y, i, budget, iterations, extra, house = job
    decks = rotation(game)
    n = len(decks)
    dx, dy = decks[i % n], decks[(i // n) % n]
    opts: dict[str, Any] = {"iterations": iterations} if iterations else {"budget": budget}
    opts.update(extra)
    ax = make_agent(x, seed=2 * i, **(opts if x == "mcts" else {}))
    ay = make_agent(y, seed=2 * i + 1, **(opts if y == "mcts" else {}))
    x_seat = "A" if i % 2 == 0 else "B"
    agents = {x_seat: ax, ("B" if x_seat == "A" else "A"): ay}
    g = new_game(game, decks=[dx, dy] if x_seat == "A" else [dy, dx], seed=10_000 + i,
                 options=house or None)
    searched = iterations = decisions = 0
    search_time = 0.0
    cap = plugin(game).decision_cap
    while not g.is_over:
        if decisions >= cap:  # a backstop (every game ends by the loop ruling): a draw, reported
            return {"x_won": 0.5, "turn": g.observe()["turn"], "how": f"stopped at {cap} decisions",
                    "capped": True, "searched": searched, "iterations": iterations, "search_time": search_time}
        decisions += 1
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
    how = how_it_ended(game, g)
    return {"x_won": 1.0 if w == x_seat else 0.5 if w == "draw" else 0.0, "turn": g.observe()["turn"],
            "how": how, "capped": False,
            "searched": searched, "iterations": iterations, "search_time": search_time}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="choque", help="the game to play (tablero games)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--budget", type=float, default=0.1)
    ap.add_argument("--iterations", type=int, default=None, help="MCTS iterations per decision instead of "
                    "--budget (reproducible whatever the machine's speed)")
    ap.add_argument("--exploration", type=float, default=None, help="MCTS exploration constant (tuning)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (other seeds, same rotation)")
    ap.add_argument("--pairs", default="mcts:random,mcts:greedy,greedy:random")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="an engine option (house rule) for every game, e.g. choque.ofrenda_optional=true")
    args = ap.parse_args()
    house = plugin(args.game).parse_option_pairs(args.option)
    search = f"{args.iterations} iterations" if args.iterations else f"budget {args.budget} s"
    decks = rotation(args.game)
    print(f"{args.game}, {len(decks)} decks rotating ({', '.join(d.name for d in decks)}); "
          f"build {'compiled (mypyc)' if compiled() else 'plain Python'}; {search}; "
          f"{args.games} games per pair; workers {args.workers}"
          + (f"; options {house}" if house else ""))
    for pair in args.pairs.split(","):
        x, y = pair.split(":")
        extra = {"exploration": args.exploration} if args.exploration is not None else {}
        seeds = range(args.first, args.first + args.games)
        jobs: list[Job] = [(args.game, x, y, i, args.budget, args.iterations, extra, house) for i in seeds]
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
        capped = sum(r["capped"] for r in results)
        if capped:
            line += f"; {capped} game(s) stopped at the decision cap, counted as draws"
        print(line, flush=True)
        lost = [f"{i} ({r['how']}, turn {r['turn']})" for i, r in enumerate(results, args.first) if r["x_won"] < 1]
        print(f"  games {x} did not win: {', '.join(lost) or 'none'}", flush=True)


if __name__ == "__main__":
    main()
