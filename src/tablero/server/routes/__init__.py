"""The API's routes, one module per part of it: accounts and logins, the card pool and decks, games,
replays, and the games' WebSocket."""
