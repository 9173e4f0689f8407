"""Live games: rebuilt from their stored records, advanced only by legal actions, each action committed
before anyone is answered, AI seats played by the server.

A game lives in the database as its row (decks, seed, edition, seats) and its actions in order; the
``ChoqueGame`` in memory is only a cache, rebuilt by replaying the actions whenever it is missing (after a
restart, or after a failed commit), so what a client sees is always what is stored.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tablero.agents import Seat, make_agent
from tablero.core import IllegalAction
from tablero.games.choque.game import ChoqueGame
from tablero.play.record import GameRecord

from .models import ActionRow, GameRow, now

AIS = {"ai:random": "random", "ai:greedy": "greedy", "ai:mcts": "mcts"}
SEATS = ("A", "B")


class Refused(Exception):
    """A request the game refuses: HTTP status, message, rule id (None when no game rule applies)."""

    def __init__(self, status: int, error: str, rule: str | None = None) -> None:
        super().__init__(error)
        self.status, self.error, self.rule = status, error, rule


def public_view(g: ChoqueGame) -> dict[str, Any]:
    """What a spectator may see (CH-11.1): both hands and every deck hidden, nothing revealed."""
    v = g.view("A")
    v["A"].pop("hand", None)
    v["A"].pop("support_deck", None)
    v["revealed"] = []
    v["viewer"] = None
    return v


def envelope(g: ChoqueGame, seat: str | None) -> dict[str, Any]:
    d = None if g.is_over else g.pending
    mine = d is not None and seat is not None and d.player == seat
    return {"view": g.view(seat) if seat else public_view(g),
            "pending": {"player": d.player, "kind": d.kind} if d is not None else None,
            "legal_actions": g.legal_actions() if mine else [],
            "winner": g.winner}


class GameHub:
    """The server's games in memory, one lock each (requests run on a thread pool)."""

    def __init__(self, ai_options: dict[str, dict[str, Any]] | None = None) -> None:
        self.ai_options = ai_options or {}
        self.live: dict[int, ChoqueGame] = {}
        self.agents: dict[tuple[int, str], Any] = {}
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()
        # WebSocket listeners per game: (seat or None for a spectator, callback taking the envelope)
        self.listeners: dict[int, list[tuple[str | None, Callable[[dict[str, Any]], None]]]] = {}

    def listen(self, game_id: int, seat: str | None, push: Callable[[dict[str, Any]], None]) -> None:
        with self._guard:
            self.listeners.setdefault(game_id, []).append((seat, push))

    def unlisten(self, game_id: int, push: Callable[[dict[str, Any]], None]) -> None:
        with self._guard:
            self.listeners[game_id] = [x for x in self.listeners.get(game_id, []) if x[1] is not push]

    def _notify(self, game_id: int, g: ChoqueGame) -> None:
        """After a committed change: each listener gets its own envelope (its seat's view, or the public
        one), never anyone else's."""
        with self._guard:
            listeners = list(self.listeners.get(game_id, []))
        for seat, push in listeners:
            push(envelope(g, seat))

    def lock(self, game_id: int) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def game(self, s: Session, row: GameRow) -> ChoqueGame:
        g = self.live.get(row.id)
        if g is None:
            assert row.deck_b is not None, "an open challenge has no game yet"
            rec = GameRecord(edition=row.edition, seed=row.seed, decks=[row.deck_a, row.deck_b], first=row.first,
                             agents={})
            g = rec.new_game()
            stored: list[dict[str, Any]] = list(s.scalars(
                select(ActionRow.action).where(ActionRow.game_id == row.id).order_by(ActionRow.seq)))
            for a in stored:
                g.apply(a)
            self.live[row.id] = g
        return g

    def apply(self, s: Session, row: GameRow, action: dict[str, Any]) -> ChoqueGame:
        """Apply one action and commit it (with the game's status) before returning; on a failed commit the
        cached game is dropped, so the next request rebuilds it from what was stored."""
        g = self.game(s, row)
        g.apply(action)  # IllegalAction leaves the game unchanged
        seq = s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == row.id)) or 0
        s.add(ActionRow(game_id=row.id, seq=seq, action=action))
        row.updated_at = now()
        if g.is_over:
            row.status, row.winner = "over", g.winner
        try:
            s.commit()
        except Exception:
            s.rollback()
            self.live.pop(row.id, None)
            raise
        self._notify(row.id, g)
        return g

    def act(self, s: Session, row: GameRow, seat: str, action: Any) -> ChoqueGame:
        """A seated player's action: theirs to take (surrender at any moment, CH-10.3), legal, then stored;
        then the AI seats move until a person must decide or the game is over."""
        if row.status != "playing":
            raise Refused(409, f"game {row.id} is {row.status}, not being played")
        if not isinstance(action, dict):
            raise Refused(422, "action must be a canonical action object (docs/actions.md)")
        if action.get("player") != seat:
            raise Refused(403, f"you play seat {seat}; this action is for {action.get('player')!r}")
        g = self.game(s, row)
        d = g.pending
        if action.get("do") != "surrender" and (d is None or d.player != seat):
            raise Refused(409, f"it is {d.player if d else 'nobody'}'s decision, not yours")
        try:
            self.apply(s, row, action)
        except IllegalAction as e:
            raise Refused(422, e.message, e.rule) from None
        return self.play_ais(s, row)

    def play_ais(self, s: Session, row: GameRow) -> ChoqueGame:
        g = self.game(s, row)
        while not g.is_over:
            d = g.pending
            assert d is not None
            agent_name = row.agent_a if d.player == "A" else row.agent_b
            if agent_name is None:
                break
            key = (row.id, d.player)
            agent = self.agents.get(key)
            if agent is None:
                name = AIS[agent_name]
                agent = self.agents[key] = make_agent(name, seed=row.seed * 2 + SEATS.index(d.player),
                                                      **self.ai_options.get(name, {}))
            g = self.apply(s, row, agent.act(Seat(g, d.player)))
        return g
