"""The soak invariants (``benchmarks/soak.py``, the conformance suite): checked after every action."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .game import DeusesGame
from .resolution import Bury
from .state import NAMES, State


def _cards(s: State, p: int) -> Counter[str]:
    pl = s.players[p]
    field = [slot.card for slot in pl.field if slot is not None]
    # a card whose effect waits at a choice after a draw is on its way to the WotD (``resolution.Bury``)
    waiting = [task.card for task in s.work if isinstance(task, Bury) and task.p == p]
    return Counter([*pl.hand, *pl.main, *pl.additional, *field, *pl.wotd, *pl.excluded, *waiting])


def checker(start: DeusesGame) -> Callable[[DeusesGame], list[str]]:
    """Cards conserved across every zone (DE-4), LP changed only by logged damage and gains (DE-10), at most
    one attack card put down from hand a turn (DE-8.1), LP never below 0 (DE-10.4)."""
    owned = [_cards(start.s, p) for p in (0, 1)]
    base = [pl.lp for pl in start.s.players]
    since = len(start.s.log)

    def check(g: DeusesGame) -> list[str]:
        s = g.s
        out = []
        for p in (0, 1):
            if _cards(s, p) != owned[p]:
                out.append(f"{NAMES[p]}'s cards are not conserved")
            pl = s.players[p]
            if pl.lp < 0:
                out.append(f"{NAMES[p]}'s LP below 0")
            if pl.attack_put_downs > 1:
                out.append(f"{NAMES[p]} put down {pl.attack_put_downs} attack cards this turn (DE-8.1)")
            logged = base[p] + sum(e["change"] for e in s.log[since:] if e["event"] == "lp" and e["player"] == NAMES[p])
            if logged != pl.lp:
                out.append(f"{NAMES[p]}'s LP {pl.lp} differs from the logged changes ({logged})")
        return out

    return check
