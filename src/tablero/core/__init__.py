"""The game-agnostic core: registry, decisions and actions, errors, the seeded random source.

It imports no game: a rulebook plugs in by registering its plugin object (``register_plugin``).
"""

from .errors import BadInput, IllegalAction, TableroError
from .game import Action, Decision, Game, Observation
from .plugin import GamePlugin
from .registry import game_names, new_game, plugin, register_plugin, scenario_game
from .rng import Rng, derive_seed, secure_seed


def compiled() -> bool:
    """Whether this is a mypyc-compiled build (``TABLERO_MYPYC=1 pip install .``): benchmarks say so."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from . import rng

    return str(rng.__file__).endswith(tuple(EXTENSION_SUFFIXES))


__all__ = [
    "Action",
    "BadInput",
    "Decision",
    "Game",
    "GamePlugin",
    "IllegalAction",
    "Observation",
    "Rng",
    "TableroError",
    "compiled",
    "derive_seed",
    "game_names",
    "new_game",
    "plugin",
    "register_plugin",
    "scenario_game",
    "secure_seed",
]
