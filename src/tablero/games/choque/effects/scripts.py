"""The named Python escape hatch (``do: [{script: name}]``) for the rare card the verbs cannot express.

A script is ``fn(game, ctx)`` where ``ctx`` is the resolving link's ``EffectContext`` (player, source,
ability, targets).
When three cards need the same script, it becomes a verb in ``vocabulary.py`` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import flow

Script = Callable[[Any, Any], None]


def _espejo_de_humo(game: Any, ctx: Any) -> None:
    """Example: each player shuffles their hand into their main deck and draws that many (a mass ofrenda)."""
    for pi in (0, 1):
        p = game.s.players[pi]
        n = 0
        for card in list(p.hand):
            if card.home_deck() == "main":
                p.hand.remove(card)
                p.main.append(card)
                n += 1
        p.hand_known.clear()
        game.s.rng.shuffle(p.main)
        p.main_known[:] = [0, 0, 0, 0]
        for _ in range(n):
            if not flow.draw_main(game, pi):
                break


SCRIPTS: dict[str, Script] = {"espejo_de_humo": _espejo_de_humo}
