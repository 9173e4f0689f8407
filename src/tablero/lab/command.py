"""``tablero simulate``: the balance lab's command (registered in ``tablero.cli``)."""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from tablero.agents import AGENT_NAMES
from tablero.bounds import (
    BUDGET_MAX,
    GAMES_MAX,
    ITERATIONS_MAX,
    OPTION_LIMITS,
    WORKERS_MAX,
    BoundedFloat,
    check_option_pairs,
    seed_range,
)
from tablero.core import GamePlugin, TableroError, plugin
from tablero.core.shown import shown

if TYPE_CHECKING:  # runner (and the engine) load on use
    from .runner import LabConfig, RunResult

FIRST_POLICIES = ("random", "alternate")  # = runner.FIRST_POLICIES; runner (and the engine) load on use


class _Bad(Exception):
    """Bad input: message on stderr, exit status 2."""


def _fail(msg: str, status: int = 2) -> NoReturn:
    click.echo(f"error: {msg}", err=True)
    sys.exit(status)


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def parse_agents(spec: str) -> tuple[str, str]:
    """``greedy,greedy`` -> ("greedy", "greedy"); one name is used for both sides."""
    names = [p.strip() for p in spec.split(",")]
    if len(names) == 1:
        names = names * 2
    if len(names) != 2 or not all(names):
        raise _Bad(f"--agents: give two agents separated by a comma, like greedy,greedy; got {shown(spec)}")
    for n in names:
        if n not in AGENT_NAMES:
            raise _Bad(f"--agents: unknown agent {n!r}; known agents: {', '.join(AGENT_NAMES)}")
    return names[0], names[1]


def parse_game_options(p: GamePlugin, args: tuple[str, ...]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as a map, each value read as its option's type, then checked by the game itself
    so that an unknown name or a wrong value is refused before any game is played."""
    try:
        out = p.parse_option_pairs(args)
    except TableroError as e:
        raise _Bad(str(e)) from None
    try:
        p.check_options(out)
    except TableroError as e:
        raise _Bad(f"--option: {e}") from None
    return out


def load_decks(p: GamePlugin, args: tuple[str, str], cards_path: Path | None, edition: str | None
               ) -> tuple[tuple[str, str], tuple[Any, Any], str]:
    """Resolve two deck ids or deck files, choose the edition and check both decks under the game's deck
    rules (with the limited list in force today). Returns (ids, decks, edition)."""
    try:
        pool = p.extend_pool(cards_path) if cards_path is not None else p.card_pool()  # a designer's ids shadow
        shipped = p.shipped_decks(pool)
        ids: list[str] = []
        decks = []
        for arg in args:
            path = Path(arg)
            if arg in shipped:
                ids.append(arg)
                decks.append(shipped[arg].deck)
            elif path.suffix in (".yaml", ".yml") or path.exists() or "/" in arg or os.sep in arg:
                df = p.load_deck(path, pool)
                ids.append(df.id)
                decks.append(df.deck)
            else:
                raise _Bad(f"--decks: no shipped deck {arg!r} and no such deck file; shipped decks: "
                           f"{', '.join(shipped) or 'none'}")
        if edition is None:
            eds = {d.edition or p.default_edition for d in decks}
            if len(eds) > 1:
                raise _Bad(f"--decks: {ids[0]} is a {decks[0].edition} deck and {ids[1]} a {decks[1].edition} "
                           f"deck; choose the edition to play with --edition")
            edition = eds.pop()
        edition = p.edition(edition)
        problems: list[str] = []
        for did, d in zip(ids, decks, strict=True):
            violations = p.check_deck(d, edition, dt.date.today(), pool)
            if violations:
                problems.append(f"deck {did} is not legal in {edition} ({p.rule_prefix}-2):")
                problems.extend(f"  {v}" for v in violations)
    except TableroError as e:
        raise _Bad(str(e)) from None
    if problems:
        raise _Bad("\n".join(problems))
    return (ids[0], ids[1]), (decks[0], decks[1]), edition


@contextmanager
def _progress(total: int, what: str, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    """A Rich progress bar on stderr, or nothing when stderr is not a terminal."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True),
                  transient=True) as bar:
        task = bar.add_task(what, total=total)

        def advance(k: int) -> None:
            bar.advance(task, k)

        yield advance


@click.command("simulate")
@click.option("--decks", nargs=2, required=True, metavar="DECK_A DECK_B",
              help="Two shipped deck ids (tablero deck list) or deck files; DECK_A is played by the first agent.")
@click.option("--agents", default="greedy,greedy", show_default=True, metavar="A,B",
              help=f"The agents of DECK_A and DECK_B, comma-separated ({', '.join(AGENT_NAMES)}); one name "
                   "plays both.")
@click.option("--games", type=click.IntRange(1, GAMES_MAX), default=100, show_default=True,
              help=f"How many games to play (with --match: how many matches), at most {GAMES_MAX:,}: a bigger "
                   "study is several runs with other seeds.")
@click.option("--seed", type=seed_range(), default=1, show_default=True,
              help="Every game and agent seed derives from it and the game's index only (0 to 2**63-1, the "
                   "engine's seeds).")
@click.option("--workers", type=click.IntRange(1, WORKERS_MAX), default=None,
              help=f"Worker processes (default: all cores; 1 plays in this process), at most {WORKERS_MAX}. "
                   "Results do not depend on it.")
@click.option("--budget", type=BoundedFloat(0, BUDGET_MAX, min_open=True), default=None,
              help=f"mcts: seconds per decision, at most {BUDGET_MAX:g} (results then depend on the machine). "
                   "Ignored by other agents.")
@click.option("--iterations", type=click.IntRange(1, ITERATIONS_MAX), default=None,
              help=f"mcts: iterations per decision, at most {ITERATIONS_MAX:,} (reproducible). Ignored by other "
                   "agents.")
@click.option("--first", "first", type=click.Choice(FIRST_POLICIES), default="random", show_default=True,
              help="Who starts a game: random from the game's seed, or alternate: DECK_A starts in "
                   "games 0, 1, 4, 5, 8, ... and DECK_B in the others, so that seat and first player cover all four "
                   "combinations.")
@click.option("--match", "as_match", is_flag=True,
              help="Play matches, for a game that has them (as its rules play them); the loser of a game "
                   "chooses to go first.")
@click.option("--game", "game_name", default=None, metavar="NAME",
              help="The game (see `tablero games`; default: the default game).")
@click.option("--edition", default=None, help="The edition to play (default: the decks' edition).")
@click.option("--cards", "cards_path", type=click.Path(path_type=Path), default=None,
              help="A card file or folder of your own, added to the shipped cards (its ids shadow shipped ones).")
@click.option("--option", "option_args", multiple=True, metavar="NAME=VALUE", callback=check_option_pairs,
              help="An engine option (house rule) for every game, NAME=VALUE (`tablero games --json` lists each "
                   f"game's); repeatable, {OPTION_LIMITS.replace('KEY', 'NAME')}.")
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write games.csv, cards.csv and PNG plots into this folder.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object as the last line of stdout (and no progress bar).")
def simulate(decks: tuple[str, str], agents: str, games: int, seed: int, workers: int | None,
             budget: float | None, iterations: int | None, first: str, as_match: bool, game_name: str | None,
             edition: str | None,
             cards_path: Path | None, option_args: tuple[str, ...], report_dir: Path | None,
             as_json: bool) -> None:
    """The balance lab: play many games between two decks and report win rates, first-seat advantage,
    game length and per-card win rates (when drawn / when played).

    The first deck/agent is "A" in the report, the second "B". Seats alternate: A's deck sits in seat A in
    even-numbered games and in seat B in odd ones. Per card: the games in which the owner drew it (opening
    hand included) and in which the owner put it to use (any call, play, activation), the deck's win rate in
    those games and its delta from the deck's overall win rate (draws count as non-wins).

    Both decks are checked against their game's deck rules first (with the limited list in force today,
    for a game that has them). mcts agents without --budget or --iterations search 0.1 s per decision.

    Exit status: 0, 1 when a game failed in the engine, 2 on bad input.
    """
    try:
        names = parse_agents(agents)
        if budget is not None and iterations is not None:
            raise _Bad("--budget and --iterations: give one or the other")
        try:
            p = plugin(game_name)
        except TableroError as e:
            raise _Bad(f"--game: {e}") from None
        if as_match and p.new_match() is None:
            raise _Bad(f"--match: {p.name} is played one game at a time")
        ids, deck_objs, ed = load_decks(p, decks, cards_path, edition)
        game_options = parse_game_options(p, option_args)
        if report_dir is not None:
            _make_folder(report_dir)
    except _Bad as e:
        _fail(str(e))
    from .runner import LabConfig

    cfg = LabConfig(decks=deck_objs, agents=names, edition=ed, seed=seed,
                    agent_options=_agent_options(names, budget, iterations), first=first, match=as_match,
                    game_options=game_options, game=p.name)
    res = _play_run(cfg, games, workers if workers is not None else default_workers(), as_json)
    _report(cfg, res, ids, report_dir, as_json)


def _make_folder(report_dir: Path) -> None:
    """``--report``'s folder, made before any game is played: one that cannot be made is bad input."""
    try:
        report_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _Bad(f"--report: cannot create {report_dir}: {e.strerror or e}") from None


def _agent_options(names: tuple[str, str], budget: float | None, iterations: int | None) -> dict[str, Any]:
    """``--budget`` or ``--iterations`` for the mcts agents; with none, a note that they are ignored."""
    options: dict[str, Any] = {}
    if "mcts" in names:
        if budget is not None:
            options["budget"] = budget
        if iterations is not None:
            options["iterations"] = iterations
    elif budget is not None or iterations is not None:
        click.echo("note: --budget/--iterations apply to mcts agents only; ignored", err=True)
    return options


def _play_run(cfg: LabConfig, games: int, n_workers: int, as_json: bool) -> RunResult:
    """Play the run, with a progress bar on a terminal (none with ``--json``); a game that fails in the engine
    exits with status 1, an option an agent refuses with status 2."""
    from .runner import LabError, run

    show = sys.stderr.isatty() and not as_json
    try:
        with _progress(games, "matches" if cfg.match else "games", show) as advance:
            return run(cfg, games, n_workers, advance)
    except LabError as e:
        _fail(f"a game failed in the engine: {e}", 1)
    except TableroError as e:  # e.g. an agent option the agent refuses
        _fail(str(e))


def _report(cfg: LabConfig, res: RunResult, ids: tuple[str, str], report_dir: Path | None, as_json: bool) -> None:
    """The text report; the CSV files and plots of ``--report``; the summary as one JSON line with ``--json``."""
    from .report import summarize_run, text_report, write_csvs, write_plots

    summary = summarize_run(cfg, res, ids)
    for line in text_report(summary, res.workers):
        click.echo(line)
    if report_dir is not None:
        written = write_csvs(report_dir, summary, res.records, cfg.match)
        written += write_plots(report_dir, summary, res.records)
        click.echo("")
        click.echo(f"wrote {', '.join(str(p) for p in written)}")
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
