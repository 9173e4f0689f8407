"""Deck files and limited lists: the YAML a player, a tournament organiser and the shipped data write.

A deck file (CH-2) is a map::

    name: Furia del Jaguar          # required
    edition: choque-2026            # required: choque-2026 or choque-legacy
    strategy: aggro                 # optional, one word
    description: "..."              # optional, Spanish
    en: {name: ..., description: ...}  # optional English
    main: {card_id: count, ...}     # required
    souls: {alma_id: count, ...}    # required
    support: {amalgam_id: count}    # optional ({} or absent when none)

A limited list (CH-2.4, CH-2.5) is a dated map of card id → ``limitada`` (1 copy), ``semilimitada`` (2) or
``condenada`` (0)::

    date: 2026-03-01
    name: Lista de marzo de 2026    # optional
    cards: {card_id: limitada, ...}

Reading a file is separate from judging the deck: a file that cannot be read, is not such a map or names
an unknown card raises ``BadInput`` (the command's exit status 2); a deck that reads fine but breaks CH-2
gets ``check_deck`` violations (exit status 1), all at once (CH-2.6).
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablero.core import BadInput
from tablero.core.files import MAX_NAME_LENGTH, MAX_TEXT_LENGTH, load_yaml, read_user_file
from tablero.core.shown import kind, shown

from .cards import CardPool
from .deck import Deck
from .editions import EDITIONS

SHIPPED_DECKS_DIR = Path(__file__).parent / "decks"
SHIPPED_LIMITED_DIR = Path(__file__).parent / "limited"
DECK_KEYS = {"name", "edition", "strategy", "description", "en", "main", "souls", "support"}
LIMIT_WORDS = {"condenada": 0, "limitada": 1, "semilimitada": 2}  # CH-2.4
LIST_KEYS = {"date", "name", "cards"}


@dataclass
class DeckFile:
    """A deck read from a file: the deck itself plus what the file says about it."""

    id: str
    deck: Deck
    path: Path
    strategy: str = ""
    description: str = ""
    en: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The file exactly as written (``tablero deck export`` prints it)."""
        return self.path.read_text(encoding="utf-8")


def _read_yaml(path: Path, what: str) -> Any:
    """The document of a deck or limited-list file, within the core's limits (size, nesting, aliases)."""
    return load_yaml(read_user_file(path, what), str(path), parenthesized=True)


def _text(doc: dict[str, Any], key: str, problems: list[str], required: bool = False) -> str:
    v = doc.get(key)
    if v is None:
        if required:
            problems.append(f"{key}: missing (required)")
        return ""
    if not isinstance(v, str) or not v.strip():
        problems.append(f"{key}: must be a non-empty text, got {shown(v)}")
        return ""
    limit = MAX_NAME_LENGTH if key == "name" else MAX_TEXT_LENGTH
    if len(v) > limit:
        problems.append(f"{key}: too long: {len(v)} characters, at most {limit}")
        return ""
    return v


def load_deck(path: Path, pool: CardPool) -> DeckFile:
    """Read one deck file against ``pool``; every problem of the file is reported at once (``BadInput``)."""
    return parse_deck(_read_yaml(path, "deck"), pool, deck_id=path.stem, path=path)


def parse_deck(doc: Any, pool: CardPool, deck_id: str, path: Path | None = None,
               where: str | None = None) -> DeckFile:
    """A deck from its document (a deck file's YAML, or the same map as JSON from the server's API);
    every problem is reported at once in one ``BadInput`` prefixed with ``where`` (default: the path)."""
    where = where if where is not None else str(path)
    if not isinstance(doc, dict):
        raise BadInput(f"{where}: a deck file is a map with name, edition, main, souls and support; "
                       f"got {kind(doc)}")
    problems: list[str] = []
    unknown = sorted(str(k) for k in doc if k not in DECK_KEYS)
    if unknown:
        problems.append(f"unknown key(s) {', '.join(unknown)} (a deck file has {', '.join(sorted(DECK_KEYS))})")
    name = _text(doc, "name", problems, required=True)
    edition = _text(doc, "edition", problems, required=True)
    if edition and edition not in EDITIONS:
        problems.append(f"edition: unknown edition {edition!r} (known: {', '.join(EDITIONS)})")
    strategy = _text(doc, "strategy", problems)
    description = _text(doc, "description", problems)
    en = doc.get("en") or {}
    if not isinstance(en, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in en.items()):
        problems.append("en: must be a map of texts (name, description)")
        en = {}
    parts: dict[str, Any] = {}
    for part in ("main", "souls", "support"):
        spec = doc.get(part)
        if spec is None:
            if part != "support":
                problems.append(f"{part}: missing (required; a map of card id -> count)")
            spec = {}
        if not isinstance(spec, dict):
            problems.append(f"{part}: must be a map of card id -> count, got {kind(spec)}")
            spec = {}
        parts[part] = spec
    if not problems:
        try:
            deck = Deck.from_ids(pool, parts["main"], parts["souls"], parts["support"], name=name,
                                 edition=edition)
        except BadInput as e:
            problems.append(str(e))
    if problems:
        raise BadInput(f"{where}: " + "; ".join(problems))
    return DeckFile(id=deck_id, deck=deck, path=path if path is not None else Path(deck_id), strategy=strategy,
                    description=description, en={str(k): str(v) for k, v in en.items()})


def shipped_decks(pool: CardPool | None = None) -> dict[str, DeckFile]:
    """The preconstructed decks, by id (file stem), in file-name order."""
    if pool is None:
        from .cardfile import shipped_pool

        pool = shipped_pool()
    return _shipped_decks(SHIPPED_DECKS_DIR, pool)


@functools.lru_cache(maxsize=4)
def _shipped_decks(folder: Path, pool: CardPool) -> dict[str, DeckFile]:
    if not folder.is_dir():
        return {}
    return {p.stem: load_deck(p, pool) for p in sorted(folder.glob("*.yaml"))}


# --- limited lists -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class LimitedList:
    """One dated limited list (CH-2.5): card id -> most copies allowed."""

    date: dt.date
    limits: dict[str, int]
    name: str = ""
    path: Path | None = None


def load_limited(path: Path, pool: CardPool | None = None) -> LimitedList:
    """Read one limited-list file; with ``pool``, an id that names no card is a problem too."""
    doc = _read_yaml(path, "limited list")
    if not isinstance(doc, dict):
        raise BadInput(f"{path}: a limited list is a map with date and cards; got {kind(doc)}")
    problems: list[str] = []
    unknown = sorted(str(k) for k in doc if k not in LIST_KEYS)
    if unknown:
        problems.append(f"unknown key(s) {', '.join(unknown)} (a limited list has date, name, cards)")
    when = doc.get("date")
    if isinstance(when, str):
        try:
            when = dt.date.fromisoformat(when)
        except ValueError:
            pass
    if not isinstance(when, dt.date) or isinstance(when, dt.datetime):
        problems.append(f"date: must be a date written YYYY-MM-DD, got {shown(when)}")
        when = None
    name = _text(doc, "name", problems)
    cards = doc.get("cards")
    limits: dict[str, int] = {}
    if not isinstance(cards, dict):
        problems.append("cards: missing or not a map of card id -> limitada | semilimitada | condenada")
    else:
        for cid, word in cards.items():
            if word not in LIMIT_WORDS:
                problems.append(f"cards.{cid}: must be limitada (1), semilimitada (2) or condenada (0), "
                                f"got {shown(word)}")
            elif pool is not None and str(cid) not in pool:
                problems.append(f"cards.{cid}: no card has this id")
            else:
                limits[str(cid)] = LIMIT_WORDS[word]
    if problems or when is None:
        raise BadInput(f"{path}: " + "; ".join(problems))
    return LimitedList(date=when, limits=limits, name=name, path=path)


def load_limited_lists(path: Path, pool: CardPool | None = None) -> dict[dt.date, LimitedList]:
    """Every list of a file or folder (``*.yaml``), by date; two lists with one date are an error."""
    files = sorted(path.glob("*.yaml")) if path.is_dir() else [path]
    out: dict[dt.date, LimitedList] = {}
    for f in files:
        lst = load_limited(f, pool)
        if lst.date in out:
            raise BadInput(f"{f}: another list ({out[lst.date].path}) has the same date {lst.date}")
        out[lst.date] = lst
    return out


def shipped_limited_lists() -> dict[dt.date, LimitedList]:
    """The limited lists shipped with the game (CH-2.5), by date. Loaded once."""
    return _shipped_limited(SHIPPED_LIMITED_DIR)


@functools.lru_cache(maxsize=4)
def _shipped_limited(folder: Path) -> dict[dt.date, LimitedList]:
    if not folder.is_dir():
        return {}
    return load_limited_lists(folder)


def list_in_force(lists: dict[dt.date, LimitedList], on: dt.date) -> LimitedList | None:
    """CH-2.5: the latest list dated on or before ``on``; None before the first one."""
    dates = [d for d in lists if d <= on]
    return lists[max(dates)] if dates else None
