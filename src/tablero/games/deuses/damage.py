"""DE-10 damage and destruction, DE-11.1 Offering credits and DE-14.1/14.2 the win check.

Every LP loss is one *damage event*: its losses are applied together, LP stops at 0, thresholds newly
reached give their credits, and the win check follows (DE-10.4, DE-14.1).
"""

from __future__ import annotations

from collections.abc import Iterable

from .state import NAMES, THRESHOLDS, State


def damage(s: State, losses: Iterable[tuple[int, int]]) -> None:
    """One damage event: each (player, amount) lost at once (DE-10.4), then credits and the win check."""
    hit = False
    for p, amount in losses:
        if amount <= 0:
            continue
        pl = s.players[p]
        before = pl.lp
        pl.lp = max(0, pl.lp - amount)  # DE-10.4: never below 0
        if pl.lp != before:
            hit = True
            s.lp_moved = True
            s.log.append({"event": "lp", "player": NAMES[p], "change": pl.lp - before, "lp": pl.lp})
            _credits(s, p)
    if hit:
        _win_check(s)


def gain(s: State, p: int, amount: int) -> None:
    """LP gained by an effect (the Ace's Recover LP); thresholds already passed stay given (DE-11.1)."""
    if amount > 0:
        pl = s.players[p]
        pl.lp += amount
        s.lp_moved = True
        s.log.append({"event": "lp", "player": NAMES[p], "change": amount, "lp": pl.lp})


def _credits(s: State, p: int) -> None:
    """DE-11.1: the first time LP is at or below a threshold, one credit (reading: the threshold included)."""
    pl = s.players[p]
    for t in THRESHOLDS:
        if pl.lp <= t and t not in pl.thresholds:
            pl.thresholds.append(t)
            pl.thresholds.sort(reverse=True)
            pl.credits += 1
            s.log.append({"event": "credit", "player": NAMES[p], "threshold": t})


def _win_check(s: State) -> None:
    """DE-14.1, DE-14.2: a player at 0 LP loses; both at 0 in one event is a draw."""
    down = [pl.lp == 0 for pl in s.players]
    if down[0] or down[1]:
        end(s, "draw" if down[0] and down[1] else NAMES[1] if down[0] else NAMES[0])


def end(s: State, winner: str) -> None:
    s.winner = winner
    s.pending = None
    s.log.append({"event": "end", "winner": winner})


def tier(lp: int) -> int:
    """DE-11.2: the number of thresholds current LP is at or below."""
    return sum(1 for t in THRESHOLDS if lp <= t)


def destroy(s: State, targets: list[tuple[int, int]]) -> None:
    """DE-10.1: the cards in these (player, slot) places are destroyed at once: each goes to its owner's
    World of the Dead, and its controller loses its level x 100 LP (a magic card: 0, DE-10.3)."""
    losses = []
    for p, i in targets:
        slot = s.players[p].field[i]
        if slot is None:
            continue
        s.players[p].field[i] = None
        s.players[p].wotd.append(slot.card)
        level = s.cards[slot.card].level
        s.log.append({"event": "destroyed", "player": NAMES[p], "card": slot.card, "slot": f"F{i + 1}"})
        losses.append((p, level * 100))
    damage(s, losses)
