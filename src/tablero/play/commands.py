"""The ``play`` and ``replay`` click commands (registered on ``tablero`` in ``cli.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tablero.bounds import (
    BUDGET_MAX,
    MATCH_GAMES_MAX,
    OPTION_LIMITS,
    BoundedFloat,
    check_option_pairs,
    game_options,
    seed_range,
)
from tablero.core.registry import languages


@click.command("play")
@click.option("--game", "game_name", default=None, metavar="NAME",
              help="The game (see `tablero games`; default: the default game).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", callback=check_option_pairs,
              help=f"An engine option (house rule) of the game (repeatable, {OPTION_LIMITS}; `tablero games "
                   "--json` lists them).")
@click.option("--deck", default=None, metavar="DECK",
              help="Your deck: a shipped deck id (tablero deck list) or a deck file. Default: the edition's first.")
@click.option("--opponent-deck", default=None, metavar="DECK",
              help="The opponent's deck. Default: drawn by the seed among the edition's shipped decks.")
@click.option("--vs", default="greedy", show_default=True, type=click.Choice(["mcts", "greedy", "random"]),
              help="The computer player.")
@click.option("--seed", default=None, type=seed_range(),
              help="Seed for the shuffles and the computer, to replay a game (0 to 2**63-1, the seeds the engine "
                   "draws). Default: drawn at random, and shown once the game is over (it would tell the "
                   "computer's hand).")
@click.option("--lang", default="es", show_default=True, type=click.Choice(languages()))
@click.option("--budget", default=1.0, show_default=True, type=BoundedFloat(0.01, BUDGET_MAX),
              help=f"Seconds per decision for --vs mcts, 0.01 to {BUDGET_MAX:g}.")
@click.option("--save", default=None, type=click.Path(dir_okay=False, path_type=Path),
              help="Write the game (decks, seed, actions) to this JSON file after every action.")
@click.option("--match", is_flag=True, help="A match, for a game that has them (Choque: best of three CHOQUES, "
              "CH-0.4); the loser chooses who starts.")
@click.option("--edition", default=None, help="The edition (default: the game's default edition).")
@click.option("--windows", default="chain", show_default=True, type=click.Choice(["always", "chain", "never"]),
              help="Response windows to stop at: always, only when something is on the chain, or never "
                   "(passed for you). Changed during the game with w.")
def play(game_name: str | None, option_pairs: tuple[str, ...], deck: str | None, opponent_deck: str | None, vs: str,
         seed: int | None, lang: str, budget: float, save: Path | None, match: bool, edition: str | None,
         windows: str) -> None:
    """Play a game in the terminal: you are seat A against a computer player (seat B).

    Each time you must decide you see what happened, the board and the numbered legal actions: type a
    number. ? help, s surrender, q quit.
    """
    from tablero.core import TableroError, plugin

    from .session import PlayOptions, run_play

    try:
        p = plugin(game_name)
    except TableroError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    options = game_options(p, option_pairs, lang)
    opts = PlayOptions(deck=deck, opponent_deck=opponent_deck, vs=vs, lang=lang, budget=budget, save=save,
                       match=match, edition=edition, windows=windows, game=game_name,
                       options=options)  # its seed is drawn at random...
    if seed is not None:
        opts.seed = seed  # ...unless one is given
    sys.exit(run_play(opts))


@click.command("replay")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--lang", default="es", show_default=True, type=click.Choice(languages()))
@click.option("--game", "game_no", default=None, type=click.IntRange(1, MATCH_GAMES_MAX),
              help=f"For a saved match: which of its games (1 to {MATCH_GAMES_MAX}).")
def replay(file: Path, lang: str, game_no: int | None) -> None:
    """Step through a game saved by 'tablero play --save': Enter next, b back, a number jumps, q quits.

    Exit status 2 when FILE cannot be read or does not replay.
    """
    from .replay import run_replay

    sys.exit(run_replay(file, lang, game_no))
