"""Deuses' card files (``cards/*.yaml``): read, every card checked, every problem named at once."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablero.core import BadInput
from tablero.core.files import MAX_CARDS, MAX_FOLDER_FILES, at_most, load_yaml, read_user_file
from tablero.core.i18n import Msg, msg

from .cards import CardDef, card_from_dict

CARDS = Path(__file__).parent / "cards"


@dataclass(frozen=True)
class CardProblem:
    """One mistake in a card file: the file, the card and what is wrong."""

    file: str
    card: str | None
    text: Msg

    def said(self, lang: str) -> str:
        from .catalogue import words

        w = words()
        head = self.file if self.card is None else f"{self.file}: {w.say(msg('card {id}', id=repr(self.card)), lang)}"
        return f"{head}: {w.say(self.text, lang)}"

    def __str__(self) -> str:
        return self.said("en")


@dataclass(frozen=True)
class Report:
    pool: Sequence[CardDef]
    problems: Sequence[CardProblem]
    checked: int


def read_cards(path: Path) -> Report:
    """Every card of a file or a folder of files (``*.yaml``), checked; unreadable input is a ``BadInput``."""
    if path.is_dir():
        files = sorted(at_most(path.glob("*.yaml"), MAX_FOLDER_FILES,
                               f"{path}: more than {MAX_FOLDER_FILES} card files; split the folder"))
    else:
        files = [path]
    if not path.exists():
        raise BadInput(f"{path}: no such file or folder")
    good: dict[str, CardDef] = {}
    problems: list[CardProblem] = []
    checked = 0
    for f in files:
        for entry in _entries(f):
            checked += 1
            if checked > MAX_CARDS:
                raise BadInput(f"{f.name}: more than {MAX_CARDS} cards in one load")
            found: list[Msg] = []
            card = card_from_dict(entry, found)
            cid = entry.get("id") if isinstance(entry, Mapping) else None
            problems += [CardProblem(f.name, cid if isinstance(cid, str) else None, m) for m in found]
            if card is not None:
                if card.id in good:
                    problems.append(CardProblem(f.name, card.id, msg("the id is used by another card")))
                good[card.id] = card
    return Report(tuple(good.values()), problems, checked)


def _entries(f: Path) -> list[Any]:
    doc = load_yaml(read_user_file(f, "card"), f.name)
    cards = doc.get("cards") if isinstance(doc, Mapping) else doc
    if not isinstance(cards, list):
        raise BadInput(f"{f.name}: a card file is a map with a list 'cards'")
    return cards


def load_cards(path: Path) -> list[CardDef]:
    """A designer's cards; any problem refuses the file (``BadInput`` naming every one)."""
    report = read_cards(path)
    if report.problems:
        raise BadInput("; ".join(map(str, report.problems)))
    return list(report.pool)


@functools.cache
def shipped_cards() -> Mapping[str, CardDef]:
    """The shipped pool by id (read once)."""
    return {c.id: c for c in load_cards(CARDS)} if CARDS.is_dir() else {}
