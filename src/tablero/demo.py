"""``tablero demo``: one seeded random game between generated decks, its log printed readably."""

from __future__ import annotations

import click

from tablero.core import Rng, new_game


def run_demo(seed: int, edition: str, lang: str, effects: bool = True) -> None:
    from tablero.games.choque.generate import generate_deck, generate_pool
    from tablero.games.choque.narrate import narrate

    rng = Rng(seed)
    pool = generate_pool(rng, effects=effects)
    decks = [generate_deck(pool, rng, edition, name) for name in ("A", "B")]
    game = new_game("choque", decks=decks, seed=seed, edition=edition)
    names = {c.id: c.name for c in pool}
    agent = Rng(seed ^ 0x5EED)
    decisions = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[agent.below(len(legal))])
        decisions += 1
    for event in game.log:
        line = narrate(event, lang, names)
        if event.get("event") == "turn":
            click.echo("")
        click.echo(line)
    obs = game.observe()
    if lang == "en":
        click.echo(f"\n{decisions} decisions, {obs['turn']} turns; hearts A {obs['A']['hearts']}, "
                   f"B {obs['B']['hearts']}.")
    else:
        click.echo(f"\n{decisions} decisiones, {obs['turn']} turnos; corazones A {obs['A']['hearts']}, "
                   f"B {obs['B']['hearts']}.")
