"""The ``tablero`` command."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from tablero.bounds import (
    CLAIM_MINUTES_MAX,
    OPTION_LIMITS,
    REGISTRATIONS_MAX,
    TOKEN_DAYS_MAX,
    TRUSTED_PROXIES_MAX,
    BoundedFloat,
    check_option_pairs,
    check_trusted_proxies,
    game_options,
    seed_range,
)
from tablero.core import GamePlugin, TableroError, plugin
from tablero.core.i18n import Msg
from tablero.core.registry import languages, words


@click.group()
@click.version_option(package_name="tablero")
def main() -> None:
    """Tablero: a rules engine and table for trading card games (`tablero games` lists them)."""


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object: game name -> {module, title, rule_prefix, "
              "editions, default_edition, rules_version, sections, options}.")
@click.option("--lang", default="en", show_default=True, type=click.Choice(languages()),
              help="The language of the titles.")
def games(as_json: bool, lang: str) -> None:
    """The games this table plays: every game an installed package names in the ``tablero.games``
    entry-point group (the default one marked)."""
    from tablero.core.registry import DEFAULT_GAME, game_catalogue, installed_games

    found = installed_games()
    if as_json:
        entries = {g["name"]: g for g in game_catalogue(lang)}
        click.echo(json.dumps({name: {"module": module, **entries.get(name, {})} for name, module in found.items()},
                              sort_keys=True, ensure_ascii=False))
        return
    for name, module in sorted(found.items()):
        click.echo(f"{name}{' (default)' if name == DEFAULT_GAME else ''}  {plugin(name).title(lang)}  {module}")


@main.group()
def scenario() -> None:
    """The rules judge: scenario files (see docs/scenarios.md)."""


@scenario.command("run")
@click.argument("paths", nargs=-1, required=True)
def scenario_run(paths: tuple[str, ...]) -> None:
    """Run scenario files or folders; one PASS/FAIL line per file, then 'N passed, N failed'."""
    from tablero.scenario import Result, find_files, run_file

    files = find_files(list(paths))
    passed = failed = 0
    for f in files:
        if not f.exists():
            res = Result(str(f), False, "no such file or folder")
        else:
            res = run_file(f)
        click.echo(res.line())
        if res.ok:
            passed += 1
        else:
            failed += 1
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)


@scenario.command("show")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--view", type=click.Choice(["A", "B"]), default=None,
              help="Print what this player may see (the game's view of that seat) instead of the full "
                   "observation.")
def scenario_show(path: Path, view: str | None) -> None:
    """Print the final observation of a scenario file as JSON."""
    from tablero.scenario import ScenarioFailure, show

    try:
        obs = show(path, view)
    except (TableroError, ScenarioFailure) as e:
        click.echo(f"error: {path}: {e}", err=True)
        sys.exit(1)
    click.echo(json.dumps(obs, ensure_ascii=False, indent=2))


def game_option(f: Any) -> Any:
    """``--game NAME`` (default: the default game), on every command that works on one game."""
    return click.option("--game", "game_name", default=None, metavar="NAME",
                        help="The game (see `tablero games`; default: the default game).")(f)


def options_option(f: Any) -> Any:
    """``--option KEY=VALUE`` (repeatable): an engine option (house rule) of the game."""
    return click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", callback=check_option_pairs,
                        help="An engine option (house rule) of the game, like <game>.<option>=true "
                             f"(repeatable, {OPTION_LIMITS}; `tablero games --json` lists each game's "
                             "options).")(f)


def chosen(game_name: str | None) -> GamePlugin:
    """The plugin of ``--game``; an unknown name ends the command with its message (exit status 2)."""
    try:
        return plugin(game_name)
    except TableroError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)


@main.group()
def cards() -> None:
    """Card files: check them, list them (docs/cards.md: the file format)."""


@cards.command("check")
@click.argument("path", type=click.Path(path_type=Path))
@game_option
@click.option("--lang", default="en", show_default=True, type=click.Choice(languages()),
              help="The language of the problems' messages.")
def cards_check(path: Path, game_name: str | None, lang: str) -> None:
    """Check every card of a card file or folder; print each problem, then 'N cards checked, M problems'.

    Exit status: 0 when every card is good, 1 when there are problems, 2 when PATH cannot be read.
    """
    from tablero.core.i18n import msg, plural
    from tablero.core.registry import words

    p = chosen(game_name)
    try:
        report = p.check_cards(path)
    except TableroError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    for problem in report.problems:
        click.echo(problem.said(lang))
    n, m = report.checked, len(report.problems)
    checked = plural("{n} card checked", "{n} cards checked", n)
    found = plural("{n} problem", "{n} problems", m)
    click.echo(words(p.name).say(msg("{a}, {b}", a=checked, b=found), lang))
    sys.exit(1 if m else 0)


@cards.command("list")
@click.argument("path", required=False, type=click.Path(path_type=Path))
@game_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of the cards (id, name and what "
              "the game lists of a card).")
def cards_list(path: Path | None, game_name: str | None, as_json: bool) -> None:
    """List the cards of PATH (a card file or folder; default: the cards shipped with the game).

    Exit status: 0, or 1 when the cards have problems (printed on stderr), or 2 when PATH cannot be read.
    """
    p = chosen(game_name)
    try:
        if path is None:
            listed = list(p.card_pool())
        else:
            report = p.check_cards(path)
            if report.problems:
                for problem in report.problems:
                    click.echo(str(problem), err=True)
                m = len(report.problems)
                click.echo(f"error: {m} problem{'' if m == 1 else 's'}; run 'tablero cards check' on the path",
                           err=True)
                sys.exit(1)
            listed = list(report.pool)
    except TableroError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps([p.card_listing(c) for c in listed], ensure_ascii=False, indent=2))
        return
    table = [p.card_row(c) for c in listed]
    widths = [max((len(t[i]) for t in table), default=0) for i in range(3)]
    for cid, ctype, value, name in table:
        click.echo(f"{cid:<{widths[0]}}  {ctype:<{widths[1]}}  {value:>{widths[2]}}  {name}")


@main.group()
def deck() -> None:
    """Decks: the preconstructed decks, and the deck check (docs/decks.md)."""


@deck.command("list")
@game_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of {id, name, edition, strategy} and "
              "the card count of each of the game's deck sections.")
def deck_list(game_name: str | None, as_json: bool) -> None:
    """One shipped deck per line: id, edition, strategy, name."""
    p = chosen(game_name)
    rows = [{"id": d.id, "name": d.deck.name, "edition": d.deck.edition, "strategy": d.strategy or None,
             **{k: len(v) for k, v in p.deck_ids(d.deck).items()}} for d in p.shipped_decks().values()]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    w = max((len(str(r["id"])) for r in rows), default=0)
    for r in rows:
        click.echo(f"{r['id']:<{w}}  {r['edition']:<13}  {r['strategy'] or '-':<9}  {r['name']}")


@deck.command("export")
@click.argument("deck_id")
@game_option
def deck_export(deck_id: str, game_name: str | None) -> None:
    """Print the deck file of shipped deck DECK_ID (exit status 2 when there is none)."""
    decks = chosen(game_name).shipped_decks()
    if deck_id not in decks:
        click.echo(f"error: no shipped deck {deck_id!r}; shipped: {', '.join(decks) or 'none'}", err=True)
        sys.exit(2)
    click.echo(decks[deck_id].text, nl=False)


def deck_verdict(name: str, edition: str, day: Any, in_force: Any, n: int) -> Msg:
    """The deck check's last line: the deck, its edition, the limited list in force on ``day`` (if any)
    and whether it is legal, in words every catalogue translates."""
    from tablero.core.i18n import msg, plural

    verdict = msg("legal") if not n else plural("illegal: {n} violation", "illegal: {n} violations", n)
    if in_force:
        return msg("{deck} ({edition}, limited list of {list} in force on {day}): {verdict}", deck=name,
                   edition=edition, list=str(in_force), day=str(day), verdict=verdict)
    return msg("{deck} ({edition}, no limited list in force on {day}): {verdict}", deck=name, edition=edition,
               day=str(day), verdict=verdict)


@deck.command("check")
@click.argument("file", type=click.Path(path_type=Path))
@game_option
@click.option("--edition", help="Check under this edition (default: the edition the deck file names).")
@click.option("--on", "on", metavar="YYYY-MM-DD", help="The date whose limited list applies (default: today).")
@click.option("--limited", "limited", type=click.Path(path_type=Path),
              help="A limited-list file or folder to use instead of the shipped lists.")
@click.option("--cards", "cards_path", type=click.Path(path_type=Path),
              help="A card file or folder of your own, added to the shipped cards (designers' new cards).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: {deck, edition, on, limited_list, "
              "legal, violations: [{rule, card, message}]}.")
@click.option("--lang", default="en", show_default=True, type=click.Choice(languages()),
              help="The language of the violations' messages (their rule ids are the same in every language).")
def deck_check(file: Path, game_name: str | None, edition: str | None, on: str | None, limited: Path | None,
               cards_path: Path | None, as_json: bool, lang: str) -> None:
    """Report every violation of the deck in FILE at once, each with its rule id.

    Exit status: 0 legal, 1 illegal, 2 when the deck file, the edition, the date or the limited list cannot
    be read.
    """
    import datetime as dt

    p = chosen(game_name)
    try:
        try:
            day = dt.date.fromisoformat(on) if on is not None else dt.date.today()
        except ValueError:
            raise TableroError(f"--on: {on!r} is not a date written YYYY-MM-DD") from None
        pool = p.extend_pool(cards_path) if cards_path is not None else p.card_pool()
        df = p.load_deck(file, pool)
        ed = p.edition(edition or df.deck.edition)
        in_force = p.limited_in_force(day, limited, pool)
        violations = p.check_deck(df.deck, ed, day, pool, limited)
    except TableroError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps({
            "deck": df.deck.name, "edition": ed, "on": day.isoformat(),
            "limited_list": in_force.isoformat() if in_force else None,
            "legal": not violations,
            "violations": [{"rule": v.rule, "card": v.card, "message": v.said(lang)} for v in violations],
        }, ensure_ascii=False))
    else:
        for v in violations:
            click.echo(f"{v.rule}: {v.said(lang)}")
        click.echo(words(p.name).say(deck_verdict(df.deck.name, ed, day, in_force, len(violations)), lang))
    sys.exit(1 if violations else 0)


@main.command()
@game_option
@options_option
@click.option("--seed", default=1, show_default=True, type=seed_range(),
              help="Seed for the decks and the game (0 to 2**63-1, the seeds the engine draws).")
@click.option("--edition", default=None, help="The edition (default: the game's default edition).")
@click.option("--lang", default="es", show_default=True, type=click.Choice(languages()))
def demo(game_name: str | None, option_pairs: tuple[str, ...], seed: int, edition: str | None, lang: str) -> None:
    """Play one seeded random game between random legal decks and print its log."""
    from tablero.demo import run_demo

    p = chosen(game_name)
    options = game_options(p, option_pairs, lang)
    try:
        run_demo(p, seed, edition, lang, options)
    except TableroError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(1)


from tablero.lab.command import simulate as _simulate_command  # noqa: E402
from tablero.play.commands import play as _play_command  # noqa: E402  (the commands live with their package)
from tablero.play.commands import replay as _replay_command  # noqa: E402


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--db", "db_url", default="sqlite:///tablero.db", show_default=True,
              help="Database URL: a SQLite file, or postgresql+psycopg://user:password@host:port/name.")
@click.option("--token-days", default=30.0, show_default=True,
              type=BoundedFloat(0, TOKEN_DAYS_MAX, min_open=True),
              help=f"How long a login lasts, in days (at most {TOKEN_DAYS_MAX:g}: its expiry must stay a date); "
                   "then the player or bot logs in again.")
@click.option("--claim-minutes", default=10.0, show_default=True,
              type=BoundedFloat(0, CLAIM_MINUTES_MAX, min_open=True),
              help="How long a player who must decide may be absent before the opponent can claim the game "
                   f"(at most {CLAIM_MINUTES_MAX:g}: thirty days).")
@click.option("--trusted-proxy", "trusted_proxies", multiple=True, metavar="ADDRESS", callback=check_trusted_proxies,
              help="A reverse proxy whose X-Forwarded-For names the client (repeatable, at most "
                   f"{TRUSTED_PROXIES_MAX} times; an IP or a network such as 10.0.0.0/8). Without one the header "
                   "is ignored: the throttles count the peer.")
@click.option("--registrations-per-hour", default=10, show_default=True, type=click.IntRange(1, REGISTRATIONS_MAX),
              help=f"Accounts one client address may register an hour (at most {REGISTRATIONS_MAX:,}).")
@click.option("--grace", default=10.0, show_default=True, type=BoundedFloat(1, 600),
              help="Seconds the requests under way get to finish when the server is told to stop (SIGTERM, "
                   "Ctrl+C); then it stops all the same, every accepted action written.")
@click.option("--fd", type=click.IntRange(3, 1023), default=None, metavar="N",
              help="Serve on the listening socket already open as file descriptor N instead of --host and --port "
                   "(socket activation: systemd, or a parent process that chose the port and keeps it).")
def serve(host: str, port: int, db_url: str, token_days: float, claim_minutes: float,
          trusted_proxies: tuple[str, ...], registrations_per_hour: int, grace: float, fd: int | None) -> None:
    """Run the game server: the HTTP API for players and bots (OpenAPI page at /docs)."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from tablero.server import serving
    from tablero.server.app import create_app
    from tablero.server.db import StorageError, fault
    from tablero.server.throttle import RegistrationThrottle

    try:
        sock = serving.inherited(fd) if fd is not None else None
    except ValueError as e:
        click.echo(f"error: --fd {fd}: {e}", err=True)
        sys.exit(2)
    try:
        app = create_app(db_url, token_days=token_days, claim_after=claim_minutes * 60.0,
                         registrations=RegistrationThrottle(per_address=registrations_per_hour))
    except StorageError as e:
        click.echo(f"error: {db_url!r}: {e}", err=True)
        sys.exit(2)
    except (SQLAlchemyError, ArgumentError, ModuleNotFoundError) as e:
        click.echo(f"error: cannot open the database {db_url!r}: {fault(e)}", err=True)
        sys.exit(2)
    import gc

    # Fewer, not longer, collections: a server holds many live games, and CPython's default thresholds
    # make it pause (up to ~100 ms on 2 cores) for full collections every few seconds under load.
    gc.set_threshold(20_000, 20, 20)
    from sqlalchemy.engine import make_url

    shown = make_url(db_url).render_as_string(hide_password=True)
    if sock is not None:
        host, port = sock.getsockname()[:2]
    where = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    click.echo(f"Tablero serving on {where}/ (API documentation at {where}/docs), database {shown}. "
               "Ctrl+C stops it.")
    # uvicorn trusts X-Forwarded-For from loopback unless told: a client on the same machine (or behind an
    # unnamed proxy) could then pick its own address and escape the per-address throttles
    serving.run(app, host=host, port=port, grace=grace, proxies=list(trusted_proxies), sock=sock)


@main.group()
def db() -> None:
    """The game server's database."""


@db.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--db", "db_url", default="sqlite:///tablero.db", show_default=True,
              help="The database to back up (as `tablero serve --db`).")
def db_backup(file: Path, db_url: str) -> None:
    """Copy the server's SQLite database to FILE (a new file), safely while the server runs: every account,
    deck and game. Serve the copy with `tablero serve --db sqlite:///FILE`. For PostgreSQL use pg_dump."""
    from tablero.server.db import StorageError, backup

    try:
        size = backup(db_url, file)
    except (StorageError, OSError) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    click.echo(f"backed up {db_url} to {file} ({size} bytes)")


main.add_command(_play_command)
main.add_command(_replay_command)
main.add_command(_simulate_command)


if __name__ == "__main__":  # pragma: no cover
    main()
