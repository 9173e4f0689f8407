"""The greedy agent: try each legal action on a determinized copy, let it resolve, keep the best.

One ply with the game's hand-written evaluation (``Game.heuristic``): cheap, never cheats (it plays on
copies in which every hidden card was redrawn), and a fair opponent for a beginner.
"""

from __future__ import annotations

from typing import Any

from tablero.core import Rng

from .base import Seat
from .playout import settle


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, seat: Seat) -> dict[str, Any]:
        legal = seat.legal_actions()
        if len(legal) == 1:
            return legal[0]
        base = seat.determinize(self.rng)
        best: list[int] = []
        best_score = -2.0
        for i, action in enumerate(legal):
            g = base.clone()
            g.apply(action)
            settle(g)
            score = g.heuristic(seat.player)
            if score > best_score + 1e-9:
                best, best_score = [i], score
            elif abs(score - best_score) <= 1e-9:
                best.append(i)
        return legal[best[self.rng.below(len(best))]]
