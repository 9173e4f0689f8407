"""Choque's engine options: house rules named in ``docs/rules/choque.md``, each off by default.

A game carries its options from creation (``ChoqueGame.new(options=...)``, a scenario file's ``options``)
and every copy shares them; they are part of what reproduces a game, so records store them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablero.core.options import Option, check_values


@dataclass(frozen=True, slots=True)
class Options:
    """The engine options of one CHOQUE (immutable: copies of a game share one object)."""

    ofrenda_optional: bool = False  # CH-5.3 (revised ruling): the ofrenda may be passed, as it used to be
    # Readings of rules version 1, so that games stored before version 2 replay (versions.py):
    idle_abilities: bool = False     # abilities that can do nothing are offered too
    activation_window: bool = False  # a continuous card works once placed; only the opponent gets a window

    def to_json(self) -> dict[str, Any]:
        """Only the options that differ from their defaults, by their public names."""
        out: dict[str, Any] = {}
        for option in OPTIONS:
            value = getattr(self, _ATTRS[option.name])
            if value != option.default:
                out[option.name] = value
        return out


# The option records (core/options.py): every front end checks a value against them before a game is made
OPTIONS: tuple[Option, ...] = (
    Option("choque.ofrenda_optional", False, "CH-5.3 (revised ruling): the ofrenda may be passed, as it used to be"),
    Option("choque.idle_abilities", False, "rules version 1: abilities that can do nothing are offered too"),
    Option("choque.activation_window", False, "rules version 1: a continuous card works once placed; only the "
                                              "opponent gets a window"),
)
OPTION_NAMES = frozenset(o.name for o in OPTIONS)
_ATTRS = {o.name: o.name.removeprefix("choque.") for o in OPTIONS}  # public name -> attribute of ``Options``
DEFAULT_OPTIONS = Options()


def parse_options(raw: Any) -> Options:
    """Options from a map of public names, each checked against its record (``OPTIONS``, in the core's
    ``check_values``); an unknown name or a value of the wrong type is a ``BadInput`` naming it."""
    if raw is None or isinstance(raw, Options):
        return raw or DEFAULT_OPTIONS
    values = check_values("choque", OPTIONS, raw)
    return Options(**{_ATTRS[name]: value for name, value in values.items()}) if values else DEFAULT_OPTIONS
