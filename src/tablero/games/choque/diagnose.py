"""Why an action is illegal: the rule id and a readable message (only run when an action is refused).

Legality itself is decided by the legal-action generators; this module only explains a refusal, so it
may be slow and thorough. A refusal names the rule that *forbids* the action (docs/rulings.md, "Refusals"):
the rule that keeps a verb from being offered to that player now (``unoffered``), a keyword's own text
(CH-8), or, for a restriction printed on a card (once per turn, a condition, a cost, which targets or cards
it takes), CH-0.2, the rule that makes card text binding. Whatever it cannot pin down gets the pending
decision's rule and the list of what is legal.

Every message is written once, in English, with ``msg`` (``tablero/core/i18n.py``) and said in the
reader's language from ``locales/<lang>.po``; card ids, zones, verbs and rule ids are its fields.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction
from tablero.core.i18n import Msg, msg

from .decisions import KIND_RULE
from .flow import NAMES, OTHER
from .state import PHASES, sector_of

if TYPE_CHECKING:
    from .game import ChoqueGame

CARD_TEXT = "CH-0.2"  # a restriction printed on the card itself: card text is binding (and beats the rules)
KEYWORD_CHOICES = frozenset({"elite", "clarividencia", "mimica", "zombificar", "cosmo"})  # CH-8 keyword texts
KIND_TEXT = {
    "action": msg("free decision of the action phase"), "combat": msg("free decision of the combat phase"),
    "response": msg("response window"), "defend": msg("defence decision"), "ofrenda": msg("ofrenda decision"),
    "choose": msg("choice"), "discard": msg("hand-limit discard"),
    "battle_repeat": msg("battle-repetition decision"),
}
THE_PHASE = {  # "it is {phase}": a phase of the turn (PHASES) in words
    "start": msg("the start phase"), "ofrenda": msg("the ofrenda phase"), "soul_draw": msg("the soul draw phase"),
    "turn_draw": msg("the draw phase"), "action": msg("the action phase"), "combat": msg("the combat phase"),
    "end": msg("the end phase"),
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
    holder = msg("{player}'s {decision}", player=NAMES[qi], decision=KIND_TEXT[kind])
    verbs = ", ".join(_accepts(kind))
    own_turn = s.active == pi
    own_action = own_turn and s.phase == "action"
    after = PHASES.index(s.phase)

    def err(rule: str, text: Msg) -> IllegalAction:
        return IllegalAction(rule, text)

    def waiting(rule: str | None = None) -> IllegalAction:
        """The verb would be offered, but another decision comes first."""
        if kind == "response" and rule is None:
            return err("CH-7.4", msg("{holder} is open: a chain takes only responses (rápido apoyos and abilities) "
                                     "until both players pass; '{do}' waits until it resolves", holder=holder, do=do))
        return err(rule or pending_rule(g), msg("{holder} comes first: it takes {verbs}, not {player}'s '{do}'",
                                                holder=holder, verbs=verbs, player=name, do=do))

    if do == "ofrenda":
        p = s.players[pi]
        nth = (s.turn + 1) // 2 if pi == s.first else s.turn // 2
        if not own_turn:
            return err("CH-5.3", msg("the ofrenda is a phase of its player's own turn; this is {player}'s turn",
                                     player=NAMES[s.active]))
        if nth < 2:
            return err("CH-5.3", msg("the ofrenda exists from each player's second turn on; turn {turn} is "
                                     "{player}'s first turn", turn=s.turn, player=name))
        if p.active_souls() >= 5:
            return err("CH-5.3", msg("with 5 or more active souls the ofrenda phase is skipped ({player} has "
                                     "{souls})", player=name, souls=p.active_souls()))
        if after > PHASES.index("ofrenda"):
            return err("CH-5.3", msg("the ofrenda phase of this turn is over (a phase once left is not returned to, "
                                     "CH-5.1); it is {phase}", phase=THE_PHASE[s.phase]))
        if not p.hand:
            return err("CH-5.3", msg("the ofrenda returns the hand: with an empty hand there is nothing to return"))
        return waiting()
    if do in ("call", "call_amalgam", "activate_soul") or (do == "play" and not rapido_in_hand(g, pi, act)):
        rule, what = {
            "call": ("CH-6.1", msg("a normal call is made")), "call_amalgam": ("CH-6.4", msg("an amalgam is called")),
            "activate_soul": ("CH-5.6", msg("a soul is activated")),
            "play": ("CH-5.6", msg("a sector or an arena is played")),
        }[do]
        card = next((c for c in s.players[pi].hand if c.id == act.get("card")), None) if do == "play" else None
        if do == "play" and card is None:
            what = msg("apoyos, sectors and arenas are played from the hand")
        if not own_action and card is not None and card.type == "apoyo":
            return err("CH-1.5", msg("'{card}' is a {subtype} apoyo: only rápido apoyos are activated outside "
                                     "their player's own action phase; {when}", card=card.id, subtype=card.subtype,
                                     when=_when(g, pi)))
        if not own_action:
            return err(rule, msg("{what} in its player's own action phase; {when}", what=what, when=_when(g, pi)))
        return waiting()
    if do in ("use", "play"):
        return _unoffered_ability(g, act, holder)
    if do == "attack":
        if not own_turn:
            return err("CH-9.1", msg("battles are declared by the active player in their combat phase; it is "
                                     "{player}'s turn", player=NAMES[s.active]))
        if s.phase != "combat":
            return err("CH-5.1", msg("battles are declared in the combat phase, after the action phase")
                       if after < PHASES.index("combat") else msg("the combat phase of this turn is over"))
        return waiting()
    if do == "defend":
        if kind == "defend":
            return err("CH-9.3", msg("the defence is {player}'s decision: the attacked character's controller "
                                     "decides it", player=NAMES[qi]))
        return err("CH-9.3", msg("a defence answers an attack on one of your characters; no attack on "
                                 "{player}'s characters awaits a defence now", player=name))
    if do == "pass" and qi == pi:
        if kind == "action":
            return err("CH-5.6", msg("there is nothing to decline: the action phase ends with end_phase"))
        if kind == "combat":
            return err("CH-9.11", msg("there is nothing to decline: declare a battle or end the combat with "
                                      "end_phase"))
        if kind == "discard":
            return err("CH-5.8", msg("the hand-limit discard is mandatory: choose the cards to send to the Mictlán"))
        return err(pending_rule(g), msg("this {decision} is mandatory; it cannot be passed",
                                        decision=KIND_TEXT[kind]))
    if do == "end_phase" and qi == pi:
        return waiting()
    if do == "choose":
        if kind != "choose" and isinstance(act.get("option"), str) and _CHAR_ZONE.match(act["option"]) and any(
                "cosmo" in c.keywords for c in s.players[pi].hand):
            return err("CH-8", msg("Cosmo's special call is offered when the card is drawn, and only if a character "
                                   "zone is empty then; it is not offered now"))
        if kind == "choose":
            whose = msg("its keyword's") if choice_rule(g, data) == "CH-8" else msg("the card's")
            return err(choice_rule(g, data), msg("the choice pending is {player}'s ({whose} text has {player} "
                                                 "choose), not {name}'s", player=NAMES[qi], whose=whose, name=name))
    if do == "discard" and kind != "discard":
        return err("CH-5.8", msg("the hand limit is applied at the end of its player's turn, to a hand of more than "
                                 "7 cards; no discard is pending"))
    if qi != pi:
        return err(pending_rule(g), msg("it is {holder}, not {name}'s decision; it takes {verbs}", holder=holder,
                                        name=name, verbs=verbs))
    return err(pending_rule(g), msg("'{do}' does not answer the pending decision ({decision}); it takes {verbs}",
                                    do=do, decision=KIND_TEXT[kind], verbs=verbs))


def _accepts(kind: str) -> list[str]:
    from .decisions import ACCEPTS

    return sorted(ACCEPTS[kind])


def _when(g: ChoqueGame, pi: int) -> Msg:
    """Where the turn stands, for a message about the action phase."""
    s = g.s
    if s.active != pi:
        return msg("it is {player}'s turn", player=NAMES[s.active])
    if PHASES.index(s.phase) > PHASES.index("action"):
        return msg("it is {phase}, and a phase once left is not returned to (CH-5.1)", phase=THE_PHASE[s.phase])
    return msg("the action phase has not begun (it is {phase})", phase=THE_PHASE[s.phase])


def _hand_type(g: ChoqueGame, pi: int, act: dict[str, Any]) -> str | None:
    card = next((c for c in g.s.players[pi].hand if c.id == act.get("card")), None)
    return None if card is None else card.type


def rapido_in_hand(g: ChoqueGame, pi: int, act: dict[str, Any]) -> bool:
    """Whether the card an action names is a rápido apoyo in ``pi``'s hand (CH-1.5: any phase)."""
    card = next((c for c in g.s.players[pi].hand if c.id == act.get("card")), None)
    return card is not None and card.type == "apoyo" and card.subtype == "rapido"


def _unoffered_ability(g: ChoqueGame, act: dict[str, Any], holder: Msg) -> IllegalAction:
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
            return IllegalAction("CH-8", msg("Cosmo is offered only when you draw the card"))
        elif ability not in ("aura", "rito", "portal"):
            ab = next((a for _, ref, abilities in g._field_sources(pi) if ref == act.get("source")
                       for a in abilities if a.name == ability), None)
            if ab is not None:
                category = ab.category
    if category == "encendido":
        if not own_action:
            return IllegalAction("CH-7.2", msg("{ability} is encendido: it is used only in its controller's own "
                                               "action phase; {when}", ability=repr(ability), when=_when(g, pi)))
        return IllegalAction("CH-7.4", msg("{holder} is open: an encendido ability is not a response; it waits "
                                           "until the chain resolves", holder=holder))
    if category == "disparo":
        return IllegalAction("CH-7.3", msg("{ability} is a disparo ability: it triggers by itself",
                                           ability=repr(ability)))
    if category == "continuo":
        return IllegalAction("CH-7.1", msg("{ability} is continuo: it is always on and is not used",
                                           ability=repr(ability)))
    intrinsic = _as_a_response(g, act)
    if intrinsic is not None:
        return intrinsic
    if kind == "response" and qi != pi:
        return IllegalAction("CH-7.4", msg("it is {holder}: {player} answers the chain now, {name} may respond "
                                           "after they add a link", holder=holder, player=NAMES[qi], name=name))
    return IllegalAction("CH-7.5", msg("{name} may respond only in a response window (at the start of each phase, "
                                       "after an attack declaration, or when a chain opens); none is open for "
                                       "{name} now, it is {holder}", name=name, holder=holder))


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

    def err(rule: str, text: Msg) -> IllegalAction:
        return IllegalAction(rule, text)

    def hand_card(cid: Any, rule: str) -> Any:
        for c in p.hand:
            if c.id == cid:
                return c
        raise err(rule, msg("{card} is not in {player}'s hand", card=repr(cid), player=NAMES[pi]))

    try:
        if do == "activate_soul":
            if "card" not in act:
                return IllegalAction(None, msg("activate_soul needs a 'card'"))
            c = hand_card(act["card"], "CH-5.6")
            if c.type != "alma":
                return err("CH-5.6", msg("'{card}' is a {type}, not a soul", card=c.id, type=c.type))
            if p.souls_activated >= 1:
                return err("CH-5.6", msg("only one soul may be activated per turn"))
            zone = act.get("zone")
            if zone is not None and not zone.startswith("Z"):
                return err("CH-3.3", msg("souls go in your own support zones (Z1–Z5), not {zone}", zone=zone))
            return err("CH-3.11", msg("support zone {zone} is not empty", zone=zone) if zone
                       else msg("no empty support zone (Z1–Z5)"))
        if do == "call":
            for f in ("card", "zone"):
                if f not in act:
                    return IllegalAction(None, msg("call needs a '{field}'", field=f))
            c = hand_card(act["card"], "CH-6.1")
            if c.type != "personaje":
                return err("CH-6.1", msg("'{card}' is a {type}; only characters are called (amalgams: call_amalgam, "
                                         "CH-6.4)", card=c.id, type=c.type) if c.type == "amalgama"
                           else msg("'{card}' is a {type}; only characters are called", card=c.id, type=c.type))
            if "." in act["zone"]:
                return err("CH-6.1", msg("a character is called into an empty character zone of its own player's, "
                                         "not {zone}", zone=act["zone"]))
            if not act["zone"].startswith("C"):
                return err("CH-3.1", msg("{zone} is not a character zone (C1–C4)", zone=act["zone"]))
            if p.normal_calls >= 2:
                return err("CH-6.1", msg("two normal calls per turn at most; both are used"))
            total = p.soul_total()
            if c.value > total:
                return err("CH-6.1", msg("'{card}' has value {value}, more than the {total} of your active souls",
                                         card=c.id, value=c.value, total=total))
            if g._call_blocked(pi, c.value):
                return err("CH-8", msg("Toxina: no calls of value {value} or lower during this action phase",
                                       value=p.toxina_now))
            if p.chars[int(act["zone"][1]) - 1] is not None:
                return err("CH-3.11", msg("zone {zone} is occupied", zone=act["zone"]))
        if do == "play":
            if "card" not in act:
                return IllegalAction(None, msg("play needs a 'card'"))
            c = hand_card(act["card"], "CH-5.6")
            if c.type not in ("apoyo", "sector", "arena"):
                return err("CH-5.6", msg("'{card}' is a {type}; play is for apoyos, sectors and arenas", card=c.id,
                                         type=c.type))
            zone = act.get("zone")
            side = act.get("side", "own")
            if kind == "response" and not (c.type == "apoyo" and c.subtype == "rapido"):
                if own_action:
                    return err("CH-7.4", msg("a chain is open: only rápido apoyos and abilities are added to it, and "
                                             "'{card}' is a {kind}; it waits until the chain resolves", card=c.id,
                                             kind=c.subtype or c.type))
                if c.type == "apoyo":
                    return err("CH-1.5", msg("only rápido apoyos are activated outside your action phase; '{card}' "
                                             "is {subtype}", card=c.id, subtype=c.subtype))
                return err("CH-5.6", msg("a {type} is played in its player's own action phase, not in a response",
                                         type=c.type))
            if c.type == "arena" and (side == "opponent" or (zone is not None and "." in zone)):
                return err("CH-1.7", msg("an arena sits in its controller's own arena zone (it reaches the "
                                         "opponent's side only where its text says so), not on the opponent's side"))
            if zone is not None and "." in zone and c.type == "apoyo":
                return err("CH-3.3", msg("an apoyo goes in one of your own support zones (Z1–Z5), not {zone}",
                                         zone=zone))
            bare = zone.split(".")[-1] if zone is not None else None
            want = {"apoyo": ("Z", "CH-3.3"), "sector": ("S", "CH-1.6"), "arena": ("arena", "CH-1.7")}[c.type]
            if bare is not None and not bare.startswith(want[0]):
                goes = {"apoyo": msg("an apoyo goes in one of your support zones (Z1–Z5), not {zone}", zone=zone),
                        "sector": msg("a sector goes in a sector zone (SA, SB), not {zone}", zone=zone),
                        "arena": msg("an arena goes in the arena zone, not {zone}", zone=zone)}[c.type]
                return err(want[1], goes)
            if c.type == "apoyo":
                if side == "opponent":
                    return err("CH-3.3", msg("an apoyo goes in one of your own support zones, not on the opponent's "
                                             "side"))
                if all(z is not None for z in p.zones):
                    return err("CH-3.11", msg("no empty support zone (Z1–Z5)"))
                if zone is not None and zone.startswith("Z") and p.zones[int(zone[1]) - 1] is not None:
                    return err("CH-3.11", msg("support zone {zone} is occupied", zone=zone))
                refs = list(act.get("targets") or [])
                if c.subtype == "equipo":
                    if not refs:
                        return err("CH-1.5", msg("an apoyo equipo needs 'targets': the character it equips first"))
                    if _char_at(g, refs[0]) is None:
                        return err("CH-1.5", msg("an apoyo equipo is attached to a character; there is none in "
                                                 "{zone}", zone=refs[0]))
                    return err(CARD_TEXT, msg("'{card}' cannot equip {target}: its text equips only {filter}",
                                              card=c.id, target=refs[0], filter=_describe(c.fx.equip))
                               if c.fx.equip else msg("'{card}' cannot equip {target}", card=c.id, target=refs[0]))
                if c.fx.effect is not None:
                    why = _ability_refusal(g, pi, c.fx.effect, ("hand", pi, c), refs)
                    if why is not None:
                        return why
            if c.type == "sector":
                placement = c.fx.placement
                if placement != "either" and side != placement:
                    return err("CH-1.6", msg("'{card}' goes in your sector zone", card=c.id) if placement == "own"
                               else msg("'{card}' goes in the opponent's sector zone", card=c.id))
            return err("CH-3.11", msg("no empty zone for '{card}' ({zone} is occupied)", card=c.id, zone=zone) if zone
                       else msg("no empty zone for '{card}'", card=c.id))
        if do == "attack":
            if kind == "action":
                return err("CH-5.1", msg("attacks are declared in the combat phase, after the action phase"))
            if "attacker" not in act:
                return IllegalAction(None, msg("attack needs an 'attacker' (one of your zones, e.g. C1)"))
            zi = int(act["attacker"][1]) - 1 if act["attacker"].startswith("C") else -1
            c = p.chars[zi] if zi >= 0 else None
            if c is None:
                return err("CH-9.2", msg("there is no character of yours in {zone}", zone=act["attacker"]))
            if kind == "battle_repeat" and s.battle is not None and c.uid != s.battle.attacker:
                return err("CH-9.5", msg("a battle repetition belongs to the character that declared the battle; "
                                         "'{card}' did not", card=c.card.id))
            if kind == "combat":
                if s.turn == 1 and pi == s.first:
                    return err("CH-9.1", msg("the player who started the CHOQUE cannot declare battle in their first "
                                             "turn"))
                if c.zombified:
                    return err("CH-8.1", msg("'{card}' is zombificado and cannot attack", card=c.card.id))
                if c.has("fortaleza"):
                    return err("CH-8", msg("Fortaleza: '{card}' cannot attack", card=c.card.id))
                if c.resting:
                    return err("CH-9.4", msg("'{card}' is resting (it defended) and cannot declare battle",
                                             card=c.card.id))
                if c.called and not c.has("brutalidad"):
                    return err("CH-6.3", msg("'{card}' was called this turn and cannot declare battle yet",
                                             card=c.card.id))
                if c.attacked and not c.has("barbarie"):
                    return err("CH-9.2", msg("'{card}' has already attacked this turn", card=c.card.id))
            tgt = act.get("targets") or ([act["target"]] if "target" in act else [])
            if not tgt:
                return IllegalAction(None, msg("attack needs a 'target' (e.g. B.C2 or hearts)"))
            if len(tgt) == 2 and not c.has("doble_batalla"):
                return err("CH-8", msg("only a character with Doble batalla clashes with two characters"))
            if len(tgt) == 2:
                return err("CH-8", msg("Doble batalla needs two opposing characters of the same sector"))
            t = tgt[0]
            if t == "hearts":
                return err("CH-9.2", msg("the opponent controls characters: attack one of them "
                                         "(only Emboscada attacks hearts directly)"))
            if t[0] != NAMES[OTHER[pi]]:
                return err("CH-9.2", msg("attack an opposing character, not your own"))
            if not t[2:].startswith("C") or o.chars[int(t[-1]) - 1] is None:
                return err("CH-9.2", msg("there is no character in {zone}", zone=t))
            if c.has("barbarie"):
                return err("CH-8", msg("Barbarie: '{card}' has already attacked {zone} this turn", card=c.card.id,
                                       zone=t))
        if do == "defend":
            b = s.battle
            if "defender" not in act:
                return IllegalAction(None, msg("defend needs a 'defender' (one of your zones)"))
            zi = int(act["defender"][1]) - 1 if act["defender"].startswith("C") else -1
            c = p.chars[zi] if zi >= 0 else None
            if c is None:
                return err("CH-9.3", msg("there is no character of yours in {zone}", zone=act["defender"]))
            if b is not None and b.zones and zi == b.zones[0]:
                return err("CH-9.3", msg("the attacked character clashes anyway; defend substitutes another one"))
            if c.defended:
                return err("CH-9.3", msg("'{card}' has already defended this turn", card=c.card.id))
            if b is not None and b.zones and sector_of(zi) != sector_of(b.zones[0]):
                attacked = p.chars[b.zones[0]]
                if c.zombified and "guarda" in c.card.keywords:
                    return err("CH-8.1", msg("'{card}' is zombificado: its Guarda does not work, so it defends "
                                             "only in its own sector", card=c.card.id))
                if attacked is not None and attacked.zombified and "comandar" in attacked.card.keywords:
                    return err("CH-8.1", msg("'{card}' is zombificado: its Comandar does not work",
                                             card=attacked.card.id))
                return err("CH-9.3", msg("'{card}' is in the other sector; only Guarda or Comandar allow that",
                                         card=c.card.id))
        if do == "use" and act.get("ability") not in ("aura", "atormentar", "portal", "rito", "cosmo", None):
            src = act.get("source")
            ability = act.get("ability")
            sources = {ref: (h, abilities) for h, ref, abilities in g._field_sources(pi)}
            mimic = _mimic_at(g, pi, src)
            if src not in sources:
                if mimic is not None:
                    return err("CH-8", msg("Mímica: '{card}' has only the abilities of the card it confined, and "
                                           "it confined none with {ability}", card=mimic, ability=repr(ability)))
                return err("CH-7", msg("there is no card of yours with abilities at {source} (abilities are used "
                                       "from the field: A.C1, A.Z2, A.SA, A.arena)", source=src))
            h, abilities = sources[src]
            ab = next((a for a in abilities if a.name == ability), None)
            if ab is None:
                if mimic is not None:
                    return err("CH-8", msg("Mímica: '{card}' has only the abilities of the card it confined, and "
                                           "it confined none with {ability}", card=mimic, ability=repr(ability)))
                names = ", ".join(repr(a.name) for a in abilities)
                return err("CH-7", msg("{source} has no ability {ability}; it has {names}", source=src,
                                       ability=repr(ability), names=names))
            if ab.category == "disparo":
                return err("CH-7.3", msg("{ability} is a disparo ability: it triggers by itself ({trigger})",
                                         ability=repr(ability), trigger=str(ab.trigger)))
            if ab.category == "continuo":
                return err("CH-7.1", msg("{ability} is continuo: it is always on and is not used",
                                         ability=repr(ability)))
            if ab.category == "encendido" and not own_action:
                return err("CH-7.2", msg("{ability} is encendido: it is used only in your own action phase",
                                         ability=repr(ability)))
            if ab.category == "encendido" and kind != "action":
                return err("CH-7.4", msg("{ability} is encendido: it is not a response; it waits until the chain "
                                         "resolves", ability=repr(ability)))
            why = _ability_refusal(g, pi, ab, h, list(act.get("targets") or []))
            if why is not None:
                return why
        if do == "use":
            src = act.get("source")
            ability = act.get("ability")
            if not src or not ability:
                return IllegalAction(None, msg("use needs a 'source' and an 'ability'"))
            timing = "CH-7.2" if ability == "atormentar" else "CH-7.3"
            if "." in src:
                side, zone = src.split(".")
                if side != NAMES[pi]:
                    return err(timing, msg("an ability is activated by its controller: you can only use abilities "
                                           "of your own cards"))
                c = p.chars[int(zone[1]) - 1] if zone.startswith("C") else None
                if c is None:
                    return err(timing, msg("there is no character of yours in {zone}", zone=src))
                if not c.has(ability):
                    if c.zombified and ability in c.card.keywords:
                        return err("CH-8.1", msg("'{card}' is zombificado: none of its abilities work",
                                                 card=c.card.id))
                    return err("CH-8", msg("'{card}' has no ability {ability}", card=c.card.id,
                                           ability=repr(ability)))
                if ability in ("aura",) and s.active == pi:
                    return err("CH-8", msg("Aura is used only in the opponent's turn"))
                if ability == "atormentar" and kind != "action":
                    if not own_action:
                        return err("CH-7.2", msg("Atormentar is encendido: only in your own action phase"))
                    return err("CH-7.4", msg("Atormentar is encendido: it is not a response; it waits until the "
                                             "chain resolves"))
                if ability == "portal":
                    if c.portal_turn == s.turn:
                        return err("CH-8", msg("Portal: once per turn"))
                    return err("CH-8", msg("Portal swaps two of your characters between sectors (one in each)"))
            else:
                c = hand_card(src, "CH-8" if ability in ("rito", "cosmo") else "CH-7.3")
                if ability not in c.keywords:
                    return err("CH-8", msg("'{card}' has no ability {ability}", card=c.id, ability=repr(ability)))
                if ability == "rito":
                    if s.active == pi:
                        return err("CH-8", msg("Rito is used only in the opponent's turn"))
                    return _rito_refusal(g, pi, list(act.get("targets") or []))
                if ability == "cosmo":
                    return err("CH-8", msg("Cosmo is offered only when you draw the card"))
        if do == "discard" and act.get("cards"):
            return err("CH-5.8", msg("{card} is not in your hand to send to the Mictlán", card=repr(act["cards"][0])))
        if do == "choose" and kind == "choose":
            return _choice_refusal(g, pi, data, act)
    except IllegalAction as e:
        return e
    if do == "call_amalgam":
        c = next((x for x in p.support if x.id == act.get("card")), None)
        if c is None:
            return err("CH-6.4", msg("{card} is not an amalgam in your support deck", card=repr(act.get("card"))))
        if kind != "action":
            return err("CH-6.4", msg("amalgam calls are made in your action phase"))
        zone = act.get("zone")
        if isinstance(zone, str) and "." in zone:
            return err("CH-6.4", msg("an amalgam is called into an empty character zone of your own, not {zone}",
                                     zone=zone))
        if isinstance(zone, str) and not zone.startswith("C"):
            return err("CH-3.1", msg("{zone} is not a character zone (C1–C4)", zone=zone))
        if isinstance(zone, str) and zone.startswith("C") and p.chars[int(zone[1]) - 1] is not None:
            return err("CH-3.11", msg("zone {zone} is occupied", zone=zone))
        if g._call_blocked(pi, c.value):
            return err("CH-8", msg("Toxina: no calls of value {value} or lower during this action phase",
                                   value=p.toxina_now))
        return err("CH-6.4", msg("your hand cannot pay '{card}''s material cost", card=c.id))
    if kind == "ofrenda" and do == "pass":
        return err("CH-5.3", msg("the ofrenda is mandatory from your second turn while you have 4 or fewer active "
                                 "souls (only the house rule choque.ofrenda_optional lets it be passed): answer it "
                                 "with ofrenda"))
    verbs = sorted({a["do"] for a in legal})
    return err(pending_rule(g), msg("that '{do}' is not legal now ({decision}); legal: {verbs}", do=do,
                                    decision=KIND_TEXT[kind], verbs=", ".join(verbs)))


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
    """A card's filter as its file writes it (keys and values: ids, no words of its own)."""
    return ", ".join(f"{k} {v}" for k, v in dict(flt).items())


def _rito_refusal(g: ChoqueGame, pi: int, refs: list[str]) -> IllegalAction:
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
            return IllegalAction("CH-3.11", msg("zone {zone} is occupied", zone=option))
    if what == "elite":
        return IllegalAction("CH-8", msg("Élite's choice is option: double (or pass)"))
    if what == "clarividencia":
        return IllegalAction("CH-8", msg("Clarividencia orders only the cards it looked at; {card} is not among them",
                                         card=repr(cid)))
    if what == "mimica":
        if cid is not None and not any(c.id == cid for c in p.mictlan):
            if any(c.id == cid for c in s.players[OTHER[pi]].mictlan):
                return IllegalAction("CH-8", msg("Mímica selects a character in your own Mictlán; {card} is in the "
                                                 "opponent's", card=repr(cid)))
            return IllegalAction("CH-8", msg("Mímica selects a character in your own Mictlán; {card} is not in yours",
                                             card=repr(cid)))
        return IllegalAction("CH-8", msg("Mímica selects a character in your Mictlán; {card} is not a character",
                                         card=repr(cid)))
    if what == "zombificar":
        return IllegalAction("CH-8", _zombificar_why(g, pi, data[1], act))
    if what == "cosmo":
        return IllegalAction("CH-8", msg("Cosmo's special call goes into one of your empty character zones "
                                         "(option: C1..C4)"))
    if what == "select" and cid is not None:
        _, purpose, op, src, _, _ = data
        card = _zone_card(g, pi, op, purpose, cid)
        if card is not None and purpose in ("special_call", "liberar") and card.is_character \
                and g._call_blocked(pi, card.value):
            return IllegalAction("CH-8", msg("Toxina: no calls of value {value} or lower during this action phase, "
                                             "special calls included ({card} has value {card_value})",
                                             value=p.toxina_now, card=repr(cid), card_value=card.value))
        if card is None and src[0] == "zone" and src[-1].id == cid and op.args.get("from") == "mictlan":
            return IllegalAction("CH-1.5", msg("{card} is still resolving in its support zone; a normal or rápido "
                                               "apoyo goes to the Mictlán after its effect", card=repr(cid)))
    if what == "zone":
        return IllegalAction(CARD_TEXT, msg("the card's text says where the special call goes; {option} is not one "
                                            "of those zones", option=repr(option)))
    return IllegalAction(CARD_TEXT, msg("{answer} is not among what the card's text lets you choose now",
                                        answer=_answer(act)))


def _answer(act: dict[str, Any]) -> str:
    """An answer to a choice as its player wrote it (card ids, zones or an option: no words of its own)."""
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


def _zombificar_why(g: ChoqueGame, pi: int, uid: int, act: dict[str, Any]) -> Msg:
    """Zombificar (CH-8): a soul of value 3 or more, a character of value 5 or less from your Mictlán, a zone
    of the same sector as the Zombificar character."""
    s = g.s
    p = s.players[pi]
    refs = list(act.get("targets") or [])
    cards = act.get("cards") or []
    card = next((c for c in p.mictlan if cards and c.id == cards[0]), None)
    if card is None or not card.is_character:
        return msg("Zombificar special-calls a character from your Mictlán; {card} is not one",
                   card=repr(cards[0] if cards else None))
    if card.value > 5:
        return msg("Zombificar calls a character of value 5 or less; '{card}' has value {value}", card=card.id,
                   value=card.value)
    if g._call_blocked(pi, card.value):
        return msg("Toxina: no calls of value {value} or lower during this action phase, special calls included",
                   value=p.toxina_now)
    if len(refs) != 2:
        return msg("Zombificar needs 'targets': one of your active souls of value 3 or more and a zone of its sector")
    soul = p.zones[int(refs[0][-1]) - 1] if refs[0][-2] == "Z" and refs[0][-1] in "12345" else None
    if soul is None or getattr(soul, "type", None) != "alma":
        return msg("Zombificar returns one of your active souls of value 3 or more; {zone} holds none", zone=refs[0])
    if soul.value < 3:
        return msg("Zombificar returns one of your active souls of value 3 or more; {zone} holds one of value "
                   "{value}", zone=refs[0], value=soul.value)
    found = s.find(uid)
    if found is not None and refs[1][-2] == "C" and refs[1][-1] in "1234":
        zi = int(refs[1][-1]) - 1
        if sector_of(zi) != sector_of(found[1]):
            return msg("Zombificar calls into the Zombificar character's own sector; {zone} is in the other one",
                       zone=refs[1])
        if p.chars[zi] is not None:
            return msg("zone {zone} is occupied", zone=refs[1])
    return msg("{answer} is not a choice Zombificar offers now", answer=_answer(act))


def _ability_refusal(g: ChoqueGame, pi: int, ab: Any, src: Any, refs: list[str]) -> IllegalAction | None:
    """Why an ability cannot be activated now: its card's own text (CH-0.2) limits it to once per turn, sets
    its condition, names its cost and its targets. An apoyo that would pay its own discard cost is refused
    by CH-1.5: once activated it is in its support zone, not in the hand."""
    name: Msg | str = repr(ab.name)
    if ab.name == "effect" and src[0] == "hand":
        name = msg("the effect of '{card}'", card=src[-1].id)
    if ab.once_per_turn and g._once_key(src, ab) in g.s.used:
        return IllegalAction(CARD_TEXT, msg("its text allows {name} once per turn, and it was used this turn",
                                            name=name))
    if not g._condition_ok(pi, src, ab.condition):
        return IllegalAction(CARD_TEXT, msg("the condition in the text of {name} is not met ({condition})",
                                            name=name, condition=_describe(ab.condition)))
    if not g._can_pay(pi, ab, src):
        if src[0] == "hand" and _pays_only_with_itself(g, pi, ab, src[-1]):
            return IllegalAction("CH-1.5", msg("'{card}' cannot pay its own discard cost: once activated an apoyo "
                                               "is in its support zone, not in your hand", card=src[-1].id))
        costs = ", ".join(op.verb for op in ab.cost)
        return IllegalAction(CARD_TEXT, msg("the cost in the text of {name} cannot be paid ({costs})", name=name,
                                            costs=costs))
    if not g._can_act(pi, ab, src):
        return IllegalAction("CH-7.6", msg("{name} can do nothing now (nothing its text acts on is there), so it is "
                                           "not offered", name=name))
    options = g._target_options(pi, ab, src)
    if options is None:
        return IllegalAction(CARD_TEXT, msg("{name} has no legal target now (its text says what it targets)",
                                            name=name))
    if options and refs not in options:
        return IllegalAction(CARD_TEXT, msg("{refs} are not legal targets for {name} by its text; for example "
                                            "{example}", refs=str(refs), name=name, example=str(options[0])))
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
