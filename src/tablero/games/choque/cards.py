"""Card definitions (CH-1): the card format (a superset of the scenario spec's inline cards) and its checks.

A ``CardDef`` is immutable static data shared by every game that uses the card: game states hold
references to it, never copies, which keeps ``clone()`` cheap. Effects (abilities, apoyo effects, static
modifiers, amalgam materials) are compiled once at load time by ``effects/schema.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablero.core import BadInput, IllegalAction
from tablero.core.files import MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH, long_texts
from tablero.core.i18n import Msg, msg
from tablero.core.shown import shown

from .effects.schema import NO_EFFECTS, Effects, Problems, check_effects
from .terms import APOYO_SUBTYPES, KEYWORDS, PARAM_KEYWORDS, TYPES

_ID_RE = re.compile(r"^[a-z0-9_]+$")
_KNOWN_FIELDS = {
    "id", "name", "type", "value", "hearts", "strength", "resistance", "impact", "keywords", "subtype",
    "number", "set", "archetypes", "comic", "flavor", "text", "en", "materials", "abilities", "effect",
    "static", "equip", "placement", "scope",
}
_TEXT_FIELDS = ("number", "set", "comic", "flavor", "text")
MAX_CARD_NUMBER = 99
"""The most a printed number (value, hearts, strength, resistance, impact, Clarividencia X) may be. CH-1.3 sets
no maximum, the shipped cards stay under 20, and work follows the numbers: each heart is lost one at a time
(CH-9.7), Clarividencia looks at X cards, the evaluator turns stats into floats (10**400 overflows them)."""


@dataclass(frozen=True, slots=True, eq=False)
class CardDef:
    """Static data of one card (CH-1.1 … CH-1.8). Identity-compared: one object per card id."""

    id: str
    name: str
    type: str
    value: int = 0
    hearts: int = 0
    strength: int = 0
    resistance: int = 0
    impact: int = 1
    keywords: frozenset[str] = frozenset()
    params: Mapping[str, int] = field(default_factory=dict)  # e.g. {"clarividencia": 3}
    subtype: str | None = None
    raw: Mapping[str, Any] = field(default_factory=dict)
    fx: Effects = NO_EFFECTS
    archetypes: frozenset[str] = frozenset()
    number: str = ""
    set: str = ""
    from_hand_rapido: bool = False  # may answer a chain from the hand (Rito, a rápido apoyo)

    @property
    def text(self) -> str:
        return str(self.raw.get("text", ""))

    def display_name(self, lang: str = "es") -> str:
        """The card's name in ``lang`` (English from the optional ``en`` translation)."""
        if lang == "en":
            en = self.raw.get("en")
            if isinstance(en, dict) and isinstance(en.get("name"), str):
                return str(en["name"])
        return self.name

    @property
    def is_character(self) -> bool:
        return self.type in ("personaje", "amalgama")

    @property
    def is_god(self) -> bool:
        """CH-1.3: a character of value 9 or more is a Dios."""
        return self.is_character and self.value >= 9

    def home_deck(self) -> str:
        """Which deck the card lives in (CH-2, CH-5.3): ``main``, ``soul`` or ``support``."""
        if self.type == "alma":
            return "soul"
        if self.type == "amalgama":
            return "support"
        return "main"

    def to_json(self) -> dict[str, Any]:
        kws: list[Any] = []
        for k in KEYWORDS:
            if k in self.keywords:
                kws.append({k: self.params[k]} if k in self.params else k)
        out: dict[str, Any] = {"id": self.id, "name": self.name, "type": self.type}
        if self.type in ("personaje", "alma", "amalgama"):
            out["value"] = self.value
        if self.is_character:
            out.update(hearts=self.hearts, strength=self.strength, resistance=self.resistance,
                       impact=self.impact, keywords=kws)
        if self.subtype:
            out["subtype"] = self.subtype
        return out


def _int_field(raw: Mapping[str, Any], key: str, problems: list[tuple[str, str | Msg]], *, minimum: int,
               default: int | None = None) -> int:
    if key not in raw:
        if default is None:
            problems.append((key, msg("missing (an integer >= {minimum})", minimum=minimum)))
            return 0
        return default
    v = raw[key]
    if isinstance(v, bool) or not isinstance(v, int):
        problems.append((key, msg("must be an integer, got {v}", v=shown(v))))
        return 0
    if v < minimum:
        problems.append((key, msg("must be >= {minimum}, got {v}", minimum=minimum, v=v)))
    elif v > MAX_CARD_NUMBER:
        problems.append((key, msg("must be at most {maximum}, got {v}", maximum=MAX_CARD_NUMBER,
                                  v=shown(v))))
        return MAX_CARD_NUMBER
    return int(v)


def _parse_keywords(raw: Any, problems: list[tuple[str, str | Msg]]) -> tuple[frozenset[str], dict[str, int]]:
    if raw is None:
        return frozenset(), {}
    if not isinstance(raw, list):
        problems.append(("keywords", msg("must be a list, got {raw}", raw=shown(raw))))
        return frozenset(), {}
    kws: set[str] = set()
    params: dict[str, int] = {}
    for i, item in enumerate(raw):
        where = f"keywords[{i}]"
        if isinstance(item, str):
            name, param = item, None
        elif isinstance(item, dict) and len(item) == 1:
            ((name, param),) = item.items()
        else:
            problems.append((where, msg("{item} must be an id or a one-key map like {{clarividencia: 3}}",
                                        item=repr(item))))
            continue
        if name not in KEYWORDS:
            problems.append((where, msg("unknown keyword {name}; known: {items}",
                                        name=repr(name), items=', '.join(KEYWORDS))))
            continue
        if name in PARAM_KEYWORDS:
            if param is None:
                problems.append((where, msg("keyword {name} needs a number, e.g. {{{name2}: 3}}",
                                            name=repr(name), name2=name)))
                continue
            if isinstance(param, bool) or not isinstance(param, int) or param < 1:
                problems.append((where, msg("keyword {name} needs a positive integer, got {param}",
                                            name=repr(name), param=shown(param))))
                continue
            if param > MAX_CARD_NUMBER:
                problems.append((where, msg("must be at most {maximum}, got {v}",
                                            maximum=MAX_CARD_NUMBER, v=shown(param))))
                continue
            params[name] = param
        elif param is not None:
            problems.append((where, msg("keyword {name} takes no number", name=repr(name))))
            continue
        kws.add(name)
    return frozenset(kws), params


def validate_card(raw: Any) -> tuple[CardDef | None, list[tuple[str, str | Msg]]]:
    """Check one card and build it. Returns the card (None if unusable) and every (field, problem). Each group
    of fields has its check, whose problems come in this order: fields, name, numbers, subtype, texts, effects."""
    if not isinstance(raw, dict):
        return None, [("", f"a card must be a map of fields, got {shown(raw)}")]
    cid = raw.get("id")
    if not isinstance(cid, str) or not _ID_RE.match(cid):
        return None, [("id", f"must match [a-z0-9_]+, got {shown(cid)}")]
    if len(cid) > MAX_ID_LENGTH:
        return None, [("id", f"too long: {len(cid)} characters, at most {MAX_ID_LENGTH}")]
    problems = _unknown_fields(raw)
    name = raw.get("name", cid)
    if not isinstance(name, str) or not name:
        problems.append(("name", msg("must be a non-empty text")))
        name = cid
    elif len(name) > MAX_NAME_LENGTH:
        problems.append(("name", msg("too long: {length} characters, at most {limit}", length=len(name),
                                     limit=MAX_NAME_LENGTH)))
    ctype = raw.get("type")
    if ctype not in TYPES:
        return None, problems + [("type", f"must be one of {', '.join(TYPES)}, got {shown(ctype)}")]
    nums = _card_numbers(raw, ctype, problems)
    subtype = _subtype(raw, ctype, problems)
    archetypes = _check_texts(raw, problems)
    fx = check_effects(raw, ctype, subtype, problems)
    card = CardDef(id=cid, name=name, type=ctype, value=nums.value, hearts=nums.hearts, strength=nums.strength,
                   resistance=nums.resistance, impact=nums.impact, keywords=nums.keywords, params=nums.params,
                   subtype=subtype, raw=dict(raw), fx=fx, archetypes=frozenset(archetypes),
                   number=str(raw.get("number", "")), set=str(raw.get("set", "")),
                   from_hand_rapido="rito" in nums.keywords or subtype == "rapido")
    return card, problems


def _unknown_fields(raw: Mapping[Any, Any]) -> Problems:
    """A problem for each field a card does not have (a YAML boolean key among them)."""
    problems: Problems = []
    for k in raw:
        if k not in _KNOWN_FIELDS:
            hint = msg(" (YAML reads an unquoted on:/yes:/no: as a boolean)") if isinstance(k, bool) else ""
            problems.append((str(k), msg("unknown field{hint}", hint=hint)))
    return problems


@dataclass(frozen=True, slots=True)
class _CardNumbers:
    """A card's printed numbers and exclusive abilities (CH-1.3); a type without them keeps these defaults."""

    value: int = 0
    hearts: int = 0
    strength: int = 0
    resistance: int = 0
    impact: int = 1
    keywords: frozenset[str] = frozenset()
    params: dict[str, int] = field(default_factory=dict)


def _card_numbers(raw: Mapping[str, Any], ctype: str, problems: Problems) -> _CardNumbers:
    """The numbers ``ctype`` has (a value; a character's hearts, strength, resistance, impact and keywords),
    and a problem for each that it has not."""
    value = _int_field(raw, "value", problems, minimum=0) if ctype in ("personaje", "alma", "amalgama") else 0
    if ctype in ("personaje", "amalgama"):
        hearts = _int_field(raw, "hearts", problems, minimum=1)  # CH-1.3: hearts >= 1
        strength = _int_field(raw, "strength", problems, minimum=0)
        resistance = _int_field(raw, "resistance", problems, minimum=1)
        impact = _int_field(raw, "impact", problems, minimum=1, default=1)  # CH-1.3: default 1, at least 1
        kws, params = _parse_keywords(raw.get("keywords"), problems)
        return _CardNumbers(value, hearts, strength, resistance, impact, kws, params)
    for k in ("hearts", "strength", "resistance", "impact"):
        if k in raw:
            problems.append((k, msg("only characters have {k}", k=k)))
    if raw.get("keywords"):
        problems.append(("keywords", msg("only characters carry exclusive abilities")))
    return _CardNumbers(value)


def _subtype(raw: Mapping[str, Any], ctype: str, problems: Problems) -> str | None:
    """An apoyo's subtype (CH-1.5, ``normal`` by default and in place of one it does not have); None for the
    other types, which have none."""
    if ctype != "apoyo":
        if "subtype" in raw:
            problems.append(("subtype", msg("only apoyos have a subtype")))
        return None
    subtype = raw.get("subtype", "normal")
    if subtype not in APOYO_SUBTYPES:
        problems.append(("subtype", msg("must be one of {items}, got {subtype}",
                                        items=', '.join(APOYO_SUBTYPES), subtype=shown(subtype))))
        return "normal"  # a text, as the card's type says (the compiled build refuses any other value)
    return str(subtype)


def _check_texts(raw: Mapping[str, Any], problems: Problems) -> list[str]:
    """The fields of words (number, set, texts, the English translation ``en``); returns the archetypes, a list
    of tags (none when they are not)."""
    for k in _TEXT_FIELDS:
        if k in raw and not isinstance(raw[k], (str, int)):
            problems.append((k, msg("must be a text")))
    for where, length in long_texts(raw, MAX_TEXT_LENGTH):
        problems.append((where, msg("too long: {length} characters, at most {limit}", length=length,
                                    limit=MAX_TEXT_LENGTH)))
    archetypes = raw.get("archetypes", [])
    if not isinstance(archetypes, list) or not all(isinstance(a, str) for a in archetypes):
        problems.append(("archetypes", msg("must be a list of tags")))
        archetypes = []
    en = raw.get("en")
    if en is not None:
        if not isinstance(en, dict) or set(en) - {"name", "text", "flavor"}:
            problems.append(("en", msg("must be a map with name, text and/or flavor")))
    return archetypes


def card_from_dict(raw: Any, where: str = "card") -> CardDef:
    """Validate one card and build it; raises ``BadInput`` listing every problem at once."""
    card, problems = validate_card(raw)
    if problems or card is None:
        cid = raw.get("id") if isinstance(raw, dict) else None
        label = f"{where} {cid!r}" if isinstance(cid, str) else where
        raise BadInput("; ".join(f"{label}: {f + ': ' if f else ''}{m}" for f, m in problems))
    return card


class CardPool:
    """A set of card definitions by id. Layers: an inline pool can shadow a base pool (scenario files)."""

    def __init__(self, cards: Iterable[CardDef] = (), base: CardPool | None = None) -> None:
        self._cards: dict[str, CardDef] = dict(base._cards) if base else {}
        for c in cards:
            self._cards[c.id] = c

    @classmethod
    def from_dicts(cls, raws: Any, where: str = "cards", base: CardPool | None = None) -> CardPool:
        if raws is None:
            raws = []
        if not isinstance(raws, list):
            raise BadInput(f"{where}: must be a list of cards")
        seen: set[str] = set()
        cards = []
        problems = []
        for i, raw in enumerate(raws):
            try:
                c = card_from_dict(raw, f"{where}[{i}]")
            except BadInput as e:
                problems.append(str(e))
                continue
            if c.id in seen:
                problems.append(f"{where}[{i}]: duplicate card id {c.id!r}")
            seen.add(c.id)
            cards.append(c)
        if problems:
            raise BadInput("; ".join(problems))
        return cls(cards, base=base)

    def __getitem__(self, cid: str) -> CardDef:
        try:
            return self._cards[cid]
        except KeyError:
            raise BadInput(f"unknown card id {cid!r}") from None

    def get(self, cid: str) -> CardDef | None:
        return self._cards.get(cid)

    def __contains__(self, cid: object) -> bool:
        return cid in self._cards

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)


def distinct_ids(cards: Iterable[CardDef]) -> list[str]:
    """The ids of ``cards``, each once, in order (one legal action per distinct card)."""
    seen: dict[str, None] = {}
    for c in cards:
        seen.setdefault(c.id, None)
    return list(seen)


def find_card(cards: Iterable[CardDef], cid: str) -> CardDef:
    """The first card of ``cards`` with id ``cid`` (a legal action named it, so it is there)."""
    for c in cards:
        if c.id == cid:
            return c
    raise IllegalAction(None, msg("no card {card} there", card=repr(cid)))
