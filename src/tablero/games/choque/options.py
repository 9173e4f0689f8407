"""Choque's engine options: house rules named in ``docs/rules/choque.md``, each off by default.

A game carries its options from creation (``ChoqueGame.new(options=...)``, a scenario file's ``options``)
and every copy shares them; they are part of what reproduces a game, so records store them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tablero.core import BadInput
from tablero.core.shown import shown


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
        for name, (attr, _kind, default) in OPTIONS.items():
            value = getattr(self, attr)
            if value != default:
                out[name] = value
        return out


# public name -> (attribute, type, default)
OPTIONS: dict[str, tuple[str, type, Any]] = {
    "choque.ofrenda_optional": ("ofrenda_optional", bool, False),
    "choque.idle_abilities": ("idle_abilities", bool, False),
    "choque.activation_window": ("activation_window", bool, False),
}
DEFAULT_OPTIONS = Options()


def parse_options(raw: Any, where: str = "options") -> Options:
    """Options from a map of public names; an unknown name or a value of the wrong type is a ``BadInput``."""
    if raw is None or isinstance(raw, Options):
        return raw or DEFAULT_OPTIONS
    if not isinstance(raw, Mapping):
        raise BadInput(f"{where}: must be a map of engine options, like {{choque.ofrenda_optional: true}}")
    values: dict[str, Any] = {}
    for name, value in raw.items():
        spec = OPTIONS.get(str(name))
        if spec is None:
            raise BadInput(f"{where}: unknown engine option {name!r}; Choque's options are "
                           f"{', '.join(OPTIONS)}")
        attr, kind, _default = spec
        if type(value) is not kind:
            raise BadInput(f"{where}.{name}: must be {'true or false' if kind is bool else kind.__name__}, "
                           f"got {shown(value)}")
        values[attr] = value
    return Options(**values)
