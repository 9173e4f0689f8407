"""The one way a test waits for something that happens on another thread, process or page: it names the
state it waits for and a generous bound, and polls for it. Never a fixed sleep — a test that sleeps "long
enough" fails the day the machine is slower (CI's two loaded cores, a throttled browser), and wastes the
time on every other day. A page's own states are waited for with Playwright's ``expect`` instead."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
WITHIN = 60.0  # seconds: far beyond anything a working system takes, on the slowest machine we run on


def until(check: Callable[[], T], what: str, within: float = WITHIN, every: float = 0.01) -> T:
    """Return ``check()``'s first true value, polled every ``every`` seconds; AssertionError naming ``what``
    if none came within ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {within:g} s for {what}")
        time.sleep(every)
