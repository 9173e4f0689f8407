"""``tablero demo``: one seeded random game of any game between random legal decks, its log printed
readably in the chosen language."""

from __future__ import annotations

from typing import Any

import click

from tablero.core import GamePlugin, Rng


def run_demo(p: GamePlugin, seed: int, edition: str | None, lang: str, options: dict[str, Any]) -> None:
    game = p.random_game(seed, edition=edition, options=options or None)
    words = p.presenter(lang, p.game_cards(game))
    agent = Rng(seed ^ 0x5EED)
    decisions = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[agent.below(len(legal))])
        decisions += 1
    for event in game.log:
        if event.get("event") == "turn":
            click.echo("")
        click.echo(words.event(event))
    click.echo("")
    click.echo(words.summary(game.observe(), decisions))

