"""Choque's words for the table (``core.plugin.Presenter``): each action, action group and log entry said in
one language, by ``describe.py`` and ``narrate.py`` over a ``CardBook`` of the cards it names."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any, cast

from tablero.core.board import Board
from tablero.core.game import Decision, Game
from tablero.core.i18n import msg
from tablero.core.plugin import AutoAnswer, Window

from . import prompts
from .board import places, project
from .cardbook import CardBook
from .catalogue import words
from .describe import describe, describe_group
from .game import ChoqueGame
from .narrate import narrate


class ChoquePresenter:
    """The shipped cards' (and any others') names in ``lang``, and the sentences built with them."""

    def __init__(self, lang: str, book: CardBook) -> None:
        self.lang = lang
        self.book = book

    @classmethod
    def of(cls, lang: str, cards: Iterable[Any] | None = None) -> ChoquePresenter:
        """The presenter of ``lang`` naming ``cards`` (which shadow shipped ids) and the shipped cards; the
        shipped-only one is built once per language."""
        if cards is None:
            return _shipped(lang)
        from .cardfile import shipped_pool

        return cls(lang, CardBook([*cards, *shipped_pool()], lang))

    def action(self, action: Mapping[str, Any], view: Mapping[str, Any], kind: str | None,
               seat: str | None) -> str:
        return describe(cast(dict[str, Any], action), cast(dict[str, Any], view), kind, self.book, seat)

    def group(self, action: Mapping[str, Any], view: Mapping[str, Any], seat: str | None) -> str:
        return describe_group(cast(dict[str, Any], action), cast(dict[str, Any], view), self.book, seat)

    def event(self, event: Mapping[str, Any]) -> str:
        return narrate(cast(dict[str, Any], event), self.lang, self.book.lexicon())

    def summary(self, view: Mapping[str, Any], decisions: int) -> str:
        said = msg("{decisions} decisions, {turns} turns; hearts A {a}, B {b}.", decisions=decisions,
                   turns=view["turn"], a=view["A"]["hearts"], b=view["B"]["hearts"])
        return words().say(said, self.lang)

    def board(self, view: Mapping[str, Any], seat: str | None, names: Mapping[str, str] | None = None,
              log: Iterable[Mapping[str, Any]] = ()) -> Board:
        return project(view, self.book, seat, names, log)

    def places(self, action: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
        return places(action)

    def decision(self, game: Game) -> str:
        return prompts.decision(cast(ChoqueGame, game), self.book)

    def waiting(self, decision: Decision) -> str:
        return prompts.waiting(decision, self.book.lang)

    def auto_answer(self, game: Game) -> AutoAnswer | None:
        return prompts.auto_answer(cast(ChoqueGame, game), self.book)

    def window(self, game: Game) -> Window | None:
        return prompts.window(cast(ChoqueGame, game), self.book)

    def card_text(self, card: str) -> str:
        return self.book.text(card)

    def card_name(self, card: str) -> str:
        return self.book.name(card)

    def help(self) -> str:
        return prompts.say("help", self.lang)

    def legend(self) -> str:
        return prompts.say("legend", self.lang)


@functools.cache
def _shipped(lang: str) -> ChoquePresenter:
    from .cardfile import shipped_pool

    return ChoquePresenter(lang, CardBook(shipped_pool(), lang))
