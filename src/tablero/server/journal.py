"""The action journal: where every accepted action is committed before its player hears of it.

One thread writes. A request hands it the action and waits; the actions that arrive while a commit runs
go together into the next one (group commit). Why: under load, forty request threads each committing
their own action queue on SQLite's single writer, and the one holding it must win the GIL back from all
the others for every statement, so a 1 ms write turns into hundreds of milliseconds of waiting. One writer
thread committing a batch pays the statements and the commit once for many actions. PostgreSQL gains the
same: fewer commits, each a round trip and a flush.

Nothing is weaker than committing one by one: ``write`` returns only after the transaction holding the
action has committed, and an action the database refuses fails alone (the batch is retried one action at
a time), so one bad write never takes another game's action with it.
"""

from __future__ import annotations

import queue
import threading
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Table, insert, update
from sqlalchemy.orm import Session, sessionmaker

from .models import ActionRow, GameRow, now

ACTIONS = cast(Table, ActionRow.__table__)
GAMES = cast(Table, GameRow.__table__)
MAX_BATCH = 256


@dataclass
class Entry:
    """One action on its way to the database, and how its writing ended."""

    game_id: int
    seq: int
    action: dict[str, Any]
    standing: dict[str, Any]  # the game's new status and winner when the action ended it
    done: threading.Event = field(default_factory=threading.Event)
    error: Exception | None = None


class Journal:
    def __init__(self, make_session: sessionmaker[Session], writer: AbstractContextManager[Any] | None = None) -> None:
        self.make_session = make_session
        self.writer = writer if writer is not None else nullcontext()
        self.commits = 0  # transactions committed, and the actions in them: the batching, measured
        self.written = 0
        self._queue: queue.SimpleQueue[Entry | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()  # guards starting, closing, and every put: see ``close``
        self._stopping: threading.Thread | None = None  # told to stop, perhaps still committing

    def write(self, game_id: int, seq: int, action: dict[str, Any], standing: dict[str, Any]) -> None:
        """Commit the ``seq``-th action of a game (and its standing); return once it is committed, or raise
        what the database said. The caller holds the game's lock, so a game has one entry in flight."""
        entry = Entry(game_id, seq, action, standing)
        with self._start:
            if self._thread is None:
                if self._stopping is not None:  # one reader of the queue at a time: the stopping one first
                    self._stopping.join()
                    self._stopping = None
                self._thread = threading.Thread(target=self._run, name="tablero-journal", daemon=True)
                self._thread.start()
            self._queue.put(entry)  # before close's None, so the thread commits it before it stops
        entry.done.wait()
        if entry.error is not None:
            raise entry.error

    def close(self) -> None:
        """Write what is queued, then stop the thread. A write that comes later starts a new thread. Puts and
        the stop are ordered under one lock: an entry queued behind the stop (a write that saw the old thread,
        an AI seat finishing a move as the server closes) would wait for ever, and so would the
        interpreter's exit, which joins that AI's thread."""
        with self._start:
            thread, self._thread = self._thread, None
            if thread is not None:
                self._queue.put(None)
                self._stopping = thread
        if thread is not None:
            thread.join(timeout=30)

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            try:
                self._commit(batch)
            except Exception:
                for entry in batch:  # find the one the database refused; the others still commit
                    try:
                        self._commit([entry])
                    except Exception as e:  # noqa: BLE001 - handed to the waiting request, which raises it
                        entry.error = e
            for entry in batch:
                entry.done.set()

    def _commit(self, batch: list[Entry]) -> None:
        at = now()
        with self.writer, self.make_session() as s:
            s.execute(insert(ACTIONS), [{"game_id": e.game_id, "seq": e.seq, "action": e.action, "at": at}
                                        for e in batch])
            plain = [e.game_id for e in batch if not e.standing]
            if plain:
                s.execute(update(GAMES).where(GAMES.c.id.in_(plain)).values(updated_at=at))
            for e in batch:
                if e.standing:
                    s.execute(update(GAMES).where(GAMES.c.id == e.game_id).values(updated_at=at, **e.standing))
            s.commit()
        self.commits += 1
        self.written += len(batch)
