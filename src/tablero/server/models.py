"""The stored records. Schema changes go through Alembic migrations (``migrations/versions``), never
``create_all``, so a server upgraded in place keeps every account, deck and game."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String, false, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from tablero.core.registry import DEFAULT_GAME


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    pass


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))  # argon2id, never the password itself
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class Token(Base):
    """A bearer token, stored as its SHA-256 digest: a leaked database does not hand out sessions."""

    __tablename__ = "tokens"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class DeckRecord(Base):
    """A player's saved deck of one game, in the deck-file shape of docs/decks.md (a section -> card id ->
    copies map per section of the game's decks)."""

    __tablename__ = "decks"

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(32), default=DEFAULT_GAME, server_default=text(f"'{DEFAULT_GAME}'"))
    edition: Mapped[str] = mapped_column(String(32))
    content: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameRow(Base):
    """One game: everything needed to rebuild it (its game, decks in listed order, seed, edition, who starts,
    the rules version it is played under and its engine options) plus who sits where. A seat holds an account
    or an AI (``agent_*``, e.g. ``ai:greedy``)."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True, default=DEFAULT_GAME,
                                      server_default=text(f"'{DEFAULT_GAME}'"))  # migration 0004
    edition: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    first: Mapped[str | None] = mapped_column(String(1))
    # a new game is played under its game's current rules (the route sets them); the database's default, 1,
    # is for the rows stored before versions were (migration 0003)
    rules_version: Mapped[int] = mapped_column(Integer, server_default=text("1"))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default=text("'{}'"))
    # loaded only when read (a game is rebuilt, a replay asked for), not with every action's row
    deck_a: Mapped[dict[str, Any]] = mapped_column(JSON, deferred=True)
    deck_b: Mapped[dict[str, Any] | None] = mapped_column(JSON, deferred=True)
    account_a: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    account_b: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    agent_a: Mapped[str | None] = mapped_column(String(16))
    agent_b: Mapped[str | None] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(8))  # open | playing | over | canceled (a challenge withdrawn)
    winner: Mapped[str | None] = mapped_column(String(4))
    # migration 0005: whether the players may ask for hints (a challenge: its creator's wish until it is
    # accepted, then whether both agreed; a game against the computer: always), and each seat's stops (the
    # response windows the table stops at for it: always, chain or never; null: the default, chain)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    stops_a: Mapped[str | None] = mapped_column(String(8))
    stops_b: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class ActionRow(Base):
    """The ``seq``-th accepted action of a game, committed before the server replies."""

    __tablename__ = "game_actions"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class HintRow(Base):
    """A hint a player asked for (migration 0005): what the search would play in their seat at the decision
    after ``seq`` actions, and its estimate of the seat's chance to win (0 to 1). One per decision: the
    decision after ``seq`` actions is one seat's."""

    __tablename__ = "game_hints"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[str] = mapped_column(String(1))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    estimate: Mapped[float] = mapped_column(Float)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
