"""The game-agnostic core: registry, decisions and actions, errors, the seeded random source.

It imports no game: rulebooks plug in by calling ``register_game``.
"""

from .errors import BadInput, IllegalAction, TableroError
from .game import Action, Decision, Game, Observation
from .registry import game_names, new_game, register_game, scenario_loader
from .rng import Rng

__all__ = [
    "Action",
    "BadInput",
    "Decision",
    "Game",
    "IllegalAction",
    "Observation",
    "Rng",
    "TableroError",
    "game_names",
    "new_game",
    "register_game",
    "scenario_loader",
]
