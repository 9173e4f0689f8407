"""Games by name, in the spirit of OpenSpiel's ``load_game`` and pgx's ``make``.

A game package registers a factory under its name when it is imported; the core never imports a game by
name. It finds them through the ``tablero.games`` entry-point group, the standard Python plugin mechanism
(``[project.entry-points."tablero.games"]`` in a package's ``pyproject.toml``: name = the module that
registers it), so a game from another installed package plugs in the same way; each is imported on first
use, and ``new_game("choque", ...)`` just works.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .errors import BadInput
from .game import Game
from .i18n import SOURCE, Catalogue, catalogue

Factory = Callable[..., Game]
ScenarioLoader = Callable[[dict[str, Any], Any], Game]

_FACTORIES: dict[str, Factory] = {}
_SCENARIO_LOADERS: dict[str, ScenarioLoader] = {}
_LOCALES: dict[str, Path] = {}
_RANDOM_GAMES: dict[str, Callable[[int], Game]] = {}
# the table's own messages (server, terminal, browser, CLI): one gettext catalogue per language
TABLE_LOCALES = Path(__file__).parent.parent / "locales"

ENTRY_POINTS = "tablero.games"  # the group a package names its games in
DEFAULT_GAME = "choque"  # the game a scenario file, a record or a server game names when it names none


@functools.cache
def installed_games() -> dict[str, str]:
    """Name -> module that registers it, for every game an installed package names in ``tablero.games``."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def register_game(name: str, factory: Factory, from_scenario: ScenarioLoader | None = None,
                  locales: Path | None = None, random_game: Callable[[int], Game] | None = None) -> None:
    """Make ``new_game(name, ...)`` build games with ``factory``; ``from_scenario`` builds a game from a
    scenario file's position (the rules judge, ``tablero scenario run``); ``locales`` is the folder of the
    game's message catalogues (``<lang>.po``: its refusals, its log, its deck and card-file checks);
    ``random_game(seed)`` a new game between random legal decks, the same for the same seed (the
    conformance suite, soak tests and benchmarks play them)."""
    _FACTORIES[name] = factory
    if from_scenario is not None:
        _SCENARIO_LOADERS[name] = from_scenario
    if locales is not None:
        _LOCALES[name] = locales
    if random_game is not None:
        _RANDOM_GAMES[name] = random_game


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages the table speaks: English, the messages' own, and each of its catalogues."""
    return tuple(sorted({SOURCE} | {po.stem for po in TABLE_LOCALES.glob("*.po")}))


def words(name: str | None = None) -> Catalogue:
    """The words of the named game's messages over the table's (the game's win where both say one), or the
    table's alone; read once."""
    if name is None:
        return catalogue(str(TABLE_LOCALES))
    get_factory(name)
    folder = _LOCALES.get(name)
    return catalogue(str(TABLE_LOCALES), *([str(folder)] if folder else []))


def game_names() -> list[str]:
    return sorted(set(_FACTORIES) | set(installed_games()))


def get_factory(name: str) -> Factory:
    if name not in _FACTORIES and name in installed_games():
        importlib.import_module(installed_games()[name])
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


def random_game(name: str, seed: int) -> Game:
    """A new game of the named rulebook between random legal decks, determined by ``seed``."""
    get_factory(name)
    try:
        return _RANDOM_GAMES[name](seed)
    except KeyError:
        raise BadInput(f"game {name!r} cannot deal random decks") from None
