"""Games and their actions: a game is (decks, seed, edition, first, actions), rebuilt by replaying them.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("edition", sa.String(32), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("first", sa.String(1), nullable=True),
        sa.Column("deck_a", sa.JSON, nullable=False),
        sa.Column("deck_b", sa.JSON, nullable=True),
        sa.Column("account_a", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True, index=True),
        sa.Column("account_b", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True, index=True),
        sa.Column("agent_a", sa.String(16), nullable=True),
        sa.Column("agent_b", sa.String(16), nullable=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("winner", sa.String(4), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "game_actions",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_actions")
    op.drop_table("games")
