"""CH-8: the 22 exclusive abilities that act outside combat arithmetic, and CH-6 calls.

Combat keywords (Primer daño, Doble batalla, Heroísmo, Barbarie, Emboscada, Guarda, Comandar, Fortaleza,
Brutalidad, Alerta) live in ``combat.py`` where the battle uses them; Élite and Toxina, whose rules reach
several moments, each in its module of ``exclusive/``; Tortura in the start phase (``flow.py``). Here:
calls and their triggers (Clarividencia, Mímica, Zombificar, Cosmo, with the choices they ask), rápido
abilities (Aura, Rito, Portal) and the encendido Atormentar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import chain, flow, stats
from .cards import CardDef, distinct_ids, find_card
from .effects import activation, triggers
from .exclusive import toxina
from .links import (
    ActivationLink,
    ApoyoLink,
    AtormentarLink,
    AuraLink,
    ClarividenciaLink,
    CosmoLink,
    Link,
    MimicaLink,
    PortalLink,
    RitoLink,
    WindowMark,
    ZombificarLink,
)
from .pending import ClarividenciaChoice, CosmoChoice, MimicaChoice, Pending, ZombificarChoice
from .state import NAMES, OTHER, Char, Equip, sector_of

if TYPE_CHECKING:
    from .game import ChoqueGame

_SELF_NEGATING = frozenset({"ability", "trig"})  # links that check their own negation (effects/runtime.py)


# -- CH-6 calls ------------------------------------------------------------------------------
def place(g: ChoqueGame, pi: int, card: CardDef, zi: int, how: str) -> Char:
    s = g.s
    c = Char(card, s.new_uid())
    c.called = True  # CH-6.3 fatiga de llamado
    s.players[pi].chars[zi] = c
    s.field_moves += 1
    s.field_changed(card)
    s.log.append({"player": NAMES[pi], "card": card.id, "zone": f"C{zi + 1}", "how": how, "event": "call",
                  "turn": s.turn})
    return c


def call_blocked(g: ChoqueGame, pi: int, value: int) -> bool:
    """Whether a call of a character of ``value`` is barred now (CH-8 Toxina, ``exclusive/toxina.py``)."""
    return toxina.blocks_call(g, pi, value)


def normal_call(g: ChoqueGame, pi: int, card: CardDef, zi: int) -> None:
    """CH-6.1: from hand, under the soul ceiling, two per turn; CH-6.5 it starts a chain."""
    p = g.s.players[pi]
    p.hand.remove(card)
    p.forget(card)
    p.normal_calls += 1
    c = place(g, pi, card, zi, "normal")
    call_triggers(g, pi, c, normal=True)
    chain.queue_trigger(g, WindowMark(pi))


def special_call(g: ChoqueGame, pi: int, card: CardDef, zi: int, how: str, zombified: bool = False) -> Char:
    """CH-6.2: made by an ability; no soul ceiling, not counted as a normal call."""
    c = place(g, pi, card, zi, how)
    if zombified:
        c.zombified = True  # CH-8.1: from the moment it arrives, none of its abilities work
        c.refresh()
        g.s.fx_changed()
    call_triggers(g, pi, c, normal=False)
    chain.queue_trigger(g, WindowMark(pi))
    return c


def call_triggers(g: ChoqueGame, pi: int, c: Char, normal: bool) -> None:
    if c.card.fx.abilities:
        triggers.fire_char(g, "called", pi, c, how="normal" if normal else "special")
    if c.has("clarividencia"):
        chain.queue_trigger(g, ClarividenciaLink(pi, c.uid, c.param("clarividencia")))
    if normal and c.has("mimica"):
        chain.queue_trigger(g, MimicaLink(pi, c.uid))
    if normal and c.has("zombificar"):
        chain.queue_trigger(g, ZombificarLink(pi, c.uid))


def on_drawn(g: ChoqueGame, pi: int, card: CardDef) -> None:
    """CH-8 Cosmo: drawing it offers a special call (asked when its link resolves); drawn triggers."""
    if "cosmo" in card.keywords:
        chain.queue_trigger(g, CosmoLink(pi, card))
    if card.fx.abilities:
        triggers.fire_card(g, "drawn", pi, card, ("hand", pi, card))


def leave_field(g: ChoqueGame, pi: int, zi: int, to: str, reason: str = "") -> Char:
    """Take the character in zone ``zi`` off the field to ``to`` (mictlan, confined, isolated,
    main_top, main_bottom, hand); ``reason`` (destroyed, defeated, ...) picks the triggers (CH-12)."""
    s = g.s
    p = s.players[pi]
    c = p.chars[zi]
    assert c is not None
    p.chars[zi] = None
    s.field_moves += 1
    s.field_changed(c.card)
    if c.gained is not None:
        s.fx_changed()
    card = c.card
    if c.card.fx.abilities or c.gained is not None:
        triggers.fire_char(g, "leaves_field", pi, c)
        if reason in ("destroyed", "defeated"):
            triggers.fire_char(g, reason, pi, c)
            triggers.fire_char(g, "dies", pi, c)  # CH-12 morir: destroyed or defeated
    p.put(card, to, public=True)  # a card leaving the field was seen by both (CH-11.1)
    flow.equips_check(g)
    return c


# -- effect links ---------------------------------------------------------------------------
def resolve_link(g: ChoqueGame, link: Link) -> None:
    """CH-7.6: a negated link does nothing, whatever made it. Card abilities and triggers say so
    themselves (a negated apoyo still leaves for the Mictlán after its link); every other link —
    keywords, activations of continuous cards — is stopped here."""
    kind = link.kind
    s = g.s
    if kind not in _SELF_NEGATING and len(s.chain) in s.negated:
        link_negated(g, link)
        return
    g._links[kind](g, link)


def link_negated(g: ChoqueGame, link: Link) -> None:
    flow.event(g, "negated", player=NAMES[link.player], ability=link.kind)
    if isinstance(link, ApoyoLink):
        link_apoyo(g, link)  # CH-1.5: a negated normal apoyo still goes to the Mictlán
    elif isinstance(link, ActivationLink):
        arrived(g, link.player, link.owner, link.zone, link.card, negated=True)


def link_activation(g: ChoqueGame, link: ActivationLink) -> None:
    pi, qi, zone, card = link.player, link.owner, link.zone, link.card
    arrived(g, pi, qi, zone, card, negated=False)


def arrived(g: ChoqueGame, pi: int, qi: int, zone: str, card: CardDef, negated: bool) -> None:
    """A continuous card's activation link resolved: it starts working, its "al activar" triggers
    fire; negated (CH-12 negar), it goes from its zone to its owner's Mictlán without ever working."""
    s = g.s
    if (qi, zone) not in s.arriving:
        return
    s.arriving = tuple(a for a in s.arriving if a != (qi, zone))
    s.fx_changed()
    q = s.players[qi]
    if not in_zone(q, zone, card):
        return  # it left its zone while the chain was open (an equipo whose character left, CH-1.5)
    if not negated:
        triggers.fire_card(g, "activated", pi, card, ("zone", qi, zone, card))
        return
    if zone == "arena":
        q.arena = None
    elif zone in ("SA", "SB"):
        q.sectors[0 if zone == "SA" else 1] = None
    else:
        q.zones[int(zone[1]) - 1] = None
    s.field_changed(card)
    s.players[pi].mictlan.append(card)
    flow.event(g, "destroyed", player=NAMES[pi], card=card.id, reason="negated")


def in_zone(q: Any, zone: str, card: CardDef) -> bool:
    if zone == "arena":
        return q.arena is card
    if zone in ("SA", "SB"):
        return q.sectors[0 if zone == "SA" else 1] is card
    z = q.zones[int(zone[1]) - 1]
    return (z.card if isinstance(z, Equip) else z) is card


def link_apoyo(g: ChoqueGame, link: ApoyoLink) -> None:
    """CH-1.5: a normal apoyo resolves, then goes to the Mictlán (effects arrive with card files)."""
    pi, zi, card = link.player, link.zone_index, link.card
    p = g.s.players[pi]
    if p.zones[zi] is card:
        p.zones[zi] = None
        p.mictlan.append(card)
        g.s.fx_changed()


def link_clarividencia(g: ChoqueGame, link: ClarividenciaLink) -> None:
    """CH-8 Clarividencia X: look at the top X, one back on top, the rest to the bottom in any order.
    CH-7.6: the link resolves as far as it can even when its character has left the field: X was
    fixed when the ability triggered."""
    pi, x = link.player, link.x
    s = g.s
    p = s.players[pi]
    x = min(x, len(p.main))
    if x <= 0:
        return
    looked = tuple(reversed(p.main[-x:]))  # top first
    flow.event(g, "clarividencia", player=NAMES[pi], count=x)
    if x == 1:
        p.main_known[pi] = max(p.main_known[pi], 1)
        return
    flow.set_pending(g, pi, "choose", ClarividenciaChoice(tuple(looked)))


def clarividencia_pick(g: ChoqueGame, pi: int, card: CardDef) -> None:
    """One pick: the first picked card goes on top, each later one to the bottom (in pick order)."""
    s = g.s
    assert s.pending is not None
    looked, picked = s.pending.data.looked, (*s.pending.data.picked, card)
    rest = list(looked)
    for c in picked:
        rest.remove(c)
    if len(rest) > 1:
        flow.set_pending(g, pi, "choose", ClarividenciaChoice(looked, picked))
        return
    order = list(picked) + rest
    p = s.players[pi]
    n = len(looked)
    del p.main[-n:]
    top, bottom = order[0], order[1:]
    # bottom cards in the chosen order: the first sent ends up just above the ones after it
    for c in bottom:
        p.main.insert(0, c)
    p.main.append(top)
    p.main_known[pi] = 1
    p.main_known[2 + pi] += len(bottom)
    p.main_known[OTHER[pi]] = p.main_known[2 + OTHER[pi]] = 0  # the opponent saw neither end change
    s.pending = None
    flow.event(g, "clarividencia_done", player=NAMES[pi], bottom=len(bottom))


def link_mimica(g: ChoqueGame, link: MimicaLink) -> None:
    """CH-8 Mímica: confine a character of your Mictlán; this character gains its abilities."""
    pi, uid = link.player, link.uid
    found = g.s.find(uid)
    if found is None or found[0] != pi:
        return
    if any(c.is_character for c in g.s.players[pi].mictlan):
        flow.set_pending(g, pi, "choose", MimicaChoice(uid))


def mimica_pick(g: ChoqueGame, pi: int, uid: int, card: CardDef) -> None:
    s = g.s
    p = s.players[pi]
    p.mictlan.remove(card)
    p.confined.append(card)
    found = s.find(uid)
    assert found is not None
    found[2].gained = card
    found[2].refresh()
    s.fx_changed()
    s.pending = None
    flow.event(g, "mimica", player=NAMES[pi], copied=card.id)


def zombificar_options(g: ChoqueGame, pi: int, uid: int) -> list[tuple[int, CardDef, int]]:
    """(soul zone, Mictlán card, character zone) combinations Zombificar may use."""
    s = g.s
    found = s.find(uid)
    if found is None or found[0] != pi:
        return []
    p = s.players[pi]
    sector = sector_of(found[1])
    zones = [z for z in (2 * sector, 2 * sector + 1) if p.chars[z] is None]
    souls = [i for i, z in enumerate(p.zones) if isinstance(z, CardDef) and z.type == "alma" and z.value >= 3]
    seen: set[str] = set()
    cards = []
    for c in p.mictlan:
        if c.is_character and c.value <= 5 and c.id not in seen and not call_blocked(g, pi, c.value):
            seen.add(c.id)
            cards.append(c)
    return [(sz, c, z) for sz in souls for c in cards for z in zones]


def link_zombificar(g: ChoqueGame, link: ZombificarLink) -> None:
    pi, uid = link.player, link.uid
    if zombificar_options(g, pi, uid):
        flow.set_pending(g, pi, "choose", ZombificarChoice(uid))


def zombificar_do(g: ChoqueGame, pi: int, soul_zone: int, card: CardDef, zi: int) -> None:
    s = g.s
    p = s.players[pi]
    soul = p.zones[soul_zone]
    assert isinstance(soul, CardDef)
    p.zones[soul_zone] = None
    g.s.target_cache = None  # souls are field targets too
    p.souls.insert(0, soul)  # bottom of the soul deck, a public card
    p.soul_known[2] += 1
    p.soul_known[3] += 1
    p.mictlan.remove(card)
    s.pending = None
    special_call(g, pi, card, zi, "zombificar", zombified=True)


def link_cosmo(g: ChoqueGame, link: CosmoLink) -> None:
    pi, card = link.player, link.card
    if cosmo_zones(g, pi, card):
        flow.set_pending(g, pi, "choose", CosmoChoice(card))


def cosmo_zones(g: ChoqueGame, pi: int, card: CardDef) -> list[int]:
    p = g.s.players[pi]
    if card not in p.hand or call_blocked(g, pi, card.value):
        return []
    return [i for i, c in enumerate(p.chars) if c is None]


def cosmo_do(g: ChoqueGame, pi: int, card: CardDef, zi: int) -> None:
    p = g.s.players[pi]
    p.hand.remove(card)
    p.forget(card)
    g.s.pending = None
    special_call(g, pi, card, zi, "cosmo")


def link_aura(g: ChoqueGame, link: AuraLink) -> None:
    """CH-8 Aura: this character to the bottom of the main deck, then draw a soul (if any)."""
    pi, uid = link.player, link.uid
    found = g.s.find(uid)
    if found is None or found[0] != pi:
        return
    leave_field(g, pi, found[1], "main_bottom")
    flow.event(g, "aura", player=NAMES[pi], card=found[2].card.id)
    flow.draw_soul(g, pi)


def link_rito(g: ChoqueGame, link: RitoLink) -> None:
    """CH-8 Rito: special-call this character from the hand (its soul was returned on activation)."""
    pi, card, zi = link.player, link.card, link.zone_index
    p = g.s.players[pi]
    if card not in p.hand or p.chars[zi] is not None:
        return  # CH-7.6: the card left the hand or the zone filled up: nothing more can happen
    p.hand.remove(card)
    p.forget(card)
    special_call(g, pi, card, zi, "rito")


def link_portal(g: ChoqueGame, link: PortalLink) -> None:
    """CH-8 Portal: swap two of your characters between sectors."""
    pi, z1, z2 = link.player, link.z1, link.z2
    p = g.s.players[pi]
    a, b = p.chars[z1], p.chars[z2]
    if a is None or b is None:
        return
    p.chars[z1], p.chars[z2] = b, a
    g.s.fx_changed()  # sectors' continuous effects changed for both (CH-1.6)
    flow.event(g, "portal", player=NAMES[pi], zones=[f"C{z1 + 1}", f"C{z2 + 1}"])


def link_atormentar(g: ChoqueGame, link: AtormentarLink) -> None:
    """CH-8 Atormentar: destroy every character of that value on the field; Invulnerable survive."""
    pi, value = link.player, link.value
    s = g.s
    for qi in (pi, OTHER[pi]):
        q = s.players[qi]
        for zi, c in enumerate(q.chars):
            if c is not None and c.card.value == value and not c.has("invulnerable"):
                leave_field(g, qi, zi, "mictlan", reason="destroyed")
                flow.event(g, "destroyed", player=NAMES[qi], card=c.card.id, reason="atormentar")


# -- who may respond (CH-7.3, CH-7.5) ------------------------------------------------------------
def has_response(g: ChoqueGame, pi: int) -> bool:
    """Whether ``pi`` could add a link now (a fast check: it runs at every phase start)."""
    s = g.s
    p = s.players[pi]
    theirs = s.active != pi
    chars = p.chars
    for c in chars:
        if c is None or not c.rapido:
            continue
        kw = c.kw
        if theirs and "aura" in kw and AuraLink(pi, c.uid) not in s.chain:
            return True
        if ("portal" in kw and c.portal_turn != s.turn and (chars[0] is not None or chars[1] is not None)
                and (chars[2] is not None or chars[3] is not None)):
            return True
    if stats.fx_on_field(g):
        return bool(response_options(g, pi, first_only=True))
    for card in p.hand:
        if card.from_hand_rapido:
            return bool(response_options(g, pi, first_only=True))
    return False


def response_options(g: ChoqueGame, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
    """Rápido abilities ``pi`` may add to a chain now: Aura, Rito (opponent's turn only), Portal."""
    s = g.s
    p = s.players[pi]
    name = NAMES[pi]
    out: list[dict[str, Any]] = []
    theirs = s.active != pi
    if theirs:
        for zi, c in enumerate(p.chars):
            if c is not None and c.has("aura") and AuraLink(pi, c.uid) not in s.chain:
                out.append({"player": name, "do": "use", "source": f"{name}.C{zi + 1}", "ability": "aura"})
                if first_only:
                    return out
        seen: set[str] = set()
        for card in p.hand:
            if "rito" in card.keywords and card.id not in seen:
                seen.add(card.id)
                on_chain = sum(1 for link in s.chain if isinstance(link, RitoLink) and link.card is card)
                if on_chain >= p.hand.count(card):
                    continue  # every copy is already on its way to the field
                empty = [i for i, c in enumerate(p.chars) if c is None]
                souls = [i for i, z in enumerate(p.zones) if isinstance(z, CardDef) and z.type == "alma"]
                for sz in souls:
                    for zi in empty:
                        out.append({"player": name, "do": "use", "source": card.id, "ability": "rito",
                                    "targets": [f"{name}.Z{sz + 1}", f"{name}.C{zi + 1}"]})
                        if first_only:
                            return out
    out.extend(portal_options(g, pi, first_only))
    if first_only and out:
        return out
    out.extend(activation.card_responses(g, pi))
    return out


def portal_options(g: ChoqueGame, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
    s = g.s
    p = s.players[pi]
    name = NAMES[pi]
    out: list[dict[str, Any]] = []
    for zi, c in enumerate(p.chars):
        if c is None or "portal" not in c.kw or c.portal_turn == s.turn:
            continue
        for a in (0, 1):
            for b in (2, 3):
                if p.chars[a] is not None and p.chars[b] is not None:
                    out.append({"player": name, "do": "use", "source": f"{name}.C{zi + 1}",
                                "ability": "portal", "targets": [f"{name}.C{a + 1}", f"{name}.C{b + 1}"]})
                    if first_only:
                        return out
    return out


def use_rapido(g: ChoqueGame, pi: int, act: dict[str, Any]) -> None:
    """Add a rápido ability (already checked legal) to the chain, paying its cost."""
    s = g.s
    p = s.players[pi]
    ability = act["ability"]
    if ability == "aura":
        zi = _zone_index(act["source"])
        c = p.chars[zi]
        assert c is not None
        link: AuraLink | RitoLink | PortalLink = AuraLink(pi, c.uid)
    elif ability == "rito":
        # The cost, paid on activation: one of your active souls back to your hand (public).
        card = next(c for c in p.hand if c.id == act["source"])
        sz = _zone_index(act["targets"][0])
        soul = p.zones[sz]
        assert isinstance(soul, CardDef)
        p.zones[sz] = None
        g.s.target_cache = None  # souls are field targets too
        p.hand.append(soul)
        p.hand_known.append(soul)
        link = RitoLink(pi, card, _zone_index(act["targets"][1]))
    else:  # portal
        zi = _zone_index(act["source"])
        c = p.chars[zi]
        assert c is not None
        c.portal_turn = s.turn  # once per turn
        link = PortalLink(pi, c.uid, _zone_index(act["targets"][0]), _zone_index(act["targets"][1]))
    flow.event(g, "use", player=NAMES[pi], ability=ability, source=act["source"])
    if s.chain_mode == 1:
        chain.add_link(g, link)
    else:
        chain.start_chain(g, [link], OTHER[pi])


def _zone_index(ref: str) -> int:
    """``"A.C3"`` / ``"C3"`` / ``"B.Z2"`` → 2 / 2 / 1."""
    return int(ref[-1]) - 1


# -- the choices the keywords ask (ChoqueGame._choices) -----------------------------------------------
def clarividencia_offer(g: ChoqueGame, pi: int, data: ClarividenciaChoice) -> list[dict[str, Any]]:
    """CH-8 Clarividencia: one of the cards looked at and not yet ordered."""
    rest = list(data.looked)
    for c in data.picked:
        rest.remove(c)
    return [{"player": NAMES[pi], "do": "choose", "cards": [cid]} for cid in distinct_ids(rest)]


def clarividencia_answer(g: ChoqueGame, pi: int, data: ClarividenciaChoice, act: dict[str, Any]) -> None:
    g.s.pending = Pending(pi, "choose", data)  # clarividencia_pick reads the order so far from it
    clarividencia_pick(g, pi, find_card(data.looked, act["cards"][0]))


def mimica_offer(g: ChoqueGame, pi: int, data: MimicaChoice) -> list[dict[str, Any]]:
    """CH-8 Mímica: a character of its controller's Mictlán."""
    chars = (c for c in g.s.players[pi].mictlan if c.is_character)
    return [{"player": NAMES[pi], "do": "choose", "cards": [cid]} for cid in distinct_ids(chars)]


def mimica_answer(g: ChoqueGame, pi: int, data: MimicaChoice, act: dict[str, Any]) -> None:
    mimica_pick(g, pi, data.uid, find_card(g.s.players[pi].mictlan, act["cards"][0]))


def zombificar_offer(g: ChoqueGame, pi: int, data: ZombificarChoice) -> list[dict[str, Any]]:
    """CH-8 Zombificar: a character of the Mictlán, the soul returned and the zone, together."""
    name = NAMES[pi]
    return [{"player": name, "do": "choose", "cards": [card.id], "targets": [f"{name}.Z{sz + 1}", f"{name}.C{zi + 1}"]}
            for sz, card, zi in zombificar_options(g, pi, data.uid)]


def zombificar_answer(g: ChoqueGame, pi: int, data: ZombificarChoice, act: dict[str, Any]) -> None:
    sz = int(act["targets"][0][-1]) - 1
    zi = int(act["targets"][1][-1]) - 1
    zombificar_do(g, pi, sz, find_card(g.s.players[pi].mictlan, act["cards"][0]), zi)


def cosmo_offer(g: ChoqueGame, pi: int, data: CosmoChoice) -> list[dict[str, Any]]:
    """CH-8 Cosmo: the empty zone to call the drawn card into (or pass)."""
    return [{"player": NAMES[pi], "do": "choose", "option": f"C{zi + 1}"} for zi in cosmo_zones(g, pi, data.card)]


def cosmo_answer(g: ChoqueGame, pi: int, data: CosmoChoice, act: dict[str, Any]) -> None:
    cosmo_do(g, pi, data.card, int(act["option"][1]) - 1)
