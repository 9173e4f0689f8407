"""Deuses (the Portuguese basic rules): ``docs/rules/deuses.md`` in code, rule ids DE-x.y.

Where each rule lives is said in ``game.py``'s docstring; the table reaches the game only through its
plugin object, ``plugin.py`` (words: ``presenter.py``, ``words.py``, ``narrate.py``, ``board.py``).
"""

from tablero.core import register_plugin

from .game import DeusesGame
from .plugin import PLUGIN

register_plugin(PLUGIN)

__all__ = ["PLUGIN", "DeusesGame"]
