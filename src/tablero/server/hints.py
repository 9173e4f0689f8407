"""Hints: "what would the computer do?" — the move the search agent (MCTS) would make in a player's seat,
with its estimate of that seat's chance to win.

The search sees only what the seat sees: it runs on a ``Seat`` and draws its determinizations from it
(``Seat.determinize``, the core's ``resample``), so two games that differ only in cards hidden from the
seat give the same hint. It searches a fixed number of iterations (not a time budget), and its random
source comes one-way from the game's seed, the seat and the decision (``derive_seed``), so the same
question always gets the same answer and no answer leads back to the seed.

A hint is rate-limited: one per decision (asking again returns the same one), ``per_game`` per seat in a
game, and ``per_minute`` per account over all its games (each costs the server a search). The game hub
(``games.py``) asks for hints under the game's lock, searches outside it, stores each one (``game_hints``)
and tells both seats that it was asked.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.orm import Session

from tablero.agents import Seat
from tablero.agents.mcts import MctsAgent
from tablero.agents.playout import settle
from tablero.core import Game, Rng, derive_seed, plugin

from .models import HintRow, now
from .throttle import Throttle

# MCTS iterations per hint: fixed, so that a hint depends on nothing but what the seat sees; as many as
# keep the hint's 95th percentile under a second on the project's machine in both games (benchmarks/hint.py:
# a median of 0.1-0.25 s; a decision whose answers lead to wide ones, a draw before a put-down of
# dozens of choices, costs more)
HINT_ITERATIONS = 200
HINTS_PER_GAME = 10  # per seat and game
HINTS_PER_MINUTE = 6  # per account, over all its games
# searches at once over the whole server: each takes a core for a fraction of a second, and a crowd asking
# at once must not starve the games' own moves (an AI seat's search, every action's commit)
HINTS_AT_ONCE = max(1, (os.cpu_count() or 2) - 1)
RETRY_BUSY = "2"  # seconds a client is told to wait when every hint search is taken (Retry-After)
SAMPLES = 16  # determinizations that value a decision with one answer (nothing to search)
TABLE = cast(Table, HintRow.__table__)


@dataclass(frozen=True)
class Hint:
    """A hint given: the seat that asked, at the decision after ``seq`` actions, the action the search
    chose and its estimate of the seat's chance to win (0 to 1)."""

    seat: str
    seq: int
    action: dict[str, Any]
    estimate: float

    def public(self) -> dict[str, Any]:
        """What the opponent and spectators see of it while the game is played: that it was asked, by whom
        and when, never what it said (an action about the asker's own cards)."""
        return {"seat": self.seat, "seq": self.seq}

    def full(self) -> dict[str, Any]:
        """What the asker, and a replay once the game is over, see of it."""
        return {"seat": self.seat, "seq": self.seq, "action": self.action, "estimate": self.estimate}


def hint_seed(game_seed: int, seat: str, seq: int) -> int:
    """The search's seed for the hint of ``seat`` at the decision after ``seq`` actions: fixed by the game,
    the seat and the decision, and one-way (BLAKE2b), so the hint's choices tell nothing of the game's seed."""
    return derive_seed(game_seed, f"hint:{seat}:{seq}")


def win_chance(value: float, calibration: tuple[float, float] | None = None) -> float:
    """A search value (``Game.heuristic``'s scale: -1 lost, +1 won) as a chance to win, 0 to 1, rounded to
    three places: through the game's fitted ``GamePlugin.hint_calibration`` (a, b), ``1 / (1 + e^-(a·v +
    b))``, when it has one (an evaluation is a ranking, not a probability: fitted on how seeded games
    ended, ``benchmarks/calibrate.py``); else ``(v + 1) / 2``."""
    if calibration is None:
        return round(min(1.0, max(0.0, (value + 1.0) / 2.0)), 3)
    a, b = calibration
    return round(1.0 / (1.0 + math.exp(-(a * value + b))), 3)


def search_value(game: Game, seat: str, seed: int, iterations: int = HINT_ITERATIONS) -> tuple[dict[str, Any], float]:
    """The action MCTS chooses for ``seat`` at the game's pending decision (the seat's), searching
    ``iterations`` determinizations of what the seat sees, and the search's value of it (-1 to 1).
    ``game`` is only read through a ``Seat``: a copy may be passed, and nothing hidden from the seat
    changes the answer. With one legal action there is nothing to search: its value is the mean over
    ``SAMPLES`` determinizations of the position it leads to."""
    agent = MctsAgent(seed, iterations=iterations)
    view = Seat(game, seat)
    action = agent.act(view)
    value = agent.last_estimate
    if value is None:
        rng = Rng(seed)
        total = 0.0
        for _ in range(SAMPLES):
            g = view.determinize(rng)
            g.apply(action)
            settle(g)
            total += g.heuristic(seat)
        value = total / SAMPLES
    return action, value


def search_hint(game: Game, seat: str, seed: int, iterations: int = HINT_ITERATIONS) -> tuple[dict[str, Any], float]:
    """The hint: ``search_value``'s action, and its value as the seat's chance to win (``win_chance``, with
    the game's calibration)."""
    action, value = search_value(game, seat, seed, iterations)
    return action, win_chance(value, plugin(game.name).hint_calibration)


class HintDesk:
    """The hints of the server's games, in memory per live game (read from the database when a game is
    rebuilt), and their limits: ``iterations`` per search, ``per_game`` hints per seat and game,
    ``per_minute`` per account, ``at_once`` searches under way over the whole server."""

    def __init__(self, iterations: int = HINT_ITERATIONS, per_game: int = HINTS_PER_GAME,
                 per_minute: int = HINTS_PER_MINUTE, clock: Callable[[], float] = time.monotonic,
                 at_once: int = HINTS_AT_ONCE) -> None:
        self.iterations = iterations
        self.per_game = per_game
        self.searching = threading.BoundedSemaphore(at_once)  # taken by each search under way
        self.throttle = Throttle({"account": per_minute}, 60.0, clock)
        self.given: dict[int, list[Hint]] = {}
        # the searches under way, by (game, decision): a second question waits for the first one's answer.
        # Read and written under the game's lock
        self.searches: dict[tuple[int, int], Future[Hint]] = {}

    def load(self, s: Session, game_id: int) -> list[Hint]:
        """A game's hints as stored, in order (kept until ``drop``)."""
        hints = self.given[game_id] = stored_hints(s, game_id)
        return hints

    def of(self, game_id: int) -> list[Hint]:
        return self.given.get(game_id, [])

    def at(self, game_id: int, seq: int) -> Hint | None:
        return next((h for h in self.of(game_id) if h.seq == seq), None)

    def left(self, game_id: int, seat: str) -> int:
        """Hints ``seat`` may still ask for in the game."""
        return max(0, self.per_game - sum(h.seat == seat for h in self.of(game_id)))

    def store(self, s: Session, game_id: int, hint: Hint) -> None:
        """Commit a new hint, then keep it."""
        s.execute(insert(TABLE).values(game_id=game_id, seq=hint.seq, seat=hint.seat, action=hint.action,
                                       estimate=hint.estimate, at=now()))
        s.commit()
        self.given.setdefault(game_id, []).append(hint)

    def drop(self, game_id: int) -> None:
        self.given.pop(game_id, None)


def stored_hints(s: Session, game_id: int) -> list[Hint]:
    """A game's hints as stored (the replay's), in order."""
    rows = s.execute(select(TABLE.c.seat, TABLE.c.seq, TABLE.c.action, TABLE.c.estimate)
                     .where(TABLE.c.game_id == game_id).order_by(TABLE.c.seq)).all()
    return [Hint(r.seat, r.seq, dict(r.action), float(r.estimate)) for r in rows]
