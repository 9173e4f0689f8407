"""Why an action is illegal: the rule id and a readable message (only run when an action is refused).

Legality itself is decided by the legal-action generators; this module only explains a refusal, so it
may be slow and thorough. A refusal names the rule that *forbids* the action (docs/rulings.md, "Refusals"):
the rule that keeps a verb from being offered to that player now (``unoffered``), a keyword's own text
(CH-8), or, for a restriction printed on a card (once per turn, a condition, a cost, which targets or cards
it takes), CH-0.2, the rule that makes card text binding. Whatever it cannot pin down gets the pending
decision's rule and the list of what is legal.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction

from .decisions import KIND_RULE
from .flow import NAMES, OTHER
from .state import PHASES, sector_of

if TYPE_CHECKING:
    from .game import ChoqueGame

CARD_TEXT = "CH-0.2"  # a restriction printed on the card itself: card text is binding (and beats the rules)
KEYWORD_CHOICES = frozenset({"elite", "clarividencia", "mimica", "zombificar", "cosmo"})  # CH-8 keyword texts
KIND_TEXT = {
    "action": "free decision of the action phase", "combat": "free decision of the combat phase",
    "response": "response window", "defend": "defence decision", "ofrenda": "ofrenda decision",
    "choose": "choice", "discard": "hand-limit discard", "battle_repeat": "battle-repetition decision",
}
_CHAR_ZONE = re.compile(r"^(?:[AB]\.)?C[1-4]$")


def choice_rule(g: ChoqueGame, data: tuple[Any, ...]) -> str:
    """The rule a pending choice follows: a keyword's choice its CH-8 text, a card effect's choice the card's
    own text (CH-0.2)."""
    return "CH-8" if data and data[0] in KEYWORD_CHOICES else CARD_TEXT


def pending_rule(g: ChoqueGame) -> str:
    """The rule of the decision pending now (what must be answered before anything else happens)."""
    assert g.s.pending is not None
    _, kind, data = g.s.pending
    return choice_rule(g, data) if kind == "choose" else KIND_RULE[kind]


def unoffered(g: ChoqueGame, act: dict[str, Any]) -> IllegalAction:
    """Why a verb is refused before its fields are looked at: the pending decision is another player's, or
    it does not take this verb. The rule named is the one that keeps the verb from being offered to this
    player now (the ofrenda's turn and souls, the action phase of calls, the windows of rápido abilities,
    the combat phase of battles), not merely the rule of the decision that happens to be pending."""
    s = g.s
    assert s.pending is not None
    qi, kind, data = s.pending
    pi = NAMES.index(act["player"])
    name = NAMES[pi]
    do = act["do"]
    holder = f"{NAMES[qi]}'s {KIND_TEXT[kind]}"
    own_turn = s.active == pi
    own_action = own_turn and s.phase == "action"
    after = PHASES.index(s.phase)

    def err(rule: str, msg: str) -> IllegalAction:
        return IllegalAction(rule, msg)

    def waiting(rule: str | None = None) -> IllegalAction:
        """The verb would be offered, but another decision comes first."""
        if kind == "response" and rule is None:
            return err("CH-7.4", f"{holder} is open: a chain takes only responses (rápido apoyos and abilities) "
                                 f"until both players pass; {do!r} waits until it resolves")
        return err(rule or pending_rule(g), f"{holder} comes first: it takes "
                                            f"{', '.join(_accepts(kind))}, not {name}'s {do!r}")

    if do == "ofrenda":
        p = s.players[pi]
        nth = (s.turn + 1) // 2 if pi == s.first else s.turn // 2
        if not own_turn:
            return err("CH-5.3", f"the ofrenda is a phase of its player's own turn; this is {NAMES[s.active]}'s turn")
        if nth < 2:
            return err("CH-5.3", f"the ofrenda exists from each player's second turn on; turn {s.turn} is "
                                 f"{name}'s first turn")
        if p.active_souls() >= 5:
            return err("CH-5.3", f"with 5 or more active souls the ofrenda phase is skipped ({name} has "
                                 f"{p.active_souls()})")
        if after > PHASES.index("ofrenda"):
            return err("CH-5.3", f"the ofrenda phase of this turn is over (a phase once left is not returned to, "
                                 f"CH-5.1); it is the {s.phase} phase")
        if not p.hand:
            return err("CH-5.3", "the ofrenda returns the hand: with an empty hand there is nothing to return")
        return waiting()
    if do in ("call", "call_amalgam", "activate_soul") or (do == "play" and not rapido_in_hand(g, pi, act)):
        rule, what = {
            "call": ("CH-6.1", "a normal call is made"), "call_amalgam": ("CH-6.4", "an amalgam is called"),
            "activate_soul": ("CH-5.6", "a soul is activated"), "play": ("CH-5.6", "a sector or an arena is played"),
        }[do]
        card = next((c for c in s.players[pi].hand if c.id == act.get("card")), None) if do == "play" else None
        if do == "play" and card is None:
            what = "apoyos, sectors and arenas are played from the hand"
        if not own_action and card is not None and card.type == "apoyo":
            return err("CH-1.5", f"{card.id!r} is a {card.subtype} apoyo: only rápido apoyos are activated outside "
                                 "their player's own action phase; " + _when(g, pi))
        if not own_action:
            return err(rule, f"{what} in its player's own action phase; " + _when(g, pi))
        return waiting()
    if do in ("use", "play"):
        return _unoffered_ability(g, act, holder)
    if do == "attack":
        if not own_turn:
            return err("CH-9.1", f"battles are declared by the active player in their combat phase; it is "
                                 f"{NAMES[s.active]}'s turn")
        if s.phase != "combat":
            return err("CH-5.1", "battles are declared in the combat phase, after the action phase"
                       if after < PHASES.index("combat") else "the combat phase of this turn is over")
        return waiting()
    if do == "defend":
        if kind == "defend":
            return err("CH-9.3", f"the defence is {NAMES[qi]}'s decision: the attacked character's controller "
                                 "decides it")
        return err("CH-9.3", "a defence answers an attack on one of your characters; no attack on "
                             f"{name}'s characters awaits a defence now")
    if do == "pass" and qi == pi:
        if kind == "action":
            return err("CH-5.6", "there is nothing to decline: the action phase ends with end_phase")
        if kind == "combat":
            return err("CH-9.11", "there is nothing to decline: declare a battle or end the combat with end_phase")
        if kind == "discard":
            return err("CH-5.8", "the hand-limit discard is mandatory: choose the cards to send to the Mictlán")
        return err(pending_rule(g), f"this {KIND_TEXT[kind]} is mandatory; it cannot be passed")
    if do == "end_phase" and qi == pi:
        return waiting()
    if do == "choose":
        if kind != "choose" and isinstance(act.get("option"), str) and _CHAR_ZONE.match(act["option"]) and any(
                "cosmo" in c.keywords for c in s.players[pi].hand):
            return err("CH-8", "Cosmo's special call is offered when the card is drawn, and only if a character "
                               "zone is empty then; it is not offered now")
        if kind == "choose":
            whose = "its keyword's" if choice_rule(g, data) == "CH-8" else "the card's"
            return err(choice_rule(g, data), f"the choice pending is {NAMES[qi]}'s ({whose} text has "
                                             f"{NAMES[qi]} choose), not {name}'s")
    if do == "discard" and kind != "discard":
        return err("CH-5.8", "the hand limit is applied at the end of its player's turn, to a hand of more than "
                             "7 cards; no discard is pending")
    if qi != pi:
        return err(pending_rule(g), f"it is {holder}, not {name}'s decision; it takes "
                                    f"{', '.join(_accepts(kind))}")
    return err(pending_rule(g), f"{do!r} does not answer the pending decision ({KIND_TEXT[kind]}); it takes "
                                f"{', '.join(_accepts(kind))}")


def _accepts(kind: str) -> list[str]:
    from .decisions import ACCEPTS

    return sorted(ACCEPTS[kind])


def _when(g: ChoqueGame, pi: int) -> str:
    """Where the turn stands, for a message about the action phase."""
    s = g.s
    if s.active != pi:
        return f"it is {NAMES[s.active]}'s turn"
    if PHASES.index(s.phase) > PHASES.index("action"):
        return f"it is the {s.phase} phase, and a phase once left is not returned to (CH-5.1)"
    return f"the action phase has not begun (it is the {s.phase} phase)"


def _hand_type(g: ChoqueGame, pi: int, act: dict[str, Any]) -> str | None:
    card = next((c for c in g.s.players[pi].hand if c.id == act.get("card")), None)
    return None if card is None else card.type


def rapido_in_hand(g: ChoqueGame, pi: int, act: dict[str, Any]) -> bool:
    """Whether the card an action names is a rápido apoyo in ``pi``'s hand (CH-1.5: any phase)."""
    card = next((c for c in g.s.players[pi].hand if c.id == act.get("card")), None)
    return card is not None and card.type == "apoyo" and card.subtype == "rapido"


def _unoffered_ability(g: ChoqueGame, act: dict[str, Any], holder: str) -> IllegalAction:
    """A ``use`` (or a rápido apoyo's ``play``) that the pending decision does not take. An encendido waits
    for its player's own action phase (CH-7.2); a disparo or continuo ability is never used (CH-7.3, CH-7.1);
    Aura and Rito belong to the opponent's turn (CH-8). Anything rápido is tried as if its player held a
    response window: what would still forbid it there is named; otherwise the only reason is that no window
    is open for that player now (CH-7.5), or that another player's window comes first (CH-7.4)."""
    s = g.s
    assert s.pending is not None
    qi, kind, _ = s.pending
    pi = NAMES.index(act["player"])
    name = NAMES[pi]
    own_action = s.active == pi and s.phase == "action"
    ability = act.get("ability")
    category = "rapido"
    if act["do"] == "use":
        if ability == "atormentar":
            category = "encendido"
        elif ability == "cosmo":
            return IllegalAction("CH-8", "Cosmo is offered only when you draw the card")
        elif ability not in ("aura", "rito", "portal"):
            ab = next((a for _, ref, abilities in g._field_sources(pi) if ref == act.get("source")
                       for a in abilities if a.name == ability), None)
            if ab is not None:
                category = ab.category
    if category == "encendido":
        if not own_action:
            return IllegalAction("CH-7.2", f"{ability!r} is encendido: it is used only in its controller's own "
                                           f"action phase; " + _when(g, pi))
        return IllegalAction("CH-7.4", f"{holder} is open: an encendido ability is not a response; it waits "
                                       "until the chain resolves")
    if category == "disparo":
        return IllegalAction("CH-7.3", f"{ability!r} is a disparo ability: it triggers by itself")
    if category == "continuo":
        return IllegalAction("CH-7.1", f"{ability!r} is continuo: it is always on and is not used")
    intrinsic = _as_a_response(g, act)
    if intrinsic is not None:
        return intrinsic
    if kind == "response" and qi != pi:
        return IllegalAction("CH-7.4", f"it is {holder}: {NAMES[qi]} answers the chain now, {name} may respond "
                                       "after they add a link")
    return IllegalAction("CH-7.5", f"{name} may respond only in a response window (at the start of each phase, after "
                                   "an attack declaration, or when a chain opens); none is open for "
                                   f"{name} now, it is {holder}")


def _as_a_response(g: ChoqueGame, act: dict[str, Any]) -> IllegalAction | None:
    """What forbids a rápido action even inside its player's own response window, if anything."""
    from .game import _match

    pi = NAMES.index(act["player"])
    trial = g.clone(private=True)
    trial.s.pending = (pi, "response", ())
    trial._legal_cache = None
    legal = trial._legal()
    if _match(act, legal, trial._support_zone_free(act)) is not None:
        return None
    why = diagnose(trial, act, legal)
    return None if why.rule in (None, "CH-7.4") else why


def diagnose(g: ChoqueGame, act: dict[str, Any], legal: list[dict[str, Any]]) -> IllegalAction:
    """Why an action that the pending decision takes (right player, accepted verb) matches no legal action."""
    s = g.s
    assert s.pending is not None
    pi, kind, data = s.pending
    p = s.players[pi]
    o = s.players[OTHER[pi]]
    do = act["do"]
    own_action = s.active == pi and s.phase == "action"

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
            zone = act.get("zone")
            if zone is not None and not zone.startswith("Z"):
                return err("CH-3.3", f"souls go in your own support zones (Z1–Z5), not {zone}")
            return err("CH-3.11", f"support zone {zone} is not empty" if zone else "no empty support zone (Z1–Z5)")
        if do == "call":
            for f in ("card", "zone"):
                if f not in act:
                    return IllegalAction(None, f"call needs a {f!r}")
            c = hand_card(act["card"], "CH-6.1")
            if c.type != "personaje":
                return err("CH-6.1", f"{c.id!r} is a {c.type}; only characters are called"
                           + (" (amalgams: call_amalgam, CH-6.4)" if c.type == "amalgama" else ""))
            if "." in act["zone"]:
                return err("CH-6.1", f"a character is called into an empty character zone of its own player's, "
                                     f"not {act['zone']}")
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
            side = act.get("side", "own")
            if kind == "response" and not (c.type == "apoyo" and c.subtype == "rapido"):
                if own_action:
                    return err("CH-7.4", f"a chain is open: only rápido apoyos and abilities are added to it, and "
                                         f"{c.id!r} is a {c.subtype or c.type}; it waits until the chain resolves")
                if c.type == "apoyo":
                    return err("CH-1.5", f"only rápido apoyos are activated outside your action phase; {c.id!r} is "
                                         f"{c.subtype}")
                return err("CH-5.6", f"a {c.type} is played in its player's own action phase, not in a response")
            if c.type == "arena" and (side == "opponent" or (zone is not None and "." in zone)):
                return err("CH-1.7", "an arena sits in its controller's own arena zone (it reaches the opponent's "
                                     "side only where its text says so), not on the opponent's side")
            if zone is not None and "." in zone and c.type == "apoyo":
                return err("CH-3.3", f"an apoyo goes in one of your own support zones (Z1–Z5), not {zone}")
            bare = zone.split(".")[-1] if zone is not None else None
            want = {"apoyo": ("Z", "CH-3.3", "one of your support zones (Z1–Z5)"),
                    "sector": ("S", "CH-1.6", "a sector zone (SA, SB)"),
                    "arena": ("arena", "CH-1.7", "the arena zone")}[c.type]
            if bare is not None and not bare.startswith(want[0]):
                return err(want[1], f"{'an' if c.type[0] in 'aeiou' else 'a'} {c.type} goes in {want[2]}, not {zone}")
            if c.type == "apoyo":
                if side == "opponent":
                    return err("CH-3.3", "an apoyo goes in one of your own support zones, not on the opponent's side")
                if all(z is not None for z in p.zones):
                    return err("CH-3.11", "no empty support zone (Z1–Z5)")
                if zone is not None and zone.startswith("Z") and p.zones[int(zone[1]) - 1] is not None:
                    return err("CH-3.11", f"support zone {zone} is occupied")
                refs = list(act.get("targets") or [])
                if c.subtype == "equipo":
                    if not refs:
                        return err("CH-1.5", "an apoyo equipo needs 'targets': the character it equips first")
                    if _char_at(g, refs[0]) is None:
                        return err("CH-1.5", f"an apoyo equipo is attached to a character; there is none in {refs[0]}")
                    return err(CARD_TEXT, f"{c.id!r} cannot equip {refs[0]}"
                               + (f": its text equips only {_describe(c.fx.equip)}" if c.fx.equip else ""))
                if c.fx.effect is not None:
                    why = _ability_refusal(g, pi, c.fx.effect, ("hand", pi, c), refs)
                    if why is not None:
                        return why
            if c.type == "sector":
                placement = c.fx.placement
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
            if kind == "battle_repeat" and s.battle is not None and c.uid != s.battle.attacker:
                return err("CH-9.5", "a battle repetition belongs to the character that declared the battle; "
                                     f"{c.card.id!r} did not")
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
                attacked = p.chars[b.zones[0]]
                if c.zombified and "guarda" in c.card.keywords:
                    return err("CH-8.1", f"{c.card.id!r} is zombificado: its Guarda does not work, so it defends "
                                         "only in its own sector")
                if attacked is not None and attacked.zombified and "comandar" in attacked.card.keywords:
                    return err("CH-8.1", f"{attacked.card.id!r} is zombificado: its Comandar does not work")
                return err("CH-9.3", f"{c.card.id!r} is in the other sector; only Guarda or Comandar allow that")
        if do == "use" and act.get("ability") not in ("aura", "atormentar", "portal", "rito", "cosmo", None):
            src = act.get("source")
            ability = act.get("ability")
            sources = {ref: (h, abilities) for h, ref, abilities in g._field_sources(pi)}
            mimic = _mimic_at(g, pi, src)
            if src not in sources:
                if mimic is not None:
                    return err("CH-8", f"Mímica: {mimic!r} has only the abilities of the card it confined, and "
                                       f"it confined none with {ability!r}")
                return err("CH-7", f"there is no card of yours with abilities at {src} (abilities are used "
                                   "from the field: A.C1, A.Z2, A.SA, A.arena)")
            h, abilities = sources[src]
            ab = next((a for a in abilities if a.name == ability), None)
            if ab is None:
                if mimic is not None:
                    return err("CH-8", f"Mímica: {mimic!r} has only the abilities of the card it confined, and "
                                       f"it confined none with {ability!r}")
                names = ", ".join(repr(a.name) for a in abilities)
                return err("CH-7", f"{src} has no ability {ability!r}; it has {names}")
            if ab.category == "disparo":
                return err("CH-7.3", f"{ability!r} is a disparo ability: it triggers by itself ({ab.trigger})")
            if ab.category == "continuo":
                return err("CH-7.1", f"{ability!r} is continuo: it is always on and is not used")
            if ab.category == "encendido" and not own_action:
                return err("CH-7.2", f"{ability!r} is encendido: it is used only in your own action phase")
            if ab.category == "encendido" and kind != "action":
                return err("CH-7.4", f"{ability!r} is encendido: it is not a response; it waits until the chain "
                                     "resolves")
            why = _ability_refusal(g, pi, ab, h, list(act.get("targets") or []))
            if why is not None:
                return why
        if do == "use":
            src = act.get("source")
            ability = act.get("ability")
            if not src or not ability:
                return IllegalAction(None, "use needs a 'source' and an 'ability'")
            timing = "CH-7.2" if ability == "atormentar" else "CH-7.3"
            if "." in src:
                side, zone = src.split(".")
                if side != NAMES[pi]:
                    return err(timing, "an ability is activated by its controller: you can only use abilities of "
                                       "your own cards")
                c = p.chars[int(zone[1]) - 1] if zone.startswith("C") else None
                if c is None:
                    return err(timing, f"there is no character of yours in {src}")
                if not c.has(ability):
                    if c.zombified and ability in c.card.keywords:
                        return err("CH-8.1", f"{c.card.id!r} is zombificado: none of its abilities work")
                    return err("CH-8", f"{c.card.id!r} has no ability {ability!r}")
                if ability in ("aura",) and s.active == pi:
                    return err("CH-8", "Aura is used only in the opponent's turn")
                if ability == "atormentar" and kind != "action":
                    if not own_action:
                        return err("CH-7.2", "Atormentar is encendido: only in your own action phase")
                    return err("CH-7.4", "Atormentar is encendido: it is not a response; it waits until the chain "
                                         "resolves")
                if ability == "portal":
                    if c.portal_turn == s.turn:
                        return err("CH-8", "Portal: once per turn")
                    return err("CH-8", "Portal swaps two of your characters between sectors (one in each)")
            else:
                c = hand_card(src, "CH-8" if ability in ("rito", "cosmo") else "CH-7.3")
                if ability not in c.keywords:
                    return err("CH-8", f"{c.id!r} has no ability {ability!r}")
                if ability == "rito":
                    if s.active == pi:
                        return err("CH-8", "Rito is used only in the opponent's turn")
                    return _rito_refusal(g, pi, list(act.get("targets") or []))
                if ability == "cosmo":
                    return err("CH-8", "Cosmo is offered only when you draw the card")
        if do == "discard" and act.get("cards"):
            return err("CH-5.8", f"{act['cards'][0]!r} is not in your hand to send to the Mictlán")
        if do == "choose" and kind == "choose":
            return _choice_refusal(g, pi, data, act)
    except IllegalAction as e:
        return e
    if do == "call_amalgam":
        c = next((x for x in p.support if x.id == act.get("card")), None)
        if c is None:
            return err("CH-6.4", f"{act.get('card')!r} is not an amalgam in your support deck")
        if kind != "action":
            return err("CH-6.4", "amalgam calls are made in your action phase")
        zone = act.get("zone")
        if isinstance(zone, str) and "." in zone:
            return err("CH-6.4", f"an amalgam is called into an empty character zone of your own, not {zone}")
        if isinstance(zone, str) and not zone.startswith("C"):
            return err("CH-3.1", f"{zone} is not a character zone (C1–C4)")
        if isinstance(zone, str) and zone.startswith("C") and p.chars[int(zone[1]) - 1] is not None:
            return err("CH-3.11", f"zone {zone} is occupied")
        if g._call_blocked(pi, c.value):
            return err("CH-8", f"Toxina: no calls of value {p.toxina_now} or lower during this action phase")
        return err("CH-6.4", f"your hand cannot pay {c.id!r}'s material cost")
    if kind == "ofrenda" and do == "pass":
        return err("CH-5.3", "the ofrenda is mandatory from your second turn while you have 4 or fewer active souls "
                             "(only the house rule choque.ofrenda_optional lets it be passed): answer it with ofrenda")
    verbs = sorted({a["do"] for a in legal})
    return err(pending_rule(g), f"that {do!r} is not legal now ({KIND_TEXT[kind]}); legal: {', '.join(verbs)}")


def _char_at(g: ChoqueGame, ref: str) -> Any:
    """The character at a field reference (``A.C2``), or None."""
    side, _, zone = ref.rpartition(".")
    if side not in NAMES or not zone.startswith("C") or len(zone) != 2 or zone[1] not in "1234":
        return None
    return g.s.players[NAMES.index(side)].chars[int(zone[1]) - 1]


def _mimic_at(g: ChoqueGame, pi: int, src: Any) -> str | None:
    """The card id of a Mímica character of ``pi`` at ``src`` (its gained abilities are all it may use)."""
    if not isinstance(src, str) or not src.startswith(f"{NAMES[pi]}.C"):
        return None
    c = _char_at(g, src)
    return c.card.id if c is not None and "mimica" in c.card.keywords else None


def _describe(flt: Any) -> str:
    return ", ".join(f"{k} {v}" for k, v in dict(flt).items())


def _rito_refusal(g: ChoqueGame, pi: int, refs: list[str]) -> IllegalAction:
    """Rito (CH-8): return one of your active souls to your hand and special call this character, which still
    needs an empty character zone (CH-6.2)."""
    p = g.s.players[pi]
    name = NAMES[pi]
    empty = [i for i, c in enumerate(p.chars) if c is None]
    if not empty:
        return IllegalAction("CH-6.2", "a special call still needs an empty character zone, and all four of yours "
                                       "are occupied")
    if len(refs) != 2:
        return IllegalAction("CH-8", "Rito needs 'targets': one of your active souls and an empty character zone "
                                     f"(e.g. [{name}.Z1, {name}.C{empty[0] + 1}])")
    soul, zone = refs
    sz = int(soul[-1]) - 1 if soul.startswith(f"{name}.Z") and soul[-1] in "12345" else -1
    z = p.zones[sz] if sz >= 0 else None
    if z is None or getattr(z, "type", None) != "alma":
        return IllegalAction("CH-8", f"Rito returns one of your active souls to your hand; {soul} holds none")
    if not (zone.startswith(f"{name}.C") and zone[-1] in "1234"):
        return IllegalAction("CH-6.2", f"Rito calls into one of your character zones, not {zone}")
    return IllegalAction("CH-3.11", f"zone {zone} is occupied")


def _choice_refusal(g: ChoqueGame, pi: int, data: tuple[Any, ...], act: dict[str, Any]) -> IllegalAction:
    """Why an answer is not among the options of the pending choice: the keyword's text (CH-8) or the card's
    (CH-0.2) says what may be chosen; an occupied zone is CH-3.11; an apoyo still resolving is in its zone,
    not yet in the Mictlán (CH-1.5); a call Toxina blocks is CH-8."""
    s = g.s
    p = s.players[pi]
    what = data[0]
    cards = act.get("cards") or []
    cid = cards[0] if cards else None
    option = act.get("option")
    if isinstance(option, str) and _CHAR_ZONE.match(option) and what in ("cosmo", "zone"):
        zi = int(option[-1]) - 1
        if p.chars[zi] is not None:
            return IllegalAction("CH-3.11", f"zone {option} is occupied")
    if what == "elite":
        return IllegalAction("CH-8", "Élite's choice is option: double (or pass)")
    if what == "clarividencia":
        return IllegalAction("CH-8", f"Clarividencia orders only the cards it looked at; {cid!r} is not among them")
    if what == "mimica":
        if cid is not None and not any(c.id == cid for c in p.mictlan):
            theirs = any(c.id == cid for c in s.players[OTHER[pi]].mictlan)
            return IllegalAction("CH-8", f"Mímica selects a character in your own Mictlán; {cid!r} is "
                                         + ("in the opponent's" if theirs else "not in yours"))
        return IllegalAction("CH-8", f"Mímica selects a character in your Mictlán; {cid!r} is not a character")
    if what == "zombificar":
        return IllegalAction("CH-8", _zombificar_why(g, pi, data[1], act))
    if what == "cosmo":
        return IllegalAction("CH-8", "Cosmo's special call goes into one of your empty character zones "
                                     "(option: C1..C4)")
    if what == "select" and cid is not None:
        _, purpose, op, src, _, _ = data
        card = _zone_card(g, pi, op, purpose, cid)
        if card is not None and purpose in ("special_call", "liberar") and card.is_character \
                and g._call_blocked(pi, card.value):
            return IllegalAction("CH-8", f"Toxina: no calls of value {p.toxina_now} or lower during this action "
                                         f"phase, special calls included ({cid!r} has value {card.value})")
        if card is None and src[0] == "zone" and src[-1].id == cid and op.args.get("from") == "mictlan":
            return IllegalAction("CH-1.5", f"{cid!r} is still resolving in its support zone; a normal or rápido "
                                           "apoyo goes to the Mictlán after its effect")
    if what == "zone":
        return IllegalAction(CARD_TEXT, f"the card's text says where the special call goes; {option!r} is not one "
                                        "of those zones")
    return IllegalAction(CARD_TEXT, f"{_answer(act)} is not among what the card's text lets you choose now")


def _answer(act: dict[str, Any]) -> str:
    if act.get("cards"):
        return repr(act["cards"][0])
    if act.get("targets"):
        return ", ".join(act["targets"])
    return repr(act.get("option"))


def _zone_card(g: ChoqueGame, pi: int, op: Any, purpose: str, cid: str) -> Any:
    """The card named ``cid`` in the place a selection draws from (for the reasons of a refusal), or None."""
    p = g.s.players[pi]
    zone = {"discard": "hand", "liberar": "confined"}.get(purpose) or op.args.get("from") or "hand"
    pile = {"hand": p.hand, "mictlan": p.mictlan, "confined": p.confined, "deck": p.main}.get(zone, [])
    return next((c for c in pile if c.id == cid), None)


def _zombificar_why(g: ChoqueGame, pi: int, uid: int, act: dict[str, Any]) -> str:
    """Zombificar (CH-8): a soul of value 3 or more, a character of value 5 or less from your Mictlán, a zone
    of the same sector as the Zombificar character."""
    s = g.s
    p = s.players[pi]
    refs = list(act.get("targets") or [])
    cards = act.get("cards") or []
    card = next((c for c in p.mictlan if cards and c.id == cards[0]), None)
    if card is None or not card.is_character:
        return f"Zombificar special-calls a character from your Mictlán; {cards[0] if cards else None!r} is not one"
    if card.value > 5:
        return f"Zombificar calls a character of value 5 or less; {card.id!r} has value {card.value}"
    if g._call_blocked(pi, card.value):
        return f"Toxina: no calls of value {p.toxina_now} or lower during this action phase, special calls included"
    if len(refs) != 2:
        return "Zombificar needs 'targets': one of your active souls of value 3 or more and a zone of its sector"
    soul = p.zones[int(refs[0][-1]) - 1] if refs[0][-2] == "Z" and refs[0][-1] in "12345" else None
    if soul is None or getattr(soul, "type", None) != "alma" or soul.value < 3:
        return f"Zombificar returns one of your active souls of value 3 or more; {refs[0]} holds " + (
            "none" if soul is None or getattr(soul, "type", None) != "alma" else f"one of value {soul.value}")
    found = s.find(uid)
    if found is not None and refs[1][-2] == "C" and refs[1][-1] in "1234":
        zi = int(refs[1][-1]) - 1
        if sector_of(zi) != sector_of(found[1]):
            return f"Zombificar calls into the Zombificar character's own sector; {refs[1]} is in the other one"
        if p.chars[zi] is not None:
            return f"zone {refs[1]} is occupied"
    return f"{_answer(act)} is not a choice Zombificar offers now"


def _ability_refusal(g: ChoqueGame, pi: int, ab: Any, src: Any, refs: list[str]) -> IllegalAction | None:
    """Why an ability cannot be activated now: its card's own text (CH-0.2) limits it to once per turn, sets
    its condition, names its cost and its targets. An apoyo that would pay its own discard cost is refused
    by CH-1.5: once activated it is in its support zone, not in the hand."""
    name = f"the effect of {src[-1].id!r}" if ab.name == "effect" and src[0] == "hand" else repr(ab.name)
    if ab.once_per_turn and g._once_key(src, ab) in g.s.used:
        return IllegalAction(CARD_TEXT, f"its text allows {name} once per turn, and it was used this turn")
    if not g._condition_ok(pi, src, ab.condition):
        return IllegalAction(CARD_TEXT, f"the condition in the text of {name} is not met "
                                        f"({_describe(ab.condition)})")
    if not g._can_pay(pi, ab, src):
        if src[0] == "hand" and _pays_only_with_itself(g, pi, ab, src[-1]):
            return IllegalAction("CH-1.5", f"{src[-1].id!r} cannot pay its own discard cost: once activated an "
                                           "apoyo is in its support zone, not in your hand")
        costs = ", ".join(op.verb for op in ab.cost)
        return IllegalAction(CARD_TEXT, f"the cost in the text of {name} cannot be paid ({costs})")
    if not g._can_act(pi, ab, src):
        return IllegalAction("CH-7.6", f"{name} can do nothing now (nothing its text acts on is there), so it is "
                                       "not offered")
    options = g._target_options(pi, ab, src)
    if options is None:
        return IllegalAction(CARD_TEXT, f"{name} has no legal target now (its text says what it targets)")
    if options and refs not in options:
        return IllegalAction(CARD_TEXT, f"{refs} are not legal targets for {name} by its text; for example "
                                        f"{options[0]}")
    return None


def _pays_only_with_itself(g: ChoqueGame, pi: int, ab: Any, card: Any) -> bool:
    """Whether the hand could pay the ability's discard costs if the apoyo being played counted."""
    from .stats import _card_matches

    hand = g.s.players[pi].hand
    short = False
    for op in ab.cost:
        if op.verb == "discard":
            flt = op.args["filter"] or {}
            n = sum(1 for c in hand if _card_matches(flt, c))
            if n - (1 if _card_matches(flt, card) else 0) < op.args["count"] <= n:
                short = True
    return short
