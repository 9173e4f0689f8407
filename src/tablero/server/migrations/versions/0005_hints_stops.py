"""Hints and stops: whether a game's players may ask the computer what it would play (``games.hints``), the
hints they asked for (``game_hints``, shown to the opponent and kept for the replay), and the response
windows the table stops at for each seat (``games.stops_a``, ``games.stops_b``).

Every row stored before this migration has hints off (a game between accounts had no agreement to them;
against the computer they are allowed whatever the row says) and the default stops (null: ``chain``).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN, never a batch operation (see 0003: a batch on SQLite may drop and copy ``games``)
    op.add_column("games", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("stops_a", sa.String(8), nullable=True))
    op.add_column("games", sa.Column("stops_b", sa.String(8), nullable=True))
    op.create_table(
        "game_hints",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("estimate", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_hints")
    op.drop_column("games", "stops_b")
    op.drop_column("games", "stops_a")
    op.drop_column("games", "hints")
