"""Issue 19, "Done when": a game reaches the rest of the table only through its plugin. No module outside
``games/`` imports a game package, and neither the server nor the browser holds a word of any registered
game (its name, edition ids, zone, keyword and card ids: ``GamePlugin.vocabulary``; nor its rule ids)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tablero.core.registry import plugins

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tablero"
GAMES = PACKAGE / "games"
GENERIC = sorted([*(PACKAGE / "server").rglob("*.py"), *(PACKAGE / "web").glob("*.js")])


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve it against the module's package
                parts = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-node.level]
                base = ".".join([*parts, base] if base else parts)
            found += [base] + [f"{base}.{a.name}" for a in node.names]
    return found


def test_no_module_outside_games_imports_a_game() -> None:
    outside = [p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents]
    assert len(outside) > 50
    bad = {str(p.relative_to(PACKAGE)): names for p in outside
           if (names := [n for n in _imports(p) if n.startswith("tablero.games.")])}
    assert not bad, bad


def _text(path: Path) -> str:
    """A module's text; a Python one without its docstrings' and comments' prose is not spared: prose that
    names a game's zone is a sign the code assumes it."""
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(p.name for p in plugins()))
def test_the_server_and_the_browser_hold_no_word_of_a_game(game: str) -> None:
    from tablero.core.registry import plugin

    p = plugin(game)
    words = p.vocabulary()
    rule = re.compile(rf"\b{re.escape(p.rule_prefix)}-\d")  # a rule of the game's own (CH-11.2)
    assert {game, "C1", "mictlan", "alma_de_ambar"} <= words if game == "choque" else game in words
    found: dict[str, list[str]] = {}
    for path in GENERIC:
        text = _text(path)
        hits = sorted({w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text,
                                                     re.IGNORECASE if w == game else 0)})
        hits += sorted(set(rule.findall(text)))
        if hits:
            found[str(path.relative_to(PACKAGE))] = hits
    assert not found, found


def test_package_data_finds_every_games_files_by_globs() -> None:
    """Both builds ship what ``pyproject.toml`` names: every game's cards, decks, limited lists and
    catalogues through globs over ``games/*/``, so a new game needs no line there."""
    import tomllib

    data = tomllib.loads((PACKAGE.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["tablero"]
    games = [p for p in patterns if p.startswith("games/")]
    wanted = {"games/*/cards/*.yaml", "games/*/decks/*.yaml", "games/*/limited/*.yaml", "games/*/locales/*.po"}
    assert wanted <= set(games)
    assert all(p.startswith("games/*/") for p in games), games
    for p in plugins():  # and they find each game's files: every file of each folder they name
        for folder in {pattern.split("/")[2] for pattern in games}:
            files = {f for f in (GAMES / p.name / folder).glob("*") if f.is_file() and not f.name.startswith(".")}
            shipped = {f for pattern in games if pattern.split("/")[2] == folder
                       for f in PACKAGE.glob(pattern.replace("*", p.name, 1))}
            assert files <= shipped, (folder, files - shipped)
