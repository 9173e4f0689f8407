"""Balance of the shipped decks: every pair of one edition's preconstructed decks, greedy against greedy.

``--game`` (default choque) picks the game, ``--edition`` one of its editions (default: the game's default
edition, whose shipped decks are played).

A rules change moves the balance of decks built under the old rules (issue 15's mandatory ofrenda did); this
plays the round robin that shows it, with the balance lab's own runner (seats alternate, first player
alternating, every seed from ``--seed`` and the game's index), so a row here is the same games as
``tablero simulate --decks X Y --first alternate --games N``. ``--option`` plays under a house rule, to see
what one rule's reading is worth.

    python benchmarks/balance.py --games 200
    python benchmarks/balance.py --games 200 --option choque.ofrenda_optional=true
    python benchmarks/balance.py --game deuses --games 200
"""

from __future__ import annotations

import argparse
import itertools

from tablero.core import plugin
from tablero.lab.runner import LabConfig, run
from tablero.lab.stats import wilson


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="choque", help="the game (tablero games)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--edition", default=None, help="default: the game's default edition")
    ap.add_argument("--agents", default="greedy,greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    game = plugin(args.game)
    edition = args.edition or game.default_edition
    house = game.parse_option_pairs(args.option)
    decks = {i: d.deck for i, d in game.shipped_decks().items() if d.deck.edition in (None, edition)}
    a, b = args.agents.split(",")
    print(f"{game.name} {edition}, {a} vs {b}, {args.games} games per pair, seed {args.seed}"
          + (f", options {house}" if house else ""))
    w = max([18, *map(len, decks)])
    print(f"{'deck A':<{w}} {'deck B':<{w}} {'A wins':>7}  95% CI        turns")
    for x, y in itertools.combinations(sorted(decks), 2):
        cfg = LabConfig(decks=(decks[x], decks[y]), agents=(a, b), edition=edition, seed=args.seed,
                        first="alternate", game_options=house, game=game.name)
        res = run(cfg, args.games, args.workers)
        wins = sum(r.winner_label == "A" for r in res.records)
        lo, hi = wilson(wins, len(res.records))
        turns = sum(r.turns for r in res.records) / len(res.records)
        print(f"{x:<{w}} {y:<{w}} {wins / len(res.records):>7.0%}  {lo:.0%}–{hi:.0%}     {turns:5.1f}", flush=True)


if __name__ == "__main__":
    main()
