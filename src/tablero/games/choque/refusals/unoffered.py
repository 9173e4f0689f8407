"""Why a verb is refused before its fields are looked at: the pending decision is another player's, or it
does not take this verb. The rule named is the one that keeps the verb from being offered to this player now
(the ofrenda's turn and souls, the action phase of calls, the windows of rápido abilities, the combat phase
of battles), not merely the rule of the decision that happens to be pending."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction
from tablero.core.i18n import Msg, msg

from .. import decisions
from ..effects import sources
from ..pending import Pending
from ..state import NAMES, PHASES
from .common import CHAR_ZONE, KIND_TEXT, THE_PHASE, accepts, choice_rule, pending_rule, rapido_in_hand, when

if TYPE_CHECKING:
    from ..game import ChoqueGame


@dataclass(frozen=True)
class Unoffered:
    """A verb the pending decision does not take, and what its refusal is worded from."""

    g: ChoqueGame
    act: dict[str, Any]
    pi: int  # who acts
    qi: int  # whose decision is pending
    kind: str
    data: Any  # the pending decision's data (a record of pending.py)

    @property
    def do(self) -> str:
        return str(self.act["do"])

    @property
    def holder(self) -> Msg:
        """The pending decision in words: "B's response window"."""
        return msg("{player}'s {decision}", player=NAMES[self.qi], decision=KIND_TEXT[self.kind])

    @property
    def verbs(self) -> str:
        return ", ".join(accepts(self.kind))

    def waiting(self, rule: str | None = None) -> IllegalAction:
        """The verb would be offered, but another decision comes first."""
        if self.kind == "response" and rule is None:
            return IllegalAction("CH-7.4", msg("{holder} is open: a chain takes only responses (rápido apoyos and "
                                               "abilities) until both players pass; '{do}' waits until it "
                                               "resolves", holder=self.holder, do=self.do))
        return IllegalAction(rule or pending_rule(self.g), msg("{holder} comes first: it takes {verbs}, not "
                                                               "{player}'s '{do}'", holder=self.holder,
                                                               verbs=self.verbs, player=NAMES[self.pi], do=self.do))


def unoffered(g: ChoqueGame, act: dict[str, Any]) -> IllegalAction:
    """Why a verb is refused before its fields are looked at (see the module's docstring)."""
    s = g.s
    assert s.pending is not None
    qi, kind, data = s.pending
    u = Unoffered(g, act, NAMES.index(act["player"]), qi, kind, data)
    do = u.do
    if do == "ofrenda":
        return _ofrenda(u)
    if do in ("call", "call_amalgam", "activate_soul") or (do == "play" and not rapido_in_hand(g, u.pi, act)):
        return _main_phase(u)
    if do in ("use", "play"):
        return unoffered_ability(g, act, u.holder)
    if do == "attack":
        return _attack(u)
    if do == "defend":
        return _defend(u)
    if do == "pass" and qi == u.pi:
        return _pass(u)
    if do == "end_phase" and qi == u.pi:
        return u.waiting()
    why = _choose(u) if do == "choose" else None
    if why is not None:
        return why
    if do == "discard" and kind != "discard":
        return IllegalAction("CH-5.8", msg("the hand limit is applied at the end of its player's turn, to a hand of "
                                           "more than 7 cards; no discard is pending"))
    if qi != u.pi:
        return IllegalAction(pending_rule(g), msg("it is {holder}, not {name}'s decision; it takes {verbs}",
                                                  holder=u.holder, name=NAMES[u.pi], verbs=u.verbs))
    return IllegalAction(pending_rule(g), msg("'{do}' does not answer the pending decision ({decision}); it takes "
                                              "{verbs}", do=do, decision=KIND_TEXT[kind], verbs=u.verbs))


def _ofrenda(u: Unoffered) -> IllegalAction:
    """CH-5.3: the ofrenda is its player's own, from their second turn, with 4 or fewer souls, a hand."""
    s = u.g.s
    p = s.players[u.pi]
    name = NAMES[u.pi]
    nth = (s.turn + 1) // 2 if u.pi == s.first else s.turn // 2
    if s.active != u.pi:
        return IllegalAction("CH-5.3", msg("the ofrenda is a phase of its player's own turn; this is {player}'s turn",
                                           player=NAMES[s.active]))
    if nth < 2:
        return IllegalAction("CH-5.3", msg("the ofrenda exists from each player's second turn on; turn {turn} is "
                                           "{player}'s first turn", turn=s.turn, player=name))
    if p.active_souls() >= 5:
        return IllegalAction("CH-5.3", msg("with 5 or more active souls the ofrenda phase is skipped ({player} has "
                                           "{souls})", player=name, souls=p.active_souls()))
    if PHASES.index(s.phase) > PHASES.index("ofrenda"):
        return IllegalAction("CH-5.3", msg("the ofrenda phase of this turn is over (a phase once left is not "
                                           "returned to, CH-5.1); it is {phase}", phase=THE_PHASE[s.phase]))
    if not p.hand:
        return IllegalAction("CH-5.3", msg("the ofrenda returns the hand: with an empty hand there is nothing to "
                                           "return"))
    return u.waiting()


_MAIN_PHASE_PLAYS: dict[str, tuple[str, Msg]] = {  # verb: the rule that places it in the action phase, in words
    "call": ("CH-6.1", msg("a normal call is made")), "call_amalgam": ("CH-6.4", msg("an amalgam is called")),
    "activate_soul": ("CH-5.6", msg("a soul is activated")),
    "play": ("CH-5.6", msg("a sector or an arena is played")),
}


def _main_phase(u: Unoffered) -> IllegalAction:
    """Calls, souls, sectors, arenas and non-rápido apoyos belong to their player's own action phase."""
    g, pi, do = u.g, u.pi, u.do
    s = g.s
    own_action = s.active == pi and s.phase == "action"
    rule, what = _MAIN_PHASE_PLAYS[do]
    card = next((c for c in s.players[pi].hand if c.id == u.act.get("card")), None) if do == "play" else None
    if do == "play" and card is None:
        what = msg("apoyos, sectors and arenas are played from the hand")
    if not own_action and card is not None and card.type == "apoyo":
        return IllegalAction("CH-1.5", msg("'{card}' is a {subtype} apoyo: only rápido apoyos are activated outside "
                                           "their player's own action phase; {when}", card=card.id,
                                           subtype=card.subtype, when=when(g, pi)))
    if not own_action:
        return IllegalAction(rule, msg("{what} in its player's own action phase; {when}", what=what,
                                       when=when(g, pi)))
    return u.waiting()


def _attack(u: Unoffered) -> IllegalAction:
    """CH-9.1: battles are the active player's, in their combat phase."""
    s = u.g.s
    if s.active != u.pi:
        return IllegalAction("CH-9.1", msg("battles are declared by the active player in their combat phase; it is "
                                           "{player}'s turn", player=NAMES[s.active]))
    if s.phase != "combat":
        return IllegalAction("CH-5.1", msg("battles are declared in the combat phase, after the action phase")
                             if PHASES.index(s.phase) < PHASES.index("combat")
                             else msg("the combat phase of this turn is over"))
    return u.waiting()


def _defend(u: Unoffered) -> IllegalAction:
    """CH-9.3: the attacked character's controller decides the defence."""
    if u.kind == "defend":
        return IllegalAction("CH-9.3", msg("the defence is {player}'s decision: the attacked character's controller "
                                           "decides it", player=NAMES[u.qi]))
    return IllegalAction("CH-9.3", msg("a defence answers an attack on one of your characters; no attack on "
                                       "{player}'s characters awaits a defence now", player=NAMES[u.pi]))


def _pass(u: Unoffered) -> IllegalAction:
    """A pass of one's own decision that cannot be passed."""
    if u.kind == "action":
        return IllegalAction("CH-5.6", msg("there is nothing to decline: the action phase ends with end_phase"))
    if u.kind == "combat":
        return IllegalAction("CH-9.11", msg("there is nothing to decline: declare a battle or end the combat with "
                                            "end_phase"))
    if u.kind == "discard":
        return IllegalAction("CH-5.8", msg("the hand-limit discard is mandatory: choose the cards to send to the "
                                           "Mictlán"))
    return IllegalAction(pending_rule(u.g), msg("this {decision} is mandatory; it cannot be passed",
                                                decision=KIND_TEXT[u.kind]))


def _choose(u: Unoffered) -> IllegalAction | None:
    """A choice that is not pending (Cosmo's call from the hand) or is another player's."""
    s = u.g.s
    option = u.act.get("option")
    if u.kind != "choose" and isinstance(option, str) and CHAR_ZONE.match(option) and any(
            "cosmo" in c.keywords for c in s.players[u.pi].hand):
        return IllegalAction("CH-8", msg("Cosmo's special call is offered when the card is drawn, and only if a "
                                         "character zone is empty then; it is not offered now"))
    if u.kind == "choose":
        rule = choice_rule(u.g, u.data)
        whose = msg("its keyword's") if rule == "CH-8" else msg("the card's")
        return IllegalAction(rule, msg("the choice pending is {player}'s ({whose} text has {player} choose), not "
                                       "{name}'s", player=NAMES[u.qi], whose=whose, name=NAMES[u.pi]))
    return None


def unoffered_ability(g: ChoqueGame, act: dict[str, Any], holder: Msg) -> IllegalAction:
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
            ab = next((a for _, ref, abilities in sources.field_sources(g, pi) if ref == act.get("source")
                       for a in abilities if a.name == ability), None)
            if ab is not None:
                category = ab.category
    if category == "encendido":
        if not own_action:
            return IllegalAction("CH-7.2", msg("{ability} is encendido: it is used only in its controller's own "
                                               "action phase; {when}", ability=repr(ability), when=when(g, pi)))
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
    from ..game import _match

    pi = NAMES.index(act["player"])
    trial = g.clone(private=True)
    trial.s.pending = Pending(pi, "response")
    trial._legal_cache = None
    legal = decisions.legal(trial)
    if _match(act, legal, trial._support_zone_free(act)) is not None:
        return None
    from . import diagnose

    why = diagnose(trial, act, legal)
    return None if why.rule in (None, "CH-7.4") else why
