"""Why a ``play`` is refused: apoyos (CH-1.5, CH-3.3), sectors (CH-1.6) and arenas (CH-1.7) from the hand,
into zones that take them (CH-3.11), and what a response window takes (CH-7.4)."""

from __future__ import annotations

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from ..cards import CardDef
from .abilities import ability
from .common import CARD_TEXT, Asked, char_at, describe_filter

_ZONE_OF = {"apoyo": ("Z", "CH-3.3"), "sector": ("S", "CH-1.6"), "arena": ("arena", "CH-1.7")}


def play(a: Asked) -> IllegalAction | None:
    """A card played from the hand: its type, the window it is played in, its zone, its own limits."""
    if "card" not in a.act:
        return IllegalAction(None, msg("play needs a 'card'"))
    c = a.hand_card(a.act["card"], "CH-5.6")
    if c.type not in ("apoyo", "sector", "arena"):
        return IllegalAction("CH-5.6", msg("'{card}' is a {type}; play is for apoyos, sectors and arenas",
                                           card=c.id, type=c.type))
    zone = a.act.get("zone")
    if a.kind == "response" and not (c.type == "apoyo" and c.subtype == "rapido"):
        return _in_response(a, c)
    why = _zone(c, zone, a.act.get("side", "own"))
    if why is None and c.type == "apoyo":
        why = _apoyo(a, c, zone)
    if why is None and c.type == "sector":
        why = _sector(c, a.act.get("side", "own"))
    if why is not None:
        return why
    return IllegalAction("CH-3.11", msg("no empty zone for '{card}' ({zone} is occupied)", card=c.id, zone=zone)
                         if zone else msg("no empty zone for '{card}'", card=c.id))


def _in_response(a: Asked, c: CardDef) -> IllegalAction:
    """A chain takes only rápido apoyos and abilities (CH-7.4); outside one's action phase only rápido
    apoyos are activated (CH-1.5); sectors and arenas belong to the action phase (CH-5.6)."""
    if a.own_action:
        return IllegalAction("CH-7.4", msg("a chain is open: only rápido apoyos and abilities are added to it, and "
                                           "'{card}' is a {kind}; it waits until the chain resolves", card=c.id,
                                           kind=c.subtype or c.type))
    if c.type == "apoyo":
        return IllegalAction("CH-1.5", msg("only rápido apoyos are activated outside your action phase; '{card}' "
                                           "is {subtype}", card=c.id, subtype=c.subtype))
    return IllegalAction("CH-5.6", msg("a {type} is played in its player's own action phase, not in a response",
                                       type=c.type))


def _zone(c: CardDef, zone: str | None, side: str) -> IllegalAction | None:
    """The kind of zone a card of this type goes to, on whose side."""
    if c.type == "arena" and (side == "opponent" or (zone is not None and "." in zone)):
        return IllegalAction("CH-1.7", msg("an arena sits in its controller's own arena zone (it reaches the "
                                           "opponent's side only where its text says so), not on the opponent's "
                                           "side"))
    if zone is not None and "." in zone and c.type == "apoyo":
        return IllegalAction("CH-3.3", msg("an apoyo goes in one of your own support zones (Z1–Z5), not {zone}",
                                           zone=zone))
    bare = zone.split(".")[-1] if zone is not None else None
    prefix, rule = _ZONE_OF[c.type]
    if bare is not None and not bare.startswith(prefix):
        goes = {"apoyo": msg("an apoyo goes in one of your support zones (Z1–Z5), not {zone}", zone=zone),
                "sector": msg("a sector goes in a sector zone (SA, SB), not {zone}", zone=zone),
                "arena": msg("an arena goes in the arena zone, not {zone}", zone=zone)}[c.type]
        return IllegalAction(rule, goes)
    return None


def _apoyo(a: Asked, c: CardDef, zone: str | None) -> IllegalAction | None:
    """An apoyo: its own side's empty support zone (CH-3.3, CH-3.11), an equipo's character (CH-1.5), its
    effect's own limits (CH-0.2)."""
    p = a.p
    if a.act.get("side", "own") == "opponent":
        return IllegalAction("CH-3.3", msg("an apoyo goes in one of your own support zones, not on the opponent's "
                                           "side"))
    if all(z is not None for z in p.zones):
        return IllegalAction("CH-3.11", msg("no empty support zone (Z1–Z5)"))
    if zone is not None and zone.startswith("Z") and p.zones[int(zone[1]) - 1] is not None:
        return IllegalAction("CH-3.11", msg("support zone {zone} is occupied", zone=zone))
    refs = list(a.act.get("targets") or [])
    if c.subtype == "equipo":
        if not refs:
            return IllegalAction("CH-1.5", msg("an apoyo equipo needs 'targets': the character it equips first"))
        if char_at(a.g, refs[0]) is None:
            return IllegalAction("CH-1.5", msg("an apoyo equipo is attached to a character; there is none in "
                                               "{zone}", zone=refs[0]))
        return IllegalAction(CARD_TEXT, msg("'{card}' cannot equip {target}: its text equips only {filter}",
                                            card=c.id, target=refs[0], filter=describe_filter(c.fx.equip))
                             if c.fx.equip else msg("'{card}' cannot equip {target}", card=c.id, target=refs[0]))
    if c.fx.effect is not None:
        return ability(a.g, a.pi, c.fx.effect, ("hand", a.pi, c), refs)
    return None


def _sector(c: CardDef, side: str) -> IllegalAction | None:
    """CH-1.6: a sector goes to its own side's sector zone, or the opponent's where its text says so."""
    placement = c.fx.placement
    if placement != "either" and side != placement:
        return IllegalAction("CH-1.6", msg("'{card}' goes in your sector zone", card=c.id) if placement == "own"
                             else msg("'{card}' goes in the opponent's sector zone", card=c.id))
    return None
