"""CH-8 Élite: when it declares a battle, its controller may double its strength and resistance until that
battle ends.

The doubled resistance works as a shield (docs/rulings.md): ``Char.elite_bonus`` holds the resistance added
(-1: not doubled) and ``Char.elite_dmg0`` the damage it had before; when the battle ends the character keeps
the lower of its resistance before doubling and what is left. Each hook below is one moment of the rule; the
rules modules call them (``combat``, ``stats``, ``flow``), and ``ChoqueGame._choices`` offers the choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import flow, stats
from ..pending import EliteChoice
from ..state import NAMES

if TYPE_CHECKING:
    from ..game import ChoqueGame
    from ..state import Battle, Char


def declared(g: ChoqueGame, c: Char) -> None:
    """Its battle is declared: the choice comes after the declaration's response window (combat's steps)."""
    if c.has("elite"):
        g.s.stack.append(("battle", "elite"))


def ask(g: ChoqueGame, b: Battle) -> None:
    """The step the declaration queued: ask the attacker's controller."""
    flow.set_pending(g, b.player, "choose", EliteChoice(b.attacker))


def offer(g: ChoqueGame, pi: int, data: EliteChoice) -> list[dict[str, Any]]:
    """Double it (or pass: the choice is optional)."""
    return [{"player": NAMES[pi], "do": "choose", "option": "double"}]


def answer(g: ChoqueGame, pi: int, data: EliteChoice, act: dict[str, Any]) -> None:
    """Strength and resistance doubled until the battle ends."""
    found = g.s.find(data.uid)
    g.s.pending = None
    if found is not None:
        qi, zi, c = found
        c.elite_bonus = stats.res(g, qi, zi, c)  # doubling the current resistance adds that much
        c.elite_dmg0 = c.dmg
        flow.event(g, "elite", player=NAMES[qi], card=c.card.id)


def strength(c: Char, v: int) -> int:
    """Its strength while doubled (hot: every battle and every evaluation reads it)."""
    return v * 2 if c.elite_bonus >= 0 else v


def resistance(c: Char, v: int) -> int:
    """Its full resistance while doubled."""
    return v + c.elite_bonus if c.elite_bonus >= 0 else v


def heart_lost(c: Char) -> None:
    """It lost a heart in the battle: its resistance is whole again, so nothing from before is kept."""
    c.elite_dmg0 = 0


def battle_ends(c: Char) -> None:
    """The battle ends: the doubled part of the resistance is lost first (docs/rulings.md)."""
    if c.elite_bonus >= 0:
        c.dmg = c.elite_dmg0 + max(0, (c.dmg - c.elite_dmg0) - c.elite_bonus)
        c.elite_bonus = -1


def turn_ends(c: Char) -> None:
    """CH-5.8 cleanup: no doubling outlives the turn."""
    c.elite_bonus = -1
