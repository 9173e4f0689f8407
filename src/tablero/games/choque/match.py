"""CH-0.4 matches: best of three CHOQUES, and CH-4.2: who starts each one.

Participants are named by their seats, ``A`` and ``B``, for the whole match (participant A always plays
seat A, with their own deck); each CHOQUE only changes who goes first (``new_game(..., first=...)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablero.core import BadInput
from tablero.core.shown import shown

MAX_CHOQUES = 5  # CH-0.4 ruling: drawn CHOQUES are replayed, up to five in all


@dataclass
class Match:
    """The score of a match and the rule for who starts the next CHOQUE."""

    results: list[str] = field(default_factory=list)  # each CHOQUE's winner: "A", "B" or "draw"

    @property
    def wins(self) -> dict[str, int]:
        return {p: self.results.count(p) for p in ("A", "B")}

    @property
    def over(self) -> bool:
        """CH-0.4: two wins take the match; after five CHOQUES it is decided on wins, or drawn."""
        return max(self.wins.values()) >= 2 or len(self.results) >= MAX_CHOQUES

    @property
    def winner(self) -> str | None:
        """``"A"``, ``"B"``, ``"draw"``, or None while the match goes on."""
        if not self.over:
            return None
        a, b = self.wins["A"], self.wins["B"]
        return "A" if a > b else "B" if b > a else "draw"

    @property
    def chooser(self) -> str | None:
        """CH-4.2: the loser of the previous CHOQUE chooses who starts; None (random) for the first CHOQUE
        and after a draw."""
        if not self.results or self.results[-1] == "draw":
            return None
        return "B" if self.results[-1] == "A" else "A"

    def record(self, winner: str) -> None:
        if self.over:
            raise BadInput("CH-0.4: the match is over")
        if winner not in ("A", "B", "draw"):
            raise BadInput(f"a CHOQUE is won by A or B, or drawn; got {shown(winner)}")
        self.results.append(winner)
