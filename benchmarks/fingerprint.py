"""A fingerprint of many seeded random games, to prove a refactor changes no game.

    python benchmarks/fingerprint.py [--games N] [--seed S] [--game G] [--per-game]

Plays N random games on generated effect decks and on the shipped decks of both editions (another game:
on random decks of its shipped cards and on its preconstructed decks), hashing every legal-action list (in
order), every action and the full log, and prints one SHA-256. Run it on a change and on its parent:
the same digest means the change plays the same games, move for move (a behaviour-preserving refactor).
``--per-game`` prints a digest per game instead (edition, deck kind, seed): a diff of two runs names the
games a rules fix changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))

from engine import make, make_other  # noqa: E402
from tablero.core import Rng  # noqa: E402


def fingerprint(games: int, seed: int, game: str = "choque", per_game: list[str] | None = None) -> str:
    h = hashlib.sha256()
    for edition in ("choque-2026", "choque-legacy") if game == "choque" else (game,):
        for kind in ("effects", "shipped"):
            for i in range(games):
                if game == "choque":
                    g = make(seed + i, edition, effects=kind == "effects", shipped=kind == "shipped")
                else:
                    g = make_other(game, seed + i, shipped=kind == "shipped")
                rng = Rng(seed * 7919 + i)
                one = hashlib.sha256()  # the same bytes as the whole run's, for this game alone
                while not g.is_over:
                    legal = g.legal_actions()
                    _feed(json.dumps(legal, sort_keys=True).encode(), h, one)
                    g.apply(legal[rng.below(len(legal))])
                _feed(json.dumps(g.log, sort_keys=True, default=str).encode(), h, one)
                _feed(json.dumps(g.observe(), sort_keys=True, default=str).encode(), h, one)
                if per_game is not None:
                    per_game.append(f"{edition} {kind} {seed + i} {one.hexdigest()[:16]}")
    return h.hexdigest()


def _feed(data: bytes, *hashes: Any) -> None:
    for h in hashes:
        h.update(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=75, help="games per edition and deck kind")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", default="choque", help="the game (`tablero games`)")
    ap.add_argument("--per-game", action="store_true", help="a digest per game, to diff two runs")
    args = ap.parse_args()
    games: list[str] | None = [] if args.per_game else None
    total = fingerprint(args.games, args.seed, args.game, games)
    print("\n".join(games) if games is not None else total)


if __name__ == "__main__":
    main()
