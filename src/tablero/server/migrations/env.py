"""Alembic environment: the server runs migrations itself (``db.migrate``) on the connection it opened."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from tablero.server.models import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):  # pragma: no cover - only reachable from the alembic CLI
    raise RuntimeError("tablero migrations run through tablero.server.db.migrate(engine)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
