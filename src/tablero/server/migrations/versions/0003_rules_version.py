"""The rules version and engine options of every game: what, with its decks, seed and actions, reproduces it.

A game stored before this migration was played before rules versions were recorded: version 1, no engine
options, which the server defaults give every existing row. New games name the current version themselves.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN on both databases, never a batch operation: on SQLite a batch may copy the table into
    # a new one and drop the old, and dropping ``games`` (foreign keys on) would cascade to every action.
    op.add_column("games", sa.Column("rules_version", sa.Integer, nullable=False, server_default=sa.text("1")))
    op.add_column("games", sa.Column("options", sa.JSON, nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    op.drop_column("games", "options")  # DROP COLUMN: SQLite has it since 3.35, and no copy of the table
    op.drop_column("games", "rules_version")
