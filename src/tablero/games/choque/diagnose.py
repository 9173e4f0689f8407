"""Why an action is illegal: the rule id and a readable message (only run when an action is refused).

Legality itself is decided by the legal-action generators; this module only explains a refusal, so it
may be slow and thorough. Whatever it cannot pin down gets the pending decision's rule and the list of
what is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction

from .decisions import KIND_RULE
from .flow import NAMES, OTHER
from .state import sector_of

if TYPE_CHECKING:
    from .game import ChoqueGame


def diagnose(g: ChoqueGame, act: dict[str, Any], legal: list[dict[str, Any]]) -> IllegalAction:
    s = g.s
    assert s.pending is not None
    pi, kind, data = s.pending
    p = s.players[pi]
    o = s.players[OTHER[pi]]
    do = act["do"]

    def err(rule: str, msg: str) -> IllegalAction:
        return IllegalAction(rule, msg)

    def hand_card(cid: Any, rule: str) -> Any:
        for c in p.hand:
            if c.id == cid:
                return c
        raise err(rule, f"{cid!r} is not in {NAMES[pi]}'s hand")

    try:
        if do == "activate_soul":
            if "card" not in act:
                return IllegalAction(None, "activate_soul needs a 'card'")
            c = hand_card(act["card"], "CH-5.6")
            if c.type != "alma":
                return err("CH-5.6", f"{c.id!r} is a {c.type}, not a soul")
            if p.souls_activated >= 1:
                return err("CH-5.6", "only one soul may be activated per turn")
            return err("CH-3.11", f"support zone {act.get('zone', '')} is not empty" if act.get("zone")
                       else "no empty support zone (Z1–Z5)")
        if do == "call":
            for f in ("card", "zone"):
                if f not in act:
                    return IllegalAction(None, f"call needs a {f!r}")
            c = hand_card(act["card"], "CH-6.1")
            if c.type != "personaje":
                return err("CH-6.1", f"{c.id!r} is a {c.type}; only characters are called"
                           + (" (amalgams: call_amalgam, CH-6.4)" if c.type == "amalgama" else ""))
            if not act["zone"].startswith("C"):
                return err("CH-3.1", f"{act['zone']} is not a character zone (C1–C4)")
            if p.normal_calls >= 2:
                return err("CH-6.1", "two normal calls per turn at most; both are used")
            total = p.soul_total()
            if c.value > total:
                return err("CH-6.1", f"{c.id!r} has value {c.value}, more than the {total} of your active souls")
            if g._call_blocked(pi, c.value):
                return err("CH-8", f"Toxina: no calls of value {p.toxina_now} or lower during this action phase")
            if p.chars[int(act["zone"][1]) - 1] is not None:
                return err("CH-3.11", f"zone {act['zone']} is occupied")
        if do == "play":
            if "card" not in act:
                return IllegalAction(None, "play needs a 'card'")
            c = hand_card(act["card"], "CH-5.6")
            if c.type not in ("apoyo", "sector", "arena"):
                return err("CH-5.6", f"{c.id!r} is a {c.type}; play is for apoyos, sectors and arenas")
            zone = act.get("zone")
            want = {"apoyo": "Z", "sector": "S", "arena": "arena"}[c.type]
            if zone is not None and not zone.startswith(want):
                return err("CH-3.11", f"a {c.type} goes in a {'support' if want == 'Z' else want} zone, not {zone}")
            if c.type == "apoyo":
                if kind == "response" and c.subtype != "rapido":
                    return err("CH-1.5", f"only rápido apoyos are activated outside your action phase; {c.id!r} is "
                                         f"{c.subtype}")
                if all(z is not None for z in p.zones):
                    return err("CH-3.11", "no empty support zone (Z1–Z5)")
                if zone is not None and zone.startswith("Z") and p.zones[int(zone[1]) - 1] is not None:
                    return err("CH-3.11", f"support zone {zone} is occupied")
                refs = list(act.get("targets") or [])
                if c.subtype == "equipo":
                    if not refs:
                        return err("CH-1.5", "an apoyo equipo needs 'targets': the character it equips first")
                    return err("CH-1.5", f"{c.id!r} cannot equip {refs[0]}"
                               + (f" (it equips only {dict(c.fx.equip)})" if c.fx.equip else ""))
                if c.fx.effect is not None:
                    why = _ability_refusal(g, pi, c.fx.effect, ("hand", pi, c), refs)
                    if why is not None:
                        return why
            if c.type == "sector":
                placement = c.fx.placement
                side = act.get("side", "own")
                if placement != "either" and side != placement:
                    return err("CH-1.6", f"{c.id!r} goes in {'your' if placement == 'own' else 'the opponent'}"
                                         f"{'' if placement == 'own' else chr(39) + 's'} sector zone")
            return err("CH-3.11", f"no empty zone for {c.id!r}" + (f" ({zone} is occupied)" if zone else ""))
        if do == "attack":
            if kind == "action":
                return err("CH-5.1", "attacks are declared in the combat phase, after the action phase")
            if "attacker" not in act:
                return IllegalAction(None, "attack needs an 'attacker' (one of your zones, e.g. C1)")
            zi = int(act["attacker"][1]) - 1 if act["attacker"].startswith("C") else -1
            c = p.chars[zi] if zi >= 0 else None
            if c is None:
                return err("CH-9.2", f"there is no character of yours in {act['attacker']}")
            if kind == "combat":
                if s.turn == 1 and pi == s.first:
                    return err("CH-9.1", "the player who started the CHOQUE cannot declare battle in their first turn")
                if c.zombified:
                    return err("CH-8.1", f"{c.card.id!r} is zombificado and cannot attack")
                if c.has("fortaleza"):
                    return err("CH-8", f"Fortaleza: {c.card.id!r} cannot attack")
                if c.resting:
                    return err("CH-9.4", f"{c.card.id!r} is resting (it defended) and cannot declare battle")
                if c.called and not c.has("brutalidad"):
                    return err("CH-6.3", f"{c.card.id!r} was called this turn and cannot declare battle yet")
                if c.attacked and not c.has("barbarie"):
                    return err("CH-9.2", f"{c.card.id!r} has already attacked this turn")
            tgt = act.get("targets") or ([act["target"]] if "target" in act else [])
            if not tgt:
                return IllegalAction(None, "attack needs a 'target' (e.g. B.C2 or hearts)")
            if len(tgt) == 2 and not c.has("doble_batalla"):
                return err("CH-8", "only a character with Doble batalla clashes with two characters")
            if len(tgt) == 2:
                return err("CH-8", "Doble batalla needs two opposing characters of the same sector")
            t = tgt[0]
            if t == "hearts":
                return err("CH-9.2", "the opponent controls characters: attack one of them "
                                     "(only Emboscada attacks hearts directly)")
            if t[0] != NAMES[OTHER[pi]]:
                return err("CH-9.2", "attack an opposing character, not your own")
            if not t[2:].startswith("C") or o.chars[int(t[-1]) - 1] is None:
                return err("CH-9.2", f"there is no character in {t}")
            if c.has("barbarie"):
                return err("CH-8", f"Barbarie: {c.card.id!r} has already attacked {t} this turn")
        if do == "defend":
            b = s.battle
            if "defender" not in act:
                return IllegalAction(None, "defend needs a 'defender' (one of your zones)")
            zi = int(act["defender"][1]) - 1 if act["defender"].startswith("C") else -1
            c = p.chars[zi] if zi >= 0 else None
            if c is None:
                return err("CH-9.3", f"there is no character of yours in {act['defender']}")
            if b is not None and b.zones and zi == b.zones[0]:
                return err("CH-9.3", "the attacked character clashes anyway; defend substitutes another one")
            if c.defended:
                return err("CH-9.3", f"{c.card.id!r} has already defended this turn")
            if b is not None and b.zones and sector_of(zi) != sector_of(b.zones[0]):
                return err("CH-9.3", f"{c.card.id!r} is in the other sector; only Guarda or Comandar allow that")
        if do == "use" and act.get("ability") not in ("aura", "atormentar", "portal", "rito", "cosmo", None):
            src = act.get("source")
            ability = act.get("ability")
            sources = {ref: (h, abilities) for h, ref, abilities in g._field_sources(pi)}
            if src not in sources:
                return err("CH-7.3", f"there is no card of yours with abilities at {src} (abilities are used "
                                     "from the field: A.C1, A.Z2, A.SA, A.arena)")
            h, abilities = sources[src]
            ab = next((a for a in abilities if a.name == ability), None)
            if ab is None:
                names = ", ".join(repr(a.name) for a in abilities)
                return err("CH-7", f"{src} has no ability {ability!r}; it has {names}")
            if ab.category == "disparo":
                return err("CH-7.3", f"{ability!r} is a disparo ability: it triggers by itself ({ab.trigger})")
            if ab.category == "continuo":
                return err("CH-7.1", f"{ability!r} is continuo: it is always on and is not used")
            if ab.category == "encendido" and (s.active != pi or s.phase != "action" or kind != "action"):
                return err("CH-7.2", f"{ability!r} is encendido: only in your own action phase, outside chains")
            why = _ability_refusal(g, pi, ab, h, list(act.get("targets") or []))
            if why is not None:
                return why
        if do == "use":
            src = act.get("source")
            ability = act.get("ability")
            if not src or not ability:
                return IllegalAction(None, "use needs a 'source' and an 'ability'")
            if "." in src:
                side, zone = src.split(".")
                if side != NAMES[pi]:
                    return err("CH-7.3", "you can only use abilities of your own cards")
                c = p.chars[int(zone[1]) - 1] if zone.startswith("C") else None
                if c is None:
                    return err("CH-7.3", f"there is no character of yours in {src}")
                if not c.has(ability):
                    note = " (zombificado: none of its abilities work, CH-8.1)" if c.zombified else ""
                    return err("CH-8", f"{c.card.id!r} has no ability {ability!r}{note}")
                if ability in ("aura",) and s.active == pi:
                    return err("CH-8", "Aura is used only in the opponent's turn")
                if ability == "atormentar" and kind != "action":
                    return err("CH-7.2", "Atormentar is encendido: only in your action phase")
                if ability == "portal":
                    if c.portal_turn == s.turn:
                        return err("CH-8", "Portal: once per turn")
                    return err("CH-8", "Portal swaps two of your characters between sectors (one in each)")
            else:
                c = hand_card(src, "CH-7.3")
                if ability not in c.keywords:
                    return err("CH-8", f"{c.id!r} has no ability {ability!r}")
                if ability == "rito":
                    if s.active == pi:
                        return err("CH-8", "Rito is used only in the opponent's turn")
                    return err("CH-8", "Rito needs one of your active souls and an empty character zone")
                if ability == "cosmo":
                    return err("CH-8", "Cosmo is offered only when you draw the card")
        if do in ("choose", "discard") and act.get("cards"):
            return err(KIND_RULE[kind], f"{act['cards'][0]!r} is not among the cards you may choose now")
    except IllegalAction as e:
        return e
    if do == "call_amalgam":
        c = next((x for x in p.support if x.id == act.get("card")), None)
        if c is None:
            return err("CH-6.4", f"{act.get('card')!r} is not an amalgam in your support deck")
        if kind != "action":
            return err("CH-6.4", "amalgam calls are made in your action phase")
        zone = act.get("zone")
        if isinstance(zone, str) and zone.startswith("C") and p.chars[int(zone[1]) - 1] is not None:
            return err("CH-3.11", f"zone {zone} is occupied")
        if g._call_blocked(pi, c.value):
            return err("CH-8", f"Toxina: no calls of value {p.toxina_now} or lower during this action phase")
        return err("CH-6.4", f"your hand cannot pay {c.id!r}'s material cost")
    verbs = sorted({a["do"] for a in legal})
    return err(KIND_RULE[kind], f"that {do!r} is not legal now ({kind} decision); legal: {', '.join(verbs)}")


def _ability_refusal(g: ChoqueGame, pi: int, ab: Any, src: Any, refs: list[str]) -> IllegalAction | None:
    """Why an ability cannot be activated now (CH-7): once per turn, its condition, its cost, its targets."""
    if ab.once_per_turn and g._once_key(src, ab) in g.s.used:
        return IllegalAction("CH-7", f"{ab.name!r} can be used once per turn")
    if not g._condition_ok(pi, src, ab.condition):
        return IllegalAction("CH-7", f"the condition of {ab.name!r} is not met ({dict(ab.condition)})")
    if not g._can_pay(pi, ab, src):
        costs = ", ".join(op.verb for op in ab.cost)
        return IllegalAction("CH-7.4", f"the cost of {ab.name!r} cannot be paid ({costs})")
    options = g._target_options(pi, ab, src)
    if options is None:
        return IllegalAction("CH-7.4", f"{ab.name!r} has no legal target now")
    if options and refs not in options:
        return IllegalAction("CH-7.4", f"{refs} are not legal targets for {ab.name!r}; for example {options[0]}")
    return None
