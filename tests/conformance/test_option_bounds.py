"""Issue 37: every engine option of every game has a range, declared with it (``core/options.py``), and is
checked against it before any game is made, in every front end: ``GamePlugin.check_options`` (the core),
the CLI (exit 2), the rules judge (a FAIL naming it) and the API (422, ``tests/server/test_bounds.py``).
A value is sent at, just inside and just outside its bounds, and the answer comes within a small time and
memory limit, so no option can make the work unbounded: ``deuses.field_size: 1000000000`` once made every
view list a billion slots."""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablero.cli import main
from tablero.core import BadInput
from tablero.core.options import Option
from tablero.core.registry import plugin, plugins, words
from tablero.scenario import run_file

RECORDS = [(p.name, o) for p in plugins() for o in p.options()]
IDS = [o.name for _, o in RECORDS]
SCENARIOS = Path(__file__).parents[2] / "scenarios"
SECONDS = 20.0  # an answer, or a game set up and shown at an accepted extreme, takes far less (a loaded CI too)
BYTES = 64 * 2**20  # and allocates far less at its peak


@contextmanager
def bounded() -> Iterator[None]:
    """The block ends within ``SECONDS`` and its allocations peak under ``BYTES``."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        yield
    finally:
        took = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert took < SECONDS, f"{took:.1f} s"
    assert peak < BYTES, f"{peak / 2**20:.0f} MiB"


def accepts(option: Option, value: Any) -> bool:
    """What the contract says an option accepts (written apart from ``Option.check``, which it judges)."""
    if option.type == "bool":
        return isinstance(value, bool)
    if isinstance(value, str):
        return value in option.choices
    if option.type == "text" or isinstance(value, bool) or not isinstance(value, int):
        return False
    assert option.minimum is not None and option.maximum is not None
    return option.minimum <= value <= option.maximum


def around(option: Option) -> st.SearchStrategy[Any]:
    """Values at, just inside and just outside the option's bounds, its words, and values of other types."""
    edges: list[Any] = [True, False, None, 0, -1, 1.5, "", "yes", [1], {"a": 1}, *option.choices]
    if option.type == "int":
        assert option.minimum is not None and option.maximum is not None
        lo, hi = option.minimum, option.maximum
        edges += [lo, hi, lo - 1, hi + 1, lo + 1, hi - 1, 10**9, -(10**9), 2**63, 10**100, str(hi)]
        inside = st.integers(lo, hi)
    else:
        inside = st.sampled_from(option.choices or (True, False))
    return st.one_of(st.sampled_from(edges), inside, st.integers(), st.text(max_size=12), st.floats())


def test_every_whole_number_option_declares_its_range() -> None:
    """A whole-number option without both bounds cannot even be declared, and every game's are."""
    with pytest.raises(ValueError):
        Option("any.count", 3)
    with pytest.raises(ValueError):
        Option("any.count", 3, minimum=1)
    from tablero.core.registry import game_catalogue

    listed = {o["name"]: o for g in game_catalogue() for o in g["options"]}  # tablero games --json, /api/catalog
    for _game, option in RECORDS:
        assert listed[option.name] == {"name": option.name, "type": option.type, "default": option.default,
                                       "minimum": option.minimum, "maximum": option.maximum,
                                       "choices": list(option.choices), "help": option.help}
        assert option.type in ("bool", "int", "text")
        if option.type == "int":
            assert option.minimum is not None and option.maximum is not None
        assert accepts(option, option.default)


@pytest.mark.parametrize(("game", "option"), RECORDS, ids=IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_option_is_checked_against_its_range_before_a_game_is_made(game: str, option: Option,
                                                                          data: st.DataObject) -> None:
    value = data.draw(around(option))
    p = plugin(game)
    with bounded():
        try:
            got = p.check_options({option.name: value})
        except BadInput as e:
            said = str(e)
            assert not accepts(option, value), said
            assert option.name in said
            if option.type == "int":
                assert f"from {option.minimum} to {option.maximum}" in said
            for lang in ("es", "pt"):  # and in the reader's language, naming the same range
                assert option.name in words(game).say(e.text, lang) and said != words(game).say(e.text, lang)
        else:
            assert accepts(option, value), value
            assert got == ({} if value == option.default else {option.name: value})


def extremes(option: Option) -> list[Any]:
    if option.type == "int":
        return [option.minimum, option.maximum, *option.choices]
    return [*option.choices] if option.type == "text" else [True, False]


@pytest.mark.parametrize(("game", "option"), RECORDS, ids=IDS)
def test_a_game_at_each_accepted_extreme_is_set_up_and_shown_within_bounds(game: str, option: Option) -> None:
    p = plugin(game)
    for value in extremes(option):
        with bounded():
            g = p.random_game(1, options={option.name: value})
            for _ in range(30):  # a few decisions, each one listed and shown to both seats
                if g.is_over:
                    break
                legal = g.legal_actions()
                for seat in ("A", "B"):
                    json.dumps(g.view(seat))
                g.apply(legal[len(legal) // 2])


def outside(option: Option) -> Any:
    return option.maximum + 1 if option.type == "int" else "sometimes" if option.type == "text" else "yes"


@pytest.mark.parametrize(("game", "option"), RECORDS, ids=IDS)
def test_the_cli_refuses_a_value_outside_the_range_with_exit_2_in_the_readers_language(game: str,
                                                                                       option: Option) -> None:
    bad = outside(option)
    with bounded():
        r = CliRunner().invoke(main, ["demo", "--game", game, "--option", f"{option.name}={bad}", "--lang", "pt"])
    assert r.exit_code == 2, r.output
    assert option.name in r.output and "opção do motor" in r.output and "Traceback" not in r.output
    if option.type == "int":
        assert f"de {option.minimum} a {option.maximum}" in r.output


@pytest.mark.parametrize(("game", "option"), [(g, o) for g, o in RECORDS if o.type == "int"],
                         ids=[o.name for _, o in RECORDS if o.type == "int"])
def test_the_cli_plays_at_each_bound(game: str, option: Option) -> None:
    for value in (option.minimum, option.maximum):
        r = CliRunner().invoke(main, ["demo", "--game", game, "--option", f"{option.name}={value}", "--seed", "3"])
        assert r.exit_code == 0, r.output


def scenario_of(game: str) -> Path:
    """A scenario file of the public suite that plays ``game``."""
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and doc.get("game", "choque") == game and "options" not in doc:
            return path
    raise AssertionError(f"no scenario of {game}")


@pytest.mark.parametrize(("game", "option"), RECORDS, ids=IDS)
def test_the_judge_fails_a_file_whose_option_is_outside_its_range(game: str, option: Option,
                                                                  tmp_path: Path) -> None:
    doc = yaml.safe_load(scenario_of(game).read_text(encoding="utf-8"))
    for value, ok in ((outside(option), False), (10**9, False), (extremes(option)[0], True)):
        f = tmp_path / "s.yaml"
        f.write_text(yaml.safe_dump({**doc, "options": {option.name: value}}), encoding="utf-8")
        with bounded():
            result = run_file(f)
        if ok:  # accepted: whatever else the file finds, its option is not what it says is wrong
            assert f"engine option {option.name}" not in result.reason
        else:
            assert not result.ok and f"engine option {option.name}" in result.reason, result.reason
