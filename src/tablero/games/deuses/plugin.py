"""Deuses as the table sees it: the plugin object the front ends reach it through (``core/plugin.py``).
Everything here delegates to the modules that hold the rules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from tablero.core import BadInput, Game, Rng
from tablero.core.i18n import msg
from tablero.core.options import Option
from tablero.core.plugin import Card, CardCheck, Deck, DeckFile, GamePlugin, Section, Tally, Violation

from .catalogue import LOCALES
from .game import DeusesGame
from .options import OPTIONS
from .presenter import DeusesPresenter

if TYPE_CHECKING:
    from tablero.core.plugin import CardTerms

# the card types in words (DE-2.1), for a deck builder's filter and lines
_TYPES = {"attack": msg("attack"), "magic": msg("magic"), "invocation": msg("invocation"), "god": msg("god")}


class DeusesPlugin(GamePlugin):
    name = "deuses"
    titles = {"pt": "Deuses", "en": "Gods", "es": "Dioses"}
    rule_prefix = "DE"
    editions = ("deuses-basic",)
    default_edition = "deuses-basic"
    # DE-3.1, DE-3.2: the main deck's 35 cards and the additional deck's 5 gods
    sections = (Section("main", 35, titles={"pt": "Baralho principal", "en": "Main deck", "es": "Mazo principal"}),
                Section("additional", 5, titles={"pt": "Baralho adicional", "en": "Additional deck",
                                                 "es": "Mazo adicional"}))
    locales = LOCALES
    rule_ids = {"edition": "DE-3.1", "hidden": "DE-4.2"}
    response_windows = False  # DE-6.2, DE-13.4: there is no response window
    # the deck at setup (DE-5), the steps of the turn (DE-6.1) and the dig (DE-7.4): words.py words each one
    # no hint calibration: Deuses' search values read as (v + 1) / 2 score as well as any logistic curve of
    # them (python benchmarks/calibrate.py --game deuses --games 160 --every 3: Brier 0.2147, fitted 0.2128)
    decision_cap = 5_000  # its games take a few hundred decisions
    decision_kinds = ("deck", "effect_draw", "dig", "dig_discard", "put_down", "attack", "choose:destroy",
                      "choose:return_hand", "choose:return_deck", "choose:exclude", "choose:summon_god",
                      "choose:put_attack", "choose:revive")

    @property
    def rules_version(self) -> int:
        return DeusesGame.rules_version

    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    # -- games --------------------------------------------------------------------------------------------
    def new_game(self, decks: Sequence[Any], seed: int = 0, edition: str | None = None, first: str | None = None,
                 options: Mapping[str, Any] | None = None, validate: bool = True) -> DeusesGame:
        from .deck import Deck as DeusesDeck
        from .deck import check_deck

        self.edition(edition)
        if len(decks) != 2:
            raise BadInput("a game of Deuses needs two decks")
        for deck in decks:
            d = cast(DeusesDeck, deck)
            broken = check_deck(d) if validate else []
            if broken:
                raise BadInput(f"deck {d.name!r}: " + "; ".join(map(str, broken)))
        return DeusesGame.new([cast(DeusesDeck, d).cards() for d in decks], seed=seed, first=first, options=options)

    def from_scenario(self, doc: dict[str, Any], where: Any) -> DeusesGame:
        from .scenario_state import game_from_scenario

        return game_from_scenario(doc, where)

    def random_game(self, seed: int, edition: str | None = None,
                    options: Mapping[str, Any] | None = None) -> DeusesGame:
        """Two random legal decks of the shipped cards (20/10/5/5, DE-3.1), drawn from ``seed``."""
        from .deck import random_deck

        rng = Rng(seed)
        decks = [random_deck(rng), random_deck(rng)]
        return DeusesGame.new([d.cards() for d in decks], seed=seed, options=options)

    def game_cards(self, game: Game) -> Iterable[Card]:
        return cast(Iterable[Card], cast(DeusesGame, game).s.cards.values())

    def invariants(self, game: Game) -> Callable[[Game], list[str]]:
        from .invariants import checker

        check = checker(cast(DeusesGame, game))
        return lambda g: check(cast(DeusesGame, g))

    # -- cards and decks ----------------------------------------------------------------------------------
    def card_pool(self) -> Sequence[Card]:
        from .cardfile import shipped_cards

        return cast(Sequence[Card], list(shipped_cards().values()))

    def check_cards(self, path: Path) -> CardCheck:
        from .cardfile import read_cards

        report = read_cards(path)
        return CardCheck(cast(Sequence[Card], report.pool), report.problems, report.checked)

    def extend_pool(self, path: Path, base: Sequence[Card] | None = None) -> Sequence[Card]:
        from .cardfile import load_cards

        mine = {c.id: c for c in load_cards(path)}
        return cast(Sequence[Card], [*(c for c in self._pool(base).values() if c.id not in mine), *mine.values()])

    def card_json(self, card: Card) -> dict[str, Any]:
        from .cards import CardDef

        c = cast(CardDef, card)
        own = {k: v for k, v in (("name", c.name), ("text", c.text), ("flavor", c.raw.get("flavor"))) if v}
        return {"id": c.id, **c.to_json(), **{k: c.raw[k] for k in ("en", "es", "flavor", "number") if k in c.raw},
                "pt": own}  # the card's own language (a browser says the chosen one, else English, else this)

    def card_terms(self, card: Card, lang: str) -> CardTerms:
        """Its type in ``lang``'s words; Deuses' cards have no keywords."""
        from tablero.core.plugin import CardTerms

        from .catalogue import words

        kind = str(getattr(card, "type", ""))
        return CardTerms(words().say(_TYPES[kind], lang) if kind in _TYPES else kind)

    def card_listing(self, card: Card) -> dict[str, Any]:
        from .cards import CardDef

        c = cast(CardDef, card)
        return {"id": c.id, "name": c.name, "type": c.type, "value": c.level or c.offerings or None}

    def card_row(self, card: Card) -> tuple[str, str, str, str]:
        from .cards import CardDef

        c = cast(CardDef, card)
        value = c.level or c.offerings
        return c.id, c.type, str(value) if value else "-", c.name

    def vocabulary(self) -> frozenset[str]:
        """Its name, edition and card ids, and the words of its own zones and steps (``wotd``, ``put_down``);
        the words every card game shares (``hand``, ``deck``) are nobody's."""
        return super().vocabulary() | {"additional_deck", "wotd", "effect_draw", "main_draw", "put_down",
                                       "dig_discard", "deuses.field_size"}

    def card_section(self, card: Card) -> str:
        """DE-3.2: gods go in the additional deck, every other card in the main deck."""
        return "additional" if getattr(card, "type", "") == "god" else "main"

    def shipped_decks(self, pool: Sequence[Card] | None = None) -> Mapping[str, DeckFile]:
        from .deck import shipped_decks

        return cast(Mapping[str, DeckFile], shipped_decks(self._pool(pool) if pool is not None else None))

    def load_deck(self, path: Path, pool: Sequence[Card] | None = None) -> DeckFile:
        from .deck import load_deck

        return cast(DeckFile, load_deck(path, self._pool(pool)))

    def parse_deck(self, doc: Any, deck_id: str, where: str | None = None,
                   pool: Sequence[Card] | None = None) -> Deck:
        from .deck import parse_deck

        return cast(Deck, parse_deck(doc, self._pool(pool), deck_id, where or f"deck {deck_id}").deck)

    def deck_ids(self, deck: Deck) -> dict[str, list[str]]:
        from .deck import Deck as DeusesDeck

        d = cast(DeusesDeck, deck)
        return {"main": [c.id for c in d.main], "additional": [c.id for c in d.additional]}

    def deck_from_ids(self, sections: Mapping[str, Iterable[str]], name: str = "", edition: str | None = None,
                      pool: Sequence[Card] | None = None) -> Deck:
        from .deck import Deck as DeusesDeck
        from .deck import resolve

        cards = self._pool(pool)
        problems: list[str] = []
        main = resolve(cards, list(sections.get("main", [])), "main", problems)
        additional = resolve(cards, list(sections.get("additional", [])), "additional", problems)
        if problems:
            raise BadInput("; ".join(problems))
        return cast(Deck, DeusesDeck(name, main, additional))

    def check_deck(self, deck: Deck, edition: str | None = None, on: dt.date | None = None,
                   pool: Sequence[Card] | None = None, limited: Path | None = None) -> list[Violation]:
        from .deck import Deck as DeusesDeck
        from .deck import check_deck

        self.edition(edition)
        return cast(list[Violation], check_deck(cast(DeusesDeck, deck)))

    @staticmethod
    def _pool(pool: Sequence[Card] | None) -> Any:
        from .cardfile import shipped_cards
        from .cards import CardDef

        if pool is None:
            return shipped_cards()
        if not all(isinstance(c, CardDef) for c in pool):
            raise BadInput("a Deuses card pool is needed here")
        return {c.id: c for c in cast(Sequence[CardDef], pool)}

    # -- the balance lab ----------------------------------------------------------------------------------
    def tally(self, start: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> Tally:
        from .tally import tally

        return tally(start, log)

    # -- presentation -------------------------------------------------------------------------------------
    def presenter(self, lang: str, cards: Iterable[Card] | None = None) -> DeusesPresenter:
        return DeusesPresenter.of(lang, cards)


PLUGIN = DeusesPlugin()
