"""The ranges of the command line's numbers and repeated texts (issue 37: no input may make the work unbounded).

Every number a command takes that sizes work (games to play, processes to start, seconds or iterations to
search, how long a login lasts) has a lowest and a highest value, and Click refuses anything outside them
before the command starts, with exit status 2 and a message naming the flag and its range. The bounds live
here so that ``simulate``, ``play``, ``demo`` and ``serve`` say the same thing about the same quantity.
"""

from __future__ import annotations

import math
import os
import sys
from typing import Any

import click

from tablero.core import BadInput, GamePlugin
from tablero.core.registry import words

SEED_MAX = 2**63 - 1  # as rng.secure_seed draws them: a seed fits a signed 64-bit column (records, the server)
GAMES_MAX = 1_000_000  # ~ a day of greedy games on 2 cores; a bigger study is several runs with other seeds
ITERATIONS_MAX = 1_000_000  # mcts: some minutes a decision already; more never changed a move we measured
BUDGET_MAX = 3600.0  # mcts: seconds per decision; an hour a decision is a run nobody waits for
WORKERS_MAX = max(64, os.cpu_count() or 1)  # processes: more than the cores only costs memory (results don't change)
MATCH_GAMES_MAX = 1000  # replay --game: far past any match (a Choque match is at most 5 CHOQUES, CH-0.4)
TOKEN_DAYS_MAX = 3650.0  # serve: ten years; a login's expiry date must stay a date (year 9999 at most)
CLAIM_MINUTES_MAX = 43_200.0  # serve: thirty days before an absent player's game may be claimed
REGISTRATIONS_MAX = 10_000  # serve: accounts an address may register an hour (each is remembered for the hour)
TRUSTED_PROXIES_MAX = 64  # serve: every request's peer is checked against each of them
OPTION_PAIRS_MAX = 16  # --option: no game has that many engine options
OPTION_TEXT_MAX = 64  # --option: characters of a KEY, and of a VALUE (an option's name, true/false, a number)
OPTION_LIMITS = f"at most {OPTION_PAIRS_MAX} times, KEY and VALUE at most {OPTION_TEXT_MAX} characters each"


class BoundedFloat(click.FloatRange):
    """``click.FloatRange`` that also refuses nan and the infinities: nan passes every comparison, so a range
    lets it through, and an mcts budget of nan (or inf) searched for ever."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        rv = super().convert(value, param, ctx)
        if isinstance(rv, float) and not math.isfinite(rv):
            self.fail(f"{rv} is not a number in the range {self._describe_range()}.", param, ctx)
        return rv


def seed_range() -> click.IntRange:
    """A seed: 0 to 2**63 - 1, the seeds the engine draws itself."""
    return click.IntRange(0, SEED_MAX)


def cut(text: str, longest: int = 40) -> str:
    """``text`` cut to ``longest`` characters for a message (a long line is not written back whole)."""
    return text if len(text) <= longest else text[:longest - 1] + "…"


def check_option_pairs(ctx: click.Context, param: click.Parameter, pairs: tuple[str, ...]) -> tuple[str, ...]:
    """``--option KEY=VALUE`` (a Click callback): at most ``OPTION_PAIRS_MAX`` pairs, each KEY and VALUE at
    most ``OPTION_TEXT_MAX`` characters, so that what the game then reads and checks stays small. The pairs'
    form and meaning are the game's (``GamePlugin.parse_option_pairs``)."""
    if len(pairs) > OPTION_PAIRS_MAX:
        raise click.BadParameter(f"at most {OPTION_PAIRS_MAX} KEY=VALUE pairs (1 to {OPTION_PAIRS_MAX}), "
                                 f"got {len(pairs)}", ctx, param)
    for pair in pairs:
        key, _, value = pair.partition("=")
        for what, text in (("KEY", key), ("VALUE", value)):
            if len(text) > OPTION_TEXT_MAX:
                raise click.BadParameter(f"{cut(pair)!r}: a {what} is at most {OPTION_TEXT_MAX} characters, "
                                         f"got {len(text)}", ctx, param)
    return pairs


def check_trusted_proxies(ctx: click.Context, param: click.Parameter, proxies: tuple[str, ...]) -> tuple[str, ...]:
    """``serve --trusted-proxy`` (a Click callback): at most ``TRUSTED_PROXIES_MAX`` of them, each checked
    against every request's peer."""
    if len(proxies) > TRUSTED_PROXIES_MAX:
        raise click.BadParameter(f"at most {TRUSTED_PROXIES_MAX} addresses or networks, got {len(proxies)}",
                                 ctx, param)
    for p in proxies:
        if len(p) > OPTION_TEXT_MAX:  # an IPv6 network is 43 characters at most
            raise click.BadParameter(f"{cut(p)!r} is not an address or a network (at most {OPTION_TEXT_MAX} "
                                     "characters)", ctx, param)
    return proxies


def game_options(p: GamePlugin, pairs: tuple[str, ...], lang: str) -> dict[str, Any]:
    """``--option`` pairs read, then checked against the game's option records (each one's type and range)
    before any game is made; a bad one ends the command with exit status 2 and its message in ``lang``."""
    try:
        options = p.parse_option_pairs(pairs)
        p.check_options(options)
    except BadInput as e:
        click.echo(f"error: {words(p.name).say(e.text, lang)}", err=True)
        sys.exit(2)
    return options
