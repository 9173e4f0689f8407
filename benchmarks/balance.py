"""Balance of the shipped decks: every pair of one edition's preconstructed decks, greedy against greedy.

A rules change moves the balance of decks built under the old rules (issue 15's mandatory ofrenda did); this
plays the round robin that shows it, with the balance lab's own runner (seats alternate, first player
alternating, every seed from ``--seed`` and the game's index), so a row here is the same games as
``tablero simulate --decks X Y --first alternate --games N``. ``--option`` plays under a house rule, to see
what one rule's reading is worth.

    python benchmarks/balance.py --games 200
    python benchmarks/balance.py --games 200 --option choque.ofrenda_optional=true
"""

from __future__ import annotations

import argparse
import itertools

from tablero.games.choque.deckfile import shipped_decks
from tablero.lab.runner import LabConfig, run
from tablero.lab.stats import wilson


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--edition", default="choque-2026")
    ap.add_argument("--agents", default="greedy,greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=true|false")
    args = ap.parse_args()
    house = {k: v.lower() == "true" for k, _, v in (o.partition("=") for o in args.option)}
    decks = {i: d.deck for i, d in shipped_decks().items() if d.deck.edition == args.edition}
    a, b = args.agents.split(",")
    print(f"{args.edition}, {a} vs {b}, {args.games} games per pair, seed {args.seed}"
          + (f", options {house}" if house else ""))
    print(f"{'deck A':<18} {'deck B':<18} {'A wins':>7}  95% CI        turns")
    for x, y in itertools.combinations(sorted(decks), 2):
        cfg = LabConfig(decks=(decks[x], decks[y]), agents=(a, b), edition=args.edition, seed=args.seed,
                        first="alternate", game_options=house)
        res = run(cfg, args.games, args.workers)
        wins = sum(r.winner_label == "A" for r in res.records)
        lo, hi = wilson(wins, len(res.records))
        turns = sum(r.turns for r in res.records) / len(res.records)
        print(f"{x:<18} {y:<18} {wins / len(res.records):>7.0%}  {lo:.0%}–{hi:.0%}     {turns:5.1f}", flush=True)


if __name__ == "__main__":
    main()
