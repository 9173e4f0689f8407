"""Deuses' engine options (scenarios-deuses.md, the option table): the spec's open points, each a
provisional reading the table may change per game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tablero.core.options import Option, check_values

UNLIMITED = "unlimited"
# The records of the option table of scenarios-deuses.md: every whole number has its range there, which
# bounds the work an option can ask for (a field of a billion slots listed in every view, issue 37)
OPTIONS: tuple[Option, ...] = (
    Option("deuses.field_size", UNLIMITED, "DE-4.7: the most cards a field holds", type="int", minimum=1,
           maximum=100, choices=(UNLIMITED,)),
    Option("deuses.gods_count_as_attack_cards", False, "DE-9.5: a god stops a direct attack and counts for the dig"),
    Option("deuses.offering_credit_per_offering_card", False, "DE-11.5: a fetch spends one credit per offering card"),
    Option("deuses.ace.chosen_draw_scope", "main_deck", "DE-12.4(a): where the Ace's chosen draw looks",
           choices=("main_deck", "main_and_additional")),
    Option("deuses.ace.return_destination", "hand", "DE-12.4(c): where the Ace's return puts the card",
           choices=("hand", "field", "main_deck")),
    Option("deuses.ace.recover_lp", 1000, "DE-12.4(d): the LP the Ace recovers", minimum=0, maximum=100_000),
    Option("deuses.stall_turns", 10, "DE-14.4: quiet turns with both main decks empty that end the game",
           minimum=1, maximum=1000),
)


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


_NAMES = {o.name: o.name.rsplit(".", 1)[1] for o in OPTIONS}  # public name -> attribute of ``Options``


def parse_options(raw: Mapping[str, Any] | None) -> Options:
    """Options from their public names, each checked against its record (``OPTIONS``, in the core's
    ``check_values``); an unknown name or a value outside its range is a ``BadInput`` naming it."""
    values: dict[str, Any] = {_NAMES[name]: 0 if value == UNLIMITED else value
                              for name, value in check_values("deuses", OPTIONS, raw).items()}
    return Options(**values)
