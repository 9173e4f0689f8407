"""The words of the server's envelopes: what it costs to narrate each new log event and label each legal
action in every language of the table, as ``tablero serve`` does for every envelope it sends.

    python benchmarks/words.py [--games N] [--seed S]

Plays N random games between shipped decks (untimed), then times, for every decision of every game, the
envelope's words from the deciding seat's point of view: the events since the last decision narrated and
the legal actions labelled (with their group's words), in each language. Prints milliseconds per envelope.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from tablero.core import Rng, compiled, new_game
from tablero.games.choque.deckfile import shipped_decks
from tablero.server.envelopes import action_labels, events_for


def positions(games: int, seed: int) -> list[list[tuple[Any, str, list[dict[str, Any]]]]]:
    """Every decision of ``games`` random games: (the game then, who decides, the legal actions)."""
    shipped = shipped_decks()
    names = sorted(n for n, d in shipped.items() if d.deck.edition == "choque-2026")
    out = []
    for i in range(games):
        decks = [shipped[names[i % len(names)]].deck, shipped[names[(i + 1) % len(names)]].deck]
        g = new_game("choque", decks=decks, seed=seed + i, edition="choque-2026")
        rng = Rng(seed + i)
        steps = []
        while not g.is_over and g.pending is not None:
            legal = g.legal_actions()
            steps.append((g.clone(), g.pending.player, legal))
            g.apply(legal[rng.below(len(legal))])
        out.append(steps)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    games = positions(args.games, args.seed)
    t0 = time.perf_counter()
    n = 0
    for steps in games:
        seen = 0
        for g, seat, legal in steps:
            events_for(g, seat, seen, len(g.log))
            seen = len(g.log)
            action_labels(legal, g.view(seat), g.pending.kind, seat)
            n += 1
    ms = (time.perf_counter() - t0) * 1000 / n
    print(f"{'compiled' if compiled() else 'plain'}: {n} envelopes, {ms:.3f} ms of words per envelope")


if __name__ == "__main__":
    main()
