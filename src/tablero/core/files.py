"""Reading a user's file: every way it can fail becomes one ``BadInput`` naming the file, never a traceback.

No file may make the work unbounded (issue 37): a file is read only up to a size (``MAX_FILE_BYTES``), and YAML
is read by ``BoundedLoader``, which refuses a document nested too deep (``MAX_YAML_DEPTH``) or one whose aliases
expand it past ``MAX_YAML_NODES`` ("billion laughs": ``yaml.safe_load`` shares an aliased node, and whatever
walks the result walks it once per alias). Each limit's message names the file, what is too big and the limit.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

import yaml

from .errors import BadInput

MAX_FILE_BYTES = 1024 * 1024
"""A card, deck, limited-list or scenario file: 30 times the largest shipped card file (33 KB)."""
MAX_SAVED_GAME_BYTES = 16 * 1024 * 1024
"""A saved game or match: a long game is about 25 KB, a match three of them; this leaves room for 600."""
MAX_YAML_DEPTH = 40
"""Maps and lists inside each other: the deepest shipped card file nests 12; deeper is a mistake or an attack."""
MAX_YAML_NODES = 50_000
"""Values of one YAML document once every alias is expanded: the largest shipped card file has under 5000, and
reading 50 000 takes PyYAML about a second."""

MAX_FOLDER_FILES = 1000
"""Card files in one folder: ten times a whole shipped set's, and each is parsed on every load."""
MAX_CARDS = 2000
"""Cards in one load of a file or folder: twenty times a starter set; each is checked (about 1 ms) and listed."""
MAX_ID_LENGTH = 64
"""An id (a card's) is a short word: it is written in every action, log line and view that names it."""
MAX_NAME_LENGTH = 200
"""A name (a card's, a deck's): shown on every board; the longest shipped card name is under 60."""
MAX_TEXT_LENGTH = 4000
"""Any other text of a card or deck (rules text, flavour, translations): the longest shipped is under 400."""
MAX_ZONE_CARDS = 200
"""Cards one zone of a scenario's state may list (each game's scenario loader applies it): four times a deck."""
MAX_SCENARIO_NUMBER = 1_000_000
"""Any other count a scenario's state sets (a player's hearts or LP, turn, credits...): 250 times 4000 LP."""

T = TypeVar("T")


def read_user_bytes(path: Path, what: str, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, refused past ``max_bytes`` (read no further: a FIFO or /dev/zero never ends)."""
    try:
        with path.open("rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise BadInput(f"{path}: no such {what} file") from None
    except IsADirectoryError:
        raise BadInput(f"{path}: is a folder, not a {what} file") from None
    except OSError as e:
        raise BadInput(f"{path}: cannot be read ({e})") from None
    if len(data) > max_bytes:
        raise BadInput(f"{path}: the {what} file is larger than {max_bytes} bytes, the most a {what} file may be")
    return data


def read_user_file(path: Path, what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path``; ``what`` names the kind of file in the messages ("deck", "saved game")."""
    data = read_user_bytes(path, what, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadInput(f"{path}: cannot be read ({e})") from None


class YamlLimit(yaml.MarkedYAMLError):
    """A document past one of the limits above: not a syntax error, so a loader says "too large", not "invalid"."""


class BoundedLoader(yaml.SafeLoader):
    """The safe loader with a nesting cap, enforced while composing (the composer recurses once per level, so a
    file of 100 000 ``[`` would otherwise end in a RecursionError). ``check_expansion`` checks the rest."""

    def __init__(self, stream: str | bytes) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_YAML_DEPTH:
                raise YamlLimit(None, None, f"nested deeper than {MAX_YAML_DEPTH} levels",
                                self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def check_expansion(root: yaml.Node) -> None:
    """Refuse a node tree that, aliases expanded, has more than ``MAX_YAML_NODES`` values, is nested deeper than
    ``MAX_YAML_DEPTH``, or contains itself. Each shared node is sized once, so the check itself is linear."""
    sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (values under it, expanded; its depth)
    open_: set[int] = set()

    def size(node: yaml.Node, depth: int) -> tuple[int, int]:
        known = sizes.get(id(node))
        if known is not None:
            if depth + known[1] > MAX_YAML_DEPTH:
                raise YamlLimit(None, None, f"nested deeper than {MAX_YAML_DEPTH} levels once its aliases are expanded",
                                            node.start_mark)
            return known
        if depth > MAX_YAML_DEPTH:
            raise YamlLimit(None, None, f"nested deeper than {MAX_YAML_DEPTH} levels once its aliases are expanded",
                                        node.start_mark)
        if id(node) in open_:
            raise YamlLimit(None, None, "an alias refers to a map or list that contains it", node.start_mark)
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        open_.add(id(node))
        total, deepest = 1, 0
        for child in children:
            n, d = size(child, depth + 1)
            total += n
            deepest = max(deepest, d + 1)
            if total > MAX_YAML_NODES:
                raise YamlLimit(None, None, f"more than {MAX_YAML_NODES} values once its aliases are expanded",
                                            node.start_mark)
        open_.discard(id(node))
        sizes[id(node)] = (total, deepest)
        return total, deepest

    size(root, 1)


def load_yaml(text: str, where: str, parenthesized: bool = False) -> Any:
    """``yaml.safe_load`` within the limits (``BoundedLoader``, ``check_expansion``); ``BadInput`` naming
    ``where`` (the file) for a syntax error or a limit passed. ``parenthesized``: the place is written
    " (line L, column C)", as deck files always said it, rather than " at line L, column C"."""
    at = f"{where}: " if where else ""

    def yaml_where(e: yaml.YAMLError) -> str:
        place = _yaml_place(e)
        return "" if place is None else f" ({place})" if parenthesized else f" at {place}"

    loader = BoundedLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        check_expansion(node)
        return loader.construct_document(node)
    except YamlLimit as e:
        raise BadInput(f"{at}too large{yaml_where(e)}: {e.problem}") from None
    except yaml.YAMLError as e:
        raise BadInput(f"{at}not valid YAML{yaml_where(e)}: {getattr(e, 'problem', None) or e}") from None
    except RecursionError:
        raise BadInput(f"{at}nested too deep to read") from None
    finally:
        loader.dispose()


def _yaml_place(e: yaml.YAMLError) -> str | None:
    """"line L, column C" of a YAML error, or None when it has no place."""
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else None


def yaml_where(e: yaml.YAMLError) -> str:
    """" at line L, column C" of a YAML error, or nothing when it has no place."""
    place = _yaml_place(e)
    return f" at {place}" if place is not None else ""


def at_most(items: Iterable[T], limit: int, message: str) -> list[T]:
    """The items of ``items`` (a lazy folder listing, say), refused with ``message`` past ``limit``: stops
    reading at the first one too many."""
    out: list[T] = []
    for item in items:
        if len(out) == limit:
            raise BadInput(message)
        out.append(item)
    return out


def long_texts(raw: Any, limit: int, path: str = "") -> list[tuple[str, int]]:
    """Every text under ``raw`` (already loaded within ``MAX_YAML_NODES``) longer than ``limit``, as
    (field path, length): a card's or deck's words are repeated in every log line and view."""
    out: list[tuple[str, int]] = []
    stack: list[tuple[str, Any]] = [(path, raw)]
    while stack:
        where, v = stack.pop()
        if isinstance(v, str):
            if len(v) > limit:
                out.append((where, len(v)))
        elif isinstance(v, dict):
            for k, sub in v.items():
                key = str(k)[:40]
                stack.append((f"{where}.{key}" if where else key, sub))
                if isinstance(k, str) and len(k) > limit:
                    out.append((f"{where}.{key}..." if where else f"{key}...", len(k)))
        elif isinstance(v, list):
            stack.extend((f"{where}[{i}]", sub) for i, sub in enumerate(v))
    return sorted(out)
