"""The shape the package keeps so that a reader can hold any function whole (issue 18): no function longer
than 60 lines (from its ``def`` to its last line, docstring included), alongside ruff's complexity rule
(C901, at most 15, in pyproject.toml). The next games and front ends are held to it too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tablero"
MAX_LINES = 60
# the functions still over the limit, to be split (issue 18): none since every one was split. The set may only
# shrink: a function that gets within the limit must leave it, and no other may join it (a ratchet, so the
# limit holds for all new code)
STILL_LONG: set[str] = set()


def test_no_function_is_longer_than_sixty_lines() -> None:
    long: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = (node.end_lineno or node.lineno) - node.lineno + 1
                if n > MAX_LINES:
                    long[f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"] = n
    new = {k: v for k, v in long.items() if k not in STILL_LONG}
    assert not new, f"functions over {MAX_LINES} lines: {new}"
    assert STILL_LONG <= set(long), f"within the limit now, take them off STILL_LONG: {STILL_LONG - set(long)}"


def test_no_game_class_stands_on_more_than_one_level_of_engine_classes() -> None:
    """Issue 18: a game is collaborators over one state, not a tower of mixins. A class of the package may
    extend a class of the package (``ChoqueGame(Game)``) only if that one extends none of the package's."""
    bases: dict[str, list[str]] = {}
    where: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                         for b in node.bases]
                bases.setdefault(node.name, names)
                where.setdefault(node.name, path.relative_to(PACKAGE).as_posix())
    tall = []
    for name, mine in bases.items():
        if not where[name].startswith("games/"):
            continue
        for b in mine:
            grand = [x for x in bases.get(b, []) if x in bases]
            if b in bases and grand:
                tall.append(f"{where[name]}:{name}({b}({', '.join(grand)}))")
    assert "ChoqueGame" in bases and bases["ChoqueGame"] == ["Game"]
    assert not tall, f"classes on a tower of engine classes: {tall}"


def test_a_gathered_keyword_is_read_in_its_own_module() -> None:
    """Issue 18: the state a keyword of ``games/choque/exclusive/`` keeps (``Player.toxina_now``...) is read
    and written by its module alone, besides the state that holds it and the refusals that quote it."""
    choque = PACKAGE / "games" / "choque"
    for module in sorted((choque / "exclusive").glob("*.py")):
        if module.name == "__init__.py":
            continue
        field = f"{module.stem}_"
        strays = [p.relative_to(choque).as_posix() for p in sorted(choque.rglob("*.py"))
                  if p != module and p.name != "state.py" and "refusals" not in p.parts
                  and f".{field}" in p.read_text(encoding="utf-8")]
        assert not strays, f"{module.stem}'s state is touched outside exclusive/{module.name}: {strays}"
