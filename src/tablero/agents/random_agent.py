"""The uniform random agent: a baseline, and the fastest player for simulations."""

from __future__ import annotations

from typing import Any

from tablero.core import Rng

from .base import Seat


class RandomAgent:
    """Uniform over the legal actions (surrender is never among them), from its own seeded source."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, seat: Seat) -> dict[str, Any]:
        legal = seat.legal_actions()
        return legal[self.rng.below(len(legal))]
