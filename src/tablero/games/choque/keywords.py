"""CH-8: the 22 exclusive abilities that act outside combat arithmetic, and CH-6 calls.

Combat keywords (Primer daño, Doble batalla, Élite, Heroísmo, Barbarie, Emboscada, Guarda, Comandar,
Fortaleza, Brutalidad, Alerta, Toxina) live in ``combat.py`` where the battle uses them; Tortura lives in
the start phase (``flow.py``). Here: calls and their triggers (Clarividencia, Mímica, Zombificar, Cosmo),
rápido abilities (Aura, Rito, Portal) and the encendido Atormentar.
"""

from __future__ import annotations

from typing import Any

from .cards import CardDef
from .chain import ChainRules
from .flow import NAMES, OTHER
from .state import Char, Equip, sector_of

_SELF_NEGATING = frozenset({"ability", "trig"})  # links that check their own negation (effects/runtime.py)


class KeywordRules(ChainRules):
    """Mixin: calls (CH-6) and the exclusive abilities that are effects."""

    # -- CH-6 calls ------------------------------------------------------------------------------
    def _place(self, pi: int, card: CardDef, zi: int, how: str) -> Char:
        s = self.s
        c = Char(card, s.new_uid())
        c.called = True  # CH-6.3 fatiga de llamado
        s.players[pi].chars[zi] = c
        s.field_moves += 1
        s.field_changed(card)
        s.log.append({"player": NAMES[pi], "card": card.id, "zone": f"C{zi + 1}", "how": how, "event": "call",
                      "turn": s.turn})
        return c

    def _call_blocked(self, pi: int, value: int) -> bool:
        """CH-8 Toxina: no calls of that value or lower during the player's next action phase."""
        s = self.s
        p = s.players[pi]
        return p.toxina_now >= 0 and value <= p.toxina_now and s.active == pi and s.phase == "action"

    def _normal_call(self, pi: int, card: CardDef, zi: int) -> None:
        """CH-6.1: from hand, under the soul ceiling, two per turn; CH-6.5 it starts a chain."""
        p = self.s.players[pi]
        p.hand.remove(card)
        p.forget(card)
        p.normal_calls += 1
        c = self._place(pi, card, zi, "normal")
        self._call_triggers(pi, c, normal=True)
        self._queue_trigger(("window", pi))

    def _special_call(self, pi: int, card: CardDef, zi: int, how: str, zombified: bool = False) -> Char:
        """CH-6.2: made by an ability; no soul ceiling, not counted as a normal call."""
        c = self._place(pi, card, zi, how)
        if zombified:
            c.zombified = True  # CH-8.1: from the moment it arrives, none of its abilities work
            c.refresh()
            self.s.fx_changed()
        self._call_triggers(pi, c, normal=False)
        self._queue_trigger(("window", pi))
        return c

    def _call_triggers(self, pi: int, c: Char, normal: bool) -> None:
        if c.card.fx.abilities:
            self._fire_char("called", pi, c, how="normal" if normal else "special")
        if c.has("clarividencia"):
            self._queue_trigger(("clarividencia", pi, c.uid, c.param("clarividencia")))
        if normal and c.has("mimica"):
            self._queue_trigger(("mimica", pi, c.uid))
        if normal and c.has("zombificar"):
            self._queue_trigger(("zombificar", pi, c.uid))

    def _on_drawn(self, pi: int, card: CardDef) -> None:
        """CH-8 Cosmo: drawing it offers a special call (asked when its link resolves); drawn triggers."""
        if "cosmo" in card.keywords:
            self._queue_trigger(("cosmo", pi, card))
        if card.fx.abilities:
            self._fire_card("drawn", pi, card, ("hand", pi, card))

    # -- leaving the field -------------------------------------------------------------------------
    def _fire_char(self, event: str, pi: int, c: Char, **ctx: Any) -> None:
        raise NotImplementedError

    def _fire_card(self, event: str, pi: int, card: CardDef, src: tuple[Any, ...], **ctx: Any) -> None:
        raise NotImplementedError

    def _leave_field(self, pi: int, zi: int, to: str, reason: str = "") -> Char:
        """Take the character in zone ``zi`` off the field to ``to`` (mictlan, confined, isolated,
        main_top, main_bottom, hand); ``reason`` (destroyed, defeated, ...) picks the triggers (CH-12)."""
        s = self.s
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
            self._fire_char("leaves_field", pi, c)
            if reason in ("destroyed", "defeated"):
                self._fire_char(reason, pi, c)
                self._fire_char("dies", pi, c)  # CH-12 morir: destroyed or defeated
        p.put(card, to, public=True)  # a card leaving the field was seen by both (CH-11.1)
        self._equips_check()
        return c

    # -- effect links ---------------------------------------------------------------------------
    def _resolve_link(self, link: tuple[Any, ...]) -> None:
        """CH-7.6: a negated link does nothing, whatever made it. Card abilities and triggers say so
        themselves (a negated apoyo still leaves for the Mictlán after its link); every other link —
        keywords, activations of continuous cards — is stopped here."""
        kind = link[0]
        s = self.s
        if kind not in _SELF_NEGATING and len(s.chain) in s.negated:
            self._link_negated(link)
            return
        getattr(self, "_link_" + kind)(*link[1:])

    def _link_negated(self, link: tuple[Any, ...]) -> None:
        kind = link[0]
        self._event("negated", player=NAMES[link[1]], ability=kind)
        if kind == "apoyo":
            self._link_apoyo(*link[1:])  # CH-1.5: a negated normal apoyo still goes to the Mictlán
        elif kind == "activation":
            _, pi, qi, zone, card = link
            self._arrived(pi, qi, zone, card, negated=True)

    def _link_activation(self, pi: int, qi: int, zone: str, card: CardDef) -> None:
        self._arrived(pi, qi, zone, card, negated=False)

    def _arrived(self, pi: int, qi: int, zone: str, card: CardDef, negated: bool) -> None:
        """A continuous card's activation link resolved: it starts working, its "al activar" triggers
        fire; negated (CH-12 negar), it goes from its zone to its owner's Mictlán without ever working."""
        s = self.s
        if (qi, zone) not in s.arriving:
            return
        s.arriving = tuple(a for a in s.arriving if a != (qi, zone))
        s.fx_changed()
        q = s.players[qi]
        if not self._in_zone(q, zone, card):
            return  # it left its zone while the chain was open (an equipo whose character left, CH-1.5)
        if not negated:
            self._fire_card("activated", pi, card, ("zone", qi, zone, card))
            return
        if zone == "arena":
            q.arena = None
        elif zone in ("SA", "SB"):
            q.sectors[0 if zone == "SA" else 1] = None
        else:
            q.zones[int(zone[1]) - 1] = None
        s.field_changed(card)
        s.players[pi].mictlan.append(card)
        self._event("destroyed", player=NAMES[pi], card=card.id, reason="negated")

    @staticmethod
    def _in_zone(q: Any, zone: str, card: CardDef) -> bool:
        if zone == "arena":
            return q.arena is card
        if zone in ("SA", "SB"):
            return q.sectors[0 if zone == "SA" else 1] is card
        z = q.zones[int(zone[1]) - 1]
        return (z.card if isinstance(z, Equip) else z) is card

    def _link_apoyo(self, pi: int, zi: int, card: CardDef) -> None:
        """CH-1.5: a normal apoyo resolves, then goes to the Mictlán (effects arrive with card files)."""
        p = self.s.players[pi]
        if p.zones[zi] is card:
            p.zones[zi] = None
            p.mictlan.append(card)
            self.s.fx_changed()

    def _link_clarividencia(self, pi: int, uid: int, x: int) -> None:
        """CH-8 Clarividencia X: look at the top X, one back on top, the rest to the bottom in any order.
        CH-7.6: the link resolves as far as it can even when its character has left the field: X was
        fixed when the ability triggered."""
        s = self.s
        p = s.players[pi]
        x = min(x, len(p.main))
        if x <= 0:
            return
        looked = tuple(reversed(p.main[-x:]))  # top first
        self._event("clarividencia", player=NAMES[pi], count=x)
        if x == 1:
            p.main_known[pi] = max(p.main_known[pi], 1)
            return
        self._set_pending(pi, "choose", ("clarividencia", looked, ()))

    def _clarividencia_pick(self, pi: int, card: CardDef) -> None:
        """One pick: the first picked card goes on top, each later one to the bottom (in pick order)."""
        s = self.s
        assert s.pending is not None
        _, looked, picked = s.pending[2]
        picked = (*picked, card)
        rest = list(looked)
        for c in picked:
            rest.remove(c)
        if len(rest) > 1:
            self._set_pending(pi, "choose", ("clarividencia", looked, picked))
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
        self._event("clarividencia_done", player=NAMES[pi], bottom=len(bottom))

    def _link_mimica(self, pi: int, uid: int) -> None:
        """CH-8 Mímica: confine a character of your Mictlán; this character gains its abilities."""
        found = self.s.find(uid)
        if found is None or found[0] != pi:
            return
        if any(c.is_character for c in self.s.players[pi].mictlan):
            self._set_pending(pi, "choose", ("mimica", uid))

    def _mimica_pick(self, pi: int, uid: int, card: CardDef) -> None:
        s = self.s
        p = s.players[pi]
        p.mictlan.remove(card)
        p.confined.append(card)
        found = s.find(uid)
        assert found is not None
        found[2].gained = card
        found[2].refresh()
        s.fx_changed()
        s.pending = None
        self._event("mimica", player=NAMES[pi], copied=card.id)

    def _zombificar_options(self, pi: int, uid: int) -> list[tuple[int, CardDef, int]]:
        """(soul zone, Mictlán card, character zone) combinations Zombificar may use."""
        s = self.s
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
            if c.is_character and c.value <= 5 and c.id not in seen and not self._call_blocked(pi, c.value):
                seen.add(c.id)
                cards.append(c)
        return [(sz, c, z) for sz in souls for c in cards for z in zones]

    def _link_zombificar(self, pi: int, uid: int) -> None:
        if self._zombificar_options(pi, uid):
            self._set_pending(pi, "choose", ("zombificar", uid))

    def _zombificar_do(self, pi: int, soul_zone: int, card: CardDef, zi: int) -> None:
        s = self.s
        p = s.players[pi]
        soul = p.zones[soul_zone]
        assert isinstance(soul, CardDef)
        p.zones[soul_zone] = None
        self.s.target_cache = None  # souls are field targets too
        p.souls.insert(0, soul)  # bottom of the soul deck, a public card
        p.soul_known[2] += 1
        p.soul_known[3] += 1
        p.mictlan.remove(card)
        s.pending = None
        self._special_call(pi, card, zi, "zombificar", zombified=True)

    def _link_cosmo(self, pi: int, card: CardDef) -> None:
        if self._cosmo_zones(pi, card):
            self._set_pending(pi, "choose", ("cosmo", card))

    def _cosmo_zones(self, pi: int, card: CardDef) -> list[int]:
        p = self.s.players[pi]
        if card not in p.hand or self._call_blocked(pi, card.value):
            return []
        return [i for i, c in enumerate(p.chars) if c is None]

    def _cosmo_do(self, pi: int, card: CardDef, zi: int) -> None:
        p = self.s.players[pi]
        p.hand.remove(card)
        p.forget(card)
        self.s.pending = None
        self._special_call(pi, card, zi, "cosmo")

    def _link_aura(self, pi: int, uid: int) -> None:
        """CH-8 Aura: this character to the bottom of the main deck, then draw a soul (if any)."""
        found = self.s.find(uid)
        if found is None or found[0] != pi:
            return
        self._leave_field(pi, found[1], "main_bottom")
        self._event("aura", player=NAMES[pi], card=found[2].card.id)
        self._draw_soul(pi)

    def _link_rito(self, pi: int, card: CardDef, zi: int) -> None:
        """CH-8 Rito: special-call this character from the hand (its soul was returned on activation)."""
        p = self.s.players[pi]
        if card not in p.hand or p.chars[zi] is not None:
            return  # CH-7.6: the card left the hand or the zone filled up: nothing more can happen
        p.hand.remove(card)
        p.forget(card)
        self._special_call(pi, card, zi, "rito")

    def _link_portal(self, pi: int, uid: int, z1: int, z2: int) -> None:
        """CH-8 Portal: swap two of your characters between sectors."""
        p = self.s.players[pi]
        a, b = p.chars[z1], p.chars[z2]
        if a is None or b is None:
            return
        p.chars[z1], p.chars[z2] = b, a
        self.s.fx_changed()  # sectors' continuous effects changed for both (CH-1.6)
        self._event("portal", player=NAMES[pi], zones=[f"C{z1 + 1}", f"C{z2 + 1}"])

    def _link_atormentar(self, pi: int, value: int) -> None:
        """CH-8 Atormentar: destroy every character of that value on the field; Invulnerable survive."""
        s = self.s
        for qi in (pi, OTHER[pi]):
            q = s.players[qi]
            for zi, c in enumerate(q.chars):
                if c is not None and c.card.value == value and not c.has("invulnerable"):
                    self._leave_field(qi, zi, "mictlan", reason="destroyed")
                    self._event("destroyed", player=NAMES[qi], card=c.card.id, reason="atormentar")

    # -- who may respond (CH-7.3, CH-7.5) ------------------------------------------------------------
    def _has_response(self, pi: int) -> bool:
        """Whether ``pi`` could add a link now (a fast check: it runs at every phase start)."""
        s = self.s
        p = s.players[pi]
        theirs = s.active != pi
        chars = p.chars
        for c in chars:
            if c is None or not c.rapido:
                continue
            kw = c.kw
            if theirs and "aura" in kw and ("aura", pi, c.uid) not in s.chain:
                return True
            if ("portal" in kw and c.portal_turn != s.turn and (chars[0] is not None or chars[1] is not None)
                    and (chars[2] is not None or chars[3] is not None)):
                return True
        if self._fx_on_field():
            return bool(self._response_options(pi, first_only=True))
        for card in p.hand:
            if card.from_hand_rapido:
                return bool(self._response_options(pi, first_only=True))
        return False

    def _response_options(self, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
        """Rápido abilities ``pi`` may add to a chain now: Aura, Rito (opponent's turn only), Portal."""
        s = self.s
        p = s.players[pi]
        name = NAMES[pi]
        out: list[dict[str, Any]] = []
        theirs = s.active != pi
        if theirs:
            for zi, c in enumerate(p.chars):
                if c is not None and c.has("aura") and ("aura", pi, c.uid) not in s.chain:
                    out.append({"player": name, "do": "use", "source": f"{name}.C{zi + 1}", "ability": "aura"})
                    if first_only:
                        return out
            seen: set[str] = set()
            for card in p.hand:
                if "rito" in card.keywords and card.id not in seen:
                    seen.add(card.id)
                    on_chain = sum(1 for link in s.chain if link[0] == "rito" and link[2] is card)
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
        out.extend(self._portal_options(pi, first_only))
        if first_only and out:
            return out
        out.extend(self._card_responses(pi))
        return out

    def _card_responses(self, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
        """Rápido card abilities and rápido apoyos from the hand (CH-1.5, CH-7.3)."""
        raise NotImplementedError

    def _portal_options(self, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
        s = self.s
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

    def _use_rapido(self, pi: int, act: dict[str, Any]) -> None:
        """Add a rápido ability (already checked legal) to the chain, paying its cost."""
        s = self.s
        p = s.players[pi]
        ability = act["ability"]
        if ability == "aura":
            zi = _zone_index(act["source"])
            c = p.chars[zi]
            assert c is not None
            link: tuple[Any, ...] = ("aura", pi, c.uid)
        elif ability == "rito":
            # The cost, paid on activation: one of your active souls back to your hand (public).
            card = next(c for c in p.hand if c.id == act["source"])
            sz = _zone_index(act["targets"][0])
            soul = p.zones[sz]
            assert isinstance(soul, CardDef)
            p.zones[sz] = None
            self.s.target_cache = None  # souls are field targets too
            p.hand.append(soul)
            p.hand_known.append(soul)
            link = ("rito", pi, card, _zone_index(act["targets"][1]))
        else:  # portal
            zi = _zone_index(act["source"])
            c = p.chars[zi]
            assert c is not None
            c.portal_turn = s.turn  # once per turn
            link = ("portal", pi, c.uid, _zone_index(act["targets"][0]), _zone_index(act["targets"][1]))
        self._event("use", player=NAMES[pi], ability=ability, source=act["source"])
        if s.chain_mode == 1:
            self._add_link(link)
        else:
            self._start_chain([link], OTHER[pi])


def _zone_index(ref: str) -> int:
    """``"A.C3"`` / ``"C3"`` / ``"B.Z2"`` → 2 / 2 / 1."""
    return int(ref[-1]) - 1
