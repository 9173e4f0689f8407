"""Driving ``tablero play`` through a pseudo-terminal (pexpect), for the terminal tests of every game."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tablero.core import Rng


def answer_to_the_end(child: Any, prompt: re.Pattern[str], rng: Rng, wrong: Callable[[int], str | None],
                      limit: int) -> tuple[list[str], str]:
    """Answers every prompt (its option count is the pattern's group 1) with one of its numbers, drawn from
    ``rng``, until the program ends; before that, ``wrong(n)`` may give a wrong answer to send instead (the
    prompt must then come again). Returns what was shown before each answered decision, and what came after
    the last one."""
    import pexpect

    screens: list[str] = []
    pending = ""
    for _ in range(limit):
        i = child.expect([prompt, pexpect.EOF])
        pending += child.before or ""
        if i == 1:
            return screens, pending
        n = int(child.match.group(1))
        bad = wrong(n)
        if bad is not None:
            child.sendline(bad)
            continue
        screens.append(pending)
        pending = ""
        child.sendline(str(1 + rng.below(n)))
    pytest.fail("the game did not end")
