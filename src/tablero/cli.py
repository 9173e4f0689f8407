"""The ``tablero`` command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from tablero.core import TableroError


@click.group()
@click.version_option(package_name="tablero")
def main() -> None:
    """Tablero: a rules engine and table for trading card games (Choque de Héroes)."""


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
def scenario_show(path: Path) -> None:
    """Print the final observation of a scenario file as JSON."""
    from tablero.scenario import ScenarioFailure, show

    try:
        obs = show(path)
    except (TableroError, ScenarioFailure) as e:
        click.echo(f"error: {path}: {e}", err=True)
        sys.exit(1)
    click.echo(json.dumps(obs, ensure_ascii=False, indent=2))


@main.command()
@click.option("--seed", default=1, show_default=True, help="Seed for the decks and the game.")
@click.option("--edition", default="choque-2026", show_default=True,
              type=click.Choice(["choque-2026", "choque-legacy"]))
@click.option("--lang", default="es", show_default=True, type=click.Choice(["es", "en"]))
def demo(seed: int, edition: str, lang: str) -> None:
    """Play one seeded random game between generated decks and print its log."""
    from tablero.demo import run_demo

    try:
        run_demo(seed, edition, lang)
    except TableroError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
