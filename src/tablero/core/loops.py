"""Loops: every game ends (docs/rulings.md, "Loops", after MTG's rules for loops, 732).

A loop a player can leave is theirs to repeat, but not for ever. A *position* is what the deciding seat sees
and the decision put to it, with no counter and no log (``Game.position``). Within one turn, a position of a
free decision (``Game.free_kinds``) that comes back a third time ends the turn's optional part: that decision
then allows only the game's ``leave_verb`` (Choque's and Deuses' ``end_phase``) and its concession, so a
player, a computer player and a search's playout all leave the loop, and every game ends.

Positions are counted from a turn's ``QUIET``-th free decision on: no ordinary turn has that many, so the
count costs ordinary play nothing, and a loop, which repeats without end, is still stopped within a few
rounds. A game holds one ``Positions`` in its state (``NONE`` at first), replaces it with ``noted`` once each
action is done, and filters its legal actions and refuses other actions with ``allowed`` and ``refusal``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .i18n import msg

if TYPE_CHECKING:
    from .game import Game

QUIET = 12  # free decisions of one turn before its positions are counted
REPEATS = 3  # the time a position comes back at which the turn's optional part ends


class Positions:
    """The turn under way: how many free decisions it had, how often each position came back since the
    count began, and whether the pending decision is a position's third time (``stuck``). Never changed
    once made (``noted`` makes the next one), so that copies of a game share it: cloning costs nothing."""

    __slots__ = ("counts", "free", "stuck", "turn")

    def __init__(self, turn: int = -1, free: int = 0, counts: dict[Hashable, int] | None = None,
                 stuck: bool = False) -> None:
        self.turn = turn
        self.free = free
        self.counts = counts
        self.stuck = stuck

    def noted(self, game: Game, turn: int) -> Positions:
        """Once an action is done: the count with the position of the decision now pending, if it is free."""
        d = game.pending
        if d is None or d.kind not in game.free_kinds:
            return Positions(self.turn, self.free, self.counts) if self.stuck else self
        free, counts = (self.free, self.counts) if turn == self.turn else (0, None)
        free += 1
        if free < QUIET:
            return Positions(turn, free)
        key = game.position()
        counts = dict(counts) if counts else {}
        n = counts.get(key, 0) + 1
        counts[key] = n
        return Positions(turn, free, counts, n >= REPEATS)


NONE = Positions()  # a new game's count


def allowed(game: Game, positions: Positions, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal actions, once a position came back a third time: only the one that leaves."""
    if not positions.stuck:
        return legal
    return [a for a in legal if a.get("do") == game.leave_verb]


def refusal(game: Game, positions: Positions, action: Any) -> IllegalAction | None:
    """Why ``action`` is refused at a position's third time (anything but leaving or conceding), or None."""
    if not positions.stuck or not isinstance(action, dict):
        return None
    if action.get("do") in (game.leave_verb, game.concede_verb):
        return None
    return IllegalAction(game.loop_rule, msg("this position came back a third time this turn: the step ends "
                                             "now (a loop is left at its third round)"))


__all__ = ["NONE", "QUIET", "REPEATS", "Positions", "allowed", "refusal"]
