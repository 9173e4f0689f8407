"""CH-8 Toxina: when a character with Toxina is defeated and sent to the Mictlán, the opponent cannot call
characters of its value or lower during their next action phase — normal and special calls alike.

The barred value waits on the opponent (``Player.toxina_next``) until their action phase starts, holds
during it (``Player.toxina_now``) and lifts when they end it. Each hook below is one moment of that rule;
the rules modules call them (``combat``, ``flow``, ``decisions``, ``keywords``, ``observation``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import OTHER

if TYPE_CHECKING:
    from ..game import ChoqueGame
    from ..state import Char, Player


def defeated(g: ChoqueGame, pi: int, c: Char) -> None:
    """Player ``pi``'s character ``c`` is defeated in battle: with Toxina, its value bars the opponent's
    calls in their next action phase (the higher value when two are defeated)."""
    if c.has("toxina"):
        o = g.s.players[OTHER[pi]]
        o.toxina_next = max(o.toxina_next, c.card.value)


def action_phase_starts(p: Player) -> None:
    """The active player's action phase begins: the value barred for it takes effect."""
    p.toxina_now, p.toxina_next = p.toxina_next, -1


def action_phase_ends(p: Player) -> None:
    """The active player ends their action phase: the bar lifts."""
    p.toxina_now = -1


def barred_up_to(g: ChoqueGame, pi: int) -> int:
    """The highest value player ``pi`` may not call now (-1: none), outside their action phase none."""
    s = g.s
    return s.players[pi].toxina_now if (s.active == pi and s.phase == "action") else -1


def blocks_call(g: ChoqueGame, pi: int, value: int) -> bool:
    """Whether Toxina bars player ``pi`` from calling a character of ``value`` now (any kind of call)."""
    barred = barred_up_to(g, pi)
    return barred >= 0 and value <= barred


def shown(p: Player) -> int | None:
    """The barred value the observation shows for ``p`` (now or waiting for their next action phase)."""
    if p.toxina_now >= 0 or p.toxina_next >= 0:
        return max(p.toxina_now, p.toxina_next)
    return None
