"""The pending decision (``State.pending``) and what a ``choose`` is about, as named records.

A paused game is plain data (``flow.py``): the decision it waits on is a ``Pending`` — whose it is, its
kind (``docs/actions.md``) and a record of what it is about. A ``choose`` holds one record per thing an
ability or a keyword may ask, each with a ``what`` that ``Decision.detail`` reports and the legal-action
and execution tables of ``decisions.py`` dispatch on. Named tuples: as cheap as the positional tuples they
replaced, immutable (a clone shares them) and read by name, never by position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .cards import CardDef
    from .effects.context import EffectContext, Handle
    from .effects.schema import Ability, Op


class Pending(NamedTuple):
    """The decision the game waits on."""

    player: int    # whose decision it is (0: A, 1: B)
    kind: str      # action | combat | response | defend | ofrenda | choose | discard | battle_repeat
    data: Any = ()  # a choose: one of the records below; a discard: DiscardDown; otherwise ()


class DiscardDown(NamedTuple):
    """CH-5.8: cards to discard down to the hand limit."""

    excess: int


class EliteChoice(NamedTuple):
    """CH-8 Élite: whether the attacker doubles its strength and resistance for the battle."""

    uid: int
    what: str = "elite"


class ClarividenciaChoice(NamedTuple):
    """CH-8 Clarividencia: the cards looked at, and those already ordered."""

    looked: tuple[CardDef, ...]
    picked: tuple[CardDef, ...] = ()
    what: str = "clarividencia"


class MimicaChoice(NamedTuple):
    """CH-8 Mímica: the character that copies a character of its controller's Mictlán."""

    uid: int
    what: str = "mimica"


class ZombificarChoice(NamedTuple):
    """CH-8 Zombificar: the character whose trigger returns a soul and calls from the Mictlán."""

    uid: int
    what: str = "zombificar"


class CosmoChoice(NamedTuple):
    """CH-8 Cosmo: the card just drawn, which may be called now."""

    card: CardDef
    what: str = "cosmo"


class OptionalChoice(NamedTuple):
    """A "puedes" disparo ability (CH-7.3): whether to use it."""

    source: Handle
    ability: Ability
    event: Any
    what: str = "optional"


class TriggerTargetChoice(NamedTuple):
    """A triggered ability's target, one spec at a time (CH-7.4): its context, which spec, the picks so far
    and the candidates for this one."""

    run: EffectContext
    spec_index: int  # which of its chosen target specs
    picked: tuple[tuple[str, Handle], ...]
    candidates: tuple[tuple[str, Handle], ...]
    what: str = "trig_target"


class SelectChoice(NamedTuple):
    """The cards or characters a cost or a verb selects (CH-12 seleccionar), one at a time."""

    purpose: str                 # cost | discard | add | special_call | liberar
    op: Op
    source: Handle
    need: int
    picked: tuple[Handle, ...] = ()
    what: str = "select"


class ZoneChoice(NamedTuple):
    """The empty zone a special call puts a character in (CH-6.2)."""

    handle: Handle
    zones: tuple[int, ...]
    what: str = "zone"
