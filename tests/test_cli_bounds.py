"""Issue 37: no input may make the work unbounded. Every number of the command line that sizes work has a
range that Click refuses (exit status 2, a message naming the flag and its range) before anything runs, and
so do the ``--option KEY=VALUE`` pairs; the terminal's prompts answer a huge number or a huge line with a
message, not a traceback.

A value at a bound is seen accepted by running the command with another argument that stops it right after
Click has parsed everything (an unknown agent, game, file or database): it then fails with its own message,
not Click's, and no game is played."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablero.cli import main

SEED_MAX = 2**63 - 1  # rng.secure_seed's range, what a signed 64-bit column holds
WORKERS_MAX = max(64, os.cpu_count() or 1)
DECKS = ["furia_jaguar", "veneno_serpiente"]
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# a command and the arguments that stop it once parsed, with the message it then stops with
STOPS: dict[str, tuple[list[str], str]] = {
    "simulate": (["simulate", "--decks", *DECKS, "--agents", "wizard"], "unknown agent 'wizard'"),
    "play": (["play", "--game", "no_such_game"], "no_such_game"),
    "demo": (["demo", "--game", "no_such_game"], "no_such_game"),
    "replay": (["replay", "no_such_dir/no_such_file.json"], "no_such_file.json"),
    "serve": (["serve", "--db", "nosuchdialect://"], "cannot open the database"),
}

# (command, flag, lowest, highest, whether the lowest is excluded): every bounded number
INTS: list[tuple[str, str, int, int]] = [
    ("simulate", "--games", 1, 1_000_000),
    ("simulate", "--seed", 0, SEED_MAX),
    ("simulate", "--workers", 1, WORKERS_MAX),
    ("simulate", "--iterations", 1, 1_000_000),
    ("play", "--seed", 0, SEED_MAX),
    ("demo", "--seed", 0, SEED_MAX),
    ("replay", "--game", 1, 1000),
    ("serve", "--port", 1, 65535),
    ("serve", "--registrations-per-hour", 1, 10_000),
]
FLOATS: list[tuple[str, str, float, float, bool]] = [
    ("simulate", "--budget", 0.0, 3600.0, True),
    ("play", "--budget", 0.01, 3600.0, False),
    ("serve", "--token-days", 0.0, 3650.0, True),
    ("serve", "--claim-minutes", 0.0, 43_200.0, True),
    ("serve", "--grace", 1.0, 600.0, False),
]


def invoke(command: str, *extra: str, stdin: str = "") -> Any:
    args, _ = STOPS[command]
    return CliRunner().invoke(main, [args[0], *extra, *args[1:]], input=stdin)


def accepted(command: str, *extra: str) -> None:
    """Click took every argument: the command went on to stop where ``STOPS`` makes it, with its own message."""
    res = invoke(command, *extra)
    _, stopped_by = STOPS[command]
    assert "Invalid value" not in res.output, res.output
    assert res.exit_code == 2 and stopped_by in res.output, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception


def refused(command: str, flag: str, value: str, *range_words: str, extra: tuple[str, ...] = ()) -> None:
    """Click refused ``flag value``: exit status 2, the flag named, and the words of its range."""
    res = invoke(command, *extra, flag, value)
    assert res.exit_code == 2, res.output
    assert f"Invalid value for '{flag}'" in res.output, res.output
    for w in range_words:
        assert w in res.output, (w, res.output)
    assert "Traceback" not in res.output


def _fmt(x: float) -> str:
    return repr(float(x))


@pytest.mark.parametrize("command, flag, lo, hi", INTS, ids=[f"{c} {f}" for c, f, *_ in INTS])
def test_an_integer_flag_takes_its_bounds_and_refuses_past_them(command: str, flag: str, lo: int, hi: int) -> None:
    accepted(command, flag, str(lo))
    accepted(command, flag, str(hi))
    refused(command, flag, str(hi + 1), str(lo), str(hi))
    refused(command, flag, str(lo - 1), str(lo), str(hi))

    @FEW
    @given(inside=st.integers(lo, hi), beyond=st.integers(hi + 1, hi * 10**12) | st.integers(max_value=lo - 1))
    def values(inside: int, beyond: int) -> None:
        accepted(command, flag, str(inside))
        refused(command, flag, str(beyond), str(hi))

    values()


@pytest.mark.parametrize("command, flag, lo, hi, lo_open", FLOATS, ids=[f"{c} {f}" for c, f, *_ in FLOATS])
def test_a_float_flag_takes_its_bounds_and_refuses_past_them(command: str, flag: str, lo: float, hi: float,
                                                              lo_open: bool) -> None:
    accepted(command, flag, _fmt(hi))
    if lo_open:
        refused(command, flag, _fmt(lo), _fmt(hi).removesuffix(".0"))
    else:
        accepted(command, flag, _fmt(lo))
        refused(command, flag, _fmt(lo / 2), _fmt(hi).removesuffix(".0"))
    refused(command, flag, _fmt(hi * 1.0001), _fmt(hi).removesuffix(".0"))
    for never in ("nan", "inf", "-inf", "NaN"):  # nan passes every comparison: mcts then searched for ever
        refused(command, flag, never)

    @FEW
    @given(inside=st.floats(lo, hi, exclude_min=True), beyond=st.floats(hi * 1.001, 1e300))
    def values(inside: float, beyond: float) -> None:
        accepted(command, flag, repr(inside))
        refused(command, flag, repr(beyond))

    values()


# -- --option KEY=VALUE ------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["simulate", "play", "demo"])
def test_option_pairs_are_at_most_16_of_at_most_64_characters(command: str) -> None:
    def pairs(n: int) -> list[str]:
        return [a for i in range(n) for a in ("--option", f"choque.x{i}=true")]

    accepted(command, *pairs(16))
    accepted(command, "--option", "k" * 64 + "=" + "v" * 64)
    res = invoke(command, *pairs(17))
    assert res.exit_code == 2 and "Invalid value for '--option'" in res.output and "16" in res.output, res.output
    for pair, what in (("k" * 65 + "=true", "KEY"), ("choque.x=" + "v" * 65, "VALUE")):
        res = invoke(command, "--option", pair)
        assert res.exit_code == 2 and "Invalid value for '--option'" in res.output, res.output
        assert what in res.output and "64" in res.output, res.output
        assert len(res.output) < 1000  # the long text is cut in the message

    @FEW
    @given(n=st.integers(17, 60), size=st.integers(65, 5000))
    def values(n: int, size: int) -> None:
        assert invoke(command, *pairs(n)).exit_code == 2
        res = invoke(command, "--option", "choque.x=" + "v" * size)
        assert res.exit_code == 2 and "Invalid value for '--option'" in res.output and len(res.output) < 1000

    values()


def test_trusted_proxies_are_at_most_64() -> None:
    proxies = [a for i in range(64) for a in ("--trusted-proxy", f"10.0.{i}.1")]
    accepted("serve", *proxies)
    res = invoke("serve", *proxies, "--trusted-proxy", "10.1.0.1")
    assert res.exit_code == 2 and "Invalid value for '--trusted-proxy'" in res.output and "64" in res.output


def test_the_help_states_each_range() -> None:
    for command, flag, _, hi in [*INTS, *((c, f, lo, hi) for c, f, lo, hi, _ in FLOATS)]:
        text = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        want = str(hi) if isinstance(hi, int) else f"{hi:g}"
        assert flag in text and f"<={want}" in text.replace(".0", ""), (command, flag, text)


# -- the terminal's prompts ---------------------------------------------------------------------------------

HUGE = "9" * 5000  # int() refuses more than 4300 digits with a ValueError


def play_with(typed: str) -> Any:
    return CliRunner().invoke(main, ["play", "--vs", "random", "--seed", "2", "--lang", "en"], input=typed + "\nq\n")


@pytest.mark.parametrize("typed, said", [
    (HUGE, "There is no option 99999"),
    ("²", "I don't understand"),  # a digit to str.isdigit, not to int()
    ("x" * 1_000_000, "I don't understand"),
    ("1" * 1_000_000, "I don't understand"),  # past the longest line read: not a number any more
])
def test_play_answers_a_huge_number_or_line_with_a_message(typed: str, said: str) -> None:
    res = play_with(typed)
    assert res.exception is None, repr(res.exception)
    assert res.exit_code == 0 and said in res.output, res.output[-2000:]
    assert "You leave the game." in res.output or "quit" in res.output.lower()
    assert len(res.output) < 200_000  # a long line is not written back whole


@FEW
@given(typed=st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e"
                                                                                     "\x85\u2028\u2029"),
                     max_size=50) | st.text("0123456789", min_size=4301, max_size=6000))
def test_play_never_breaks_on_what_is_typed(typed: str) -> None:
    if typed.strip().lower() in ("q", "quit", "salir", "exit", "s", "surrender", "rendirse"):
        return
    res = play_with(typed)
    assert res.exception is None, repr(res.exception)
    assert res.exit_code == 0


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    save = tmp_path_factory.mktemp("bounds") / "r.json"
    res = CliRunner().invoke(main, ["play", "--vs", "random", "--seed", "6", "--save", str(save)], input="s\ns\n")
    assert res.exit_code == 0, res.output
    assert json.loads(save.read_text(encoding="utf-8"))["actions"]
    return save


@pytest.mark.parametrize("typed", [HUGE, "²", "x" * 1_000_000, "1" * 1_000_000])
def test_replay_answers_a_huge_number_or_line_with_a_message(saved: Path, typed: str) -> None:
    res = CliRunner().invoke(main, ["replay", "--lang", "en", str(saved)], input=typed + "\nq\n")
    assert res.exception is None, repr(res.exception)
    assert res.exit_code == 0 and "I don't understand" in res.output, res.output[-2000:]
    assert len(res.output) < 200_000


def test_console_reads_at_most_a_bounded_line() -> None:
    from tablero.play.session import Console

    con = Console(io.StringIO("y" * 3_000_000 + "\n2\n"), io.StringIO())
    first = con.ask("> ")
    assert first is not None and len(first) < 10_000 and not first.isdigit()
    assert con.ask("> ") == "2"  # the rest of the long line was dropped, not read as the next answer
