"""The rules judge: run scenario files (``docs/scenarios.md``) and report PASS / FAIL.

Game-agnostic: the file's ``game`` names a registered game whose scenario loader builds the position.
Implicit passes follow the spec: before each scripted action (unless it says ``now: true``), and after the
last entry, every pending *optional* decision that the next action does not answer is answered with ``pass``.
A checkpoint entry (``{check: {...}}``) is asserted where the previous entry left the game, before any
implicit pass, so a file can show what was offered before the runner declines it. The judge's own action
keys (``expect``, ``now``) are stripped before an action reaches the engine.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablero.core import BadInput, IllegalAction, TableroError, scenario_game
from tablero.core.files import MAX_FILE_BYTES, MAX_SCENARIO_NUMBER, MAX_ZONE_CARDS, load_yaml
from tablero.core.registry import DEFAULT_GAME
from tablero.core.shown import shown

_KEYS = {"name", "rules", "game", "edition", "seed", "description", "options", "cards", "state", "actions",
         "expect"}
_MAX_AUTO_PASSES = 10_000
_JUDGE_KEYS = ("expect", "now")  # the judge's own action keys, never passed to the engine
_RULE_ID = re.compile(r"^[A-Z]+-\d+(?:\.\d+)*$")
_FORMS = ("unordered", "count")
MAX_SCENARIO_ACTIONS = 1000
"""Entries of ``actions`` (the longest shipped scenario has 17): each is played, with its implicit passes."""
__all__ = ["MAX_SCENARIO_ACTIONS", "MAX_SCENARIO_NUMBER", "MAX_ZONE_CARDS", "Result", "load", "play", "run_file"]


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
    """A scenario file's document, read within the core's limits (``core.files``: size, nesting, aliases)."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise BadInput(f"cannot read file: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise BadInput(f"{path.name}: the scenario file is larger than {MAX_FILE_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput("the file is not UTF-8 text") from None
    doc = load_yaml(text, "")
    if not isinstance(doc, dict):
        raise BadInput("a scenario file must be a map (name, state, actions, expect, ...)")
    unknown = set(map(str, doc)) - _KEYS
    if unknown:
        raise BadInput(f"unknown top-level key(s) {', '.join(sorted(unknown))}")
    return doc


def play(doc: dict[str, Any]) -> Any:
    """Build the position and play the scripted entries; returns the game (raises ScenarioFailure)."""
    game_name = doc.get("game", DEFAULT_GAME)
    if not isinstance(game_name, str):
        raise BadInput(f"game: must be a name, got {shown(game_name)}")
    description = doc.get("description")
    if description is not None and not isinstance(description, str):
        raise BadInput(f"description: must be text, got {shown(description)}")
    entries = doc.get("actions") or []
    if not isinstance(entries, list):
        raise BadInput("actions: must be a list of action objects")
    if len(entries) > MAX_SCENARIO_ACTIONS:
        raise BadInput(f"actions: {len(entries)} entries, at most {MAX_SCENARIO_ACTIONS}")
    game = scenario_game(game_name, doc)
    for i, entry in enumerate(entries):
        if isinstance(entry, dict) and "check" in entry:
            _checkpoint(game, entry, i + 1)
            continue
        _scripted(game, entry, f"action {i + 1}")
    _auto_pass(game, None)
    return game


def _checkpoint(game: Any, entry: dict[str, Any], position: int) -> None:
    """A ``{check: {...}}`` entry: asserted where the previous entry left the game, before any implicit pass
    (so a file can show that an optional decision was offered before the runner passes it)."""
    where = f"check at entry {position}"
    extra = sorted(map(str, set(entry) - {"check"}))
    if extra:
        raise BadInput(f"{where}: a checkpoint has only the key 'check', got also {', '.join(extra)}")
    if not isinstance(entry["check"], dict) or not entry["check"]:
        raise BadInput(f"{where}: must be a map of observation path -> value, got {shown(entry['check'])}")
    problems = check_expect(game.observe(), entry["check"], where)
    if problems:
        raise ScenarioFailure(f"{where}: " + "; ".join(problems))


def _scripted(game: Any, act: Any, where: str) -> None:
    """Apply one scripted action: implicit passes first (unless ``now``), then the action, which must be
    accepted, or refused with the expected rule and no change when it carries ``expect``."""
    if not isinstance(act, dict):
        raise BadInput(f"{where}: must be a map like {{player: A, do: pass}}")
    want_rule = _expected_refusal(act.get("expect"), where)
    now = act.get("now", False)
    if not isinstance(now, bool):
        raise BadInput(f"{where}: 'now' must be true or false, got {shown(now)}")
    engine_act = {k: v for k, v in act.items() if k not in _JUDGE_KEYS}
    if not now:
        _auto_pass(game, engine_act)
    if want_rule is None:
        try:
            game.apply(engine_act)
        except IllegalAction as e:
            raise ScenarioFailure(f"{where} {_short(engine_act)} refused: {e}") from None
        return
    before = json.dumps(game.observe(), sort_keys=True)
    try:
        game.apply(engine_act)
    except IllegalAction as e:
        if e.rule is None:
            raise ScenarioFailure(f"{where} was refused without a rule id: {e}") from None
        if want_rule and not _names_rule(e.rule, want_rule):
            raise ScenarioFailure(f"{where} {_short(engine_act)} was refused under {e.rule}, expected {want_rule} "
                                  f"(or a sub-rule of it): {e}") from None
        if json.dumps(game.observe(), sort_keys=True) != before:
            raise ScenarioFailure(f"{where} was refused but the observation changed") from None
        return
    raise ScenarioFailure(f"{where} {_short(engine_act)} was accepted; expected illegal"
                          + (f" ({want_rule})" if want_rule else ""))


def _expected_refusal(expect: Any, where: str) -> str | None:
    """An action's ``expect``: ``None`` (it must be accepted), ``""`` (refused for any rule) or the rule id
    the refusal must name (``{illegal: CH-6.1}``)."""
    if expect is None:
        return None
    if expect == "illegal":
        return ""
    if isinstance(expect, dict) and set(expect) == {"illegal"}:
        rule = expect["illegal"]
        if isinstance(rule, str) and _RULE_ID.match(rule):
            return rule
        raise BadInput(f"{where}: expect.illegal must be a rule id like CH-6.1, got {shown(rule)}")
    raise BadInput(f"{where}: 'expect' may only be 'illegal' or {{illegal: RULE-ID}}, got {shown(expect)}")


def _names_rule(rule: str, wanted: str) -> bool:
    """Whether a refusal's rule is ``wanted`` or one of its sub-rules: CH-6.1.2 is under CH-6.1, CH-6.10 is not."""
    return rule == wanted or rule.startswith(wanted + ".")


def _auto_pass(game: Any, nxt: dict[str, Any] | None) -> None:
    for _ in range(_MAX_AUTO_PASSES):
        passing = game.pass_action()
        if passing is None:
            return  # over, or a decision that may not be declined
        if nxt is not None and game.answers(nxt):
            return
        game.apply(passing)
    raise ScenarioFailure("the game kept asking optional decisions (more than 10,000 implicit passes)")


def _short(act: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in act.items() if k not in _JUDGE_KEYS) + "}"


def check_expect(obs: dict[str, Any], expect: Any, where: str = "expect") -> list[str]:
    """What does not hold of ``expect`` (path -> value) in ``obs``; a malformed path or form is a BadInput."""
    if expect is None:
        return []
    if not isinstance(expect, dict):
        raise BadInput(f"{where}: must be a map of observation path -> value")
    problems = []
    for raw_path, want in expect.items():
        path = str(raw_path)
        try:
            got = _lookup(obs, path, where)
        except _ThroughEmpty as e:
            problems.append(f"{path}: expected {_js(want)}, but {e.prefix} is empty (null)")
            continue
        problem = _compare(path, got, want, where)
        if problem:
            problems.append(problem)
    return problems


def _compare(path: str, got: Any, want: Any, where: str) -> str | None:
    """One path's mismatch, or None. The value forms ``{unordered: [..]}`` and ``{count: N}`` are maps with
    that one key; a hand is always compared as a multiset."""
    if isinstance(want, dict) and len(want) == 1 and next(iter(want)) in _FORMS:
        form, arg = next(iter(want.items()))
        if form == "unordered":
            if not isinstance(arg, list):
                raise BadInput(f"{where}: {path}: 'unordered' takes a list, got {shown(arg)}")
            if not isinstance(got, list):
                return f"{path}: expected a list {_js(arg)} (any order), got {_js(got)}"
            return None if _multiset(got) == _multiset(arg) else \
                f"{path}: expected {_js(arg)} (any order), got {_js(got)}"
        if isinstance(arg, bool) or not isinstance(arg, int) or arg < 0:
            raise BadInput(f"{where}: {path}: 'count' takes a whole number >= 0, got {shown(arg)}")
        if not isinstance(got, list):
            return f"{path}: expected a list of {arg}, got {_js(got)}"
        return None if len(got) == arg else f"{path}: expected {arg} item(s), got {len(got)}: {_js(got)}"
    if path.split(".")[-1] == "hand" and isinstance(got, list) and isinstance(want, list):
        return None if _multiset(got) == _multiset(want) else f"{path}: expected {want} (any order), got {got}"
    return None if got == want else f"{path}: expected {_js(want)}, got {_js(got)}"


def _multiset(items: list[Any]) -> Counter[str]:
    return Counter(json.dumps(x, sort_keys=True, ensure_ascii=False) for x in items)


def _js(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


class _ThroughEmpty(Exception):
    """A path that runs through an empty zone (``A.C1.hearts`` with nothing in C1): a mismatch, not a typo."""

    def __init__(self, prefix: str) -> None:
        super().__init__(prefix)
        self.prefix = prefix


def _lookup(obs: dict[str, Any], path: str, where: str = "expect") -> Any:
    cur: Any = obs
    parts = path.split(".")
    for n, part in enumerate(parts):
        if cur is None and n > 0:
            raise _ThroughEmpty(".".join(parts[:n]))
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            raise BadInput(f"{where}: unknown observation path {path!r}")
    if isinstance(cur, dict) and "card" in cur:
        return cur["card"]  # a zone object compares as its card id; a longer path reaches its other keys
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
