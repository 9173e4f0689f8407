"""Shared pieces of the search agents: action keys, the default reply policy, and settling a position."""

from __future__ import annotations

from typing import Any

from tablero.core import Game


def action_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """A hashable, order-independent key for a canonical action (lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in action.items()))


def default_reply(game: Game, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The quiet answer to a reply decision (not one of the game's ``free_kinds``): pass when allowed, else
    the first listed option."""
    for a in legal:
        if game.is_pass(a):
            return a
    return legal[0]


def settle(game: Game, max_steps: int = 12) -> None:
    """Answer reply decisions with ``default_reply`` until someone holds a free decision again (or the game
    ends): the position after an action is then judged once its consequences (a battle, a chain) resolved."""
    for _ in range(max_steps):
        d = game.pending
        if d is None or d.kind in game.free_kinds:
            return
        game.apply(default_reply(game, game.legal_actions()))
