"""What a game gives the table: one plugin object per game package, registered under the game's name.

The front ends (the CLI, the terminal, the server, the browser, the balance lab) know a game only through
this object, so that a new rulebook is a new package under ``games/`` and nothing else (design.md, "Many
games on one engine"). The object answers four questions:

- *who it is*: name, titles per language, rule-id prefix, editions, engine options (house rules) with their
  defaults, the rules version stored with every record, and the deck sections;
- *games*: a new one (with options), one from a scenario position, one between random legal decks;
- *cards and decks*: the card pool, the card-file check, deck files and the deck check (every violation at
  once, each with its rule id), the shipped decks, the dated limited lists;
- *presentation*: a ``Presenter`` per language, which says every action, decision and event in words and
  projects any view into the one board schema (``core/board.py``) both renderers draw.

Cards, decks and deck files stay the game's own objects; the table holds them through the small protocols
below, which name only what every game has.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

from .errors import BadInput
from .game import Action, Decision, Game
from .i18n import Msg
from .options import Option, check_values
from .shown import shown

if TYPE_CHECKING:  # pydantic is imported only by what draws boards
    from .board import Board


def said_in(titles: Mapping[str, str], lang: str, fallback: str) -> str:
    """A title in ``lang``, else in English, else ``fallback`` (a game's, a deck section's)."""
    return titles.get(lang) or titles.get("en") or fallback


@dataclass(frozen=True)
class Section:
    """One section of a deck (Choque: main, souls, support), and the most cards it can hold in any edition
    (it bounds what a request may carry)."""

    name: str
    max_cards: int
    required: bool = True
    titles: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)  # by language

    def title(self, lang: str) -> str:
        return said_in(self.titles, lang, self.name)


class Card(Protocol):
    @property
    def id(self) -> str: ...


class Deck(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def edition(self) -> str | None: ...


class DeckFile(Protocol):
    """A deck read from a file: its id, the deck, and what the file says about it."""

    @property
    def id(self) -> str: ...
    @property
    def deck(self) -> Deck: ...
    @property
    def strategy(self) -> str: ...
    @property
    def text(self) -> str: ...


class Said(Protocol):
    """A problem or a broken rule, said in any language of the table."""

    def said(self, lang: str) -> str: ...


class Violation(Said, Protocol):
    @property
    def rule(self) -> str: ...
    @property
    def text(self) -> Msg:
        """The message, to be said in the reader's language (inside another message too)."""
        ...
    @property
    def card(self) -> str | None: ...


@dataclass(frozen=True)
class CardCheck:
    """What a card-file check found: the good cards, every problem, and how many entries were read."""

    pool: Sequence[Card]
    problems: Sequence[Said]
    checked: int


class KeywordTerm(NamedTuple):
    """One keyword a card has, as a deck builder shows and filters it: its id, its number (a keyword printed
    with an X; None for most), and its name in one language."""

    id: str
    value: int | None
    name: str

    @property
    def words(self) -> str:
        """The keyword as printed: its name, and its number after it."""
        return self.name if self.value is None else f"{self.name} {self.value}"


class CardTerms(NamedTuple):
    """A card's type and keywords in one language's words (a deck builder's filters and lines)."""

    type: str
    keywords: tuple[KeywordTerm, ...] = ()


class Tally(NamedTuple):
    """What a finished game tells the balance lab of its cards, by seat: the cards that reached the hand
    (or were otherwise seen to be available), those put to use, how many turns it lasted, who went first."""

    drawn: dict[str, set[str]]
    used: dict[str, set[str]]
    turns: int
    first: str


class Match(Protocol):
    """A match of several games (Choque's best of three CHOQUES): its score and who starts the next game."""

    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def wins(self) -> dict[str, int]:
        """Games won so far, by seat."""
        ...

    @property
    def chooser(self) -> str | None:
        """The seat that chooses who starts the next game, or None (the game's seed decides)."""
        ...

    def record(self, winner: str) -> None: ...


class Presenter(Protocol):
    """A game's words in one language: what the terminal prints and the browser shows."""

    lang: str

    def action(self, action: Action, view: Mapping[str, Any], kind: str | None, seat: str | None) -> str:
        """A legal action in words, as a menu line."""
        ...

    def group(self, action: Action, view: Mapping[str, Any], seat: str | None) -> str:
        """The words of the group an action heads, when a client gathers one source's actions."""
        ...

    def event(self, event: Mapping[str, Any]) -> str:
        """One log entry (as a viewer may see it) as a sentence."""
        ...

    def summary(self, view: Mapping[str, Any], decisions: int) -> str:
        """One line on a finished game: how long it took and where the players stand."""
        ...

    def board(self, view: Mapping[str, Any], seat: str | None, names: Mapping[str, str] | None = None,
              log: Iterable[Mapping[str, Any]] = ()) -> Board:
        """``view`` (a seat's, the public or a full one) as the board ``seat`` sees (``None``: a spectator
        or a replay); ``names`` are the decks' names by seat, ``log`` the viewer's log up to ``view``."""
        ...

    def places(self, action: Action) -> tuple[str | None, tuple[str, ...]]:
        """Where ``action`` starts and where it goes, as refs of the board's faces, slots and counters: the
        browser lights the source, then each target in order, and a click on each chooses the action."""
        ...

    def decision(self, game: Game) -> str:
        """The pending decision as a question to its player (what a choice is about included)."""
        ...

    def waiting(self, decision: Decision) -> str:
        """The pending decision as the other seat and spectators are told of it ("B decides whether to
        defend"): from the decision's public fields alone (whose, its kind and detail), so it cannot name
        what only its player knows."""
        ...

    def auto_answer(self, game: Game) -> AutoAnswer | None:
        """A decision a front end answers for its player, because the rules leave nothing to choose and say
        it may (Choque's mandatory ofrenda), with the line that tells the player; else None."""
        ...

    def window(self, game: Game) -> Window | None:
        """At a response window (a decision that only asks whether to respond to what is under way): what
        is on the stack in words; None at any other decision. A terminal passes windows the player does
        not stop at."""
        ...

    def card_text(self, card: str) -> str:
        """A card's rules text (empty if the card has none or is unknown)."""
        ...

    def card_name(self, card: str) -> str:
        ...

    def help(self) -> str:
        """What the terminal's help adds for this game: its seats, zones and numbers."""
        ...

    def legend(self) -> str:
        """One line that reads the board's numbers (``F strength · R resistance ...``)."""
        ...


class AutoAnswer(NamedTuple):
    action: Action
    text: str


class Window(NamedTuple):
    stacked: bool  # something is under way (on the chain / stack)
    text: str  # what, in words ("on the chain: B · Lance")


class GamePlugin(ABC):
    """One game as the table sees it. Subclass it in ``games/<name>/plugin.py`` and pass an instance to
    ``register_plugin``; the package names itself in the ``tablero.games`` entry-point group."""

    name: ClassVar[str]
    titles: ClassVar[Mapping[str, str]]  # language -> the game's title
    rule_prefix: ClassVar[str]  # the prefix of its rule ids (CH, DE, AZ, RD)
    editions: ClassVar[tuple[str, ...]]
    default_edition: ClassVar[str]
    sections: ClassVar[tuple[Section, ...]]
    # the ids of the rules the table itself enforces for the game: "edition" (an edition it does not
    # have), "hidden" (what a seat may not see: a seed chosen by a player would show the other's hand)
    rule_ids: ClassVar[Mapping[str, str]] = {}
    # whether its games have response windows (``Presenter.window``): a table offers stops only where they do
    response_windows: ClassVar[bool] = True
    # Every kind of decision its games may ask, each with its own question (``Presenter.decision``): a
    # ``Decision.kind``, or ``kind:detail`` where the decision's ``detail`` says what is chosen. The prompt
    # test reaches each one and holds its question to every language (tests/conformance/test_prompts.py).
    decision_kinds: ClassVar[tuple[str, ...]] = ()
    # The most decisions a simulated game of it may take (``tablero simulate``, benchmarks/agents.py): far
    # above its longest games, so that one that reaches it is stopped, counted a draw and reported, instead of
    # holding a run for ever (every game ends by the loop ruling, core.loops; this is the backstop).
    decision_cap: ClassVar[int] = 20_000
    # The hint's chance to win from a search value v (``Game.heuristic``'s scale): 1 / (1 + e^-(a·v + b)),
    # (a, b) fitted on how seeded games ended (``benchmarks/calibrate.py``); None: (v + 1) / 2
    hint_calibration: ClassVar[tuple[float, float] | None] = None
    locales: ClassVar[Path | None] = None  # its message catalogues (<lang>.po)
    # A small widget module or two of its own (ES modules in ``web``), for what the board schema cannot say:
    # the server serves them at /games/<name>/<file>, and the browser calls each one's ``draw(root, board,
    # env)`` after drawing the board.
    web: ClassVar[Path | None] = None
    widgets: ClassVar[tuple[str, ...]] = ()

    # -- who it is ------------------------------------------------------------------------------------------
    @property
    @abstractmethod
    def rules_version(self) -> int:
        """The version of the rules this code plays: stored with every game record and replay."""

    @abstractmethod
    def options(self) -> tuple[Option, ...]:
        """Every engine option, with its default."""

    def options_for_rules(self, version: int) -> dict[str, Any]:
        """The options that restore the readings of an older rules version (so its records replay)."""
        return {}

    def title(self, lang: str) -> str:
        return said_in(self.titles, lang, self.name)

    def edition(self, name: str | None) -> str:
        """``name``, or the default edition; an edition the game does not have is refused."""
        ed = name or self.default_edition
        if ed not in self.editions:
            rule = self.rule_ids.get("edition")
            raise BadInput(f"{rule + ': ' if rule else ''}unknown edition {ed!r}; known: {', '.join(self.editions)}")
        return ed

    def check_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Options from a map of public names, as a record stores them (only those off their default),
        checked against their records (``core/options.py``) before any game is made: an unknown name, or a
        value outside its option's type and range, is a ``BadInput`` naming the option and its range."""
        records = self.options()
        defaults = {o.name: o.default for o in records}
        return {k: v for k, v in check_values(self.name, records, raw).items() if v != defaults[k]}

    @staticmethod
    def parse_option_value(text: str) -> Any:
        """A ``--option KEY=VALUE`` value as the type it spells: true/false, a whole number, or text. The game
        checks names and types when a game is built with them (its messages name the option)."""
        low = text.strip().lower()
        if low in ("true", "false"):
            return low == "true"
        try:
            return int(low)
        except ValueError:
            return text

    def parse_option_pairs(self, pairs: Iterable[str]) -> dict[str, Any]:
        """``--option KEY=VALUE`` pairs as a map of values (checked with the rest by ``check_options``)."""
        out: dict[str, Any] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise BadInput(f"--option: {shown(pair)} is not KEY=VALUE: give NAME=VALUE, like "
                               "<game>.<option>=true (`tablero games --json` lists them)")
            out[key.strip()] = self.parse_option_value(value)
        return out

    # -- games ----------------------------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, decks: Sequence[Any], seed: int = 0, edition: str | None = None, first: str | None = None,
                 options: Mapping[str, Any] | None = None, validate: bool = True) -> Game:
        """A new game between two decks (A's, B's), set up with the seeded source."""

    def from_scenario(self, doc: dict[str, Any], where: Any) -> Game:
        """The game a scenario file's position describes (the rules judge)."""
        raise BadInput(f"game {self.name!r} has no scenario support")

    @abstractmethod
    def random_game(self, seed: int, edition: str | None = None, options: Mapping[str, Any] | None = None) -> Game:
        """A new game between random legal decks, the same for the same seed (conformance, soak, demo)."""

    def game_cards(self, game: Game) -> Iterable[Card]:
        """Every card definition a game was dealt (a generated pool's too), for a presenter to name them."""
        return ()

    def invariants(self, game: Game) -> Callable[[Game], list[str]]:
        """A check of the game's soak invariants, made at ``game``'s start: called after every action (the
        conformance suite's random games, ``benchmarks/soak.py``), it returns what is broken (empty: all hold)."""
        return lambda g: []

    def new_match(self) -> Match | None:
        """A match of several games (Choque's best of CHOQUES), or None when a game is played alone."""
        return None

    # -- cards and decks ------------------------------------------------------------------------------------
    @abstractmethod
    def card_pool(self) -> Sequence[Card]:
        """The shipped cards (read once)."""

    @abstractmethod
    def check_cards(self, path: Path) -> CardCheck:
        """Check every card of a card file or folder; raises ``BadInput`` only when ``path`` cannot be read."""

    @abstractmethod
    def extend_pool(self, path: Path, base: Sequence[Card] | None = None) -> Sequence[Card]:
        """The cards of a designer's file or folder over ``base`` (their ids shadow it); bad cards refused."""

    @abstractmethod
    def card_json(self, card: Card) -> dict[str, Any]:
        """A card in its card-file shape, with its id (``/api/cards``, ``tablero cards list --json``)."""

    def card_terms(self, card: Card, lang: str) -> CardTerms:
        """The card's type and keywords in ``lang``'s words. By default what its card-file shape says, ids as
        they are: its ``type``, and its ``keywords`` (an id, or ``{id: number}`` for a keyword with a number)."""
        j = self.card_json(card)
        keywords: list[KeywordTerm] = []
        for k in j.get("keywords") or ():
            if isinstance(k, Mapping):
                keywords += [KeywordTerm(str(i), v if isinstance(v, int) else None, str(i)) for i, v in k.items()]
            else:
                keywords.append(KeywordTerm(str(k), None, str(k)))
        return CardTerms(str(j.get("type", "")), tuple(keywords))

    def card_listing(self, card: Card) -> dict[str, Any]:
        """One entry of ``tablero cards list --json`` (by default the card-file shape)."""
        return self.card_json(card)

    def vocabulary(self) -> frozenset[str]:
        """The game's own words: its name, edition ids, zone names, keyword ids and card ids. No module
        outside the game's package holds one (tests/test_plugin_boundary.py): the table that did would
        work for this game alone."""
        return frozenset({self.name, *self.editions, *(c.id for c in self.card_pool())})

    def card_section(self, card: Card) -> str:
        """The deck section a card goes in (a deck builder files it there); by default the first."""
        return self.sections[0].name

    def card_row(self, card: Card) -> tuple[str, str, str, str]:
        """id, type, value and name: one line of ``tablero cards list``."""
        j = self.card_json(card)
        value = j.get("value")
        return card.id, str(j.get("type", "")), "-" if value is None else str(value), str(j.get("name", ""))

    @abstractmethod
    def shipped_decks(self, pool: Sequence[Card] | None = None) -> Mapping[str, DeckFile]:
        """The preconstructed decks by id (read once)."""

    @abstractmethod
    def load_deck(self, path: Path, pool: Sequence[Card] | None = None) -> DeckFile:
        """A deck file (its problems all at once as one ``BadInput``)."""

    @abstractmethod
    def parse_deck(self, doc: Any, deck_id: str, where: str | None = None,
                   pool: Sequence[Card] | None = None) -> Deck:
        """A deck document (section -> card id -> copies) as a deck."""

    @abstractmethod
    def deck_ids(self, deck: Deck) -> dict[str, list[str]]:
        """The deck's card ids per section, one entry per copy, in the deck's order."""

    @abstractmethod
    def deck_from_ids(self, sections: Mapping[str, Iterable[str]], name: str = "", edition: str | None = None,
                      pool: Sequence[Card] | None = None) -> Deck:
        """A deck from its card ids per section (a stored game's decks)."""

    @abstractmethod
    def check_deck(self, deck: Deck, edition: str | None = None, on: dt.date | None = None,
                   pool: Sequence[Card] | None = None, limited: Path | None = None) -> list[Violation]:
        """Every violation of the deck's rules at once, each with its rule id, under ``edition`` and the
        limited list in force ``on`` that day (today by default; ``limited``: a list file or folder of one's
        own instead of the shipped lists)."""

    def limited_in_force(self, on: dt.date, limited: Path | None = None,
                         pool: Sequence[Card] | None = None) -> dt.date | None:
        """The date of the limited list in force on ``on``, or None."""
        return None

    # -- the balance lab ------------------------------------------------------------------------------------
    @abstractmethod
    def tally(self, start: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> Tally:
        """What a game's log tells of its cards; ``start`` is the full observation before the first action."""

    def open_cards(self, deck: Deck) -> frozenset[str]:
        """The deck's cards its owner always has at hand (Choque: the support deck): "drawn" in every game."""
        return frozenset()

    # -- presentation ---------------------------------------------------------------------------------------
    @abstractmethod
    def presenter(self, lang: str, cards: Iterable[Card] | None = None) -> Presenter:
        """The game's words in ``lang`` (one of the table's languages), naming the shipped cards and
        ``cards`` (a designer's or a generated pool's)."""
