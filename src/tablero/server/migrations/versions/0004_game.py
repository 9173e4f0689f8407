"""The game of every stored game and saved deck: the table plays several rulebooks now.

Every row stored before this migration is of the one game the table played then, the default game
(``core.registry.DEFAULT_GAME``), which the server default gives it; new rows name their game themselves.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tablero.core.registry import DEFAULT_GAME

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_DEFAULT = sa.text(f"'{DEFAULT_GAME}'")


def upgrade() -> None:
    # plain ADD COLUMN, never a batch operation (see 0003: a batch on SQLite may drop and copy ``games``)
    op.add_column("games", sa.Column("game", sa.String(32), nullable=False, server_default=_DEFAULT))
    op.add_column("decks", sa.Column("game", sa.String(32), nullable=False, server_default=_DEFAULT))
    op.create_index("ix_games_game", "games", ["game"])


def downgrade() -> None:
    op.drop_index("ix_games_game", "games")
    op.drop_column("decks", "game")
    op.drop_column("games", "game")
