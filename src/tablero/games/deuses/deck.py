"""DE-3 deck construction: 40 cards, 20 attack, 10 magic, 5 invocation, 5 gods; the gods are the
additional deck (DE-3.2); no copy limit (DE-3.3). Decks as values, their check, and the deck files."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tablero.core import BadInput
from tablero.core.files import MAX_NAME_LENGTH, load_yaml, read_user_file
from tablero.core.i18n import Msg, msg

from .cards import CardDef

EDITION = "deuses-basic"
SPLIT = {"attack": 20, "magic": 10, "invocation": 5, "god": 5}  # DE-3.1
DECKS = Path(__file__).parent / "decks"
MAX_COPIES_READ = 40
"""The most copies one entry of a deck may ask for: a whole deck (DE-3.1); 10**9 copies would be expanded into a
list of 10**9 cards before any check."""
MAX_PART_CARDS = 200
"""The most cards one part of a deck may list: five times a deck, so a deck a few cards off is still read and its
DE-3.1 counts reported."""


@dataclass(frozen=True)
class Violation:
    """One broken deck rule, with its id and a message said in the reader's language."""

    rule: str
    text: Msg
    card: str | None = None

    @property
    def message(self) -> str:
        return str(self.text)

    def said(self, lang: str) -> str:
        from .catalogue import words

        return words().say(self.text, lang)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class DeckProblem(Exception):
    def __init__(self, rule: str | None, text: Msg) -> None:
        super().__init__(str(text))
        self.rule = rule
        self.text = text


@dataclass
class Deck:
    """A player's 40 cards: the main deck's 35 and the additional deck's 5 gods (DE-3.2)."""

    name: str
    main: list[CardDef]
    additional: list[CardDef] = field(default_factory=list)
    edition: str | None = EDITION

    def cards(self) -> list[CardDef]:
        return [*self.main, *self.additional]


# a card type as a deck's problem names it, in the reader's language (DE-2.1)
_KINDS = {"attack": msg("attack"), "magic": msg("magic"), "invocation": msg("invocation"), "god": msg("god")}


def check_deck(deck: Deck) -> list[Violation]:
    """DE-3.1: every count that is off, at once; a god outside the additional deck or a card that is not one
    inside it (DE-3.2)."""
    out: list[Violation] = []
    counts = Counter(c.type for c in deck.cards())
    total = sum(counts.values())
    if total != 40:
        out.append(Violation("DE-3.1", msg("a deck has 40 cards, this one {n}", n=total)))
    for kind, want in SPLIT.items():
        if counts.get(kind, 0) != want:
            out.append(Violation("DE-3.1", msg("a deck has {want} {kind} cards, this one {n}", want=want,
                                               kind=_KINDS[kind], n=counts.get(kind, 0))))
    for c in deck.main:
        if c.type == "god":
            out.append(Violation("DE-3.2", msg("{card} is a god: it goes in the additional deck", card=c.id), c.id))
    for c in deck.additional:
        if c.type != "god":
            out.append(Violation("DE-3.2", msg("{card} is not a god: it goes in the main deck", card=c.id), c.id))
    return out


def resolve(cards: Mapping[str, CardDef], spec: Any, where: str, problems: list[str]) -> list[CardDef]:
    """A list of ids (one per copy) or a map id -> copies as cards; problems appended."""
    if spec is None:
        return []
    if isinstance(spec, Mapping):
        pairs: Iterable[tuple[Any, Any]] = spec.items()
    elif isinstance(spec, list):
        pairs = [(cid, 1) for cid in spec]
    else:
        problems.append(f"{where}: must be a list of card ids or a map card id -> copies")
        return []
    out: list[CardDef] = []
    for cid, n in pairs:
        if not isinstance(cid, str) or cid not in cards:
            problems.append(f"{where}: unknown card {str(cid)[:80]!r}")
        elif isinstance(n, bool) or not isinstance(n, int) or n < 1:
            problems.append(f"{where}: {cid}: copies must be a whole number >= 1, got {str(n)[:80]}")
        elif n > MAX_COPIES_READ:
            problems.append(f"{where}: {cid}: copies must be at most {MAX_COPIES_READ}, "
                            f"got {n if n < 10**20 else 'more than 10**20'}")
        elif len(out) + n > MAX_PART_CARDS:
            problems.append(f"{where}: more than {MAX_PART_CARDS} cards; the rest are not read")
            break
        else:
            out.extend([cards[cid]] * n)
    return out


def deck_of_cards(cards: Mapping[str, CardDef], spec: Any, name: str = "") -> Deck:
    """The 40 cards of a scenario's ``deck`` (or a ``deck`` action's ``cards``): the gods become the
    additional deck. Unknown ids are a ``BadInput``."""
    problems: list[str] = []
    got = resolve(cards, spec, "deck", problems)
    if problems:
        raise BadInput("; ".join(problems))
    return Deck(name, [c for c in got if c.type != "god"], [c for c in got if c.type == "god"])


def deck_of_action(cards: Mapping[str, CardDef], action: Mapping[str, Any]) -> list[CardDef]:
    """A setup ``deck`` action's 40 cards, checked (DE-3.1)."""
    if "deck" in action:
        files = shipped_decks(cards)
        name = action["deck"]
        if not isinstance(name, str) or name not in files:
            raise DeckProblem("DE-3.1", msg("no pre-built deck {name}; known: {known}", name=str(name),
                                            known=", ".join(files)))
        deck = files[name].deck
    else:
        try:
            deck = deck_of_cards(cards, action.get("cards"))
        except BadInput as e:
            raise DeckProblem(None, msg("{problem}", problem=str(e))) from None
    broken = check_deck(deck)
    if broken:
        raise DeckProblem(broken[0].rule, msg("{problems}", problems="; ".join(str(v.text) for v in broken)))
    return deck.cards()


# -- deck files -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckFile:
    """A pre-built deck read from a file: its id, the deck, and what the file says about it."""

    id: str
    deck: Deck
    path: Path | None
    strategy: str = ""
    description: str = ""
    raw: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8") if self.path else yaml.safe_dump(dict(self.raw))


def parse_deck(doc: Any, cards: Mapping[str, CardDef], deck_id: str, where: str, path: Path | None = None) -> DeckFile:
    if not isinstance(doc, Mapping):
        raise BadInput(f"{where}: a deck file is a map (name, strategy, main, additional)")
    problems: list[str] = []
    unknown = set(map(str, doc)) - {"name", "strategy", "description", "edition", "en", "es", "pt", "main",
                                    "additional"}
    problems += [f"{where}: unknown key {k!r}" for k in sorted(unknown)]
    main = resolve(cards, doc.get("main"), f"{where}: main", problems)
    additional = resolve(cards, doc.get("additional"), f"{where}: additional", problems)
    name = doc.get("name", deck_id)
    if not isinstance(name, str):
        problems.append(f"{where}: name: must be text")
    elif len(name) > MAX_NAME_LENGTH:
        problems.append(f"{where}: name: too long: {len(name)} characters, at most {MAX_NAME_LENGTH}")
    if problems:
        raise BadInput("; ".join(problems))
    deck = Deck(str(name), main, additional)
    return DeckFile(deck_id, deck, path, str(doc.get("strategy", "")), str(doc.get("description", "")), dict(doc))


def load_deck(path: Path, cards: Mapping[str, CardDef]) -> DeckFile:
    doc = load_yaml(read_user_file(path, "deck"), path.name)
    return parse_deck(doc, cards, path.stem, path.name, path)


def shipped_decks(cards: Mapping[str, CardDef] | None = None) -> dict[str, DeckFile]:
    from .cardfile import shipped_cards

    if cards is None or cards is shipped_cards():
        return dict(_shipped())
    return {p.stem: load_deck(p, cards) for p in sorted(DECKS.glob("*.yaml"))}


@functools.cache
def _shipped() -> Sequence[tuple[str, DeckFile]]:
    from .cardfile import shipped_cards

    return tuple((p.stem, load_deck(p, shipped_cards())) for p in sorted(DECKS.glob("*.yaml")))


def random_deck(rng: Any, cards: Mapping[str, CardDef] | None = None) -> Deck:
    """A random legal deck of ``cards`` (the shipped ones by default): each category drawn with repeats
    (DE-3.3: no copy limit)."""
    from .cardfile import shipped_cards

    pool = cards if cards is not None else shipped_cards()
    by_type: dict[str, list[CardDef]] = {kind: [c for c in pool.values() if c.type == kind] for kind in SPLIT}
    picked = {kind: [by_type[kind][rng.below(len(by_type[kind]))] for _ in range(n)] for kind, n in SPLIT.items()}
    main = [*picked["attack"], *picked["magic"], *picked["invocation"]]
    return Deck("random", main, picked["god"])
