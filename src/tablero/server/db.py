"""Opening the database and bringing its schema up to date."""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"
DEFAULT_URL = "sqlite:///tablero.db"


def connect(url: str = DEFAULT_URL) -> Engine:
    """An engine for ``url`` (a SQLite file by default; ``postgresql+psycopg://...`` for PostgreSQL)."""
    if url.startswith("sqlite"):
        # enough pooled connections for every worker thread: an overflow connection is closed when handed
        # back, and opening one again (with its pragmas) costs more than the query it was opened for
        engine = create_engine(url, connect_args={"check_same_thread": False}, pool_size=48, max_overflow=16)

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
    return create_engine(url, pool_pre_ping=True)


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
