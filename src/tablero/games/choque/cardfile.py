"""Card files: loading and checking the YAML files card designers write (``tablero cards check``).

A card file is YAML, in one of two shapes::

    # 1. a plain list of cards
    - id: koatl
      name: "Koatl, El Defensor"
      type: personaje
      ...

    # 2. a map with the list under ``cards`` and optional file-wide settings
    set: JADE                # default ``set`` of every card of the file that does not name its own
    description: "Los guerreros de jade (borrador)"   # free text for people; ignored
    cards:
      - id: sacerdotisa
        ...

Each card is the format of ``cards.py`` (CH-1) with its effects (``effects/schema.py``). A PATH is one
file (any name) or a folder, searched recursively for ``*.yaml`` and ``*.yml`` files (hidden files and
folders, whose names start with ``.``, are skipped). Card ids are unique across everything loaded.

``check_path`` never stops at the first mistake: it reports every problem of every file at once, each
as a ``CardProblem`` naming the file, the card and the field, so a designer can fix a whole set in one
pass. YAML is read exactly as scenario files read it (YAML 1.1: an unquoted ``on:``, ``yes:`` or ``no:``
key is a boolean); the card checks point that out. A key written twice in one map, which YAML would
silently resolve by keeping the last value, is reported as well.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from tablero.core import BadInput
from tablero.core.files import (
    MAX_CARDS,
    MAX_FOLDER_FILES,
    BoundedLoader,
    YamlLimit,
    at_most,
    check_expansion,
    read_user_bytes,
    yaml_where,
)
from tablero.core.i18n import Msg, msg
from tablero.core.shown import shown

from .cards import CardDef, CardPool, validate_card
from .catalogue import words

SHIPPED_CARDS_DIR = Path(__file__).parent / "cards"
CARD_FILE_SUFFIXES = (".yaml", ".yml")
FILE_KEYS = {
    "cards": "the list of cards (required)",
    "set": "default set of the file's cards",
    "description": "free text, ignored",
}

_MERGE_TAG = "tag:yaml.org,2002:merge"
_ID_RE = re.compile(r"^[a-z0-9_]+$")  # as cards.py: a card id usable to name the card in a report


@dataclass(frozen=True)
class CardProblem:
    """One mistake in a card file: where it is (file, card id, field path) and what is wrong."""

    file: str
    card: str | None
    field: str
    text: str | Msg

    @property
    def message(self) -> str:
        """What is wrong, in English."""
        return str(self.text)

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str) -> str:
        """The problem in ``lang`` (``es``, ``en``), from the game's message catalogues."""
        parts = [self.file]
        if self.card is not None:
            parts.append(words().say(msg("card {id}", id=repr(self.card)), lang))
        if self.field:
            parts.append(self.field)
        parts.append(words().say(self.text, lang))
        return ": ".join(parts)


def card_files(path: Path) -> list[Path]:
    """The card files under ``path`` (itself if it is a file), sorted; raises ``BadInput`` if unreadable."""
    if path.is_file():
        return [path]
    if not path.exists():
        raise BadInput(f"{path}: no such file or folder")
    if not path.is_dir():
        raise BadInput(f"{path}: not a file or folder")
    try:
        found = at_most((
            f for f in path.rglob("*")
            if f.suffix.lower() in CARD_FILE_SUFFIXES and f.is_file()
            and not any(part.startswith(".") for part in f.relative_to(path).parts)
        ), MAX_FOLDER_FILES, f"{path}: more than {MAX_FOLDER_FILES} card files; split the folder")
    except OSError as e:
        raise BadInput(f"{path}: cannot read folder: {e.strerror or e}") from None
    return sorted(found)


@dataclass(frozen=True)
class CardReport:
    """What ``check_cards`` found: the good cards, every problem, and how many card entries were read."""

    pool: CardPool
    problems: list[CardProblem]
    checked: int


def check_path(path: str | Path) -> tuple[CardPool, list[CardProblem]]:
    """Read every card file under ``path`` and check every card.

    Returns the pool of the cards without problems and every problem found, in file order. Raises
    ``BadInput`` only when ``path`` itself cannot be read (missing, or not a file or folder).
    """
    report = check_cards(path)
    return report.pool, report.problems


def check_cards(path: str | Path) -> CardReport:
    """``check_path`` that also counts the card entries it read (good or bad), for summaries."""
    path = Path(path)
    files = card_files(path)
    single = files == [path]
    problems: list[CardProblem] = []
    cards: list[CardDef] = []
    checked = 0
    first_seen: dict[str, str] = {}  # card id -> file it was first defined in
    for f in files:
        name = str(f)
        try:
            data = read_user_bytes(f, "card")
        except BadInput as e:
            if single:
                raise
            problems.append(CardProblem(name, None, "", msg("cannot read file: {value}", value=str(e))))
            continue
        for is_card, card, card_problems in _check_file(name, data):
            checked += is_card
            if checked > MAX_CARDS:
                problems.append(CardProblem(name, None, "cards", msg(
                    "more than {limit} cards in one load; the rest are not read", limit=MAX_CARDS)))
                break
            problems.extend(card_problems)
            if card is None:
                continue
            if card.id in first_seen:
                where = (msg("earlier in this file") if first_seen[card.id] == name
                         else msg("in {file}", file=first_seen[card.id]))
                problems.append(CardProblem(name, card.id, "id",
                                            msg("duplicate card id {id}; first defined {where}",
                                                id=repr(card.id), where=where)))
                continue
            first_seen[card.id] = name
            if not card_problems:
                cards.append(card)
        if checked > MAX_CARDS:
            break
    if checked == 0 and not problems:  # an empty file or folder checks nothing: that is a problem too
        what = msg("this file holds no cards") if single else msg("this folder holds no cards in any card file")
        problems.append(CardProblem(str(path), None, "", msg("{what}: a card file lists its cards under 'cards:' "
                                                         "or as a list (docs/cards.md)", what=what)))
    return CardReport(CardPool(cards), problems, checked)


def load_cards(path: str | Path) -> CardPool:
    """The cards under ``path``; raises ``BadInput`` listing every problem if any card file is wrong."""
    pool, problems = check_path(path)
    if problems:
        n = len(problems)
        raise BadInput(f"{n} problem{'s' if n != 1 else ''} in the card files of {path}:\n"
                       + "\n".join(f"  {p}" for p in problems))
    return pool


def shipped_pool() -> CardPool:
    """The cards shipped with the game (``SHIPPED_CARDS_DIR``); empty when none are there. Loaded once."""
    return _shipped(SHIPPED_CARDS_DIR)


@functools.lru_cache(maxsize=4)
def _shipped(folder: Path) -> CardPool:
    if not folder.is_dir():
        return CardPool()
    return load_cards(folder)


# --- one file -------------------------------------------------------------------------------------------

class _Loader(BoundedLoader):
    """The bounded safe loader (``core.files``): used step by step to look at the node tree before it is built."""


_Found = list[tuple[str, str | Msg]]  # (field path, message)


@dataclass
class _Parsed:
    doc: Any = None
    file_dups: _Found = field(default_factory=list)           # duplicate keys of the file-level map
    card_dups: list[_Found] = field(default_factory=list)     # duplicate keys inside each card, by position
    problems: list[CardProblem] = field(default_factory=list)


def _parse(name: str, data: bytes) -> _Parsed:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        text_ = msg("not UTF-8 text (byte {data} at line {line}); save the file as UTF-8",
                    data=f"{data[e.start]:#04x}", line=line)
        return _Parsed(problems=[CardProblem(name, None, "", text_)])
    loader = _Loader(text)
    out = _Parsed()
    try:
        node = loader.get_single_node()
        if node is not None:
            check_expansion(node)
            # Duplicate keys are looked for before the document is built: building it merges (<<) in place.
            list_node: yaml.Node | None = node
            if isinstance(node, yaml.MappingNode):
                out.file_dups = _duplicate_keys(node, "", loader, top=True)
                list_node = _value_node(node, "cards", loader)
            if isinstance(list_node, yaml.SequenceNode):
                out.card_dups = [_duplicate_keys(item, "", loader) for item in list_node.value]
            out.doc = loader.construct_document(node)
    except YamlLimit as e:
        return _Parsed(problems=[CardProblem(name, None, "", msg("too large{where}: {what}", where=yaml_where(e),
                                                                 what=str(e.problem)))])
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        where = (msg(" at line {line}, column {column}", line=mark.line + 1, column=mark.column + 1)
                 if mark is not None else "")
        what = getattr(e, "problem", None) or str(e)
        context, cmark = getattr(e, "context", None), getattr(e, "context_mark", None)
        if context and cmark is not None and mark is not None and cmark.line != mark.line:
            what += f" ({context} at line {cmark.line + 1})"
        return _Parsed(problems=[CardProblem(name, None, "", msg("not valid YAML{where}: {what}",
                                                                 where=where, what=what))])
    finally:
        loader.dispose()
    return out


_Checked = Iterator[tuple[bool, CardDef | None, list[CardProblem]]]  # (is a card entry, card, problems)


class _Layout(NamedTuple):
    """What a file's top level says: its list of cards (None when there is none to check), the ``set`` its
    cards default to, and the file-level problems."""

    cards: list[Any] | None
    default_set: Any
    problems: list[CardProblem]


def _check_file(name: str, data: bytes) -> _Checked:
    """Each card entry of one file with its problems; file-level problems come as a non-card entry."""
    parsed = _parse(name, data)
    if parsed.problems:
        yield False, None, parsed.problems
        return
    if parsed.doc is None:
        return  # an empty file holds no cards
    layout = _layout(name, parsed.doc, parsed.file_dups)
    if layout.problems:
        yield False, None, layout.problems
    for i, raw in enumerate(layout.cards or ()):
        dups = parsed.card_dups[i] if i < len(parsed.card_dups) else []
        card, problems = _check_card(name, i, raw, layout.default_set, dups)
        yield True, card, problems


def _layout(name: str, doc: Any, file_dups: _Found) -> _Layout:
    """The two shapes a file may take (a list, or a map with ``cards``), and what a file in neither is."""
    if isinstance(doc, list):
        return _Layout(doc, None, [])
    if not isinstance(doc, dict):
        return _Layout(None, None, [CardProblem(name, None, "", msg("a card file must be a list of cards or a map "
                                                                    "with cards: [...], got {doc}", doc=shown(doc)))])
    if "cards" not in doc and "id" in doc and "type" in doc:
        one = msg("this file is one card, not a list of cards: start the card with '- ' (or put it under "
                  "cards: [...])")
        return _Layout(None, None, [CardProblem(name, None, "", one)])
    return _map_layout(name, doc, file_dups)


def _map_layout(name: str, doc: dict[Any, Any], file_dups: _Found) -> _Layout:
    """A file that is a map: its keys, its default ``set`` and its ``cards``, every problem at once."""
    problems = [CardProblem(name, None, f, m) for f, m in file_dups]
    problems += _unknown_file_keys(name, doc)
    default_set = doc.get("set")
    if "set" in doc and (isinstance(default_set, bool) or not isinstance(default_set, (str, int))
                         or default_set == ""):
        problems.append(CardProblem(name, None, "set", msg("must be a text, got {default_set}",
                                                           default_set=shown(default_set))))
        default_set = None
    if "description" in doc and not isinstance(doc["description"], str):
        problems.append(CardProblem(name, None, "description", msg("must be a text")))
    cards = doc.get("cards")
    if cards is None:
        problems.append(CardProblem(name, None, "cards",
                                    msg("missing: a card file that is a map keeps its cards under cards: [...]")))
    elif not isinstance(cards, list):
        problems.append(CardProblem(name, None, "cards", msg("must be a list of cards, got {doc}",
                                                             doc=shown(cards))))
    return _Layout(cards if isinstance(cards, list) else None, default_set, problems)


def _unknown_file_keys(name: str, doc: dict[Any, Any]) -> list[CardProblem]:
    """The top-level keys a card file does not have, each with the list of those it has."""
    problems: list[CardProblem] = []
    for k in doc:
        if k not in FILE_KEYS:
            hint = msg(" (YAML reads an unquoted on:/yes:/no: as a boolean)") if isinstance(k, bool) else ""
            known = "; ".join(f"{key}: {what}" for key, what in FILE_KEYS.items())
            problems.append(CardProblem(name, None, str(k), msg("unknown top-level key{hint}; known: {known}",
                                                                hint=hint, known=known)))
    return problems


def _check_card(name: str, index: int, raw: Any, default_set: Any,
                dups: _Found) -> tuple[CardDef | None, list[CardProblem]]:
    """One card entry: the card (None if it does not validate) and its problems, design problems and
    duplicate keys included. A card without a ``set`` of its own takes the file's."""
    if default_set is not None and isinstance(raw, dict) and "set" not in raw:
        raw = {**raw, "set": default_set}
    card, found = validate_card(raw)
    if card is not None:
        found += _design_problems(card)
    cid = raw.get("id") if isinstance(raw, dict) else None
    label = cid if isinstance(cid, str) and _ID_RE.match(cid) else None
    found += dups
    return card, [_problem(name, label, index, f, m) for f, m in found]


def _design_problems(card: CardDef) -> list[tuple[str, str | Msg]]:
    """Well-formed fields that do not say what the card means. Checked in card files (what designers write
    and ``tablero cards check`` reads), not in a scenario's inline cards, whose format is a public contract."""
    out: list[tuple[str, str | Msg]] = []
    if card.is_character:
        for i, st in enumerate(card.fx.static):
            if st.affects.get("name") == card.name:
                # "this card gains" written as "every card of this name": copies would add up, and a Mímica
                # copy (another name) would get nothing
                out.append((f"static[{i}].affects.name",
                            msg("names this card itself, which reaches every card of that name and misses a Mímica "
                            "copy; for 'this card gains', leave affects out (the character itself, CH-7.1) and "
                            "write a mode as if: {{mode: ...}}")))
    return out


def _problem(file: str, card: str | None, index: int, field: str, message: str | Msg) -> CardProblem:
    """A card's problem; a card without a usable id is named by its position (``cards[3]``)."""
    if card is None:
        field = f"cards[{index}]" + (f".{field}" if field else "")
    return CardProblem(file, card, field, message)


def _key(node: yaml.Node, loader: _Loader) -> Hashable | None:
    if not isinstance(node, yaml.ScalarNode):
        return None
    try:
        k = loader.construct_object(node)
    except yaml.YAMLError:
        return None
    return k if isinstance(k, Hashable) else None


def _value_node(node: yaml.MappingNode, key: str, loader: _Loader) -> yaml.Node | None:
    found = None
    for k, v in node.value:
        if _key(k, loader) == key:
            found = v
    return found


def _duplicate_keys(node: yaml.Node, path: str, loader: _Loader, seen_nodes: set[int] | None = None,
                    top: bool = False) -> _Found:
    """Every key written twice in one map under ``node``, as (field path, message); ``top``: not below it."""
    seen_nodes = set() if seen_nodes is None else seen_nodes
    if id(node) in seen_nodes:  # aliases may share (or loop back to) a node
        return []
    seen_nodes.add(id(node))
    out: list[tuple[str, str | Msg]] = []
    if isinstance(node, yaml.MappingNode):
        first: dict[Any, int] = {}
        for k_node, v_node in node.value:
            if k_node.tag == _MERGE_TAG:
                continue
            k = _key(k_node, loader)
            sub = f"{path}.{k}" if path else str(k)
            if k is not None:
                if k in first:
                    out.append((sub, msg("written twice (lines {first} and {value}); "
                                     "YAML keeps only the last one", first=first[k], value=k_node.start_mark.line + 1)))
                else:
                    first[k] = k_node.start_mark.line + 1
            if not top:
                out += _duplicate_keys(v_node, sub, loader, seen_nodes)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            out += _duplicate_keys(item, f"{path}[{i}]", loader, seen_nodes)
    return out
