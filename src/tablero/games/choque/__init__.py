"""Choque de Héroes (Codex Cómics): the flagship rulebook, ``docs/rules/choque.md`` in code.

Where each rule lives: CH-2 ``deck.py``; CH-3 zones ``state.py`` (the pending decision and the chain links as
records: ``pending.py``, ``links.py``); CH-4 ``game.py`` (``ChoqueGame.new``; the step, link and choice
tables); CH-5 and CH-10 ``flow.py``; CH-6 calls and CH-8 abilities ``keywords.py``, the battle ones
``combat.py``, those gathered behind hooks ``exclusive/``; CH-7 ``chain.py``, card effects ``effects/``
(its ``__init__`` says which module runs what) and targets ``targeting.py``; CH-9 ``combat.py``; CH-11
``observation.py`` and ``resample.py``; scenario positions ``scenario_state.py``. The rules version that
every stored game records, what each version changed and what replays an older one: ``versions.py`` (bump
it with every change of the rules' behaviour). The table reaches it only through its plugin object, ``plugin.py``
(words: ``presenter.py``); the package names itself in the ``tablero.games`` entry-point group (``pyproject.toml``),
which is how the table finds it.
"""

from tablero.core import register_plugin

from .cards import CardDef, CardPool, card_from_dict
from .deck import Deck, Violation, check_deck
from .game import ChoqueGame
from .plugin import PLUGIN
from .scenario_state import game_from_scenario
from .versions import RULES_VERSION

register_plugin(PLUGIN)

__all__ = ["PLUGIN", "RULES_VERSION", "CardDef", "CardPool", "ChoqueGame", "Deck", "Violation", "card_from_dict",
           "check_deck", "game_from_scenario"]
