"""Opening the database, bringing its schema up to date, checking it can be written, telling a storage fault
(disk full, read-only) from a bug, and backing a SQLite database up while the server runs."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"
DEFAULT_URL = "sqlite:///tablero.db"


def connect(url: str = DEFAULT_URL) -> Engine:
    """An engine for ``url`` (a SQLite file by default; ``postgresql+psycopg://...`` for PostgreSQL)."""
    if url.startswith("sqlite"):
        # enough pooled connections for every worker thread: an overflow connection is closed when handed
        # back, and opening one again (with its pragmas) costs more than the query it was opened for
        engine = create_engine(url, connect_args={"check_same_thread": False}, pool_size=48, max_overflow=16,
                               hide_parameters=True)  # an error's text never carries a password hash

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cur = dbapi_connection.cursor()
            cur.execute("PRAGMA foreign_keys=ON")  # SQLite ignores foreign keys unless asked
            cur.execute("PRAGMA journal_mode=WAL")  # readers do not wait for the writer
            # In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a commit survives the
            # server process being killed (what "committed before the reply" promises), and only a power
            # loss could take back the last moments. FULL costs an fsync per action (~100 actions/s here).
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=10000")  # writers queue for the write lock instead of failing
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, hide_parameters=True)


class StorageError(Exception):
    """The database cannot be used as the server needs it (read-only, full, unreachable): said in one line."""


def fault(e: BaseException) -> str:
    """The driver's own one-line account of a database error: never the statement or its parameters."""
    orig = getattr(e, "orig", None) or e
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0]


# PostgreSQL's SQLSTATE classes and codes that mean the storage, not the request: insufficient resources
# (53: disk full, out of memory), a read-only transaction (25006), a server gone (08, 57P)
PG_FAULTS = ("53", "25006", "08", "57P")
# SQLite's result codes (extended ones begin with these) for the same: full, read-only, I/O, locked too long
SQLITE_FAULTS = ("SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_BUSY",
                 "SQLITE_LOCKED", "SQLITE_NOMEM", "SQLITE_PROTOCOL")


def is_storage_fault(e: BaseException) -> bool:
    """Whether a database error is the storage's (disk full, read-only file or server, connection lost),
    which a client may retry later (503), rather than a bug (500)."""
    if not isinstance(e, DBAPIError):
        return False
    if isinstance(e.orig, sqlite3.Error):
        return str(getattr(e.orig, "sqlite_errorname", "")).startswith(SQLITE_FAULTS)
    state = getattr(e.orig, "sqlstate", None) or ""
    return isinstance(state, str) and state.startswith(PG_FAULTS)


def check_writable(engine: Engine) -> None:
    """Refuse to start on a database that cannot be written (a read-only file or server): a server that
    cannot store an action must not deal a game. The probe writes a row to itself and is rolled back."""
    try:
        with engine.connect() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = version_num"))
            conn.rollback()
    except SQLAlchemyError as e:
        raise StorageError(f"the database cannot be written: {fault(e)}") from None


def backup(url: str, dest: Path) -> int:
    """Copy the SQLite database at ``url`` to the new file ``dest`` with SQLite's online backup (consistent
    while the server runs and writes); the copy's size in bytes. PostgreSQL is backed up with its own
    tools (``pg_dump``); a file that exists is never overwritten."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite":
        raise StorageError(f"tablero backs up SQLite files only; for {u.get_backend_name()} use its own tools "
                           f"(pg_dump {u.database or 'DBNAME'} > {dest.name})")
    if not u.database or u.database == ":memory:":
        raise StorageError(f"{url!r} names no database file")
    source = Path(u.database)
    if not source.exists():
        raise StorageError(f"there is no database file {source}")
    if dest.exists():
        raise StorageError(f"{dest} exists; a backup never overwrites a file (choose a new name)")
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as src, sqlite3.connect(dest) as out:
        src.backup(out)
    return dest.stat().st_size


def writer_lock(engine: Engine) -> AbstractContextManager[Any]:
    """What a thread holds while it writes. SQLite has one writer at a time, and a writer that finds the
    database locked sleeps in growing steps (1, 2, 5, 10 ms...), which under load turns into latency of
    hundreds of milliseconds; queueing the writers on a lock in the server instead hands the database on
    at once. PostgreSQL runs writers side by side: nothing to hold."""
    return threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()


def migrate(engine: Engine) -> None:
    """Run every Alembic migration not yet applied (idempotent; safe at every start)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
