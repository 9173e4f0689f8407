"""The game server (issue 6): accounts, decks and games behind an HTTP + WebSocket API.

The server is authoritative: it holds every game, applies only legal actions, and gives each account only
what its seat may see. Storage is SQLAlchemy 2 with Alembic migrations, SQLite by default and
PostgreSQL by URL; a game is stored as (decks, seed, edition, actions), from which it is rebuilt.
"""
