"""Live games: rebuilt from their stored records, advanced only by legal actions, each action committed
before anyone is answered, AI seats played by the server in the background.

A game lives in the database as its row (its game, decks, seed, edition, rules version and engine options,
seats) and its actions in order; the game in memory is only a cache, rebuilt by replaying the actions
whenever it is missing (after a restart, or after a failed commit), so what a client sees is always what is
stored.

A game stored under older rules is replayed under the current ones with the options that restore the old
readings (``GameRecord.replay``). When its record no longer replays whole (the current rules refuse one of
its actions), it still opens: at the position reached, with its recorded result, a note saying why
(``rules.note`` in every envelope) and nothing stored changed; such a game is only looked at, except that a
game left unfinished may still be surrendered, which ends it.

An AI seat thinks on a copy of the game, outside the game's lock, on the hub's own threads: a player's
request is answered as soon as their action is stored, and the AI's reply reaches them by the WebSocket
(or by ``GET /api/games/{id}?after=SEQ&wait=S``), never by holding the request open while MCTS searches.

A player's stops say which response windows the table stops at for their seat (``STOPS``: always, only
with something on the chain or stack, never); a window their stops pass over is passed for them by the
hub as soon as it opens, and stored as their pass. A hint (``hints.py``) is searched the same way as an AI's
move, on a copy outside the lock, and stored beside the game's actions.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, select, update
from sqlalchemy.orm import Session, sessionmaker

from tablero.agents import Agent, Seat, make_agent
from tablero.core import Game, IllegalAction, derive_seed
from tablero.core.i18n import msg
from tablero.core.record import Replay
from tablero.core.registry import DEFAULT_GAME, languages

from .envelopes import action_labels, encode, envelope, has_windows, presenters, replay_row, rules_json
from .errors import ApiError
from .hints import RETRY_BUSY, Hint, HintDesk, hint_seed, search_hint
from .journal import Journal
from .models import Account, ActionRow, GameRow

AIS = {"ai:random": "random", "ai:greedy": "greedy", "ai:mcts": "mcts"}
SEATS = ("A", "B")
KEEP_FINISHED = 500  # finished games kept in memory (the rest are rebuilt from the database on demand)
# the response windows the table stops at for a seat: every one, those with something on the chain or stack
# (the default, as in the terminal), none; a window not stopped at is passed for the seat
STOPS = ("always", "chain", "never")
DEFAULT_STOPS = "chain"
AUTO_PASSES = 1000  # windows passed for the players after one action, at most (a bound no game comes near)
log = logging.getLogger("tablero.server")


Listener = Callable[[bytes], None]
ACTIONS = cast(Table, ActionRow.__table__)
GAMES = cast(Table, GameRow.__table__)
ACCOUNTS = cast(Table, Account.__table__)


@dataclass
class Meta:
    """A game's row without its decks: who sits where and how it stands. Kept in memory by the hub, so
    an action costs no read of the row; it changes only through the hub (or ``forget`` after a join)."""

    id: int
    seed: int
    status: str  # open | playing | over
    winner: str | None
    accounts: tuple[int | None, int | None]
    agents: tuple[str | None, str | None]
    names: tuple[str | None, str | None] = (None, None)  # the accounts' usernames
    rules_version: int = 1  # the rules it is played under
    options: dict[str, Any] | None = None  # its engine options, as stored
    game: str = DEFAULT_GAME
    hints: bool = False  # whether both players agreed to hints (a game against the computer always allows them)
    stops: tuple[str | None, str | None] = (None, None)  # each seat's stops, as stored (None: the default)

    @property
    def players(self) -> dict[str, str | None]:
        """Who sits in each seat, as the envelope names them: the account's username, or the AI."""
        return {seat: self.names[i] or self.agents[i] for i, seat in enumerate(SEATS)}

    def seat_of(self, account_id: int) -> str | None:
        return "A" if self.accounts[0] == account_id else "B" if self.accounts[1] == account_id else None

    def agent(self, seat: str) -> str | None:
        return self.agents[SEATS.index(seat)]

    @property
    def hints_on(self) -> bool:
        """Whether the players may ask for hints: against the computer always; between accounts when both
        agreed to them, the challenge's creator as they made it and the other as they accepted it."""
        return self.hints or any(a is not None for a in self.agents)

    def stop(self, seat: str) -> str:
        """The seat's stops (``STOPS``)."""
        return self.stops[SEATS.index(seat)] or DEFAULT_STOPS


class GameHub:
    """The server's games in memory, one lock each (requests run on a thread pool), and the threads on
    which the AI seats think."""

    def __init__(self, make_session: sessionmaker[Session],
                 ai_options: dict[str, dict[str, Any]] | None = None, ai_threads: int = 4,
                 writer: AbstractContextManager[Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, hints: HintDesk | None = None) -> None:
        self.make_session = make_session
        # when each live game's pending decision was posed, by ``clock``: a player is absent from then on
        # (claims); a game rebuilt (after a restart) starts its clock again
        self.clock = clock
        self.posed: dict[int, float] = {}
        self.journal = Journal(make_session, writer)  # where accepted actions are committed
        self.ai_options = ai_options or {}
        self.hint_desk = hints if hints is not None else HintDesk()  # the hints given, and their limits
        self.live: dict[int, Game] = {}
        self.metas: dict[int, Meta] = {}
        self._finished: OrderedDict[int, None] = OrderedDict()
        self._spans: dict[int, tuple[int, int, int]] = {}  # game -> (seq, log start, log end) of the last change
        self.seq: dict[int, int] = {}
        # games whose record stops replaying under the current rules (GameRecord.replay), and the notes of
        # every game that has one (those, and records naming options these rules do not know)
        self.held: set[int] = set()
        self.noted: dict[int, Replay] = {}
        # (game, seat, board language) -> (seq, JSON)
        self._encoded: dict[tuple[int, str | None, str | None], tuple[int, bytes]] = {}
        self.agents: dict[tuple[int, str], Agent] = {}
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()
        self._thinking: set[int] = set()
        self._ai_pool = ThreadPoolExecutor(max_workers=ai_threads, thread_name_prefix="tablero-ai")
        # per game: (seat or None for a spectator, the board's language or None for none, callback taking
        # that client's envelope)
        self.listeners: dict[int, list[tuple[str | None, str | None, Listener]]] = {}
        # per game: callbacks taking nothing, told that something changed (long-polling requests)
        self.watchers: dict[int, list[Callable[[], None]]] = {}

    def close(self) -> None:
        self._ai_pool.shutdown(wait=False, cancel_futures=True)
        self.journal.close()

    # -- who hears about changes ------------------------------------------------------------------
    def listen(self, game_id: int, seat: str | None, push: Listener, board: str | None = None) -> None:
        with self._guard:
            self.listeners.setdefault(game_id, []).append((seat, board, push))

    def unlisten(self, game_id: int, push: Listener) -> None:
        with self._guard:
            self.listeners[game_id] = [x for x in self.listeners.get(game_id, []) if x[2] is not push]

    def watch(self, game_id: int, wake: Callable[[], None]) -> None:
        with self._guard:
            self.watchers.setdefault(game_id, []).append(wake)

    def unwatch(self, game_id: int, wake: Callable[[], None]) -> None:
        with self._guard:
            self.watchers[game_id] = [w for w in self.watchers.get(game_id, []) if w is not wake]

    def encoded(self, game_id: int, g: Game, seat: str | None, board: str | None = None) -> bytes:
        """A seat's envelope (None: a spectator's) at the game's current seq as JSON, with the board in the
        language ``board`` if asked, built once per seq, seat and board language: the WebSocket push and the
        reply to the action that caused it are the same bytes."""
        seq = self.seq[game_id]
        hit = self._encoded.get((game_id, seat, board))
        if hit is not None and hit[0] == seq:
            return hit[1]
        span = self._spans.get(game_id)
        m = self.metas.get(game_id)
        rules = rules_json(m.game, m.rules_version, m.options, self.note(m)) if m is not None else None
        hints = [h.full() if h.seat == seat else h.public() for h in self.hint_desk.of(game_id)]
        allowed = (seat is not None and m is not None and m.hints_on and m.status == "playing"
                   and game_id not in self.held)
        data = encode(envelope(g, seat, seq, span[1:] if span is not None and span[0] == seq else (0, 0),
                               m.players if m is not None else None, rules, game_id in self.held,
                               m.winner if m is not None else None, m.game if m is not None else None, board,
                               hints=hints, hints_allowed=allowed,
                               hints_left=self.hint_desk.left(game_id, seat) if allowed and seat else 0,
                               stops=m.stop(seat) if m is not None and seat is not None else None))
        self._encoded[(game_id, seat, board)] = (seq, data)
        return data

    def _notify(self, game_id: int, g: Game) -> None:
        """After a committed change: each listener gets its own envelope (its seat's view, or the public
        one), never anyone else's."""
        with self._guard:
            listeners = list(self.listeners.get(game_id, []))
            watchers = list(self.watchers.get(game_id, []))
        for seat, board, push in listeners:
            push(self.encoded(game_id, g, seat, board))
        for wake in watchers:
            wake()

    def _invalidate(self, game_id: int) -> None:
        """Forget the game's envelopes built at its current seq: something they show changed without an
        action (a hint asked, a seat's stops)."""
        for who in ("A", "B", None):
            for board in (None, *languages()):
                self._encoded.pop((game_id, who, board), None)

    # -- the games ----------------------------------------------------------------------------------
    def lock(self, game_id: int) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def meta(self, s: Session, game_id: int) -> Meta | None:
        """The game's seats and standing (None: no such game), read once and then kept. Call under the
        game's lock."""
        m = self.metas.get(game_id)
        if m is None:
            a, b = ACCOUNTS.alias(), ACCOUNTS.alias()
            r = s.execute(select(GAMES.c.id, GAMES.c.seed, GAMES.c.status, GAMES.c.winner, GAMES.c.account_a,
                                 GAMES.c.account_b, GAMES.c.agent_a, GAMES.c.agent_b, GAMES.c.rules_version,
                                 GAMES.c.options, GAMES.c.game, GAMES.c.hints, GAMES.c.stops_a, GAMES.c.stops_b,
                                 a.c.username.label("name_a"), b.c.username.label("name_b"))
                          .select_from(GAMES.outerjoin(a, a.c.id == GAMES.c.account_a)
                                       .outerjoin(b, b.c.id == GAMES.c.account_b))
                          .where(GAMES.c.id == game_id)).first()
            if r is None:
                return None
            m = Meta(r.id, r.seed, r.status, r.winner, (r.account_a, r.account_b), (r.agent_a, r.agent_b),
                     (r.name_a, r.name_b), r.rules_version, r.options, r.game, bool(r.hints),
                     (r.stops_a, r.stops_b))
            if m.status != "open":  # an open challenge changes when joined
                self.metas[game_id] = m
        return m

    def note(self, m: Meta) -> str | None:
        """What a client must be told about the game's record (``rules.note``): where its replay stops under
        the current rules, and, while it is unfinished, that only a surrender can end it."""
        rp = self.noted.get(m.id)
        if rp is None:
            return None
        rp.record.winner = m.winner  # the result stored now: a held game may have been surrendered since
        note = rp.note()
        if note is not None and m.id in self.held and m.status == "playing":
            note += " It cannot be played on under the current rules; either player may still surrender."
        return note

    def game(self, s: Session, m: Meta) -> Game:
        """The live game, rebuilt from its stored record when not in memory. Call under the game's lock.
        A record that stops replaying under the current rules gives the position reached, held (``held``);
        one whose game cannot even be set up any more is refused with the reason (409), never a 500."""
        g = self.live.get(m.id)
        if g is None:
            r = s.execute(select(GAMES.c.edition, GAMES.c.seed, GAMES.c.first, GAMES.c.deck_a, GAMES.c.deck_b,
                                 GAMES.c.winner, GAMES.c.rules_version, GAMES.c.options, GAMES.c.game)
                          .where(GAMES.c.id == m.id)).one()
            assert r.deck_b is not None, "an open challenge has no game yet"
            stored: list[Any] = list(s.scalars(
                select(ACTIONS.c.action).where(ACTIONS.c.game_id == m.id).order_by(ACTIONS.c.seq)))
            rp = replay_row(r, stored)
            note = rp.note()
            if rp.game is None:
                raise ApiError(409, msg("game {id} cannot be shown: {note}", id=m.id, note=note))
            g = rp.game
            if note is not None:
                self.noted[m.id] = rp  # its note is told in every envelope, with the result stored by then
                log.warning("game %s: %s", m.id, note)
            if not rp.holds:
                self.held.add(m.id)
            self._spans[m.id] = (len(stored), rp.last_start, len(g.log))  # the last change's events, as before
            self.hint_desk.load(s, m.id)
            self.live[m.id] = g
            self.seq[m.id] = len(stored)
            self.posed[m.id] = self.clock()  # nobody could act while the server was down
        return g

    def absent_for(self, s: Session, m: Meta) -> float:
        """Seconds the pending decision has waited on its player since it became theirs and they could act:
        since the action before it, the join that started the game, or the server's start, whichever came
        last. Call under the game's lock."""
        self.game(s, m)
        return self.clock() - self.posed[m.id]

    def envelope(self, s: Session, m: Meta, seat: str | None, board: str | None = None) -> bytes:
        """A client's envelope of a game being played or over, as JSON (with the board in the language
        ``board``, if asked). What a restart left undone is done first: a response window that its player's
        stops pass over is passed (the server stopped between an action and its passes), an AI seat that
        must decide starts thinking. Call under the game's lock."""
        g = self.game(s, m)
        passing = self.auto_pass(m, g)
        if passing is not None:  # a window its player's stops pass over, left open by a restart
            g = self.apply(s, m, passing)
        self.wake(m)  # e.g. an AI seat left to decide by a restart
        return self.encoded(m.id, g, seat, board)

    def apply(self, s: Session, m: Meta, action: dict[str, Any]) -> Game:
        """Apply one action and commit it (with the game's standing) before returning, then pass every
        response window that opens for a player whose stops pass over it (``auto_pass``), each its own
        stored action; everyone is told once, of all of them (the change's events span them all). On a
        failed commit the cached game is dropped, so the next request rebuilds it from what was stored.
        Call under the lock. (The journal writes plain SQL statements: the ORM's bookkeeping costs more
        than the writes.)"""
        g = self.game(s, m)
        start = len(g.log)
        self._store(m, g, action)
        for _ in range(AUTO_PASSES):
            passing = self.auto_pass(m, g)
            if passing is None:
                break
            self._store(m, g, passing)
        self.posed[m.id] = self.clock()
        self._spans[m.id] = (self.seq[m.id], start, len(g.log))
        self._notify(m.id, g)
        if g.is_over:
            self._retire(m.id)
        return g

    def _store(self, m: Meta, g: Game, action: dict[str, Any]) -> None:
        """Apply one action to the live game and commit it (with the game's standing)."""
        # IllegalAction leaves the game unchanged; what is stored is the legal action matched, never the
        # request as sent (a client's extra keys, its spelling of a reference)
        canonical = g.apply_canonical(action)
        seq = self.seq[m.id]
        standing = {"status": "over", "winner": g.winner} if g.is_over else {}
        try:
            self.journal.write(m.id, seq, canonical, standing)  # committed (with others, in one transaction)
        except Exception:
            self.live.pop(m.id, None)
            raise
        if standing:
            m.status, m.winner = "over", g.winner
        self.seq[m.id] = seq + 1

    def auto_pass(self, m: Meta, g: Game) -> dict[str, Any] | None:
        """The pass of the response window pending, when its player is a person whose stops pass over it
        (``never``: every window; ``chain``: a window with nothing on the chain or stack), as the terminal
        passes them; else None. An AI seat decides its windows itself."""
        d = None if g.is_over or m.id in self.held else g.pending
        if d is None or m.accounts[SEATS.index(d.player)] is None:
            return None
        mode = m.stop(d.player)
        if mode == "always" or not has_windows(m.game):
            return None
        w = next(iter(presenters(m.game).values())).window(g)
        if w is None or (mode == "chain" and w.stacked):
            return None
        return next((a for a in g.legal_actions() if g.is_pass(a)), None)

    def _retire(self, game_id: int) -> None:
        """A game just ended: its AIs (and their search trees) go; the game itself stays in memory among
        the last ``KEEP_FINISHED`` finished ones, for their players' last looks, and is rebuilt from the
        database if asked for later."""
        for seat in SEATS:
            self.agents.pop((game_id, seat), None)
        self._finished[game_id] = None
        while len(self._finished) > KEEP_FINISHED:
            old, _ = self._finished.popitem(last=False)
            self.live.pop(old, None)
            self.posed.pop(old, None)
            self._spans.pop(old, None)
            self.held.discard(old)  # told again when the game is rebuilt
            self.noted.pop(old, None)
            self.hint_desk.drop(old)
            self._invalidate(old)

    def forget(self, game_id: int) -> None:
        """Drop what is kept of a game whose row changed outside the hub (a challenge joined)."""
        self.metas.pop(game_id, None)

    def started(self, s: Session, game_id: int) -> None:
        """A challenge was accepted: the game begins, and whoever was already watching it (the challenger's
        WebSocket) gets their first envelope. Call under the game's lock."""
        self.forget(game_id)
        m = self.meta(s, game_id)
        if m is not None and m.status == "playing":
            self._notify(game_id, self.game(s, m))

    def act(self, s: Session, m: Meta, seat: str, action: Any, seq: int | None = None,
            board: str | None = None) -> bytes:
        """A seated player's action: theirs to take (conceding at any moment, as the game's concede verb
        allows), legal, then stored.
        ``seq``: the envelope it answers; a stale one (the same action posted twice) is refused, checked
        under the game's lock so that two copies of one request cannot both pass. Returns the player's
        envelope; an AI seat's reply follows in the background. Call under the lock."""
        if m.status != "playing":
            raise ApiError(409, msg("game {id} is {status}, not being played", id=m.id, status=m.status))
        if seq is not None:
            self.game(s, m)  # the game's seq is known once it is live
            if seq != self.seq[m.id]:
                raise ApiError(409, msg("stale action: it answers seq {seq}, and game {id} is at seq {now}; nothing "
                                        "was changed (GET the game for its position)", seq=seq, id=m.id,
                                        now=self.seq[m.id]))
        if not isinstance(action, dict):
            raise ApiError(422, msg("action must be a canonical action object (docs/actions.md)"))
        if action.get("player") != seat:
            raise ApiError(403, msg("you play seat {seat}; this action is for {other}", seat=seat,
                                      other=repr(action.get("player"))))
        g = self.game(s, m)
        concedes = g.concede_verb is not None and action.get("do") == g.concede_verb
        if m.id in self.held and not concedes:
            raise ApiError(409, self.note(m) or msg("game {id} does not replay under the current rules", id=m.id))
        d = g.pending
        if not concedes and (d is None or d.player != seat):
            raise ApiError(409, msg("it is {player}'s decision, not yours", player=d.player) if d else
                           msg("nobody has a decision to make"))
        try:
            self.apply(s, m, action)
        except IllegalAction as e:
            raise ApiError(422, e.text, e.rule, game=m.game) from None  # said in the game's own words
        return self.envelope(s, m, seat, board)

    # -- stops --------------------------------------------------------------------------------------
    def set_stops(self, s: Session, m: Meta, seat: str, mode: str, board: str | None = None) -> bytes:
        """Store the seat's stops (one of ``STOPS``) and return its envelope; a window pending on the seat
        that the new stops pass over is passed at once, as the terminal does after a new setting. A game
        without response windows stores them all the same (they change nothing there). Call under the
        lock."""
        if m.status != "playing":
            raise ApiError(409, msg("game {id} is {status}, not being played", id=m.id, status=m.status))
        g = self.game(s, m)
        with self.journal.writer:
            s.execute(update(GAMES).where(GAMES.c.id == m.id).values({f"stops_{seat.lower()}": mode}))
            s.commit()
        m.stops = (mode, m.stops[1]) if seat == SEATS[0] else (m.stops[0], mode)
        self._invalidate(m.id)
        passing = self.auto_pass(m, g)
        if passing is not None:
            self.apply(s, m, passing)
        return self.envelope(s, m, seat, board)

    # -- hints --------------------------------------------------------------------------------------
    def _hint_decision(self, s: Session, m: Meta, seat: str) -> tuple[Game, int]:
        """The live game and its seq, when ``seat`` may ask for a hint now: hints are on in the game, it is
        being played and the decision is the seat's. Call under the lock."""
        if m.status != "playing":
            raise ApiError(409, msg("game {id} is {status}, not being played", id=m.id, status=m.status))
        if not m.hints_on:
            raise ApiError(409, msg("hints are off in game {id}: between accounts, both players must agree to "
                                    "them, one when making the challenge and the other when accepting it", id=m.id))
        g = self.game(s, m)
        if m.id in self.held:
            raise ApiError(409, self.note(m) or msg("game {id} does not replay under the current rules", id=m.id))
        d = g.pending
        if d is None or d.player != seat:
            raise ApiError(409, msg("it is {player}'s decision, not yours", player=d.player) if d else
                           msg("nobody has a decision to make"))
        return g, self.seq[m.id]

    def hint_json(self, m: Meta, g: Game, hint: Hint) -> dict[str, Any]:
        """A hint as its asker gets it: the action, in words in every language with where it starts and goes
        on the board (as ``labels`` give them), the estimate, and the hints the seat has left. Call under the
        lock, with the game at the hint's decision."""
        d = g.pending
        label = action_labels(m.game, [hint.action], g.view(hint.seat), d.kind if d is not None else None,
                              hint.seat)[0]
        return {**hint.full(), "label": {lang: label[lang] for lang in languages()},
                **{k: label[k] for k in ("source", "targets") if k in label},
                "left": self.hint_desk.left(m.id, hint.seat)}

    def hint(self, s: Session, game_id: int, account_id: int) -> dict[str, Any]:
        """What the search would play in the caller's seat at their pending decision (``hints.py``), stored
        and told to both seats (the opponent learns only that a hint was asked, and when). Asked again at
        the same decision, the same hint, counted once: a question asked while the same one is being
        searched (a double click, a client's retry) waits for that search's answer rather than starting
        another, which the limit on searches at once would refuse. Refused with nothing changed when hints
        are off in the game, the decision is not the caller's, the seat has used its hints (409), the
        account asked too often (429) or every search the server allows at once is under way (503,
        ``HINTS_AT_ONCE``). The search runs outside the game's lock; a hint the game has moved past
        meanwhile (its player acted) is dropped (409). Call without the lock."""
        desk = self.hint_desk
        with self.lock(game_id):
            m = self.meta(s, game_id)
            if m is None:
                raise ApiError(404, msg("no game {id}", id=game_id))
            seat = m.seat_of(account_id)
            if seat is None:
                raise ApiError(403, msg("you do not play in game {id}", id=game_id))
            g, seq = self._hint_decision(s, m, seat)
            given = desk.at(game_id, seq)
            if given is not None:
                return self.hint_json(m, g, given)
            under_way = desk.searches.get((game_id, seq))
            if under_way is None:
                keys = self._hint_allowed(game_id, seat, account_id)
                copy, seed = g.clone(private=True), hint_seed(m.seed, seat, seq)
                asked: Future[Hint] = Future()
                desk.searches[(game_id, seq)] = asked
        s.rollback()  # no transaction held open while searching, or waiting for the search
        if under_way is not None:
            return self._hint_reply(s, game_id, seq, under_way.result())
        try:
            hint = self._search_hint(s, game_id, seat, seq, copy, seed)
        except BaseException as e:
            desk.throttle.give_back(*keys)
            asked.set_exception(e)  # a question that waited on this one gets the same refusal
            raise
        finally:
            with self.lock(game_id):
                desk.searches.pop((game_id, seq), None)
        asked.set_result(hint)
        return self._hint_reply(s, game_id, seq, hint)

    def _hint_allowed(self, game_id: int, seat: str, account_id: int) -> tuple[dict[str, str], float]:
        """A new hint's limits: the seat has hints left in the game (409), the account is not asking too
        often (429). Returns the throttle's keys and the moment taken, to give back if the search fails. Call
        under the lock."""
        desk = self.hint_desk
        if desk.left(game_id, seat) == 0:
            raise ApiError(409, msg("you have had the {n} hints a player may ask for in one game", n=desk.per_game))
        keys = {"account": str(account_id)}
        wait, at = desk.throttle.take(keys)
        if wait > 0:
            raise ApiError(429, msg("too many hints: wait {seconds} s before asking for another",
                                    seconds=max(1, round(wait))), headers={"Retry-After": str(max(1, round(wait)))})
        return keys, at

    def _search_hint(self, s: Session, game_id: int, seat: str, seq: int, copy: Game, seed: int) -> Hint:
        """Search the hint on ``copy`` when a search slot is free (503 otherwise), then store it, unless the
        game moved on meanwhile (409). Call without the lock."""
        desk = self.hint_desk
        if not desk.searching.acquire(blocking=False):
            raise ApiError(503, msg("the computer is busy with other players' hints: ask again in a few seconds"),
                           headers={"Retry-After": RETRY_BUSY})
        try:
            action, estimate = search_hint(copy, seat, seed, desk.iterations)
        finally:
            desk.searching.release()
        with self.lock(game_id):
            m = self.meta(s, game_id)
            if m is None or m.status != "playing" or self.seq.get(game_id) != seq:
                raise ApiError(409, msg("the game moved on while the computer was thinking; nothing was "
                                        "stored (ask again at your next decision)"))
            g = self.game(s, m)
            given = desk.at(game_id, seq)
            if given is None:
                given = Hint(seat, seq, action, estimate)
                with self.journal.writer:
                    desk.store(s, game_id, given)
                self._invalidate(game_id)
                self._notify(game_id, g)
            return given

    def _hint_reply(self, s: Session, game_id: int, seq: int, hint: Hint) -> dict[str, Any]:
        """The hint as its asker gets it, while the game is still at its decision (409 once it moved on)."""
        with self.lock(game_id):
            m = self.meta(s, game_id)
            if m is None or m.status != "playing" or self.seq.get(game_id) != seq:
                raise ApiError(409, msg("the game moved on while the computer was thinking; nothing was "
                                        "stored (ask again at your next decision)"))
            return self.hint_json(m, self.game(s, m), hint)

    # -- the AI seats -------------------------------------------------------------------------------
    def _ai_to_move(self, m: Meta) -> str | None:
        """The AI seat that must decide now, if any (call under the lock, with the game live)."""
        g = self.live.get(m.id)
        if m.status != "playing" or g is None or g.is_over or m.id in self.held:
            return None
        d = g.pending
        return m.agent(d.player) if d is not None else None

    def wake(self, m: Meta) -> None:
        """Start the game's AI seat thinking if it must decide and is not thinking yet (under the lock)."""
        if m.id in self._thinking or self._ai_to_move(m) is None:
            return
        self._thinking.add(m.id)
        try:
            self._ai_pool.submit(self._play_ais, m.id)
        except RuntimeError:  # the server is shutting down: the AI moves after the restart
            self._thinking.discard(m.id)

    def _agent(self, game_id: int, seed: int, seat: str, agent_name: str) -> Agent:
        agent = self.agents.get((game_id, seat))
        if agent is None:
            name = AIS[agent_name]
            # one-way from the game's seed: the AI's random choices, which everyone sees, tell nothing of it
            agent = self.agents[(game_id, seat)] = make_agent(name, seed=derive_seed(seed, f"agent:{seat}"),
                                                              **self.ai_options.get(name, {}))
        return agent

    def _play_ais(self, game_id: int) -> None:
        """The AI seats of one game decide until a person must (or the game ends). Each decision is searched
        on a copy outside the lock, then applied under it unless the game changed meanwhile (a surrender)."""
        try:
            with self.make_session() as s:
                while True:
                    with self.lock(game_id):
                        m = self.meta(s, game_id)
                        if m is None or m.status != "playing":
                            self._thinking.discard(game_id)
                            return
                        g = self.game(s, m)
                        agent_name = self._ai_to_move(m)
                        if agent_name is None:
                            self._thinking.discard(game_id)  # under the lock: no wake() is lost
                            return
                        d = g.pending
                        assert d is not None
                        seat, seq, copy = d.player, self.seq[game_id], g.clone(private=True)
                        agent = self._agent(game_id, m.seed, seat, agent_name)
                    s.rollback()  # no transaction held open while thinking
                    action = agent.act(Seat(copy, seat))
                    with self.lock(game_id):
                        if self.seq.get(game_id) == seq and m.status == "playing":
                            self.apply(s, m, action)
        except Exception:
            log.exception("the AI of game %s failed; it will try again at the next request", game_id)
            with self._guard:
                self._thinking.discard(game_id)

    def wake_all(self) -> None:
        """At start: every game left waiting on an AI seat (a restart mid-thought) gets its AI back."""
        with self.make_session() as s:
            ids: list[int] = list(s.scalars(select(GAMES.c.id).where(
                GAMES.c.status == "playing", GAMES.c.agent_a.is_not(None) | GAMES.c.agent_b.is_not(None))))
            for game_id in ids:
                with self.lock(game_id):
                    m = self.meta(s, game_id)
                    if m is None:
                        continue
                    try:
                        self.game(s, m)
                    except ApiError as e:  # a record the current rules cannot set up: it stays as stored
                        log.warning("game %s is not resumed: %s", game_id, e.error)
                        continue
                    self.wake(m)
