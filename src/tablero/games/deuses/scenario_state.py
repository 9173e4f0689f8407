"""A scenario file's position (scenarios-deuses.md, "State") as a game: the rules judge's entry point.

Everything the file says is checked and named when it is wrong (an unknown card, zone, key or a value of
the wrong kind), and the position is placed at the beginning of its phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablero.core import BadInput, Rng
from tablero.core.files import MAX_SCENARIO_NUMBER, MAX_ZONE_CARDS

from .cardfile import shipped_cards
from .cards import CardDef, card_from_dict
from .damage import tier
from .deck import deck_of_cards, shipped_decks
from .game import DeusesGame
from .options import parse_options
from .state import NAMES, PHASES, SEAT, THRESHOLDS, Player, Slot, State
from .turn import advance

_STATE_KEYS = {"turn", "first", "active", "phase", "quiet_turns", "players"}
_PLAYER_KEYS = {"lp", "hand", "main_deck", "additional_deck", "field", "wotd", "excluded", "credits", "thresholds",
                "ace_used", "ace_this_turn", "offerings_this_turn", "attack_put_downs", "attacks_made",
                "hand_at_turn_start", "deck"}
_SLOT_KEYS = {"card", "timestamp", "attacked"}
MAX_SLOTS = 100
"""The highest slot a scenario may name (F100): the most ``deuses.field_size`` allows. The field is built that
long, so F1000000000 would be a list of a billion slots, in every view."""


def game_from_scenario(doc: Mapping[str, Any], where: Any = None) -> DeusesGame:
    edition = doc.get("edition", "deuses-basic")
    if edition != "deuses-basic":
        raise BadInput(f"edition: deuses has one edition, deuses-basic; got {edition!r}")
    cards = _cards(doc.get("cards"))
    options = parse_options(doc.get("options"))
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadInput(f"seed: must be a whole number, got {seed!r}")
    state = doc.get("state") or {}
    if not isinstance(state, Mapping):
        raise BadInput("state: must be a map")
    _unknown(state, _STATE_KEYS, "state")
    s = State(cards, options, Rng(seed))
    phase = state.get("phase", "put_down")
    if phase not in PHASES:
        raise BadInput(f"state.phase: must be one of {', '.join(PHASES)}, got {phase!r}")
    players = state.get("players") or {}
    if not isinstance(players, Mapping):
        raise BadInput("state.players: must be a map A/B -> player")
    _unknown(players, set(NAMES), "state.players")
    if phase == "setup":
        _setup(s, state, players, cards)
    else:
        _position(s, state, players, phase)
    advance(s)
    return DeusesGame(s, list(shipped_decks(cards)))


def _cards(raw: Any) -> dict[str, CardDef]:
    cards = dict(shipped_cards())
    if raw is None:
        return cards
    if not isinstance(raw, list):
        raise BadInput("cards: must be a list of card definitions")
    for n, entry in enumerate(raw):
        problems: list[Any] = []
        card = card_from_dict(entry, problems)
        if card is None:
            cid = entry.get("id") if isinstance(entry, Mapping) else None
            raise BadInput(f"cards[{n}] {cid or ''}: " + "; ".join(map(str, problems)))
        cards[card.id] = card  # an inline card shadows a shipped one
    return cards


def _unknown(doc: Mapping[str, Any], known: set[str], where: str) -> None:
    extra = sorted(set(map(str, doc)) - known)
    if extra:
        raise BadInput(f"{where}: unknown key(s) {', '.join(extra)}; known: {', '.join(sorted(known))}")


def _seat(raw: Any, where: str) -> int:
    if raw not in SEAT:
        raise BadInput(f"{where}: must be A or B, got {raw!r}")
    return SEAT[raw]


def _setup(s: State, state: Mapping[str, Any], players: Mapping[str, Any], cards: dict[str, CardDef]) -> None:
    """``setup``: only ``first`` and each player's ``deck`` are read (a deck not given is asked)."""
    s.first = _seat(state["first"], "state.first") if "first" in state else -1
    for who, raw in players.items():
        if not isinstance(raw, Mapping):
            raise BadInput(f"state.players.{who}: must be a map")
        _unknown(raw, _PLAYER_KEYS, f"state.players.{who}")
        if "deck" in raw:
            s.decks[SEAT[who]] = deck_of_cards(cards, raw["deck"]).cards()
    s.phase = "setup"  # first -1: drawn when the game begins (DE-5.4)


def _position(s: State, state: Mapping[str, Any], players: Mapping[str, Any], phase: str) -> None:
    turn = _whole(state.get("turn", 3), "state.turn", 1)
    s.first = _seat(state.get("first", "A"), "state.first")
    expected = s.first if turn % 2 == 1 else 1 - s.first
    s.active = _seat(state["active"], "state.active") if "active" in state else expected
    if s.active != expected:
        raise BadInput(f"state.active: {NAMES[s.active]} contradicts turn {turn} with first {NAMES[s.first]}")
    s.turn = turn
    s.phase = phase
    s.quiet_turns = _whole(state.get("quiet_turns", 0), "state.quiet_turns", 0)
    stamps: list[tuple[int, int, Slot]] = []  # (order, given timestamp, slot)
    for who in NAMES:
        raw = players.get(who) or {}
        if not isinstance(raw, Mapping):
            raise BadInput(f"state.players.{who}: must be a map")
        _unknown(raw, _PLAYER_KEYS - {"deck"}, f"state.players.{who}")
        s.players[SEAT[who]] = _player(s, raw, f"state.players.{who}", phase, stamps)
    # untimed cards are older than every timed one, in slot order (the contract's rule)
    untimed = [slot for _, ts, slot in stamps if ts < 0]
    for n, slot in enumerate(untimed):
        slot.ts = n + 1
    timed = sorted((ts, n, slot) for n, (_, ts, slot) in enumerate(stamps) if ts >= 0)
    for ts, _, slot in timed:
        slot.ts = len(untimed) + ts + 1
    s.clock = max([sl.ts for _, _, sl in stamps], default=0)


def _player(s: State, raw: Mapping[str, Any], where: str, phase: str,
            stamps: list[tuple[int, int, Slot]]) -> Player:
    pl = Player()
    pl.lp = _whole(raw.get("lp", 4000), f"{where}.lp", 0)
    for key, attr in (("hand", "hand"), ("main_deck", "main"), ("additional_deck", "additional"),
                      ("wotd", "wotd"), ("excluded", "excluded")):
        setattr(pl, attr, _ids(s, raw.get(key), f"{where}.{key}"))
    pl.field = _field(s, raw.get("field"), f"{where}.field", stamps)
    pl.credits = _whole(raw.get("credits", 0), f"{where}.credits", 0)
    if "thresholds" in raw:
        got = raw["thresholds"]
        if not isinstance(got, list) or any(t not in THRESHOLDS for t in got):
            raise BadInput(f"{where}.thresholds: must be a list of 3000, 2000, 1000")
        pl.thresholds = sorted(set(got), reverse=True)
    else:
        pl.thresholds = [t for t in THRESHOLDS if pl.lp <= t]
    for key in ("ace_used", "ace_this_turn"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise BadInput(f"{where}.{key}: must be true or false")
        setattr(pl, key, value)
    for key in ("offerings_this_turn", "attack_put_downs", "attacks_made"):
        setattr(pl, key, _whole(raw.get(key, 0), f"{where}.{key}", 0))
    pl.hand_at_turn_start = _whole(raw.get("hand_at_turn_start", len(pl.hand)), f"{where}.hand_at_turn_start", 0)
    assert tier(pl.lp) >= 0
    return pl


def _field(s: State, raw: Any, where: str, stamps: list[tuple[int, int, Slot]]) -> list[Slot | None]:
    if raw is None:
        return []
    if not isinstance(raw, Mapping):
        raise BadInput(f"{where}: must be a map of slots F1, F2, ... -> card")
    field: list[Slot | None] = []
    size = s.options.field_size
    for key, value in raw.items():
        k = str(key)
        digits = k[1:].lstrip("0")
        shown_k = k if len(k) <= 12 else k[:12] + "..."
        if not (k.startswith("F") and k[1:].isascii() and k[1:].isdigit() and digits):
            raise BadInput(f"{where}: unknown slot {shown_k!r}; slots are F1, F2, ...")
        if len(digits) > len(str(MAX_SLOTS)) or int(digits) > MAX_SLOTS:  # never int() of 5000 digits
            raise BadInput(f"{where}: slot {shown_k} is beyond F{MAX_SLOTS}, the highest")
        i = int(k[1:]) - 1
        if size and i >= size:
            raise BadInput(f"{where}: {k} is beyond deuses.field_size {size}")
        obj = value if isinstance(value, Mapping) else {"card": value}
        _unknown(obj, _SLOT_KEYS, f"{where}.{k}")
        card = _ids(s, [obj.get("card")], f"{where}.{k}")[0]
        if not s.cards[card].stays:
            raise BadInput(f"{where}.{k}: {card} is a {s.cards[card].type} card, which takes no slot")
        attacked = obj.get("attacked", False)
        if not isinstance(attacked, bool):
            raise BadInput(f"{where}.{k}.attacked: must be true or false")
        ts = _whole(obj["timestamp"], f"{where}.{k}.timestamp", 0) if "timestamp" in obj else -1
        while len(field) <= i:
            field.append(None)
        slot = Slot(card, 0, attacked)
        field[i] = slot
        stamps.append((len(stamps), ts, slot))
    return field


def _ids(s: State, raw: Any, where: str) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise BadInput(f"{where}: must be a list of card ids")
    if len(raw) > MAX_ZONE_CARDS:
        raise BadInput(f"{where}: {len(raw)} cards, at most {MAX_ZONE_CARDS}")
    for cid in raw:
        if not isinstance(cid, str) or cid not in s.cards:
            raise BadInput(f"{where}: unknown card {str(cid)[:80]!r}")
    return list(raw)


def _whole(value: Any, where: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise BadInput(f"{where}: must be a whole number >= {low}, got {str(value)[:80]}")
    if value > MAX_SCENARIO_NUMBER:
        raise BadInput(f"{where}: must be at most {MAX_SCENARIO_NUMBER}, got "
                       f"{value if value < 10**20 else 'more than 10**20'}")
    return int(value)
