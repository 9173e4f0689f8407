"""Chain links (CH-7.4) and the marks queued with them, as named records.

A link waits on ``State.chain`` (or, raised while a chain resolves, on ``State.triggers``) until it
resolves, last first; ``ChoqueGame._links`` maps its ``kind`` to the function that resolves it
(``keywords.resolve_link``). One record per kind, read by name, never by position: named tuples, as cheap
as the positional tuples they replaced, immutable (a clone shares them) and equal by value (Aura's "not
twice on the chain" is a membership test).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .cards import CardDef
    from .effects.context import EffectContext, Handle
    from .effects.schema import Ability


class AbilityLink(NamedTuple):
    """A card ability activated with ``use``, or an apoyo's effect (CH-7.4): its targets are chosen."""

    player: int
    source: Handle
    ability: Ability
    chosen: Any                   # target name -> handles
    responds: int                 # the chain position it answers (CH-12 negar), or -1
    apoyo: tuple[Any, ...] | None  # the apoyo that carries it, or ("arrive", ...) for a continuous card
    drawn: bool = False           # its "al azar" targets were drawn already (back under reactions)
    kind: str = "ability"


class TriggerLink(NamedTuple):
    """A disparo ability (CH-7.3): its targets and costs are chosen as it resolves."""

    player: int
    source: Handle
    ability: Ability
    event: Any                              # what triggered it (event fields)
    ready: EffectContext | None = None      # targets chosen already (back under reactions)
    kind: str = "trig"


class ApoyoLink(NamedTuple):
    """A normal or rápido apoyo without an effect: it resolves, then goes to the Mictlán (CH-1.5)."""

    player: int
    zone_index: int
    card: CardDef
    kind: str = "apoyo"


class ActivationLink(NamedTuple):
    """A continuous card (continuo or equipo apoyo, sector, arena) put into its zone (CH-7.4)."""

    player: int
    owner: int       # whose side its zone is on (a sector may go to the opponent's, CH-1.6)
    zone: str
    card: CardDef
    kind: str = "activation"


class ClarividenciaLink(NamedTuple):
    """CH-8 Clarividencia X, on a call."""

    player: int
    uid: int
    x: int
    kind: str = "clarividencia"


class MimicaLink(NamedTuple):
    """CH-8 Mímica, on a call."""

    player: int
    uid: int
    kind: str = "mimica"


class ZombificarLink(NamedTuple):
    """CH-8 Zombificar, on a call."""

    player: int
    uid: int
    kind: str = "zombificar"


class CosmoLink(NamedTuple):
    """CH-8 Cosmo, on a draw."""

    player: int
    card: CardDef
    kind: str = "cosmo"


class AuraLink(NamedTuple):
    """CH-8 Aura, used as a rápido."""

    player: int
    uid: int
    kind: str = "aura"


class RitoLink(NamedTuple):
    """CH-8 Rito: the card in hand called into a zone (its soul cost paid on activation)."""

    player: int
    card: CardDef
    zone_index: int
    kind: str = "rito"


class PortalLink(NamedTuple):
    """CH-8 Portal: two of its controller's characters swap sectors."""

    player: int
    uid: int
    z1: int
    z2: int
    kind: str = "portal"


class AtormentarLink(NamedTuple):
    """CH-8 Atormentar: the confined character's value, for the characters it takes with it."""

    player: int
    value: int
    kind: str = "atormentar"


class WindowMark(NamedTuple):
    """Not a link: a response window owed to ``player`` (CH-7.5), queued among the triggers."""

    player: int
    kind: str = "window"


Link = (AbilityLink | TriggerLink | ApoyoLink | ActivationLink | ClarividenciaLink | MimicaLink | ZombificarLink
        | CosmoLink | AuraLink | RitoLink | PortalLink | AtormentarLink)
Queued = Link | WindowMark  # what State.triggers holds until the next chain
