"""Deuses' state (DE-4 zones, DE-6 turn, DE-11/12 counters): one small object tree that ``clone`` copies.

Cards are held by id; their definitions are one shared, read-only map. Seats are indices 0 (A) and 1 (B)
inside the engine and letters in every action, observation and log entry.
"""

from __future__ import annotations

from typing import Any

from tablero.core import Decision, Rng
from tablero.core.loops import NONE, Positions

from .cards import CardDef
from .options import Options

NAMES = ("A", "B")
SEAT = {"A": 0, "B": 1}
PHASES = ("setup", "start", "effect_draw", "main_draw", "put_down", "attack")  # DE-6.1, with the turn's start
THRESHOLDS = (3000, 2000, 1000)  # DE-11.1
START_LP = 4000  # DE-1.2
HAND_LIMIT = 5  # DE-7.5
PILES = ("hand", "main_deck", "additional_deck", "wotd", "excluded")


class Slot:
    """A card on the field: its id, when it arrived (DE-13.1) and whether it attacked this turn (DE-9.2).

    Once a game is under way a slot is never changed but replaced (an attack, the turn's end), so a copy of
    the state shares its slots: copying a field is copying a list."""

    __slots__ = ("attacked", "card", "ts")

    def __init__(self, card: str, ts: int, attacked: bool = False) -> None:
        self.card = card
        self.ts = ts
        self.attacked = attacked


class Player:
    """One player's zones and counters."""

    __slots__ = ("ace_this_turn", "ace_used", "additional", "attack_put_downs", "attacks_made", "credits",
                 "excluded", "field", "hand", "hand_at_turn_start", "known", "lp", "main", "offerings_this_turn",
                 "thresholds", "wotd")

    def __init__(self) -> None:
        self.lp = START_LP
        self.hand: list[str] = []
        self.main: list[str] = []  # top first
        self.additional: list[str] = []
        self.field: list[Slot | None] = []  # F1 is index 0
        self.wotd: list[str] = []
        self.excluded: list[str] = []
        self.credits = 0
        self.thresholds: list[int] = []
        self.ace_used = False
        self.ace_this_turn = False
        self.offerings_this_turn = 0
        self.attack_put_downs = 0
        self.attacks_made = 0
        self.hand_at_turn_start = 0
        self.known: list[str] = []  # cards of this hand the opponent was shown (DE-7.7, DE-11.2, DE-12.4)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.lp = self.lp
        p.hand = self.hand[:]
        p.main = self.main[:]
        p.additional = self.additional[:]
        p.field = self.field[:]  # slots are replaced, never changed
        p.wotd = self.wotd[:]
        p.excluded = self.excluded[:]
        p.credits = self.credits
        p.thresholds = self.thresholds[:]
        p.ace_used = self.ace_used
        p.ace_this_turn = self.ace_this_turn
        p.offerings_this_turn = self.offerings_this_turn
        p.attack_put_downs = self.attack_put_downs
        p.attacks_made = self.attacks_made
        p.hand_at_turn_start = self.hand_at_turn_start
        p.known = self.known[:]
        return p

    def slots(self) -> list[tuple[int, Slot]]:
        return [(i, s) for i, s in enumerate(self.field) if s is not None]

    def take_from_hand(self, card: str) -> None:
        self.hand.remove(card)
        if card in self.known:
            self.known.remove(card)


class State:
    """The whole game: both players, the turn, the pending decision, the seeded source and the log."""

    __slots__ = ("active", "cards", "choosing", "clock", "decks", "digging", "drawn", "first", "listing", "log",
                 "lp_moved", "options", "pending", "phase", "players", "positions", "quiet_turns", "rng", "turn",
                 "winner", "work")

    def __init__(self, cards: dict[str, CardDef], options: Options, rng: Rng) -> None:
        self.cards = cards
        self.options = options
        self.rng = rng
        self.players = [Player(), Player()]
        self.turn = 0
        self.first = 0
        self.active = 0
        self.phase = "setup"
        self.quiet_turns = 0
        self.lp_moved = False  # a player's LP changed this turn (DE-14.4)
        self.winner: str | None = None
        self.pending: Decision | None = None
        self.clock = 0  # the last timestamp given (DE-13.1)
        self.digging = False  # a dig for attackers is under way (DE-7.4)
        self.decks: list[Any] = [None, None]  # setup: each player's chosen deck, until the game begins
        self.log: list[dict[str, Any]] = []
        # an effect under way drew a card (scenarios-deuses.md, "Choices after a hidden draw"): its later
        # choosing steps are asked one by one as they are reached, not named in the action's targets
        self.drawn = False
        # the rest of an effect stopped at such a step (``resolution.Work``), and the step (a ``Choice``)
        self.work: list[Any] = []
        self.choosing: Any = None
        self.positions: Positions = NONE  # the loop ruling's count (core.loops, docs/rulings.md "Loops")
        # a copy an action is tried on to list its targets, then thrown away (``actions._probe``)
        self.listing = False

    def copy(self, log: bool = True) -> State:
        """An independent copy (``log=False``: with an empty log, for a trial whose log is thrown away)."""
        s = State.__new__(State)
        s.cards = self.cards
        s.options = self.options
        s.rng = self.rng.copy()
        s.players = [self.players[0].copy(), self.players[1].copy()]
        s.turn = self.turn
        s.first = self.first
        s.active = self.active
        s.phase = self.phase
        s.quiet_turns = self.quiet_turns
        s.lp_moved = self.lp_moved
        s.winner = self.winner
        s.pending = self.pending
        s.clock = self.clock
        s.digging = self.digging
        s.decks = self.decks[:]
        s.log = self.log[:] if log else []
        s.drawn = self.drawn
        s.work = self.work[:]  # its tasks are tuples, never changed
        s.choosing = self.choosing
        s.positions = self.positions  # never changed: replaced (core.loops)
        s.listing = self.listing
        return s

    def shuffle_main(self, p: int) -> None:
        """Shuffles ``p``'s main deck, but on a copy that lists an action's targets: no choice depends on the
        main deck's order (its cards are offered by id, DE-4.1; what is drawn is never chosen, DE-7.7)."""
        if not self.listing:
            self.rng.shuffle(self.players[p].main)

    def stamp(self) -> int:
        self.clock += 1
        return self.clock

    def first_turn(self) -> bool:
        """DE-7.1: the active player's first turn (turn 1 for the first player, turn 2 for the other)."""
        return self.turn <= 2

    def field_size(self) -> int:
        return self.options.field_size

    def free_slot(self, p: int) -> int | None:
        """The lowest free slot of ``p``'s field (scenarios-deuses.md, "Field slots"), None when full."""
        field = self.players[p].field
        for i, s in enumerate(field):
            if s is None:
                return i
        size = self.options.field_size
        return len(field) if not size or len(field) < size else None
