"""Choque as the table sees it: the plugin object the front ends reach it through (``core/plugin.py``).

Everything here delegates to the modules that hold the rules; this file only says which module answers
which of the table's questions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from tablero.core import BadInput, Game, Rng
from tablero.core.options import Option
from tablero.core.plugin import Card, CardCheck, Deck, DeckFile, GamePlugin, Section, Tally, Violation
from tablero.core.plugin import Match as PluginMatch

from .catalogue import LOCALES
from .editions import DEFAULT_EDITION, EDITIONS
from .game import ChoqueGame
from .options import OPTIONS
from .presenter import ChoquePresenter

if TYPE_CHECKING:
    from tablero.core.plugin import CardTerms

class ChoquePlugin(GamePlugin):
    name = "choque"
    titles = {"es": "Choque de Héroes", "en": "Clash of Heroes", "pt": "Choque de Heróis"}
    rule_prefix = "CH"
    editions = tuple(EDITIONS)
    default_edition = DEFAULT_EDITION
    # CH-2.1 to CH-2.3: a 50-card legacy main deck, 15 souls, up to 15 amalgams
    sections = (Section("main", 50, titles={"es": "Principal", "en": "Main", "pt": "Principal"}),
                Section("souls", 15, titles={"es": "Almas", "en": "Souls", "pt": "Almas"}),
                Section("support", 15, required=False, titles={"es": "Apoyo", "en": "Support", "pt": "Apoio"}))
    locales = LOCALES
    rule_ids = {"edition": "CH-0.3", "hidden": "CH-11.2"}
    # the questions of the turn (CH-5), of chains (CH-7.4), of combat (CH-9.3, CH-9.5) and what a ``choose``
    # is about (pending.py, targeting.py): each has its words in prompts.py
    # the hint's chance to win from a search value: fitted on 2,180 positions of 80 seeded greedy games
    # (python benchmarks/calibrate.py --game choque --games 80 --every 6; Brier 0.2295 read as (v + 1) / 2,
    # 0.2139 through this curve: a value of 0.95 was won 82% of the time, not 97%)
    hint_calibration = (1.303, 0.027)
    decision_kinds = ("action", "combat", "response", "defend", "battle_repeat", "ofrenda", "discard",
                      "choose:elite", "choose:clarividencia", "choose:mimica", "choose:zombificar", "choose:cosmo",
                      "choose:optional", "choose:trig_target", "choose:targets", "choose:select", "choose:zone")

    @property
    def rules_version(self) -> int:
        return ChoqueGame.rules_version

    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    def options_for_rules(self, version: int) -> dict[str, Any]:
        return ChoqueGame.options_for_rules(version)

    # -- games ----------------------------------------------------------------------------------------------
    def new_game(self, decks: Sequence[Any], seed: int = 0, edition: str | None = None, first: str | None = None,
                 options: Mapping[str, Any] | None = None, validate: bool = True) -> ChoqueGame:
        return ChoqueGame.new(decks, seed=seed, edition=edition, first=first, validate=validate, options=options)

    def from_scenario(self, doc: dict[str, Any], where: Any) -> ChoqueGame:
        from .scenario_state import game_from_scenario

        return game_from_scenario(doc, where)

    def random_game(self, seed: int, edition: str | None = None,
                    options: Mapping[str, Any] | None = None) -> ChoqueGame:
        """Two random legal decks of a generated effect-bearing pool, the pool and decks drawn from ``seed``."""
        from .generate import generate_deck, generate_pool

        rng = Rng(seed)
        pool = generate_pool(rng, effects=True)
        ed = self.edition(edition)
        decks = [generate_deck(pool, rng, ed), generate_deck(pool, rng, ed)]
        return ChoqueGame.new(decks, seed=seed, edition=ed, options=options)

    def game_cards(self, game: Any) -> Iterable[Card]:
        g = cast(ChoqueGame, game)
        return cast(Iterable[Card], [c for pl in g.s.players for c in pl.all_cards()])

    def new_match(self) -> PluginMatch:
        from .match import Match

        return Match()

    # -- cards and decks ------------------------------------------------------------------------------------
    def card_pool(self) -> Sequence[Card]:
        from .cardfile import shipped_pool

        return cast(Sequence[Card], shipped_pool())

    def check_cards(self, path: Path) -> CardCheck:
        from .cardfile import check_cards

        report = check_cards(path)
        return CardCheck(cast(Sequence[Card], report.pool), report.problems, report.checked)

    def extend_pool(self, path: Path, base: Sequence[Card] | None = None) -> Sequence[Card]:
        from .cardfile import load_cards
        from .cards import CardPool

        return cast(Sequence[Card], CardPool(load_cards(path), base=self._pool(base)))

    def card_json(self, card: Card) -> dict[str, Any]:
        from .cards import CardDef

        c = cast(CardDef, card)
        own = {k: c.raw[k] for k in ("name", "text", "flavor") if c.raw.get(k)}
        return {"id": c.id, **c.to_json(), **{k: c.raw[k] for k in ("text", "en", "archetypes") if k in c.raw},
                "es": own}  # the card's own language (a browser says the chosen one, else English, else this)

    def card_terms(self, card: Card, lang: str) -> CardTerms:
        """Its type and exclusive abilities (CH-8) in ``lang``'s words, Clarividencia with its X."""
        from tablero.core.plugin import CardTerms, KeywordTerm

        from .cards import CardDef
        from .catalogue import words
        from .terms import KEYWORD_NAMES, KEYWORDS, TYPE_NAMES

        c = cast(CardDef, card)
        say = words().say
        keywords = tuple(KeywordTerm(k, c.params.get(k), say(KEYWORD_NAMES[k], lang))
                         for k in KEYWORDS if k in c.keywords)
        return CardTerms(say(TYPE_NAMES[c.type], lang) if c.type in TYPE_NAMES else c.type, keywords)

    def invariants(self, game: Game) -> Callable[[Game], list[str]]:
        from .invariants import checker

        check = checker(cast(ChoqueGame, game))
        return lambda g: check(cast(ChoqueGame, g))

    def vocabulary(self) -> frozenset[str]:
        from .state import CHAR_ZONES, PHASES, SECTOR_ZONES, SUPPORT_ZONES
        from .terms import KEYWORDS, TYPES

        zones = {*CHAR_ZONES, *SUPPORT_ZONES, *SECTOR_ZONES, "arena", "mictlan", "confined", "isolated",
                 "main_deck", "soul_deck", "support_deck"}
        return super().vocabulary() | zones | set(KEYWORDS) | set(TYPES) | {p for p in PHASES if "_" in p}

    def card_section(self, card: Card) -> str:
        """CH-2: souls go in the soul deck, amalgams in the support deck, the rest in the main deck."""
        kind = getattr(card, "type", "")
        return "souls" if kind == "alma" else "support" if kind == "amalgama" else "main"

    def card_listing(self, card: Card) -> dict[str, Any]:
        """``tablero cards list --json``: id, name, type, subtype, value, keywords and set."""
        from .cards import CardDef

        c = cast(CardDef, card)
        j = c.to_json()
        return {"id": c.id, "name": c.name, "type": c.type, "subtype": c.subtype, "value": j.get("value"),
                "keywords": j.get("keywords", []), "set": c.set or None}

    def shipped_decks(self, pool: Sequence[Card] | None = None) -> Mapping[str, DeckFile]:
        from .deckfile import shipped_decks

        return cast(Mapping[str, DeckFile], shipped_decks(self._pool(pool) if pool is not None else None))

    def load_deck(self, path: Path, pool: Sequence[Card] | None = None) -> DeckFile:
        from .deckfile import load_deck

        return cast(DeckFile, load_deck(path, self._pool(pool)))

    def parse_deck(self, doc: Any, deck_id: str, where: str | None = None,
                   pool: Sequence[Card] | None = None) -> Deck:
        from .deckfile import parse_deck

        return cast(Deck, parse_deck(doc, self._pool(pool), deck_id=deck_id, where=where or f"deck {deck_id}").deck)

    def deck_ids(self, deck: Deck) -> dict[str, list[str]]:
        from .deck import Deck as ChoqueDeck

        d = cast(ChoqueDeck, deck)
        return {"main": [c.id for c in d.main], "souls": [c.id for c in d.souls],
                "support": [c.id for c in d.support]}

    def deck_from_ids(self, sections: Mapping[str, Iterable[str]], name: str = "", edition: str | None = None,
                      pool: Sequence[Card] | None = None) -> Deck:
        from .deck import Deck as ChoqueDeck

        return cast(Deck, ChoqueDeck.from_ids(self._pool(pool), list(sections.get("main", [])),
                                              list(sections.get("souls", [])), list(sections.get("support", [])),
                                              name=name, edition=edition))

    def check_deck(self, deck: Deck, edition: str | None = None, on: dt.date | None = None,
                   pool: Sequence[Card] | None = None, limited: Path | None = None) -> list[Violation]:
        from .deck import Deck as ChoqueDeck
        from .deck import check_deck
        from .deckfile import list_in_force

        full = self._pool(pool)
        in_force = list_in_force(self._lists(limited, full), on or dt.date.today())  # CH-2.5
        ed = edition or deck.edition or self.default_edition
        return cast(list[Violation], check_deck(cast(ChoqueDeck, deck), ed, in_force.limits if in_force else {},
                                                pool=full))

    def limited_in_force(self, on: dt.date, limited: Path | None = None,
                         pool: Sequence[Card] | None = None) -> dt.date | None:
        from .deckfile import list_in_force

        in_force = list_in_force(self._lists(limited, self._pool(pool)), on)
        return in_force.date if in_force else None

    @staticmethod
    def _pool(pool: Sequence[Card] | None) -> Any:
        from .cardfile import shipped_pool
        from .cards import CardPool

        if pool is None:
            return shipped_pool()
        if not isinstance(pool, CardPool):
            raise BadInput("a Choque card pool is needed here")
        return pool

    @staticmethod
    def _lists(limited: Path | None, pool: Any) -> Any:
        from .deckfile import load_limited_lists, shipped_limited_lists

        return load_limited_lists(limited, pool) if limited is not None else shipped_limited_lists()

    # -- the balance lab ------------------------------------------------------------------------------------
    def tally(self, start: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> Tally:
        from .tally import tally

        return tally(start, log)

    def open_cards(self, deck: Deck) -> frozenset[str]:
        return frozenset(self.deck_ids(deck)["support"])  # CH-3: the support deck is always open

    # -- presentation ---------------------------------------------------------------------------------------
    def presenter(self, lang: str, cards: Iterable[Card] | None = None) -> ChoquePresenter:
        return ChoquePresenter.of(lang, cards)


PLUGIN = ChoquePlugin()
