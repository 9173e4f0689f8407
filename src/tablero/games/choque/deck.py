"""CH-2 deck legality: a deck is three lists of cards, and ``check_deck`` says everything wrong with it.

Legality is a pure function of (deck, edition, limited list) so that the deck builder, the server's
"join a table" check, tournaments and property tests all share one answer. It returns violations rather
than raising, because CH-2.6 asks for every problem at once: a player fixing a deck wants the whole list,
not one error per attempt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from tablero.core import BadInput
from tablero.core.i18n import Msg, msg
from tablero.core.shown import shown

from .cards import CardDef, CardPool
from .catalogue import words
from .editions import Edition, get_edition

MAX_COPIES = 3  # CH-2.4
SOUL_DECK_SIZE = 15  # CH-2.2
SOUL_MINIMUMS = {1: 3, 2: 3, 3: 3}  # CH-2.2: at least three souls of each of these values
SUPPORT_DECK_MAX = 15  # CH-2.3
MAIN_TYPES = ("personaje", "apoyo", "sector", "arena")  # CH-2.1
LIMIT_NAMES = {0: "condenada", 1: "limitada", 2: "semilimitada"}  # CH-2.4
MAX_COPIES_READ = 50
"""The most copies one entry of a deck file may ask for: the largest deck part (legacy main, CH-0.3) holds 50, so
more can never be near legal, and 10**9 copies would be expanded into a list of 10**9 cards."""
MAX_PART_CARDS = 200
"""The most cards one part of a deck may list, all entries together: four times the largest legal part, so a
deck a few cards off is still read and its CH-2 violations reported."""

DeckSpec = Mapping[str, int] | Sequence[str]


@dataclass
class Deck:
    """A player's three decks (CH-2). Lists of shared ``CardDef`` references; order is not significant
    for legality. ``edition`` records which edition the deck was built for; ``check_deck`` checks against
    the edition it is given, so one deck can be tested under either."""

    name: str
    main: list[CardDef]
    souls: list[CardDef]
    support: list[CardDef] = field(default_factory=list)
    edition: str | None = None

    @classmethod
    def from_ids(cls, pool: CardPool, main: DeckSpec, souls: DeckSpec = (), support: DeckSpec = (),
                 name: str = "", edition: str | None = None) -> Deck:
        """Build a deck from card ids, as deck files and scenario specs write them.

        Each part is either a list of ids (one entry per copy) or a map id → count. Every unknown id and
        bad count is collected and raised together as one ``BadInput``, for the same reason CH-2.6 lists
        every violation: the author fixes the file once.
        """
        problems: list[str] = []
        parts = {part: _resolve(pool, spec, part, problems)
                 for part, spec in (("main", main), ("souls", souls), ("support", support))}
        if problems:
            label = f"deck {name!r}" if name else "deck"
            raise BadInput(f"{label}: " + "; ".join(problems))
        return cls(name=name, main=parts["main"], souls=parts["souls"], support=parts["support"],
                   edition=edition)

    def all_cards(self) -> list[CardDef]:
        """Every card of the three decks, for the copy count that spans them (CH-2.4)."""
        return [*self.main, *self.souls, *self.support]


def _resolve(pool: CardPool, spec: DeckSpec, part: str, problems: list[str]) -> list[CardDef]:
    """Turn one deck part's ids into cards, appending to ``problems`` instead of stopping at the first."""
    if isinstance(spec, str):
        problems.append(f"{part}: expected a list of card ids or a map id -> count, got the text {spec!r}")
        return []
    if isinstance(spec, Mapping):
        pairs: list[tuple[object, object]] = list(spec.items())
    else:
        pairs = [(cid, 1) for cid in spec]
    out: list[CardDef] = []
    for cid, count in pairs:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            problems.append(f"{part}: count for {cid!r} must be a non-negative integer, got {shown(count)}")
            continue
        if count > MAX_COPIES_READ:
            problems.append(f"{part}: count for {shown(cid)} must be at most {MAX_COPIES_READ}, "
                            f"got {shown(count)}")
            continue
        if len(out) + count > MAX_PART_CARDS:
            problems.append(f"{part}: more than {MAX_PART_CARDS} cards; the rest are not read")
            break
        card = pool.get(cid) if isinstance(cid, str) else None
        if card is None:
            problems.append(f"{part}: unknown card id {cid!r}")
            continue
        out.extend([card] * count)
    return out


@dataclass(frozen=True)
class Violation:
    """One broken deck rule (CH-2.6): the rule id, a message with the numbers (said in the reader's language
    from ``locales/``), and the card if any."""

    rule: str
    text: Msg
    card: str | None = None

    @property
    def message(self) -> str:
        """The message in English."""
        return str(self.text)

    def said(self, lang: str) -> str:
        """The message in ``lang`` (``es``, ``en``)."""
        return words().say(self.text, lang)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


def limited_in_force(lists: Mapping[date, Mapping[str, int]], on: date) -> Mapping[str, int]:
    """CH-2.5: the limited list in force on ``on`` is the latest one dated on or before it.

    Lists are dated data, not code, so an old tournament can be re-checked against the list it used.
    Before the first list there is no restriction beyond CH-2.4's three copies: an empty map.
    """
    in_force = [d for d in lists if d <= on]
    if not in_force:
        return {}
    return lists[max(in_force)]


def _check_limits(limited: Mapping[str, int]) -> None:
    """A malformed limited list is bad input, not a deck violation: the organiser must fix it, not the
    player."""
    bad = [f"{cid!r}: {n!r}" for cid, n in limited.items()
           if isinstance(n, bool) or not isinstance(n, int) or n < 0]
    if bad:
        raise BadInput("CH-2.4: limited list counts must be integers >= 0 (0 condenada, 1 limitada, "
                       f"2 semilimitada); got {', '.join(bad)}")


def _describe(card: CardDef) -> str:
    return f"{card.id} ({card.name!r}, {card.type})"


_PARTS = {"main": lambda n: msg("main {n}", n=n), "soul": lambda n: msg("soul {n}", n=n),
          "support": lambda n: msg("support {n}", n=n)}  # a deck's share of a name's copies


def _joined(parts: list[Msg]) -> Msg:
    out = parts[0]
    for p in parts[1:]:
        out = msg("{a}, {b}", a=out, b=p)
    return out


def _copies(n: int) -> Msg:
    return msg("1 copy") if n == 1 else msg("{n} copies", n=n)


def _wrong_type(cards: list[CardDef], allowed: tuple[str, ...]) -> list[tuple[CardDef, int]]:
    """Distinct cards of a disallowed type with their counts, in first-seen order: one violation per
    card rather than per copy keeps the report readable."""
    counts = Counter(c.id for c in cards if c.type not in allowed)
    seen: dict[str, CardDef] = {}
    for c in cards:
        if c.id in counts and c.id not in seen:
            seen[c.id] = c
    return [(c, counts[cid]) for cid, c in seen.items()]


def check_deck(deck: Deck, edition: str | Edition = "choque-2026",
               limited: Mapping[str, int] | None = None, *, pool: CardPool | None = None) -> list[Violation]:
    """Every CH-2 violation of ``deck`` under ``edition`` and the ``limited`` list (CH-2.6); empty = legal.

    ``limited`` maps card id → maximum copies (0 condenada, 1 limitada, 2 semilimitada), typically from
    ``limited_in_force``. Copy limits count by card *name* (CH-1.1, CH-2.4) across all three decks, so a
    reprint under another id shares its name's limit; the limit of a name is the lowest among its ids.
    A limited id the deck does not itself contain can only be tied to a name through ``pool``: pass the
    pool so that listing one printing restricts the others too.
    """
    ed = edition if isinstance(edition, Edition) else get_edition(edition)
    limited = limited or {}
    _check_limits(limited)
    out: list[Violation] = []

    # CH-2.1 main deck: exact size, and only personajes, apoyos, sectors and arenas.
    if len(deck.main) != ed.main_deck_size:
        out.append(Violation("CH-2.1", msg("the main deck has {n} cards; exactly {size} are required in edition "
                                           "{edition}", n=len(deck.main), size=ed.main_deck_size, edition=ed.name)))
    for card, n in _wrong_type(deck.main, MAIN_TYPES):
        home = msg("soul deck") if card.type == "alma" else msg("support deck")
        out.append(Violation("CH-2.1", msg("the main deck holds {copies} of {card}; the main deck takes only "
                                           "{types} cards ({type} cards go in the {home})", copies=_copies(n),
                                           card=_describe(card), types=", ".join(MAIN_TYPES), type=card.type,
                                           home=home), card.id))

    # CH-2.2 soul deck: exactly 15 souls, at least three each of values 1, 2 and 3.
    if len(deck.souls) != SOUL_DECK_SIZE:
        out.append(Violation("CH-2.2", msg("the soul deck has {n} cards; exactly {size} souls are required",
                                           n=len(deck.souls), size=SOUL_DECK_SIZE)))
    for card, n in _wrong_type(deck.souls, ("alma",)):
        out.append(Violation("CH-2.2", msg("the soul deck holds {copies} of {card}; the soul deck takes only "
                                           "alma cards", copies=_copies(n), card=_describe(card)), card.id))
    values = Counter(c.value for c in deck.souls if c.type == "alma")
    for value, minimum in SOUL_MINIMUMS.items():
        have = values[value]
        if have < minimum:
            text = (msg("the soul deck has 1 soul of value {value}; at least {minimum} are required",
                        value=value, minimum=minimum) if have == 1 else
                    msg("the soul deck has {n} souls of value {value}; at least {minimum} are required", n=have,
                        value=value, minimum=minimum))
            out.append(Violation("CH-2.2", text))

    # CH-2.3 support deck: 0 to 15 amalgams.
    if len(deck.support) > SUPPORT_DECK_MAX:
        out.append(Violation("CH-2.3", msg("the support deck has {n} cards; at most {most} are allowed",
                                           n=len(deck.support), most=SUPPORT_DECK_MAX)))
    for card, n in _wrong_type(deck.support, ("amalgama",)):
        out.append(Violation("CH-2.3", msg("the support deck holds {copies} of {card}; the support deck takes "
                                           "only amalgama cards", copies=_copies(n), card=_describe(card)),
                             card.id))

    # CH-2.4 copies by name across all decks, lowered by the limited list.
    out.extend(_copy_violations(deck, limited, pool))
    return out


def _copy_violations(deck: Deck, limited: Mapping[str, int], pool: CardPool | None) -> list[Violation]:
    """CH-2.4, counted per name over the three decks, with a per-deck breakdown so the fix is obvious."""
    by_name: dict[str, dict[str, CardDef]] = {}  # name -> id -> card, first-seen order
    per_deck: dict[str, Counter[str]] = {}
    for part, cards in (("main", deck.main), ("soul", deck.souls), ("support", deck.support)):
        for c in cards:
            by_name.setdefault(c.name, {}).setdefault(c.id, c)
            per_deck.setdefault(c.name, Counter())[part] += 1
    limited_by_name: dict[str, list[str]] = {}  # name -> limited ids printed with it, via the pool
    for cid in limited:
        card = pool.get(cid) if pool is not None else None
        if card is not None:
            limited_by_name.setdefault(card.name, []).append(cid)
    out: list[Violation] = []
    for name, ids in by_name.items():
        total = sum(per_deck[name].values())
        limit, limiting_id = MAX_COPIES, None
        for cid in [*ids, *limited_by_name.get(name, [])]:
            if cid in limited and limited[cid] < limit:
                limit, limiting_id = limited[cid], cid
        if total <= limit:
            continue
        where = _joined([_PARTS[part](n) for part, n in per_deck[name].items()])
        id_list = "/".join(ids)
        if limiting_id is None:
            why = msg("at most {most} copies of a name are allowed", most=MAX_COPIES)
        elif limit == 1:
            why = msg("{id} is {limit} on the limited list, so at most 1 copy of the name is allowed",
                      id=limiting_id, limit=LIMIT_NAMES[limit])
        else:
            why = msg("{id} is {limit} on the limited list, so at most {copies} of the name are allowed",
                      id=limiting_id, limit=LIMIT_NAMES[limit], copies=_copies(limit))
        out.append(Violation("CH-2.4", msg("{copies} of the name {name} ({ids}) across the decks ({where}); {why}",
                                           copies=_copies(total), name=repr(name), ids=id_list, where=where,
                                           why=why), limiting_id or next(iter(ids))))
    return out
