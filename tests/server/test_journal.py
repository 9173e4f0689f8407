"""The action journal (``server/journal.py``): actions that wait together are committed together, each
``write`` returns only once its action is stored, and an action the database refuses fails alone."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from tablero.server.db import sessions
from tablero.server.journal import Journal
from tablero.server.models import ActionRow, GameRow
from waiting import until

from .conftest import register

PASS = {"player": "A", "do": "pass"}


def open_games(client: TestClient, n: int) -> list[int]:
    """``n`` open challenges, from as many accounts as the cap on open challenges per account needs."""
    hosts = [register(client, f"ana{k}") for k in range((n + 4) // 5)]
    return [client.post("/api/games", headers=hosts[i // 5], json={"deck": "furia_jaguar", "opponent": "open"}
                        ).json()["id"] for i in range(n)]


class Gate:
    """The database's writer lock, held by the test: the journal's thread says when it waits on it."""

    def __init__(self) -> None:
        self.lock, self.waiting = threading.Lock(), threading.Event()

    def __enter__(self) -> None:
        self.waiting.set()
        self.lock.acquire()

    def __exit__(self, *_: object) -> None:
        self.lock.release()


def queued(journal: Journal, n: int) -> None:
    """Wait until ``n`` entries wait in the journal's queue (the writer thread holds the one before)."""
    until(lambda: journal._queue.qsize() == n, f"{n} entries queued")


def start(target: Any, *args: Any) -> threading.Thread:
    t = threading.Thread(target=target, args=args)
    t.start()
    return t


def test_actions_that_wait_together_are_committed_together(client: TestClient) -> None:
    ids = open_games(client, 6)
    gate = Gate()
    journal = Journal(sessions(client.app.state.engine), gate)  # type: ignore[attr-defined]
    gate.lock.acquire()  # the database is busy: the first write waits for it, the next ones wait behind it
    first = start(journal.write, ids[0], 0, PASS, {})
    assert gate.waiting.wait(10)
    rest = [start(journal.write, gid, 0, PASS, {"status": "over", "winner": "B"} if gid == ids[5] else {})
            for gid in ids[1:]]
    queued(journal, 5)
    with client.app.state.hub.make_session() as s:  # type: ignore[attr-defined]
        assert s.scalars(select(ActionRow.game_id)).all() == []  # nobody has been answered yet
    gate.lock.release()
    for t in [first, *rest]:
        t.join(timeout=30)
    assert (journal.commits, journal.written) == (2, 6)  # five actions shared the second commit
    with client.app.state.hub.make_session() as s:  # type: ignore[attr-defined]
        assert sorted(s.scalars(select(ActionRow.game_id)).all()) == ids
        assert s.get(GameRow, ids[5]).status == "over"  # an ending action stores the game's standing
        assert s.get(GameRow, ids[4]).status == "open"
    journal.close()


def test_an_action_the_database_refuses_fails_alone(client: TestClient) -> None:
    ids = open_games(client, 4)
    gate = Gate()
    journal = Journal(sessions(client.app.state.engine), gate)  # type: ignore[attr-defined]
    journal.write(ids[0], 0, PASS, {})
    gate.waiting.clear()
    gate.lock.acquire()
    first = start(journal.write, ids[1], 0, PASS, {})
    assert gate.waiting.wait(10)
    refused: list[Exception] = []

    def again() -> None:  # the same (game, seq) twice: the database's key refuses it
        try:
            journal.write(ids[0], 0, {"player": "A", "do": "surrender"}, {})
        except Exception as e:  # noqa: BLE001
            refused.append(e)

    batch = [start(again), start(journal.write, ids[2], 0, PASS, {}), start(journal.write, ids[3], 0, PASS, {})]
    queued(journal, 3)
    gate.lock.release()
    for t in [first, *batch]:
        t.join(timeout=30)
    assert len(refused) == 1 and isinstance(refused[0], IntegrityError)
    with client.app.state.hub.make_session() as s:  # type: ignore[attr-defined]
        stored = s.execute(select(ActionRow.game_id, ActionRow.action)).all()
    assert sorted(g for g, _ in stored) == ids  # the batch's other actions were committed
    assert dict(stored)[ids[0]] == PASS  # and the refused one changed nothing
    journal.close()


def test_a_closed_journal_has_written_what_was_queued(client: TestClient) -> None:
    (gid,) = open_games(client, 1)
    journal = Journal(sessions(client.app.state.engine))  # type: ignore[attr-defined]
    journal.write(gid, 0, PASS, {})
    journal.close()
    assert journal._thread is None
    journal.write(gid, 1, PASS, {})  # a write after close starts the thread again rather than hanging
    journal.close()
    assert journal.written == 2



def test_writes_racing_a_close_are_never_left_waiting(client: TestClient) -> None:
    """A write that saw the journal's thread just as it was told to stop used to queue its entry behind the
    stop: nothing committed it, its writer (an AI seat finishing a move as the server closed) waited for
    ever, and so did the interpreter's exit. Every write now returns."""
    import threading

    (gid,) = open_games(client, 1)
    journal = Journal(sessions(client.app.state.engine))  # type: ignore[attr-defined]
    seqs = iter(range(10_000))
    lock = threading.Lock()
    done: list[int] = []

    def writer() -> None:
        for _ in range(40):
            with lock:
                seq = next(seqs)
            journal.write(gid, seq, PASS, {})
            done.append(seq)

    threads = [threading.Thread(target=writer, daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads) and len(done) < 160:
        journal.close()
    for t in threads:
        t.join(timeout=20)
    assert not any(t.is_alive() for t in threads), f"{160 - len(done)} writes left waiting"
    journal.close()
    assert sorted(done) == list(range(160))
