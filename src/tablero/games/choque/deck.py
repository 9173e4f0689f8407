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
from tablero.core.shown import shown

from .cards import CardDef, CardPool
from .editions import Edition, get_edition

MAX_COPIES = 3  # CH-2.4
SOUL_DECK_SIZE = 15  # CH-2.2
SOUL_MINIMUMS = {1: 3, 2: 3, 3: 3}  # CH-2.2: at least three souls of each of these values
SUPPORT_DECK_MAX = 15  # CH-2.3
MAIN_TYPES = ("personaje", "apoyo", "sector", "arena")  # CH-2.1
LIMIT_NAMES = {0: "condenada", 1: "limitada", 2: "semilimitada"}  # CH-2.4

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
        card = pool.get(cid) if isinstance(cid, str) else None
        if card is None:
            problems.append(f"{part}: unknown card id {cid!r}")
            continue
        out.extend([card] * count)
    return out


@dataclass(frozen=True)
class Violation:
    """One broken deck rule (CH-2.6): the rule id, a message with the numbers, and the card if any."""

    rule: str
    message: str
    card: str | None = None

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


def _copies(n: int) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'}"


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
        out.append(Violation("CH-2.1", f"the main deck has {len(deck.main)} cards; exactly "
                                       f"{ed.main_deck_size} are required in edition {ed.name}"))
    for card, n in _wrong_type(deck.main, MAIN_TYPES):
        home = "soul deck" if card.type == "alma" else "support deck"
        out.append(Violation("CH-2.1", f"the main deck holds {_copies(n)} of {_describe(card)}; the main "
                                       f"deck takes only {', '.join(MAIN_TYPES)} cards ({card.type} cards "
                                       f"go in the {home})", card.id))

    # CH-2.2 soul deck: exactly 15 souls, at least three each of values 1, 2 and 3.
    if len(deck.souls) != SOUL_DECK_SIZE:
        out.append(Violation("CH-2.2", f"the soul deck has {len(deck.souls)} cards; exactly "
                                       f"{SOUL_DECK_SIZE} souls are required"))
    for card, n in _wrong_type(deck.souls, ("alma",)):
        out.append(Violation("CH-2.2", f"the soul deck holds {_copies(n)} of {_describe(card)}; the soul "
                                       "deck takes only alma cards", card.id))
    values = Counter(c.value for c in deck.souls if c.type == "alma")
    for value, minimum in SOUL_MINIMUMS.items():
        have = values[value]
        if have < minimum:
            out.append(Violation("CH-2.2", f"the soul deck has {have} {'soul' if have == 1 else 'souls'} of "
                                           f"value {value}; at least {minimum} are required"))

    # CH-2.3 support deck: 0 to 15 amalgams.
    if len(deck.support) > SUPPORT_DECK_MAX:
        out.append(Violation("CH-2.3", f"the support deck has {len(deck.support)} cards; at most "
                                       f"{SUPPORT_DECK_MAX} are allowed"))
    for card, n in _wrong_type(deck.support, ("amalgama",)):
        out.append(Violation("CH-2.3", f"the support deck holds {_copies(n)} of {_describe(card)}; the "
                                       "support deck takes only amalgama cards", card.id))

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
        where = ", ".join(f"{part} {n}" for part, n in per_deck[name].items())
        id_list = "/".join(ids)
        if limiting_id is None:
            why = f"at most {MAX_COPIES} copies of a name are allowed"
        else:
            why = (f"{limiting_id} is {LIMIT_NAMES[limit]} on the limited list, so at most "
                   f"{_copies(limit)} of the name {'is' if limit == 1 else 'are'} allowed")
        out.append(Violation("CH-2.4", f"{_copies(total)} of the name {name!r} ({id_list}) across the "
                                       f"decks ({where}); {why}", limiting_id or next(iter(ids))))
    return out
