"""CH-0.3: the two rule editions and the parameters that differ between them."""

from __future__ import annotations

from dataclasses import dataclass

from tablero.core import BadInput


@dataclass(frozen=True, slots=True)
class Edition:
    name: str
    main_deck_size: int
    starting_hearts: int


EDITIONS = {
    "choque-2026": Edition("choque-2026", main_deck_size=40, starting_hearts=10),
    "choque-legacy": Edition("choque-legacy", main_deck_size=50, starting_hearts=6),
}
DEFAULT_EDITION = "choque-2026"


def get_edition(name: str | None) -> Edition:
    try:
        return EDITIONS[name or DEFAULT_EDITION]
    except KeyError:
        raise BadInput(f"CH-0.3: unknown edition {name!r}; known: {', '.join(EDITIONS)}") from None
