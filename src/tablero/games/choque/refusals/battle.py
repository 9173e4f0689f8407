"""Why a battle or a defence is refused: who may declare battle (CH-9.1, CH-9.2, CH-9.4, CH-6.3), whom it
may target (CH-9.2) and how keywords change that (CH-8), who may defend (CH-9.3)."""

from __future__ import annotations

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from ..state import NAMES, OTHER, Char, sector_of
from .common import Asked


def attack(a: Asked) -> IllegalAction | None:
    """A battle declared (or repeated, CH-9.5): the attacker, then its target."""
    act, s = a.act, a.g.s
    if a.kind == "action":
        return IllegalAction("CH-5.1", msg("attacks are declared in the combat phase, after the action phase"))
    if "attacker" not in act:
        return IllegalAction(None, msg("attack needs an 'attacker' (one of your zones, e.g. C1)"))
    zi = int(act["attacker"][1]) - 1 if act["attacker"].startswith("C") else -1
    c = a.p.chars[zi] if zi >= 0 else None
    if c is None:
        return IllegalAction("CH-9.2", msg("there is no character of yours in {zone}", zone=act["attacker"]))
    if a.kind == "battle_repeat" and s.battle is not None and c.uid != s.battle.attacker:
        return IllegalAction("CH-9.5", msg("a battle repetition belongs to the character that declared the battle; "
                                           "'{card}' did not", card=c.card.id))
    why = _attacker(a, c) if a.kind == "combat" else None
    return why if why is not None else _target(a, c)


def _attacker(a: Asked, c: Char) -> IllegalAction | None:
    """Whether this character may declare battle now."""
    s = a.g.s
    if s.turn == 1 and a.pi == s.first:
        return IllegalAction("CH-9.1", msg("the player who started the CHOQUE cannot declare battle in their first "
                                           "turn"))
    if c.zombified:
        return IllegalAction("CH-8.1", msg("'{card}' is zombificado and cannot attack", card=c.card.id))
    if c.has("fortaleza"):
        return IllegalAction("CH-8", msg("Fortaleza: '{card}' cannot attack", card=c.card.id))
    if c.resting:
        return IllegalAction("CH-9.4", msg("'{card}' is resting (it defended) and cannot declare battle",
                                           card=c.card.id))
    if c.called and not c.has("brutalidad"):
        return IllegalAction("CH-6.3", msg("'{card}' was called this turn and cannot declare battle yet",
                                           card=c.card.id))
    if c.attacked and not c.has("barbarie"):
        return IllegalAction("CH-9.2", msg("'{card}' has already attacked this turn", card=c.card.id))
    return None


def _target(a: Asked, c: Char) -> IllegalAction | None:
    """Whether the battle may target what it names."""
    act = a.act
    tgt = act.get("targets") or ([act["target"]] if "target" in act else [])
    if not tgt:
        return IllegalAction(None, msg("attack needs a 'target' (e.g. B.C2 or hearts)"))
    if len(tgt) == 2 and not c.has("doble_batalla"):
        return IllegalAction("CH-8", msg("only a character with Doble batalla clashes with two characters"))
    if len(tgt) == 2:
        return IllegalAction("CH-8", msg("Doble batalla needs two opposing characters of the same sector"))
    t = tgt[0]
    if t == "hearts":
        return IllegalAction("CH-9.2", msg("the opponent controls characters: attack one of them "
                                           "(only Emboscada attacks hearts directly)"))
    if t[0] != NAMES[OTHER[a.pi]]:
        return IllegalAction("CH-9.2", msg("attack an opposing character, not your own"))
    if not t[2:].startswith("C") or a.g.s.players[OTHER[a.pi]].chars[int(t[-1]) - 1] is None:
        return IllegalAction("CH-9.2", msg("there is no character in {zone}", zone=t))
    if c.has("barbarie"):
        return IllegalAction("CH-8", msg("Barbarie: '{card}' has already attacked {zone} this turn", card=c.card.id,
                                         zone=t))
    return None


def defend(a: Asked) -> IllegalAction | None:
    """CH-9.3: a character of one's own that has not defended this turn, in the attacked one's sector unless
    Guarda or Comandar say otherwise (and a zombificado's keywords do not work, CH-8.1)."""
    b = a.g.s.battle
    p = a.p
    if "defender" not in a.act:
        return IllegalAction(None, msg("defend needs a 'defender' (one of your zones)"))
    zi = int(a.act["defender"][1]) - 1 if a.act["defender"].startswith("C") else -1
    c = p.chars[zi] if zi >= 0 else None
    if c is None:
        return IllegalAction("CH-9.3", msg("there is no character of yours in {zone}", zone=a.act["defender"]))
    if b is not None and b.zones and zi == b.zones[0]:
        return IllegalAction("CH-9.3", msg("the attacked character clashes anyway; defend substitutes another one"))
    if c.defended:
        return IllegalAction("CH-9.3", msg("'{card}' has already defended this turn", card=c.card.id))
    if b is not None and b.zones and sector_of(zi) != sector_of(b.zones[0]):
        attacked = p.chars[b.zones[0]]
        if c.zombified and "guarda" in c.card.keywords:
            return IllegalAction("CH-8.1", msg("'{card}' is zombificado: its Guarda does not work, so it defends "
                                               "only in its own sector", card=c.card.id))
        if attacked is not None and attacked.zombified and "comandar" in attacked.card.keywords:
            return IllegalAction("CH-8.1", msg("'{card}' is zombificado: its Comandar does not work",
                                               card=attacked.card.id))
        return IllegalAction("CH-9.3", msg("'{card}' is in the other sector; only Guarda or Comandar allow that",
                                           card=c.card.id))
    return None
