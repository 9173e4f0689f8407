"""The hint's chance to win, calibrated: fits each game's ``GamePlugin.hint_calibration``.

    python benchmarks/calibrate.py [--game choque|deuses|all] [--games 150] [--every 4] [--iterations N]

A search value (``Game.heuristic``'s scale, -1 to 1) ranks positions; read as ``(v + 1) / 2`` it is not a
probability (a position valued 0.95 was won about 80% of the time). For each game, plays ``--games`` seeded
games of its preconstructed decks with the greedy agent in both seats, and at every ``--every``-th decision
with a choice asks the hint's search (``server.hints.search_value``, the server's iteration count) for the
deciding seat's value; each value is paired with whether that seat went on to win (draws left out). It
then fits ``p = 1 / (1 + e^-(a·v + b))`` by maximum likelihood (Newton's method) and prints, by tenths of
the chance shown, how often the seat won, before and after, the Brier score of both, and the (a, b) to
put in the game's plugin.
"""

from __future__ import annotations

import argparse
import math

from tablero.agents import Seat, make_agent
from tablero.core import Rng, new_game, plugin
from tablero.server.hints import HINT_ITERATIONS, search_value, win_chance

Sample = tuple[float, float]  # (search value, 1.0 when the seat won)


def samples(game: str, games: int, every: int, iterations: int) -> list[Sample]:
    p = plugin(game)
    decks = [d.deck for d in p.shipped_decks().values() if d.deck.edition in (None, p.default_edition)]
    out: list[Sample] = []
    for seed in range(games):
        rng = Rng(seed)
        g = new_game(game, decks=[rng.choice(decks), rng.choice(decks)], seed=seed)
        agents = {seat: make_agent("greedy", seed=2 * seed + i) for i, seat in enumerate(g.players)}
        asked: list[tuple[str, float]] = []
        n = 0
        while not g.is_over and n < 5000:
            d = g.pending
            assert d is not None
            legal = g.legal_actions()
            if len(legal) > 1:
                if n % every == 0:
                    _, value = search_value(g.clone(private=True), d.player, seed * 7919 + n, iterations)
                    asked.append((d.player, value))
                g.apply(agents[d.player].act(Seat(g, d.player)))
            else:
                g.apply(legal[0])
            n += 1
        if g.winner in (None, "draw"):
            continue
        out += [(v, 1.0 if seat == g.winner else 0.0) for seat, v in asked]
    return out


def fit(data: list[Sample]) -> tuple[float, float]:
    """Logistic regression of the outcome on the value: (a, b) by Newton's method on the log-likelihood."""
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for v, y in data:
            p = 1.0 / (1.0 + math.exp(-(a * v + b)))
            r, w = y - p, p * (1.0 - p)
            ga += r * v
            gb += r
            haa += w * v * v
            hab += w * v
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return round(a, 3), round(b, 3)


def table(data: list[Sample], calibration: tuple[float, float] | None) -> tuple[list[str], float]:
    buckets: dict[int, list[float]] = {}
    brier = 0.0
    for v, y in data:
        p = win_chance(v, calibration)
        brier += (p - y) ** 2
        buckets.setdefault(min(9, int(p * 10)), []).append(y)
    lines = [f"  {k * 10:3d}-{k * 10 + 10:3d}%: {len(ys):5d} positions, won {100 * sum(ys) / len(ys):5.1f}%"
             for k, ys in sorted(buckets.items())]
    return lines, brier / max(1, len(data))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="all")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=HINT_ITERATIONS)
    args = ap.parse_args()
    for game in (["choque", "deuses"] if args.game == "all" else [args.game]):
        data = samples(game, args.games, args.every, args.iterations)
        a, b = fit(data)
        print(f"{game}: {len(data)} positions from {args.games} games; fitted hint_calibration = ({a}, {b})")
        for name, cal in (("(v + 1) / 2", None), (f"fitted ({a}, {b})", (a, b))):
            lines, brier = table(data, cal)
            print(f" chance shown as {name}: Brier {brier:.4f}")
            print("\n".join(lines))


if __name__ == "__main__":
    main()
