"""The rules judge: run scenario files (``docs/scenarios.md``) and report PASS / FAIL.

Game-agnostic: the file's ``game`` names a registered game whose scenario loader builds the position.
Implicit passes follow the spec: before each scripted action, and after the last, every pending *optional*
decision that the next action does not answer is answered with ``pass``.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tablero.core import BadInput, IllegalAction, TableroError, scenario_loader

_KEYS = {"name", "rules", "game", "edition", "seed", "description", "options", "cards", "state", "actions",
         "expect"}
_MAX_AUTO_PASSES = 10_000


@dataclass
class Result:
    name: str
    ok: bool
    reason: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.ok else f"FAIL {self.name}: {self.reason}"


class ScenarioFailure(Exception):
    """A scenario did not hold (a FAIL line), as opposed to a bug in the judge."""


def find_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.is_file() and f.suffix in (".yaml", ".yml", ".json")))
        else:
            out.append(p)
    return out


def load(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise BadInput(f"cannot read file: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise BadInput("the file is not UTF-8 text") from None
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise BadInput(f"not valid YAML{where}: {getattr(e, 'problem', None) or e}") from None
    if not isinstance(doc, dict):
        raise BadInput("a scenario file must be a map (name, state, actions, expect, ...)")
    unknown = set(map(str, doc)) - _KEYS
    if unknown:
        raise BadInput(f"unknown top-level key(s) {', '.join(sorted(unknown))}")
    return doc


def play(doc: dict[str, Any]) -> Any:
    """Build the position and play the scripted actions; returns the game (raises ScenarioFailure)."""
    game_name = doc.get("game", "choque")
    if not isinstance(game_name, str):
        raise BadInput(f"game: must be a name, got {game_name!r}")
    game = scenario_loader(game_name)(doc, None)
    actions = doc.get("actions") or []
    if not isinstance(actions, list):
        raise BadInput("actions: must be a list of action objects")
    for i, act in enumerate(actions):
        where = f"action {i + 1}"
        if not isinstance(act, dict):
            raise BadInput(f"{where}: must be a map like {{player: A, do: pass}}")
        expect = act.get("expect")
        if expect not in (None, "illegal"):
            raise BadInput(f"{where}: 'expect' may only be 'illegal', got {expect!r}")
        _auto_pass(game, act)
        if expect == "illegal":
            before = json.dumps(game.observe(), sort_keys=True)
            try:
                game.apply(act)
            except IllegalAction as e:
                if e.rule is None:
                    raise ScenarioFailure(f"{where} was refused without a rule id: {e}") from None
                if json.dumps(game.observe(), sort_keys=True) != before:
                    raise ScenarioFailure(f"{where} was refused but the observation changed") from None
                continue
            raise ScenarioFailure(f"{where} {_short(act)} was accepted; expected illegal")
        try:
            game.apply(act)
        except IllegalAction as e:
            raise ScenarioFailure(f"{where} {_short(act)} refused: {e}") from None
    _auto_pass(game, None)
    return game


def _auto_pass(game: Any, nxt: dict[str, Any] | None) -> None:
    for _ in range(_MAX_AUTO_PASSES):
        d = game.pending
        if d is None or not d.optional:
            return
        if nxt is not None and game.answers(nxt):
            return
        game.apply({"player": d.player, "do": "pass"})
    raise ScenarioFailure("the game kept asking optional decisions (more than 10,000 implicit passes)")


def _short(act: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in act.items() if k != "expect") + "}"


def check_expect(obs: dict[str, Any], expect: Any) -> list[str]:
    if expect is None:
        return []
    if not isinstance(expect, dict):
        raise BadInput("expect: must be a map of observation path -> value")
    problems = []
    for path, want in expect.items():
        got = _lookup(obs, str(path))
        if str(path).split(".")[-1] == "hand" and isinstance(got, list) and isinstance(want, list):
            if Counter(map(str, got)) != Counter(map(str, want)):
                problems.append(f"{path}: expected {want} (any order), got {got}")
            continue
        if got != want:
            problems.append(f"{path}: expected {json.dumps(want, ensure_ascii=False)}, "
                            f"got {json.dumps(got, ensure_ascii=False)}")
    return problems


_MISSING = object()


def _lookup(obs: dict[str, Any], path: str) -> Any:
    cur: Any = obs
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            raise BadInput(f"expect: unknown observation path {path!r}")
    if isinstance(cur, dict) and "card" in cur:
        return cur["card"]  # a zone object compares as its card id
    return cur


def run_file(path: Path) -> Result:
    name = path.stem
    try:
        doc = load(path)
        if isinstance(doc.get("name"), str):
            name = doc["name"]
        game = play(doc)
        problems = check_expect(game.observe(), doc.get("expect"))
        if problems:
            return Result(name, False, "; ".join(problems))
        return Result(name, True)
    except ScenarioFailure as e:
        return Result(name, False, str(e))
    except TableroError as e:
        return Result(name, False, str(e))
    except Exception as e:  # an engine bug must not stop the judge: report it on the file's line
        return Result(name, False, f"internal error {type(e).__name__}: {e} (please report this file)")


def show(path: Path, view: str | None = None) -> dict[str, Any]:
    """The final observation of a scenario, or what player ``view`` may see of it."""
    doc = load(path)
    game = play(doc)
    return game.view(view) if view else game.observe()  # type: ignore[no-any-return]
