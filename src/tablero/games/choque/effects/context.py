"""The context a resolving effect runs in (CH-7.6), and the small helpers the runtime and the verbs share.

An ability's verbs run with an ``EffectContext``: who controls it, where it comes from, which ability, the
targets chosen for it, the chain link it answers and what triggered it. It is a named tuple, so it is as
cheap as the positional tuple it replaced, is copied with the state for free (it is immutable) and can wait
on ``State.stack`` while a verb asks a choice.

Targets and costs are referred to with *handles*: ``("char", uid)`` for a character on the field,
``("slot", player, zone, card)`` for a card in a field zone and ``("card", player, zone, card)`` for a card
in a hand, deck, Mictlán or confinement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..state import _took_top

if TYPE_CHECKING:
    from ..cards import CardDef
    from ..state import Player
    from .schema import Ability

Handle = tuple[Any, ...]
# a pile's name in card files -> the Player attribute that holds it
ZONE_LISTS = {"hand": "hand", "mictlan": "mictlan", "confined": "confined", "deck": "main"}


class EffectContext(NamedTuple):
    """What an ability's verbs resolve with (CH-7.6)."""

    player: int                        # who controls the ability
    source: Handle                     # the card or character it comes from
    ability: Ability
    chosen: tuple[tuple[str, tuple[Handle, ...]], ...]  # its targets, by target name (frozen, see freeze)
    responds: int                      # the chain position of the link it answers (CH-12 negar), or -1
    event: Any                         # what triggered it: event fields such as ``by`` (a disparo), or ()


def freeze(chosen: Any) -> tuple[tuple[str, tuple[Handle, ...]], ...]:
    """Chosen targets as an immutable tuple of (name, handles), safe to share between copies of a state."""
    if isinstance(chosen, tuple):
        return chosen
    return tuple((k, tuple(v)) for k, v in chosen.items())


def sample(rng: Any, n: int, k: int) -> list[int]:
    """``k`` of ``range(n)`` drawn from the game's seeded source ("al azar", CH-11.3)."""
    idx = list(range(n))
    rng.shuffle(idx)
    return idx[:k]


def send_top(p: Player, count: int) -> list[CardDef]:
    """CH-12 enviar from the deck (a cost or a verb): its top cards go face up to the Mictlán, so what each
    player knew of the deck's top now starts lower, and nobody is told a card they never saw (CH-11.2).
    Returns the cards sent, which everyone now sees."""
    sent = []
    for _ in range(min(count, len(p.main))):
        sent.append(p.main.pop())
        p.mictlan.append(sent[-1])
        _took_top(p.main_known, len(p.main))
    return sent
