"""Deuses' cards (DE-2): the four types, their printed numbers and their effects as data.

A card is a ``CardDef``; its one-shot effect is a tuple of ``Step`` (done in order, scenarios-deuses.md
"One-shot steps") and its lasting effect a ``Lasting`` (DE-8.3, DE-13). Cards are checked when they are
read, every problem at once, so that a designer fixes a file in one pass.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tablero.core.files import MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH, long_texts
from tablero.core.i18n import Msg, msg

TYPES = ("attack", "magic", "invocation", "god")  # DE-2.1
BATTLE_TYPES = frozenset({"attack", "god"})  # DE-1.5
_ID = re.compile(r"^[a-z0-9_]+$")
# what each type may carry beyond id, name, type, text and the descriptive fields
_FIELDS = {"attack": {"level", "attack", "defense", "effect", "lasting"},
           "god": {"level", "attack", "defense", "effect"},
           "magic": {"effect", "lasting"},
           "invocation": {"offerings", "effect"}}
_COMMON = {"id", "name", "type", "text", "flavor", "number", "set", "en", "es", "pt"}
# step -> the arguments it takes (scenarios-deuses.md, "One-shot steps")
STEPS: dict[str, tuple[Any, ...]] = {
    "draw": (int,), "destroy": ("battle", "any"), "return_hand": ("battle",), "return_deck": ("battle",),
    "exclude": ("field", "wotd"), "summon_god": (1,), "put_attack": ("hand", "main_deck"),
    "revive": ("hand", "field"),
}
CHOOSING = frozenset(STEPS) - {"draw"}
LASTING = {"set_attack": int, "set_defense": int, "destroy_magic_on_arrival": bool}
MAX_LEVEL = 99
"""The most a level may be (DE-2.1 sets none; the shipped run 2-10): a destroyed card costs level x 100 LP."""
MAX_POINTS = 99_999
"""The most Attack or Defense points, printed or set by a lasting effect (shipped: at most 3800): the evaluator
turns them into floats, which 10**400 overflows."""
MAX_DRAW = 40
"""The most cards one ``draw`` step may draw: a whole deck (DE-3.1); more could only draw nothing."""
_MAXIMA = {"level": MAX_LEVEL, "attack": MAX_POINTS, "defense": MAX_POINTS, "set_attack": MAX_POINTS,
           "set_defense": MAX_POINTS, "draw": MAX_DRAW}


class Step(NamedTuple):
    """One one-shot step: its verb and its argument (``draw: 2`` is ``Step("draw", 2)``)."""

    verb: str
    arg: Any

    def to_json(self) -> dict[str, Any]:
        return {self.verb: self.arg}


@dataclass(frozen=True)
class Lasting:
    """A lasting effect (DE-8.3): what applies while its card is on the field."""

    set_attack: int | None = None
    set_defense: int | None = None
    destroy_magic_on_arrival: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.set_attack is not None:
            out["set_attack"] = self.set_attack
        if self.set_defense is not None:
            out["set_defense"] = self.set_defense
        if self.destroy_magic_on_arrival:
            out["destroy_magic_on_arrival"] = True
        return out


@dataclass(frozen=True)
class CardDef:
    """One card as printed. ``level``, ``attack`` and ``defense`` are 0 for magic and invocations (DE-10.3:
    no level, no damage); ``offerings`` is 0 but for invocations."""

    id: str
    name: str
    type: str
    level: int = 0
    attack: int = 0
    defense: int = 0
    offerings: int = 0
    effect: tuple[Step, ...] = ()
    lasting: Lasting | None = None
    text: str = ""
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # read on every legal-action listing, so worked out once:
    battle: bool = field(init=False, compare=False, repr=False)  # DE-1.5: an attack card or a god
    stays: bool = field(init=False, compare=False, repr=False)  # takes a slot: battle, or lasting magic
    chooses_from: tuple[bool, ...] = field(init=False, compare=False, repr=False)  # a step from k on chooses

    def __post_init__(self) -> None:
        battle = self.type in BATTLE_TYPES
        object.__setattr__(self, "battle", battle)
        object.__setattr__(self, "stays", battle or (self.type == "magic" and self.lasting is not None))
        later = [False]
        for step in reversed(self.effect):
            later.append(later[-1] or step.verb in CHOOSING)
        object.__setattr__(self, "chooses_from", tuple(reversed(later)))

    @property
    def chooses(self) -> bool:
        """Whether its one-shot effect has a step that chooses."""
        return self.chooses_from[0]

    def to_json(self) -> dict[str, Any]:
        """The card in its card-file shape (without the descriptive fields)."""
        out: dict[str, Any] = {"name": self.name, "type": self.type}
        if self.battle:
            out.update(level=self.level, attack=self.attack, defense=self.defense)
        if self.type == "invocation":
            out["offerings"] = self.offerings
        if self.effect:
            out["effect"] = [s.to_json() for s in self.effect]
        if self.lasting is not None:
            out["lasting"] = self.lasting.to_json()
        if self.text:
            out["text"] = self.text
        return out

    def said(self, lang: str, key: str = "name") -> str:
        """The card's name (or text) in ``lang``: that language, else English, else the game's own,
        Portuguese (the table's rule for card text)."""
        own = self.name if key == "name" else self.text
        if lang == "pt":
            return own
        for tongue in (lang, "en"):
            block = self.raw.get(tongue)
            if isinstance(block, Mapping) and isinstance(block.get(key), str) and block[key]:
                return str(block[key])
        return own


def card_from_dict(doc: Any, problems: list[Msg] | None = None) -> CardDef | None:
    """A card from its file entry, or None with every problem appended to ``problems``."""
    out: list[Msg] = [] if problems is None else problems
    start = len(out)
    if not isinstance(doc, Mapping):
        out.append(msg("a card must be a map (id, name, type, ...)"))
        return None
    cid = doc.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        out.append(msg("id: must be lowercase letters, digits and _, got {value}", value=shown_short(cid)))
    for where, length in long_texts({k: v for k, v in doc.items() if k != "id"}, MAX_TEXT_LENGTH):
        out.append(msg("{field}: too long: {length} characters, at most {limit}", field=where, length=length,
                       limit=MAX_TEXT_LENGTH))
    for key, limit in (("id", MAX_ID_LENGTH), ("name", MAX_NAME_LENGTH)):
        if isinstance(doc.get(key), str) and len(doc[key]) > limit:
            out.append(msg("{field}: too long: {length} characters, at most {limit}", field=key,
                           length=len(doc[key]), limit=limit))
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        out.append(msg("name: must be a non-empty text"))
    kind = doc.get("type")
    if kind not in TYPES:
        out.append(msg("type: must be one of {known}, got {value}", known=", ".join(TYPES), value=repr(kind)))
        return None
    allowed = _FIELDS[kind] | _COMMON
    for key in sorted(set(map(str, doc)) - allowed):
        out.append(msg("{field}: a {type} card has no such field (DE-2.1)", field=key, type=kind))
    numbers = _numbers(doc, kind, out)
    effect = _effect(doc.get("effect"), out)
    lasting = _lasting(doc.get("lasting"), out) if "lasting" in doc else None
    if kind == "invocation" and not effect:
        effect = (Step("summon_god", 1),)  # DE-2.2: an invocation brings in a god
    text = doc.get("text", "")
    if not isinstance(text, str):
        out.append(msg("text: must be text"))
    if len(out) > start:
        return None
    return CardDef(id=str(cid), name=str(name), type=str(kind), effect=effect, lasting=lasting, text=str(text),
                   raw=dict(doc), **numbers)


def _numbers(doc: Mapping[str, Any], kind: str, out: list[Msg]) -> dict[str, int]:
    """level/attack/defense (battle cards) or offerings (invocations), each checked."""
    wanted = {"level": 1, "attack": 0, "defense": 0} if kind in BATTLE_TYPES else \
        {"offerings": 1} if kind == "invocation" else {}
    got: dict[str, int] = {}
    for key, low in wanted.items():
        value = doc.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            out.append(msg("{field}: must be a whole number >= {low}, got {value}", field=key, low=low,
                           value=shown_short(value)))
        elif value > _MAXIMA.get(key, value):
            out.append(_too_big(key, value))
        elif key == "offerings" and value > 3:
            out.append(msg("offerings: must be 1, 2 or 3 (DE-2.1), got {value}", value=value))
        else:
            got[key] = value
    return got


def _effect(raw: Any, out: list[Msg]) -> tuple[Step, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        out.append(msg("effect: must be a list of steps, like [draw: 1]"))
        return ()
    steps = []
    for entry in raw:
        if not isinstance(entry, Mapping) or len(entry) != 1:
            out.append(msg("effect: each step is one key and its value, like draw: 1; got {value}",
                           value=repr(entry)))
            continue
        verb, arg = next(iter(entry.items()))
        forms = STEPS.get(str(verb))
        if forms is None:
            out.append(msg("effect: unknown step {step}; known: {known}", step=repr(verb), known=", ".join(STEPS)))
        elif forms == (int,):
            if isinstance(arg, bool) or not isinstance(arg, int) or arg < 1:
                out.append(msg("effect: {step} takes a whole number >= 1, got {value}", step=verb,
                               value=shown_short(arg)))
            elif arg > _MAXIMA.get(str(verb), arg):
                out.append(_too_big(f"effect: {verb}", arg))
            else:
                steps.append(Step(str(verb), arg))
        elif arg not in forms or isinstance(arg, bool):
            out.append(msg("effect: {step} takes one of {known}, got {value}", step=verb,
                           known=", ".join(map(str, forms)), value=repr(arg)))
        else:
            steps.append(Step(str(verb), arg))
    return tuple(steps)


def _lasting(raw: Any, out: list[Msg]) -> Lasting | None:
    if not isinstance(raw, Mapping):
        out.append(msg("lasting: must be a map, like {{set_defense: 2000}} (or {{}})"))
        return None
    values: dict[str, Any] = {}
    for key, value in raw.items():
        kind = LASTING.get(str(key))
        if kind is None:
            out.append(msg("lasting: unknown key {key}; known: {known}", key=repr(key), known=", ".join(LASTING)))
        elif kind is bool and value is not True:
            out.append(msg("lasting: {key} takes true, got {value}", key=key, value=repr(value)))
        elif kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            out.append(msg("lasting: {key} takes a whole number >= 0, got {value}", key=key,
                           value=shown_short(value)))
        elif kind is int and value > _MAXIMA.get(str(key), value):
            out.append(_too_big(f"lasting: {key}", value))
        else:
            values[str(key)] = value
    return Lasting(**values)


def _too_big(field: str, value: int) -> Msg:
    """A number past its maximum (``_MAXIMA``), the maximum named."""
    limit = _MAXIMA[field.rsplit(" ", 1)[-1]]
    return msg("{field}: must be at most {limit}, got {value}", field=field, limit=limit, value=shown_short(value))


def shown_short(value: Any) -> str:
    """``repr(value)`` cut to 60 characters: a problem quotes what it got, not a whole 10 000-digit number."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**50 else "a number of more than 50 digits"
    return text if len(text) <= 60 else text[:57] + "..."
