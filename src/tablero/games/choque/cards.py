"""Card definitions (CH-1) and the loader for the scenario spec's inline card format.

A ``CardDef`` is immutable static data shared by every game that uses the card: game states hold
references to it, never copies, which keeps ``clone()`` cheap. The richer card-file format (effects)
arrives with the next issue as a superset of this one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablero.core import BadInput

TYPES = ("personaje", "alma", "apoyo", "sector", "arena", "amalgama")
APOYO_SUBTYPES = ("normal", "continuo", "equipo", "rapido")

# CH-8: the 22 exclusive abilities, by their ids in the scenario spec.
KEYWORDS = (
    "alerta", "atormentar", "aura", "barbarie", "brutalidad", "clarividencia", "comandar", "cosmo",
    "doble_batalla", "elite", "emboscada", "fortaleza", "guarda", "heroismo", "invulnerable", "mimica",
    "portal", "primer_dano", "rito", "tortura", "toxina", "zombificar",
)
PARAM_KEYWORDS = frozenset({"clarividencia"})  # keywords printed with a number X

# Spanish display names, for logs and the terminal.
KEYWORD_NAMES = {
    "alerta": "Alerta", "atormentar": "Atormentar", "aura": "Aura", "barbarie": "Barbarie",
    "brutalidad": "Brutalidad", "clarividencia": "Clarividencia", "comandar": "Comandar", "cosmo": "Cosmo",
    "doble_batalla": "Doble batalla", "elite": "Élite", "emboscada": "Emboscada", "fortaleza": "Fortaleza",
    "guarda": "Guarda", "heroismo": "Heroísmo", "invulnerable": "Invulnerable", "mimica": "Mímica",
    "portal": "Portal", "primer_dano": "Primer daño", "rito": "Rito", "tortura": "Tortura",
    "toxina": "Toxina", "zombificar": "Zombificar",
}

_ID_RE = re.compile(r"^[a-z0-9_]+$")
_KNOWN_FIELDS = {
    "id", "name", "type", "value", "hearts", "strength", "resistance", "impact", "keywords", "subtype",
    "number", "set", "archetypes", "comic", "flavor", "text", "en", "materials", "effects",
}


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


def _int_field(raw: Mapping[str, Any], key: str, where: str, problems: list[str], *, minimum: int,
               default: int | None = None) -> int:
    if key not in raw:
        if default is None:
            problems.append(f"{where}: missing field {key!r} (an integer >= {minimum})")
            return 0
        return default
    v = raw[key]
    if isinstance(v, bool) or not isinstance(v, int):
        problems.append(f"{where}: field {key!r} must be an integer, got {v!r}")
        return 0
    if v < minimum:
        problems.append(f"{where}: field {key!r} must be >= {minimum}, got {v}")
    return int(v)


def _parse_keywords(raw: Any, where: str, problems: list[str]) -> tuple[frozenset[str], dict[str, int]]:
    if raw is None:
        return frozenset(), {}
    if not isinstance(raw, list):
        problems.append(f"{where}: 'keywords' must be a list, got {raw!r}")
        return frozenset(), {}
    kws: set[str] = set()
    params: dict[str, int] = {}
    for item in raw:
        if isinstance(item, str):
            name, param = item, None
        elif isinstance(item, dict) and len(item) == 1:
            ((name, param),) = item.items()
        else:
            problems.append(f"{where}: keyword {item!r} must be an id or a one-key map like {{clarividencia: 3}}")
            continue
        if name not in KEYWORDS:
            problems.append(f"{where}: unknown keyword {name!r}; known: {', '.join(KEYWORDS)}")
            continue
        if name in PARAM_KEYWORDS:
            if param is None:
                problems.append(f"{where}: keyword {name!r} needs a number, e.g. {{{name}: 3}}")
                continue
            if isinstance(param, bool) or not isinstance(param, int) or param < 1:
                problems.append(f"{where}: keyword {name!r} needs a positive integer, got {param!r}")
                continue
            params[name] = param
        elif param is not None:
            problems.append(f"{where}: keyword {name!r} takes no number")
            continue
        kws.add(name)
    return frozenset(kws), params


def card_from_dict(raw: Any, where: str = "card") -> CardDef:
    """Validate one inline card and build it; raises ``BadInput`` listing every problem at once."""
    problems: list[str] = []
    if not isinstance(raw, dict):
        raise BadInput(f"{where}: a card must be a map of fields, got {raw!r}")
    cid = raw.get("id")
    if not isinstance(cid, str) or not _ID_RE.match(cid):
        raise BadInput(f"{where}: card 'id' must match [a-z0-9_]+, got {cid!r}")
    where = f"{where} {cid!r}"
    unknown = sorted(set(map(str, raw)) - _KNOWN_FIELDS)
    if unknown:
        problems.append(f"{where}: unknown field(s) {', '.join(unknown)}")
    name = raw.get("name", cid)
    if not isinstance(name, str) or not name:
        problems.append(f"{where}: 'name' must be a non-empty text")
        name = cid
    ctype = raw.get("type")
    if ctype not in TYPES:
        raise BadInput(f"{where}: 'type' must be one of {', '.join(TYPES)}, got {ctype!r}")
    value = hearts = strength = resistance = 0
    impact = 1
    subtype = None
    kws: frozenset[str] = frozenset()
    params: dict[str, int] = {}
    if ctype in ("personaje", "alma", "amalgama"):
        value = _int_field(raw, "value", where, problems, minimum=0)
    if ctype in ("personaje", "amalgama"):
        hearts = _int_field(raw, "hearts", where, problems, minimum=1)  # CH-1.3: hearts >= 1
        strength = _int_field(raw, "strength", where, problems, minimum=0)
        resistance = _int_field(raw, "resistance", where, problems, minimum=1)
        impact = _int_field(raw, "impact", where, problems, minimum=0, default=1)  # CH-1.3 default 1
        kws, params = _parse_keywords(raw.get("keywords"), where, problems)
    elif raw.get("keywords"):
        problems.append(f"{where}: only characters carry exclusive abilities (keywords)")
    if ctype == "apoyo":
        subtype = raw.get("subtype", "normal")
        if subtype not in APOYO_SUBTYPES:
            problems.append(f"{where}: apoyo 'subtype' must be one of {', '.join(APOYO_SUBTYPES)}, got {subtype!r}")
    elif "subtype" in raw:
        problems.append(f"{where}: only apoyos have a 'subtype'")
    if problems:
        raise BadInput("; ".join(problems))
    return CardDef(id=cid, name=name, type=ctype, value=value, hearts=hearts, strength=strength,
                   resistance=resistance, impact=impact, keywords=kws, params=params, subtype=subtype,
                   raw=dict(raw))


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
