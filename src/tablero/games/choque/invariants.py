"""Choque's soak invariants (``GamePlugin.invariants``): what must hold after every action of any game, checked
by the conformance suite's random games and by ``benchmarks/soak.py``'s ten thousand. Each player keeps the
same multiset of cards as at the start (cards move between zones, never appear or vanish), hearts are never
negative (CH-10.1), the zones keep their sizes (CH-3: four character zones, five support zones, two
sectors), and no character stays on the field without a heart or with no resistance left (CH-9.6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import stats
from .state import NAMES

if TYPE_CHECKING:
    from .game import ChoqueGame


def cards_of(g: ChoqueGame) -> list[Counter[str]]:
    return [Counter(c.id for c in g.s.cards_of(i)) for i in range(len(NAMES))]


def checker(start: ChoqueGame) -> Callable[[ChoqueGame], list[str]]:
    """A check of every invariant against ``start``'s cards: the problems it finds (none: all hold)."""
    first = cards_of(start)

    def check(g: ChoqueGame) -> list[str]:
        problems = []
        for i, p in enumerate(g.s.players):
            seat = NAMES[i]
            if Counter(c.id for c in g.s.cards_of(i)) != first[i]:
                problems.append(f"the cards of {seat} changed")
            if p.hearts < 0:
                problems.append(f"{seat} has negative hearts (CH-10.1)")
            if (len(p.chars), len(p.zones), len(p.sectors)) != (4, 5, 2):
                problems.append(f"{seat}'s zones changed size (CH-3)")
            for zi, c in enumerate(p.chars):
                if c is not None and not (c.hearts >= 1 and (stats.res(g, i, zi, c) >= 1 or c.has("invulnerable"))):
                    problems.append(f"a dead character stays in {seat}'s zone C{zi + 1} (CH-9.6)")
        return problems

    return check
