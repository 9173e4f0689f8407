"""Games by name, in the spirit of OpenSpiel's ``load_game`` and pgx's ``make``.

A game package registers its plugin object (``core/plugin.py``) under its name when it is imported; the
core never imports a game by name. It finds them through the ``tablero.games`` entry-point group, the
standard Python plugin mechanism (``[project.entry-points."tablero.games"]`` in a package's
``pyproject.toml``: name = the module that registers it), so a game from another installed package plugs
in the same way; each is imported on first use, and ``new_game("choque", ...)`` just works.
"""

from __future__ import annotations

import functools
import importlib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .errors import BadInput
from .game import Game
from .i18n import SOURCE, Catalogue, catalogue
from .plugin import GamePlugin

_PLUGINS: dict[str, GamePlugin] = {}
# the table's own messages (server, terminal, browser, CLI): one gettext catalogue per language
TABLE_LOCALES = Path(__file__).parent.parent / "locales"

ENTRY_POINTS = "tablero.games"  # the group a package names its games in
DEFAULT_GAME = "choque"  # the game a scenario file, a record or a server game names when it names none


@functools.cache
def installed_games() -> dict[str, str]:
    """Name -> module that registers it, for every game an installed package names in ``tablero.games``."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def register_plugin(plugin: GamePlugin) -> None:
    """Make the game ``plugin.name`` known to the table: ``new_game``, the scenario judge, the front ends."""
    _PLUGINS[plugin.name] = plugin


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages the table speaks: English, the messages' own, and each of its catalogues."""
    return tuple(sorted({SOURCE} | {po.stem for po in TABLE_LOCALES.glob("*.po")}))


def words(name: str | None = None) -> Catalogue:
    """The words of the named game's messages over the table's (the game's win where both say one), or the
    table's alone; read once."""
    if name is None:
        return catalogue(str(TABLE_LOCALES))
    folder = plugin(name).locales
    return catalogue(str(TABLE_LOCALES), *([str(folder)] if folder else []))


def game_names() -> list[str]:
    return sorted(set(_PLUGINS) | set(installed_games()))


def plugin(name: str | None = None) -> GamePlugin:
    """The named game's plugin (the default game's when ``name`` is None), imported on first use."""
    name = name or DEFAULT_GAME
    if name not in _PLUGINS and name in installed_games():
        importlib.import_module(installed_games()[name])
    try:
        return _PLUGINS[name]
    except KeyError:
        raise BadInput(f"unknown game {name!r}; known games: {', '.join(game_names())}") from None


def plugins() -> list[GamePlugin]:
    """Every game the table can play, by name."""
    return [plugin(n) for n in game_names()]


def new_game(name: str, **kwargs: Any) -> Game:
    """Build a new game of the named rulebook, e.g. ``new_game("choque", decks=..., seed=1)``."""
    return plugin(name).new_game(**kwargs)


def random_game(name: str, seed: int) -> Game:
    """A new game of the named rulebook between random legal decks, determined by ``seed``."""
    return plugin(name).random_game(seed)


def scenario_game(name: str, doc: dict[str, Any], where: Any = None) -> Game:
    """The game a scenario file's position describes."""
    return plugin(name).from_scenario(doc, where)


def game_catalogue(lang: str = "en") -> list[dict[str, Any]]:
    """Every game as the front ends list it (``tablero games --json``, ``GET /api/catalog``): its name and
    title, rule prefix, editions, rules version, deck sections and engine options with their defaults."""
    return [{"name": p.name, "default": p.name == DEFAULT_GAME, "title": p.title(lang), "titles": dict(p.titles),
             "rule_prefix": p.rule_prefix,
             "editions": list(p.editions), "default_edition": p.default_edition, "rules_version": p.rules_version,
             "sections": [{"name": s.name, "title": s.title(lang), "max_cards": s.max_cards, "required": s.required}
                          for s in p.sections],
             "options": [o.json() for o in p.options()],
             "widgets": [f"/games/{p.name}/{w}" for w in p.widgets]}
            for p in plugins()]
