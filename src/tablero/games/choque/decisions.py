"""What each pending decision accepts: legal-action lists, matching incoming actions, and applying them.

Legality lives in one place, the generators here (``_legal``): an incoming action is applied only if it
matches one of the legal canonical actions, so a refused action never touched the state. When it matches
none, ``diagnose.py`` explains *why*, with the rule id.
"""

from __future__ import annotations

from typing import Any

from tablero.core import IllegalAction

from .cards import CardDef
from .combat import CombatRules
from .flow import NAMES, OTHER
from .state import CHAR_ZONES, SECTOR_ZONES, SUPPORT_ZONES, Equip

# What each decision kind accepts (the spec's implicit-pass rule needs this), and the rule it follows.
ACCEPTS: dict[str, frozenset[str]] = {
    "action": frozenset({"end_phase", "activate_soul", "call", "play", "use"}),
    "combat": frozenset({"end_phase", "attack", "use"}),
    "response": frozenset({"pass", "use"}),
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
MANDATORY_CHOICES = frozenset({"clarividencia", "mimica"})


class DecisionRules(CombatRules):
    """Mixin: legal actions for the pending decision, and applying a legal one."""

    def _is_optional(self) -> bool:
        s = self.s
        if s.pending is None:
            return False
        kind = s.pending[1]
        if kind in ("response", "defend", "ofrenda", "battle_repeat"):
            return True
        if kind == "choose":
            return s.pending[2][0] not in MANDATORY_CHOICES
        return False

    # -- legal actions -------------------------------------------------------------------------------
    def _legal(self) -> list[dict[str, Any]]:
        s = self.s
        if s.pending is None or s.winner is not None:
            return []
        pi, kind, data = s.pending
        name = NAMES[pi]
        if kind == "action":
            return self._action_options(pi) + [{"player": name, "do": "end_phase"}]
        if kind == "combat":
            return (self._combat_options(pi) + self._portal_options(pi)
                    + [{"player": name, "do": "end_phase"}])
        if kind == "response":
            return self._response_options(pi) + [{"player": name, "do": "pass"}]
        if kind == "defend":
            return self._defence_options() + [{"player": name, "do": "pass"}]
        if kind == "ofrenda":
            return [{"player": name, "do": "ofrenda"}, {"player": name, "do": "pass"}]
        if kind == "battle_repeat":
            return self._repeat_options() + [{"player": name, "do": "pass"}]
        if kind == "discard":
            return [{"player": name, "do": "discard", "cards": [cid]} for cid in _distinct(s.players[pi].hand)]
        if kind == "choose":
            out = self._choose_options(pi, data)
            if self._is_optional():
                out.append({"player": name, "do": "pass"})
            return out
        raise AssertionError(kind)  # pragma: no cover

    def _action_options(self, pi: int) -> list[dict[str, Any]]:
        """CH-5.6: the active player's options in the action phase (hot: written for speed)."""
        s = self.s
        p = s.players[pi]
        name = NAMES[pi]
        out: list[dict[str, Any]] = []
        chars = p.chars
        free_z = None  # support zones are interchangeable: the lowest empty one is listed, any is accepted
        total = 0
        for i, z in enumerate(p.zones):
            if z is None:
                if free_z is None:
                    free_z = SUPPORT_ZONES[i]
            elif z.type == "alma":
                total += z.value
        empty_c = [CHAR_ZONES[i] for i in range(4) if chars[i] is None]
        if p.normal_calls >= 2:
            total = -1  # CH-6.1: both normal calls used
        tox = p.toxina_now if (s.active == pi and s.phase == "action") else -1
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
                    if card.subtype == "equipo":  # CH-1.5: attached to one of your characters
                        for zi in range(4):
                            if chars[zi] is not None:
                                out.append({"player": name, "do": "play", "card": cid, "zone": free_z,
                                            "targets": [f"{name}.{CHAR_ZONES[zi]}"]})
                    else:
                        out.append({"player": name, "do": "play", "card": cid, "zone": free_z})
            elif t == "sector":
                for si in range(2):
                    if p.sectors[si] is None:  # CH-3.11
                        out.append({"player": name, "do": "play", "card": cid, "zone": SECTOR_ZONES[si]})
            elif t == "arena":
                out.append({"player": name, "do": "play", "card": cid, "zone": "arena"})  # CH-3.11 replaces
        for zi in range(4):
            c = chars[zi]
            if c is not None and "atormentar" in c.kw:  # CH-8 Atormentar (encendido)
                out.append({"player": name, "do": "use", "source": f"{name}.{CHAR_ZONES[zi]}", "ability": "atormentar"})
        out.extend(self._portal_options(pi))
        return out

    def _choose_options(self, pi: int, data: tuple[Any, ...]) -> list[dict[str, Any]]:
        name = NAMES[pi]
        what = data[0]
        base = {"player": name, "do": "choose"}
        if what == "elite":
            return [{**base, "option": "double"}]
        if what == "clarividencia":
            _, looked, picked = data
            rest = list(looked)
            for c in picked:
                rest.remove(c)
            return [{**base, "cards": [cid]} for cid in _distinct(rest)]
        if what == "mimica":
            return [{**base, "cards": [cid]} for cid in _distinct(c for c in self.s.players[pi].mictlan
                                                                   if c.is_character)]
        if what == "zombificar":
            return [{**base, "cards": [card.id], "targets": [f"{name}.Z{sz + 1}", f"{name}.C{zi + 1}"]}
                    for sz, card, zi in self._zombificar_options(pi, data[1])]
        if what == "cosmo":
            return [{**base, "option": f"C{zi + 1}"} for zi in self._cosmo_zones(pi, data[1])]
        raise AssertionError(what)  # pragma: no cover

    # -- applying a legal canonical action ------------------------------------------------------------
    def _execute(self, act: dict[str, Any]) -> None:
        s = self.s
        assert s.pending is not None
        pi, kind, data = s.pending
        do = act["do"]
        p = s.players[pi]
        s.pending = None
        if kind in ("action", "combat"):
            if do == "end_phase":
                if kind == "action":
                    p.toxina_now = -1
                self._event("end_phase", player=NAMES[pi], phase=s.phase)
                return
            s.stack.append(("free", kind))  # the free decision comes back after this action
            if do == "activate_soul":
                card = _take(p.hand, act["card"])
                p.zones[int(act["zone"][1]) - 1] = card
                p.souls_activated += 1
                _forget_id(p.hand_known, card)
                self._event("activate_soul", player=NAMES[pi], card=card.id, total=p.soul_total())
            elif do == "call":
                card = _find(p.hand, act["card"])
                self._normal_call(pi, card, int(act["zone"][1]) - 1)
            elif do == "play":
                self._play(pi, act)
            elif do == "attack":
                self._declare(pi, act)
            elif do == "use":
                if act["ability"] == "atormentar":
                    zi = int(act["source"][-1]) - 1
                    c = self._leave_field(pi, zi, "confined")  # the cost: confine this character
                    self._event("use", player=NAMES[pi], ability="atormentar", source=c.card.id)
                    self._start_chain([("atormentar", pi, c.card.value)], OTHER[pi])
                else:
                    self._use_rapido(pi, act)
            return
        if kind == "response":
            if do == "pass":
                self._chain_pass()
            else:
                self._use_rapido(pi, act)
            return
        if kind == "defend":
            if do == "defend":
                self._defend(pi, act)
            return
        if kind == "ofrenda":
            if do == "ofrenda":
                self._do_ofrenda(pi)
            return
        if kind == "battle_repeat":
            if do == "pass":
                self._event("attack_stopped", player=NAMES[pi])
                self._end_battle()
            else:
                self._repeat(pi, act)
            return
        if kind == "discard":
            card = _take(p.hand, act["cards"][0])
            _forget_id(p.hand_known, card)
            p.mictlan.append(card)
            self._event("discard", player=NAMES[pi], card=card.id)
            if len(p.hand) > 7:
                s.pending = (pi, "discard", (len(p.hand) - 7,))
            return
        if kind == "choose":
            what = data[0]
            if do == "pass":
                self._event("declined", player=NAMES[pi], ability=what)
                return
            if what == "elite":
                self._elite_double(data[1])
            elif what == "clarividencia":
                s.pending = (pi, kind, data)
                self._clarividencia_pick(pi, _find(data[1], act["cards"][0]))
            elif what == "mimica":
                self._mimica_pick(pi, data[1], _find(p.mictlan, act["cards"][0]))
            elif what == "zombificar":
                sz = int(act["targets"][0][-1]) - 1
                zi = int(act["targets"][1][-1]) - 1
                self._zombificar_do(pi, sz, _find(p.mictlan, act["cards"][0]), zi)
            elif what == "cosmo":
                self._cosmo_do(pi, data[1], int(act["option"][1]) - 1)
            return
        raise AssertionError(kind)  # pragma: no cover

    def _play(self, pi: int, act: dict[str, Any]) -> None:
        """CH-5.6: apoyos, sectors and arenas from hand into empty zones of their kind (CH-3.11)."""
        s = self.s
        p = s.players[pi]
        card = _take(p.hand, act["card"])
        _forget_id(p.hand_known, card)
        s.statics = -1
        zone = act["zone"]
        self._event("play", player=NAMES[pi], card=card.id, zone=zone)
        if card.type == "apoyo":
            zi = int(zone[1]) - 1
            if card.subtype == "equipo":
                uids = []
                for ref in act["targets"]:
                    c = p.chars[int(ref[-1]) - 1]
                    assert c is not None
                    uids.append(c.uid)
                p.zones[zi] = Equip(card, tuple(uids))
            else:
                p.zones[zi] = card
            if card.subtype == "normal":
                self._start_chain([("apoyo", pi, zi, card)], OTHER[pi])  # CH-7.4: activating opens a chain
                return
        elif card.type == "sector":
            p.sectors[0 if zone == "SA" else 1] = card
        else:
            if p.arena is not None:  # CH-3.11: a new arena replaces (destroys) the old one
                p.mictlan.append(p.arena)
                self._event("destroyed", player=NAMES[pi], card=p.arena.id, reason="arena")
            p.arena = card
        self._open_window(OTHER[pi])


def _distinct(cards: Any) -> list[str]:
    seen: dict[str, None] = {}
    for c in cards:
        seen.setdefault(c.id, None)
    return list(seen)


def _find(cards: Any, cid: str) -> CardDef:
    for c in cards:
        if c.id == cid:
            return c  # type: ignore[no-any-return]
    raise IllegalAction(None, f"no card {cid!r} there")


def _take(cards: list[CardDef], cid: str) -> CardDef:
    c = _find(cards, cid)
    cards.remove(c)
    return c


def _forget_id(known: list[CardDef], card: CardDef) -> None:
    if card in known:
        known.remove(card)
