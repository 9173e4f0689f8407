"""``ChoqueGame``: the Choque de Héroes rules behind the core ``Game`` interface."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from tablero.core import BadInput, Decision, IllegalAction, Rng, loops
from tablero.core.game import Game
from tablero.core.i18n import msg
from tablero.core.shown import shown

from . import chain, combat, decisions, flow, keywords, stats, targeting
from .cards import CardDef
from .decisions import ACCEPTS
from .editions import get_edition
from .effects import costs, resolution, selections, triggers
from .exclusive import elite
from .observation import observe, public_view, view
from .options import OPTION_NAMES, parse_options
from .refusals import diagnose, pending_rule, rapido_in_hand, unoffered
from .state import NAMES, Player, State
from .versions import RULES_VERSION, options_for

VERBS = ("pass", "end_phase", "ofrenda", "activate_soul", "call", "call_amalgam", "play", "use", "attack",
         "defend", "choose", "discard", "surrender")
_FIELDS = ("card", "zone", "attacker", "defender", "source", "target", "targets", "ability", "option",
           "materials", "cards", "side")
_OWN_ZONE = re.compile(r"^(?:([AB])\.)?(C[1-4]|Z[1-5]|SA|SB|arena)$")
_CARD_REF = re.compile(r"^([AB])\.(hand|mictlan|confined|deck):([a-z0-9_]+)$")


Step = Callable[[Any, tuple[Any, ...]], None]

# Work waiting on ``State.stack``, by its first item: the rules modules' step functions (``flow.advance``)
STEPS: dict[str, Step] = {
    "new_turn": flow.step_new_turn, "phase": flow.step_phase, "body": flow.step_body, "free": flow.step_free,
    "cleanup": flow.step_cleanup, "hand_limit": flow.step_hand_limit,
    "window": chain.step_window, "chain": chain.step_chain, "triggers": chain.step_triggers,
    "battle": combat.step_battle,
    "pay": costs.step_pay, "ops": resolution.step_ops, "trig_targets": triggers.step_trig_targets,
    "call_into": selections.step_call_into, "apoyo_done": resolution.step_apoyo_done,
    "arrived": resolution.step_arrived,
}
# Chain links, by their first item: what resolving one does (``keywords.resolve_link``)
LINKS: dict[str, Callable[..., None]] = {
    "ability": resolution.link_ability, "trig": triggers.link_trig,
    "activation": keywords.link_activation, "apoyo": keywords.link_apoyo, "aura": keywords.link_aura,
    "clarividencia": keywords.link_clarividencia, "mimica": keywords.link_mimica,
    "zombificar": keywords.link_zombificar, "cosmo": keywords.link_cosmo, "rito": keywords.link_rito,
    "portal": keywords.link_portal, "atormentar": keywords.link_atormentar,
}


class Choice(NamedTuple):
    """How a kind of ``choose`` is offered and answered (``pending.py`` names the kinds)."""

    offer: Callable[..., list[dict[str, Any]]]
    answer: Callable[..., None]


# What a ``choose`` asks, by its record's ``what``: the module of each rule offers and answers it
CHOICES: dict[str, Choice] = {
    "elite": Choice(elite.offer, elite.answer),
    "clarividencia": Choice(keywords.clarividencia_offer, keywords.clarividencia_answer),
    "mimica": Choice(keywords.mimica_offer, keywords.mimica_answer),
    "zombificar": Choice(keywords.zombificar_offer, keywords.zombificar_answer),
    "cosmo": Choice(keywords.cosmo_offer, keywords.cosmo_answer),
    "optional": Choice(triggers.optional_offer, triggers.optional_answer),
    "select": Choice(selections.select_options, selections.select_pick),
    "trig_target": Choice(triggers.trig_target_offer, triggers.trig_target_answer),
    "zone": Choice(selections.zone_offer, selections.zone_answer),
    "targets": Choice(targeting.pick_options, decisions.targets_pick),
}


class ChoqueGame(Game):
    """A CHOQUE in progress. All state is ``self.s`` (one object tree); static cards are shared.

    The rules are modules of plain functions over the game, one per seam of the rulebook: ``flow`` (the turn
    machine, CH-5, CH-10), ``stats`` (current values, CH-1.3, CH-7.1), ``chain`` (windows and links, CH-7.4,
    CH-7.5), ``keywords`` (calls and exclusive abilities, CH-6, CH-8), ``effects`` (card effects,
    CH-7, CH-12), ``combat`` (CH-9) and ``decisions`` (legal actions and applying one). This class holds the
    state and answers the core ``Game`` interface; it composes the step, link and choice tables above.
    """

    s: State
    _legal_cache: list[dict[str, Any]] | None
    _steps: ClassVar[dict[str, Step]] = STEPS
    _links: ClassVar[dict[str, Callable[..., None]]] = LINKS
    _choices: ClassVar[dict[str, Choice]] = CHOICES

    name: ClassVar[str] = "choque"
    # what each version changed, and which engine options replay an older one: versions.py
    rules_version: ClassVar[int] = RULES_VERSION
    option_names: ClassVar[frozenset[str]] = OPTION_NAMES
    free_kinds: ClassVar[frozenset[str]] = frozenset({"action", "combat"})  # CH-5.6, CH-5.7
    pass_verb: ClassVar[str | None] = "pass"
    leave_verb: ClassVar[str | None] = "end_phase"  # a loop's third round ends the phase (docs/rulings.md)
    loop_rule: ClassVar[str | None] = "CH-5.6"
    concede_verb: ClassVar[str | None] = "surrender"  # CH-10.3

    @classmethod
    def options_for_rules(cls, version: int) -> dict[str, Any]:
        return options_for(version)

    def __init__(self, state: State) -> None:
        self.s = state
        # Declared once, here: a compiled class that declares an attribute its base declares gets a second
        # visit of it in the collector's traversal, and the collector then frees a cache that a clone shares
        # while the original still holds it (tests/test_compiled_classes.py).
        self._legal_cache = None

    # -- the core interface ------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        p = self.s.pending
        if p is None or self.s.winner is not None:
            return None
        detail = str(p.data.what) if p.kind == "choose" else ""
        return Decision(NAMES[p.player], p.kind, decisions.is_optional(self), detail)

    @property
    def winner(self) -> str | None:
        return self.s.winner

    @property
    def edition(self) -> str:
        return self.s.edition

    def legal_actions(self) -> list[dict[str, Any]]:
        """The legal answers to the pending decision (a fresh list; treat the dicts as read-only)."""
        if self.s.winner is not None:
            return []  # CH-10.5: nothing answers anything once the CHOQUE is over (even a response offered
            # by a chain step before a state check in the same advance ended the game)
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = loops.allowed(self, self.s.positions, decisions.legal(self))
        return list(cache)

    def answers(self, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` answers the pending decision (same player, a verb it accepts)."""
        p = self.s.pending
        if p is None or self.s.winner is not None:
            return False
        do = action.get("do")  # any object may arrive here (a scenario's malformed verb): never hash a list
        return action.get("player") == NAMES[p.player] and isinstance(do, str) and do in ACCEPTS[p.kind]

    def apply(self, action: Mapping[str, Any]) -> None:
        cache = self._legal_cache
        if cache is not None:
            for opt in cache:
                if opt is action:  # fast path: an action object straight from legal_actions()
                    self._legal_cache = None
                    decisions.execute(self, opt)
                    flow.advance(self)
                    self.s.positions = self.s.positions.noted(self, self.s.turn)
                    return
        self.apply_canonical(action)

    def apply_canonical(self, action: Any) -> dict[str, Any]:
        """Apply ``action``; the legal action it matched, which is what a record stores (a list-form choice
        as its single picks' cards, in the order made)."""
        done = self._apply_canonical(action)
        self.s.positions = self.s.positions.noted(self, self.s.turn)
        return done

    def _apply_canonical(self, action: Any) -> dict[str, Any]:
        cache = self._legal_cache
        if cache is not None:
            for i, opt in enumerate(cache):
                if opt is action:
                    self._legal_cache = None
                    decisions.execute(self, opt)
                    flow.advance(self)
                    return cache[i]  # the listed action itself (``opt`` is typed as the argument here)
        act = self._normalize(action)
        do = act["do"]
        if do == "surrender":
            return self._surrender(act["player"])
        s = self.s
        self._taken_now(act)
        assert s.pending is not None
        pi, kind, _ = s.pending
        if act["player"] != NAMES[pi] or do not in ACCEPTS[kind]:
            raise unoffered(self, act)  # the rule that keeps this verb from being offered to that player now
        if kind == "combat" and do == "play" and not rapido_in_hand(self, pi, act):
            raise unoffered(self, act)  # CH-1.5: only rápido apoyos are played in the combat phase
        rule = pending_rule(self)
        # A list of several cards is one all-or-nothing action made of single picks (spec, "Actions").
        cards = act.get("cards")
        if do in ("discard", "choose") and isinstance(cards, list) and len(cards) > 1:
            trial = self.clone()
            picks: list[dict[str, Any]] = []
            for i, cid in enumerate(cards):
                if i > 0 and (trial.s.pending is None or (trial.s.pending.player, trial.s.pending.kind) != (pi, kind)):
                    if kind == "choose" and i == len(cards) - 1:
                        break  # the last card of a full ordering was placed by the pick before it
                    raise IllegalAction(rule, msg("too many cards: the choice was complete before {card}",
                                                      card=repr(cid)))
                picks.append(trial._apply_canonical({**act, "cards": [cid]}))  # counted once, below
            self.s = trial.s
            self._legal_cache = None
            return {**picks[0], "cards": [c for p in picks for c in p["cards"]]}
        legal = cache if cache is not None else decisions.legal(self)
        if do == "call_amalgam" and "materials" in act:
            act = self._canonical_materials(act)
        match = _match(act, legal, self._support_zone_free(act))
        if match is None and do in ("use", "play") and act.get("targets"):
            match = self._match_whole_targets(act, legal)
        if match is None:
            raise diagnose(self, act, legal)
        self._legal_cache = None
        decisions.execute(self, match)
        flow.advance(self)
        return match

    def _taken_now(self, act: dict[str, Any]) -> None:
        """Refuses any action once the CHOQUE is over (CH-10.5), and all but ending the phase at a loop's
        third round (``core.loops``)."""
        s = self.s
        if s.winner is not None or s.pending is None:
            raise IllegalAction("CH-10.5", msg("the CHOQUE is over; no more actions are taken"))
        refused = loops.refusal(self, s.positions, act)
        if refused is not None:
            raise refused

    def _surrender(self, player: str) -> dict[str, Any]:
        """CH-10.3: either player may surrender at any moment, whoever's decision is pending."""
        s = self.s
        if s.winner is not None:
            raise IllegalAction("CH-10.3", msg("the CHOQUE is already over"))
        self._legal_cache = None
        s.winner = NAMES[1 - NAMES.index(player)]
        s.pending = None
        flow.event(self, "surrender", player=player)
        flow.event(self, "game_over", winner=s.winner)
        return {"player": player, "do": "surrender"}

    def _match_whole_targets(self, act: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        """A whole ``targets`` list for an activation listed without it (too many lists to offer, so they are
        chosen one at a time, ``targeting.py``): legal when ``targeting.fit`` accepts it (CH-7.4)."""
        pi = NAMES.index(act["player"])
        refs = list(act["targets"])
        for opt in legal:
            found = targeting.listed_without_targets(self, pi, opt) if opt["do"] == act["do"] else None
            if found is None:
                continue
            head = {k: v for k, v in act.items() if k != "targets"}
            if found.prefix:
                head["targets"] = refs[:found.prefix]
            base = _match(head, [opt], self._support_zone_free(act))
            ordered = targeting.fit(self, pi, found.ability, found.source, refs[found.prefix:])
            if base is not None and isinstance(ordered, list):
                return {**base, "targets": refs[:found.prefix] + ordered}
        return None

    def _canonical_materials(self, act: dict[str, Any]) -> dict[str, Any]:
        """CH-6.4: any set of hand cards that pays the material cost is accepted; it is matched against
        the listed action by card and zone, then applied with the player's own materials."""
        from .decisions import materials_ok

        p = self.s.players[NAMES.index(act["player"])]
        card = next((c for c in p.support if c.id == act.get("card")), None)
        hand = list(p.hand)
        mats = []
        for cid in act["materials"]:
            m = next((c for c in hand if c.id == cid), None)
            if m is None:
                raise IllegalAction("CH-6.4", msg("material {card} is not in your hand", card=repr(cid)))
            hand.remove(m)
            mats.append(m)
        if card is None:
            raise IllegalAction("CH-6.4", msg("{card} is not an amalgam in your support deck",
                                              card=repr(act.get("card"))))
        if not materials_ok(card, mats):
            raise IllegalAction("CH-6.4", msg("{materials} do not pay '{card}''s material cost",
                                              materials=", ".join(act["materials"]), card=card.id))
        for opt in self._legal_cache or decisions.legal(self):
            if opt["do"] == "call_amalgam" and opt["card"] == card.id and opt["zone"] == act.get("zone"):
                return {**opt, "materials": act["materials"]}
        return act

    def _support_zone_free(self, act: dict[str, Any]) -> bool:
        """Whether the support zone an action names (``Z3``) is one of the acting player's empty zones."""
        zone = act.get("zone")
        if not isinstance(zone, str) or not zone.startswith("Z"):
            return False
        p = self.s.players[NAMES.index(act["player"])]
        return p.zones[int(zone[1]) - 1] is None

    def observe(self) -> dict[str, Any]:
        return observe(self, self._pending_json())

    def view(self, player: str) -> dict[str, Any]:
        if player not in NAMES:
            raise BadInput(f"unknown player {player!r}; players are A and B")
        return view(self, self._pending_json(), player)

    def public_view(self) -> dict[str, Any]:
        return public_view(self, self._pending_json())

    def _pending_json(self) -> dict[str, str] | None:
        d = self.pending
        return d.to_json() if d else None

    def clone(self, private: bool = False) -> ChoqueGame:
        """An independent copy. It shares the derived caches until either side changes what they hold
        (cheap search); ``private`` shares none, for a copy that another thread searches while this game
        is read (the server's AI seats)."""
        g = ChoqueGame(self.s.copy())
        g._legal_cache = self._legal_cache  # immutable once built: sharing is safe
        if private:
            g.s.fx_cache = g.s.static_cache = g.s.target_cache = None
        return g

    def heuristic(self, player: str) -> float:
        from .evaluate import heuristic

        return heuristic(self, NAMES.index(player))

    def resample(self, player: str, rng: Rng) -> ChoqueGame:
        from .resample import resample

        g = self.clone()
        resample(g.s, NAMES.index(player), rng)
        g._legal_cache = None
        return g

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.s.log

    def log_for(self, viewer: str | None, start: int = 0, end: int | None = None) -> list[dict[str, Any]]:
        """The log as ``viewer`` may see it (a seat, or None for a spectator): a card drawn hidden is named
        to its player alone (CH-11.2); the others see that a card was drawn."""
        out = []
        for e in self.s.log[start:end]:
            if e.get("hidden") and e.get("player") != viewer:
                e = {k: v for k, v in e.items() if k != "card" and k != "hidden"}
            elif "hidden" in e:
                e = {k: v for k, v in e.items() if k != "hidden"}
            out.append(e)
        return out

    # -- incoming actions ------------------------------------------------------------------------
    def _normalize(self, action: Mapping[str, Any]) -> dict[str, Any]:
        """Check an action's shape and bring its references to canonical form (never mutates state)."""
        if not isinstance(action, Mapping):
            raise IllegalAction(None, msg("an action must be a map like {{player: A, do: pass}}, got {value}",
                                          value=shown(action)))
        player = action.get("player")
        if player not in NAMES:
            raise IllegalAction(None, msg("action field 'player' must be A or B, got {value}", value=shown(player)))
        do = action.get("do")
        if do not in VERBS:
            raise IllegalAction(None, msg("unknown action {do}; known: {verbs}", do=repr(do), verbs=", ".join(VERBS)))
        out: dict[str, Any] = {"player": player, "do": do}
        for key, val in action.items():
            if key in ("player", "do"):
                continue
            if key not in _FIELDS:  # before the None check: a client's extra key is never taken silently
                raise IllegalAction(None, msg("unknown action field {key} for '{do}'; fields are {fields}",
                                              key=repr(str(key)[:40]), do=do, fields=", ".join(_FIELDS)))
            if val is not None:
                out[key] = _field(key, val, player, do)
        if do == "attack" and len(out.get("targets", ())) == 2 and out.get("target") in out["targets"]:
            out["target"] = out["targets"][0]  # Doble batalla: either of the two may be named as target
        return out

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def new(cls, decks: Any, seed: int = 0, edition: str | None = None, first: str | None = None,
            validate: bool = True, options: Any = None) -> ChoqueGame:
        """CH-4: shuffle, choose the first player at random, draw 4 each, starting hearts. Without an
        ``edition``, the one both decks name (CH-0.3), else the default."""
        from .deck import Deck, check_deck

        if isinstance(decks, Mapping):
            decks = [decks["A"], decks["B"]]
        if not isinstance(decks, Sequence) or len(decks) != 2 or not all(isinstance(d, Deck) for d in decks):
            raise BadInput("decks must be two Deck objects (A's and B's)")
        if edition is None and decks[0].edition is not None and decks[0].edition == decks[1].edition:
            edition = decks[0].edition
        ed = get_edition(edition)
        opts = parse_options(options)
        if validate:
            for name, d in zip(NAMES, decks, strict=True):
                problems = check_deck(d, ed.name)
                if problems:
                    raise BadInput(f"player {name}'s deck is not legal in {ed.name}: "
                                   + "; ".join(str(v) for v in problems))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadInput(f"seed must be an integer, got {shown(seed)}")
        rng = Rng(seed)
        s = State(ed.name, rng, opts)
        for pi, d in enumerate(decks):
            p = Player(pi, ed.starting_hearts)  # CH-4.4
            p.main = list(d.main)
            p.souls = list(d.souls)
            p.support = list(d.support)
            rng.shuffle(p.main)  # CH-4.1
            rng.shuffle(p.souls)
            s.players.append(p)
        if first is None:
            s.first = rng.below(2)  # CH-4.2
        elif first in NAMES:
            s.first = NAMES.index(first)
        else:
            raise BadInput(f"first must be A or B, got {shown(first)}")
        g = cls(s)
        flow.event(g, "setup", edition=ed.name, first=NAMES[s.first])  # never the seed: it gives every hidden card
        for p in s.players:  # CH-4.3: four cards each, no mulligan (setup draws trigger nothing)
            for _ in range(4):
                if p.main:
                    p.hand.append(p.main.pop())
        s.turn = 1
        s.active = s.first
        flow.event(g, "turn", player=NAMES[s.active])
        flow.push_turn_from(g, "start")
        flow.advance(g)
        return g

    @classmethod
    def from_state(cls, s: State, phase: str, resistance: dict[int, int] | None = None) -> ChoqueGame:
        """A game placed at the beginning of ``phase`` (scenario files); plays to the first decision.
        ``resistance`` maps a character uid to its current resistance (damage is derived from it)."""
        g = cls(s)
        for uid, res in (resistance or {}).items():
            found = s.find(uid)
            assert found is not None
            pi, zi, c = found
            c.dmg = max(0, stats.full_res(g, pi, zi, c) - res)
        flow.push_turn_from(g, phase)
        flow.advance(g)
        return g


def _field(key: str, val: Any, player: str, do: str) -> Any:
    """One field of an incoming action in canonical form, or the refusal naming what is wrong with it."""
    opp = "B" if player == "A" else "A"
    if key in ("card", "ability", "option"):
        if not isinstance(val, (str, int)) or isinstance(val, bool):
            raise IllegalAction(None, msg("action field '{key}' must be a text, got {value}", key=key,
                                          value=shown(val)))
        return str(val)
    if key in ("zone", "attacker", "defender"):
        return _own_ref(val, player, key, bare=True)
    if key == "source":
        if not isinstance(val, str):
            raise IllegalAction(None, msg("action field 'source' must be a zone or a card id, got {value}",
                                          value=shown(val)))
        m = _OWN_ZONE.match(val)
        return f"{m.group(1) or player}.{m.group(2)}" if m else val
    if key == "target":
        return _target_ref(val, opp)
    if key == "targets":
        val = [val] if isinstance(val, str) else val
        if not isinstance(val, list):
            raise IllegalAction(None, msg("action field 'targets' must be a list of zones, got {value}",
                                          value=shown(val)))
        return [_target_ref(v, opp if do == "attack" else player) for v in val]
    if key in ("materials", "cards"):
        return _card_ids(key, val)
    if val not in ("own", "opponent"):  # side
        raise IllegalAction(None, msg("action field 'side' must be own or opponent, got {value}",
                                      value=shown(val)))
    return val


def _card_ids(key: str, val: Any) -> list[str]:
    """``materials`` (possibly none) or ``cards`` (at least one): card ids, a single id standing for one."""
    val = [val] if isinstance(val, str) else val
    if not isinstance(val, list) or not all(isinstance(v, str) for v in val) or (key == "cards" and not val):
        if key == "materials":
            raise IllegalAction(None, msg("action field 'materials' must be a list of card ids, got {value}",
                                          value=shown(val)))
        raise IllegalAction(None, msg("action field 'cards' must be a list of card ids, got {value}",
                                      value=shown(val)))
    return list(val)


def _own_ref(val: Any, player: str, key: str, bare: bool) -> str:
    if not isinstance(val, str):
        raise IllegalAction(None, msg("action field '{key}' must be a zone like C1, got {value}", key=key,
                                      value=shown(val)))
    m = _OWN_ZONE.match(val)
    if not m:
        raise IllegalAction(None, msg("action field '{key}': unknown zone {zone}", key=key, zone=repr(val)))
    if m.group(1) and m.group(1) != player:
        if key == "zone":
            return f"{m.group(1)}.{m.group(2)}"
        raise IllegalAction(None, msg("action field '{key}' must name one of {player}'s own zones, got {value}",
                                          key=key, player=player, value=shown(val)))
    return m.group(2)


def _target_ref(val: Any, default_side: str) -> str:
    if val == "hearts":
        return "hearts"
    if not isinstance(val, str):
        raise IllegalAction(None, msg("a target must be a zone like B.C2 or 'hearts', got {value}", value=shown(val)))
    if _CARD_REF.match(val):
        return val  # a card in a hand, deck, Mictlán or confinement (B.mictlan:koatl)
    m = _OWN_ZONE.match(val)
    if not m:
        raise IllegalAction(None, msg("unknown target zone {zone}", zone=repr(val)))
    return f"{m.group(1) or default_side}.{m.group(2)}"


def _match(act: dict[str, Any], legal: list[dict[str, Any]], zone_free: bool) -> dict[str, Any] | None:
    """The first legal canonical action that agrees with every field the incoming action gives; targets
    named in another order than the listed one are accepted when nothing matches exactly."""
    found = _match_once(act, legal, zone_free, False)
    if found is None and len(act.get("targets") or ()) > 1:
        found = _match_once(act, legal, zone_free, True)
    return found


def _match_once(act: dict[str, Any], legal: list[dict[str, Any]], zone_free: bool,
                any_order: bool) -> dict[str, Any] | None:
    do = act["do"]
    free_zone = do in ("activate_soul", "play") and str(act.get("zone", "")).startswith("Z")
    for opt in legal:
        if opt["do"] != do:
            continue
        if do == "play" and act.get("side", "own") != opt.get("side", "own"):
            continue  # CH-1.6: a sector goes on its player's own side unless 'side: opponent' is given
        ok = True
        for k, v in act.items():
            if k == "player" or k == "do" or k == "materials" or k == "side":
                continue  # materials were checked against the cost already (CH-6.4)
            ov = opt.get(k)
            if k == "zone" and free_zone and ov is not None and str(ov).startswith("Z"):
                continue  # support zones are interchangeable: any empty one is checked below
            if k == "targets" and (do == "attack" or any_order) and ov is not None:
                if sorted(v) != sorted(ov):
                    ok = False
                    break
            elif ov != v:
                ok = False
                break
        if ok:
            if do == "call_amalgam" and "materials" in act:
                return {**opt, "materials": act["materials"]}
            if free_zone and "zone" in act and act["zone"] != opt.get("zone"):
                return {**opt, "zone": act["zone"]} if zone_free else None
            return opt
    return None


__all__ = ["ChoqueGame", "CardDef"]
