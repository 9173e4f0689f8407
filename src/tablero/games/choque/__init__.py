"""Choque de Héroes (Codex Cómics): the flagship rulebook, ``docs/rules/choque.md`` in code.

Where each rule lives: CH-2 ``deck.py``; CH-3 zones ``state.py`` (the pending decision and the chain links as
records: ``pending.py``, ``links.py``); CH-4 ``game.py`` (``ChoqueGame.new``; the step, link and choice
tables); CH-5 and CH-10 ``flow.py``; CH-6 calls and CH-8 abilities ``keywords.py``, the battle ones
``combat.py``, those gathered behind hooks ``exclusive/``; CH-7 ``chain.py``, card effects ``effects/``
(its ``__init__`` says which module runs what) and targets ``targeting.py``; CH-9 ``combat.py``; CH-11
``observation.py`` and ``resample.py``; scenario positions ``scenario_state.py``. The rules version that
every stored game records, what each version changed and what replays an older one: ``versions.py`` (bump
it with every change of the rules' behaviour). The package names itself in the ``tablero.games`` entry-point
group (``pyproject.toml``), which is how the table finds it.
"""

from tablero.core import register_game

from .cards import CardDef, CardPool, card_from_dict
from .catalogue import LOCALES
from .deck import Deck, Violation, check_deck
from .game import ChoqueGame
from .scenario_state import game_from_scenario
from .versions import RULES_VERSION


def _factory(decks: object = None, seed: int = 0, edition: str | None = None, first: str | None = None,
             validate: bool = True, options: object = None) -> ChoqueGame:
    return ChoqueGame.new(decks, seed=seed, edition=edition, first=first, validate=validate, options=options)


def _random_game(seed: int) -> ChoqueGame:
    """Two random legal decks of a generated effect-bearing pool, the pool and decks drawn from ``seed``."""
    from tablero.core import Rng

    from .generate import generate_deck, generate_pool

    rng = Rng(seed)
    pool = generate_pool(rng, effects=True)
    return ChoqueGame.new([generate_deck(pool, rng), generate_deck(pool, rng)], seed=seed)


register_game("choque", _factory, from_scenario=game_from_scenario, locales=LOCALES, random_game=_random_game)

__all__ = ["RULES_VERSION", "CardDef", "CardPool", "ChoqueGame", "Deck", "Violation", "card_from_dict",
           "check_deck", "game_from_scenario"]
