"""Games by name, in the spirit of OpenSpiel's ``load_game`` and pgx's ``make``.

A game package registers a factory under its name when it is imported; the core never imports a game.
``tablero.new_game`` imports the built-in game packages lazily, so ``new_game("choque", ...)`` just works.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .errors import BadInput
from .game import Game

Factory = Callable[..., Game]
ScenarioLoader = Callable[[dict[str, Any], Any], Game]

_FACTORIES: dict[str, Factory] = {}
_SCENARIO_LOADERS: dict[str, ScenarioLoader] = {}

# name -> module that registers it; imported on first use so the core stays game-agnostic.
BUILTIN_GAMES: dict[str, str] = {"choque": "tablero.games.choque"}


def register_game(name: str, factory: Factory, from_scenario: ScenarioLoader | None = None) -> None:
    """Make ``new_game(name, ...)`` build games with ``factory``; ``from_scenario`` builds a game from a
    scenario file's position (the rules judge, ``tablero scenario run``)."""
    _FACTORIES[name] = factory
    if from_scenario is not None:
        _SCENARIO_LOADERS[name] = from_scenario


def game_names() -> list[str]:
    return sorted(set(_FACTORIES) | set(BUILTIN_GAMES))


def get_factory(name: str) -> Factory:
    if name not in _FACTORIES and name in BUILTIN_GAMES:
        importlib.import_module(BUILTIN_GAMES[name])
    try:
        return _FACTORIES[name]
    except KeyError:
        raise BadInput(f"unknown game {name!r}; known games: {', '.join(game_names())}") from None


def scenario_loader(name: str) -> ScenarioLoader:
    get_factory(name)
    try:
        return _SCENARIO_LOADERS[name]
    except KeyError:
        raise BadInput(f"game {name!r} has no scenario support") from None


def new_game(name: str, **kwargs: Any) -> Game:
    """Build a new game of the named rulebook, e.g. ``new_game("choque", decks=..., seed=1)``."""
    return get_factory(name)(**kwargs)
