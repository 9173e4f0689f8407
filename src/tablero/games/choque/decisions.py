"""What each pending decision accepts: legal-action lists, matching incoming actions, and applying them.

Legality lives in one place, the generators here (``legal``): an incoming action is applied only if it
matches one of the legal canonical actions, so a refused action never touched the state. When it matches
none, ``refusals/`` explains *why*, with the rule id.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from . import chain, combat, flow, keywords, stats, targeting
from .cards import CardDef, distinct_ids, find_card
from .effects import activation, triggers
from .exclusive import toxina
from .filters import _card_matches
from .links import ActivationLink, ApoyoLink, AtormentarLink, Link
from .pending import DiscardDown, Pending
from .state import CHAR_ZONES, NAMES, OTHER, SECTOR_ZONES, SUPPORT_ZONES, Equip

if TYPE_CHECKING:
    from .game import ChoqueGame

# What each decision kind accepts (the spec's implicit-pass rule needs this), and the rule it follows.
ACCEPTS: dict[str, frozenset[str]] = {
    "action": frozenset({"end_phase", "activate_soul", "call", "call_amalgam", "play", "use"}),
    "combat": frozenset({"end_phase", "attack", "use", "play"}),  # play: rápido apoyos (CH-1.5)
    "response": frozenset({"pass", "use", "play"}),
    "defend": frozenset({"pass", "defend"}),
    "ofrenda": frozenset({"pass", "ofrenda"}),
    "choose": frozenset({"pass", "choose"}),
    "discard": frozenset({"discard"}),
    "battle_repeat": frozenset({"pass", "attack"}),
}
KIND_RULE = {
    "action": "CH-5.6", "combat": "CH-9.2", "response": "CH-7.4", "defend": "CH-9.3", "ofrenda": "CH-5.3",
    "choose": "CH-7.3", "discard": "CH-5.8", "battle_repeat": "CH-9.5",
}
MANDATORY_CHOICES = frozenset({"clarividencia", "mimica", "select", "targets", "trig_target", "zone"})
KEYWORD_USES = frozenset({"atormentar", "aura", "rito", "portal"})


def is_optional(g: ChoqueGame) -> bool:
    s = g.s
    if s.pending is None:
        return False
    kind = s.pending.kind
    if kind in ("response", "defend", "battle_repeat"):
        return True
    if kind == "ofrenda":
        return s.options.ofrenda_optional  # CH-5.3: mandatory unless the house rule restores the pass
    if kind == "choose":
        return s.pending.data.what not in MANDATORY_CHOICES
    return False


# -- legal actions -------------------------------------------------------------------------------
def legal(g: ChoqueGame) -> list[dict[str, Any]]:
    """The legal actions of the pending decision, by its kind."""
    s = g.s
    if s.pending is None or s.winner is not None:
        return []
    p = s.pending
    return KINDS[p.kind].legal(g, p.player, p.data)


def legal_action(g: ChoqueGame, pi: int, data: Any = ()) -> list[dict[str, Any]]:
    """CH-5.6: the action phase's options, then the end of the phase."""
    s = g.s
    out = action_options(g, pi)
    if s.statics and stats.fx_on_field(g):
        out += activation.activation_options(g, pi, False)
    if s.players[pi].support:
        out += amalgam_options(g, pi)
    out.append({"player": NAMES[pi], "do": "end_phase"})
    return out


def legal_combat(g: ChoqueGame, pi: int, data: Any = ()) -> list[dict[str, Any]]:
    """CH-5.7: battles, Portal, the abilities and rápido apoyos of the combat phase, then its end."""
    s = g.s
    out = combat.combat_options(g, pi)
    for c in s.players[pi].chars:
        if c is not None and c.rapido:
            out += keywords.portal_options(g, pi)
            break
    if s.statics and stats.fx_on_field(g):
        out += activation.activation_options(g, pi, False)
    for card in s.players[pi].hand:
        if card.subtype == "rapido":  # CH-1.5: in any phase, the owner's own combat phase too
            out += activation.rapido_apoyo_options(g, pi)
            break
    out.append({"player": NAMES[pi], "do": "end_phase"})
    return out


def legal_choose(g: ChoqueGame, pi: int, data: Any) -> list[dict[str, Any]]:
    """What an ability or a keyword asks (``choose_options``), and ``pass`` where it may be declined."""
    out = choose_options(g, pi, data)
    if is_optional(g):
        out.append({"player": NAMES[pi], "do": "pass"})
    return out


def legal_response(g: ChoqueGame, pi: int, data: Any) -> list[dict[str, Any]]:
    """CH-7.4, CH-7.5: a response to the chain or the window, or pass."""
    return keywords.response_options(g, pi) + [{"player": NAMES[pi], "do": "pass"}]


def legal_defend(g: ChoqueGame, pi: int, data: Any) -> list[dict[str, Any]]:
    """CH-9.3: a substitute defender, or pass."""
    return combat.defence_options(g) + [{"player": NAMES[pi], "do": "pass"}]


def legal_ofrenda(g: ChoqueGame, pi: int, data: Any) -> list[dict[str, Any]]:
    """CH-5.3: the ofrenda's one answer, unless the house rule lets it be passed."""
    name = NAMES[pi]
    passing = [{"player": name, "do": "pass"}] if g.s.options.ofrenda_optional else []
    return [{"player": name, "do": "ofrenda"}, *passing]


def legal_battle_repeat(g: ChoqueGame, pi: int, data: Any) -> list[dict[str, Any]]:
    """CH-9.5: declare the battle again, or stop the attack."""
    return combat.repeat_options(g) + [{"player": NAMES[pi], "do": "pass"}]


def legal_discard(g: ChoqueGame, pi: int, data: Any) -> list[dict[str, Any]]:
    """CH-5.8: one card of the hand to discard, while it is over seven."""
    return [{"player": NAMES[pi], "do": "discard", "cards": [cid]} for cid in distinct_ids(g.s.players[pi].hand)]


def action_options(g: ChoqueGame, pi: int) -> list[dict[str, Any]]:
    """CH-5.6: the active player's options in the action phase (hot: written for speed)."""
    out = hand_options(g, pi)
    name = NAMES[pi]
    chars = g.s.players[pi].chars
    portal = False
    for zi in range(4):
        c = chars[zi]
        if c is not None and c.kw:
            if "atormentar" in c.kw:  # CH-8 Atormentar (encendido)
                out.append({"player": name, "do": "use", "source": f"{name}.{CHAR_ZONES[zi]}",
                            "ability": "atormentar"})
            portal = portal or c.rapido
    if portal:
        out.extend(keywords.portal_options(g, pi))
    return out


def hand_options(g: ChoqueGame, pi: int) -> list[dict[str, Any]]:
    """The action phase's plays from the hand: calls, a soul, apoyos, sectors, an arena (hot)."""
    s = g.s
    p = s.players[pi]
    name = NAMES[pi]
    out: list[dict[str, Any]] = []
    free_z = _free_support_zone(p.zones)
    total = p.soul_total() if p.normal_calls < 2 else -1  # CH-6.1: the ceiling, or both calls used
    empty_c = [CHAR_ZONES[i] for i in range(4) if p.chars[i] is None]
    tox = toxina.barred_up_to(g, pi)
    seen: set[str] = set()
    for card in p.hand:
        cid = card.id
        if cid in seen:
            continue
        seen.add(cid)
        t = card.type
        if t == "personaje":
            if tox < card.value <= total:  # CH-6.1 soul ceiling and two calls; CH-8 Toxina
                for zone in empty_c:
                    out.append({"player": name, "do": "call", "card": cid, "zone": zone})
        elif t == "alma":
            if p.souls_activated < 1 and free_z is not None:  # CH-5.6: one soul per turn
                out.append({"player": name, "do": "activate_soul", "card": cid, "zone": free_z})
        elif t == "apoyo":
            if free_z is not None:
                out.extend(activation.apoyo_options(g, pi, card, free_z, False))  # CH-1.5, CH-5.6
        elif t == "sector":
            sector_options(g, pi, card, out)
        elif t == "arena":
            out.append({"player": name, "do": "play", "card": cid, "zone": "arena"})  # CH-3.11 replaces
    return out


def sector_options(g: ChoqueGame, pi: int, card: CardDef, out: list[dict[str, Any]]) -> None:
    """A sector into each empty sector zone it may go to (CH-1.6: some go to the opponent's, CH-3.11)."""
    s = g.s
    name = NAMES[pi]
    placement = card.fx.placement
    for side, q in (("own", s.players[pi]), ("opponent", s.players[1 - pi])):
        if placement != "either" and placement != side:
            continue
        for si in range(2):
            if q.sectors[si] is None:
                act = {"player": name, "do": "play", "card": card.id, "zone": SECTOR_ZONES[si]}
                out.append(act if side == "own" else {**act, "side": "opponent"})


def choose_options(g: ChoqueGame, pi: int, data: Any) -> list[dict[str, Any]]:
    """The answers to a ``choose``, by what it is about (a record of ``pending.py``): each kind of choice
    is offered and answered by the module of its rule, through ``ChoqueGame._choices``."""
    return g._choices[data.what].offer(g, pi, data)


# -- applying a legal canonical action ------------------------------------------------------------
def execute(g: ChoqueGame, act: dict[str, Any]) -> None:
    """Apply a legal canonical action to the pending decision, by the decision's kind."""
    s = g.s
    assert s.pending is not None
    p = s.pending
    s.pending = None
    KINDS[p.kind].execute(g, p.player, p.data, act)


def execute_action(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    execute_free(g, pi, "action", act)


def execute_combat(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    execute_free(g, pi, "combat", act)


def execute_defend(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    if act["do"] == "defend":
        combat.defend(g, pi, act)


def execute_ofrenda(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    if act["do"] == "ofrenda":
        flow.do_ofrenda(g, pi)


def execute_battle_repeat(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    if act["do"] == "pass":
        flow.event(g, "attack_stopped", player=NAMES[pi])
        combat.end_battle(g)
    else:
        combat.repeat(g, pi, act)


def execute_discard(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    discard_down(g, pi, act["cards"][0])


def execute_free(g: ChoqueGame, pi: int, kind: str, act: dict[str, Any]) -> None:
    """An action of the action or combat phase (CH-5.6, CH-5.7); the free decision comes back after it."""
    s = g.s
    p = s.players[pi]
    do = act["do"]
    if do == "end_phase":
        if kind == "action":
            toxina.action_phase_ends(p)
        s.log.append({"player": NAMES[pi], "phase": s.phase, "event": "end_phase", "turn": s.turn})
        return
    s.stack.append(("free", kind))
    if do == "activate_soul":
        card = _take(p.hand, act["card"])
        p.zones[int(act["zone"][1]) - 1] = card
        s.target_cache = None  # souls are field targets too
        p.souls_activated += 1
        p.forget(card)
        flow.event(g, "activate_soul", player=NAMES[pi], card=card.id, total=p.soul_total())
    elif do == "call":
        keywords.normal_call(g, pi, find_card(p.hand, act["card"]), int(act["zone"][1]) - 1)
    elif do == "play":
        play(g, pi, act)
    elif do == "attack":
        combat.declare(g, pi, act)
    elif do == "call_amalgam":
        amalgam_call(g, pi, act)
    elif do == "use":
        execute_use(g, pi, act)


def execute_use(g: ChoqueGame, pi: int, act: dict[str, Any]) -> None:
    """``use``: a printed ability, Atormentar (CH-8: confine this character, then its chain) or a
    keyword used as a rápido (Portal)."""
    if act["ability"] not in KEYWORD_USES:
        activation.activate_use(g, pi, act)
    elif act["ability"] == "atormentar":
        zi = int(act["source"][-1]) - 1
        c = keywords.leave_field(g, pi, zi, "confined")  # the cost: confine this character
        flow.event(g, "use", player=NAMES[pi], ability="atormentar", source=c.card.id)
        chain.start_chain(g, [AtormentarLink(pi, c.card.value)], OTHER[pi])
    else:
        keywords.use_rapido(g, pi, act)


def execute_response(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    """An answer in a response window (CH-7.4): pass, a rápido apoyo, an ability."""
    if act["do"] == "pass":
        chain.chain_pass(g)
    elif act["do"] == "play":
        play(g, pi, act)
    elif act["ability"] not in KEYWORD_USES:
        activation.activate_use(g, pi, act)
    else:
        keywords.use_rapido(g, pi, act)


def discard_down(g: ChoqueGame, pi: int, cid: str) -> None:
    """CH-5.8: discard one card for the hand limit; ask again while the hand is over seven."""
    p = g.s.players[pi]
    card = _take(p.hand, cid)
    p.forget(card)
    p.mictlan.append(card)
    flow.event(g, "discard", player=NAMES[pi], card=card.id)
    if len(p.hand) > 7:
        g.s.pending = Pending(pi, "discard", DiscardDown(len(p.hand) - 7))


def execute_choice(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> None:
    """The answer to a ``choose`` decision, by what is being chosen (``data.what``, ``pending.py``)."""
    if act["do"] == "pass":
        flow.event(g, "declined", player=NAMES[pi], ability=data.what)
    else:
        g._choices[data.what].answer(g, pi, data, act)


def targets_pick(g: ChoqueGame, pi: int, choice: targeting.TargetChoice, act: dict[str, Any]) -> None:
    """A target named one at a time (CH-7.4); the last one activates the ability as the whole list would."""
    done = targeting.pick(g, pi, choice, act)
    if done is None:
        return
    if done["do"] == "use":
        activation.activate_use(g, pi, done)
    else:
        play(g, pi, done)


def play(g: ChoqueGame, pi: int, act: dict[str, Any]) -> None:
    """CH-5.6: apoyos, sectors and arenas from hand into empty zones of their kind (CH-3.11)."""
    s = g.s
    p = s.players[pi]
    card = find_card(p.hand, act["card"])
    found = targeting.apoyo_activation(pi, card)
    if found is not None and targeting.ask(g, pi, act, found.ability, found.source, found.prefix):
        return  # listed without the effect's targets: they are chosen one at a time first
    p.hand.remove(card)
    p.forget(card)
    s.field_changed(card)
    zone = act["zone"]
    refs = list(act.get("targets") or [])
    flow.event(g, "play", player=NAMES[pi], card=card.id, zone=zone)
    if card.type == "apoyo":
        zi = int(zone[1]) - 1
        if card.subtype == "equipo":  # CH-1.5: attached to the character it equips
            c = p.chars[int(refs.pop(0)[-1]) - 1]
            assert c is not None
            p.zones[zi] = Equip(card, (c.uid,))
        else:
            p.zones[zi] = card
        src = ("zone", pi, SUPPORT_ZONES[zi], card)
        if card.subtype in ("normal", "rapido"):
            # CH-1.5: normal and rápido apoyos resolve, then go to the Mictlán
            apoyo = (pi, zi, card)
            if card.fx.effect is not None:
                activation.activate(g, pi, src, card.fx.effect, refs, apoyo)
            else:
                push_link(g, ApoyoLink(pi, zi, card))
            triggers.fire_card(g, "activated", pi, card, src)
            return
        arrive(g, pi, pi, SUPPORT_ZONES[zi], card, refs)
        return
    if card.type == "sector":
        si = 0 if zone == "SA" else 1
        qi = OTHER[pi] if act.get("side") == "opponent" else pi  # CH-1.6
        s.players[qi].sectors[si] = card
        s.players[qi].sector_owner[si] = pi
    else:
        qi = pi
        if p.arena is not None:  # CH-3.11: a new arena replaces (destroys) the old one
            if p.arena.fx.active:
                s.fx_changed()
            p.mictlan.append(p.arena)
            flow.event(g, "destroyed", player=NAMES[pi], card=p.arena.id, reason="arena")
        p.arena = card
    arrive(g, pi, qi, zone, card, refs)


def push_link(g: ChoqueGame, link: Link) -> None:
    """CH-7.4: activating a card adds its link to the open chain, or opens one."""
    if g.s.chain_mode == 1:
        chain.add_link(g, link)
    else:
        chain.start_chain(g, [link], OTHER[link.player])


def arrive(g: ChoqueGame, pi: int, qi: int, zone: str, card: CardDef, refs: list[str]) -> None:
    """CH-7.4, CH-12 negar: a continuo or equipo apoyo, a sector or an arena sits in its zone (on
    player ``qi``'s side) as its activation link waits on the chain, and starts working when the
    link resolves: a negated one never works and goes to the Mictlán (see docs/rulings.md)."""
    s = g.s
    if s.options.activation_window:  # rules version 1: at work at once, a window for the opponent
        src = ("zone", qi, zone, card)
        if card.type != "apoyo":
            triggers.fire_card(g, "activated", pi, card, src)
            chain.open_window(g, OTHER[pi])
            return
        if card.fx.effect is not None:
            activation.activate(g, pi, src, card.fx.effect, refs, None)
        elif s.chain_mode == 0:
            chain.open_window(g, OTHER[pi])
        triggers.fire_card(g, "activated", pi, card, src)
        return
    s.arriving = (*s.arriving, (qi, zone))
    s.fx_changed()
    if card.fx.effect is not None:
        activation.activate(g, pi, ("zone", qi, zone, card), card.fx.effect, refs, ("arrive", qi, zone, card))
    else:
        push_link(g, ActivationLink(pi, qi, zone, card))


# -- CH-6.4 amalgam calls ----------------------------------------------------------------------
def amalgam_options(g: ChoqueGame, pi: int) -> list[dict[str, Any]]:
    s = g.s
    p = s.players[pi]
    name = NAMES[pi]
    out: list[dict[str, Any]] = []
    empty = [CHAR_ZONES[zi] for zi in range(4) if p.chars[zi] is None]
    if not empty or s.phase != "action" or s.active != pi:
        return out
    seen: set[str] = set()
    usable = sum(1 for c in p.hand if c.type != "alma")  # souls are never materials
    for card in p.support:
        if card.id in seen or card.type != "amalgama" or keywords.call_blocked(g, pi, card.value):
            continue
        seen.add(card.id)
        if sum(m.count for m in card.fx.materials) > usable:
            continue  # not enough cards in hand, whatever they are
        mats = _assign_materials(card, p.hand)
        if mats is None:
            continue
        for zone in empty:
            out.append({"player": name, "do": "call_amalgam", "card": card.id, "zone": zone,
                        "materials": [c.id for c in mats]})
    return out


def amalgam_call(g: ChoqueGame, pi: int, act: dict[str, Any]) -> None:
    """CH-6.4: isolate the materials from the hand, call the amalgam (a special call, CH-6.2)."""
    p = g.s.players[pi]
    card = find_card(p.support, act["card"])
    for cid in act["materials"]:
        m = _take(p.hand, cid)
        p.forget(m)
        p.isolated.append(m)  # CH-3.9
    p.support.remove(card)
    keywords.special_call(g, pi, card, CHAR_ZONES.index(act["zone"]), "amalgam")


def _assign_materials(card: CardDef, hand: list[CardDef]) -> list[CardDef] | None:
    """Cards of ``hand`` paying ``card``'s material cost (each card pays one entry), or None. A greedy
    pass in hand order answers almost every case; a full search settles the rest."""
    key = (card, *hand)
    got = _MATERIALS.get(key, _MISSING)
    if got is _MISSING:
        got = _MATERIALS[key] = _assign_uncached(card, hand)
        if len(_MATERIALS) > 16384:
            _MATERIALS.clear()  # a bound, not an LRU: hands repeat within games, rarely across them
    return None if got is None else list(got)


_MISSING: Any = object()
_MATERIALS: dict[tuple[CardDef, ...], tuple[CardDef, ...] | None] = {}


def _assign_uncached(card: CardDef, hand: list[CardDef]) -> tuple[CardDef, ...] | None:
    pool = [c for c in hand if c.type != "alma"]  # souls are never materials
    chosen: list[CardDef] = []
    used = [False] * len(pool)
    for m in card.fx.materials:
        for _ in range(m.count):
            for j, c in enumerate(pool):
                if not used[j] and _card_matches(m.filter, c):
                    used[j] = True
                    chosen.append(c)
                    break
            else:
                return _assign_cached(card, tuple(sorted(hand, key=lambda c: (c.value, c.id))))
    return tuple(chosen)


@lru_cache(maxsize=8192)
def _assign_cached(card: CardDef, pool: tuple[CardDef, ...]) -> tuple[CardDef, ...] | None:
    """Memoised on (amalgam, sorted hand): the answer depends on nothing else, and hands repeat."""
    need: list[Any] = []
    for m in card.fx.materials:
        need.extend([m.filter] * m.count)
    used = [False] * len(pool)
    chosen: list[CardDef] = []

    def fill(i: int) -> bool:
        if i == len(need):
            return True
        for j, c in enumerate(pool):
            if not used[j] and c.type != "alma" and _card_matches(need[i], c):
                used[j] = True
                chosen.append(c)
                if fill(i + 1):
                    return True
                used[j] = False
                chosen.pop()
        return False

    return tuple(chosen) if fill(0) else None


def materials_ok(card: CardDef, materials: list[CardDef]) -> bool:
    """Whether exactly these cards pay the material cost (CH-6.4)."""
    got = _assign_materials(card, materials)
    return got is not None and len(got) == len(materials)


def _free_support_zone(zones: list[CardDef | Equip | None]) -> str | None:
    """The lowest empty support zone: they are interchangeable, so one is listed and any is accepted."""
    for i, z in enumerate(zones):
        if z is None:
            return SUPPORT_ZONES[i]
    return None


def _take(cards: list[CardDef], cid: str) -> CardDef:
    c = find_card(cards, cid)
    cards.remove(c)
    return c


class Kind(NamedTuple):
    """A kind of decision (docs/actions.md): its legal answers and how one is applied."""

    legal: Callable[[ChoqueGame, int, Any], list[dict[str, Any]]]
    execute: Callable[[ChoqueGame, int, Any, dict[str, Any]], None]


# Every kind of pending decision, by ``Pending.kind``: one table for listing and for applying
KINDS: dict[str, Kind] = {
    "action": Kind(legal_action, execute_action),
    "combat": Kind(legal_combat, execute_combat),
    "response": Kind(legal_response, execute_response),
    "defend": Kind(legal_defend, execute_defend),
    "ofrenda": Kind(legal_ofrenda, execute_ofrenda),
    "choose": Kind(legal_choose, execute_choice),
    "discard": Kind(legal_discard, execute_discard),
    "battle_repeat": Kind(legal_battle_repeat, execute_battle_repeat),
}
