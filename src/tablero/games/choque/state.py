"""The whole state of a CHOQUE as one small object tree (CH-3 zones), copied completely by ``clone``.

Cards are ``CardDef`` references (static, shared); only the per-game parts are copied. Decks are lists
with the *top at the end* so a draw is ``pop()``; observations print them top first. A character on the
field is a ``Char`` with a ``uid`` that names this stay on the field (a card that leaves and comes back
is a new uid), which is how battles, equips and Portal follow a character across zones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablero.core import Rng
from tablero.core.loops import NONE, Positions

from .cards import CardDef
from .links import Link, Queued
from .options import DEFAULT_OPTIONS, Options
from .pending import Pending

NAMES = ("A", "B")  # the players, as actions and observations name them
OTHER = (1, 0)      # the other player's index

PLAYERS = ("A", "B")
CHAR_ZONES = ("C1", "C2", "C3", "C4")        # CH-3.1: sector A = C1 C2, sector B = C3 C4
SUPPORT_ZONES = ("Z1", "Z2", "Z3", "Z4", "Z5")  # CH-3.3
SECTOR_ZONES = ("SA", "SB")                  # CH-3.2
PHASES = ("start", "ofrenda", "soul_draw", "turn_draw", "action", "combat", "end")  # CH-5.1


_ON_FIELD_RAPIDO = frozenset({"aura", "portal"})  # CH-8 rápido abilities used from the field


def sector_of(zone: int) -> int:
    """Sector index (0 = A, 1 = B) of character zone index 0..3."""
    return zone >> 1


class Char:
    """A character on the field (CH-1.3) with its per-stay state."""

    __slots__ = ("card", "uid", "hearts", "dmg", "called", "attacked", "hit", "defended", "resting",
                 "zombified", "gained", "portal_turn", "elite_bonus", "elite_dmg0", "kw", "rapido", "mods",
                 "status", "mode", "counters")

    def __init__(self, card: CardDef, uid: int) -> None:
        self.card = card
        self.uid = uid
        self.hearts = card.hearts
        self.dmg = 0              # damage taken (CH-9.8); resistance = full resistance - damage
        self.called = False       # CH-6.3 summoning fatigue (called this turn)
        self.attacked = False     # declared battle this turn (CH-9.2)
        self.hit: tuple[Any, ...] = ()   # Barbarie: uids (or "hearts") already attacked this turn
        self.defended = False     # CH-9.3 defended this turn
        self.resting = False      # CH-9.4
        self.zombified = False    # CH-8.1
        self.gained: CardDef | None = None  # Mímica: the confined card whose abilities it gained
        self.portal_turn = 0      # turn in which Portal was last used (once per turn)
        self.elite_bonus = -1     # Élite: resistance added for the battle (-1: not doubled)
        self.elite_dmg0 = 0       # ... and the damage it had before the battle
        self.mods: tuple[tuple[str, int, str], ...] = ()  # (stat, amount, until) from effects
        self.status: frozenset[str] = frozenset()          # enfermar (CH-12)
        self.mode: str | None = None                        # card-defined modes (CH-12)
        self.counters = 0                                   # Mod counters (CH-12)
        self.kw: frozenset[str] = card.keywords  # the abilities that work now (see refresh)
        self.rapido = bool(card.keywords & _ON_FIELD_RAPIDO)  # may answer a chain from the field

    def refresh(self) -> None:
        """Recompute which abilities work: none when zombificado (CH-8.1), plus Mímica's gained ones."""
        if self.zombified:
            self.kw = frozenset()
        elif self.gained is not None:
            self.kw = self.card.keywords | self.gained.keywords
        else:
            self.kw = self.card.keywords
        self.rapido = bool(self.kw & _ON_FIELD_RAPIDO)

    def copy(self) -> Char:
        c = Char(self.card, self.uid)  # a plain constructor call: compiled builds have no bare __new__
        c.hearts = self.hearts
        c.dmg = self.dmg
        c.called = self.called
        c.attacked = self.attacked
        c.hit = self.hit
        c.defended = self.defended
        c.resting = self.resting
        c.zombified = self.zombified
        c.gained = self.gained
        c.portal_turn = self.portal_turn
        c.elite_bonus = self.elite_bonus
        c.elite_dmg0 = self.elite_dmg0
        c.mods = self.mods
        c.status = self.status
        c.mode = self.mode
        c.counters = self.counters
        c.kw = self.kw
        c.rapido = self.rapido
        return c

    # -- abilities (CH-8, CH-8.1) -------------------------------------------------------------
    def has(self, kw: str) -> bool:
        """Whether an exclusive ability works on this character now (zombificado: none work)."""
        return kw in self.kw

    def param(self, kw: str) -> int:
        p = self.card.params.get(kw)
        if p is None and self.gained is not None:
            p = self.gained.params.get(kw)
        return p or 0

    def mod(self, stat: str) -> int:
        """The sum of this character's own modifiers (from effects) to ``stat``."""
        return sum(a for st, a, _ in self.mods if st == stat) if self.mods else 0


@dataclass(frozen=True, slots=True)
class Equip:
    """An apoyo equipo in a support zone with the uids of the characters it equips (CH-1.5)."""

    card: CardDef
    equips: tuple[int, ...]

    # An equip is an apoyo of value 0 wherever support zones are scanned for souls (CH-6.1).
    type = "apoyo"
    value = 0


class Player:
    """One side of the table: zones, decks, hand, hearts and per-turn counters."""

    __slots__ = ("idx", "hearts", "hand", "main", "souls", "support", "chars", "zones", "sectors", "arena",
                 "mictlan", "confined", "isolated", "normal_calls", "souls_activated", "decked", "sector_owner",
                 "toxina_next", "toxina_now", "main_known", "soul_known", "hand_known")

    def __init__(self, idx: int, hearts: int) -> None:
        self.idx = idx
        self.hearts = hearts
        self.hand: list[CardDef] = []
        self.main: list[CardDef] = []      # top = end
        self.souls: list[CardDef] = []     # soul deck, top = end
        self.support: list[CardDef] = []   # support deck (amalgams)
        self.chars: list[Char | None] = [None, None, None, None]
        self.zones: list[CardDef | Equip | None] = [None, None, None, None, None]
        self.sectors: list[CardDef | None] = [None, None]
        self.sector_owner = [idx, idx]     # CH-1.6: a sector may sit in the opponent's sector zone
        self.arena: CardDef | None = None
        self.mictlan: list[CardDef] = []   # oldest first
        self.confined: list[CardDef] = []
        self.isolated: list[CardDef] = []
        self.normal_calls = 0
        self.souls_activated = 0
        self.decked = False                # CH-10.2: owed a draw from an empty main deck
        self.toxina_next = -1              # CH-8 Toxina: value barred during the next action phase
        self.toxina_now = -1               # ... and during the current one
        # Knowledge for views and resample (CH-11.2): per viewer index, how many cards at the top and at
        # the bottom of a deck that viewer knows (contiguous runs), and the cards of this hand the
        # opponent knows (e.g. a soul Rito returned from the field).
        self.main_known = [0, 0, 0, 0]     # [top seen by A, top seen by B, bottom seen by A, bottom seen by B]
        self.soul_known = [0, 0, 0, 0]
        self.hand_known: list[CardDef] = []

    def copy(self) -> Player:
        p = Player(self.idx, self.hearts)
        p.hand = self.hand[:]
        p.main = self.main[:]
        p.souls = self.souls[:]
        p.support = self.support[:]
        p.chars = [c.copy() if c is not None else None for c in self.chars]
        p.zones = self.zones[:]
        p.sectors = self.sectors[:]
        p.sector_owner = self.sector_owner[:]
        p.arena = self.arena
        p.mictlan = self.mictlan[:]
        p.confined = self.confined[:]
        p.isolated = self.isolated[:]
        p.normal_calls = self.normal_calls
        p.souls_activated = self.souls_activated
        p.decked = self.decked
        p.toxina_next = self.toxina_next
        p.toxina_now = self.toxina_now
        p.main_known = self.main_known[:]
        p.soul_known = self.soul_known[:]
        p.hand_known = self.hand_known[:]
        return p

    def forget(self, card: CardDef) -> None:
        """``card`` left the hand: the opponent no longer knows it is there (CH-11.2)."""
        if card in self.hand_known:
            self.hand_known.remove(card)

    def put(self, card: CardDef, to: str, public: bool) -> None:
        """Put one of this player's cards into ``to`` (hand, main_top, main_bottom, mictlan, confined,
        isolated). An amalgam bound for a hand or a deck goes to the support deck instead (CH-1.8).
        ``public``: both players saw the card go there, which views and resample keep (CH-11). Put there
        unseen (from the owner's hand), it is known to its owner only: the opponent's knowledge of that end
        of the deck stops, or the card would take the place of one they saw."""
        if card.type == "amalgama" and to in ("hand", "main_top", "main_bottom"):
            self.support.append(card)
        elif to == "hand":
            self.hand.append(card)
            if public:
                self.hand_known.append(card)
        elif to in ("main_top", "main_bottom"):
            if to == "main_top":
                self.main.append(card)
                mine, theirs = self.idx, 1 - self.idx  # main_known: [top A, top B, bottom A, bottom B]
            else:
                self.main.insert(0, card)
                mine, theirs = 2 + self.idx, 3 - self.idx
            self.main_known[mine] += 1
            self.main_known[theirs] = self.main_known[theirs] + 1 if public else 0
        else:
            getattr(self, to).append(card)

    # -- derived values ------------------------------------------------------------------------
    def soul_total(self) -> int:
        """CH-6.1: the sum of the values of the active souls (a ceiling, not a payment)."""
        t = 0
        for z in self.zones:
            if z is not None and z.type == "alma":
                t += z.value
        return t

    def active_souls(self) -> int:
        return sum(1 for z in self.zones if z is not None and type(z) is not Equip and z.type == "alma")

    def all_cards(self) -> list[CardDef]:
        """Every card this player owns, wherever it is (card conservation checks)."""
        out = self.hand + self.main + self.souls + self.support + self.mictlan + self.confined + self.isolated
        out += [c.card for c in self.chars if c is not None]
        for z in self.zones:
            if z is not None:
                out.append(z.card if isinstance(z, Equip) else z)
        out += [s for si, s in enumerate(self.sectors) if s is not None and self.sector_owner[si] == self.idx]
        if self.arena is not None:
            out.append(self.arena)
        return out


class Battle:
    """The battle in progress (CH-9.2 … CH-9.7)."""

    __slots__ = ("player", "attacker", "zones", "uids", "hearts", "sig", "defender", "clashed")

    def __init__(self, player: int, attacker: int, zones: tuple[int, ...], uids: tuple[int, ...],
                 hearts: bool, sig: int) -> None:
        self.player = player        # attacking player index
        self.attacker = attacker    # attacker uid
        self.zones = zones          # attacked zone indexes on the opponent's field
        self.uids = uids            # uids attacked at declaration
        self.hearts = hearts        # a direct attack (CH-9.10)
        self.sig = sig              # the field at declaration, for battle repetition (CH-9.5)
        self.defender = -1          # uid of a substituted defender (CH-9.3)
        self.clashed = False        # its "clash" triggers have fired

    def copy(self) -> Battle:
        b = Battle(self.player, self.attacker, self.zones, self.uids, self.hearts, self.sig)
        b.defender = self.defender
        b.clashed = self.clashed
        return b


# (player, id of the TargetSpec, source handle): the candidates a field target spec allows, seen from there
TargetKey = tuple[int, int, tuple[Any, ...]]
# (player, zone, uid, card id, mode, status, keywords, stat): a character's stay, completely (stats.static)
BonusKey = tuple[int, int, int, str, Any, Any, Any, str]


class FxCache:
    """Per player, the ability sources on the field and what is usable among them; until the field changes
    (``State.fx_changed``), shared by clones. Typed fields, not a dict of mixed keys (effects/sources.py)."""

    __slots__ = ("sources", "usable", "rapido")

    def __init__(self) -> None:
        self.sources: list[list[Any] | None] = [None, None]
        self.usable: list[list[Any] | None] = [None, None]
        self.rapido: list[bool | None] = [None, None]


class StaticCache:
    """The continuous modifiers on the field and the bonuses already summed for a character's stay
    (``stats.static``); until the field, a status or a mode changes, shared by clones."""

    __slots__ = ("modifiers", "lowers_res", "bonuses")

    def __init__(self) -> None:
        self.modifiers: list[Any] | None = None
        self.lowers_res: bool | None = None  # whether a modifier lowers resistance (CH-9.7 checks)
        self.bonuses: dict[BonusKey, int] = {}


class State:
    """Everything in one CHOQUE. ``pending`` is the decision waited on (``pending.Pending``) or None."""

    __slots__ = ("edition", "players", "turn", "first", "active", "phase", "winner", "pending", "stack",
                 "chain", "chain_prio", "chain_passes", "chain_mode", "triggers", "battle", "next_uid",
                 "field_moves", "statics", "used", "negated", "sba", "fx_cache",
                 "static_cache", "target_cache",
                 "rng", "log", "options", "arriving", "positions")

    def __init__(self, edition: str, rng: Rng, options: Options = DEFAULT_OPTIONS) -> None:
        self.edition = edition
        self.options = options  # engine options (house rules), immutable and shared by copies
        self.players: list[Player] = []
        self.turn = 1
        self.first = 0
        self.active = 0
        self.phase = "start"
        self.winner: str | None = None
        self.pending: Pending | None = None
        self.stack: list[tuple[Any, ...]] = []     # work still to do, last = next
        self.chain: list[Link] = []                # CH-7.4 links, last = resolves first (links.py)
        self.chain_prio = 0
        self.chain_passes = 0
        self.chain_mode = 0   # 0 no chain, 1 window open (players may add links), 2 resolving
        self.triggers: list[Queued] = []           # disparo abilities waiting for the next chain
        self.battle: Battle | None = None
        self.next_uid = 1
        self.field_moves = 0   # characters that entered or left the field so far (CH-9.5 "field changed")
        self.statics = -1      # cards with continuous modifiers on the field (-1: count again)
        self.used: tuple[str, ...] = ()      # once-per-turn abilities used this turn
        self.negated: tuple[int, ...] = ()   # chain positions negated (CH-12 negar)
        self.sba = False                     # numbers changed: check resistance at 0 (CH-9.7)
        self.fx_cache: FxCache | None = None  # ability sources on the field; see effects/runtime.py
        self.static_cache: StaticCache | None = None  # continuous modifiers and bonuses; see stats.py
        self.target_cache: dict[TargetKey, Any] | None = None  # what a target spec allows; runtime.py
        self.rng = rng
        self.log: list[dict[str, object]] = []
        # Continuous cards whose activation link has not resolved yet (CH-7.4): (zone's player, zone name).
        # They sit in their zone but do not work until then; a negated one goes to the Mictlán (CH-12).
        self.arriving: tuple[tuple[int, str], ...] = ()
        self.positions: Positions = NONE  # the loop ruling's count (core.loops, docs/rulings.md "Loops")

    def copy(self) -> State:
        s = State(self.edition, self.rng, self.options)
        s.players = [p.copy() for p in self.players]
        s.turn = self.turn
        s.first = self.first
        s.active = self.active
        s.phase = self.phase
        s.winner = self.winner
        s.pending = self.pending
        s.stack = self.stack[:]
        s.chain = self.chain[:]
        s.chain_prio = self.chain_prio
        s.chain_passes = self.chain_passes
        s.chain_mode = self.chain_mode
        s.triggers = self.triggers[:]
        s.battle = self.battle.copy() if self.battle is not None else None
        s.next_uid = self.next_uid
        s.field_moves = self.field_moves
        s.statics = self.statics
        s.used = self.used
        s.negated = self.negated
        s.arriving = self.arriving
        s.sba = self.sba
        # Derived caches are shared: whatever changes what they hold drops them on that side first.
        s.fx_cache = self.fx_cache
        s.static_cache = self.static_cache
        s.target_cache = self.target_cache
        s.rng = self.rng.copy()
        s.log = self.log[:]
        s.positions = self.positions  # never changed: replaced (core.loops)
        return s

    def new_uid(self) -> int:
        u = self.next_uid
        self.next_uid = u + 1
        return u

    def find(self, uid: int) -> tuple[int, int, Char] | None:
        """(player index, zone index, char) of the character with this uid, if it is on the field."""
        for p in self.players:
            chars = p.chars
            for zi in range(4):
                c = chars[zi]
                if c is not None and c.uid == uid:
                    return p.idx, zi, c
        return None

    def fx_changed(self) -> None:
        """A card with effects may have entered, left or moved: recount, recompute, re-check (CH-9.7)."""
        self.statics = -1
        self.sba = True
        self.fx_cache = None
        self.static_cache = None
        self.target_cache = None

    def field_changed(self, card: CardDef) -> None:
        """A card entered or left the field: cheap unless effects are involved. Bonuses are cached per
        character stay (uid) and zone, so only a card that carries modifiers invalidates them."""
        self.target_cache = None
        fx = card.fx
        if fx.active:
            self.statics = -1
            self.sba = True
            self.fx_cache = None
            if fx.static:
                self.static_cache = None
        elif self.statics != 0:
            self.sba = True  # continuous effects on the field may reach (or stop reaching) it

    def count_statics(self) -> int:
        """How many cards on the field have continuous modifiers or abilities: when none do (the common
        case in effect-free games), stats and ability scans are skipped."""
        n = 0
        for p in self.players:
            for card in (*p.sectors, p.arena):
                if card is not None and card.fx.active:
                    n += 1
            for z in p.zones:
                if z is not None and (z.card if isinstance(z, Equip) else z).fx.active:
                    n += 1
            for c in p.chars:
                if c is not None and (c.card.fx.active or (c.gained is not None and c.gained.fx.active)):
                    n += 1
        return n

    def cards_of(self, pi: int) -> list[CardDef]:
        """Every card player ``pi`` owns, wherever it is (card conservation)."""
        out = self.players[pi].all_cards()
        other = self.players[1 - pi]
        out += [c for si, c in enumerate(other.sectors) if c is not None and other.sector_owner[si] == pi]
        return out

    def field_sig(self) -> int:
        """Changes whenever a character enters or leaves the field (a Portal swap is neither)."""
        return self.field_moves

def _took_top(known: list[int], remaining: int) -> None:
    """Update per-viewer deck knowledge after the top card left a deck now holding ``remaining``."""
    if not (known[0] or known[1] or known[2] or known[3]):
        return
    for v in (0, 1):
        if known[v] > 0:
            known[v] -= 1
        if known[2 + v] > remaining:
            known[2 + v] = remaining
