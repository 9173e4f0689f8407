"""Deuses' engine options (scenarios-deuses.md, the option table): the spec's open points, each a
provisional reading the table may change per game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tablero.core import BadInput

UNLIMITED = "unlimited"
_SCOPES = ("main_deck", "main_and_additional")
_DESTINATIONS = ("hand", "field", "main_deck")
HELP = {
    "deuses.field_size": "DE-4.7: the most cards a field holds (a whole number >= 1, or unlimited)",
    "deuses.gods_count_as_attack_cards": "DE-9.5: a god stops a direct attack and counts for the dig",
    "deuses.offering_credit_per_offering_card": "DE-11.5: a fetch spends one credit per offering card",
    "deuses.ace.chosen_draw_scope": "DE-12.4(a): main_deck or main_and_additional",
    "deuses.ace.return_destination": "DE-12.4(c): hand, field or main_deck",
    "deuses.ace.recover_lp": "DE-12.4(d): the LP the Ace recovers",
    "deuses.stall_turns": "DE-14.4: quiet turns with both main decks empty that end the game",
}


@dataclass(frozen=True)
class Options:
    field_size: int = 0  # 0: unlimited (DE-4.7)
    gods_count_as_attack_cards: bool = False  # DE-9.5
    offering_credit_per_offering_card: bool = False  # DE-11.5
    chosen_draw_scope: str = "main_deck"  # DE-12.4(a)
    return_destination: str = "hand"  # DE-12.4(c)
    recover_lp: int = 1000  # DE-12.4(d)
    stall_turns: int = 10  # DE-14.4

    def to_json(self) -> dict[str, Any]:
        """The options off their default, by public name (what a record stores)."""
        base = Options()
        out: dict[str, Any] = {}
        for name, attr in _NAMES.items():
            value = getattr(self, attr)
            if value != getattr(base, attr):
                out[name] = UNLIMITED if attr == "field_size" and value == 0 else value
        return out


_NAMES = {"deuses.field_size": "field_size", "deuses.gods_count_as_attack_cards": "gods_count_as_attack_cards",
          "deuses.offering_credit_per_offering_card": "offering_credit_per_offering_card",
          "deuses.ace.chosen_draw_scope": "chosen_draw_scope", "deuses.ace.return_destination": "return_destination",
          "deuses.ace.recover_lp": "recover_lp", "deuses.stall_turns": "stall_turns"}
DEFAULTS: dict[str, Any] = {"deuses.field_size": UNLIMITED, "deuses.gods_count_as_attack_cards": False,
                            "deuses.offering_credit_per_offering_card": False,
                            "deuses.ace.chosen_draw_scope": "main_deck", "deuses.ace.return_destination": "hand",
                            "deuses.ace.recover_lp": 1000, "deuses.stall_turns": 10}


def parse_options(raw: Mapping[str, Any] | None) -> Options:
    """Options from their public names; an unknown name or a wrong value is a ``BadInput`` naming it."""
    if raw is None:
        return Options()
    if not isinstance(raw, Mapping):
        raise BadInput("options: must be a map of engine option -> value")
    values: dict[str, Any] = {}
    for name, value in raw.items():
        attr = _NAMES.get(str(name))
        if attr is None:
            raise BadInput(f"unknown engine option {name!r}; deuses's options are {', '.join(_NAMES)}")
        values[attr] = _value(str(name), value)
    return Options(**values)


def _value(name: str, value: Any) -> Any:
    if name == "deuses.field_size":
        if value == UNLIMITED:
            return 0
        return _whole(name, value, 1, "a whole number >= 1, or unlimited")
    if name in ("deuses.gods_count_as_attack_cards", "deuses.offering_credit_per_offering_card"):
        if not isinstance(value, bool):
            raise BadInput(f"engine option {name}: must be true or false, got {value!r}")
        return value
    if name == "deuses.ace.chosen_draw_scope":
        return _one_of(name, value, _SCOPES)
    if name == "deuses.ace.return_destination":
        return _one_of(name, value, _DESTINATIONS)
    return _whole(name, value, 0 if name == "deuses.ace.recover_lp" else 1,
                  f"a whole number >= {0 if name == 'deuses.ace.recover_lp' else 1}")


def _whole(name: str, value: Any, low: int, wanted: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise BadInput(f"engine option {name}: must be {wanted}, got {value!r}")
    return int(value)


def _one_of(name: str, value: Any, known: tuple[str, ...]) -> str:
    if value not in known:
        raise BadInput(f"engine option {name}: must be one of {', '.join(known)}, got {value!r}")
    return str(value)
