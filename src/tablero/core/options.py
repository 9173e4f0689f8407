"""Engine options (house rules) as the core declares and checks them, for every game.

An option is one record: its public name, its type, its default, the range a whole number may take, the
words a value may be, and what it changes. The core checks a value against its record before any game is
made (``GamePlugin.check_options``: the CLI's ``--option``, the API's ``options``, a scenario file's
``options``, a record's), and each game reads its options through the same records, so an option can never be
accepted in one front end and refused, or worse taken unbounded, in another.

Why every whole number has a range: an option sizes work. A field of a billion slots, accepted, made every
envelope list a billion slots and took a server down (issue 37). A record of type ``int`` without both bounds
cannot be built, so the next game's option cannot repeat that.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import BadInput
from .i18n import Msg, msg
from .shown import shown

OptionType = Literal["bool", "int", "text"]
MAX_NAME = 64  # characters of an option's name as given: no real one is longer


@dataclass(frozen=True)
class Option:
    """One engine option. ``type``: ``bool`` (true or false), ``int`` (a whole number from ``minimum`` to
    ``maximum``, or one of the words in ``choices``, such as ``unlimited``) or ``text`` (one of ``choices``).
    ``help`` says what it changes and names the rule it reads."""

    name: str
    default: Any
    help: str = ""
    type: OptionType | None = None  # None: the default's type
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.type is None:
            object.__setattr__(self, "type", _type_of(self.default))
        if self.type == "int" and (self.minimum is None or self.maximum is None or self.minimum > self.maximum):
            raise ValueError(f"engine option {self.name}: a whole number needs a minimum and a maximum")
        if self.type == "text" and not self.choices:
            raise ValueError(f"engine option {self.name}: a text option lists the values it may take")
        self.check(self.default)  # a default outside its own range is a bug of the game

    @property
    def range(self) -> str:
        """What the option accepts, in the contract's words (``1–100 or unlimited``): the same in every
        language, since it is made of numbers and the option's own words."""
        if self.type == "bool":
            return "true | false"
        if self.type == "text":
            return " | ".join(self.choices)
        words = "".join(f" | {w}" for w in self.choices)
        return f"{self.minimum}–{self.maximum}{words}"

    def check(self, value: Any) -> Any:
        """``value`` if the option may take it; else a ``BadInput`` naming the option and its range."""
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise BadInput(msg("engine option {name}: must be true or false, got {value}", name=self.name,
                               value=shown(value)))
        if isinstance(value, str) and value in self.choices:
            return value
        if self.type == "text":
            raise BadInput(msg("engine option {name}: must be one of {choices}, got {value}", name=self.name,
                               choices=", ".join(self.choices), value=shown(value)))
        assert self.minimum is not None and self.maximum is not None
        if isinstance(value, int) and not isinstance(value, bool) and self.minimum <= value <= self.maximum:
            return value
        if self.choices:
            raise BadInput(msg("engine option {name}: must be a whole number from {low} to {high}, or {words}; "
                               "got {value}", name=self.name, low=self.minimum, high=self.maximum,
                               words=", ".join(self.choices), value=shown(value)))
        raise BadInput(msg("engine option {name}: must be a whole number from {low} to {high}, got {value}",
                           name=self.name, low=self.minimum, high=self.maximum, value=shown(value)))

    def json(self) -> dict[str, Any]:
        """The record as the catalogue lists it (``tablero games --json``, ``GET /api/catalog``)."""
        return {"name": self.name, "type": self.type, "default": self.default, "minimum": self.minimum,
                "maximum": self.maximum, "choices": list(self.choices), "help": self.help}


def _type_of(default: Any) -> OptionType:
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    return "text"


def check_values(game: str, options: Sequence[Option], raw: Any) -> dict[str, Any]:
    """Every value of ``raw`` (a map of public names) checked against its record, all of them: an unknown
    name, or a value outside its option's range, is a ``BadInput`` naming it. Returns the values given."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise BadInput(msg("engine options: must be a map of option name -> value, like {example}",
                           example=f"{{{options[0].name}: {_example(options[0])}}}" if options else "{}"))
    known = {o.name: o for o in options}
    out: dict[str, Any] = {}
    for name, value in raw.items():
        option = known.get(name) if isinstance(name, str) else None
        if option is None:
            raise BadInput(unknown(game, name, options))
        out[name] = option.check(value)
    return out


def unknown(game: str, name: Any, options: Sequence[Option]) -> Msg:
    """The message for an option ``game`` does not have."""
    text = name[:MAX_NAME] + "…" if isinstance(name, str) and len(name) > MAX_NAME else name
    return msg("unknown engine option {name}; {game}'s options are {known}", name=shown(text), game=game,
               known=", ".join(o.name for o in options) or "-")


def _example(option: Option) -> str:
    default = option.default
    return "true" if default is False else "false" if default is True else str(default)
