"""Build a game from a scenario file's ``state`` (``docs/scenarios.md``, "State").

Every problem is a ``BadInput`` naming the key path (``state.players.A.characters.C5``), never a crash.
"""

from __future__ import annotations

from typing import Any

from tablero.core import BadInput, Rng
from tablero.core.files import MAX_SCENARIO_NUMBER, MAX_ZONE_CARDS
from tablero.core.shown import shown

from .cards import MAX_CARD_NUMBER, CardDef, CardPool
from .editions import get_edition
from .game import ChoqueGame
from .options import parse_options
from .state import CHAR_ZONES, PHASES, SUPPORT_ZONES, Char, Equip, Player, State

_PLAYER_KEYS = {"hearts", "hand", "main_deck", "soul_deck", "support_deck", "characters", "supports", "sectors",
                "arena", "mictlan", "confined", "isolated", "normal_calls_used", "souls_activated"}
_CHAR_KEYS = {"card", "hearts", "resistance", "resting", "called_this_turn", "attacked", "defended", "zombified"}


def game_from_scenario(doc: dict[str, Any], base: CardPool | None = None) -> ChoqueGame:
    """Build the position of a scenario file. Cards named in it come from its inline ``cards`` first,
    then from ``base`` (the shipped cards by default): an inline id shadows a shipped one (scenario spec)."""
    if base is None:
        from .cardfile import shipped_pool

        base = shipped_pool()
    pool = CardPool.from_dicts(doc.get("cards"), "cards", base=base)
    edition = get_edition(doc.get("edition"))
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadInput(f"seed: must be an integer, got {shown(seed)}")
    st = doc.get("state") or {}
    if not isinstance(st, dict):
        raise BadInput("state: must be a map")
    unknown = set(st) - {"turn", "first", "active", "phase", "players"}
    if unknown:
        raise BadInput(f"state: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    s = State(edition.name, Rng(seed), parse_options(doc.get("options")))
    turn = _int(st.get("turn", 3), "state.turn", 1)
    first = st.get("first", "A")
    if first not in ("A", "B"):
        raise BadInput(f"state.first: must be A or B, got {shown(first)}")
    fi = 0 if first == "A" else 1
    active_default = fi if turn % 2 == 1 else 1 - fi
    active = st.get("active")
    if active is None:
        ai = active_default
    elif active not in ("A", "B"):
        raise BadInput(f"state.active: must be A or B, got {shown(active)}")
    else:
        ai = 0 if active == "A" else 1
        if ai != active_default:
            raise BadInput(f"state.active: {active} contradicts turn {turn} with first player {first} "
                           f"(odd turns belong to the first player)")
    phase = st.get("phase", "action")
    if phase not in PHASES:
        raise BadInput(f"state.phase: must be one of {', '.join(PHASES)}, got {shown(phase)}")
    s.turn, s.first, s.active, s.phase = turn, fi, ai, phase
    players = st.get("players") or {}
    if not isinstance(players, dict) or set(players) - {"A", "B"}:
        raise BadInput("state.players: must be a map with keys A and/or B")
    resistance: dict[int, int] = {}
    for pi, name in enumerate(("A", "B")):
        s.players.append(_player(s, pool, pi, players.get(name) or {}, f"state.players.{name}",
                                 edition.starting_hearts, resistance))
    return ChoqueGame.from_state(s, phase, resistance)


def _card(pool: CardPool, cid: Any, where: str, types: tuple[str, ...] | None = None) -> CardDef:
    if not isinstance(cid, str):
        raise BadInput(f"{where}: expected a card id, got {shown(cid)}")
    c = pool.get(cid)
    if c is None:
        raise BadInput(f"{where}: unknown card id {cid!r}")
    if types and c.type not in types:
        raise BadInput(f"{where}: {cid!r} is a {c.type}; this zone holds {' or '.join(types)}")
    return c


def _cards(pool: CardPool, raw: Any, where: str, types: tuple[str, ...] | None = None) -> list[CardDef]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise BadInput(f"{where}: expected a list of card ids, got {shown(raw)}")
    if len(raw) > MAX_ZONE_CARDS:
        raise BadInput(f"{where}: {len(raw)} cards, at most {MAX_ZONE_CARDS}")
    return [_card(pool, cid, f"{where}[{i}]", types) for i, cid in enumerate(raw)]


def _int(raw: Any, where: str, minimum: int, maximum: int = MAX_SCENARIO_NUMBER) -> int:
    """A count of the state, from ``minimum`` to ``maximum`` (``MAX_SCENARIO_NUMBER`` unless it is a card's)."""
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < minimum:
        raise BadInput(f"{where}: expected an integer >= {minimum}, got {shown(raw)}")
    if raw > maximum:
        raise BadInput(f"{where}: must be at most {maximum}, got {shown(raw)}")
    return int(raw)


def _bool(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise BadInput(f"{where}: expected true or false, got {shown(raw)}")
    return raw


def _player(s: State, pool: CardPool, pi: int, raw: Any, where: str, hearts: int,
            resistance: dict[int, int]) -> Player:
    """One player of the scenario: their piles and counters, then their characters (which take the state's next
    uids in the order written), supports, sectors and arena. ``resistance`` gets the resistance a character is
    given, by uid (``ChoqueGame.from_state`` applies it)."""
    if not isinstance(raw, dict):
        raise BadInput(f"{where}: must be a map")
    unknown = set(raw) - _PLAYER_KEYS
    if unknown:
        raise BadInput(f"{where}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    p = Player(pi, _int(raw.get("hearts", hearts), f"{where}.hearts", 0))
    p.hand = _cards(pool, raw.get("hand"), f"{where}.hand")
    p.main = list(reversed(_cards(pool, raw.get("main_deck"), f"{where}.main_deck")))
    p.souls = list(reversed(_cards(pool, raw.get("soul_deck"), f"{where}.soul_deck", ("alma",))))
    p.support = _cards(pool, raw.get("support_deck"), f"{where}.support_deck", ("amalgama",))
    p.mictlan = _cards(pool, raw.get("mictlan"), f"{where}.mictlan")
    p.confined = _cards(pool, raw.get("confined"), f"{where}.confined")
    p.isolated = _cards(pool, raw.get("isolated"), f"{where}.isolated")
    p.normal_calls = _int(raw.get("normal_calls_used", 0), f"{where}.normal_calls_used", 0)
    p.souls_activated = _int(raw.get("souls_activated", 0), f"{where}.souls_activated", 0)
    _characters(s, pool, p, raw.get("characters") or {}, where, resistance)
    _supports(pool, p, raw.get("supports") or {}, where)
    _sectors(pool, p, raw.get("sectors") or {}, where)
    if raw.get("arena") is not None:
        p.arena = _card(pool, raw["arena"], f"{where}.arena", ("arena",))
    return p


def _characters(s: State, pool: CardPool, p: Player, chars: Any, where: str, resistance: dict[int, int]) -> None:
    """A player's ``characters``: a map of zones C1..C4, each a card id or a map of the character's state."""
    if not isinstance(chars, dict):
        raise BadInput(f"{where}.characters: must be a map of zones C1..C4")
    for zone, val in chars.items():
        w = f"{where}.characters.{zone}"
        if zone not in CHAR_ZONES:
            raise BadInput(f"{w}: unknown character zone (zones are C1 C2 in sector A, C3 C4 in sector B)")
        if val is not None:
            p.chars[CHAR_ZONES.index(zone)] = _character(s, pool, val if isinstance(val, dict) else {"card": val},
                                                          w, resistance)


def _character(s: State, pool: CardPool, obj: dict[Any, Any], w: str, resistance: dict[int, int]) -> Char:
    """One character, with the next uid of the state: its card, hearts, resistance left and flags."""
    bad = set(obj) - _CHAR_KEYS
    if bad:
        raise BadInput(f"{w}: unknown key(s) {', '.join(sorted(map(str, bad)))}")
    card = _card(pool, obj.get("card"), f"{w}.card", ("personaje", "amalgama"))
    c = Char(card, s.new_uid())
    if "hearts" in obj:
        c.hearts = _int(obj["hearts"], f"{w}.hearts", 1, MAX_CARD_NUMBER)  # lost one at a time (CH-9.7)
    if "resistance" in obj:
        resistance[c.uid] = _int(obj["resistance"], f"{w}.resistance", 1, MAX_CARD_NUMBER)
    c.resting = _bool(obj.get("resting", False), f"{w}.resting")
    c.called = _bool(obj.get("called_this_turn", False), f"{w}.called_this_turn")
    c.attacked = _bool(obj.get("attacked", False), f"{w}.attacked")
    c.defended = _bool(obj.get("defended", False), f"{w}.defended")
    c.zombified = _bool(obj.get("zombified", False), f"{w}.zombified")
    c.refresh()
    return c


def _supports(pool: CardPool, p: Player, sups: Any, where: str) -> None:
    """A player's ``supports``: a map of zones Z1..Z5, each a card id or ``{card, equips}``. Read after the
    characters, which an equipo names by zone."""
    if not isinstance(sups, dict):
        raise BadInput(f"{where}.supports: must be a map of zones Z1..Z5")
    for zone, val in sups.items():
        w = f"{where}.supports.{zone}"
        if zone not in SUPPORT_ZONES:
            raise BadInput(f"{w}: unknown support zone (zones are Z1..Z5)")
        if val is not None:
            p.zones[SUPPORT_ZONES.index(zone)] = _support(pool, p, val, w)


def _support(pool: CardPool, p: Player, val: Any, w: str) -> CardDef | Equip:
    """One support zone's card: an alma or an apoyo, and an apoyo equipo with the characters it ``equips``."""
    if not isinstance(val, dict):
        return _card(pool, val, w, ("alma", "apoyo"))
    bad = set(val) - {"card", "equips"}
    if bad:
        raise BadInput(f"{w}: unknown key(s) {', '.join(sorted(map(str, bad)))}")
    card = _card(pool, val.get("card"), f"{w}.card", ("alma", "apoyo"))
    equips = val.get("equips")
    if equips is None:
        return card
    if card.subtype != "equipo":
        raise BadInput(f"{w}: only an apoyo equipo equips characters")
    if not isinstance(equips, list):
        raise BadInput(f"{w}.equips: must be a list of character zones")
    uids = []
    for ref in equips:
        zi = CHAR_ZONES.index(ref) if ref in CHAR_ZONES else -1
        ch = p.chars[zi] if zi >= 0 else None
        if ch is None:
            raise BadInput(f"{w}.equips: no character of this player in {ref!r}")
        uids.append(ch.uid)
    return Equip(card, tuple(uids))


def _sectors(pool: CardPool, p: Player, secs: Any, where: str) -> None:
    """A player's ``sectors``: a map of SA and SB to a sector card."""
    if not isinstance(secs, dict):
        raise BadInput(f"{where}.sectors: must be a map of zones SA, SB")
    for zone, val in secs.items():
        if zone not in ("SA", "SB"):
            raise BadInput(f"{where}.sectors.{zone}: unknown sector zone (SA or SB)")
        if val is not None:
            p.sectors[0 if zone == "SA" else 1] = _card(pool, val, f"{where}.sectors.{zone}", ("sector",))
