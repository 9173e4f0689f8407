"""Why a call or a soul is refused: CH-5.6 souls, CH-6.1 normal calls, CH-6.4 amalgam calls, CH-8 Rito's
special call (CH-6.2), and the zones they go to (CH-3.1, CH-3.11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from .. import keywords
from ..state import NAMES
from .common import Asked

if TYPE_CHECKING:
    from ..game import ChoqueGame


def activate_soul(a: Asked) -> IllegalAction | None:
    """CH-5.6: one soul per turn, from the hand, into an empty support zone of one's own."""
    if "card" not in a.act:
        return IllegalAction(None, msg("activate_soul needs a 'card'"))
    c = a.hand_card(a.act["card"], "CH-5.6")
    if c.type != "alma":
        return IllegalAction("CH-5.6", msg("'{card}' is a {type}, not a soul", card=c.id, type=c.type))
    if a.p.souls_activated >= 1:
        return IllegalAction("CH-5.6", msg("only one soul may be activated per turn"))
    zone = a.act.get("zone")
    if zone is not None and not zone.startswith("Z"):
        return IllegalAction("CH-3.3", msg("souls go in your own support zones (Z1–Z5), not {zone}", zone=zone))
    return IllegalAction("CH-3.11", msg("support zone {zone} is not empty", zone=zone) if zone
                         else msg("no empty support zone (Z1–Z5)"))


def call(a: Asked) -> IllegalAction | None:
    """CH-6.1: a character from the hand, within the soul total, twice a turn at most, into an empty
    character zone of one's own; CH-8 Toxina."""
    act, p = a.act, a.p
    for f in ("card", "zone"):
        if f not in act:
            return IllegalAction(None, msg("call needs a '{field}'", field=f))
    c = a.hand_card(act["card"], "CH-6.1")
    if c.type != "personaje":
        return IllegalAction("CH-6.1", msg("'{card}' is a {type}; only characters are called (amalgams: "
                                           "call_amalgam, CH-6.4)", card=c.id, type=c.type) if c.type == "amalgama"
                             else msg("'{card}' is a {type}; only characters are called", card=c.id, type=c.type))
    if "." in act["zone"]:
        return IllegalAction("CH-6.1", msg("a character is called into an empty character zone of its own "
                                           "player's, not {zone}", zone=act["zone"]))
    if not act["zone"].startswith("C"):
        return IllegalAction("CH-3.1", msg("{zone} is not a character zone (C1–C4)", zone=act["zone"]))
    if p.normal_calls >= 2:
        return IllegalAction("CH-6.1", msg("two normal calls per turn at most; both are used"))
    total = p.soul_total()
    if c.value > total:
        return IllegalAction("CH-6.1", msg("'{card}' has value {value}, more than the {total} of your active souls",
                                           card=c.id, value=c.value, total=total))
    if keywords.call_blocked(a.g, a.pi, c.value):
        return IllegalAction("CH-8", msg("Toxina: no calls of value {value} or lower during this action phase",
                                         value=p.toxina_now))
    if p.chars[int(act["zone"][1]) - 1] is not None:
        return IllegalAction("CH-3.11", msg("zone {zone} is occupied", zone=act["zone"]))
    return None


def call_amalgam(a: Asked) -> IllegalAction:
    """CH-6.4: an amalgam from the support deck, in the action phase, into an empty character zone of one's
    own, its materials from the hand; CH-8 Toxina."""
    p = a.p
    c = next((x for x in p.support if x.id == a.act.get("card")), None)
    if c is None:
        return IllegalAction("CH-6.4", msg("{card} is not an amalgam in your support deck",
                                           card=repr(a.act.get("card"))))
    if a.kind != "action":
        return IllegalAction("CH-6.4", msg("amalgam calls are made in your action phase"))
    zone = a.act.get("zone")
    if isinstance(zone, str) and "." in zone:
        return IllegalAction("CH-6.4", msg("an amalgam is called into an empty character zone of your own, not "
                                           "{zone}", zone=zone))
    if isinstance(zone, str) and not zone.startswith("C"):
        return IllegalAction("CH-3.1", msg("{zone} is not a character zone (C1–C4)", zone=zone))
    if isinstance(zone, str) and zone.startswith("C") and p.chars[int(zone[1]) - 1] is not None:
        return IllegalAction("CH-3.11", msg("zone {zone} is occupied", zone=zone))
    if keywords.call_blocked(a.g, a.pi, c.value):
        return IllegalAction("CH-8", msg("Toxina: no calls of value {value} or lower during this action phase",
                                         value=p.toxina_now))
    return IllegalAction("CH-6.4", msg("your hand cannot pay '{card}''s material cost", card=c.id))


def rito(g: ChoqueGame, pi: int, refs: list[str]) -> IllegalAction:
    """Rito (CH-8): return one of your active souls to your hand and special call this character, which still
    needs an empty character zone (CH-6.2)."""
    p = g.s.players[pi]
    name = NAMES[pi]
    empty = [i for i, c in enumerate(p.chars) if c is None]
    if not empty:
        return IllegalAction("CH-6.2", msg("a special call still needs an empty character zone, and all four of "
                                           "yours are occupied"))
    if len(refs) != 2:
        example_soul, example_zone = f"{name}.Z1", f"{name}.C{empty[0] + 1}"
        return IllegalAction("CH-8", msg("Rito needs 'targets': one of your active souls and an empty character "
                                         "zone (e.g. [{soul}, {zone}])", soul=example_soul, zone=example_zone))
    soul, zone = refs
    sz = int(soul[-1]) - 1 if soul.startswith(f"{name}.Z") and soul[-1] in "12345" else -1
    z = p.zones[sz] if sz >= 0 else None
    if z is None or getattr(z, "type", None) != "alma":
        return IllegalAction("CH-8", msg("Rito returns one of your active souls to your hand; {zone} holds none",
                                         zone=soul))
    if not (zone.startswith(f"{name}.C") and zone[-1] in "1234"):
        return IllegalAction("CH-6.2", msg("Rito calls into one of your character zones, not {zone}", zone=zone))
    return IllegalAction("CH-3.11", msg("zone {zone} is occupied", zone=zone))
