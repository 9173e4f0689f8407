"""The effect language's verbs (CH-12): the runtime's table and the vocabulary name the same verbs, so a
verb a card file may use always runs, and no implementation is unreachable from a card (issue 18)."""

from __future__ import annotations

import inspect

from tablero.games.choque.effects import vocabulary
from tablero.games.choque.effects.verbs import BY_VERB


def test_every_vocabulary_verb_has_its_function_and_every_function_its_row() -> None:
    assert set(BY_VERB) == set(vocabulary.VERBS)


def test_each_verb_is_a_plain_function_of_the_game_the_context_and_its_arguments() -> None:
    for verb, fn in BY_VERB.items():
        assert inspect.isfunction(fn) or callable(fn), verb
        params = list(inspect.signature(fn).parameters)
        assert params == ["g", "ctx", "a"], (verb, params)
