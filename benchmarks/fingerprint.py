"""A fingerprint of many seeded random games, to prove a refactor changes no game.

    python benchmarks/fingerprint.py [--games N] [--seed S] [--game G]

Plays N random games on generated effect decks and on the shipped decks of both editions (another game:
on random decks of its shipped cards and on its preconstructed decks), hashing every legal-action list (in
order), every action and the full log, and prints one SHA-256. Run it on a change and on its parent:
the same digest means the change plays the same games, move for move (a behaviour-preserving refactor).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from engine import make, make_other  # noqa: E402
from tablero.core import Rng  # noqa: E402


def fingerprint(games: int, seed: int, game: str = "choque") -> str:
    h = hashlib.sha256()
    for edition in ("choque-2026", "choque-legacy") if game == "choque" else (game,):
        for kind in ("effects", "shipped"):
            for i in range(games):
                if game == "choque":
                    g = make(seed + i, edition, effects=kind == "effects", shipped=kind == "shipped")
                else:
                    g = make_other(game, seed + i, shipped=kind == "shipped")
                rng = Rng(seed * 7919 + i)
                while not g.is_over:
                    legal = g.legal_actions()
                    h.update(json.dumps(legal, sort_keys=True).encode())
                    g.apply(legal[rng.below(len(legal))])
                h.update(json.dumps(g.log, sort_keys=True, default=str).encode())
                h.update(json.dumps(g.observe(), sort_keys=True, default=str).encode())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=75, help="games per edition and deck kind")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", default="choque", help="the game (`tablero games`)")
    args = ap.parse_args()
    print(fingerprint(args.games, args.seed, args.game))


if __name__ == "__main__":
    main()
