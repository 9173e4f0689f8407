"""Tablero: a rules engine and online table for trading card games.

``tablero.new_game("choque", decks=..., seed=...)`` builds a game by name; see ``tablero.core``.
"""

from .core import BadInput, Decision, Game, IllegalAction, Rng, TableroError, game_names, new_game

__all__ = ["BadInput", "Decision", "Game", "IllegalAction", "Rng", "TableroError", "game_names", "new_game"]
__version__ = "0.1.0"
